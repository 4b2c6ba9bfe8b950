#!/usr/bin/env python3
"""Write a self-play shard's recipe (data/recipes/README.md) from the shard itself.

    scripts/shard-recipe.py SHARD --made TEXT [--by TEXT] [--chuhan BIN] [--recipes DIR]

Everything but the `made` line comes from the file: the commit, node count,
seed and position count from its header (`chuhan data stats`), the sha256
from its bytes, and what it holds from the same stats. A shard that holds
fewer records than its header asks for was stopped before its end: its
recipe gets an empty sha256 (the finished run's goes there once it is
resumed and done) and the `made` text should say how to go on.
"""

import argparse
import hashlib
import re
import subprocess
import sys
from pathlib import Path


def stats_of(chuhan, shard):
    result = subprocess.run([chuhan, "data", "stats", str(shard)], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: {chuhan} data stats {shard}: {result.stderr.strip()}")
    return result.stdout.splitlines()


def field(text, pattern, what):
    found = re.search(pattern, text, re.MULTILINE)
    if found is None:
        sys.exit(f"error: no {what} in the shard's stats (is it a game file, version 2?)")
    return found


def thousands(number):
    return f"{int(number):,}"


def recipe_lines(shard, lines, made, by):
    text = "\n".join(lines)
    size = field(text, r"version 2, (\d+) bytes", "size").group(1)
    commit = field(text, r"^\s*program = .*\((\w+)\)", "program commit").group(1)
    nodes = field(text, r"^\s*nodes = (\d+)", "node count").group(1)
    seed = field(text, r"^\s*seed = (\d+)", "seed").group(1)
    asked = field(text, r"^\s*positions = (\d+)", "position count").group(1)
    records = field(text, r"\((?:\d+) bytes, (\d+) records\)", "record count").group(1)
    games = field(text, r"games (\d+) \(Red won (\d+), drawn (\d+), Black won (\d+)\)", "games")
    # Sittings play with the binary's built-in network; a shard made with
    # `--network FILE` would need the file named in its command by hand.
    network = "--network " if re.search(r"^\s*network = ", text, re.MULTILINE) else ""
    finished = int(records) >= int(asked)
    sha = sha256_of(shard) if finished else ""
    red, drawn, black = (thousands(games.group(i)) for i in (2, 3, 4))
    held = (f"{thousands(records)} records of {thousands(games.group(1))} games "
            f"(Red {red}, draw {drawn}, Black {black}); a game file, {thousands(size)} bytes")
    return [
        f"# commit: {commit}",
        f"# command: chuhan datagen {network}--threads 2 --nodes {nodes} --positions {asked} --seed {seed}",
        f"# sha256: {sha}",
        f"# made: {made}; {held}" + (f"; {by}" if by else ""),
    ] + header_lines(lines), commit, seed


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def header_lines(lines):
    """The file's own recipe: the indented `key = value` lines that `data stats`
    prints after the file's name."""
    header = []
    for line in lines[1:]:
        if not (line.startswith("  ") and " = " in line):
            break
        header.append(line.strip())
    return header


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shard", type=Path)
    parser.add_argument("--made", required=True, help="when, which session, how long, beside what")
    parser.add_argument("--by", default="", help="who played it, e.g. 'played by the seventh network'")
    parser.add_argument("--chuhan", default="target/release/chuhan", help="a binary that reads the file")
    parser.add_argument("--recipes", type=Path, default=Path(__file__).resolve().parent.parent / "data/recipes")
    args = parser.parse_args()
    lines, commit, seed = recipe_lines(args.shard, stats_of(args.chuhan, args.shard), args.made, args.by)
    out = args.recipes / f"selfplay-{commit}-s{seed}.txt"
    out.write_text("\n".join(lines) + "\n")
    print(f"{out}:")
    print("\n".join(lines[:4]))


if __name__ == "__main__":
    main()
