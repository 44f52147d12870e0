//! Records the git commit the binary is built from, for `daba --version`:
//! `DABA_COMMIT` is the short hash, with `-dirty` when the sources that go
//! into the binary differ from that commit, or `unknown` without git (a
//! source tarball, no git installed). Setting `DABA_COMMIT` in the
//! environment overrides it (packagers). Nothing here can fail the build.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The root package's own sources. With each workspace member's
/// `Cargo.toml` and `src` ([`sources`]), they are the sources compiled into
/// the binary: a change to one of them is what makes a build "dirty", and
/// what makes Cargo run this script again.
const ROOT_SOURCES: &[&str] = &["build.rs", "Cargo.toml", "Cargo.lock", "src"];

/// [`ROOT_SOURCES`] and every workspace member's `Cargo.toml` and `src`,
/// the members read from the workspace's `members = [...]` list, so that a
/// new crate is covered without being named here.
fn sources(root: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    let mut sources: Vec<String> = ROOT_SOURCES.iter().map(|s| s.to_string()).collect();
    for member in workspace_members(&manifest) {
        sources.push(format!("{member}/Cargo.toml"));
        sources.push(format!("{member}/src"));
    }
    sources
}

/// The quoted names of the `members = [...]` array (one line or several)
/// of a workspace manifest; empty when there is none.
fn workspace_members(manifest: &str) -> Vec<String> {
    let Some(start) = manifest.lines().position(|line| {
        let line = line.trim_start();
        line.strip_prefix("members")
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    }) else {
        return Vec::new();
    };
    let mut array = String::new();
    for line in manifest.lines().skip(start) {
        // Comments end at the line's end; member names hold no `#`.
        let code = line.split('#').next().unwrap_or("");
        array.push_str(code);
        array.push('\n');
        if code.contains(']') {
            break;
        }
    }
    let Some(array) = array
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(inside, _)| inside)
    else {
        return Vec::new();
    };
    array
        .split(',')
        .map(|item| item.trim().trim_matches('"').trim())
        .filter(|name| !name.is_empty() && *name != ".")
        .map(str::to_string)
        .collect()
}

fn main() {
    println!("cargo:rerun-if-env-changed=DABA_COMMIT");
    let commit = match std::env::var("DABA_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => commit.trim().to_string(),
        _ => git_commit().unwrap_or_else(|| "unknown".into()),
    };
    println!("cargo:rustc-env=DABA_COMMIT={commit}");
}

/// The short hash of HEAD, `-dirty` appended when the [`sources`] differ
/// from it; `None` when this is not a git checkout or git does not answer.
fn git_commit() -> Option<String> {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    // Only our own checkout: a tarball unpacked inside some other repository
    // must not report that repository's commit.
    if !root.join(".git").exists() {
        return None;
    }
    let hash = git(&root, &["rev-parse", "--short", "HEAD"])?;
    let sources = sources(&root);

    // Run again when HEAD moves (checkout, commit) or a source changes.
    // Only existing paths: Cargo reruns the script every time for a missing one.
    let mut watched: Vec<PathBuf> = sources.iter().map(|s| root.join(s)).collect();
    for name in ["HEAD", "packed-refs"] {
        if let Some(path) = git(&root, &["rev-parse", "--git-path", name]) {
            watched.push(root.join(path));
        }
    }
    if let Some(branch) = git(&root, &["symbolic-ref", "-q", "HEAD"]) {
        if let Some(path) = git(&root, &["rev-parse", "--git-path", &branch]) {
            watched.push(root.join(path));
        }
    }
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }

    // --no-optional-locks: never take the index lock, so that a build does
    // not get in the way of a `git add` or `git commit` running beside it.
    let mut status = vec![
        "--no-optional-locks",
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
    ];
    status.extend(sources.iter().map(String::as_str));
    let dirty = match git(&root, &status) {
        Some(changes) => !changes.is_empty(),
        None => false,
    };
    Some(if dirty { format!("{hash}-dirty") } else { hash })
}

/// Runs git in `dir`; its trimmed output, or `None` when it fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).current_dir(dir).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8(out.stdout).ok()?.trim().to_string())
}
