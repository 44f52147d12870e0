//! Bad input of every kind gets `info string error: ...` (or is ignored) and
//! the engine stays usable; the position after an error is documented.

use crate::common::{bestmove, Engine};

fn fen_now(e: &mut Engine) -> String {
    e.send("d");
    e.expect_prefix("Fen:")
        .last()
        .unwrap()
        .trim_start_matches("Fen: ")
        .to_string()
}

fn expect_error(e: &mut Engine, line: &str) -> String {
    e.send(line);
    e.send("isready");
    let lines = e.expect_prefix("readyok");
    lines
        .iter()
        .find(|l| l.starts_with("info string error: "))
        .unwrap_or_else(|| panic!("no error for '{line}': {lines:?}"))
        .clone()
}

#[test]
fn malformed_fen_keeps_the_old_position() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let before = fen_now(&mut e);
    for bad in [
        "position fen",
        "position fen 8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - - x 1",
        "position nonsense",
    ] {
        let err = expect_error(&mut e, bad);
        assert!(err.len() > "info string error: ".len() + 5, "{err}");
        assert_eq!(fen_now(&mut e), before, "after '{bad}'");
    }
}

#[test]
fn illegal_move_applies_the_moves_before_it() {
    let mut e = Engine::start();
    let err = expect_error(&mut e, "position startpos moves e2e4 e7e5 e1e3 d7d5");
    assert!(err.contains("e1e3"), "{err}");
    assert_eq!(
        fen_now(&mut e),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    expect_error(&mut e, "position startpos moves e2e5");
    assert_eq!(
        fen_now(&mut e),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    expect_error(&mut e, "position startpos moves zz99");
    let lines = e.go("depth 3");
    assert_ne!(bestmove(&lines), "(none)");
}

#[test]
fn bad_go_and_setoption_values_are_reported() {
    let mut e = Engine::start();
    e.send("uci");
    e.expect_prefix("uciok");
    for bad in [
        "go depth x",
        "go wtime",
        "go nodes -",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Threads value 100000",
        "setoption name MultiPV value -3",
        "setoption name Move Overhead value 999999",
        "setoption name Ponder value maybe",
        "setoption name NoSuchOption value 1",
        "setoption value 5",
        "go searchmoves e2e5 depth 2",
    ] {
        let err = expect_error(&mut e, bad);
        assert!(err.starts_with("info string error: "), "{err}");
        // The search (depth 2) can end before or after `readyok`.
        if bad.starts_with("go searchmoves")
            && !e
                .transcript
                .iter()
                .rev()
                .take_while(|l| !l.starts_with("info string error"))
                .any(|l| l.starts_with("bestmove"))
        {
            e.expect_prefix("bestmove");
        }
    }
    // An empty value is accepted without a crash.
    e.send("setoption name UCI_Chess960 value");
    e.send("position startpos");
    let lines = e.go("depth 4");
    assert_ne!(bestmove(&lines), "(none)");
}

#[test]
fn unknown_commands_garbage_and_blank_lines_are_ignored() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.send("");
    e.send("   \t  ");
    e.send("hello world");
    e.send_bytes(b"\xff\xfe garbage \x00\x01\r\n");
    e.send_bytes(b"isready\r\n");
    e.expect_prefix("readyok");
    e.send(&"x".repeat(100_000));
    e.send("position startpos moves e2e4\r");
    let lines = e.go("depth 4");
    assert_ne!(bestmove(&lines), "(none)");
}

/// A device, a directory or a FIFO named as a net or book file is refused
/// at once (reading `/dev/zero` used to run until memory ran out).
#[test]
fn net_and_book_paths_that_are_not_regular_files_are_refused() {
    let mut e = Engine::start();
    for path in ["/dev/zero", "/dev/null", "/"] {
        let err = expect_error(&mut e, &format!("setoption name EvalFile value {path}"));
        assert!(err.contains("not a regular file"), "{err}");
        let err = expect_error(&mut e, &format!("setoption name BookFile value {path}"));
        assert!(err.contains("not a regular file"), "{err}");
    }
    e.send("position startpos");
    assert_ne!(bestmove(&e.go("depth 2")), "(none)");
}
