//! Names the build: `CHUHAN_VERSION` is the crate version, followed by the
//! git commit when the crate is built from its own git checkout (a crate
//! unpacked from the registry, or a checkout without git, gets the version
//! alone).

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    let named = match commit(&manifest_dir) {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=CHUHAN_VERSION={named}");
}

/// The short commit of HEAD, if `dir` is the top of a git work tree; also
/// asks cargo to run this again when HEAD moves.
fn commit(dir: &Path) -> Option<String> {
    // Only our own checkout: a crate unpacked inside someone else's
    // repository must not take that repository's commit.
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    if Path::new(&top).canonicalize().ok()? != dir.canonicalize().ok()? {
        return None;
    }
    // HEAD itself (a checkout of another branch), the branch it names (a
    // commit), and packed refs. In a worktree these live in different
    // folders, so ask git where.
    for file in ["HEAD", "packed-refs"] {
        rerun_if_changed(dir, git(dir, &["rev-parse", "--git-path", file]));
    }
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        rerun_if_changed(dir, git(dir, &["rev-parse", "--git-path", &branch]));
    }
    git(dir, &["rev-parse", "--short", "HEAD"])
}

fn rerun_if_changed(dir: &Path, path: Option<String>) {
    if let Some(path) = path {
        let path = dir.join(path);
        // A path that does not exist would make cargo rerun on every build.
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}

/// One line of git's output, or `None` if git is missing or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let line = text.trim();
    (out.status.success() && !line.is_empty()).then(|| line.to_string())
}
