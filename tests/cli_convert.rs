//! `chuhan convert` through the binary, on game files as people write
//! them: full-width WXF and Chinese moves without spaces.

mod tool_run;

use tool_run::chuhan_with_input;

/// Full-width WXF, as Chinese editors write it, reads as WXF does.
#[test]
fn full_width_wxf_is_read() {
    let (ok, out, err) = chuhan_with_input(
        &["convert", "--to", "iccs"],
        "１．Ｃ２＝５　Ｈ８＋７　２．Ｈ２＋３　Ｃ８．９ *\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("1. h2e2 h9g7 2. h0g2 h7i7 *"), "{out}");
    // A full-width move that is not legal is named as written.
    let (ok, _, err) = chuhan_with_input(&["convert"], "１．Ｒ２＋１ *\n");
    assert!(!ok);
    assert!(err.contains("'Ｒ２＋１' is not a legal move here"), "{err}");
}

/// Chinese moves run together without spaces, with or without the move
/// numbers between them.
#[test]
fn chinese_moves_without_spaces_are_read() {
    for text in [
        "1.炮二平五马８进７2.马二进三车９平８ *\n",
        "炮二平五马８进７ 马二进三车９平８ *\n",
        "1. 炮二平五马８进７ 2. 马二进三 车９平８ *\n",
    ] {
        let (ok, out, err) = chuhan_with_input(&["convert", "--to", "iccs"], text);
        assert!(ok, "{text}: {err}");
        assert!(out.contains("1. h2e2 h9g7 2. h0g2 i9h9 *"), "{text}: {out}");
    }
    // Characters that are no moves stay one word, and the error names it.
    let (ok, _, err) = chuhan_with_input(&["convert"], "1. 炮二平五马８进七八 *\n");
    assert!(!ok);
    assert!(err.contains("'炮二平五马８进七八'"), "{err}");
}
