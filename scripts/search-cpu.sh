#!/usr/bin/env bash
# One search of 1,000,000 nodes from the start position by the engine BIN,
# with the network file EVALFILE when given (else its built-in network): a
# command for farm-bench to time, since `chuhan bench` plays only the
# built-in network. Prints 1 (the bestmove lines seen).
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
