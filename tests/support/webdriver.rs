//! A small WebDriver client for the tests that drive a real browser:
//! Chromium through chromedriver, over the W3C WebDriver protocol (JSON over
//! HTTP), with std's sockets and serde_json only. A client crate would bring
//! its own HTTP stack and async runtime into the tests for the dozen calls
//! these tests make.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a wait for the page lasts before the test fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// A headless Chromium session, closed with its driver when dropped.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: PathBuf,
}

/// An element of the page, as the driver names it.
pub struct Element(String);

/// The first of `names` found on PATH (or the path an environment variable
/// gives, when set).
fn program(variable: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(variable) {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().unwrap().port()
}

impl Browser {
    /// Starts chromedriver and a headless Chromium of `width` by `height`
    /// pixels; `Err` says what is missing where no browser can be had.
    pub fn start(width: u32, height: u32) -> Result<Browser, String> {
        let chromium = program(
            "CHROMIUM",
            &["chromium", "chromium-browser", "google-chrome"],
        )
        .ok_or("no Chromium (Debian: apt-get install chromium chromium-driver; or set CHROMIUM)")?;
        let chromedriver = program("CHROMEDRIVER", &["chromedriver"]).ok_or(
            "no chromedriver (Debian: apt-get install chromium-driver; or set CHROMEDRIVER)",
        )?;
        let port = free_port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{} does not start: {e}", chromedriver.display()))?;
        let profile =
            std::env::temp_dir().join(format!("chuhan-browser-{}-{port}", std::process::id()));
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            profile,
        };
        browser.wait_for_driver()?;
        let capabilities = json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars",
                format!("--window-size={width},{height}"),
                format!("--user-data-dir={}", browser.profile.display()),
            ]
        }}}});
        let answer = browser
            .call("POST", "/session", Some(capabilities))
            .map_err(|e| format!("{} gives no session: {e}", chromium.display()))?;
        browser.session = answer["sessionId"]
            .as_str()
            .ok_or("the driver named no session")?
            .to_string();
        Ok(browser)
    }

    fn wait_for_driver(&self) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(status) = self.call("GET", "/status", None) {
                if status["ready"] == true {
                    return Ok(());
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err("chromedriver did not come up in 20 s".into())
    }

    /// One request to the driver; the answer's `value`, or its error.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        );
        stream
            .write_all(request.as_bytes())
            .map_err(|e| e.to_string())?;
        let json = read_answer(&mut stream)?;
        let parsed: Value = serde_json::from_str(&json).map_err(|e| format!("{e}: {json}"))?;
        let value = parsed["value"].clone();
        match value.get("error") {
            Some(error) => Err(format!("{error}: {}", value["message"])),
            None => Ok(value),
        }
    }

    fn try_session_call(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, String> {
        let path = format!("/session/{}{path}", self.session);
        self.call(method, &path, body)
            .map_err(|e| format!("{method} {path}: {e}"))
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.try_session_call(method, path, body)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    pub fn open(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    /// The page's answer to `script`, the body of a function given `args`.
    pub fn run(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Waits until `script` returns something truthy and returns it; fails
    /// the test, with `what` and the page's status line, when it never does.
    pub fn wait_until(&self, what: &str, script: &str, args: Value) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let value = self.run(script, args.clone());
            let truthy = !matches!(&value, Value::Null | Value::Bool(false))
                && value != json!("")
                && value != json!(0);
            if truthy {
                return value;
            }
            if Instant::now() > deadline {
                panic!(
                    "waited {PATIENCE:?} for {what}; the page says: {}",
                    self.page_lines()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The status, verdict and error lines, for a failing test's message.
    fn page_lines(&self) -> Value {
        self.run(
            "return ['status', 'verdict', 'error', 'warning'].map((id) => {\
               const node = document.getElementById(id); return node ? node.textContent : null; });",
            json!([]),
        )
    }

    pub fn find(&self, css: &str) -> Element {
        let found = self.session_call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        let id = found
            .as_object()
            .and_then(|map| map.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}: {found}"));
        Element(id.to_string())
    }

    /// Clicks the element `css`, found again where the page redrew it
    /// between the finding and the click (the board redraws on every state
    /// the server sends).
    pub fn click(&self, css: &str) {
        for _ in 0..5 {
            let element = self.find(css);
            match self.try_session_call(
                "POST",
                &format!("/element/{}/click", element.0),
                Some(json!({})),
            ) {
                Err(e) if e.contains("stale element") => continue,
                answer => {
                    answer.unwrap_or_else(|e| panic!("{e}"));
                    return;
                }
            }
        }
        panic!("{css} was redrawn five times as it was clicked");
    }

    /// Replaces the text of the input or text area `css` by `text`, as typed.
    pub fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.session_call(
            "POST",
            &format!("/element/{}/clear", element.0),
            Some(json!({})),
        );
        self.session_call(
            "POST",
            &format!("/element/{}/value", element.0),
            Some(json!({ "text": text })),
        );
    }

    /// Presses the mouse at one point of the viewport, moves it to another
    /// in steps and lets go: a drag, as a hand makes it.
    pub fn drag(&self, from: (i64, i64), to: (i64, i64)) {
        let mut steps = vec![
            json!({"type": "pointerMove", "duration": 0, "origin": "viewport", "x": from.0, "y": from.1}),
            json!({"type": "pointerDown", "button": 0}),
        ];
        for step in 1..=5 {
            let x = from.0 + (to.0 - from.0) * step / 5;
            let y = from.1 + (to.1 - from.1) * step / 5;
            steps.push(json!({"type": "pointerMove", "duration": 50, "origin": "viewport", "x": x, "y": y}));
        }
        steps.push(json!({"type": "pointerUp", "button": 0}));
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": steps
        }]});
        self.session_call("POST", "/actions", Some(actions));
        self.session_call("DELETE", "/actions", None);
    }

    /// The visible page as a PNG file at `path`.
    pub fn screenshot(&self, path: &Path) {
        let encoded = self.session_call("GET", "/screenshot", None);
        let png = decode_base64(encoded.as_str().expect("a base64 string"));
        std::fs::write(path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.call("DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The body of one HTTP answer, read to its Content-Length: the driver may
/// keep the connection open whatever the request asked.
fn read_answer(stream: &mut TcpStream) -> Result<String, String> {
    let mut answer = Vec::new();
    let mut buffer = [0u8; 16384];
    loop {
        if let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&answer[..end]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|value| value.trim().parse::<usize>().ok())
                .ok_or_else(|| format!("an answer without its length: {head}"))?;
            if answer.len() >= end + 4 + length {
                return Ok(String::from_utf8_lossy(&answer[end + 4..end + 4 + length]).into_owned());
            }
        }
        let read = stream.read(&mut buffer).map_err(|e| e.to_string())?;
        if read == 0 {
            return Err("the driver closed the connection mid-answer".into());
        }
        answer.extend_from_slice(&buffer[..read]);
    }
}

/// Standard base64 (the driver's screenshots) to bytes.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|c| *c != b'=' && !c.is_ascii_whitespace())
        .map(value)
        .collect();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let bits =
            chunk.iter().fold(0u32, |acc, d| acc << 6 | u32::from(*d)) << (6 * (4 - chunk.len()));
        let whole = [(bits >> 16) as u8, (bits >> 8) as u8, bits as u8];
        bytes.extend_from_slice(&whole[..chunk.len() - 1]);
    }
    bytes
}
