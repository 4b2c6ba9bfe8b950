#!/usr/bin/env bash
# One search of 1,000,000 nodes from the start position by the engine BIN,
# with the network file EVALFILE when given (else its built-in network): a
# command for farm-bench to time. `chuhan bench --network FILE` also plays a
# file, but searches to a fixed depth, so two networks search different
# numbers of nodes there and its times do not compare the cost of a node;
# here both search the same count. Works for builds of another width too
# (scripts/width-trial.sh). Prints 1 (the bestmove lines seen).
#
#   farm-bench -n 12 --vs 'scripts/search-cpu.sh chuhan' -- scripts/search-cpu.sh chuhan trial.nnue
set -euo pipefail
bin=${1:?usage: $0 BIN [EVALFILE]}
{
  printf 'ucci\n'
  [ -n "${2:-}" ] && printf 'setoption evalfile %s\n' "$2"
  printf 'position startpos\ngo nodes 1000000\n'
  sleep 4 # the search's time (about 1 s here); farm-bench counts CPU, not this wait
  printf 'quit\n'
} | "$bin" | grep -c bestmove
