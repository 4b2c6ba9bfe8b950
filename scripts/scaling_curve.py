#!/usr/bin/env python3
"""Draws a data-scaling curve as an SVG: Elo against positions trained on
(log scale), each point with its 95% interval, from a TSV with the columns
positions, elo, margin, label (a header line first, lines with # skipped).

    scripts/scaling_curve.py docs/results/scaling-2026-12-04.tsv docs/results/scaling-2026-12-04.svg
"""
import math
import sys

W, H, LEFT, RIGHT, TOP, BOTTOM = 560, 340, 70, 30, 40, 60


def main(tsv, svg):
    rows = []
    with open(tsv, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    for line in lines[1:]:
        positions, elo, margin, label = line.split("\t")
        rows.append((float(positions), float(elo), float(margin), label))
    xs = [math.log2(p) for p, _, _, _ in rows]
    lows = [e - m for _, e, m, _ in rows] + [0.0]
    highs = [e + m for _, e, m, _ in rows] + [0.0]
    x0, x1 = min(xs) - 0.3, max(xs) + 0.3
    y0 = math.floor(min(lows) / 50) * 50
    y1 = math.ceil(max(highs) / 50) * 50
    sx = lambda x: LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT)
    sy = lambda y: TOP + (y1 - y) / (y1 - y0) * (H - TOP - BOTTOM)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{W / 2}" y="20" text-anchor="middle" font-size="14">'
        "Elo against the fifth network, by positions trained on</text>",
    ]
    for y in range(int(y0), int(y1) + 1, 50):
        out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{sy(y):.1f}" y2="{sy(y):.1f}" '
                   f'stroke="{"#888" if y == 0 else "#ddd"}"/>')
        tick = "0" if y == 0 else f"{y:+d}"
        out.append(f'<text x="{LEFT - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{tick}</text>')
    pxs = [sx(x) for x in xs]
    low = False
    for i, (p, e, m, label) in enumerate(rows):
        px = pxs[i]
        out.append(f'<line x1="{px:.1f}" x2="{px:.1f}" y1="{sy(e - m):.1f}" y2="{sy(e + m):.1f}" '
                   'stroke="#1f5fa8" stroke-width="2"/>')
        out.append(f'<circle cx="{px:.1f}" cy="{sy(e):.1f}" r="4" fill="#1f5fa8"/>')
        # A label stands above its bar, to the right; to the left when the next
        # point is close; below the bar and to the left near the right edge.
        crowded = i + 1 < len(rows) and pxs[i + 1] - px < 25
        if px > W - RIGHT - 60:
            out.append(f'<text x="{px - 7:.1f}" y="{sy(e - m) + 16:.1f}" text-anchor="end">{label}</text>')
        elif crowded:
            out.append(f'<text x="{px - 7:.1f}" y="{sy(e + m) - 6:.1f}" text-anchor="end">{label}</text>')
        else:
            out.append(f'<text x="{px + 7:.1f}" y="{sy(e + m) - 6:.1f}">{label}</text>')
        # A position label closer than 50 px to the one before drops a line,
        # unless that one did.
        low = i > 0 and px - pxs[i - 1] < 50 and not low
        out.append(f'<text x="{px:.1f}" y="{H - BOTTOM + (30 if low else 16)}" text-anchor="middle">'
                   f"{p / 1e6:.2f} M</text>")
    out.append(f'<text x="{W / 2}" y="{H - 14}" text-anchor="middle">'
               "quiet positions trained on (log scale)</text>")
    out.append("</svg>")
    with open(svg, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
