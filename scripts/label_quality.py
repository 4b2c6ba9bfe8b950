#!/usr/bin/env python3
"""How good are self-play scores at a few node counts? Scores a fixed sample
of quiet positions of a training file (version 1, `chuhan data reformat F
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
import time

from loss_positions import Engine, fen_of

RECORD = 40
HEADER = 16
SLOTS = "kaabbnnrrccppppp"


def record_fen(record):
    """The record's position as a FEN's board and side (the slots of format.rs)."""
    board = {}
    for i, square in enumerate(record[:32]):
        if square != 255:
            letter = SLOTS[i % 16]
            board[(square % 9, square // 9)] = letter.upper() if i < 16 else letter
    return fen_of(board, "b" if record[32] else "w")


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
        chosen.append(record_fen(record))
        if len(chosen) == count:
            break
    return chosen


def red_score(engine, fen, nodes):
    """The search's score in centipawns from Red's view (a fresh search:
    `Engine.search` of scripts/loss_positions.py starts a new game)."""
    _, pawns = engine.search(fen, nodes)
    return round(100 * pawns) * (1 if fen.endswith("w") else -1)


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
        scores = [red_score(engine, fen, nodes) for fen in fens]
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
