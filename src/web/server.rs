//! The web server: the page's files, and one WebSocket a tab for its game.
//! It listens where it is told (loopback unless `--listen` says otherwise)
//! and answers every other request with 404; a WebSocket opened by a page
//! from another site is refused, so no web page can drive the engine.

use super::{assets, connection};
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;

/// Where to listen and what to do once listening.
pub struct ServeOptions {
    pub address: SocketAddr,
    /// Open the page in the user's browser.
    pub open_browser: bool,
}

/// Serves until the process is stopped. The address is printed once the
/// socket listens (with `--port 0`, the port the system chose).
pub fn serve(options: ServeOptions) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.address)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.address))?;
        let address = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address: {e}"))?;
        let url = format!("http://{address}/");
        println!("chuhan gui: {url}");
        if options.open_browser {
            open_in_browser(&url);
        }
        axum::serve(listener, router())
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

fn router() -> Router {
    Router::new().route("/ws", get(socket)).fallback(asset)
}

async fn asset(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, "only GET\n").into_response();
    }
    match assets::find(uri.path()) {
        Some((media_type, body)) => ([(header::CONTENT_TYPE, media_type)], body).into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

async fn socket(headers: HeaderMap, upgrade: WebSocketUpgrade) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "a page from another site\n").into_response();
    }
    upgrade.on_upgrade(connection::serve)
}

/// Whether the page that opens the socket is ours: no `Origin` (not a
/// browser), or an origin whose host and port are the `Host` asked for.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.to_str().ok().and_then(|o| {
        o.strip_prefix("http://")
            .or_else(|| o.strip_prefix("https://"))
    });
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// Opens `url` with `$BROWSER`, else the system's opener; a failure is
/// only noted, since the address is printed.
fn open_in_browser(url: &str) {
    let opener = std::env::var("BROWSER")
        .ok()
        .filter(|b| !b.trim().is_empty());
    let program = opener.unwrap_or_else(|| {
        if cfg!(target_os = "macos") {
            "open".to_string()
        } else {
            "xdg-open".to_string()
        }
    });
    let started = std::process::Command::new(&program)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = started {
        eprintln!("note: cannot open a browser with {program} ({e}); open {url} by hand");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        headers
    }

    #[test]
    fn only_our_own_page_or_no_browser_may_open_the_socket() {
        assert!(same_origin(&headers("127.0.0.1:8080", None)));
        assert!(same_origin(&headers(
            "127.0.0.1:8080",
            Some("http://127.0.0.1:8080")
        )));
        assert!(!same_origin(&headers(
            "127.0.0.1:8080",
            Some("http://evil.example")
        )));
        assert!(!same_origin(&headers(
            "127.0.0.1:8080",
            Some("http://127.0.0.1:9090")
        )));
        assert!(!same_origin(&headers("127.0.0.1:8080", Some("null"))));
    }
}
