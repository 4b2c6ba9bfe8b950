//! One WebSocket: the page's requests, the engine's lines and a review's
//! messages, taken in the order they come, for one [`GameSession`]. Closing the tab drops the
//! session, which stops its search and ends its engine.

use super::game_session::GameSession;
use axum::extract::ws::{Message, WebSocket};

pub async fn serve(mut socket: WebSocket) {
    let (to_session, mut from_engine) = tokio::sync::mpsc::unbounded_channel();
    let (to_page, mut for_page) = tokio::sync::mpsc::unbounded_channel();
    let mut session = GameSession::new(to_session, to_page);
    if !send_all(&mut socket, session.greeting()).await {
        return;
    }
    loop {
        let replies = tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => session.request(text.as_str()),
                Some(Ok(Message::Binary(_))) => session.request(""),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            line = from_engine.recv() => match line {
                Some(line) => session.engine_line(&line),
                // The engine's output closed: it can no longer play.
                None => break,
            },
            // The session holds the sender, so this channel outlives the loop.
            Some(message) = for_page.recv() => vec![message],
        };
        if !send_all(&mut socket, replies).await {
            break;
        }
    }
}

/// Sends each message; false once the page is gone.
async fn send_all(socket: &mut WebSocket, messages: Vec<String>) -> bool {
    for message in messages {
        if socket.send(Message::Text(message.into())).await.is_err() {
            return false;
        }
    }
    true
}
