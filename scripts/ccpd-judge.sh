#!/usr/bin/env bash
# Every game of the Chinese Chess Practical Dataset read by `chuhan judge`.
#
#   scripts/ccpd-judge.sh CCPD_DIR [FAILS=target/ccpd-judge-fails.tsv]
#
# CCPD (github.com/Yvonne761/Chinese-Chess-Practical-Dataset, CC BY 4.0:
# master and computer games from 1950 to 2013, one Big5 PGN file a game,
# in traditional Chinese notation) is fetched separately, e.g. with
#   git clone --depth 1 https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset
# Each file goes to the binary as it is (the judge finds its encoding);
# a file the judge refuses is written to FAILS with its error, and the
# counts are printed, then the errors by kind (moves, numbers and the
# file's name taken out).
set -euo pipefail
dir=${1:?usage: $0 CCPD_DIR [FAILS]}
root=$(cd "$(dirname "$0")/.." && pwd)
fails=${2:-$root/target/ccpd-judge-fails.tsv}
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
bin=$root/target/release/chuhan
mkdir -p "$(dirname "$fails")"
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$dir" -name '*.pgn' -print0 | sort -z > "$list"
# One judge a file, on every core; only refusals are kept: the tool's
# failure, or a game it could not read (an `error:` line among its rulings).
xargs -0 -P "$(nproc)" -n 16 sh -c '
  bin=$0
  for file do
    said=$("$bin" judge "$file" 2>&1) && ok=1 || ok=0
    why=$(printf "%s\n" "$said" | grep -m1 "^error" || true)
    if [ "$ok" = 0 ] || [ -n "$why" ]; then
      printf "%s\t%s\n" "$file" "${why:-$(printf "%s" "$said" | head -1)}"
    fi
  done' "$bin" < "$list" | sort > "$fails"
total=$(tr -cd '\0' < "$list" | wc -c)
failed=$(wc -l < "$fails")
echo "files $total, read and judged $((total - failed)), refused $failed (each named in $fails)"
if [ "$failed" -gt 0 ]; then
  echo "refusals by kind:"
  cut -f2 "$fails" | sed -E "s/^error: //; s/^[^ ]*\.pgn: //; s/^game [0-9]+ .*\): ((move|bad) )/\1/;
    s/^move [0-9]+ \((Red|Black)\): //; s/'[^']*'/'...'/g; s/[0-9]+/N/g" |
    sort | uniq -c | sort -rn
fi
