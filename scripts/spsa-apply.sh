#!/usr/bin/env bash
# Writes a tuning run's values into the search: each parameter the run
# tunes gets its value as played (theta rounded, as `chuhan spsa show`
# prints it) in src/search/params.rs; the others keep theirs. Build, match
# and land the result as docs/tuning.md says.
#
#   scripts/spsa-apply.sh [STATE=tuning/spsa-state.toml] [CHUHAN=target/release/chuhan]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
state=${1:-$root/tuning/spsa-state.toml}
chuhan=${2:-$root/target/release/chuhan}
params=$root/src/search/params.rs
# The table's rows: name start theta played drift range.
rows=$("$chuhan" spsa show "$state" | awk 'NF == 6 && $4 ~ /^-?[0-9]+$/ { print $1, $4 }')
[ -n "$rows" ] || { echo "spsa-apply: no parameter rows in chuhan spsa show $state" >&2; exit 1; }
echo "$rows" | while read -r name played; do
  grep -q "^    $name = -\?[0-9]* in " "$params" ||
    { echo "spsa-apply: $name is not in $params" >&2; exit 1; }
  sed -i "s/^    $name = -\?[0-9]* in /    $name = $played in /" "$params"
  echo "$name = $played"
done
