//! Players' ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system",
//! glicko.net/glicko/glicko2.pdf), as lichess rates its players, computed by
//! the `skillratings` crate.
//!
//! Every rated game is a rating period of its own for both players (as on
//! lichess): each player's new rating follows from their own rating and the
//! opponent's before the game. A new player starts at 1500, deviation 350,
//! volatility 0.06 (the paper's values). The system constant tau is
//! [`TAU`] = 0.75, lichess's (the paper suggests 0.3 to 1.2; a larger tau
//! lets the volatility move faster, which suits players who improve). The
//! deviation never falls below [`MIN_DEVIATION`] (lichess's floor, so a
//! rating that has settled can still move) nor rises above the new player's
//! 350. A rating whose deviation is above [`PROVISIONAL_DEVIATION`] is shown
//! as provisional (a "?" on lichess).

use serde::Serialize;
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The system constant: how fast the volatility may change (lichess's).
pub const TAU: f64 = 0.75;
/// The lowest deviation a rating keeps (lichess's).
pub const MIN_DEVIATION: f64 = 45.0;
/// The highest deviation: a new player's.
pub const MAX_DEVIATION: f64 = 350.0;
/// A rating whose deviation is above this is provisional (lichess's bound).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A Glicko-2 rating on the usual (Glicko) scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// Its deviation (the uncertainty), 350 for a new player.
    pub deviation: f64,
    /// Its volatility (how erratic the player is), 0.06 for a new player.
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// Whether the rating is still provisional: its deviation is above
    /// [`PROVISIONAL_DEVIATION`].
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW
    }
}

/// How a game ended, seen from one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    fn skillratings(self) -> Outcomes {
        match self {
            Outcome::Win => Outcomes::WIN,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Loss => Outcomes::LOSS,
        }
    }
}

/// How a rated game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

impl GameResult {
    /// The result as White saw it.
    pub fn for_white(self) -> Outcome {
        match self {
            GameResult::WhiteWins => Outcome::Win,
            GameResult::BlackWins => Outcome::Loss,
            GameResult::Draw => Outcome::Draw,
        }
    }

    /// The result as Black saw it.
    pub fn for_black(self) -> Outcome {
        match self {
            GameResult::WhiteWins => Outcome::Loss,
            GameResult::BlackWins => Outcome::Win,
            GameResult::Draw => Outcome::Draw,
        }
    }
}

/// One rating period of Glicko-2 with the system constant `tau`: the
/// player's rating after these games (opponent's rating before the period,
/// and the player's result). No bounds are applied: this is the paper's
/// computation as it stands.
pub fn rating_period(player: Rating, games: &[(Rating, Outcome)], tau: f64) -> Rating {
    let games: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(opponent, outcome)| (opponent.glicko2(), outcome.skillratings()))
        .collect();
    let config = Glicko2Config {
        tau,
        ..Glicko2Config::new()
    };
    let new = glicko2_rating_period(&player.glicko2(), &games, &config);
    Rating {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
    }
}

/// Both players' ratings after a rated game between them (white's, then
/// black's): one rating period each with [`TAU`], the deviation kept within
/// [`MIN_DEVIATION`] and [`MAX_DEVIATION`]. A computation that goes wrong
/// (a number that is not finite) leaves that rating as it was.
pub fn rate_game(white: Rating, black: Rating, result: GameResult) -> (Rating, Rating) {
    let one = |player: Rating, opponent: Rating, outcome: Outcome| {
        let new = rating_period(player, &[(opponent, outcome)], TAU);
        if !(new.rating.is_finite() && new.deviation.is_finite() && new.volatility.is_finite()) {
            return player;
        }
        Rating {
            deviation: new.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            ..new
        }
    };
    (
        one(white, black, result.for_white()),
        one(black, white, result.for_black()),
    )
}
