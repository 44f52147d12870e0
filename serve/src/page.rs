//! The page's files, embedded in the binary so that `daba serve` needs
//! nothing at run time: no npm, no network, no files beside it.

/// One file of the page.
pub struct PageFile {
    /// Its URL path.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
}

macro_rules! file {
    ($path:expr, $type:literal, $file:expr) => {
        PageFile {
            path: $path,
            content_type: $type,
            bytes: include_bytes!(concat!("../page/", $file)),
        }
    };
}

macro_rules! piece {
    ($name:literal) => {
        file!(
            concat!("/pieces/", $name, ".svg"),
            "image/svg+xml",
            concat!("pieces/", $name, ".svg")
        )
    };
}

macro_rules! fluent {
    ($name:literal) => {
        file!(
            concat!("/vendor/fluent-bundle/", $name),
            "text/javascript; charset=utf-8",
            concat!("vendor/fluent-bundle/", $name)
        )
    };
}

/// The messages of one language (Project Fluent has no registered media
/// type; its files are UTF-8 text).
macro_rules! locale {
    ($tag:literal) => {
        file!(
            concat!("/locales/", $tag, "/page.ftl"),
            "text/plain; charset=utf-8",
            concat!("locales/", $tag, "/page.ftl")
        )
    };
}

/// The page, `index.html` (served in a language by `api.rs`).
pub const INDEX: &[u8] = include_bytes!("../page/index.html");

/// Every file of the page.
pub const FILES: &[PageFile] = &[
    PageFile {
        path: "/",
        content_type: "text/html; charset=utf-8",
        bytes: INDEX,
    },
    file!("/app.js", "text/javascript; charset=utf-8", "app.js"),
    file!("/net.js", "text/javascript; charset=utf-8", "net.js"),
    file!("/clock.js", "text/javascript; charset=utf-8", "clock.js"),
    file!("/account.js", "text/javascript; charset=utf-8", "account.js"),
    file!("/lobby.js", "text/javascript; charset=utf-8", "lobby.js"),
    file!("/review.js", "text/javascript; charset=utf-8", "review.js"),
    file!("/board.js", "text/javascript; charset=utf-8", "board.js"),
    file!(
        "/board-input.js",
        "text/javascript; charset=utf-8",
        "board-input.js"
    ),
    file!("/a11y.js", "text/javascript; charset=utf-8", "a11y.js"),
    file!("/help.js", "text/javascript; charset=utf-8", "help.js"),
    file!("/sounds.js", "text/javascript; charset=utf-8", "sounds.js"),
    file!("/themes.js", "text/javascript; charset=utf-8", "themes.js"),
    file!("/premove.js", "text/javascript; charset=utf-8", "premove.js"),
    file!("/l10n.js", "text/javascript; charset=utf-8", "l10n.js"),
    fluent!("index.js"),
    fluent!("bundle.js"),
    fluent!("resource.js"),
    fluent!("resolver.js"),
    fluent!("scope.js"),
    fluent!("types.js"),
    fluent!("builtins.js"),
    fluent!("memoizer.js"),
    fluent!("ast.js"),
    locale!("en"),
    locale!("ne"),
    locale!("bn"),
    locale!("te"),
    locale!("bho"),
    file!("/fourhand.js", "text/javascript; charset=utf-8", "fourhand.js"),
    file!("/style.css", "text/css; charset=utf-8", "style.css"),
    file!("/favicon.svg", "image/svg+xml", "favicon.svg"),
    piece!("wK"),
    piece!("wQ"),
    piece!("wR"),
    piece!("wB"),
    piece!("wN"),
    piece!("wP"),
    piece!("bK"),
    piece!("bQ"),
    piece!("bR"),
    piece!("bB"),
    piece!("bN"),
    piece!("bP"),
    piece!("shapes/wK"),
    piece!("shapes/wQ"),
    piece!("shapes/wR"),
    piece!("shapes/wB"),
    piece!("shapes/wN"),
    piece!("shapes/wP"),
    piece!("shapes/bK"),
    piece!("shapes/bQ"),
    piece!("shapes/bR"),
    piece!("shapes/bB"),
    piece!("shapes/bN"),
    piece!("shapes/bP"),
];

#[cfg(test)]
mod tests {
    use super::FILES;
    use std::path::Path;

    /// Every script, style sheet, drawing and message file under `page/`
    /// is served: a module left out of `FILES` would break the page only
    /// in a browser, where its import fails.
    #[test]
    fn every_page_file_is_served() {
        fn walk(dir: &Path, root: &Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, root, found);
                } else if matches!(
                    path.extension().and_then(|e| e.to_str()),
                    Some("js" | "css" | "svg" | "ftl" | "html")
                ) {
                    let relative = path
                        .strip_prefix(root)
                        .unwrap()
                        .to_str()
                        .unwrap()
                        .replace('\\', "/");
                    found.push(relative);
                }
            }
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("page");
        let mut found = Vec::new();
        walk(&root, &root, &mut found);
        assert!(found.len() > 20, "{found:?}");
        for relative in found {
            let path = if relative == "index.html" {
                "/".to_string()
            } else {
                format!("/{relative}")
            };
            assert!(
                FILES.iter().any(|f| f.path == path),
                "{relative} is not in page::FILES"
            );
        }
    }
}
