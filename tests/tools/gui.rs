//! `chuhan gui` through the binary: its HTTP server and the WebSocket each
//! tab plays its game on, bad requests included.

use crate::engine_process::Engine;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// A running `chuhan gui`, stopped when dropped (the browser tests use it
/// too).
pub(super) struct Server {
    child: Child,
    /// host:port
    pub(super) address: String,
}

impl Server {
    pub(super) fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
            .args(["gui", "--no-open", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("chuhan gui: http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the address line: {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// The raw answer to one HTTP request.
    fn http(&self, request: &str) -> String {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    }

    fn get(&self, path: &str) -> String {
        self.http(&format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.address
        ))
    }

    fn tab(&self) -> Tab {
        let (socket, _) = tungstenite::connect(format!("ws://{}/ws", self.address)).unwrap();
        if let tungstenite::stream::MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream
                .set_read_timeout(Some(Duration::from_secs(60)))
                .unwrap();
        }
        let mut tab = Tab { socket };
        let greeting = tab.next();
        assert_eq!(greeting["type"], "state", "{greeting}");
        tab
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Tab {
    socket: WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>,
}

impl Tab {
    fn send(&mut self, request: Value) {
        self.socket
            .send(Message::text(request.to_string()))
            .unwrap();
    }

    fn next(&mut self) -> Value {
        loop {
            match self.socket.read().expect("the server answers") {
                Message::Text(text) => return serde_json::from_str(text.as_str()).unwrap(),
                Message::Close(_) => panic!("the server closed the socket"),
                _ => continue,
            }
        }
    }

    /// Messages until one of `kind` that `done` accepts; returns that one.
    fn until(&mut self, kind: &str, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            let message = self.next();
            if message["type"] == kind && done(&message) {
                return message;
            }
        }
        panic!("no {kind} message came");
    }

    /// A new game with no engine side, `moves` played by the user; the
    /// last state.
    fn play_without_engine(&mut self, moves: &[&str]) -> Value {
        self.send(json!({"type": "new", "engine": "none"}));
        let mut state = self.next();
        for mv in moves {
            self.send(json!({"type": "move", "move": mv}));
            state = self.next();
        }
        state
    }

    fn moves(state: &Value) -> Vec<String> {
        state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect()
    }
}

#[test]
fn the_page_and_its_files_are_served_and_nothing_else() {
    let server = Server::start();
    let page = server.get("/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("text/html") && page.contains(r#"<svg id="board""#));
    assert!(server.get("/board.js").contains("new WebSocket"));
    assert!(server.get("/style.css").starts_with("HTTP/1.1 200"));
    for outside in [
        "/../Cargo.toml",
        "/src/main.rs",
        "/%2e%2e/Cargo.toml",
        "/web/board.js",
    ] {
        let answer = server.get(outside);
        assert!(answer.starts_with("HTTP/1.1 404"), "{outside}: {answer}");
    }
    let post = server.http(&format!(
        "POST / HTTP/1.1\r\nHost: {}\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi",
        server.address
    ));
    assert!(post.starts_with("HTTP/1.1 405"), "{post}");
    // Garbage is answered or dropped, and the server goes on serving.
    let garbage = server.http("\u{1}\u{2} nonsense\r\n\r\n");
    assert!(!garbage.contains("200 OK"), "{garbage}");
    assert!(server.get("/").starts_with("HTTP/1.1 200"));
    // A page from another site may not open a game.
    let foreign = tungstenite::client::ClientRequestBuilder::new(
        format!("ws://{}/ws", server.address).parse().unwrap(),
    )
    .with_header("Origin", "http://elsewhere.example");
    let refused = tungstenite::connect(foreign);
    assert!(
        matches!(refused, Err(tungstenite::Error::Http(ref r)) if r.status() == 403),
        "{refused:?}"
    );
}

#[test]
fn a_game_against_the_engine_plays_what_go_plays_with_the_same_limits() {
    let server = Server::start();
    let mut tab = server.tab();
    tab.send(json!({"type": "settings", "depth": 5, "book": false}));
    assert_eq!(tab.next()["type"], "state");
    tab.send(json!({"type": "move", "move": "炮二平五"}));
    let answered = tab.until("state", |s| Tab::moves(s).len() == 2);
    let reply = Tab::moves(&answered)[1].clone();
    assert_eq!(answered["engine"], "black");
    assert!(
        answered["legal"]
            .as_array()
            .unwrap()
            .contains(&json!("h0g2")),
        "{answered}"
    );

    let mut engine = Engine::start();
    engine.send("uci");
    engine.until("uciok", Duration::from_secs(10));
    engine.send("setoption name OwnBook value false");
    engine.send("position startpos moves h2e2");
    engine.send("go depth 5");
    let said = engine.until("bestmove", Duration::from_secs(60));
    let best = said
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert_eq!(reply, best, "the board's engine and the engine on a pipe");

    // A second tab has a game of its own.
    let mut other = server.tab();
    other.send(json!({"type": "takeback"}));
    assert!(Tab::moves(&other.next()).is_empty());
    // Taking back returns to the user's move.
    tab.send(json!({"type": "takeback"}));
    assert!(Tab::moves(&tab.until("state", |_| true)).is_empty());
}

#[test]
fn bad_requests_get_one_clear_message_and_lose_nothing() {
    let server = Server::start();
    let mut tab = server.tab();
    assert_eq!(Tab::moves(&tab.play_without_engine(&["h2e2"])), ["h2e2"]);
    for (request, says) in [
        (Value::String("not json".into()), "JSON object"),
        (json!({"type": "move", "move": "h2h8"}), "h2h8"),
        (json!({"type": "move"}), "needs \"move\""),
        (json!({"type": "new", "fen": "9/9/9 w"}), "bad FEN"),
        (json!({"type": "new", "engine": "purple"}), "purple"),
        (json!({"type": "new", "rules": "martian"}), "martian"),
        (
            json!({"type": "pgn", "text": "1. h2e2 h2e2 *"}),
            "'h2e2' is not a legal move",
        ),
        (json!({"type": "export", "notation": "runes"}), "runes"),
        (json!({"type": "fly"}), "unknown request type 'fly'"),
    ] {
        match request {
            Value::String(text) => tab.socket.send(Message::text(text)).unwrap(),
            request => tab.send(request),
        }
        let answer = tab.next();
        assert_eq!(answer["type"], "error", "{answer}");
        assert!(
            answer["message"].as_str().unwrap().contains(says),
            "{answer}"
        );
    }
    // The game is as it was.
    tab.send(json!({"type": "export", "notation": "chinese"}));
    let pgn = tab.next();
    assert!(pgn["text"].as_str().unwrap().contains("炮二平五"), "{pgn}");
}

#[test]
fn a_game_ended_by_perpetual_check_shows_the_verdict_and_its_article() {
    let server = Server::start();
    let mut tab = server.tab();
    let pgn = "[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n\n\
               1. a0a9 d9d8 2. a9a8 d8d9 3. a8a9 d9d8 4. a9a8 d8d9 5. a8a9 *\n";
    tab.send(json!({"type": "pgn", "text": pgn}));
    let state = tab.next();
    let verdict = &state["verdict"];
    assert_eq!(verdict["result"], "0-1", "{state}");
    assert!(
        verdict["reason"]
            .as_str()
            .unwrap()
            .contains("perpetual check"),
        "{state}"
    );
    assert!(
        verdict["article"].as_str().unwrap().contains("§25.1"),
        "{state}"
    );
    // The account under it, as judge --explain gives it, and the checks
    // counted towards the 60-move rule.
    let explanation = verdict["explanation"].as_array().unwrap();
    assert!(
        explanation
            .iter()
            .any(|line| line.as_str().unwrap().starts_with("a8a9 Red check")),
        "{state}"
    );
    assert_eq!(state["checks"], json!({"red": 5, "black": 0}), "{state}");
    assert_eq!(
        (state["check_limit"].as_u64(), state["ply_limit"].as_u64()),
        (Some(10), Some(120))
    );
    // One ply earlier the board warned before the move.
    tab.send(json!({"type": "takeback"}));
    let before = tab.next();
    assert!(before["verdict"].is_null(), "{before}");
    let forbidden: Vec<&str> = before["forbidden"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(forbidden.contains(&"a8a9"), "{before}");
}

#[test]
fn clocks_run_for_the_side_to_move_and_a_fallen_flag_loses() {
    let server = Server::start();
    let mut tab = server.tab();
    tab.send(json!({"type": "settings", "tc": "2+0.5"}));
    tab.next();
    tab.send(json!({"type": "new", "engine": "black"}));
    let started = tab.next();
    assert_eq!(started["clocks"]["control"], "2+0.5", "{started}");
    assert_eq!(started["clocks"]["black"], 2000, "{started}");
    tab.send(json!({"type": "move", "move": "h2e2"}));
    // The engine answers on its clock, and both clocks have moved on.
    let answered = tab.until("state", |s| Tab::moves(s).len() == 2);
    let red = answered["clocks"]["red"].as_u64().unwrap();
    let black = answered["clocks"]["black"].as_u64().unwrap();
    assert!(red > 2000 && red <= 2500, "Red moved at once: {answered}");
    assert!(black < 2500, "the engine used some time: {answered}");
    // Red thinks too long.
    std::thread::sleep(Duration::from_millis(red + 400));
    tab.send(json!({"type": "move", "move": "h0g2"}));
    let late = tab.next();
    assert_eq!(
        Tab::moves(&late).len(),
        2,
        "a move after the flag fell: {late}"
    );
    assert_eq!(late["verdict"]["result"], "0-1", "{late}");
    assert_eq!(late["verdict"]["reason"], "Red lost on time", "{late}");
    // A bad time control is refused by name.
    tab.send(json!({"type": "settings", "tc": "soon"}));
    let refused = tab.next();
    assert!(
        refused["message"].as_str().unwrap().contains("soon"),
        "{refused}"
    );
}

#[test]
fn a_review_judges_every_move_and_goto_plays_on_from_an_earlier_ply() {
    let server = Server::start();
    let mut tab = server.tab();
    let played = tab.play_without_engine(&["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(Tab::moves(&played).len(), 4, "{played}");
    tab.send(json!({"type": "review", "depth": 3}));
    let review = tab.until("review", |_| true);
    let moves = review["moves"].as_array().unwrap();
    let reviewed: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(reviewed, ["h2e2", "h9g7", "h0g2", "i9h9"], "{review}");
    assert!(moves
        .iter()
        .all(|m| m.get("mark").is_some() && m["value"].is_string()));
    assert!(
        review["plot"].as_str().unwrap().starts_with("<svg"),
        "{review}"
    );
    let red = review["summary"]["red"].as_str().unwrap();
    assert!(
        red.starts_with("average loss") && red.contains("over 2 moves"),
        "{review}"
    );

    // Back to ply 2, the moves after it gone; a ply the game lacks is refused.
    tab.send(json!({"type": "goto", "ply": 2}));
    assert_eq!(Tab::moves(&tab.until("state", |_| true)), ["h2e2", "h9g7"]);
    tab.send(json!({"type": "goto", "ply": 7}));
    let refused = tab.next();
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("2 plies"),
        "{refused}"
    );
    tab.send(json!({"type": "goto"}));
    assert_eq!(tab.next()["type"], "error");
    // A skill level is a setting like the others.
    tab.send(json!({"type": "settings", "skill": 3, "depth": 2}));
    assert_eq!(tab.next()["type"], "state");
    tab.send(json!({"type": "go"}));
    let answered = tab.until("state", |s| Tab::moves(s).len() == 3);
    assert_eq!(Tab::moves(&answered)[..2], ["h2e2", "h9g7"]);
}
