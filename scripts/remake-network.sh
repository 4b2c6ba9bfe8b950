#!/usr/bin/env bash
# Trains a network again from its recipe (NET.recipe, written by chuhan
# train beside every network) and checks it: builds the recipe's commit in
# a git worktree under target/, finds each data file (and the network a
# warm start began from, --init) in DATA_DIR, checks its
# size and checksum, runs the recipe's command, and compares the network's
# hash (and, given NET, its bytes) with the recipe's.
#
#   scripts/remake-network.sh NET.recipe DATA_DIR [NET]
set -euo pipefail
recipe=${1:?usage: $0 NET.recipe DATA_DIR [NET]}
data_dir=${2:?usage: $0 NET.recipe DATA_DIR [NET]}
shipped=${3:-}
field() { sed -n "s/^$1 = //p" "$recipe"; }
commit=$(field program | sed -n 's/.*(\(.*\)).*/\1/p')
command=$(field command)
want=$(field network)
[ -n "$commit" ] && [ -n "$command" ] || { echo "$recipe: no program commit or command" >&2; exit 2; }
bin=$("$(dirname "$0")/build-at.sh" "$commit")
work=$(git rev-parse --show-toplevel)/target/remake-network
mkdir -p "$work"
# The data files and the network a warm start began from, by the names
# the command gives them.
while read -r line; do
  name=${line%% (*}
  [ -e "$data_dir/$name" ] || { echo "missing file $data_dir/$name ($line)" >&2; exit 1; }
  ln -sf "$(cd "$data_dir" && pwd)/$name" "$work/$name"
done < <(field data; field init)
# shellcheck disable=SC2086 # the command's words are its arguments
(cd "$work" && "$bin" ${command#chuhan } > train.log)
out=$(echo "$command" | sed -n 's/.* --out \([^ ]*\).*/\1/p')
# The data as the recipe names it (sizes and checksums), then the network.
if ! diff <(field data; field init) <(sed -n 's/^data = //p; s/^init = //p' "$work/$out.recipe"); then
  echo "the data files (or the warm start's network) differ from the recipe's" >&2; exit 1
fi
got=$(sed -n 's/^network = //p' "$work/$out.recipe")
[ "$got" = "$want" ] || { echo "network $got, the recipe says $want" >&2; exit 1; }
if [ -n "$shipped" ]; then cmp "$work/$out" "$shipped"; fi
echo "$work/$out: network $got, as the recipe says"
