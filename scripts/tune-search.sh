#!/usr/bin/env bash
# A sitting of the search's SPSA run: builds the tuning build of this
# checkout, goes on with the run in STATE at the lowest priority until
# MINUTES have passed (or Ctrl-C: the pairs under way are finished), draws
# the parameters' paths, and appends a line saying what the sitting added to
# the run's log. Commit STATE, the SVG and the log afterwards.
#
#   scripts/tune-search.sh [STATE=tuning/spsa-state.toml] [MINUTES=] [CONCURRENCY=2]
#
# MINUTES empty: until Ctrl-C or killed (the state is saved after every batch).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
state=${1:-tuning/spsa-state.toml}
minutes=${2:-}
concurrency=${3:-2}
cargo build --release --quiet --features tune --target-dir "$root/target/tune" \
  --manifest-path "$root/Cargo.toml" || exit 1
# A copy of its own, so that rebuilding the checkout mid-sitting does not
# change the engine the pairs start.
built=$root/target/tune/release/chuhan
bin=$root/target/tune/chuhan-$("$built" --version | sed -n 's/.*(\(.*\)).*/\1/p')
cp "$built" "$bin.partial" && mv "$bin.partial" "$bin"
pairs() { sed -n 's/^pairs = //p' "$state"; }
before=$(pairs)
began=$(date -u +%Y-%m-%dT%H:%MZ)
nice -n 19 "$bin" spsa run "$state" --concurrency "$concurrency" \
  ${minutes:+--minutes "$minutes"} --svg "$(dirname "$state")/spsa-paths.svg"
status=$?
after=$(pairs)
if [ "$after" != "$before" ]; then
  echo "$began to $(date -u +%Y-%m-%dT%H:%MZ): pairs $((before + 1))..$after ($(( (after - before) * 2 )) games), $($bin --version), concurrency $concurrency on $(nproc) cores, $(hostname)" \
    >> "$(dirname "$state")/sittings.log"
fi
exit $status
