//! The evaluation over a game as an SVG plot, the picture a player reads at
//! a glance: Red's advantage above the middle line, filled red, Black's
//! below, filled dark; the marked moves as dots (red for blunders, orange
//! for mistakes, yellow for inaccuracies), each named by its move number
//! where there is room.
//!
//! The height is not linear in centipawns: a logistic curve (half height
//! at 300 cp) keeps the opening's small swings visible and a won game's
//! thousands from flattening the rest, as win-chance plots do.

use super::mark::Mark;
use super::review::{GameReview, Value};
use crate::core::Color;

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 380.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 56.0;
const BOTTOM: f64 = 48.0;
/// How far the first and last points stand inside the frame.
const INSET: f64 = 6.0;
/// Latin fonts first, then the CJK families of Linux, Windows and macOS, so
/// that players' names in Chinese are drawn, not boxes.
const FONTS: &str = "DejaVu Sans, Arial, Noto Sans CJK SC, Source Han Sans SC, \
                     WenQuanYi Micro Hei, Microsoft YaHei, PingFang SC, sans-serif";

/// The centipawns at which the curve stands at half its height.
const HALF_HEIGHT_CP: f64 = 300.0;

/// `cp` (Red's side) as -1 (Black wins) to 1 (Red wins).
fn advantage(cp: i32) -> f64 {
    2.0 / (1.0 + (-f64::from(cp) / HALF_HEIGHT_CP * 1.0986).exp()) - 1.0
}

/// Text safe inside an SVG element or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn colour(mark: Mark) -> &'static str {
    match mark {
        Mark::Blunder => "#d62728",
        Mark::Mistake => "#ff7f0e",
        Mark::Inaccuracy => "#e6c229",
    }
}

/// The plot of `review`, titled `title` (the players and result) with
/// `subtitle` (how the engine looked); `first_move` and `first_side` say
/// how the game's first ply is numbered.
pub fn svg_plot(
    review: &GameReview,
    title: &str,
    subtitle: &str,
    first_move: u32,
    first_side: Color,
) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let mid = TOP + plot_h / 2.0;
    let plies = review.moves.len().max(1) as f64;
    // The first and last points stand clear of the frame, so their dots show.
    let x = |ply: usize| LEFT + INSET + (plot_w - 2.0 * INSET) * ply as f64 / plies;
    let y = |cp: i32| mid - advantage(cp) * plot_h / 2.0;
    let values: Vec<Value> = std::iter::once(review.start.value)
        .chain(review.moves.iter().map(|m| m.after.value))
        .collect();
    let points: Vec<(f64, f64)> = values
        .iter()
        .enumerate()
        .map(|(ply, v)| (x(ply), y(v.capped())))
        .collect();
    let mut svg = String::new();
    svg += &format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"{FONTS}\">\n"
    );
    svg += &format!("<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\n");
    svg += &format!(
        "<text x=\"{LEFT}\" y=\"24\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">{}</text>\n",
        escape(title)
    );
    svg += &format!(
        "<text x=\"{LEFT}\" y=\"42\" font-size=\"11\" fill=\"#666\">{}</text>\n",
        escape(subtitle)
    );
    // The two halves, each clipped to its side of the middle line.
    svg += "<defs>\n";
    svg += &format!(
        "<clipPath id=\"red-side\"><rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{}\"/></clipPath>\n",
        plot_h / 2.0
    );
    svg += &format!(
        "<clipPath id=\"black-side\"><rect x=\"{LEFT}\" y=\"{mid}\" width=\"{plot_w}\" height=\"{}\"/></clipPath>\n",
        plot_h / 2.0
    );
    svg += "</defs>\n";
    svg += &format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"#f7f5f0\" stroke=\"#bbb\"/>\n"
    );
    // Grid lines at a pawn or two, a piece, and a won game.
    for cp in [100, 300, 1000] {
        for signed in [cp, -cp] {
            let gy = y(signed);
            svg += &format!(
                "<line x1=\"{LEFT}\" y1=\"{gy:.1}\" x2=\"{:.1}\" y2=\"{gy:.1}\" stroke=\"#ddd\" stroke-dasharray=\"4 3\"/>\n",
                LEFT + plot_w
            );
            svg += &format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#888\" text-anchor=\"end\">{signed:+}</text>\n",
                LEFT - 6.0,
                gy + 3.5
            );
        }
    }
    svg += &format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#888\" text-anchor=\"end\">0</text>\n",
        LEFT - 6.0,
        mid + 3.5
    );
    svg += &format!(
        "<text x=\"14\" y=\"{mid:.1}\" font-size=\"11\" fill=\"#666\" text-anchor=\"middle\" \
         transform=\"rotate(-90 14 {mid:.1})\">centipawns, Red's side</text>\n"
    );
    // Move numbers along the bottom, every ten moves (or five in short games).
    let every = match review.moves.len() {
        0..=24 => 1,
        25..=80 => 5,
        _ => 10,
    };
    let red_first = first_side == Color::Red;
    for (ply, _) in values.iter().enumerate() {
        // The position after `ply` plies: the move number of the ply before it.
        let ply_index = ply as u32 + u32::from(!red_first);
        if !ply_index.is_multiple_of(2) || ply == 0 {
            continue;
        }
        let number = first_move + ply_index / 2 - 1;
        if !number.is_multiple_of(every) {
            continue;
        }
        let tx = x(ply);
        svg += &format!(
            "<line x1=\"{tx:.1}\" y1=\"{TOP}\" x2=\"{tx:.1}\" y2=\"{:.1}\" stroke=\"#eee\"/>\n",
            TOP + plot_h
        );
        svg += &format!(
            "<text x=\"{tx:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#888\" text-anchor=\"middle\">{number}</text>\n",
            TOP + plot_h + 14.0
        );
    }
    svg += &format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#666\" text-anchor=\"middle\">move</text>\n",
        LEFT + plot_w / 2.0,
        HEIGHT - 12.0
    );
    // The area between the curve and the middle line, then the curve.
    let mut area = format!("M {:.1} {mid:.1}", x(0));
    for (px, py) in &points {
        area += &format!(" L {px:.1} {py:.1}");
    }
    area += &format!(" L {:.1} {mid:.1} Z", points.last().map_or(LEFT, |p| p.0));
    svg += &format!(
        "<path d=\"{area}\" fill=\"#c8102e\" fill-opacity=\"0.55\" clip-path=\"url(#red-side)\"/>\n"
    );
    svg += &format!(
        "<path d=\"{area}\" fill=\"#2b2b2b\" fill-opacity=\"0.55\" clip-path=\"url(#black-side)\"/>\n"
    );
    let line: Vec<String> = points
        .iter()
        .map(|(px, py)| format!("{px:.1},{py:.1}"))
        .collect();
    svg += &format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\"/>\n",
        line.join(" ")
    );
    svg += &format!(
        "<line x1=\"{LEFT}\" y1=\"{mid:.1}\" x2=\"{:.1}\" y2=\"{mid:.1}\" stroke=\"#777\"/>\n",
        LEFT + plot_w
    );
    // The marked moves, at the position they left, each labelled with its
    // move number. A label that would run into the last one above (or
    // below) its dot is left out (its dot stays).
    let mut last_label = [f64::NEG_INFINITY; 2];
    for (i, m) in review.moves.iter().enumerate() {
        let Some(mark) = m.mark else { continue };
        let (px, py) = points[i + 1];
        let radius = if mark == Mark::Inaccuracy { 3.0 } else { 4.5 };
        svg += &format!(
            "<circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"{radius}\" fill=\"{}\" stroke=\"#fff\" stroke-width=\"1\"/>\n",
            colour(mark)
        );
        let ply_index = i as u32 + u32::from(!red_first);
        let number = first_move + ply_index / 2;
        let label = match m.mover {
            Color::Red => format!("{number}.{}", mark.suffix()),
            Color::Black => format!("{number}...{}", mark.suffix()),
        };
        // On the side of the dot away from the curve: above it when its
        // neighbours lie lower, below it otherwise; kept inside the plot.
        let neighbours = (points[i].1 + points.get(i + 2).map_or(points[i].1, |p| p.1)) / 2.0;
        let above = neighbours > py;
        let (ly, slot) = if above {
            ((py - 8.0).max(TOP + 10.0), 0)
        } else {
            ((py + 15.0).min(TOP + plot_h - 3.0), 1)
        };
        let width = 6.0 * label.len() as f64;
        let lx = px.clamp(LEFT + width / 2.0, LEFT + plot_w - width / 2.0);
        if lx - last_label[slot] < width + 4.0 {
            continue;
        }
        last_label[slot] = lx;
        svg += &format!(
            "<text x=\"{lx:.1}\" y=\"{ly:.1}\" font-size=\"10\" fill=\"{}\" text-anchor=\"middle\">{}</text>\n",
            colour(mark),
            escape(&label)
        );
    }
    // The legend.
    let mut lx = WIDTH - RIGHT - 270.0;
    for mark in [Mark::Blunder, Mark::Mistake, Mark::Inaccuracy] {
        svg += &format!(
            "<circle cx=\"{lx:.1}\" cy=\"38\" r=\"4.5\" fill=\"{}\"/>\n",
            colour(mark)
        );
        svg += &format!(
            "<text x=\"{:.1}\" y=\"42\" font-size=\"11\" fill=\"#444\">{} {}</text>\n",
            lx + 8.0,
            mark.suffix(),
            mark.name()
        );
        lx += 90.0;
    }
    svg += "</svg>\n";
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::review::{Assessment, MoveReview};

    #[test]
    fn the_scale_is_level_at_zero_half_at_300_and_bounded() {
        assert!(advantage(0).abs() < 1e-9);
        assert!((advantage(300) - 0.5).abs() < 1e-3, "{}", advantage(300));
        assert!((advantage(-300) + 0.5).abs() < 1e-3);
        assert!(advantage(1_500) < 1.0 && advantage(1_500) > 0.95);
    }

    /// A review of `values` (Red's centipawns after each ply from the
    /// start at 0), with `marks` on the plies named.
    fn review(values: &[i32], marks: &[(usize, Mark)]) -> GameReview {
        let assessment = |cp: i32| Assessment {
            best: None,
            value: Value::Cp(cp),
            depth: 1,
            red_expected: 500,
        };
        let moves = values
            .iter()
            .enumerate()
            .map(|(ply, &cp)| MoveReview {
                mv: "h2e2".parse().unwrap(),
                mover: if ply % 2 == 0 {
                    Color::Red
                } else {
                    Color::Black
                },
                before: assessment(0),
                after: assessment(cp),
                loss: 0,
                points_lost: 0,
                mark: marks.iter().find(|(p, _)| *p == ply).map(|(_, m)| *m),
            })
            .collect();
        GameReview {
            start: assessment(0),
            moves,
        }
    }

    /// The (x, y) of each point of the curve.
    fn curve(svg: &str) -> Vec<(f64, f64)> {
        let line = svg.lines().find(|l| l.starts_with("<polyline")).unwrap();
        let points = line.split('"').nth(1).unwrap();
        points
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn every_mark_is_numbered_on_the_side_away_from_the_curve() {
        // A peak at ply 2 (Red's second move) and a trough at ply 5.
        let values = [0, 0, 600, 0, 0, -600, 0, 0];
        let marks = [(2, Mark::Inaccuracy), (5, Mark::Blunder)];
        let svg = svg_plot(&review(&values, &marks), "A vs B", "", 1, Color::Red);
        let points = curve(&svg);
        let label_y = |label: &str| -> f64 {
            let line = svg
                .lines()
                .find(|l| l.ends_with(&format!(">{label}</text>")))
                .unwrap_or_else(|| panic!("no label {label} in {svg}"));
            line.split("y=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert!(label_y("2.?!") < points[3].1, "above the peak");
        assert!(label_y("3...??") > points[6].1, "below the trough");
    }

    #[test]
    fn the_ends_stand_inside_the_frame_and_names_in_chinese_have_a_font() {
        let svg = svg_plot(
            &review(&[50, -50, 80], &[]),
            "许银川 vs 聂卫平",
            "",
            1,
            Color::Red,
        );
        let points = curve(&svg);
        assert!(points[0].0 > LEFT && points.last().unwrap().0 < WIDTH - RIGHT);
        assert!(svg.contains("Noto Sans CJK SC") && svg.contains("Microsoft YaHei"));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("A & <B> \"c\""), "A &amp; &lt;B&gt; &quot;c&quot;");
    }
}
