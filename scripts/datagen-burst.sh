#!/usr/bin/env bash
# Self-play data from a machine lent for a short while: builds chuhan, plays
# SHARDS game files at once (THREADS threads each) for SECONDS seconds,
# stops them cleanly with SIGINT (every game finished without a gap before
# it is kept), and leaves in OUT_DIR the shards (format version 2, about
# 2.5 bytes a position, each with its recipe in its header) and one summary
# (chuhan data stats of each). Nothing else is written there: by default 4
# shards and a summary, inside a limit of 8 files of 16 MiB (4 M positions
# are some 10 MiB in all).
#
# A shard is the start of its recipe's run: the same command with --resume,
# on any machine, goes on with it after its last game, and the whole run
# made at once writes the same bytes. The seeds are SEED_BASE + 1, + 2, ...
#
#   scripts/datagen-burst.sh OUT_DIR [SECONDS=720] [SHARDS=4] [THREADS=4] [SEED_BASE=7000] [NODES=5000]
set -euo pipefail
out=${1:?usage: $0 OUT_DIR [SECONDS] [SHARDS] [THREADS] [SEED_BASE] [NODES]}
seconds=${2:-720}
shards=${3:-4}
threads=${4:-4}
seed_base=${5:-7000}
nodes=${6:-5000}
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/chuhan
commit=$($bin --version | sed -n 's/.*(\(.*\)).*/\1/p')
mkdir -p "$out"
pids=()
for i in $(seq 1 "$shards"); do
  seed=$((seed_base + i))
  # The positions limit is far past what the time allows: the time stops
  # the run, and --resume later goes on towards the limit.
  timeout -s INT "$seconds" "$bin" datagen --out "$out/selfplay-$commit-s$seed.bin" \
    --network --threads "$threads" --nodes "$nodes" --positions 5000000 --seed "$seed" \
    --progress 60 2> "$out/.log-$seed" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
# timeout answers 124 when it stopped a run: that is the plan, not a fault.
[ "$status" = 0 ] || [ "$status" = 124 ] || { cat "$out"/.log-*; exit "$status"; }
rm -f "$out"/.log-*
$bin data stats "$out"/selfplay-*.bin > "$out/summary.txt"
for f in "$out"/selfplay-*.bin; do
  echo "$(basename "$f") $(stat -c %s "$f") sha256 $(sha256sum < "$f" | cut -d' ' -f1)" >> "$out/summary.txt"
done
tail -n 5 "$out/summary.txt"
