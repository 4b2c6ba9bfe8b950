#!/usr/bin/env bash
# The opening book from the master games of the Chinese Chess Practical
# Dataset (CCPD, github.com/Yvonne761/Chinese-Chess-Practical-Dataset,
# CC BY 4.0), vetted by this checkout's engine: the recipe of the shipped
# book (book/README).
#
#   scripts/book-masters.sh CCPD_DIR [OUT=book/chuhan.book]
#
# The collection is the folder Dataset/對局/大師對局 (53,685 Big5 PGN files
# filed by player, event and opening: 35,534 different games). Its checksum
# (sha256 of the sorted `sha256sum` lines of its files) is compared with
# the one the shipped book was built from; another collection is built from
# all the same, with a warning. Takes about 35 minutes on one core.
set -euo pipefail
ccpd=${1:?usage: $0 CCPD_DIR [OUT]}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$root/book/chuhan.book}
masters=Dataset/對局/大師對局
built_from=5a4cb22aaf0053c068110f759985214ee0160ca43f9bcb7d909aa44331cda3d1
[ -d "$ccpd/$masters" ] || { echo "$0: no $masters in $ccpd" >&2; exit 2; }
sum=$(cd "$ccpd" && find "$masters" -type f \( -iname '*.pgn' -o -iname '*.xqf' \) -print0 |
  LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
if [ "$sum" != "$built_from" ]; then
  echo "warning: the collection's checksum is $sum, not $built_from (the shipped book's)" >&2
fi
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
cd "$ccpd"
"$root/target/release/chuhan" book build -o "$out" \
  --min-games 3 --max-plies 24 --vet-depth 10 --vet-margin 100 \
  --hash 64 --threads 1 "$masters"
