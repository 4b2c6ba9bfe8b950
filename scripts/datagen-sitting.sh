#!/usr/bin/env bash
# A sitting's self-play: game files of 500,000 positions from this build
# (its built-in network), one after another at the lowest priority, until
# killed. A file of this build left half-made in DATA_DIR is gone on with
# (--resume); a seed that any recipe in data/recipes/ names is skipped, at
# any commit (two commits with the same search would play the same games). The binary is copied into DATA_DIR first, so rebuilding the
# checkout does not change the games. Write each finished shard's recipe
# into data/recipes/ with scripts/shard-recipe.py (see data/recipes/README.md)
# and commit it.
#
#   scripts/datagen-sitting.sh DATA_DIR [SEED_FROM=8001] [SEED_TO=8999]
#
# NICE=15 raises self-play above the default lowest priority (19), so that
# it keeps the larger share beside the SPSA run (`make tune-search`, nice 19).
# CHUHAN_BIN=path plays with that binary instead of this checkout's build
# (to go on with an older commit's shards after main has moved on).
# NODES=N plays N nodes a move instead of 5,000; the node count is part of
# the recipe, so give such shards a seed range of their own (SEED_FROM).
set -euo pipefail
data_dir=${1:?usage: $0 DATA_DIR [SEED_FROM] [SEED_TO]}
from=${2:-8001}
to=${3:-8999}
root=$(cd "$(dirname "$0")/.." && pwd)
built=${CHUHAN_BIN:-}
if [ -z "$built" ]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  built=$root/target/release/chuhan
fi
commit=$("$built" --version | sed -n 's/.*(\(.*\)).*/\1/p')
mkdir -p "$data_dir/bin"
bin=$data_dir/bin/chuhan-$commit
[ -x "$bin" ] || cp "$built" "$bin"
for seed in $(seq "$from" "$to"); do
  name=selfplay-$commit-s$seed
  file=$data_dir/$name.bin
  [ -e "$file.done" ] && continue
  resume=""
  if [ -s "$file" ]; then
    resume=--resume
  elif compgen -G "$root/data/recipes/*-s$seed.txt" > /dev/null; then
    continue
  fi
  nice -n "${NICE:-19}" "$bin" datagen --out "$file" --network --threads 2 --nodes "${NODES:-5000}" --positions 500000 \
    --seed "$seed" --progress 300 $resume 2>> "$file.log" && touch "$file.done"
done
