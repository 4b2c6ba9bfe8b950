//! The shipped book, built into the binary: an installed engine finds it
//! wherever it runs, not only beside the checkout it was built from.

/// The shipped book is inside the binary: a copy of the binary far from
/// the checkout, started from another folder, announces `<built-in>` and
/// plays from it; `book probe` reads it by that name; `bookfiles` still
/// wins.
#[test]
fn the_shipped_book_travels_inside_the_binary() {
    let dir = std::env::temp_dir().join(format!("chuhan-installed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("chuhan");
    std::fs::copy(env!("CARGO_BIN_EXE_chuhan"), &exe).unwrap();
    let out = spawn_fresh_copy(
        std::process::Command::new(&exe)
            .current_dir(&dir)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped()),
    )
    .and_then(|mut child| {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(
                b"ucci\nposition startpos\ngo time 3000 opptime 3000\nsetoption bookfiles <empty>\ngo time 100 opptime 100\nquit\n",
            )?;
            drop(stdin);
            child.wait_with_output()
        })
        .unwrap();
    let probe = std::process::Command::new(&exe)
        .args(["book", "probe", "<built-in>"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("option bookfiles type string default <built-in>"),
        "{text}"
    );
    let books: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info string book "))
        .collect();
    assert_eq!(books.len(), 1, "one book move, then none: {text}");
    assert!(books[0].ends_with("from <built-in>"), "{text}");
    let probe = String::from_utf8_lossy(&probe.stdout);
    assert!(probe.starts_with("book <built-in>\n"), "{probe}");
    assert!(probe.contains("h2e2 炮二平五 C2.5 weight"), "{probe}");
}

/// Starts a binary that was just copied. While the copy is written, a
/// process that another test forks at that moment inherits the open file,
/// and starting the copy then fails with "text file busy" (ETXTBSY) until
/// that process has exec'd: wait a moment and try again.
fn spawn_fresh_copy(command: &mut std::process::Command) -> std::io::Result<std::process::Child> {
    const TEXT_FILE_BUSY: i32 = 26;
    for _ in 0..100 {
        match command.spawn() {
            Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            started => return started,
        }
    }
    command.spawn()
}
