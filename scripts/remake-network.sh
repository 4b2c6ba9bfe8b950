#!/usr/bin/env bash
# Trains a network again from its recipe (NET.recipe, written by chuhan
# train beside every network) and checks every step, the cheap checks
# before the hours of training:
#   1. builds the recipe's commit in a git worktree under target/;
#   2. takes each input the command names (the data, and the network a warm
#      start began from, --init) from DATA_DIR; a data file missing there
#      is merged from the committed shards when the recipe has a `merge`
#      line (run by the recipe's commit, the shards checked against their
#      own recipes first);
#   3. checks every input's size and checksum against the recipe's words
#      (`chuhan data checksum`, by this checkout's build: CHUHAN=);
#   4. trains by the recipe's command, and compares the network's hash
#      with the recipe's and, given NET, its bytes with NET's;
#   5. given NET, searches the benchmark with the remade network: the node
#      signature must be NET's, and for the built-in network the one
#      pinned in tests/data/bench.tsv.
# Prints the training's time and peak memory.
#
#   scripts/remake-network.sh NET.recipe DATA_DIR [NET]
set -euo pipefail
usage="usage: $0 NET.recipe DATA_DIR [NET]"
recipe=${1:?$usage}
data_dir=${2:?$usage}
shipped=${3:-}
root=$(git rev-parse --show-toplevel)
chuhan=${CHUHAN:-$root/target/release/chuhan}
field() { sed -n "s/^$1 = //p" "$recipe"; }
commit=$(field program | sed -n 's/.*(\(.*\)).*/\1/p')
command=$(field command)
want=$(field network)
merge=$(field merge)
[ -n "$commit" ] && [ -n "$command" ] || { echo "$recipe: no program commit or command" >&2; exit 2; }
[ -x "$chuhan" ] || { echo "$chuhan: not built (cargo build --release, or CHUHAN=)" >&2; exit 2; }
mkdir -p "$data_dir"
data_dir=$(cd "$data_dir" && pwd)
work=$root/target/remake-network
mkdir -p "$work"
[ "$data_dir" != "$work" ] || { echo "DATA_DIR must not be $work, where the training runs" >&2; exit 2; }

echo "building the recipe's commit $commit"
bin=$("$root/scripts/build-at.sh" "$commit")

# The inputs by the names the command gives them: the data lines as they
# are, the warm start's line without the network hash it adds.
expected=$(field data; field init | sed 's/, network [0-9a-f]*)$/)/')
names=$(echo "$expected" | sed '/^$/d; s/ (.*//')

merged_name=$(echo "$merge" | sed -n 's/.* --out \([^ ]*\).*/\1/p')
if [ -n "$merged_name" ] && [ ! -e "$data_dir/$merged_name" ]; then
  echo "merging $merged_name from the committed shards"
  "$root/scripts/check-shards.sh" > "$work/check-shards.log" \
    || { cat "$work/check-shards.log" >&2; echo "the shards differ from their recipes" >&2; exit 1; }
  inputs=${merge#chuhan merge }
  inputs=${inputs%% --out *}
  # The recipe's own words, brace ranges and globs and all, as a shell
  # reads them at the top of the checkout.
  (cd "$root" && eval "shards=($inputs)" \
    && "$bin" merge "${shards[@]}" --out "$data_dir/$merged_name.partial" > "$work/merge.log")
  mv "$data_dir/$merged_name.partial" "$data_dir/$merged_name"
fi

found=""
for name in $names; do
  [ -e "$data_dir/$name" ] || { echo "missing file $data_dir/$name (the recipe names it)" >&2; exit 1; }
  found="$found$("$chuhan" data checksum "$data_dir/$name")"$'\n'
  ln -sf "$data_dir/$name" "$work/$name"
done
if ! diff <(echo "$expected") <(echo -n "$found"); then
  echo "the inputs in $data_dir differ from the recipe's (< recipe, > found); nothing trained" >&2
  exit 1
fi
echo "inputs as the recipe names them:"
echo "$expected" | sed 's/^/  /'

out=$(echo "$command" | sed -n 's/.* --out \([^ ]*\).*/\1/p')
rm -f "$work/$out" "$work/$out.ckpt" "$work/$out.recipe"
echo "training: $command (log: $work/train.log)"
start=$SECONDS
# shellcheck disable=SC2086 # the command's words are its arguments
(cd "$work" && /usr/bin/time -f "%M" -o time.log "$bin" ${command#chuhan } > train.log 2>&1)
echo "trained in $((SECONDS - start)) s, peak memory $(($(tail -n 1 "$work/time.log") / 1024)) MB"

got=$(sed -n 's/^network = //p' "$work/$out.recipe")
[ "$got" = "$want" ] || { echo "network $got, the recipe says $want" >&2; exit 1; }
echo "$work/$out: network $got, as the recipe says"
[ -n "$shipped" ] || exit 0
cmp "$work/$out" "$shipped"
echo "the same bytes as $shipped"

signature() { "$chuhan" bench --network "$1" | sed -n 's/^Nodes searched *: *//p'; }
remade=$(signature "$work/$out")
given=$(signature "$shipped")
[ -n "$remade" ] && [ "$remade" = "$given" ] \
  || { echo "bench: $remade nodes with the remade network, $given with $shipped" >&2; exit 1; }
if [ "$(cd "$(dirname "$shipped")" && pwd)/$(basename "$shipped")" = "$root/src/eval/nnue/chuhan.nnue" ]; then
  pinned=$(awk -F'\t' '$1 == "network" && $2 == "chinese" && $3 == 10 { print $4 }' "$root/tests/data/bench.tsv")
  [ "$remade" = "$pinned" ] || { echo "bench: $remade nodes, tests/data/bench.tsv pins $pinned" >&2; exit 1; }
fi
echo "bench: $remade nodes with the remade network, as with $shipped"
