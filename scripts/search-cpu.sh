#!/usr/bin/env bash
# One search of 1,000,000 nodes from the start position by the engine BIN,
# with the network file EVALFILE when given (else its built-in network): a
# command for farm-bench to time. `chuhan bench --network FILE` also plays a
# file, but searches to a fixed depth, so two networks search different
# numbers of nodes there and its times do not compare the cost of a node;
# here both search the same count. Works for builds of another width too
# (scripts/width-trial.sh). Prints the bestmove line; fails when the engine
# says an error (a network it could not load would leave the built-in one
# playing, and the timing would measure the wrong network).
#
#   farm-bench -n 12 --vs 'scripts/search-cpu.sh chuhan' -- scripts/search-cpu.sh chuhan trial.nnue
set -euo pipefail
bin=${1:?usage: $0 BIN [EVALFILE]}
coproc ENGINE { "$bin"; }
to_engine=${ENGINE[1]}
from_engine=${ENGINE[0]}
printf 'ucci\n' >&"$to_engine"
[ -n "${2:-}" ] && printf 'setoption evalfile %s\n' "$2" >&"$to_engine"
printf 'position startpos\ngo nodes 1000000\n' >&"$to_engine"
# Quit only once the search is over, however long it takes on this machine.
while IFS= read -r line <&"$from_engine"; do
  case $line in
    "info string error"*) echo "$0: $line" >&2; printf 'quit\n' >&"$to_engine"; exit 1 ;;
    bestmove*) echo "$line"; break ;;
  esac
done
[[ ${line:-} == bestmove* ]] || { echo "$0: the engine ended without a bestmove" >&2; exit 1; }
printf 'quit\n' >&"$to_engine"
wait "$ENGINE_PID"
