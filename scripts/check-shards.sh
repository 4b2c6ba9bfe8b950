#!/usr/bin/env bash
# Checks every shard kept in the repository against its recipe: the file
# data/shards/NAME.bin must have the sha256 that data/recipes/NAME.txt names.
# Prints one line a shard and the totals; fails on a missing recipe or a
# mismatch.
#
#   scripts/check-shards.sh [SHARD_DIR=data/shards] [RECIPE_DIR=data/recipes]
set -euo pipefail
# shellcheck source=scripts/shard-recipe-field.sh
. "$(dirname "$0")/shard-recipe-field.sh"
shard_dir=${1:-data/shards}
recipe_dir=${2:-data/recipes}
shards=0
bytes=0
bad=0
for shard in "$shard_dir"/*.bin; do
  [ -e "$shard" ] || continue
  name=$(basename "$shard" .bin)
  recipe=$recipe_dir/$name.txt
  want=$(recipe_field "$recipe" sha256)
  got=$(sha256sum < "$shard" | cut -d' ' -f1)
  if [ -z "$want" ]; then
    echo "$name: no recipe with a sha256 ($recipe)"
    bad=$((bad + 1))
  elif [ "$got" != "$want" ]; then
    echo "$name: sha256 $got, the recipe says $want"
    bad=$((bad + 1))
  else
    echo "$name: as its recipe says"
  fi
  shards=$((shards + 1))
  bytes=$((bytes + $(stat -c %s "$shard")))
done
echo "$shards shards, $bytes bytes, $bad not as their recipes say"
[ "$bad" -eq 0 ]
