//! `UCI_ShowWDL` end to end: declared in `uci`, off by default (no `wdl`
//! token anywhere), and when on every `info` line with a score carries
//! `wdl W D L` right after the score and its bound, per mille summing to
//! 1000, certain for mates (docs/wdl.md).

use crate::common::{bestmove, Engine, TIMEOUT};

/// The `wdl` triple of an info line, checking where it stands: right after
/// `score cp|mate N [lowerbound|upperbound]`.
fn wdl_of(line: &str) -> Option<[u32; 3]> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let i = tokens.iter().position(|t| *t == "wdl")?;
    let s = tokens
        .iter()
        .position(|t| *t == "score")
        .expect("wdl without score");
    let mut after = s + 3;
    if matches!(tokens[after], "lowerbound" | "upperbound") {
        after += 1;
    }
    assert_eq!(i, after, "wdl not right after the score: {line}");
    let values: Vec<u32> = tokens[i + 1..i + 4]
        .iter()
        .map(|t| t.parse().unwrap_or_else(|_| panic!("bad wdl in '{line}'")))
        .collect();
    assert_eq!(values.iter().sum::<u32>(), 1000, "{line}");
    Some([values[0], values[1], values[2]])
}

fn score_lines(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info") && l.contains(" score "))
        .collect()
}

fn engine_with_wdl() -> Engine {
    let mut e = Engine::start();
    e.send("setoption name UCI_ShowWDL value true");
    e
}

/// The wdl of the last exact score line of a search.
fn last_wdl(lines: &[String]) -> [u32; 3] {
    let line = score_lines(lines)
        .into_iter()
        .rev()
        .find(|l| !l.contains("bound"))
        .expect("a score line");
    wdl_of(line).unwrap_or_else(|| panic!("no wdl in '{line}'"))
}

#[test]
fn the_option_is_declared_and_off_by_default() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect_prefix("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_ShowWDL type check default false"),
        "{lines:?}"
    );
    e.send("position startpos moves e2e4");
    let lines = e.go("depth 6");
    assert!(!score_lines(&lines).is_empty());
    assert!(lines.iter().all(|l| !l.contains("wdl")), "{lines:?}");

    e.send("setoption name UCI_ShowWDL value maybe");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error") && l.contains("UCI_ShowWDL")),
        "{lines:?}"
    );
    let lines = e.go("depth 4");
    assert!(lines.iter().all(|l| !l.contains("wdl")), "{lines:?}");
}

#[test]
fn every_score_carries_a_wdl_triple_and_switching_off_removes_it() {
    let mut e = engine_with_wdl();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves d2d4 g8f6 c2c4 e7e6");
    let lines = e.go("depth 9");
    let scored = score_lines(&lines);
    assert!(scored.len() >= 9, "{lines:?}");
    for line in &scored {
        assert!(wdl_of(line).is_some(), "no wdl in '{line}'");
    }
    // A quiet opening position: no certainty either way.
    let [w, d, l] = last_wdl(&lines);
    assert!(w < 900 && l < 900 && d > 0, "{w} {d} {l}");

    e.send("setoption name UCI_ShowWDL value false");
    let lines = e.go("depth 5");
    assert!(!score_lines(&lines).is_empty());
    assert!(lines.iter().all(|l| !l.contains("wdl")), "{lines:?}");
}

#[test]
fn mates_are_certain_for_the_side_to_move() {
    let mut e = engine_with_wdl();
    // White mates in one.
    e.send("position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    let lines = e.go("depth 6");
    assert_eq!(bestmove(&lines), "a1a8");
    assert_eq!(last_wdl(&lines), [1000, 0, 0], "{lines:?}");
    // Black mates in one: still the side to move's view.
    e.send("position fen r7/8/8/8/8/6k1/8/7K b - - 0 1");
    let lines = e.go("depth 6");
    assert_eq!(bestmove(&lines), "a8a1");
    assert_eq!(last_wdl(&lines), [1000, 0, 0], "{lines:?}");
    // Black is mated next move whatever it plays.
    e.send("position fen 7k/8/6K1/8/8/8/8/R7 b - - 0 1");
    let lines = e.go("depth 6");
    assert_eq!(last_wdl(&lines), [0, 0, 1000], "{lines:?}");
}

#[test]
fn positions_without_a_legal_move() {
    let mut e = engine_with_wdl();
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let lines = e.go("depth 3");
    assert!(
        lines
            .iter()
            .any(|l| l == "info depth 0 score mate 0 wdl 0 0 1000"),
        "{lines:?}"
    );
    assert_eq!(bestmove(&lines), "(none)");
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let lines = e.go("depth 3");
    assert!(
        lines.iter().any(|l| l == "info depth 0 score cp 0 wdl 0 1000 0"),
        "{lines:?}"
    );
}

#[test]
fn a_material_edge_shows_as_winning_chances() {
    let mut e = engine_with_wdl();
    // White is a rook up in the opening.
    e.send("position fen 1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1");
    let [w, _, l] = last_wdl(&e.go("depth 8"));
    assert!(w > 800 && l < 20, "{w} {l}");
    // White is a rook down.
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1");
    let [w, _, l] = last_wdl(&e.go("depth 8"));
    assert!(l > 800 && w < 20, "{w} {l}");
    e.send("quit");
    assert!(e.wait_exit(TIMEOUT));
}
