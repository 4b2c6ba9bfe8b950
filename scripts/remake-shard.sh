#!/usr/bin/env bash
# Makes a self-play shard again from its recipe in data/recipes/ and checks
# it byte for byte: builds the recipe's commit in a git worktree under
# target/, runs its command there (going on with a shard left half-made:
# --resume), and compares the sha256. Needs this repository's history.
#
#   scripts/remake-shard.sh data/recipes/NAME.txt [OUT_DIR=target/shards]
set -euo pipefail
recipe=${1:?usage: $0 data/recipes/NAME.txt [OUT_DIR]}
out_dir=${2:-target/shards}
# shellcheck source=scripts/shard-recipe-field.sh
. "$(dirname "$0")/shard-recipe-field.sh"
field() { recipe_field "$recipe" "$1"; }
commit=$(field commit)
command=$(field command)
sha=$(field sha256)
[ -n "$commit" ] && [ -n "$command" ] || { echo "$recipe: no '# commit:' or '# command:' line" >&2; exit 2; }
bin=$("$(dirname "$0")/build-at.sh" "$commit")
mkdir -p "$out_dir"
shard=$out_dir/$(basename "$recipe" .txt).bin
resume=""
# A game file half-made goes on; a version 1 file cannot, and starts again.
if [ -s "$shard" ] && [ "$(head -c 10 "$shard" | tail -c 2 | od -An -tu2 | tr -d ' ')" = 2 ]; then
  resume=--resume
else
  rm -f "$shard"
fi
# shellcheck disable=SC2086 # the command's words are its arguments
"$bin" ${command#chuhan } --out "$shard" $resume
got=$(sha256sum < "$shard" | cut -d' ' -f1)
if [ -z "$sha" ]; then
  echo "$shard: sha256 $got (the recipe names none)"
elif [ "$got" = "$sha" ]; then
  echo "$shard: sha256 $got, as the recipe says"
else
  echo "$shard: sha256 $got, the recipe says $sha" >&2
  exit 1
fi
