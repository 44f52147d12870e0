//! `daba datagen` writes the same file for a given seed whatever the number
//! of threads, continues a stopped run to the same file as an uninterrupted
//! one, and records whole legal games that the reader can filter; its
//! settings (soft node limit, opening check, random plies, win
//! adjudication) do what they say, and old settings hash as they did.

use engine::search::{Limits, Reporter, ScoreBound, SearchInfo};
use engine::session::{SearchRequest, Session};
use movegen::{Board, Color, Move};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use trainer::datagen::format::{Filter, GameReader, GameRecord, Outcome};
use trainer::datagen::{check_opening, new_session, run, DatagenConfig};

/// The old generator's settings (a fixed budget of 300 nodes, 4 random
/// plies, no opening check, wins at 2000 cp for 4 plies) ...
fn legacy_config(games: usize, threads: usize, out: &Path) -> DatagenConfig {
    DatagenConfig {
        games,
        nodes: 300,
        soft_nodes: None,
        threads,
        seed: 99,
        book: vec![
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1".into(),
        ],
        random_plies: 4..=4,
        verify_nodes: None,
        verify_score: 400,
        win_score: 2000,
        win_plies: 4,
        out: out.to_string_lossy().into_owned(),
        network: None,
    }
}

/// ... and the new ones, scaled down: a soft limit of 300 nodes (hard cap
/// 2400), 3 or 4 random plies, an opening check of 1000 nodes rejecting
/// beyond 150 cp, wins at 1000 cp for 4 plies.
fn config(games: usize, threads: usize, out: &Path) -> DatagenConfig {
    DatagenConfig {
        soft_nodes: Some(300),
        nodes: 2400,
        random_plies: 3..=4,
        verify_nodes: Some(1000),
        verify_score: 150,
        win_score: 1000,
        ..legacy_config(games, threads, out)
    }
}

/// Every game of a data file.
fn games_of(bytes: &[u8]) -> Vec<GameRecord> {
    let mut reader = GameReader::new(bytes).expect("a data file");
    let mut games = Vec::new();
    while let Some(game) = reader.next_game().expect("a valid game") {
        games.push(game);
    }
    games
}

fn generate(games: usize, threads: usize, out: &Path) -> Vec<u8> {
    run(&config(games, threads, out)).expect("datagen runs");
    std::fs::read(out).expect("output written")
}

/// A scratch directory removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("daba-datagen-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn same_seed_same_file_with_one_or_two_threads() {
    let dir = Scratch::new("threads");
    let one = generate(4, 1, &dir.file("one.bin"));
    let two = generate(4, 2, &dir.file("two.bin"));
    assert_eq!(one, two);

    // Four legal games; every position is recorded, and the quiet filter
    // keeps some of them but not all.
    let mut reader = GameReader::new(&one[..]).expect("a data file");
    let (mut all, mut quiet) = (0, 0);
    while let Some(game) = reader.next_game().expect("a valid game") {
        let mut index = 0;
        game.for_each_position(reader.games() - 1, |board, ply| {
            all += 1;
            quiet += usize::from(Filter::QUIET.accepts(board, ply, index));
            index += 1;
            assert!(!ply.best.is_none(), "{}", board.to_fen());
        })
        .unwrap();
    }
    assert_eq!(reader.games(), 4);
    assert!(0 < quiet && quiet < all, "{quiet} quiet of {all}");
}

#[test]
fn a_stopped_run_continues_to_the_same_file() {
    movegen::init();
    let dir = Scratch::new("resume");
    let whole = generate(5, 2, &dir.file("whole.bin"));

    // Stopped after two games, then the full command again.
    let resumed = dir.file("resumed.bin");
    generate(2, 1, &resumed);
    assert_eq!(generate(5, 2, &resumed), whole);

    // Killed in the middle of writing the last game: that game is dropped
    // and played again.
    std::fs::write(&resumed, &whole[..whole.len() - 7]).unwrap();
    assert_eq!(generate(5, 1, &resumed), whole);

    // Nothing to do when the file is complete.
    assert_eq!(generate(5, 1, &resumed), whole);

    // Other settings cannot append to the file.
    let mut other = config(6, 1, &resumed);
    other.seed = 100;
    assert!(run(&other).is_err());
    let mut other = config(6, 1, &resumed);
    other.win_score = 1250;
    assert!(run(&other).is_err());
    assert_eq!(std::fs::read(&resumed).unwrap(), whole);
}

#[test]
fn old_settings_hash_as_before_and_every_new_setting_changes_the_hash() {
    let out = Path::new("unused.bin");
    // The hash the generator before 2026-12-04 wrote for these settings, so
    // the same command (with --win-score 2000 --verify-nodes 0) continues an
    // old file.
    let legacy = legacy_config(1, 1, out);
    assert!(legacy.is_legacy());
    assert_eq!(legacy.settings_hash(), 0x0569_2310_64e0_6d56);

    let new = config(1, 1, out);
    assert!(!new.is_legacy());
    let with = |base: &DatagenConfig, change: fn(&mut DatagenConfig)| {
        let mut config = base.clone();
        change(&mut config);
        config
    };
    let variants: Vec<(&str, DatagenConfig)> = vec![
        ("legacy", legacy.clone()),
        ("new", new.clone()),
        ("soft nodes", with(&new, |c| c.soft_nodes = Some(301))),
        ("hard nodes", with(&new, |c| c.nodes = 2401)),
        (
            "soft limit on a legacy run",
            with(&legacy, |c| c.soft_nodes = Some(300)),
        ),
        ("random plies", with(&new, |c| c.random_plies = 3..=5)),
        ("random plies, legacy", with(&legacy, |c| c.random_plies = 4..=5)),
        ("verify nodes", with(&new, |c| c.verify_nodes = Some(1001))),
        ("no opening check", with(&new, |c| c.verify_nodes = None)),
        ("verify score", with(&new, |c| c.verify_score = 151)),
        ("win score", with(&new, |c| c.win_score = 1001)),
        ("win plies", with(&new, |c| c.win_plies = 5)),
        ("win score, legacy", with(&legacy, |c| c.win_score = 1000)),
    ];
    for (i, (a, x)) in variants.iter().enumerate() {
        for (b, y) in &variants[..i] {
            assert_ne!(x.settings_hash(), y.settings_hash(), "{a} and {b}");
        }
    }
    // What does not decide the games does not change the hash.
    let same = DatagenConfig {
        games: 7,
        threads: 2,
        out: "other.bin".into(),
        ..new.clone()
    };
    assert_eq!(same.settings_hash(), new.settings_hash());
    let unchecked = DatagenConfig {
        verify_nodes: None,
        ..new.clone()
    };
    assert_eq!(
        DatagenConfig {
            verify_score: 999,
            ..unchecked.clone()
        }
        .settings_hash(),
        unchecked.settings_hash()
    );
}

/// The side to move at a game's start and the score of its first search,
/// White's view.
fn first_score(game: &GameRecord) -> i32 {
    let score = i32::from(game.plies[0].score);
    if game.start.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

#[test]
fn every_opening_passes_the_check_and_both_colours_move_first() {
    movegen::init();
    let dir = Scratch::new("openings");
    let out = dir.file("checked.bin");
    let config = config(8, 2, &out);
    let stats = run(&config).expect("datagen runs");
    let games = games_of(&std::fs::read(&out).unwrap());
    assert_eq!(games.len(), 8);
    // The check runs from a clear table, so a fresh session scores each
    // start position as the generator did: within the threshold.
    let mut session = new_session(&config);
    for game in &games {
        let check = check_opening(&mut session, game.start, 1000);
        assert!(check.best.is_some(), "{}", game.start.to_fen());
        assert!(
            check.score.abs() <= config.verify_score,
            "{} scored {}",
            game.start.to_fen(),
            check.score
        );
    }
    // Some draws were rejected (at 150 cp and 3-4 random plies), and each
    // cost a search.
    assert!(stats.openings > 8, "{stats:?}");
    assert!(stats.verify_nodes >= 1000 * stats.openings, "{stats:?}");
    // The book has Black to move; 3 or 4 random plies let both colours
    // move first.
    let white_first = games
        .iter()
        .filter(|g| g.start.side_to_move() == Color::White)
        .count();
    assert!(0 < white_first && white_first < 8, "{white_first} of 8");

    // Without the check, the same seed plays some lopsided openings.
    let unchecked = DatagenConfig {
        verify_nodes: None,
        out: dir.file("unchecked.bin").to_string_lossy().into_owned(),
        ..config.clone()
    };
    let stats = run(&unchecked).expect("datagen runs");
    assert_eq!(stats.openings, 8);
    let games = games_of(&std::fs::read(dir.file("unchecked.bin")).unwrap());
    assert!(
        games.iter().any(|g| first_score(g).abs() > config.verify_score),
        "{:?}",
        games.iter().map(first_score).collect::<Vec<_>>()
    );
}

/// Checks that every game of `bytes` ended at the first run of `plies`
/// scores beyond `score`, with the winner the scores say, when it has one;
/// returns the number of games so adjudicated.
fn assert_adjudicated_at(bytes: &[u8], score: i32, plies: usize) -> usize {
    let mut adjudicated = 0;
    for (index, game) in games_of(bytes).iter().enumerate() {
        let mut run = 0;
        let mut side = game.start.side_to_move();
        for (i, ply) in game.plies.iter().enumerate() {
            let s = i32::from(ply.score);
            run = if s.abs() >= score { run + 1 } else { 0 };
            if run == plies {
                assert_eq!(i + 1, game.plies.len(), "game {index} ran on after a win");
                let white_wins = (s > 0) == (side == Color::White);
                let expected = if white_wins {
                    Outcome::WhiteWin
                } else {
                    Outcome::BlackWin
                };
                assert_eq!(game.outcome, expected, "game {index}");
                adjudicated += 1;
                break;
            }
            side = !side;
        }
    }
    adjudicated
}

#[test]
fn wins_are_adjudicated_at_the_win_score() {
    movegen::init();
    let dir = Scratch::new("adjudication");
    let new = generate(6, 2, &dir.file("new.bin"));
    let adjudicated = assert_adjudicated_at(&new, 1000, 4);
    assert!(adjudicated > 0, "no game was adjudicated at 1000 cp");
    // The old threshold lets the same games run on.
    let old = DatagenConfig {
        win_score: 2000,
        out: dir.file("old.bin").to_string_lossy().into_owned(),
        ..config(6, 2, Path::new(""))
    };
    run(&old).expect("datagen runs");
    let old = std::fs::read(dir.file("old.bin")).unwrap();
    assert_adjudicated_at(&old, 2000, 4);
    let positions = |bytes: &[u8]| games_of(bytes).iter().map(|g| g.plies.len()).sum::<usize>();
    assert!(
        positions(&new) < positions(&old),
        "{} against {}",
        positions(&new),
        positions(&old)
    );
}

/// Collects the depth and node count of every finished iteration.
#[derive(Default)]
struct Iterations(Mutex<Vec<(u32, u64)>>);

impl Reporter for Iterations {
    fn info(&self, info: &SearchInfo) {
        if info.bound == ScoreBound::Exact && info.multipv == 1 {
            self.0.lock().unwrap().push((info.depth, info.nodes));
        }
    }
    fn currmove(&self, _depth: u32, _mv: Move, _number: usize) {}
}

#[test]
fn the_soft_node_limit_finishes_the_iteration_that_reaches_it() {
    movegen::init();
    let mut session = Session::new();
    session.set_hash_mb(8).unwrap();
    session.set_network(None);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    ] {
        let board = Board::from_fen(fen).unwrap();
        let limits = Limits {
            soft_nodes: Some(5000),
            nodes: Some(40_000),
            ..Limits::default()
        };
        session.clear_in_place();
        let iterations = Iterations::default();
        let soft = session.search(&SearchRequest::new(board).limits(limits), &iterations);
        let iterations = iterations.0.into_inner().unwrap();
        let &(last_depth, last_nodes) = iterations.last().unwrap();
        // More nodes than the soft limit, fewer than the cap, and not one
        // node after the last finished iteration: the search ended there,
        // with that iteration's result ...
        assert!(
            5000 <= soft.nodes && soft.nodes < 40_000,
            "{fen}: {} nodes",
            soft.nodes
        );
        assert_eq!((soft.depth, soft.nodes), (last_depth, last_nodes), "{fen}");
        // ... and the iteration before it had not reached the limit.
        let &(_, before) = iterations.iter().rev().nth(1).unwrap();
        assert!(before < 5000, "{fen}: {iterations:?}");

        // A hard limit of 5000 nodes throws its unfinished iteration away:
        // it ends a depth short of the soft limit's.
        session.clear_in_place();
        let hard = session.search(
            &SearchRequest::new(board).nodes(5000),
            &engine::search::SilentReporter,
        );
        assert!(
            hard.nodes <= 5000 && hard.depth + 1 == soft.depth,
            "{fen}: {} against {}",
            hard.depth,
            soft.depth
        );
    }
}

#[test]
fn games_played_with_a_net_differ_and_cannot_extend_other_files() {
    use eval::nnue::{Activation, Network};
    use std::sync::Arc;
    movegen::init();
    let dir = Scratch::new("nnue");
    let classical = generate(2, 1, &dir.file("classical.bin"));
    let net = Arc::new(Network::random(32, 2, Activation::SCReLU, 5));
    let with_net = |name: &str, net: &Arc<Network>| {
        let mut c = config(2, 1, &dir.file(name));
        c.network = Some(Arc::clone(net));
        run(&c).expect("datagen runs with a net");
        std::fs::read(dir.file(name)).unwrap()
    };
    let first = with_net("net.bin", &net);
    assert_ne!(
        first, classical,
        "the net's games are the hand-crafted evaluation's"
    );
    assert_eq!(
        with_net("net2.bin", &net),
        first,
        "the same net gives the same games"
    );

    // A file of the hand-crafted games cannot be continued with the net, nor
    // the net's file with another net.
    let mut c = config(3, 1, &dir.file("classical.bin"));
    c.network = Some(Arc::clone(&net));
    assert!(run(&c).is_err());
    let mut c = config(3, 1, &dir.file("net.bin"));
    c.network = Some(Arc::new(Network::random(32, 2, Activation::SCReLU, 6)));
    assert!(run(&c).is_err());
}
