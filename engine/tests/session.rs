//! The session: lines in the outcome, level play, seeds, stops.

use engine::score::{MATE, MATE_BOUND};
use engine::search::SilentReporter;
use engine::session::{on_search_thread, LevelSettings, MoveSource, SearchRequest, Session};
use movegen::Board;
use std::collections::HashSet;

fn board(fen: &str) -> Board {
    movegen::init();
    Board::from_fen(fen).unwrap()
}

fn level(skill: u32) -> LevelSettings {
    LevelSettings {
        skill,
        ..LevelSettings::default()
    }
}

#[test]
fn the_outcome_carries_every_line_best_first() {
    let b = board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let outcome = on_search_thread(|| {
        let mut session = Session::with_seed(1);
        session.search(&SearchRequest::new(b).depth(6).multipv(4), &SilentReporter)
    })
    .unwrap();
    assert_eq!(outcome.source, MoveSource::Search);
    assert_eq!(outcome.depth, 6);
    assert_eq!(outcome.lines.len(), 4);
    assert_eq!(outcome.best, Some(outcome.lines[0].pv[0]));
    assert_eq!(outcome.score, outcome.lines[0].score);
    assert!(outcome.lines.windows(2).all(|w| w[0].score >= w[1].score));
    let firsts: HashSet<_> = outcome.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 4, "each line starts with another move");
    assert!(outcome.seldepth >= 6);
}

#[test]
fn mate_scores_stay_internal() {
    let b = board("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    let outcome =
        on_search_thread(|| Session::with_seed(1).search(&SearchRequest::new(b).depth(4), &SilentReporter))
            .unwrap();
    assert_eq!(outcome.best.map(|m| m.to_uci(false)).as_deref(), Some("a1a8"));
    // Mate in one: one ply from the root.
    assert_eq!(outcome.lines[0].score, MATE - 1);
    assert!(outcome.score >= MATE_BOUND);
}

#[test]
fn the_random_mover_covers_every_legal_move_and_follows_its_seed() {
    let b = board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let legal: HashSet<_> = b.legal_moves().as_slice().iter().copied().collect();
    let play = |seed| {
        let mut session = Session::with_seed(seed);
        session.set_level(level(0));
        (0..400)
            .map(|_| session.search(&SearchRequest::new(b), &SilentReporter))
            .map(|o| {
                assert!(matches!(o.source, MoveSource::Random { .. }));
                o.best.unwrap()
            })
            .collect::<Vec<_>>()
    };
    let first = play(5);
    assert_eq!(first.iter().copied().collect::<HashSet<_>>(), legal);
    assert_eq!(first, play(5), "the same seed plays the same moves");
    assert_ne!(first, play(6));
}

#[test]
fn a_level_chooses_among_its_lines_on_one_thread_with_its_budget() {
    let b = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let settings = engine::levels::Level::from_skill(6).settings().unwrap();
    let outcomes = on_search_thread(|| {
        let mut session = Session::with_seed(3);
        session.set_threads(4);
        session.set_level(level(6));
        (0..6)
            .map(|_| session.search(&SearchRequest::new(b), &SilentReporter))
            .collect::<Vec<_>>()
    })
    .unwrap();
    for o in &outcomes {
        let MoveSource::Level {
            line,
            candidates,
            budget,
            ..
        } = o.source
        else {
            panic!("not a level move: {:?}", o.source);
        };
        assert_eq!(budget, settings.nodes);
        assert!(line < candidates && candidates <= settings.lines);
        assert_eq!(o.best, Some(o.lines[line].pv[0]));
        assert!(o.depth <= settings.depth);
        // Depth 1 always completes, every line of it; after that the budget
        // ends the search (one thread: the count is exact).
        assert!(
            o.depth == 1 || o.nodes <= settings.nodes + 100,
            "{} of {}",
            o.nodes,
            settings.nodes
        );
    }
    // A full-strength request ignores the level.
    let full = on_search_thread(|| {
        let mut session = Session::with_seed(3);
        session.set_level(level(6));
        session.search(&SearchRequest::new(b).depth(3).full_strength(), &SilentReporter)
    })
    .unwrap();
    assert_eq!(full.source, MoveSource::Search);
}

#[test]
fn a_stop_before_the_search_begins_is_kept_for_it() {
    let b = board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let mut session = Session::with_seed(1);
    let signals = session.signals();
    signals.arm();
    signals.stop();
    let outcome =
        on_search_thread(|| session.search(&SearchRequest::new(b).depth(60), &SilentReporter)).unwrap();
    assert_eq!(
        outcome.depth, 1,
        "depth 1 always completes, nothing after the stop"
    );
    assert!(outcome.best.is_some());
    // A stop with no search armed or running is forgotten.
    signals.stop();
    let next = on_search_thread(|| session.search(&SearchRequest::new(b).depth(3), &SilentReporter)).unwrap();
    assert_eq!(next.depth, 3);
}
