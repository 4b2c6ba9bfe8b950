#!/usr/bin/env python3
"""Compare `chuhan judge --rule asian` with Fairy-Stockfish's AXF repetition
verdicts (through its Python binding pyffish) on seeded random cycles.

Each trial plays random legal plies from the start position, then lets both
sides walk a closed route (a piece shuttling there and back, a piece going
round a triangle, or two pieces shuttling in turn) until a position occurs
for the third time.  Fairy-Stockfish's `is_optional_game_end` names the
first ply where the game may end and its result; chuhan judges the same
move list.  Routes whose moves check or attack something are preferred, so
that forbidden perpetuals actually occur.

Usage: pyffish_oracle.py [--chuhan PATH] [--cycles N] [--seed S] [--out FILE]
                         [--cycles-out FILE]

--cycles-out writes every judged cycle, one `startpos moves ...` line each,
so that other builds or rule sets can judge the same cycles (`chuhan judge
--rule R FILE`), as the search bounds' check in docs/results/rules.md does.

Everything depends on the seed: trial i uses random.Random(f"{seed}:{i}"),
so one trial can be replayed with --only i.
"""

import argparse
import collections
import json
import math
import random
import subprocess
import sys
import tempfile

import pyffish as sf

VARIANT = "xiangqi"
START = sf.start_fen(VARIANT)


# --- A small board of our own.  Each pyffish call costs milliseconds (it
# sets the position up from the start), so the random play below generates
# its own moves; pyffish checks them (its legal moves at the cycle's start
# and end must match ours) and gives the verdict.

FILES = "abcdefghi"


def parse_fen(fen):
    """{(file, rank): piece letter} with UCCI ranks (0 = Red's back rank)
    and the side to move, 'w' or 'b'."""
    rows, side = fen.split()[:2]
    board = {}
    for i, row in enumerate(rows.split("/")):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board[(file, rank)] = {"H": "N", "E": "B", "h": "n", "e": "b"}.get(ch, ch)
                file += 1
    return board, side


def red(piece):
    return piece.isupper()


def on_board(f, r):
    return 0 <= f <= 8 and 0 <= r <= 9


def in_palace(f, r, is_red):
    return 3 <= f <= 5 and (0 <= r <= 2 if is_red else 7 <= r <= 9)


def pseudo_moves(board, is_red):
    """(from, to) pairs by the piece rules, own king's safety not tested."""
    for (f, r), piece in list(board.items()):
        if red(piece) != is_red:
            continue
        kind = piece.upper()

        def target(t):
            other = board.get(t)
            return other is None or red(other) != is_red

        if kind in "RC":
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                t, screen = (f + df, r + dr), False
                while on_board(*t):
                    other = board.get(t)
                    if not screen:
                        if other is None:
                            yield (f, r), t
                        else:
                            if kind == "R" and red(other) != is_red:
                                yield (f, r), t
                            if kind == "R":
                                break
                            screen = True
                    elif other is not None:
                        if red(other) != is_red:
                            yield (f, r), t
                        break
                    t = (t[0] + df, t[1] + dr)
        elif kind == "N":
            for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
                leg = (f + (df // 2 if abs(df) == 2 else 0), r + (dr // 2 if abs(dr) == 2 else 0))
                t = (f + df, r + dr)
                if on_board(*t) and leg not in board and target(t):
                    yield (f, r), t
        elif kind == "B":
            for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
                t = (f + df, r + dr)
                home = t[1] <= 4 if is_red else t[1] >= 5
                if on_board(*t) and home and (f + df // 2, r + dr // 2) not in board and target(t):
                    yield (f, r), t
        elif kind == "A":
            for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                t = (f + df, r + dr)
                if in_palace(*t, is_red) and target(t):
                    yield (f, r), t
        elif kind == "K":
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                t = (f + df, r + dr)
                if in_palace(*t, is_red) and target(t):
                    yield (f, r), t
        elif kind == "P":
            ahead = 1 if is_red else -1
            crossed = r >= 5 if is_red else r <= 4
            steps = [(0, ahead)] + ([(1, 0), (-1, 0)] if crossed else [])
            for df, dr in steps:
                t = (f + df, r + dr)
                if on_board(*t) and target(t):
                    yield (f, r), t


def in_check(board, is_red):
    """The king of that colour is attacked, facing kings included: looked
    for from the king's square, which is much faster than generating the
    other side's moves."""
    king = "K" if is_red else "k"
    kf, kr = next(s for s, p in board.items() if p == king)
    enemy = (lambda p: p.islower()) if is_red else (lambda p: p.isupper())
    # Lines: the first piece met checks if it is a rook (or the other king,
    # straight along the file); the second if it is a cannon.
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        f, r, met = kf + df, kr + dr, 0
        while on_board(f, r):
            piece = board.get((f, r))
            if piece is not None:
                if enemy(piece) and (
                    (met == 0 and piece.upper() in ("RK" if df == 0 else "R")) or (met == 1 and piece.upper() == "C")
                ):
                    return True
                met += 1
                if met == 2:
                    break
            f, r = f + df, r + dr
    # Horses: the leg is the square beside the horse, towards the king.
    for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
        piece = board.get((kf + df, kr + dr))
        if piece is not None and enemy(piece) and piece.upper() == "N":
            leg = (kf + df - (df // 2 if abs(df) == 2 else 0), kr + dr - (dr // 2 if abs(dr) == 2 else 0))
            if leg not in board:
                return True
    # Pawns: from in front of the king (as the enemy pawn sees it) or beside it.
    ahead = 1 if is_red else -1
    for df, dr in ((0, ahead), (1, 0), (-1, 0)):
        piece = board.get((kf + df, kr + dr))
        if piece is not None and enemy(piece) and piece.upper() == "P":
            return True
    return False


def play(board, move):
    after = dict(board)
    after[move[1]] = after.pop(move[0])
    return after


def legal(board, is_red):
    # A king is never taken: routes are planned as if the other side passed,
    # even after a check.
    return [
        m
        for m in pseudo_moves(board, is_red)
        if board.get(m[1], " ") not in "Kk" and not in_check(play(board, m), is_red)
    ]


def ucci(move):
    (f1, r1), (f2, r2) = move
    return f"{FILES[f1]}{r1}{FILES[f2]}{r2}"


def fsf(move):
    """Fairy-Stockfish counts ranks from 1."""
    (f1, r1), (f2, r2) = move
    return f"{FILES[f1]}{r1 + 1}{FILES[f2]}{r2 + 1}"


def key(board, is_red):
    return (frozenset(board.items()), is_red)


# --- Choosing moves. ---------------------------------------------------------


def targets(board, is_red):
    """The enemy pieces that side could take now."""
    return {
        m[1]
        for m in pseudo_moves(board, is_red)
        if m[1] in board and board[m[1]] not in "Kk" and not in_check(play(board, m), is_red)
    }


VALUE = {"R": 9, "N": 4, "C": 4.5, "B": 2, "A": 2, "P": 1, "K": 0}


def threat(board, is_red, square):
    """Taking on `square` would win something at first sight: the piece is
    worth more than its cheapest attacker, or nothing takes back."""
    takers = [m[0] for m in pseudo_moves(board, is_red) if m[1] == square and not in_check(play(board, m), is_red)]
    if not takers:
        return False
    victim = VALUE[board[square].upper()]
    cheapest = min(takers, key=lambda s: VALUE[board[s].upper()])
    if VALUE[board[cheapest].upper()] < victim:
        return True
    taken = play(board, (cheapest, square))
    return not any(m[1] == square for m in legal(taken, not is_red))


def effect(board, is_red, move):
    """'check', 'threat' (the mover now attacks a piece it did not, and
    would win something by taking it), 'attack' (a new attack on a
    defended piece) or 'quiet'."""
    after = play(board, move)
    if in_check(after, not is_red):
        return "check"
    new = targets(after, is_red) - targets(board, is_red)
    if any(threat(after, is_red, t) for t in new):
        return "threat"
    return "attack" if new else "quiet"


def quiet_moves(board, is_red):
    """Legal moves that take nothing: a capture cannot come back."""
    return [m for m in legal(board, is_red) if m[1] not in board]


WEIGHT = {"check": 8, "threat": 8, "attack": 2, "quiet": 1}


def pick(rng, board, is_red, moves):
    """One move, weighted towards checks and new attacks."""
    if not moves:
        return None
    return rng.choices(moves, [WEIGHT[effect(board, is_red, m)] for m in moves])[0]


def shuttle_weight(board, is_red, move):
    """Both legs of a shuttle weighed, so that a piece that attacks going
    and coming back (a perpetual in the making) is often chosen."""
    after = play(board, move)
    if back(move) not in quiet_moves(after, is_red):
        return 0
    return WEIGHT[effect(board, is_red, move)] * WEIGHT[effect(after, is_red, back(move))]


def back(move):
    return (move[1], move[0])


def build_route(rng, board, is_red, kind, biased=True):
    """A closed route for one side, planned as if the other side passed
    (legality is checked again when it is played): 'shuttle' a-b-a,
    'triangle' a-b-c-a, 'pair' p:a-b, q:x-y, p:b-a, q:y-x."""
    moves = quiet_moves(board, is_red)
    if kind == "shuttle":
        weights = [shuttle_weight(board, is_red, m) if biased else 1 for m in moves]
        if not any(weights):
            return None
        first = rng.choices(moves, weights)[0]
        return [first, back(first)]
    first = pick(rng, board, is_red, moves) if biased else moves and rng.choice(moves)
    if not first:
        return None
    after = play(board, first)
    if kind == "triangle":
        a, b = first
        onward = [m for m in quiet_moves(after, is_red) if m[0] == b and m[1] != a]
        rng.shuffle(onward)
        for second in onward:
            if (second[1], a) in quiet_moves(play(after, second), is_red):
                return [first, second, (second[1], a)]
        return None
    others = [m for m in quiet_moves(after, is_red) if m[0] != first[1]]
    second = pick(rng, after, is_red, others)
    return second and [first, second, back(first), back(second)]


ROUTE_KINDS = ["shuttle"] * 6 + ["triangle"] * 2 + ["pair"] * 2


def play_cycle(rng, board, is_red, seen):
    """Both sides walk their routes until a position occurs a third time.
    `seen` counts the positions since the last capture.  Returns (moves,
    effects over one period, the routes' next move or None where it is
    illegal) or None when a route move turns out illegal."""
    mine = build_route(rng, board, is_red, rng.choice(ROUTE_KINDS))
    if mine is None:
        return None
    # The other side answers with a route of its own, chosen as eagerly
    # or at random: an idle answer is what lets a perpetual be forbidden.
    theirs = build_route(rng, play(board, mine[0]), not is_red, rng.choice(ROUTE_KINDS), rng.random() < 0.4)
    if theirs is None:
        return None
    period = 2 * math.lcm(len(mine), len(theirs))
    seen = collections.Counter(seen)
    moves, effects = [], []
    for ply in range(3 * period + 1):
        route = mine if ply % 2 == 0 else theirs
        move = route[(ply // 2) % len(route)]
        if move not in quiet_moves(board, is_red):
            return None
        if ply < period:
            effects.append(effect(board, is_red, move))
        board, is_red = play(board, move), not is_red
        moves.append(move)
        seen[key(board, is_red)] += 1
        if seen[key(board, is_red)] == 3:
            ply += 1
            route = mine if ply % 2 == 0 else theirs
            onward = route[(ply // 2) % len(route)]
            return moves, effects, onward if onward in quiet_moves(board, is_red) else None
    return None


def shape(effects):
    """What each side did over one period: 'check' when every move checked,
    'threat' when every move checked or made a threat, 'attack' when every
    move checked or attacked, else 'mixed' or 'quiet'."""
    out = []
    for side in (effects[0::2], effects[1::2]):
        if all(e == "check" for e in side):
            out.append("check")
        elif all(e in ("check", "threat") for e in side):
            out.append("threat")
        elif all(e != "quiet" for e in side):
            out.append("attack")
        elif any(e != "quiet" for e in side):
            out.append("mixed")
        else:
            out.append("quiet")
    return "/".join(out)


def same_moves(fsf_moves, board, is_red):
    return sorted(fsf_moves) == sorted(fsf(m) for m in legal(board, is_red))


def red_at(fen):
    return fen.split()[1] == "w"


def fsf_verdict(result, red_to_move):
    """Fairy-Stockfish's game-end value (for the side to move) as a verdict."""
    if result == 0:
        return "draw"
    return "black_loses" if (result > 0) == red_to_move else "red_loses"


def trial(seed, index, stats):
    """One random opening and one cycle judged by Fairy-Stockfish; None
    when no cycle could be built."""
    rng = random.Random(f"{seed}:{index}")
    # Half the trials insist on a side that checks or threatens on every
    # move: the perpetuals that can be forbidden are rare otherwise.
    forcing = rng.random() < 0.5
    for _ in range(20):
        board, is_red = parse_fen(START)[0], True
        opening, seen, clock = [], collections.Counter([key(board, is_red)]), 0
        for _ in range(rng.randint(4, 60)):
            moves = legal(board, is_red)
            if not moves:
                break
            move = rng.choice(moves)
            clock = 0 if move[1] in board else clock + 1
            if move[1] in board:
                seen.clear()
            board, is_red = play(board, move), not is_red
            seen[key(board, is_red)] += 1
            opening.append(move)
        if not legal(board, is_red):
            continue
        for _ in range(10):
            played = play_cycle(rng, board, is_red, seen)
            if played is None:
                continue
            cycle, effects, onward = played
            kind = shape(effects)
            # Quiet cycles are draws for both: keep a few of them.
            if kind == "quiet/quiet" and rng.random() > 0.2:
                continue
            if forcing and not any(side in ("check", "threat") for side in kind.split("/")):
                continue
            if clock + len(cycle) >= 100:
                continue  # Fairy-Stockfish's 50-move rule would come first
            moves = [fsf(m) for m in opening + cycle]
            # Our move generator against Fairy-Stockfish's, where it matters.
            cycle_fen = sf.get_fen(VARIANT, START, moves[: len(opening)])
            end_fen = sf.get_fen(VARIANT, START, moves)
            if not same_moves(sf.legal_moves(VARIANT, START, moves[: len(opening)]), board, is_red):
                stats["move generators differ"] += 1
                return None
            end, result = sf.is_optional_game_end(VARIANT, START, moves)
            earlier, _ = sf.is_optional_game_end(VARIANT, START, moves[:-1])
            if not end or earlier:
                stats["Fairy-Stockfish ends elsewhere"] += 1
                return None
            # One ply on, the repeated stretch no longer holds the move that
            # entered it: Fairy-Stockfish's chase test at the third
            # occurrence also takes that move's chases (its walk back goes
            # one move past the first occurrence), one ply on it does not.
            later = None
            if onward is not None:
                ended, later_result = sf.is_optional_game_end(VARIANT, START, moves + [fsf(onward)])
                later = fsf_verdict(later_result, not red_at(end_fen)) if ended else None
            return {
                "trial": index,
                "cycle_from": len(opening),
                "cycle_fen": cycle_fen,
                "end_fen": end_fen,
                "moves": [ucci(m) for m in opening + cycle],
                "shape": kind,
                "fsf": fsf_verdict(result, red_at(end_fen)),
                "fsf_one_ply_on": later,
            }
    return None


def judge(chuhan, games):
    """chuhan's verdicts, one JSON object per game, judged in one run."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        for game in games:
            file.write("startpos moves " + " ".join(game["moves"]) + "\n")
        file.flush()
        out = subprocess.run(
            [chuhan, "judge", "--rule", "asian", "--json", file.name],
            check=True, capture_output=True, text=True,
        ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def explain(chuhan, game):
    line = "startpos moves " + " ".join(game["moves"]) + "\n"
    return subprocess.run(
        [chuhan, "judge", "--rule", "asian", "--explain"],
        input=line, check=True, capture_output=True, text=True,
    ).stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chuhan", default="target/release/chuhan")
    parser.add_argument("--cycles", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--only", type=int, help="replay one trial and print chuhan's --explain")
    parser.add_argument("--out", default="target/pyffish_disagreements.jsonl")
    parser.add_argument("--cycles-out", help="write every judged cycle here, one line each")
    args = parser.parse_args()

    indices = [args.only] if args.only is not None else range(args.cycles)
    stats = collections.Counter()
    games = [g for g in (trial(args.seed, i, stats) for i in indices) if g is not None]
    verdicts = judge(args.chuhan, games)
    assert len(verdicts) == len(games), "chuhan judged a different number of games"
    if args.cycles_out:
        with open(args.cycles_out, "w") as file:
            for game in games:
                file.write("startpos moves " + " ".join(game["moves"]) + "\n")

    agree = 0
    by_shape = collections.Counter()
    disagreements = collections.Counter()
    # Where Fairy-Stockfish's verdict one ply on differs from its verdict
    # at the third occurrence, the move that entered the cycle decided it.
    entered = collections.Counter()
    with open(args.out, "w") as out:
        for game, ours in zip(games, verdicts):
            game["chuhan"] = ours.get("verdict", "error")
            game["chuhan_reason"] = ours.get("reason", ours.get("error"))
            game["chuhan_plies"] = ours.get("plies")
            by_shape[(game["shape"], game["fsf"])] += 1
            same = game["chuhan"] == game["fsf"] and game["chuhan_plies"] == len(game["moves"])
            later = game["fsf_one_ply_on"]
            if later is not None and later != game["fsf"]:
                entered["agree" if same else "disagree"] += 1
                if not same and later == game["chuhan"]:
                    entered["disagree, one ply on agree"] += 1
            if same:
                agree += 1
                continue
            disagreements[(game["fsf"], game["chuhan"], game["shape"])] += 1
            out.write(json.dumps(game) + "\n")
            if args.only is not None:
                print(json.dumps(game, indent=1))
                print(explain(args.chuhan, game))

    print(f"seed {args.seed}: {len(indices)} trials, {len(games)} cycles judged")
    for what, n in sorted(stats.items()):
        print(f"  trials dropped, {what}: {n}")
    print(f"agreements {agree}, disagreements {len(games) - agree} (written to {args.out})")
    print("cycles by shape (red/black over one period) and Fairy-Stockfish's verdict:")
    for (kind, fsf), n in sorted(by_shape.items()):
        print(f"  {kind:14} {fsf:12} {n}")
    print(
        "Fairy-Stockfish's verdict one ply on differs from its verdict at the third occurrence"
        f" (the move that entered the cycle counted): {entered['agree']} of the agreements,"
        f" {entered['disagree']} of the disagreements, {entered['disagree, one ply on agree']}"
        " of which then agree with chuhan"
    )
    if disagreements:
        print("disagreements: Fairy-Stockfish -> chuhan (shape): count")
        for (fsf, ours, kind), n in sorted(disagreements.items(), key=lambda x: -x[1]):
            print(f"  {fsf} -> {ours} ({kind}): {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
