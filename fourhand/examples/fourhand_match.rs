//! Matches for four (docs/fourhand.md, "The computer player"): a team of
//! two computer players against a team of two weaker players, the teams
//! swapped every other game, one thread. Prints a line per game, the
//! wins, draws and losses of the computer team, its score, and the mean
//! nodes per second and depth of the computer team's searches.
//!
//! ```sh
//! cargo run -p fourhand --release --example fourhand_match -- \
//!     --games 20 --level 5 --opponent 0 [--nodes N] [--movetime MS] [--max-plies 1000] [--seed 1] \
//!     [--random-plies 0] [--opponent-no-quiescence]
//! ```
//!
//! `--opponent-no-quiescence` turns the opponents' quiescence search off
//! (a searching opponent of the same level then measures what it is worth).
//!
//! The searching levels are deterministic, so two of them play the same
//! two games over and over; `--random-plies N` starts each game after N
//! random plies (drawn from the game's seed, the same for both colourings
//! of a pair of games), so that the games differ.

use fourhand::{level_nodes, play_game, player, Limits, Outcome, Player, Position, Team};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Duration;

fn main() {
    let mut games = 20u32;
    let mut level = 5u32;
    let mut opponent = 0u32;
    let mut nodes = None;
    let mut movetime = None;
    let mut max_plies = 1000usize;
    let mut seed = 1u64;
    let mut random_plies = 0u64;
    let mut opponent_quiescence = true;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--opponent-no-quiescence" {
            opponent_quiescence = false;
            continue;
        }
        let value = args.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        let n: u64 = value
            .parse()
            .unwrap_or_else(|_| panic!("{flag}: not a number: {value}"));
        match flag.as_str() {
            "--games" => games = n as u32,
            "--level" => level = n as u32,
            "--opponent" => opponent = n as u32,
            "--nodes" => nodes = Some(n),
            "--movetime" => movetime = Some(Duration::from_millis(n)),
            "--max-plies" => max_plies = n as usize,
            "--seed" => seed = n,
            "--random-plies" => random_plies = n,
            _ => panic!("unknown flag {flag}"),
        }
    }
    let limits = Limits {
        nodes: if movetime.is_some() {
            nodes
        } else {
            nodes.or(level_nodes(level))
        },
        time: movetime,
        depth: None,
    };
    println!(
        "level {level} ({limits:?}) against level {opponent}, {games} games, cap {max_plies} plies, seed {seed}, \
         {random_plies} random plies"
    );
    let (mut wins, mut draws, mut losses, mut capped) = (0, 0, 0, 0);
    let (mut searches, mut total_nodes, mut total_secs, mut total_depth) = (0u64, 0u64, 0f64, 0u64);
    for g in 0..games {
        let computer = if g % 2 == 0 {
            Team::SouthNorth
        } else {
            Team::WestEast
        };
        let game_seed = seed.wrapping_mul(1000).wrapping_add(g as u64);
        let mut start = Position::start();
        let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1000).wrapping_add(g as u64 / 2));
        for _ in 0..random_plies {
            let Some(&ply) = start.legal_plies().choose(&mut rng) else {
                break;
            };
            start.make(ply);
        }
        let mut players: [Player; 4] = std::array::from_fn(|i| {
            let seat = fourhand::Seat::from_index(i);
            if seat.team() == computer {
                player(level, game_seed * 4 + i as u64).with_limits(limits)
            } else {
                player(opponent, game_seed * 4 + i as u64).with_quiescence(opponent_quiescence)
            }
        });
        let game = play_game(&start, &mut players, max_plies, |pos, _, p| {
            if pos.to_move().team() == computer && p.level() >= 2 {
                if let Some(r) = p.last_search() {
                    if r.nodes > 0 {
                        searches += 1;
                        total_nodes += r.nodes;
                        total_secs += r.elapsed.as_secs_f64();
                        total_depth += r.depth as u64;
                    }
                }
            }
        });
        let verdict = match game.outcome {
            Some(Outcome::Win(team)) if team == computer => {
                wins += 1;
                "win"
            }
            Some(Outcome::Win(_)) => {
                losses += 1;
                "loss"
            }
            Some(Outcome::Draw(_)) => {
                draws += 1;
                "draw"
            }
            None => {
                draws += 1;
                capped += 1;
                "draw (cap)"
            }
        };
        let how = game.outcome.map_or("ply cap".to_string(), |o| o.to_string());
        println!(
            "game {g}: computer {computer}, {} plies, {how}: {verdict}",
            game.plies.len()
        );
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64 * 100.0;
    println!("computer +{wins} ={draws} -{losses} ({capped} capped): {score:.1}%");
    if searches > 0 {
        println!(
            "searches {searches}: mean {:.0} nodes/s, mean depth {:.2}, mean nodes {:.0}",
            total_nodes as f64 / total_secs,
            total_depth as f64 / searches as f64,
            total_nodes as f64 / searches as f64
        );
    }
}
