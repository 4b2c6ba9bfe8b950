//! The parameters' paths over a tuning run as an SVG: one small panel per
//! parameter (its own range as the height, so a margin in centipawns and a
//! depth in plies read alike), theta over the pairs played as a line, its
//! start as a dashed line, and its drift in units of its final perturbation
//! written beside the name, so the parameters that moved stand out.

use super::state::SpsaState;
use std::fmt::Write as _;

const COLUMNS: usize = 4;
const PANEL_WIDTH: f64 = 230.0;
const PANEL_HEIGHT: f64 = 110.0;
const GAP: f64 = 18.0;
const HEADER: f64 = 54.0;
const LABEL: f64 = 16.0;
const FONTS: &str = "DejaVu Sans, Arial, sans-serif";

/// The plot of `state`'s history.
pub fn svg_paths(state: &SpsaState) -> String {
    let rows = state.params.len().div_ceil(COLUMNS);
    let width = GAP + COLUMNS as f64 * (PANEL_WIDTH + GAP);
    let height = HEADER + rows as f64 * (PANEL_HEIGHT + LABEL + GAP) + GAP;
    let last_pairs = state.history.last().map_or(0, |row| row.pairs).max(1) as f64;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONTS}">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let t = &state.tally;
    let _ = writeln!(
        svg,
        r#"<text x="{GAP}" y="24" font-size="16" font-weight="bold">SPSA: the search's parameters over {} game pairs ({} games)</text>"#,
        t.pairs,
        t.games()
    );
    let _ = writeln!(
        svg,
        r##"<text x="{GAP}" y="42" font-size="12" fill="#555">plus side +{} ={} -{}; {} nodes a move; each panel spans the parameter's range; dashed: its start; (+d): drift in final perturbations</text>"##,
        t.wins, t.draws, t.losses, state.settings.nodes
    );
    for (i, param) in state.params.iter().enumerate() {
        let x0 = GAP + (i % COLUMNS) as f64 * (PANEL_WIDTH + GAP);
        let y0 = HEADER + (i / COLUMNS) as f64 * (PANEL_HEIGHT + LABEL + GAP) + LABEL;
        let (min, max) = (f64::from(param.min), f64::from(param.max));
        let span = (max - min).max(1e-9);
        let y_of = |v: f64| y0 + PANEL_HEIGHT * (1.0 - (v - min) / span);
        let x_of = |pairs: u64| x0 + PANEL_WIDTH * pairs as f64 / last_pairs;
        let drift = param.drift();
        let colour = if drift.abs() >= 1.0 {
            "#c0392b"
        } else {
            "#333"
        };
        let _ = writeln!(
            svg,
            r#"<text x="{x0}" y="{}" font-size="12" fill="{colour}">{} {:.2} ({:+.2})</text>"#,
            y0 - 4.0,
            param.name,
            param.theta,
            drift
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{x0}" y="{y0}" width="{PANEL_WIDTH}" height="{PANEL_HEIGHT}" fill="#fafafa" stroke="#bbb"/>"##
        );
        for (value, anchor) in [(max, y0 + 10.0), (min, y0 + PANEL_HEIGHT - 3.0)] {
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{anchor}" font-size="9" fill="#888">{value}</text>"##,
                x0 + 3.0
            );
        }
        let start_y = y_of(f64::from(param.start));
        let _ = writeln!(
            svg,
            r##"<line x1="{x0}" y1="{start_y:.1}" x2="{}" y2="{start_y:.1}" stroke="#999" stroke-dasharray="4 3"/>"##,
            x0 + PANEL_WIDTH
        );
        let points: Vec<String> = state
            .history
            .iter()
            .filter_map(|row| row.theta.get(i).map(|&v| (row.pairs, v)))
            .map(|(pairs, v)| format!("{:.1},{:.1}", x_of(pairs), y_of(v)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.5"/>"#,
            points.join(" ")
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spsa::schedule::Schedule;
    use crate::spsa::state::{HistoryRow, SpsaSettings};

    #[test]
    fn each_parameter_has_a_panel_with_its_path() {
        let settings = SpsaSettings {
            seed: 1,
            nodes: 100,
            openings: String::new(),
            engine_options: vec![],
            batch: 1,
            history_every: 1,
            schedule: Schedule::fishtest(10),
        };
        let names = ["rfp_margin".to_string(), "nmp_depth".to_string()];
        let mut state = SpsaState::new(settings, &names).unwrap();
        state.params[0].theta = 110.0;
        state.history.push(HistoryRow {
            pairs: 10,
            theta: vec![110.0, 3.0],
        });
        let svg = svg_paths(&state);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("rfp_margin 110.00 (+2.00)"), "{svg}");
        assert!(svg.contains("nmp_depth 3.00 (+0.00)"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
