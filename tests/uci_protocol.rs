//! End-to-end tests of the UCI protocol: the binary driven over stdin/stdout.

use crate::common::{bestmove, field, last_score, Engine, TIMEOUT};
use std::time::Duration;

#[test]
fn handshake_lists_options_and_answers_isready() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect_prefix("uciok");
    assert!(lines[0].starts_with("id name Daba"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for name in [
        "Hash",
        "Threads",
        "Clear Hash",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "UCI_Chess960",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "option {name} missing: {lines:?}"
        );
    }
    e.sync();
    e.send("quit");
    assert!(e.wait_exit(TIMEOUT));
}

#[test]
fn isready_is_answered_during_infinite_search_and_stop_gives_one_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let before = e.sync();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {before:?}"
    );
    e.expect_silence(|l| l.starts_with("bestmove"), Duration::from_millis(300));
    e.send("stop");
    let lines = e.expect_prefix("bestmove");
    let best = bestmove(&lines);
    assert_ne!(best, "(none)");
    // The first move of the last PV is the bestmove.
    let last_pv = e
        .transcript
        .iter()
        .rev()
        .find(|l| l.contains(" pv "))
        .cloned()
        .unwrap();
    assert_eq!(field(&last_pv, "pv").unwrap(), best);
    // Exactly one bestmove: nothing more arrives.
    e.expect_silence(|l| l.starts_with("bestmove"), Duration::from_millis(300));
}

#[test]
fn infinite_search_of_a_mate_in_one_still_waits_for_stop() {
    let mut e = Engine::start();
    e.send("position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    e.send("go infinite");
    e.expect_silence(|l| l.starts_with("bestmove"), Duration::from_millis(500));
    e.send("stop");
    assert_eq!(bestmove(&e.expect_prefix("bestmove")), "a1a8");
}

#[test]
fn ponder_then_ponderhit_plays_a_move() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    e.expect_silence(|l| l.starts_with("bestmove"), Duration::from_millis(600));
    e.send("ponderhit");
    let lines = e.expect_prefix("bestmove");
    assert_ne!(bestmove(&lines), "(none)");
}

#[test]
fn ponder_miss_stop_then_new_search() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    e.send("go ponder wtime 5000 btime 5000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.expect_prefix("bestmove");
    e.send("position startpos moves d2d4 d7d5");
    let lines = e.go("wtime 1000 btime 1000");
    let best = bestmove(&lines);
    assert!(best.len() >= 4 && best != "(none)", "{lines:?}");
}

#[test]
fn go_depth_nodes_movetime_and_mate() {
    let mut e = Engine::start();
    e.send("position startpos");
    let lines = e.go("depth 5");
    assert!(lines.iter().any(|l| l.starts_with("info depth 5 ")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("info depth 6 ")));

    e.send("ucinewgame");
    e.send("position startpos");
    let lines = e.go("nodes 20000");
    let last = lines.iter().rev().find(|l| l.contains(" nodes ")).unwrap();
    let nodes: u64 = field(last, "nodes").unwrap().parse().unwrap();
    assert!(nodes <= 20_000, "{last}");

    let lines = e.go("movetime 200");
    assert_ne!(bestmove(&lines), "(none)");

    // Mate in 2: 1. Nf6+ gxf6 2. Bxf7#.
    e.send("position fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    let lines = e.go("mate 2");
    assert_eq!(last_score(&lines), ("mate".to_string(), 2), "{lines:?}");
    assert_eq!(bestmove(&lines), "d5f6");
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.send("position startpos");
    let lines = e.go("depth 6 searchmoves a2a3 h2h3");
    let best = bestmove(&lines);
    assert!(best == "a2a3" || best == "h2h3", "{best}");
}

#[test]
fn multipv_reports_sorted_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    let lines = e.go("depth 6");
    let depth6: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 6 ")).collect();
    assert_eq!(depth6.len(), 3, "{lines:?}");
    let mut firsts = Vec::new();
    let mut scores = Vec::new();
    for (i, l) in depth6.iter().enumerate() {
        assert_eq!(field(l, "multipv").unwrap(), (i + 1).to_string());
        firsts.push(field(l, "pv").unwrap());
        scores.push(field(l, "cp").unwrap().parse::<i32>().unwrap());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "lines must start with different moves");
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert_eq!(bestmove(&lines), field(depth6[0], "pv").unwrap());

    // Capped at the number of legal moves.
    e.send("setoption name MultiPV value 50");
    e.send("position fen 7k/8/8/8/8/8/8/K7 w - - 0 1");
    let lines = e.go("depth 3");
    let depth3 = lines.iter().filter(|l| l.starts_with("info depth 3 ")).count();
    assert_eq!(depth3, 3);
}

#[test]
fn checkmated_and_stalemated_roots() {
    let mut e = Engine::start();
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let lines = e.go("depth 5");
    assert!(
        lines.iter().any(|l| l == "info depth 0 score mate 0"),
        "{lines:?}"
    );
    assert_eq!(bestmove(&lines), "(none)");
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let lines = e.go("depth 5");
    assert!(lines.iter().any(|l| l == "info depth 0 score cp 0"), "{lines:?}");
    assert_eq!(bestmove(&lines), "(none)");
    // Under go infinite, even (none) waits for stop.
    e.send("go infinite");
    e.expect_silence(|l| l.starts_with("bestmove"), Duration::from_millis(300));
    e.send("stop");
    assert_eq!(bestmove(&e.expect_prefix("bestmove")), "(none)");
}

#[test]
fn quit_mid_search_and_eof_exit_promptly() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(5)), "quit did not exit");

    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.close_stdin();
    assert!(e.wait_exit(Duration::from_secs(5)), "EOF did not exit");
}

#[test]
fn threads_and_hash_options_work() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 2");
    e.send("setoption name Hash value 32");
    e.send("setoption name clear hash");
    e.send("position startpos");
    let lines = e.go("depth 8");
    assert_ne!(bestmove(&lines), "(none)");
    let info = lines.iter().rev().find(|l| l.contains("hashfull")).unwrap();
    let hashfull: u32 = field(info, "hashfull").unwrap().parse().unwrap();
    assert!(hashfull <= 1000);
}

#[test]
fn chess960_castling_notation() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    // White can castle king side with the king on f1 and the rook on h1.
    e.send("position fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1 moves f1h1");
    e.send("d");
    let lines = e.expect_prefix("Fen:");
    assert!(lines.last().unwrap().contains("5RK1 b"), "{lines:?}");
    // Standard notation for castling is accepted too.
    e.send("setoption name UCI_Chess960 value false");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    e.send("d");
    let lines = e.expect_prefix("Fen:");
    assert!(lines.last().unwrap().contains("RNBQ1RK1 b"), "{lines:?}");
}

#[test]
fn long_game_histories_are_accepted() {
    let mut e = Engine::start();
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(600);
    e.send(&format!("position startpos moves {shuffle}e2e4"));
    let lines = e.go("depth 4");
    assert_ne!(bestmove(&lines), "(none)");
}

#[test]
fn go_perft_prints_stockfish_format() {
    let mut e = Engine::start();
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go perft 3");
    let lines = e.expect_prefix("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 97862");
    let moves: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).collect();
    assert_eq!(moves.len() - 1, 48, "48 root moves plus the total line");
    let sum: u64 = moves[..48]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 97862);
    assert_eq!(lines[lines.len() - 2], "", "a blank line before the total");
    assert!(lines.iter().any(|l| l == "e1g1: 2059" || l.starts_with("e1g1: ")));
}

#[test]
fn perft_from_the_shell() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_daba"))
        .args([
            "perft",
            "4",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8",
            "w",
            "-",
            "-",
            "0",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Nodes searched: 43238"), "{text}");
}

#[test]
fn bench_is_deterministic() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_daba"))
            .args(["bench", "5"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().last().unwrap().to_string();
        assert!(last.ends_with(" nps"), "{last}");
        last.split_whitespace().next().unwrap().parse::<u64>().unwrap()
    };
    let first = run();
    assert!(first > 0);
    assert_eq!(first, run());
}

#[test]
fn search_after_ucinewgame_is_reproducible() {
    let mut e = Engine::start();
    let mut run = || {
        e.send("ucinewgame");
        e.send("position startpos moves e2e4");
        let lines = e.go("nodes 30000");
        let last = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap().clone();
        (
            field(&last, "nodes"),
            bestmove(&lines),
            last.split(" pv ").nth(1).unwrap().to_string(),
        )
    };
    let a = run();
    let b = run();
    assert_eq!(a, b);
}

#[test]
fn tiny_zero_and_negative_clocks_still_give_a_legal_move() {
    let mut e = Engine::start();
    for clock in [
        "wtime -200 btime 500",
        "wtime 0 btime 0",
        "wtime 1 btime 1 winc 0 binc 0",
        "wtime 30 btime 30 movestogo 1",
    ] {
        e.send("position startpos moves e2e4 e7e5");
        let lines = e.go(clock);
        let best = bestmove(&lines);
        assert!(best.len() == 4 && best != "(none)", "{clock}: {lines:?}");
    }
}

#[test]
fn go_with_an_unknown_token_is_an_error_and_starts_no_search() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go fishing");
    let lines = e.expect_prefix("info string error");
    assert!(lines.last().unwrap().contains("'fishing'"), "{lines:?}");
    // No search runs: no info lines, no bestmove.
    e.expect_silence(
        |l| l.starts_with("bestmove") || l.starts_with("info depth"),
        Duration::from_millis(500),
    );
    // And the engine is usable at once (this hung behind the infinite search
    // that `go fishing` used to start).
    e.send("position startpos moves e2e4");
    let lines = e.go("depth 3");
    let best = bestmove(&lines);
    assert!(
        best.as_bytes()[1] == b'7' || best.as_bytes()[1] == b'8',
        "{best}: not a black move"
    );
}

/// A `go` during a search ends that search first (as `stop` would), so each
/// `go` gets its own `bestmove`; `position` during a search is taken at once.
#[test]
fn go_position_setoption_and_ucinewgame_during_a_search_never_hang() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let first = e.expect_prefix("bestmove");
    let white = bestmove(&first);
    assert!(white.as_bytes()[1] <= b'2', "{white}: not a white move");
    let second = e.expect_prefix("bestmove");
    let black = bestmove(&second);
    assert!(black.as_bytes()[1] >= b'7', "{black}: not a black move");
    e.expect_silence(|l| l.starts_with("bestmove"), Duration::from_millis(300));

    // setoption and ucinewgame end a pondering search (one bestmove) and apply.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 10000 btime 10000");
    std::thread::sleep(Duration::from_millis(100));
    e.send("setoption name MultiPV value 2");
    e.expect_prefix("bestmove");
    let lines = e.go("depth 4");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 4 ") && l.contains(" multipv 2 ")),
        "MultiPV 2 not applied: {lines:?}"
    );
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("ucinewgame");
    e.expect_prefix("bestmove");
    e.sync();
    e.expect_silence(|l| l.starts_with("bestmove"), Duration::from_millis(300));
}

#[test]
fn go_movetime_uses_the_time_it_is_given() {
    let mut e = Engine::start();
    e.send("setoption name Move Overhead value 10");
    e.send("position startpos");
    e.sync();
    // A quiet opening position: the best move is stable from iteration to
    // iteration, which is what made the clock logic stop at 70% of it.
    let start = std::time::Instant::now();
    e.go("movetime 600");
    let elapsed = start.elapsed();
    assert!(
        elapsed >= Duration::from_millis(580),
        "answered after {elapsed:?} of a 600 ms move time"
    );
}
