#!/usr/bin/env bash
# A sitting's self-play: game files of 500,000 positions from this build
# (its built-in network), one after another at the lowest priority, until
# stopped. A file of this build left half-made in DATA_DIR is gone on with
# (--resume); a seed that any recipe in data/recipes/ names is skipped, at
# any commit (two commits with the same search would play the same games),
# but for this build's own stopped shard whose file is not here.
# The binary is copied into DATA_DIR first, so rebuilding the checkout does
# not change the games.
#
#   scripts/datagen-sitting.sh DATA_DIR [SEED_FROM=8001] [SEED_TO=SEED_FROM+999]
#
# Each shard's recipe is written into data/recipes/ when its run ends
# (scripts/shard-recipe.py): in full when the shard is done, with an empty
# sha256 when it was stopped. Stop a sitting with SIGINT to the self-play
# (`pkill -INT -f "datagen --out"`): the run keeps every whole game, the
# recipe says so, and the sitting ends instead of going on to the next seed.
# A finished shard is also copied into data/shards/ (KEEP_DIR=), to be
# committed with its recipe: files outside the repository do not outlive the
# machine (the 22.5 M records of the eighth network's data went with one),
# and a game file is small (about 2.6 bytes a position: 1.3 MB a shard at
# 1,250 nodes). `make check-shards` compares them with their recipes.
#
# NICE=15 raises self-play above the default lowest priority (19), so that
# it keeps the larger share beside the SPSA run (`make tune-search`, nice 19).
# CHUHAN_BIN=path plays with that binary instead of this checkout's build
# (to go on with an older commit's shards after main has moved on).
# NODES=N plays N nodes a move instead of 5,000; the node count is part of
# the recipe, so give such shards a seed range of their own (SEED_FROM).
# SITTING="the sixteenth session" names the sitting in the recipes' `made`
# line; BY="played by the seventh network" ends it.
set -euo pipefail
data_dir=${1:?usage: $0 DATA_DIR [SEED_FROM] [SEED_TO]}
from=${2:-8001}
to=${3:-$((from + 999))}
[ "$from" -le "$to" ] || { echo "$0: no seeds from $from to $to" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/shard-recipe-field.sh
. "$root/scripts/shard-recipe-field.sh"
built=${CHUHAN_BIN:-}
if [ -z "$built" ]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  built=$root/target/release/chuhan
fi
commit=$("$built" --version | sed -n 's/.*(\(.*\)).*/\1/p')
mkdir -p "$data_dir/bin"
bin=$data_dir/bin/chuhan-$commit
[ -x "$bin" ] || cp "$built" "$bin"
nice=${NICE:-19}
nodes=${NODES:-5000}
keep_dir=${KEEP_DIR:-$root/data/shards}

# Writes the recipe of FILE, whose run took SECONDS of this sitting and
# ended with STATUS (0: done); RESUMED is --resume when it went on from an
# earlier sitting.
write_recipe() {
  local file=$1 seconds=$2 status=$3 resumed=$4 how
  how=$(printf '%s, %s: %d:%02d:%02d (h:mm:ss) on the wall clock at nice %s, %s nodes a move' \
    "$(date -u +%F)" "${SITTING:-by scripts/datagen-sitting.sh}" \
    $((seconds / 3600)) $((seconds % 3600 / 60)) $((seconds % 60)) "$nice" "$nodes")
  [ -n "$resumed" ] && how="$how, going on from an earlier sitting (--resume)"
  [ "$status" -ne 0 ] && how="$how; stopped (exit $status) with whole games kept: go on with the command and --resume"
  "$root/scripts/shard-recipe.py" "$file" --chuhan "$bin" --made "$how" --by "${BY:-}" > /dev/null
}

# Whether a recipe already names SEED, other than this commit's own recipe
# of a stopped shard: such a shard whose file went with its machine is
# played again from its start (the finished run writes the same bytes
# whether or not it was ever stopped), and its recipe is then rewritten.
seed_taken() {
  local recipe
  for recipe in "$root"/data/recipes/*-s"$1".txt; do
    [ -e "$recipe" ] || continue
    if [ "$recipe" = "$root/data/recipes/selfplay-$commit-s$1.txt" ] &&
      [ -z "$(recipe_field "$recipe" sha256)" ]; then
      continue
    fi
    return 0
  done
  return 1
}

for seed in $(seq "$from" "$to"); do
  file=$data_dir/selfplay-$commit-s$seed.bin
  [ -e "$file.done" ] && continue
  resumed=""
  if [ -s "$file" ]; then
    resumed=--resume
  elif seed_taken "$seed"; then
    continue
  fi
  began=$SECONDS
  status=0
  nice -n "$nice" "$bin" datagen --out "$file" --network --threads 2 --nodes "$nodes" --positions 500000 \
    --seed "$seed" --progress 300 $resumed 2>> "$file.log" || status=$?
  [ -s "$file" ] && write_recipe "$file" $((SECONDS - began)) "$status" "$resumed"
  [ "$status" -ne 0 ] && exit "$status"
  mkdir -p "$keep_dir"
  cp "$file" "$keep_dir/"
  touch "$file.done"
done
