#!/usr/bin/env python3
"""How good are self-play scores at a few node counts? Scores a fixed sample
of quiet positions of a training file (version 1, `chuhan data convert F
F1 --to 1`) at each node count and at a deep reference, and prints, per
node count, the mean distance from the reference in win probability
(sigmoid(K * score), K as `chuhan train` fits it) and the share of
positions whose winner changes sides. The trainer learns from these scores
alone (--lambda 0), so this is the labels' noise; positions per hour at
each node count come from `chuhan datagen` itself (see
docs/results/networks.md for both).

    scripts/label_quality.py ENGINE DATA_V1 [--positions 400] [--nodes 1250,2500,5000,10000]
                             [--reference 200000] [--k 0.003]
"""
import argparse
import math
import struct
import subprocess
import time

RECORD = 40
HEADER = 16
SLOTS = "kaabbnnrrccppppp"


def fen_of(record):
    """The record's position as a FEN (the slots of format.rs)."""
    board = [["" for _ in range(9)] for _ in range(10)]
    for i, square in enumerate(record[:32]):
        if square == 255:
            continue
        letter = SLOTS[i % 16]
        board[square // 9][square % 9] = letter.upper() if i < 16 else letter
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            piece = board[rank][file]
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    side = "b" if record[32] else "w"
    return f"{'/'.join(rows)} {side} - - 0 1"


def sample(path, count):
    """Quiet positions (not in check, best move not a capture, no mate
    score), spread evenly through the file."""
    with open(path, "rb") as f:
        data = f.read()
    records = (len(data) - HEADER) // RECORD
    stride = max(1, records // (count * 3))
    chosen = []
    for index in range(0, records, stride):
        record = data[HEADER + index * RECORD : HEADER + (index + 1) * RECORD]
        flags = record[33]
        (score,) = struct.unpack_from("<h", record, 34)
        if flags & 3 or abs(score) > 20000:
            continue
        chosen.append(fen_of(record))
        if len(chosen) == count:
            break
    return chosen


class Engine:
    def __init__(self, command):
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name OwnBook value false")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def wait(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            if line.startswith(prefix):
                return line

    def score(self, fen, nodes):
        """The search's last score, centipawns from Red's view."""
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            words = line.split()
            if "score" in words:
                at = words.index("score")
                if words[at + 1] == "cp":
                    score = int(words[at + 2])
                elif words[at + 1] == "mate":
                    moves = int(words[at + 2])
                    score = 30000 if moves > 0 else -30000
            if line.startswith("bestmove"):
                break
        return score if fen.split()[1] == "w" else -score

    def quit(self):
        self.send("quit")
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engine")
    parser.add_argument("data")
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--nodes", default="1250,2500,5000,10000")
    parser.add_argument("--reference", type=int, default=200000)
    parser.add_argument("--k", type=float, default=0.003)
    args = parser.parse_args()
    fens = sample(args.data, args.positions)
    win = lambda cp: 1 / (1 + math.exp(-args.k * max(-3000, min(3000, cp))))

    def run(nodes):
        engine = Engine(args.engine)
        start = time.time()
        scores = [engine.score(fen, nodes) for fen in fens]
        engine.quit()
        return scores, time.time() - start

    reference, seconds = run(args.reference)
    print(f"{len(fens)} quiet positions of {args.data}; reference {args.reference:,} nodes ({seconds:.0f} s)")
    print("nodes\tmean |p - p_ref|\twinner flips\tseconds a position")
    for nodes in [int(n) for n in args.nodes.split(",")]:
        scores, seconds = run(nodes)
        distance = sum(abs(win(a) - win(b)) for a, b in zip(scores, reference)) / len(fens)
        flips = sum(1 for a, b in zip(scores, reference) if (a > 50 and b < -50) or (a < -50 and b > 50))
        print(f"{nodes}\t{distance:.4f}\t{flips / len(fens):.3f}\t{seconds / len(fens):.4f}")


if __name__ == "__main__":
    main()
