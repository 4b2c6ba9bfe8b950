#!/usr/bin/env python3
"""Games of a match lost by a forbidden perpetual, and how the loser scored
its last move: a loser that scored it at -1.00 or better walked into the
perpetual unaware (issue 61's bar: none in 2,000 games of main against
itself).

Usage: perpetual_losses.py GAMES.pgn[.xz] [--threshold -1.00]

Reads the PGN `chuhan match -pgnout` writes (comments `{+0.35/12 0.04s}`
after each move, `[Termination "perpetual check"]` and the like); prints
one line per such game and a summary line.
"""

import argparse
import lzma
import re
import sys

PERPETUAL = re.compile(r'^\[Termination "(perpetual [^"]*)"\]', re.M)
RESULT = re.compile(r'^\[Result "([^"]*)"\]', re.M)
ROUND = re.compile(r'^\[Round "([^"]*)"\]', re.M)
# A move and its comment: the score is the engine's view after its move.
MOVE = re.compile(r'([a-i][0-9][a-i][0-9])\s*\{([+-]?\d+\.\d+|[+-]?M\d+)/')


def games(text):
    """The games of a PGN text, each as its header block and movetext."""
    parts = re.split(r'\n(?=\[Event )', text)
    return [p for p in parts if p.strip()]


def score(token):
    """A comment's score in pawns; mates as +-100."""
    if "M" in token:
        return -100.0 if token.startswith("-") else 100.0
    return float(token)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn")
    parser.add_argument("--threshold", type=float, default=-1.0)
    args = parser.parse_args()
    opener = lzma.open if args.pgn.endswith(".xz") else open
    with opener(args.pgn, "rt", encoding="utf-8") as file:
        text = file.read()
    total = perpetual = unaware = 0
    for game in games(text):
        total += 1
        ended = PERPETUAL.search(game)
        if not ended:
            continue
        perpetual += 1
        result = RESULT.search(game).group(1)
        # The loser is the side that did not win; its moves are the odd
        # plies (Red) or the even ones (Black).
        loser_is_red = result == "0-1"
        moves = MOVE.findall(game.split("\n\n", 1)[-1])
        mine = [s for i, (_, s) in enumerate(moves) if (i % 2 == 0) == loser_is_red]
        if not mine:
            continue
        last = score(mine[-1])
        round_ = ROUND.search(game)
        label = round_.group(1) if round_ else str(total)
        flag = ""
        if last >= args.threshold:
            unaware += 1
            flag = "  <- scored at or above the threshold"
        print(f"round {label}: {ended.group(1)}, {result}, loser's last score {last:+.2f}{flag}")
    print(
        f"{total} games, {perpetual} lost by a forbidden perpetual, "
        f"{unaware} of them with the loser's last move scored {args.threshold:+.2f} or better"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
