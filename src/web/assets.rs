//! The page's own files, built into the binary so that an installed
//! `chuhan` needs nothing beside it. Nothing else is served.

/// The file served at `path`: its media type and its text.
pub fn find(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" => Some((
            "text/html; charset=utf-8",
            include_str!("../../web/index.html"),
        )),
        "/board.js" => Some((
            "text/javascript; charset=utf-8",
            include_str!("../../web/board.js"),
        )),
        "/style.css" => Some((
            "text/css; charset=utf-8",
            include_str!("../../web/style.css"),
        )),
        _ => None,
    }
}
