//! Layers, not webs (`design.md`, "Habits"): inside a crate no two modules
//! import each other. A module that needs something of a module that imports
//! it is a sign that the shared piece belongs a layer down, in a module both
//! can import.
//!
//! The check reads the sources, not the compiler's view: every `crate::`,
//! `super::` and `self::` path in a crate's `src/` (in `use` declarations,
//! groups included, and inline in code; comments and string literals are
//! skipped) is an import of the module file it names, from the module it is
//! written in. Inline modules (`mod tests { ... }`) count as modules of their
//! own, so a test module may use what its parent's users provide. Paths
//! relative to the current module (`tt::Entry` beside `mod tt;`) are not
//! seen; a parent re-exporting its children is the module tree, not a web.
//! It costs a few milliseconds: no build of the crates it reads.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside its crate (`["search", "tt"]`; the crate root is empty).
type ModPath = Vec<String>;

/// Where one module refers to another, for the failure message.
#[derive(Clone, Debug)]
struct Reference {
    file: PathBuf,
    line: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// The tokens of Rust source that matter for paths, with their line numbers;
/// comments, string, byte-string and character literals and lifetimes are
/// dropped.
fn tokenize(src: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = src.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let n = chars.len();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < n {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < n && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < n {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < n && chars[i] != '"' {
                if chars[i] == '\n' {
                    line += 1;
                }
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
            if at(i + 1) == '\\' {
                i += 2;
                while i < n && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < n && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // Raw strings and byte strings: r"..", r#".."#, b"..", br#".."#.
            if matches!(word.as_str(), "r" | "br" | "b") && (at(i) == '"' || at(i) == '#') {
                let mut hashes = 0;
                while at(i + hashes) == '#' {
                    hashes += 1;
                }
                if at(i + hashes) == '"' {
                    i += hashes + 1;
                    let raw = word != "b";
                    loop {
                        if i >= n {
                            break;
                        }
                        if chars[i] == '\n' {
                            line += 1;
                        }
                        if !raw && chars[i] == '\\' {
                            i += 2;
                            continue;
                        }
                        if chars[i] == '"' && (0..hashes).all(|k| at(i + 1 + k) == '#') {
                            i += 1 + hashes;
                            break;
                        }
                        i += 1;
                    }
                    continue;
                }
            }
            if word == "b" && at(i) == '\'' {
                // A byte literal: b'a', b'\n'.
                i += 1;
                if at(i + 1) == '\\' {
                    i += 2;
                }
                while i < n && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                continue;
            }
            tokens.push((Token::Ident(word), line));
        } else if c == ':' && at(i + 1) == ':' {
            tokens.push((Token::PathSep, line));
            i += 2;
        } else {
            tokens.push((Token::Punct(c), line));
            i += 1;
        }
    }
    tokens
}

fn ident(tokens: &[(Token, usize)], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some((Token::Ident(s), _)) => Some(s),
        _ => None,
    }
}

fn is(tokens: &[(Token, usize)], i: usize, t: &Token) -> bool {
    tokens.get(i).is_some_and(|(u, _)| u == t)
}

/// Reads the use tree (or plain path) at `i`, right after a `::`, below
/// `prefix`; pushes every full path it names and returns the index after it.
fn use_tree(tokens: &[(Token, usize)], mut i: usize, mut prefix: ModPath, out: &mut Vec<ModPath>) -> usize {
    loop {
        if is(tokens, i, &Token::Punct('{')) {
            i += 1;
            loop {
                if is(tokens, i, &Token::Punct('}')) {
                    return i + 1;
                }
                if i >= tokens.len() {
                    return i;
                }
                i = use_tree(tokens, i, prefix.clone(), out);
                if is(tokens, i, &Token::Punct(',')) {
                    i += 1;
                }
            }
        }
        match ident(tokens, i) {
            Some(word) => {
                if word != "self" {
                    prefix.push(word.to_string());
                }
                i += 1;
                if is(tokens, i, &Token::PathSep) {
                    i += 1;
                    continue;
                }
                if ident(tokens, i) == Some("as") {
                    i += 2;
                }
                out.push(prefix);
                return i;
            }
            None => {
                // `*`, or something that is not a path after all.
                out.push(prefix);
                return i + usize::from(is(tokens, i, &Token::Punct('*')));
            }
        }
    }
}

/// The module named by the longest prefix of `path` that is a module file.
fn resolve<'a>(path: &[String], modules: &'a BTreeSet<ModPath>) -> Option<&'a ModPath> {
    (0..=path.len())
        .rev()
        .find_map(|k| modules.get(&path[..k].to_vec()))
}

/// Every reference from a module (file or inline) of `file` (module path
/// `module`) to a module file of the crate.
fn references(
    src: &str,
    module: &ModPath,
    modules: &BTreeSet<ModPath>,
    file: &Path,
    edges: &mut BTreeMap<(ModPath, ModPath), Reference>,
) {
    let tokens = tokenize(src);
    // Inline modules open at a brace depth; the current one is the last.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let (token, line) = &tokens[i];
        match token {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(name), true) = (ident(&tokens, i + 1), is(&tokens, i + 2, &Token::Punct('{'))) {
                    inline.push((name.to_string(), depth));
                }
            }
            Token::Ident(word)
                if matches!(word.as_str(), "crate" | "super" | "self")
                    && is(&tokens, i + 1, &Token::PathSep)
                    && !(i > 0 && is(&tokens, i - 1, &Token::PathSep)) =>
            {
                let mut here = module.clone();
                here.extend(inline.iter().map(|(name, _)| name.clone()));
                let mut base = match word.as_str() {
                    "crate" => Vec::new(),
                    "self" => here.clone(),
                    _ => here[..here.len().saturating_sub(1)].to_vec(),
                };
                let mut j = i + 2;
                while ident(&tokens, j) == Some("super") && is(&tokens, j + 1, &Token::PathSep) {
                    base.pop();
                    j += 2;
                }
                let mut paths = Vec::new();
                let end = use_tree(&tokens, j, base, &mut paths);
                for path in paths {
                    if let Some(target) = resolve(&path, modules) {
                        if *target != here {
                            edges.entry((here.clone(), target.clone())).or_insert(Reference {
                                file: file.to_path_buf(),
                                line: *line,
                            });
                        }
                    }
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
}

/// The module path of a source file, from its path under `src/`.
fn module_of(relative: &Path) -> ModPath {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The two-module circles of the crate whose sources are in `src`, each as
/// a line naming both directions' first reference.
fn circles(root: &Path, src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<ModPath> = files
        .iter()
        .map(|f| module_of(f.strip_prefix(src).unwrap()))
        .collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let shown = file.strip_prefix(root).unwrap_or(file);
        references(
            &text,
            &module_of(file.strip_prefix(src).unwrap()),
            &modules,
            shown,
            &mut edges,
        );
    }
    let name = |m: &ModPath| {
        if m.is_empty() {
            "crate".to_string()
        } else {
            m.join("::")
        }
    };
    let mut found = Vec::new();
    for ((a, b), there) in &edges {
        if a < b {
            if let Some(back) = edges.get(&(b.clone(), a.clone())) {
                found.push(format!(
                    "{} <-> {}: {}:{} and {}:{}",
                    name(a),
                    name(b),
                    there.file.display(),
                    there.line,
                    back.file.display(),
                    back.line
                ));
            }
        }
    }
    found
}

/// The `src/` folders of the workspace's crates (the root package, its
/// members, and any other crate one or two levels down).
fn crate_sources(root: &Path) -> Vec<PathBuf> {
    let mut sources = vec![root.join("src")];
    let mut dirs = vec![root.to_path_buf()];
    for _ in 0..2 {
        let mut next = Vec::new();
        for dir in dirs {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                let name = entry.file_name();
                if !path.is_dir() || name == "target" || name.to_string_lossy().starts_with('.') {
                    continue;
                }
                if path.join("Cargo.toml").is_file() && path.join("src").is_dir() {
                    sources.push(path.join("src"));
                }
                next.push(path);
            }
        }
        dirs = next;
    }
    sources.sort();
    sources
}

#[test]
fn no_two_modules_import_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = crate_sources(root);
    for member in [
        "movegen", "fourhand", "eval", "engine", "trainer", "analyse", "serve",
    ] {
        assert!(
            sources.contains(&root.join(member).join("src")),
            "{member} not scanned"
        );
    }
    let found: Vec<String> = sources.iter().flat_map(|src| circles(root, src)).collect();
    assert!(
        found.is_empty(),
        "modules that import each other (move what they share into a module below both):\n{}",
        found.join("\n")
    );
}

/// The scanner on a made-up crate: each way of writing a path is seen, and
/// paths in comments and strings are not.
#[test]
fn the_scanner_sees_every_form_of_path() {
    let modules: BTreeSet<ModPath> = [
        vec![],
        vec!["a".into()],
        vec!["b".into()],
        vec!["b".into(), "c".into()],
    ]
    .into_iter()
    .collect();
    let edges_of = |src: &str, module: ModPath| {
        let mut edges = BTreeMap::new();
        references(src, &module, &modules, Path::new("x.rs"), &mut edges);
        edges
            .into_keys()
            .map(|(from, to)| format!("{}>{}", from.join("::"), to.join("::")))
            .collect::<Vec<_>>()
    };
    let a = || vec!["a".to_string()];
    assert_eq!(edges_of("use crate::b::X;", a()), ["a>b"]);
    assert_eq!(edges_of("fn f() { crate::b::c::g(); }", a()), ["a>b::c"]);
    assert_eq!(
        edges_of("use crate::{b::{self, c::Y}, a::Z};", a()),
        ["a>b", "a>b::c"]
    );
    assert_eq!(edges_of("use super::b::c as d;", a()), ["a>b::c"]);
    assert_eq!(
        edges_of("use super::super::a::X;", vec!["b".into(), "c".into()]),
        ["b::c>a"]
    );
    assert_eq!(edges_of("use self::c::X;", vec!["b".into()]), ["b>b::c"]);
    assert_eq!(
        edges_of("mod tests { use super::*; use crate::b::X; }", a()),
        ["a::tests>a", "a::tests>b"]
    );
    assert_eq!(edges_of("mod t { } use crate::b::X;", a()), ["a>b"]);
    assert!(edges_of("// use crate::b::X;\n/* crate::b::Y */ pub(crate) fn f() {}", a()).is_empty());
    assert!(edges_of(
        r##"const S: &str = "crate::b::X"; const R: &str = r#"crate::b"#;"##,
        a()
    )
    .is_empty());
    assert!(edges_of("fn f<'a>(x: &'a str) -> char { let _ = x; '\"' }", a()).is_empty());
    assert_eq!(
        edges_of("fn f<'a>(c: char) -> bool { c == '{' || crate::b::g() }", a()),
        ["a>b"]
    );
}
