//! Fits the win/draw/loss model of `src/search/wdl.rs` to the results of
//! games in `chuhan datagen` files: each position's search score and
//! material against how its game ended, for the side to move.
//!
//!     cargo run --release --example fit_wdl -- FILE...
//!
//! Positions are counted into bins (material, score to the nearest 10
//! centipawns, clamped to +-2,000; mate and rule-win scores left out), then
//! the eight parameters are fitted by Adam on the mean log-loss of the
//! three outcomes over the bins, until 5,000 steps gain less than 1e-7. It
//! prints the parameters to paste into `FITTED`, the log-loss beside that
//! of the outcomes' overall shares, and the model's chances at a few scores
//! and materials.

use chuhan::core::GameResult;
use chuhan::learn::data::source::for_each_record;
use chuhan::search::wdl::{material, WdlModel, START_MATERIAL};
use chuhan::Color;
use std::collections::HashMap;
use std::path::PathBuf;

/// Scores beyond this are left out: mates and wins by the repetition rules.
const DECISIVE: i32 = 5_000;
/// Scores are clamped here: beyond it a game is decided either way.
const CLAMP: i32 = 2_000;

/// Outcome counts for the side to move: loss, draw, win.
type Counts = [u64; 3];

fn main() {
    let files: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if files.is_empty() {
        eprintln!("usage: fit_wdl FILE... (chuhan datagen files)");
        std::process::exit(2);
    }
    let mut bins: HashMap<(i32, i32), Counts> = HashMap::new();
    let mut skipped = 0u64;
    let read = for_each_record(&files, None, |record| {
        let score = i32::from(record.score);
        if score.abs() >= DECISIVE {
            skipped += 1;
            return;
        }
        let Ok(pos) = record.position() else {
            skipped += 1;
            return;
        };
        let red = record.side_to_move == Color::Red;
        let for_mover = if red { score } else { -score };
        let outcome = match (record.result, red) {
            (GameResult::Draw, _) => 1,
            (GameResult::RedWins, true) | (GameResult::BlackWins, false) => 2,
            _ => 0,
        };
        let key = (
            material(&pos),
            (for_mover.clamp(-CLAMP, CLAMP) + 5).div_euclid(10) * 10,
        );
        bins.entry(key).or_default()[outcome] += 1;
    })
    .unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1);
    });
    let bins: Vec<((i32, i32), Counts)> = bins.into_iter().collect();
    let total: u64 = bins.iter().map(|(_, c)| c.iter().sum::<u64>()).sum();
    println!(
        "positions read {read}, used {total}, left out {skipped}, bins {}",
        bins.len()
    );
    let mut shares = [0u64; 3];
    for (_, c) in &bins {
        for i in 0..3 {
            shares[i] += c[i];
        }
    }
    let baseline: f64 = -shares
        .iter()
        .map(|&n| n as f64 / total as f64 * (n as f64 / total as f64).ln())
        .sum::<f64>();
    println!(
        "outcomes for the side to move: {} wins, {} draws, {} losses; their shares' log-loss {baseline:.5}",
        shares[2], shares[1], shares[0]
    );

    // params: a0..a3, b0..b3
    let mut p = [150.0, 0.0, 0.0, 0.0, 150.0, 0.0, 0.0, 0.0];
    let (mut m, mut v) = ([0.0f64; 8], [0.0f64; 8]);
    let (beta1, beta2, lr) = (0.9, 0.999, 2.0);
    let mut last = f64::INFINITY;
    for step in 1..=60_000 {
        let (loss, grad) = loss_and_gradient(&p, &bins, total);
        for i in 0..8 {
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - beta1.powi(step));
            let vh = v[i] / (1.0 - beta2.powi(step));
            p[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if step % 5_000 == 0 {
            println!("step {step}: log-loss {loss:.6}");
            if last - loss < 1e-7 {
                break;
            }
            last = loss;
        }
    }
    let model = WdlModel {
        a: [p[0], p[1], p[2], p[3]],
        b: [p[4], p[5], p[6], p[7]],
    };
    let (loss, _) = loss_and_gradient(&p, &bins, total);
    println!("fitted log-loss {loss:.5} (the shares alone: {baseline:.5})");
    println!("pub const FITTED: WdlModel = WdlModel {{");
    println!(
        "    a: [{:.3}, {:.3}, {:.3}, {:.3}],",
        p[0], p[1], p[2], p[3]
    );
    println!(
        "    b: [{:.3}, {:.3}, {:.3}, {:.3}],",
        p[4], p[5], p[6], p[7]
    );
    println!("}};");
    for material in [START_MATERIAL, 80, 50, 25] {
        let (a, b) = model.parameters(material);
        let row: Vec<String> = [0, 50, 100, 200, 400]
            .iter()
            .map(|&cp| {
                let (w, l) = model.probabilities(f64::from(cp), material);
                format!(
                    "{cp:+}: {:.0}/{:.0}/{:.0}",
                    w * 1000.0,
                    (1.0 - w - l) * 1000.0,
                    l * 1000.0
                )
            })
            .collect();
        println!(
            "material {material}: a {a:.0}, b {b:.0}; {}",
            row.join(", ")
        );
    }
}

/// The mean log-loss over the bins and its gradient in the parameters.
fn loss_and_gradient(p: &[f64; 8], bins: &[((i32, i32), Counts)], total: u64) -> (f64, [f64; 8]) {
    let mut loss = 0.0;
    let mut grad = [0.0; 8];
    for &((material, cp), counts) in bins {
        let t = f64::from(material.clamp(0, START_MATERIAL)) / f64::from(START_MATERIAL);
        let powers = [1.0, t, t * t, t * t * t];
        let a: f64 = (0..4).map(|i| p[i] * powers[i]).sum();
        let b: f64 = (0..4).map(|i| p[4 + i] * powers[i]).sum::<f64>().max(1.0);
        let x = f64::from(cp);
        let sw = 1.0 / (1.0 + ((a - x) / b).exp());
        let sl = 1.0 / (1.0 + ((a + x) / b).exp());
        let pw = sw.max(1e-12);
        let pl = sl.max(1e-12);
        let pd = (1.0 - sw - sl).max(1e-12);
        let [nl, nd, nw] = counts.map(|n| n as f64);
        loss -= nw * pw.ln() + nd * pd.ln() + nl * pl.ln();
        // d sw / da = -sw (1 - sw) / b; d sw / db = -sw (1 - sw) (x - a) / b^2
        // d sl / da = -sl (1 - sl) / b; d sl / db = sl (1 - sl) (a + x) / b^2
        let dw_da = -sw * (1.0 - sw) / b;
        let dw_db = -sw * (1.0 - sw) * (x - a) / (b * b);
        let dl_da = -sl * (1.0 - sl) / b;
        let dl_db = sl * (1.0 - sl) * (a + x) / (b * b);
        let dd_da = -dw_da - dl_da;
        let dd_db = -dw_db - dl_db;
        let g_a = -(nw * dw_da / pw + nl * dl_da / pl + nd * dd_da / pd);
        let g_b = -(nw * dw_db / pw + nl * dl_db / pl + nd * dd_db / pd);
        for i in 0..4 {
            grad[i] += g_a * powers[i];
            grad[4 + i] += g_b * powers[i];
        }
    }
    let n = total as f64;
    (loss / n, grad.map(|g| g / n))
}
