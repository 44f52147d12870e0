//! The computer player: the search finds a team's mate in one, never
//! returns an illegal ply, leaves the position as it found it, answers a
//! stop promptly; the levels 0 and 1 play as documented; and a level that
//! searches beats the random mover in a short game.

mod common;

use common::{setup, sq};
use fourhand::{
    evaluate, level_nodes, play_game, player, Limits, Move, Outcome, Ply, Position, Searcher, Team, Turn,
    MATE, MAX_PLY,
};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn search(pos: &mut Position, limits: Limits) -> fourhand::SearchResult {
    Searcher::new(16).search(pos, &limits, &AtomicBool::new(false))
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// East is frozen (held by North's rook); South mates West with Qf12-b8,
/// the queen guarded by the bishop on d6: West is then mated at his turn
/// and South-North have won.
#[test]
fn finds_the_team_mate_in_one() {
    let mut pos = setup("sKh1 wKa8 nKg14 eKn7 nRn10 sQf12 sBd6", 'S', "E");
    let before = pos.clone();
    let result = search(&mut pos, depth(4));
    assert_eq!(pos, before);
    let ply = result.ply.expect("a move");
    assert!(result.score > MATE - MAX_PLY as i32, "{result:?}");
    let Ply::Move(mv) = ply else { panic!("{ply:?}") };
    let mut after = pos.clone();
    after.make(ply);
    assert_eq!(
        after.legal_plies(),
        vec![Ply::Mated],
        "{} does not mate",
        pos.move_text(mv)
    );
    after.make(Ply::Mated);
    assert_eq!(after.outcome(), Some(Outcome::Win(Team::SouthNorth)));
    // The expected line is the mate, West's mated ply, and nothing after.
    assert_eq!(result.pv, vec![ply, Ply::Mated]);
    assert_eq!(mv, Move::new(sq("f12"), sq("b8")));
}

/// A frozen seat's only ply is a pass; a finished game has none.
#[test]
fn forced_plies_and_lost_positions() {
    let mut frozen_to_move = setup("sKh1 wKa8 nKg14 eKn7 nRn10 sQf12 sBd6", 'E', "E");
    let result = search(&mut frozen_to_move, depth(3));
    assert_eq!(result.ply, Some(Ply::Pass));

    // A finished game has no ply to search; North, to move, has won.
    let mut won = setup("sKh1 wKa8 nKg14 eKn7 nRn10 sQb8 sBd6", 'W', "E");
    won.make(Ply::Mated);
    assert_eq!(won.outcome(), Some(Outcome::Win(Team::SouthNorth)));
    let result = search(&mut won, depth(3));
    assert_eq!(result.ply, None);
    assert_eq!(result.score, MATE);
}

/// Random playouts: at positions along them, the search's ply is one of
/// the legal plies, and the position (key, history, state) is unchanged.
#[test]
fn never_an_illegal_ply_and_the_position_is_restored() {
    let mut rng = StdRng::seed_from_u64(36);
    let mut searcher = Searcher::new(14);
    let mut checked = 0;
    for game in 0..6 {
        let mut pos = Position::start();
        for step in 0..160 {
            let plies = pos.legal_plies();
            if plies.is_empty() {
                break;
            }
            if step % 9 == game % 9 {
                // Odd games search without quiescence.
                searcher.set_quiescence(game % 2 == 0);
                let before = pos.clone();
                let history = pos.history().to_vec();
                let limits = Limits {
                    nodes: Some(400 + 100 * game as u64),
                    ..Limits::default()
                };
                let result = searcher.search(&mut pos, &limits, &AtomicBool::new(false));
                assert_eq!(pos, before, "the search changed the position");
                assert_eq!(pos.key(), pos.compute_key());
                assert_eq!(pos.history(), &history[..]);
                let ply = result.ply.expect("the game goes on");
                assert!(plies.contains(&ply), "{ply} not legal in {pos}");
                assert!(result.nodes <= limits.nodes.unwrap());
                checked += 1;
            }
            let ply = *plies.choose(&mut rng).unwrap();
            pos.make(ply);
        }
    }
    assert!(checked > 50, "{checked}");
}

/// With no limit, a search returns soon after another thread sets the
/// stop flag, with a legal move; a flag set before it starts stops it at
/// once.
#[test]
fn the_stop_flag_stops_the_search() {
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let mut pos = Position::start();
    let start = Instant::now();
    let result = Searcher::new(16).search(&mut pos, &Limits::default(), &stop);
    let took = start.elapsed();
    setter.join().unwrap();
    assert!(took < Duration::from_millis(1500), "{took:?}");
    assert!(pos.legal_plies().contains(&result.ply.unwrap()));

    let stopped = AtomicBool::new(true);
    let start = Instant::now();
    let result = Searcher::new(10).search(&mut pos, &Limits::default(), &stopped);
    assert!(start.elapsed() < Duration::from_millis(200));
    assert!(pos.legal_plies().contains(&result.ply.unwrap()));
}

/// A time limit is kept, and depth and node limits are too.
#[test]
fn limits_are_kept() {
    let mut pos = Position::start();
    let start = Instant::now();
    let timed = search(
        &mut pos,
        Limits {
            time: Some(Duration::from_millis(150)),
            ..Limits::default()
        },
    );
    assert!(start.elapsed() < Duration::from_millis(1000));
    assert!(timed.depth >= 1);
    assert_eq!(search(&mut pos, depth(2)).depth, 2);
    let limited = search(
        &mut pos,
        Limits {
            nodes: Some(1000),
            ..Limits::default()
        },
    );
    assert!(limited.nodes <= 1000);
}

/// Level 0 plays every legal ply with some chance (different seeds, moves
/// all over the list); level 1 takes the most valuable piece it can.
#[test]
fn levels_zero_and_one() {
    let pos = Position::start();
    let legal = pos.legal_plies();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..200 {
        let ply = player(0, seed).choose(&pos).unwrap();
        assert!(legal.contains(&ply));
        seen.insert(ply);
    }
    assert_eq!(seen.len(), legal.len(), "level 0 is uniformly random");

    // South's knight may take West's queen or a pawn; level 1 takes the
    // queen, whatever its seed.
    let pos = setup("sKh1 wKa8 nKg14 eKn7 sNe5 wQd7 wPf7", 'S', "-");
    for seed in 0..20 {
        let ply = player(1, seed).choose(&pos).unwrap();
        assert_eq!(ply, Ply::Move(Move::new(sq("e5"), sq("d7"))), "seed {seed}");
    }
    // With no capture it plays a random legal move.
    let start = Position::start();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..50 {
        let ply = player(1, seed).choose(&start).unwrap();
        assert!(legal.contains(&ply));
        seen.insert(ply);
    }
    assert!(seen.len() > 6, "{seen:?}");
    // A finished game: no ply.
    let mut won = setup("sKh1 wKa8 nKg14 eKn7 nRn10 sQb8 sBd6", 'W', "E");
    won.make(Ply::Mated);
    for level in 0..4 {
        assert_eq!(player(level, 1).choose(&won), None);
    }
}

/// The node budgets grow with the level, and a searching level beats two
/// random movers in a short game (the full measurements are in
/// docs/fourhand.md).
#[test]
fn search_levels_beat_random_movers() {
    assert_eq!(level_nodes(0), None);
    assert_eq!(level_nodes(1), None);
    let budgets: Vec<u64> = (2..=10).map(|l| level_nodes(l).unwrap()).collect();
    assert!(budgets.windows(2).all(|w| w[1] > w[0]));
    for (seed, computer) in [(1, Team::SouthNorth), (2, Team::WestEast)] {
        let mut players = std::array::from_fn(|i| {
            let seat = fourhand::Seat::from_index(i);
            player(if seat.team() == computer { 3 } else { 0 }, seed * 4 + i as u64)
        });
        let game = play_game(&Position::start(), &mut players, 600, |pos, ply, _| {
            assert!(pos.legal_plies().contains(&ply));
        });
        assert_eq!(
            game.outcome,
            Some(Outcome::Win(computer)),
            "{} plies",
            game.plies.len()
        );
    }
}

/// The evaluation is one score seen from either team.
#[test]
fn evaluation_is_antisymmetric() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut pos = Position::start();
    for _ in 0..120 {
        let plies = pos.legal_plies();
        let Some(&ply) = plies.choose(&mut rng) else { break };
        pos.make(ply);
        assert_eq!(evaluate(&pos, Team::SouthNorth), -evaluate(&pos, Team::WestEast));
    }
    if let Turn::Play(_) = pos.turn() {
        assert!(evaluate(&pos, Team::SouthNorth).abs() < MATE);
    }
}
