//! Computer players by level, like the two-player levels (docs/levels.md):
//! level 0 plays uniformly random legal plies; level 1 is one-ply greedy
//! (the capture of the most valuable piece, ties and quiet positions
//! random); levels 2 to [`MAX_LEVEL`] run the search ([`Searcher`]) with a
//! node budget that triples per level, from 200 nodes at level 2 to about
//! 1.3 million at level 10 ([`level_nodes`]). [`player`] is the function
//! from a level to a player; [`Player::with_limits`] replaces the budget.

use crate::eval::piece_value;
use crate::moves::Ply;
use crate::outcome::{Outcome, Turn};
use crate::position::Position;
use crate::search::{Limits, SearchResult, Searcher};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;

/// The highest level.
pub const MAX_LEVEL: u32 = 10;

/// The node budget of a search level (2 and up): `200 * 3^(level - 2)`;
/// `None` for levels 0 and 1, which do not search.
pub fn level_nodes(level: u32) -> Option<u64> {
    (2..=MAX_LEVEL)
        .contains(&level)
        .then(|| 200 * 3u64.pow(level - 2))
}

/// A computer player of a given level.
pub struct Player {
    level: u32,
    rng: StdRng,
    searcher: Option<Searcher>,
    limits: Limits,
    last: Option<SearchResult>,
}

/// The player of `level` (clamped to [`MAX_LEVEL`]), its random choices
/// drawn from `seed`.
pub fn player(level: u32, seed: u64) -> Player {
    let level = level.min(MAX_LEVEL);
    Player {
        level,
        rng: StdRng::seed_from_u64(seed),
        searcher: (level >= 2).then(|| Searcher::new(18)),
        limits: Limits {
            nodes: level_nodes(level),
            ..Limits::default()
        },
        last: None,
    }
}

impl Player {
    /// The player's level.
    pub fn level(&self) -> u32 {
        self.level
    }

    /// The same player searching within `limits` instead of its level's
    /// node budget (no effect on levels 0 and 1).
    pub fn with_limits(mut self, limits: Limits) -> Player {
        self.limits = limits;
        self
    }

    /// The same player with the search's quiescence on (the default) or
    /// off ([`Searcher::set_quiescence`]; no effect on levels 0 and 1).
    pub fn with_quiescence(mut self, on: bool) -> Player {
        if let Some(searcher) = &mut self.searcher {
            searcher.set_quiescence(on);
        }
        self
    }

    /// The search limits of the player's moves.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The result of the player's last search (levels 2 and up).
    pub fn last_search(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }

    /// The ply the player chooses for the seat to move; `None` when the
    /// game is over.
    pub fn choose(&mut self, pos: &Position) -> Option<Ply> {
        self.choose_until(pos, &AtomicBool::new(false))
    }

    /// [`Player::choose`], with a search that ends early once `stop` is set
    /// (its best ply so far; `None` when stopped before the first depth).
    pub fn choose_until(&mut self, pos: &Position, stop: &AtomicBool) -> Option<Ply> {
        let mut scratch = pos.clone();
        let plies = match scratch.turn_mut() {
            Turn::Over(_) => return None,
            Turn::Play(plies) => plies,
        };
        match self.level {
            0 => plies.choose(&mut self.rng).copied(),
            1 => Some(greedy(pos, &plies, &mut self.rng)),
            _ => {
                let searcher = self.searcher.get_or_insert_with(Searcher::default);
                let result = searcher.search(&mut scratch, &self.limits, stop);
                let ply = result.ply;
                self.last = Some(result);
                ply
            }
        }
    }
}

/// The capture of the most valuable piece (a promotion counts as the
/// queen's gain), a random one among equals; a random ply when there is no
/// capture.
fn greedy(pos: &Position, plies: &[Ply], rng: &mut StdRng) -> Ply {
    let gain = |ply: &Ply| match ply {
        Ply::Move(mv) => {
            pos.piece_at(mv.to).map_or(0, |p| piece_value(p.kind))
                + mv.promotion.map_or(0, |k| piece_value(k) - 100)
        }
        _ => 0,
    };
    let best = plies.iter().map(gain).max().unwrap_or(0);
    let top: Vec<Ply> = plies.iter().filter(|p| gain(p) == best).copied().collect();
    *top.choose(rng).expect("a turn has a ply")
}

/// A game played out by four players, one per seat.
#[derive(Clone, Debug)]
pub struct Game {
    /// The plies, in order, from the start position given.
    pub plies: Vec<Ply>,
    /// How it ended; `None` when the ply cap stopped it first.
    pub outcome: Option<Outcome>,
    /// The position at the end.
    pub end: Position,
}

/// Plays from `start` until the game is over or `max_plies` plies are
/// played, each seat's ply chosen by `players[seat.index()]`; `seen` is
/// called after each ply with the position before it, the ply, and the
/// player that chose it (for statistics).
pub fn play_game(
    start: &Position,
    players: &mut [Player; 4],
    max_plies: usize,
    mut seen: impl FnMut(&Position, Ply, &Player),
) -> Game {
    let mut pos = start.clone();
    let mut plies = Vec::new();
    while plies.len() < max_plies {
        let player = &mut players[pos.to_move().index()];
        let Some(ply) = player.choose(&pos) else { break };
        seen(&pos, ply, player);
        pos.make(ply);
        plies.push(ply);
    }
    Game {
        plies,
        outcome: pos.outcome(),
        end: pos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_search_ends_at_once() {
        let start = Position::start();
        let mut free = player(6, 1);
        assert!(free.choose_until(&start, &AtomicBool::new(false)).is_some());
        let full = free.last_search().unwrap().nodes;
        let mut stopped = player(6, 1);
        let _ = stopped.choose_until(&start, &AtomicBool::new(true));
        let nodes = stopped.last_search().unwrap().nodes;
        assert!(
            full > 10_000 && nodes < 1_000,
            "{nodes} nodes stopped, {full} not"
        );
    }
}
