#!/usr/bin/env bash
# A screenshot of a real GUI playing chuhan: XBoard (its Xiangqi board)
# driving this checkout's engine through the UCCI adapter uci2wb, against
# MaxQi, on a virtual X display (Xvfb), taken some moves into the game.
#
#   scripts/xboard-screenshot.sh [OUT.png] [SECONDS]
#
# Needs (Debian/Ubuntu): apt-get install xboard uci2wb fairymax xvfb x11-utils imagemagick
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/gui/xboard-chuhan.png}
seconds=${2:-12}
export PATH="$PATH:/usr/games"
for tool in xboard uci2wb maxqi Xvfb import convert xwininfo; do
  command -v "$tool" > /dev/null || { echo "xboard-screenshot: $tool is not installed" >&2; exit 1; }
done
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
engine=$root/target/release/chuhan
work=$(mktemp -d)
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 900x760x24 -nolisten tcp > "$work/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$gui" "$xvfb" 2> /dev/null || true; rm -rf "$work"' EXIT
sleep 1
# Two machines, chuhan Red: the game starts by itself. A second a move
# leaves a few moves on the board by the time the picture is taken.
(cd "$work" && DISPLAY=$display xboard -variant xiangqi -size medium \
  -fcp "uci2wb -x $engine" -fd . -fn chuhan -scp maxqi -sd . -matchGames 1 \
  -tc 0:40 -inc 1 -showCoords true > "$work/xboard.log" 2>&1) &
gui=$!
sleep "$seconds"
mkdir -p "$(dirname "$out")"
# XBoard's main window is titled by the game: "chuhan vs. MaxQi ...".
window=$(DISPLAY=$display xwininfo -root -tree | awk '/"chuhan vs/ {print $1; exit}')
[ -n "$window" ] || { echo "xboard-screenshot: no XBoard window; its log:" >&2; cat "$work/xboard.log" >&2; exit 1; }
DISPLAY=$display import -window "$window" "$work/shot.png"
# 32 colours without dithering keep the picture small for the repository.
convert "$work/shot.png" -strip +dither -colors 32 "PNG8:$out"
echo "xboard-screenshot: wrote $out"
