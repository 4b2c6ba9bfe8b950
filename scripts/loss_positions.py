#!/usr/bin/env python3
"""Positions from lost games where the loser's move likely lost: the suite
behind `make tactics` (issue 25 part 3).

Reads match PGNs (ICCS moves with `{score/depth time}` comments, as
`chuhan match` writes them), and in each game that ENGINE lost finds its
moves after which its own next search saw the score fall by DROP pawns or
more (from no worse than -1.00). Each such position is searched again by
ENGINE_CMD (spoken to in UCI) for NODES nodes, before the move and after it; it is kept when
the long search prefers another move and scores the move played MARGIN
pawns or more below that move. Prints one EPD line per kept position:
`am` the move played, `id` where it comes from, `c0` the long search's
move and both scores. Positions are deduplicated by board and side.

    scripts/loss_positions.py --engine chuhan --cmd target/release/chuhan \\
        --nodes 20000000 games1.pgn games2.pgn > losses.epd
"""
import argparse
import re
import subprocess
import sys

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"


def board_of(fen):
    rows = fen.split()[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = 9 - i
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board[(file, rank)] = ch
                file += 1
    return board, fen.split()[1]


def fen_of(board, side):
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            piece = board.get((file, rank))
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + side


def play(board, side, mv):
    frm = (ord(mv[0]) - 97, int(mv[1]))
    to = (ord(mv[2]) - 97, int(mv[3]))
    board[to] = board.pop(frm)
    return "b" if side == "w" else "w"


def score_of(comment):
    m = re.match(r"\s*([+-])(M?)(\d+(?:\.\d+)?)/", comment)
    if not m:
        return None
    value = 100.0 if m.group(2) else float(m.group(3))
    return value if m.group(1) == "+" else -value


def games(path):
    text = open(path, encoding="utf-8").read()
    for number, block in enumerate(text.split("[Event ")[1:], 1):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        body = re.sub(r"\[[^\]]*\]", "", block)
        tokens = re.findall(r"\{[^}]*\}|[a-i]\d[a-i]\d", body)
        moves = []
        for token in tokens:
            if token.startswith("{"):
                if moves:
                    moves[-1][1] = score_of(token[1:-1])
            else:
                moves.append([token, None])
        yield f"{path.split('/')[-1]} game {number}", tags, moves


def candidates(paths, engine, drop):
    for path in paths:
        for name, tags, moves in games(path):
            colour = "w" if tags.get("Red") == engine else "b" if tags.get("Black") == engine else None
            lost = {"w": "0-1", "b": "1-0"}.get(colour)
            if colour is None or tags.get("Result") != lost:
                continue
            board, side = board_of(tags.get("FEN", START))
            ours = []  # (ply, fen before, move, score)
            for ply, (mv, score) in enumerate(moves):
                if side == colour:
                    ours.append((ply, fen_of(board, side), mv, score))
                side = play(board, side, mv)
            for (ply, fen, mv, before), (_, _, _, after) in zip(ours, ours[1:]):
                if before is None or after is None:
                    continue
                if before >= -1.0 and before - after >= drop:
                    yield name, ply, fen, mv, before, after


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UseBook value false")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine quit")
            lines.append(line.strip())
            if line.split() and line.split()[0] == word:
                return lines

    def quit(self):
        self.send("quit")
        self.p.wait()

    def search(self, fen, nodes, moves=()):
        """The best move and its score in pawns for the side to move."""
        self.send("ucinewgame")
        self.send(f"position fen {fen} - - 0 1" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {nodes}")
        lines = self.wait("bestmove")
        score = None
        for line in lines:
            m = re.search(r"score (cp|mate) (-?\d+)", line)
            if m:
                value = int(m.group(2))
                score = value / 100 if m.group(1) == "cp" else (100.0 if value > 0 else -100.0)
        return lines[-1].split()[1], score


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", required=True, help="the engine's name in the PGNs")
    parser.add_argument("--cmd", required=True, help="the engine that verifies (UCCI)")
    parser.add_argument("--nodes", type=int, default=20_000_000)
    parser.add_argument("--drop", type=float, default=2.0)
    parser.add_argument("--margin", type=float, default=1.0)
    parser.add_argument("--list", action="store_true", help="print the candidates, search nothing")
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()
    engine = None if args.list else Engine(args.cmd)
    seen = set()
    for name, ply, fen, played, before, after in candidates(args.pgn, args.engine, args.drop):
        if fen in seen:
            continue
        seen.add(fen)
        if args.list:
            print(f"{fen}\t{played}\t{before:+.2f} -> {after:+.2f}\t{name} ply {ply + 1}")
            continue
        best, best_score = engine.search(fen, args.nodes)
        _, reply_score = engine.search(fen, args.nodes, [played])
        played_score = None if reply_score is None else -reply_score
        kept = best != played and None not in (best_score, played_score) \
            and best_score - played_score >= args.margin
        print(f"# {name} ply {ply + 1}: played {played}, long search {best} "
              f"{best_score:+.2f} vs {played_score:+.2f}: {'kept' if kept else 'dropped'}",
              file=sys.stderr, flush=True)
        if kept:
            print(f'{fen} - - am {played}; id "{name} ply {ply + 1}"; '
                  f'c0 "game {before:+.2f} then {after:+.2f}; {args.nodes} nodes: '
                  f'{best} {best_score:+.2f}, {played} {played_score:+.2f}";', flush=True)


if __name__ == "__main__":
    main()
