#!/usr/bin/env bash
# Checks the shards kept in the repository against their recipes, both
# ways: every file data/shards/NAME.bin must have the sha256 that
# data/recipes/NAME.txt names, and every recipe with a sha256 (a finished
# run) must have its shard here unless data/shards/not-kept.txt lists it,
# so a kept shard deleted by mistake is noticed. Prints one line a shard or
# fault and the totals; fails on a shard without a recipe, a mismatch, a
# missing shard, or a listed shard that is here after all.
#
#   scripts/check-shards.sh [SHARD_DIR=data/shards] [RECIPE_DIR=data/recipes]
set -euo pipefail
# shellcheck source=scripts/shard-recipe-field.sh
. "$(dirname "$0")/shard-recipe-field.sh"
shard_dir=${1:-data/shards}
recipe_dir=${2:-data/recipes}
not_kept=$shard_dir/not-kept.txt
shards=0
bytes=0
bad=0
listed() { [ -f "$not_kept" ] && grep -qx "$1" "$not_kept"; }
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
  elif listed "$name"; then
    echo "$name: here, but $not_kept lists it as not kept: drop it from the list"
    bad=$((bad + 1))
  else
    echo "$name: as its recipe says"
  fi
  shards=$((shards + 1))
  bytes=$((bytes + $(stat -c %s "$shard")))
done
missing=0
not_here=0
for recipe in "$recipe_dir"/*.txt; do
  [ -e "$recipe" ] || continue
  name=$(basename "$recipe" .txt)
  # A stopped run's recipe (empty sha256) names no finished shard.
  [ -n "$(recipe_field "$recipe" sha256)" ] || continue
  [ -e "$shard_dir/$name.bin" ] && continue
  if listed "$name"; then
    not_here=$((not_here + 1))
  else
    echo "$name: its recipe names a finished shard that is not in $shard_dir (nor in $not_kept)"
    missing=$((missing + 1))
  fi
done
echo "$shards shards, $bytes bytes, $bad not as their recipes say; $missing missing, $not_here listed as not kept"
[ "$bad" -eq 0 ] && [ "$missing" -eq 0 ]
