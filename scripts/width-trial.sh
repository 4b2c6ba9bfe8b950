#!/usr/bin/env bash
# A network of another accumulator width, trained and built in as a trial:
# the width is a constant of the build (HIDDEN in src/eval/nnue/shape.rs),
# so the trial gets a git worktree of HEAD under target/ with that width,
# trains there (`chuhan train` reads no built-in network), puts the network
# in as the built-in one and builds again. Prints the playing binary's
# path; play it against main's build with `chuhan match` (an SPRT decides).
#
#   scripts/width-trial.sh WIDTH DATA OUT_DIR [TRAIN FLAGS...]
#
# For example, the eighth network's flags at width 256:
#   scripts/width-trial.sh 256 all9.games ../trials --epochs 30 --lr 0.002 \
#     --lr-end 0.01 --batch 4096 --lambda 0 --weight-decay 0 --buckets 8 \
#     --activation squared --seed 1 --validation 0.05 --threads 2
# OUT_DIR gets w256.nnue with its recipe, train.log and chuhan-w256.
set -euo pipefail
width=${1:?usage: $0 WIDTH DATA OUT_DIR [TRAIN FLAGS...]}
data=${2:?usage: $0 WIDTH DATA OUT_DIR [TRAIN FLAGS...]}
out_dir=${3:?usage: $0 WIDTH DATA OUT_DIR [TRAIN FLAGS...]}
shift 3
[[ $width =~ ^[1-9][0-9]*$ ]] || { echo "$0: width '$width' is no number" >&2; exit 2; }
root=$(git rev-parse --show-toplevel)
tree=$root/target/width-$width
shape=$tree/src/eval/nnue/shape.rs
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
data=$(cd "$(dirname "$data")" && pwd)/$(basename "$data")
# A fresh worktree of HEAD each time, so the trial is HEAD's code and this width only.
if [ -d "$tree" ]; then git -C "$root" worktree remove --force "$tree"; fi
git -C "$root" worktree add --detach "$tree" HEAD > /dev/null
sed -i "s/^pub const HIDDEN: usize = [0-9]*;/pub const HIDDEN: usize = $width;/" "$shape"
grep -q "^pub const HIDDEN: usize = $width;" "$shape" || { echo "$shape: no HIDDEN to set" >&2; exit 1; }
# The build outside the worktree, so that a later trial builds only the crate again.
target=$root/target/width-trials
build() { cargo build --release --quiet --manifest-path "$tree/Cargo.toml" --target-dir "$target"; }
build
net=$out_dir/w$width.nnue
"$target/release/chuhan" train "$data" --out "$net" "$@" > "$out_dir/train.log"
# The recipe names HEAD's commit, which is 128 wide: say what was changed.
echo "width = $width (HIDDEN set in a worktree of that commit by scripts/width-trial.sh)" >> "$net.recipe"
cp "$net" "$tree/src/eval/nnue/chuhan.nnue"
build
cp "$target/release/chuhan" "$out_dir/chuhan-w$width"
"$out_dir/chuhan-w$width" bench > /dev/null # starts with the built-in network of its width
echo "$out_dir/chuhan-w$width"
