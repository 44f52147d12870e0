//! Playing levels end to end over the UCI pipe: `Skill Level`,
//! `UCI_LimitStrength` and `UCI_Elo` are declared and checked; level 0 plays
//! uniformly random legal moves; weaker levels keep to their node budget and
//! depth cap whatever the clock says; full strength is the search as without
//! levels; analysis (`go infinite`) is always at full strength.

use crate::common::{bestmove, expect_option_error, field, Engine};
use engine::levels::{Level, CALIBRATION, MAX_ELO, MIN_ELO};

#[test]
fn the_options_are_declared() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect_prefix("uciok");
    for decl in [
        "option name Skill Level type spin default 20 min 0 max 20".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default 1500 min {MIN_ELO} max {MAX_ELO}"),
    ] {
        assert!(lines.contains(&decl), "{decl} missing: {lines:?}");
    }
}

#[test]
fn bad_values_answer_an_error() {
    let mut e = Engine::start();
    for (option, value) in [
        ("Skill Level", "21"),
        ("Skill Level", "-1"),
        ("Skill Level", "ten"),
        ("UCI_Elo", &(MIN_ELO - 1).to_string()),
        ("UCI_Elo", &(MAX_ELO + 1).to_string()),
        ("UCI_Elo", ""),
        ("UCI_LimitStrength", "on"),
    ] {
        expect_option_error(&mut e, option, value);
    }
    // The engine still plays at full strength afterwards (no level line).
    e.send("debug on");
    e.send("position startpos");
    let lines = e.go("depth 3");
    assert!(!lines.iter().any(|l| l.contains("level:")), "{lines:?}");
}

/// Level 0 over many `go`: every legal move, about equally often.
#[test]
fn level_zero_plays_uniformly_random_legal_moves() {
    // Five legal moves: Kg1, g3, g4, h3, h4.
    let fen = "7k/8/8/8/8/8/6PP/7K w - - 0 1";
    let legal = ["h1g1", "g2g3", "g2g4", "h2h3", "h2h4"];
    let mut e = Engine::start();
    e.send("setoption name Skill Level value 0");
    e.send(&format!("position fen {fen}"));
    let n = 500;
    let mut counts = [0u32; 5];
    for _ in 0..n {
        let lines = e.go("wtime 10000 btime 10000");
        // No search for the random mover.
        assert!(!lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
        let mv = bestmove(&lines);
        let i = legal
            .iter()
            .position(|m| *m == mv)
            .unwrap_or_else(|| panic!("{mv} is not a legal move"));
        counts[i] += 1;
    }
    // Chi-square with 4 degrees of freedom: 18.5 is p = 0.001; 25 about
    // p = 0.00005, so a fair generator fails this once in 20000 runs.
    let expected = f64::from(n) / 5.0;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 25.0, "counts {counts:?}, chi-square {chi2:.1}");
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");

    // UCI_Elo's lowest value is the same random mover, and the move varies.
    e.send("setoption name Skill Level value 20");
    e.send("setoption name UCI_LimitStrength value true");
    e.send(&format!("setoption name UCI_Elo value {MIN_ELO}"));
    e.send("position startpos");
    let mut seen = std::collections::HashSet::new();
    for _ in 0..60 {
        seen.insert(bestmove(&e.go("movetime 1000")));
    }
    assert!(seen.len() >= 8, "{seen:?}");
}

/// The `level:` debug line's (nodes, budget, depth, cap).
fn level_line(lines: &[String]) -> (u64, u64, u32, u32) {
    let line = lines
        .iter()
        .find(|l| l.starts_with("info string level: line "))
        .unwrap_or_else(|| panic!("no level line: {lines:?}"));
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    // line I of N (L cp behind the best); NODES nodes (budget B), depth D (cap C)
    let k = numbers.len();
    (
        numbers[k - 4],
        numbers[k - 3],
        numbers[k - 2] as u32,
        numbers[k - 1] as u32,
    )
}

#[test]
fn weak_levels_keep_to_their_node_budget_at_any_clock() {
    let positions = [
        "startpos",
        "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "fen 8/2k5/3p4/p2P1p2/P2P1P2/8/4K3/8 w - - 0 1",
    ];
    let mut e = Engine::start();
    e.send("debug on");
    for skill in [4, 8, 12, 16] {
        let settings = Level::from_skill(skill).settings().unwrap();
        e.send(&format!("setoption name Skill Level value {skill}"));
        for position in positions {
            let mut nodes = Vec::new();
            for go in [
                "wtime 300000 btime 300000",
                "wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 20",
                "movetime 60000",
                "nodes 100000000",
            ] {
                e.send("ucinewgame");
                e.send(&format!("position {position}"));
                let lines = e.go(go);
                let (n, budget, depth, cap) = level_line(&lines);
                assert_eq!((budget, cap), (settings.nodes, settings.depth));
                // Depth 1 always completes, budget or not; the search stops
                // within a few nodes of the budget (the nodes being searched
                // when it ran out).
                assert!(
                    n <= budget + 16 || depth == 1,
                    "skill {skill}, {position}, go {go}: {n} > {budget}"
                );
                assert!(depth <= cap, "skill {skill}: depth {depth} > {cap}");
                // The lines reported: at least the level's MultiPV.
                let multipv = lines
                    .iter()
                    .filter_map(|l| field(l, "multipv"))
                    .filter_map(|m| m.parse::<usize>().ok())
                    .max()
                    .unwrap();
                assert!(multipv >= settings.lines.min(3), "{lines:?}");
                nodes.push(n);
            }
            // The same search whatever the clock: the level does not depend
            // on the time control.
            assert!(
                nodes.windows(2).all(|w| w[0] == w[1]),
                "skill {skill}, {position}: {nodes:?}"
            );
        }
    }
    // A smaller `go nodes` than the budget wins.
    e.send("setoption name Skill Level value 16");
    e.send("position startpos");
    let (n, ..) = level_line(&e.go("nodes 3000"));
    assert!(n <= 3000, "{n}");
}

#[test]
fn uci_elo_maps_to_the_skill_scale() {
    let mut e = Engine::start();
    e.send("debug on");
    e.send("position startpos");
    e.send("setoption name Skill Level value 3");
    e.send("setoption name UCI_LimitStrength value true");
    // UCI_Elo wins over Skill Level under UCI_LimitStrength; a knot of the
    // calibration table plays exactly its skill.
    let (knot_skill, knot_elo) = CALIBRATION[7];
    e.send(&format!("setoption name UCI_Elo value {knot_elo}"));
    let (_, budget, _, cap) = level_line(&e.go("depth 30"));
    let knot = Level::from_elo(knot_elo as u32);
    assert!((knot.skill() - knot_skill).abs() < 1e-9);
    let settings = knot.settings().unwrap();
    assert_eq!((budget, cap), (settings.nodes, settings.depth));
    // Between the Elo of two whole levels, between their budgets.
    let ten = Level::from_skill(10).settings().unwrap();
    let eleven = Level::from_skill(11).settings().unwrap();
    let between = (Level::from_skill(10).elo() + Level::from_skill(11).elo()) / 2.0;
    e.send(&format!("setoption name UCI_Elo value {}", between.round()));
    let (_, budget, ..) = level_line(&e.go("depth 30"));
    assert!(ten.nodes < budget && budget < eleven.nodes, "{budget}");
    // Off again: Skill Level 3.
    e.send("setoption name UCI_LimitStrength value false");
    let (_, budget, ..) = level_line(&e.go("depth 30"));
    assert_eq!(budget, Level::from_skill(3).settings().unwrap().nodes);
}

#[test]
fn weak_levels_take_a_free_queen() {
    // Rxd5 wins the queen; any other move loses the rook to Qxd1.
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    for skill in [1, 3, 6] {
        e.send(&format!("setoption name Skill Level value {skill}"));
        for _ in 0..10 {
            assert_eq!(bestmove(&e.go("movetime 1000")), "d1d5", "skill {skill}");
        }
    }
}

/// With a net loaded, a level still searches with the hand-crafted
/// evaluation (its margins are that evaluation's centipawns; the net scores
/// the won ending after Rxd5 far lower, and skill 1 then sometimes chose
/// Kc1), and `eval` says so.
#[test]
fn levels_use_the_hand_crafted_evaluation_with_a_net_loaded() {
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/engine/nets/daba-6.nnue");
    let mut e = Engine::start();
    e.send(&format!("setoption name EvalFile value {net}"));
    e.send("position fen 4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    e.send("setoption name Skill Level value 1");
    for _ in 0..20 {
        assert_eq!(bestmove(&e.go("movetime 1000")), "d1d5");
    }
    e.send("eval");
    let said = e.expect_prefix("The search uses");
    assert!(
        said.last()
            .unwrap()
            .contains("this playing level uses the hand-crafted one"),
        "{said:?}"
    );
    // At full strength the net is back.
    e.send("setoption name Skill Level value 20");
    e.send("eval");
    let said = e.expect_prefix("The search uses");
    assert_eq!(said.last().unwrap(), "The search uses the NNUE evaluation.");
}

#[test]
fn analysis_is_at_full_strength() {
    let mut e = Engine::start();
    e.send("setoption name Skill Level value 0");
    e.send("debug on");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send("stop");
    let lines = e.expect_prefix("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("level:")), "{lines:?}");
    // go ponder at level 0: waits for ponderhit, then a random move.
    e.send("go ponder wtime 1000 btime 1000");
    e.expect_silence(
        |l| l.starts_with("bestmove"),
        std::time::Duration::from_millis(200),
    );
    e.send("ponderhit");
    e.expect_prefix("bestmove");
    let transcript = &e.transcript;
    assert!(
        transcript.iter().any(|l| l.contains("level: a random move")),
        "{transcript:?}"
    );
}

/// The info lines of a search without the timing fields, which vary.
fn search_signature(e: &mut Engine, go: &str) -> Vec<String> {
    e.go(go)
        .iter()
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let mut out = Vec::new();
            let mut i = 0;
            while i < t.len() {
                if matches!(t[i], "nps" | "time" | "hashfull") {
                    i += 2;
                } else {
                    out.push(t[i]);
                    i += 1;
                }
            }
            out.join(" ")
        })
        .collect()
}

#[test]
fn full_strength_is_the_search_without_levels() {
    let go = "depth 9";
    let fen = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let mut plain = Engine::start();
    plain.send(fen);
    let reference = search_signature(&mut plain, go);
    for setup in [
        vec!["setoption name Skill Level value 20"],
        vec![
            "setoption name Skill Level value 5",
            "setoption name UCI_LimitStrength value true",
            &format!("setoption name UCI_Elo value {MAX_ELO}"),
        ],
        vec![
            "setoption name Skill Level value 5",
            "setoption name Skill Level value 20",
        ],
    ] {
        let mut e = Engine::start();
        for line in &setup {
            e.send(line);
        }
        e.send(fen);
        assert_eq!(search_signature(&mut e, go), reference, "{setup:?}");
    }
}
