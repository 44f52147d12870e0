//! The crate's modules are layers (design.md, "Habits"): each imports only
//! modules listed before it in `ORDER`, the order lib.rs's documentation
//! gives. The root's tests/module_layers.rs finds modules that import each
//! other in every crate; this test is stricter for this one: no module
//! imports a higher one at all.

use std::path::Path;

const ORDER: &[&str] = &[
    "geometry",
    "types",
    "rules",
    "zobrist",
    "position",
    "attacks",
    "pawns",
    "moves",
    "movegen",
    "makemove",
    "legal",
    "play",
    "outcome",
    "fen",
    "notation",
    "perft",
    "objection",
    "eval",
    "tt",
    "search",
    "player",
];

/// The modules a source names as `crate::<module>` (outside comments).
fn imports(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

#[test]
fn no_module_imports_a_higher_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut seen = 0;
    for (rank, module) in ORDER.iter().enumerate() {
        let text = std::fs::read_to_string(src.join(format!("{module}.rs"))).expect(module);
        for name in imports(&text) {
            let Some(other) = ORDER.iter().position(|m| *m == name) else {
                panic!("{module} imports crate::{name}, which is not in ORDER");
            };
            assert!(other < rank, "{module} imports {name}, a module above it");
        }
        seen += 1;
    }
    // Every module file is in ORDER.
    let files = std::fs::read_dir(&src).unwrap().count();
    assert_eq!(files, seen + 1, "a module missing from ORDER (lib.rs is the +1)");
}
