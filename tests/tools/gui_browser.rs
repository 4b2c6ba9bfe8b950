//! `chuhan gui` in a real browser: headless Chromium, driven through
//! chromedriver, plays by clicks and by drag, sets a position from FEN,
//! loads a game that ends by a perpetual and reads the verdict on the page.
//! Each test skips, saying why, where no browser can be had (`.ci/run`
//! installs Debian's `chromium` and `chromium-driver` where it can).
//!
//! With CHUHAN_GUI_SCREENSHOT=FILE the game test saves the page, as it
//! stands with the engine's lines at depth 10 or more, to FILE (`make
//! gui-screenshot`).

use super::gui::Server;
use crate::webdriver::Browser;
use serde_json::{json, Value};

/// A browser on a fresh page of a fresh server, the page connected and its
/// first position drawn; None (after a note on stderr) where no browser can
/// be had.
fn page() -> Option<(Server, Browser)> {
    let browser = match Browser::start(1040, 1180) {
        Ok(browser) => browser,
        Err(why) => {
            eprintln!("skipped: no browser to drive: {why}");
            return None;
        }
    };
    let server = Server::start();
    browser.open(&format!("http://{}/", server.address));
    browser.wait_until(
        "the first position",
        "return document.getElementById('status').textContent === 'Red to move' \
            && document.querySelectorAll('.piece').length === 32;",
        json!([]),
    );
    Some((server, browser))
}

/// The moves the page lists, in ICCS.
fn listed_moves(browser: &Browser) -> Vec<String> {
    let moves = browser.run(
        "return [...document.querySelectorAll('#moves li')].map((item) => item.dataset.move);",
        json!([]),
    );
    serde_json::from_value(moves).unwrap()
}

fn wait_for_plies(browser: &Browser, plies: usize) -> Vec<String> {
    browser.wait_until(
        &format!("{plies} plies listed, the engine done"),
        "return document.querySelectorAll('#moves li').length === arguments[0] \
            && !document.getElementById('status').textContent.includes('thinks');",
        json!([plies]),
    );
    listed_moves(browser)
}

/// A legal move of the side to move that the board does not warn against,
/// as the page's own state has it: the first of a few opening moves that
/// is, else the first there is (the picture of the README shows the game).
fn some_move(browser: &Browser) -> String {
    let found = browser.run(
        "const usual = ['h0g2', 'b0c2', 'i0h0', 'a0b0', 'g3g4', 'c3c4'];\
         const allowed = state.legal.filter((move) => !state.forbidden.includes(move));\
         return usual.find((move) => allowed.includes(move)) || allowed[0];",
        json!([]),
    );
    found.as_str().expect("a legal move").to_string()
}

/// Where a point of the board is on the screen, in CSS pixels, the board
/// scrolled into view first.
fn on_screen(browser: &Browser, square: &str) -> (i64, i64) {
    let at: Vec<f64> = serde_json::from_value(browser.run(
        "const board = document.getElementById('board');\
         board.scrollIntoView({block: 'nearest'});\
         const [x, y] = point(arguments[0]);\
         const box = board.getBoundingClientRect();\
         return [box.left + x * box.width / 560, box.top + y * box.height / 620];",
        json!([square]),
    ))
    .unwrap();
    (at[0].round() as i64, at[1].round() as i64)
}

fn click_move(browser: &Browser, movement: &str) {
    browser.click(&format!(".piece[data-square=\"{}\"]", &movement[..2]));
    browser.click(&format!("circle.target[data-move=\"{movement}\"]"));
}

fn piece_at(browser: &Browser, square: &str) -> Value {
    browser.run(
        "const node = document.querySelector(`.piece[data-square=\"${arguments[0]}\"]`);\
         return node && node.dataset.piece;",
        json!([square]),
    )
}

fn piece_count(browser: &Browser) -> Value {
    browser.run(
        "return document.querySelectorAll('.piece').length;",
        json!([]),
    )
}

/// The message the page shows once the server has refused a request.
fn refusal(browser: &Browser) -> String {
    let shown = browser.wait_until(
        "the refusal",
        "const error = document.getElementById('error'); return !error.hidden && error.textContent;",
        json!([]),
    );
    shown.as_str().unwrap().to_string()
}

fn no_error_shown(browser: &Browser) -> bool {
    browser.run("return document.getElementById('error').hidden;", json!([])) == true
}

#[test]
fn a_short_game_by_clicks_and_by_drag_and_the_engine_answers() {
    let Some((_server, browser)) = page() else {
        return;
    };
    browser.type_into("#movetime", "200");
    browser.click("#new-game");

    // By clicks: the piece, then one of the targets the board shows.
    click_move(&browser, "h2e2");
    let moves = wait_for_plies(&browser, 2);
    assert_eq!(moves[0], "h2e2");
    let answer = &moves[1];
    assert!(
        piece_at(&browser, &answer[2..])
            .as_str()
            .is_some_and(|p| p.chars().all(char::is_lowercase)),
        "the engine's answer {answer} is on the board"
    );
    let first_item = browser.run(
        "return document.querySelector('#moves li').textContent;",
        json!([]),
    );
    assert_eq!(first_item, "炮二平五 (h2e2)");

    // By drag: press on the piece, carry it to its target, let go.
    let dragged = some_move(&browser);
    browser.drag(
        on_screen(&browser, &dragged[..2]),
        on_screen(&browser, &dragged[2..]),
    );
    let moves = wait_for_plies(&browser, 4);
    assert_eq!(moves[2], dragged);

    // By clicks once more, then the engine's lines on request.
    let clicked = some_move(&browser);
    click_move(&browser, &clicked);
    let moves = wait_for_plies(&browser, 6);
    assert_eq!(moves[4], clicked);
    // The review, as chuhan analyse gives it: a mark or none for each move,
    // the plot and the summary per side.
    browser.type_into("#review-depth", "4");
    browser.click("#review");
    browser.wait_until(
        "the review",
        "return !document.getElementById('review-result').hidden;",
        json!([]),
    );
    let summary = browser.run(
        "return [document.getElementById('summary-red').textContent,\
                 document.getElementById('summary-black').textContent,\
                 document.querySelectorAll('#plot svg circle, #plot svg polyline, #plot svg path').length];",
        json!([]),
    );
    assert!(
        summary[0]
            .as_str()
            .unwrap()
            .starts_with("Red: average loss"),
        "{summary}"
    );
    assert!(
        summary[1].as_str().unwrap().contains("over 3 moves"),
        "{summary}"
    );
    assert!(
        summary[2].as_u64().unwrap() > 0,
        "the plot is drawn: {summary}"
    );
    browser.click("#analyse");
    let line = browser.wait_until(
        "the engine's line",
        "const line = document.querySelector('#lines li'); return line && line.textContent;",
        json!([]),
    );
    assert!(line.as_str().unwrap().starts_with('d'), "{line}");
    // The picture of the README where asked for, else one that is checked
    // and thrown away.
    let asked = std::env::var_os("CHUHAN_GUI_SCREENSHOT").map(std::path::PathBuf::from);
    if asked.is_some() {
        browser.wait_until(
            "a line of depth 10 or more",
            "const line = document.querySelector('#lines li');\
             return line && Number(line.textContent.slice(1).split(' ')[0]) >= 10;",
            json!([]),
        );
    }
    let picture = asked.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("chuhan-gui-{}.png", std::process::id()))
    });
    browser.screenshot(&picture);
    let png = std::fs::read(&picture).unwrap();
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000,
        "a picture of the page"
    );
    if asked.is_none() {
        std::fs::remove_file(&picture).unwrap();
    }
    browser.click("#stop");
    browser.wait_until(
        "the analysis stopped",
        "return !document.getElementById('status').textContent.includes('analysing');",
        json!([]),
    );
    assert_eq!(listed_moves(&browser).len(), 6, "analysis plays no move");
    assert!(no_error_shown(&browser));
}

#[test]
fn a_position_from_fen_and_a_bad_one_refused_on_the_page() {
    let Some((_server, browser)) = page() else {
        return;
    };
    // Not a position: the page says why and the game stays.
    browser.type_into("#fen-input", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    browser.click("#new-game");
    let error = refusal(&browser);
    assert!(error.contains("face"), "{error}");
    assert_eq!(piece_count(&browser), 32);

    browser.type_into("#fen-input", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    browser.click("#new-game");
    browser.wait_until(
        "the position set",
        "return document.querySelectorAll('.piece').length === 3;",
        json!([]),
    );
    assert_eq!(piece_at(&browser, "a0"), "R");
    assert_eq!(piece_at(&browser, "e0"), "K");
    assert_eq!(piece_at(&browser, "d9"), "k");
    // No clock was asked for, so none is shown.
    let clocks = browser.run(
        "return getComputedStyle(document.getElementById('clocks')).display;",
        json!([]),
    );
    assert_eq!(clocks, "none");
    assert!(no_error_shown(&browser));
}

#[test]
fn a_game_loaded_from_pgn_that_ends_by_perpetual_check_shows_its_verdict() {
    let Some((_server, browser)) = page() else {
        return;
    };
    let pgn = "[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n\n\
               1. a0a9 d9d8 2. a9a8 d8d9 3. a8a9 d9d8 4. a9a8 d8d9 5. a8a9 *\n";
    browser.type_into("#pgn-input", pgn);
    browser.click("#load-pgn");
    let verdict = browser.wait_until(
        "the verdict",
        "const verdict = document.getElementById('verdict'); return !verdict.hidden && verdict.textContent;",
        json!([]),
    );
    let verdict = verdict.as_str().unwrap();
    assert!(verdict.starts_with("0-1"), "{verdict}");
    assert!(verdict.contains("perpetual check"), "{verdict}");
    assert!(verdict.contains("§25.1"), "{verdict}");
    assert_eq!(listed_moves(&browser).len(), 9);
    // The referee's account under it, move by move, as judge --explain.
    let explanation = browser.run(
        "return document.getElementById('explanation').textContent;",
        json!([]),
    );
    assert!(
        explanation.as_str().unwrap().contains("a8a9 Red check"),
        "{explanation}"
    );

    // Stepping through it: to the start, two plies on, and play from there.
    browser.click("#step-first");
    assert_eq!(piece_at(&browser, "a0"), "R");
    browser.click("#step-forward");
    browser.click("#step-forward");
    assert_eq!(piece_at(&browser, "a9"), "R");
    assert_eq!(piece_at(&browser, "d8"), "k");
    assert_eq!(piece_at(&browser, "a0"), Value::Null);
    assert_eq!(listed_moves(&browser).len(), 9, "stepping changes no move");
    browser.click("#play-from-here");
    browser.wait_until(
        "the game taken back to ply 2",
        "return document.querySelectorAll('#moves li').length === 2 \
            && document.getElementById('verdict').hidden;",
        json!([]),
    );
    assert_eq!(listed_moves(&browser), ["a0a9", "d9d8"]);
}

#[test]
fn a_position_set_up_by_hand_is_checked_and_played_from() {
    let Some((_server, browser)) = page() else {
        return;
    };
    browser.click("#edit");
    browser.click("#setup-clear");
    let place = |piece: &str, square: &str| {
        browser.click(&format!(".palette-piece[data-piece=\"{piece}\"]"));
        let (x, y) = on_screen(&browser, square);
        browser.drag((x, y), (x, y));
    };
    // A red king and rook, no black king: refused, and the set-up stays.
    place("K", "e0");
    place("R", "a0");
    browser.click("#setup-done");
    let error = refusal(&browser);
    assert!(error.contains("bad FEN"), "{error}");
    let editing = browser.run(
        "return [!document.getElementById('setup').hidden, document.querySelectorAll('.piece').length];",
        json!([]),
    );
    assert_eq!(editing, json!([true, 2]), "the set-up stays to be mended");

    place("k", "d9");
    browser.click("#setup-done");
    browser.wait_until(
        "the position set up",
        "return document.querySelectorAll('.piece').length === 3 \
            && document.getElementById('status').textContent === 'Red to move';",
        json!([]),
    );
    assert_eq!(piece_at(&browser, "a0"), "R");
    assert_eq!(piece_at(&browser, "d9"), "k");
    click_move(&browser, "a0a9");
    let moves = wait_for_plies(&browser, 2);
    assert_eq!(moves[0], "a0a9");
}
