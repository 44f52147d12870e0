//! Every draw rule scored exactly through the binary: fifty moves (and mate on
//! the hundredth half-move, which stands), threefold repetition from the game
//! history, dead material, and the automatic fivefold and 75-move draws.

use crate::common::{bestmove, last_score, Engine};

fn search(position: &str, go: &str) -> Vec<String> {
    let mut e = Engine::start();
    e.send(position);
    e.go(go)
}

#[test]
fn fifty_move_rule_scores_zero() {
    // Rook up, but every move brings the clock to 100 and none mates.
    let lines = search("position fen 8/8/8/8/8/5k2/8/5K1R w - - 99 100", "depth 8");
    assert_eq!(last_score(&lines), ("cp".into(), 0), "{lines:?}");
    // The same position with a fresh clock is a clear win.
    let lines = search("position fen 8/8/8/8/8/5k2/8/5K1R w - - 0 100", "depth 8");
    let (kind, value) = last_score(&lines);
    assert!(kind == "mate" || value > 300, "{lines:?}");
}

#[test]
fn mate_on_the_hundredth_half_move_stands() {
    let lines = search("position fen 7k/8/6K1/8/8/8/8/R7 w - - 99 100", "depth 6");
    assert_eq!(last_score(&lines), ("mate".into(), 1), "{lines:?}");
    assert_eq!(bestmove(&lines), "a1a8");
}

#[test]
fn threefold_repetition_counts_the_game_history() {
    // Black is lost, but Kb8 repeats the position after white's move for the
    // third time: a draw, which black takes.
    let history = "position fen 1k6/8/8/8/7Q/8/7R/4K1N1 w - - 0 1 moves g1f3 b8a8 f3g1 a8b8 g1f3 b8a8 f3g1";
    let lines = search(history, "depth 8");
    assert_eq!(last_score(&lines), ("cp".into(), 0), "{lines:?}");
    assert_eq!(bestmove(&lines), "a8b8");
    // Without that history the same position is lost for black.
    let lines = search("position fen k7/8/8/8/7Q/8/7R/4K1N1 b - - 4 3", "depth 8");
    let (kind, value) = last_score(&lines);
    assert!(
        kind == "mate" && value < 0 || kind == "cp" && value < -1000,
        "{lines:?}"
    );
}

#[test]
fn dead_material_scores_zero() {
    for fen in [
        "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3NK3/8/8 b - - 0 1",
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
    ] {
        let lines = search(&format!("position fen {fen}"), "depth 6");
        assert_eq!(last_score(&lines), ("cp".into(), 0), "{fen}: {lines:?}");
    }
}

#[test]
fn automatic_draws_score_zero() {
    // 75 moves without capture or pawn move: the game is over.
    let lines = search("position fen 8/8/8/8/8/5k2/8/Q4K2 w - - 150 120", "depth 6");
    assert_eq!(last_score(&lines), ("cp".into(), 0), "{lines:?}");
    // Fivefold repetition through the move list.
    let moves = "g1f3 g8f6 f3g1 f6g8 ".repeat(4);
    let lines = search(
        &format!("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves {moves}"),
        "depth 6",
    );
    assert_eq!(last_score(&lines), ("cp".into(), 0), "{lines:?}");
}
