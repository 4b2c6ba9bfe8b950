#!/usr/bin/env bash
# Builds chuhan at COMMIT in a git worktree under target/ (kept for the next
# call) and prints the binary's path: what the remake scripts run.
#
#   scripts/build-at.sh COMMIT
set -euo pipefail
commit=${1:?usage: $0 COMMIT}
root=$(git rev-parse --show-toplevel)
tree=$root/target/remake-$commit
[ -d "$tree" ] || git -C "$root" worktree add --detach "$tree" "$commit" > /dev/null
cargo build --release --quiet --manifest-path "$tree/Cargo.toml"
echo "$tree/target/release/chuhan"
