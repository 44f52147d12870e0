//! Chess clocks kept by the server: the server's clock is the truth, the
//! browser only displays it. Pure logic, no I/O and no reading of the
//! system time: every instant is passed in by the caller as milliseconds
//! since the Unix epoch (`now_ms`), so the same calls give the same answers
//! on every server instance and in tests.
//!
//! A game has a [`TimeControl`]: real time with a Fischer increment
//! (`5+3`: five minutes each, three seconds added after each move),
//! correspondence (`3d`: three days for each move) or none (`-`, casual
//! games). [`PRESETS`] are the lobby's choices, each with its [`Speed`]
//! (bullet, blitz, rapid, classical by the estimated duration, the initial
//! time plus 40 increments: under 3 minutes bullet, under 8 blitz, under 25
//! rapid, classical from 25); [`TimeControl::validate`] checks custom ones.
//!
//! A game's [`Clock`] holds each side's remaining time as of the start of
//! the current turn, whose turn it is and since when. The rules:
//!
//! * **First moves.** Each side's first move is untimed: the clock starts
//!   running once both players have moved (as on lichess). Each of those
//!   moves must come within [`FIRST_MOVE_DEADLINE_MS`] (30 s) in real time,
//!   or `days_per_move` in correspondence; past it the game is aborted, not
//!   lost ([`Clock::abort_due`]). No increment is added for them.
//! * **Real time.** A move by the side to move is charged its elapsed time
//!   less the lag credit (below), never less than zero, then the increment
//!   is added and the turn passes. If the charged time is not less than the
//!   mover's remaining time, the move is refused: the flag fell
//!   ([`ClockError::Flagged`]). A game with no initial time (`0+2`) starts
//!   each side with the increment, but at least 3 s.
//! * **Correspondence.** A player has `days_per_move` days for each move:
//!   after each move the mover's time is full again; the flag falls when the
//!   current move's time runs out.
//! * **Take-backs** return no time: [`Clock::take_back`] charges the side to
//!   move for the time it used and hands the turn back. (`Clock` is also
//!   `Clone + PartialEq` for callers that keep snapshots.)
//! * When the game ends, [`Clock::stop`] freezes both times.
//!
//! When a flag falls, the game is lost, or drawn if the opponent could not
//! checkmate by any series of legal moves (FIDE Laws 6.9): movegen's
//! `Board::has_mating_material`.
//!
//! # How lag is not charged
//!
//! The server measures each player's round trip on the live connection:
//! `daba serve` times the gap between answering a player's long poll and
//! that player's next poll arriving (the page asks again at once, so the gap
//! is the network's round trip plus a moment of the page's work; the poll
//! gives back the answer's `served_at`, so whichever instance of a site
//! receives it can measure the gap), and keeps the median of the last
//! [`LAG_SAMPLES`] (5) measurements ([`LagMeter`]), so one slow answer does
//! not move the estimate. A turn as the server counts it starts when the
//! server has recorded the opponent's move and ends when the player's move
//! reaches it; one round trip of that is the network's: the position
//! travelling to the player, and the move travelling back. So the mover is
//! charged the elapsed time less a *lag credit*, never less than zero. The
//! credit is the estimated round trip, but at most [`MAX_LAG_CREDIT_MS`]
//! (500 ms) for any move, and at most what the player's *lag quota* holds:
//! the quota starts at [`LAG_QUOTA_START_MS`] (1 s), gains
//! [`LAG_QUOTA_GAIN_MS`] (300 ms) with every move the player makes, holds
//! at most [`LAG_QUOTA_MAX_MS`] (2 s), and every millisecond credited is
//! taken from it. Over a game of n moves a player is credited at most
//! 1 s + n × 300 ms, and never more than 500 ms for one move: a slow
//! connection is forgiven its usual delay, and a player who answers pings
//! late on purpose (or gives back an answer time earlier than the real
//! one, which reads the same) gains little. Before the first measurement the credit is
//! zero. The meter is saved with the game and a round trip measured on one
//! instance of a site is told to the others at once ([`crate::events`]), so
//! every instance, and a restarted one, credits the same.
//!
//! The same credit is the grace on a flag: the server declares a flag only
//! once the mover's time has been over for as long as the mover's current
//! credit ([`Clock::flagged`] and [`Clock::next_flag_at`] take it), and a
//! move that arrives within that grace is accepted, because it is charged
//! its elapsed time less the credit, which is then less than the time it
//! had. So the credit can save a move that arrives just after the flag, by
//! at most the credit. The first-move deadlines take the same grace.

use movegen::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A second in milliseconds.
pub const SECOND_MS: i64 = 1_000;

/// A minute in milliseconds.
pub const MINUTE_MS: i64 = 60 * SECOND_MS;

/// A day in milliseconds.
pub const DAY_MS: i64 = 24 * 60 * MINUTE_MS;

/// How long each player has for their first move in a real-time game; past
/// it the game is aborted.
pub const FIRST_MOVE_DEADLINE_MS: i64 = 30 * SECOND_MS;

/// The days per move a correspondence game may have.
pub const CORRESPONDENCE_DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// The longest initial time of a custom real-time control (180 minutes).
pub const MAX_INITIAL_MS: i64 = 180 * MINUTE_MS;

/// Initial times are whole quarter minutes (0, ¼, ½, ¾, 1, 1¼ ... minutes).
pub const INITIAL_STEP_MS: i64 = 15 * SECOND_MS;

/// The largest increment of a custom real-time control (180 seconds).
pub const MAX_INCREMENT_MS: i64 = 180 * SECOND_MS;

/// What each side starts with when the initial time is zero (`0+1`): the
/// increment, but at least this.
pub const MIN_ZERO_START_MS: i64 = 3 * SECOND_MS;

/// The moves an estimated game duration counts: initial + this × increment.
pub const ESTIMATED_MOVES: i64 = 40;

/// Estimated durations below this are bullet (3 minutes).
pub const BULLET_BELOW_MS: i64 = 3 * MINUTE_MS;

/// Estimated durations below this, and not bullet, are blitz (8 minutes).
pub const BLITZ_BELOW_MS: i64 = 8 * MINUTE_MS;

/// Estimated durations below this, and not blitz, are rapid (25 minutes);
/// from it on, classical.
pub const RAPID_BELOW_MS: i64 = 25 * MINUTE_MS;

/// The most lag credit a move can get (500 ms), whatever the measured round
/// trip: a connection's usual round trip is well under it (tens of
/// milliseconds nearby, 100-300 ms across oceans or on a phone), so it
/// covers honest players with room for jitter, while a player who fakes lag
/// wins at most half a second a move.
pub const MAX_LAG_CREDIT_MS: i64 = 500;

/// The lag quota a player starts a game with (1 s).
pub const LAG_QUOTA_START_MS: i64 = 1_000;

/// What a player's lag quota gains with each of their moves (300 ms): the
/// credit a player can draw move after move, enough for a round trip across
/// an ocean.
pub const LAG_QUOTA_GAIN_MS: i64 = 300;

/// The most a lag quota holds (2 s): a few slow moves in a row are forgiven
/// in full, a slow connection's every move only up to the gain.
pub const LAG_QUOTA_MAX_MS: i64 = 2_000;

/// How many of a player's latest round-trip measurements the lag estimate
/// is the median of.
pub const LAG_SAMPLES: usize = 5;

/// Round-trip measurements are taken as at most this (10 s): a longer one
/// is a stalled connection, not lag, and would only be one outlier anyway.
pub const MAX_RTT_SAMPLE_MS: i64 = 10 * SECOND_MS;

/// How a game is timed. Stored as JSON with the game
/// (`{"kind":"real_time","initial_ms":300000,"increment_ms":3000}`,
/// `{"kind":"correspondence","days_per_move":3}`, `{"kind":"unlimited"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// Real time with a Fischer increment.
    RealTime {
        /// Each side's time at the start, in milliseconds.
        initial_ms: i64,
        /// Added to the mover's time after each timed move, in milliseconds.
        increment_ms: i64,
    },
    /// Correspondence: a number of days for each move.
    Correspondence {
        /// Days for each move: one of [`CORRESPONDENCE_DAYS`].
        days_per_move: u32,
    },
    /// No clock (casual games).
    Unlimited,
}

/// How fast a game is, by its time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Estimated duration under [`BULLET_BELOW_MS`].
    Bullet,
    /// Estimated duration under [`BLITZ_BELOW_MS`].
    Blitz,
    /// Estimated duration under [`RAPID_BELOW_MS`].
    Rapid,
    /// Estimated duration of [`RAPID_BELOW_MS`] or more.
    Classical,
    /// Days per move.
    Correspondence,
    /// No clock.
    Unlimited,
}

impl Speed {
    /// The name: `bullet`, `blitz`, `rapid`, `classical`, `correspondence`,
    /// `unlimited`.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
            Speed::Unlimited => "unlimited",
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the lobby's time controls, with its speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The time control.
    pub control: TimeControl,
    /// Its speed (the same as `control.speed()`).
    pub speed: Speed,
}

/// A real-time preset of `minutes` + `increment` seconds.
const fn preset(minutes: i64, increment: i64, speed: Speed) -> Preset {
    Preset {
        control: TimeControl::RealTime {
            initial_ms: minutes * MINUTE_MS,
            increment_ms: increment * SECOND_MS,
        },
        speed,
    }
}

/// The lobby's real-time controls, fastest first.
pub const PRESETS: [Preset; 11] = [
    preset(1, 0, Speed::Bullet),
    preset(2, 1, Speed::Bullet),
    preset(3, 0, Speed::Blitz),
    preset(3, 2, Speed::Blitz),
    preset(5, 0, Speed::Blitz),
    preset(5, 3, Speed::Blitz),
    preset(10, 0, Speed::Rapid),
    preset(10, 5, Speed::Rapid),
    preset(15, 10, Speed::Rapid),
    preset(30, 0, Speed::Classical),
    preset(30, 20, Speed::Classical),
];

impl TimeControl {
    /// A real-time control, checked by [`TimeControl::validate`].
    pub fn real_time(initial_ms: i64, increment_ms: i64) -> Result<TimeControl, String> {
        let control = TimeControl::RealTime {
            initial_ms,
            increment_ms,
        };
        control.validate().map(|()| control)
    }

    /// A correspondence control, checked by [`TimeControl::validate`].
    pub fn correspondence(days_per_move: u32) -> Result<TimeControl, String> {
        let control = TimeControl::Correspondence { days_per_move };
        control.validate().map(|()| control)
    }

    /// Checks a control against this server's bounds: an initial time of 0
    /// to 180 minutes in whole quarter minutes, an increment of 0 to 180
    /// whole seconds, not both zero; days per move among
    /// [`CORRESPONDENCE_DAYS`]. The error says what is wrong, for the
    /// player.
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            TimeControl::RealTime {
                initial_ms,
                increment_ms,
            } => {
                if !(0..=MAX_INITIAL_MS).contains(&initial_ms) {
                    return Err("the initial time must be from 0 to 180 minutes".into());
                }
                if initial_ms % INITIAL_STEP_MS != 0 {
                    return Err(
                        "the initial time must be a whole number of quarter minutes (15 seconds)".into(),
                    );
                }
                if !(0..=MAX_INCREMENT_MS).contains(&increment_ms) {
                    return Err("the increment must be from 0 to 180 seconds".into());
                }
                if increment_ms % SECOND_MS != 0 {
                    return Err("the increment must be a whole number of seconds".into());
                }
                if initial_ms == 0 && increment_ms == 0 {
                    return Err("a game with no initial time needs an increment".into());
                }
                Ok(())
            }
            TimeControl::Correspondence { days_per_move } => {
                if CORRESPONDENCE_DAYS.contains(&days_per_move) {
                    Ok(())
                } else {
                    Err("the days per move must be 1, 2, 3, 5, 7 or 14".into())
                }
            }
            TimeControl::Unlimited => Ok(()),
        }
    }

    /// True for real-time and correspondence controls (a clock runs).
    pub fn is_timed(&self) -> bool {
        !matches!(self, TimeControl::Unlimited)
    }

    /// The estimated duration of a real-time game, initial time + 40 ×
    /// increment (the measure [`Speed`] goes by); `None` otherwise.
    pub fn estimated_ms(&self) -> Option<i64> {
        match *self {
            TimeControl::RealTime {
                initial_ms,
                increment_ms,
            } => Some(initial_ms.saturating_add(increment_ms.saturating_mul(ESTIMATED_MOVES))),
            _ => None,
        }
    }

    /// How fast a game with this control is.
    pub fn speed(&self) -> Speed {
        match self.estimated_ms() {
            Some(ms) if ms < BULLET_BELOW_MS => Speed::Bullet,
            Some(ms) if ms < BLITZ_BELOW_MS => Speed::Blitz,
            Some(ms) if ms < RAPID_BELOW_MS => Speed::Rapid,
            Some(_) => Speed::Classical,
            None if self.is_timed() => Speed::Correspondence,
            None => Speed::Unlimited,
        }
    }

    /// The time each side has when its clock starts: the initial time (the
    /// increment, at least 3 s, when that is zero), or the days per move;
    /// `None` without a clock.
    pub fn starting_ms(&self) -> Option<i64> {
        match *self {
            TimeControl::RealTime {
                initial_ms: 0,
                increment_ms,
            } => Some(increment_ms.max(MIN_ZERO_START_MS)),
            TimeControl::RealTime { initial_ms, .. } => Some(initial_ms),
            TimeControl::Correspondence { days_per_move } => Some(i64::from(days_per_move) * DAY_MS),
            TimeControl::Unlimited => None,
        }
    }

    /// How long each side has for its first, untimed move before the game
    /// is aborted: [`FIRST_MOVE_DEADLINE_MS`] in real time, the days per
    /// move in correspondence; `None` without a clock.
    pub fn first_move_ms(&self) -> Option<i64> {
        match *self {
            TimeControl::RealTime { .. } => Some(FIRST_MOVE_DEADLINE_MS),
            TimeControl::Correspondence { days_per_move } => Some(i64::from(days_per_move) * DAY_MS),
            TimeControl::Unlimited => None,
        }
    }

    /// Reads the lobby's notation, the inverse of `Display`: `5+3` (minutes,
    /// then seconds of increment; quarter minutes as `0.25`, `0.5`, `0.75`,
    /// `1.5` ...), `3d` (days per move), `-` (no clock). The control is
    /// validated.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        let control = if text == "-" {
            TimeControl::Unlimited
        } else if let Some(days) = text.strip_suffix('d') {
            let days_per_move = days
                .trim()
                .parse::<u32>()
                .map_err(|_| format!("`{text}` is not a number of days per move such as `3d`"))?;
            TimeControl::Correspondence { days_per_move }
        } else {
            let bad =
                || format!("`{text}` is not a time control such as `5+3` (minutes + seconds), `3d` or `-`");
            let (minutes, seconds) = text.split_once('+').ok_or_else(bad)?;
            let initial_ms = parse_minutes(minutes.trim()).ok_or_else(bad)?;
            let seconds = seconds.trim();
            if seconds.is_empty() || !seconds.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            let increment_ms = seconds
                .parse::<i64>()
                .ok()
                .and_then(|s| s.checked_mul(SECOND_MS))
                .ok_or_else(bad)?;
            TimeControl::RealTime {
                initial_ms,
                increment_ms,
            }
        };
        control.validate().map(|()| control)
    }

    /// The PGN `TimeControl` tag's value (PGN standard, 9.6.1): seconds +
    /// increment in seconds for real time (`300+3`, `60+0`); one move per
    /// period for correspondence (`1/259200`, three days); `-` without a
    /// clock.
    pub fn pgn_tag(&self) -> String {
        match *self {
            TimeControl::RealTime {
                initial_ms,
                increment_ms,
            } => format!("{}+{}", initial_ms / SECOND_MS, increment_ms / SECOND_MS),
            TimeControl::Correspondence { days_per_move } => {
                format!("1/{}", i64::from(days_per_move) * DAY_MS / SECOND_MS)
            }
            TimeControl::Unlimited => "-".into(),
        }
    }
}

/// Minutes as the lobby writes them (`5`, `0.5`, `1.25`: at most two
/// decimals) in milliseconds.
fn parse_minutes(text: &str) -> Option<i64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 2 {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    // Hundredths of a minute are 600 ms each.
    let hundredths = match fraction.len() {
        0 => 0,
        1 => fraction.parse::<i64>().ok()? * 10,
        _ => fraction.parse::<i64>().ok()?,
    };
    whole.checked_mul(MINUTE_MS)?.checked_add(hundredths * 600)
}

impl fmt::Display for TimeControl {
    /// `5+3`, `0.5+0`, `3d`, `-` (what [`TimeControl::parse`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::RealTime {
                initial_ms,
                increment_ms,
            } => {
                let whole = initial_ms / MINUTE_MS;
                // Hundredths of a minute (exact for quarter minutes).
                let hundredths = (initial_ms % MINUTE_MS) / 600;
                let seconds = increment_ms / SECOND_MS;
                match hundredths {
                    0 => write!(f, "{whole}+{seconds}"),
                    h if h % 10 == 0 => write!(f, "{whole}.{}+{seconds}", h / 10),
                    h => write!(f, "{whole}.{h:02}+{seconds}"),
                }
            }
            TimeControl::Correspondence { days_per_move } => write!(f, "{days_per_move}d"),
            TimeControl::Unlimited => f.write_str("-"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        TimeControl::parse(text)
    }
}

/// Why the clock refused a move or a take-back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// This side's time ran out before its move came: the game is over
    /// (lost, or drawn if the opponent cannot mate).
    Flagged(Color),
    /// This side did not make its first move in time: the game is aborted.
    AbortDue(Color),
    /// The clock was stopped: the game is over.
    Stopped,
    /// More moves to take back than were played.
    NothingToTakeBack,
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: Color| match c {
            Color::White => "White",
            Color::Black => "Black",
        };
        match *self {
            ClockError::Flagged(c) => write!(f, "{}'s time ran out", name(c)),
            ClockError::AbortDue(c) => {
                write!(
                    f,
                    "{} did not make a first move in time: the game is aborted",
                    name(c)
                )
            }
            ClockError::Stopped => f.write_str("the clock is stopped: the game is over"),
            ClockError::NothingToTakeBack => f.write_str("there is no move to take back"),
        }
    }
}

impl std::error::Error for ClockError {}

/// What a move cost on the clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Charge {
    /// The time taken from the mover: the elapsed time less the lag credit
    /// (0 for untimed moves).
    pub charged_ms: i64,
    /// The lag credit used (at most the credit offered, at most the
    /// elapsed time; 0 for untimed moves): what [`LagMeter::spend`] takes
    /// from the mover's quota.
    pub credit_ms: i64,
}

/// A game's clock: each side's remaining time as of the start of the current
/// turn, whose turn it is, since when, and how many moves were made on it
/// (see the module's documentation for the rules). Stored as JSON with the
/// game; the caller keeps it and passes the time of each event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    control: TimeControl,
    /// White's and Black's remaining time at the start of the current turn
    /// (full during the first moves; 0 without a clock).
    remaining_ms: [i64; 2],
    /// The side to move.
    #[serde(with = "color_id")]
    turn: Color,
    /// When the current turn started (epoch ms).
    turn_started_ms: i64,
    /// Moves made on this clock (the first two are untimed).
    plies: u32,
    /// The game is over: the times are frozen.
    stopped: bool,
}

/// Colours in JSON as the API spells them: `white`, `black`.
mod color_id {
    use movegen::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `white` or `black`.
    pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match color {
            Color::White => "white",
            Color::Black => "black",
        })
    }

    /// Reads `white` or `black`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "`{other}` is not a colour: white or black"
            ))),
        }
    }
}

/// Elapsed time from `from` to `to`, never negative (a `now` before the turn
/// started, from another instance's slightly different clock, counts as no
/// time at all).
fn elapsed(from: i64, to: i64) -> i64 {
    to.saturating_sub(from).max(0)
}

/// A lag credit or grace as the clock takes it: 0 to [`MAX_LAG_CREDIT_MS`].
fn clamp_credit(credit_ms: i64) -> i64 {
    credit_ms.clamp(0, MAX_LAG_CREDIT_MS)
}

impl Clock {
    /// A clock for a new game in which `first` moves first (White, unless
    /// the game starts from a position with Black to move), created at
    /// `now_ms`: the first move's deadline counts from now.
    pub fn new(control: TimeControl, first: Color, now_ms: i64) -> Clock {
        let start = control.starting_ms().unwrap_or(0);
        Clock {
            control,
            remaining_ms: [start; 2],
            turn: first,
            turn_started_ms: now_ms,
            plies: 0,
            stopped: false,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// When the current turn started (epoch ms; when the clock stopped,
    /// once stopped). It never goes back: an event timed before it (another
    /// instance's clock a little behind) counts as happening at it.
    pub fn turn_started_ms(&self) -> i64 {
        self.turn_started_ms
    }

    /// Moves made on this clock.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// True while the side to move's time runs: a timed control, both
    /// players' first moves made, the game not over.
    pub fn is_running(&self) -> bool {
        self.control.is_timed() && self.plies >= 2 && !self.stopped
    }

    /// True once [`Clock::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// True while the side to move is making its untimed first move (a timed
    /// control, fewer than two moves made, the game not over).
    fn in_first_moves(&self) -> bool {
        self.control.is_timed() && self.plies < 2 && !self.stopped
    }

    /// The remaining time of White and Black at `now_ms`, for display: the
    /// side to move's counts down while the clock runs, never below zero;
    /// `None` without a clock.
    pub fn remaining(&self, now_ms: i64) -> Option<[i64; 2]> {
        if !self.control.is_timed() {
            return None;
        }
        let mut times = self.remaining_ms;
        if self.is_running() {
            let mover = &mut times[self.turn.index()];
            *mover = (*mover - elapsed(self.turn_started_ms, now_ms)).max(0);
        }
        Some(times)
    }

    /// The side to move, if its time has been over at `now_ms` for
    /// `grace_ms` (the mover's lag credit, [`LagMeter::credit`], taken as 0
    /// to [`MAX_LAG_CREDIT_MS`]) or longer. The flag falls at the exact
    /// millisecond the time is spent: with 1000 ms left at the turn's start
    /// and no grace, the side is flagged 1000 ms after it, and a move then
    /// is refused.
    pub fn flagged(&self, now_ms: i64, grace_ms: i64) -> Option<Color> {
        let at = self.next_flag_at(grace_ms)?;
        (now_ms >= at).then_some(self.turn)
    }

    /// When the side to move's flag falls with `grace_ms` of grace (epoch
    /// ms), so the server can arm one timer; `None` while the clock does not
    /// run. When the timer fires, ask [`Clock::flagged`] with the mover's
    /// credit of that moment: a ping in between may have changed it.
    pub fn next_flag_at(&self, grace_ms: i64) -> Option<i64> {
        self.is_running().then(|| {
            self.turn_started_ms
                .saturating_add(self.remaining_ms[self.turn.index()])
                .saturating_add(clamp_credit(grace_ms))
        })
    }

    /// When the side to move's untimed first move is due with `grace_ms` of
    /// grace (epoch ms); `None` once both players have moved, without a
    /// clock, or once stopped.
    pub fn first_move_deadline(&self, grace_ms: i64) -> Option<i64> {
        if !self.in_first_moves() {
            return None;
        }
        let allowed = self.control.first_move_ms()?;
        Some(
            self.turn_started_ms
                .saturating_add(allowed)
                .saturating_add(clamp_credit(grace_ms)),
        )
    }

    /// The side to move, if it has not made its first move by its deadline
    /// at `now_ms`: the caller aborts the game.
    pub fn abort_due(&self, now_ms: i64, grace_ms: i64) -> Option<Color> {
        let at = self.first_move_deadline(grace_ms)?;
        (now_ms >= at).then_some(self.turn)
    }

    /// The one instant the server must next look at the clock: the first
    /// move's deadline or the flag, whichever applies.
    pub fn deadline(&self, grace_ms: i64) -> Option<i64> {
        self.first_move_deadline(grace_ms)
            .or_else(|| self.next_flag_at(grace_ms))
    }

    /// The side to move made a move that reached the server at `now_ms`;
    /// `lag_credit_ms` is its lag credit ([`LagMeter::credit`], taken as 0
    /// to [`MAX_LAG_CREDIT_MS`]). Charges the elapsed time less the credit
    /// (never less than zero), adds the increment (real time) or refills the
    /// move's days (correspondence), and hands the turn over; the first move
    /// of each side is not charged. Refused, and nothing changes, when the
    /// mover's charged time reaches its remaining time
    /// ([`ClockError::Flagged`]), or its first move's deadline
    /// ([`ClockError::AbortDue`]), or the clock is stopped.
    pub fn play(&mut self, now_ms: i64, lag_credit_ms: i64) -> Result<Charge, ClockError> {
        if self.stopped {
            return Err(ClockError::Stopped);
        }
        let spent = elapsed(self.turn_started_ms, now_ms);
        let credit = clamp_credit(lag_credit_ms).min(spent);
        let charged = spent - credit;
        let mut charge = Charge::default();
        if self.in_first_moves() {
            if self.abort_due(now_ms, lag_credit_ms).is_some() {
                return Err(ClockError::AbortDue(self.turn));
            }
        } else if self.is_running() {
            let mover = self.turn.index();
            if charged >= self.remaining_ms[mover] {
                return Err(ClockError::Flagged(self.turn));
            }
            self.remaining_ms[mover] = match self.control {
                TimeControl::RealTime { increment_ms, .. } => {
                    self.remaining_ms[mover] - charged + increment_ms
                }
                _ => self.control.starting_ms().unwrap_or(0),
            };
            charge = Charge {
                charged_ms: charged,
                credit_ms: credit,
            };
        }
        self.turn = !self.turn;
        self.turn_started_ms = self.turn_started_ms.max(now_ms);
        self.plies = self.plies.saturating_add(1);
        Ok(charge)
    }

    /// Takes back `plies` moves at `now_ms` (1: the last move; 2: the
    /// requester's own and the opponent's reply). No time is returned: the
    /// side to move is charged what it used of this turn (without lag credit
    /// or increment), and the side to move after the take-back continues
    /// with the time it has, from now. Taken back into the first moves, the
    /// clock stops running and the first move's deadline counts from now.
    /// Refused when the side to move's flag has already fallen (no grace),
    /// with fewer moves played, or once stopped; nothing changes then.
    pub fn take_back(&mut self, now_ms: i64, plies: u32) -> Result<(), ClockError> {
        if self.stopped {
            return Err(ClockError::Stopped);
        }
        if plies > self.plies {
            return Err(ClockError::NothingToTakeBack);
        }
        if let Some(color) = self.flagged(now_ms, 0) {
            return Err(ClockError::Flagged(color));
        }
        if self.is_running() {
            let mover = self.turn.index();
            self.remaining_ms[mover] = match self.control {
                TimeControl::RealTime { .. } => {
                    self.remaining_ms[mover] - elapsed(self.turn_started_ms, now_ms)
                }
                // Correspondence: each move has its full days again.
                _ => self.control.starting_ms().unwrap_or(0),
            };
        }
        if plies % 2 == 1 {
            self.turn = !self.turn;
        }
        self.plies -= plies;
        self.turn_started_ms = self.turn_started_ms.max(now_ms);
        Ok(())
    }

    /// Gives `color` `ms` more time (lichess's "+15 seconds"; a negative
    /// `ms` gives nothing). Without a clock, or once stopped, nothing
    /// changes.
    pub fn add_time(&mut self, color: Color, ms: i64) {
        if self.control.is_timed() && !self.stopped {
            let time = &mut self.remaining_ms[color.index()];
            *time = time.saturating_add(ms.max(0));
        }
    }

    /// Stops the clock at `now_ms`, when the game ends (mate, resignation,
    /// agreement, a flag): the side to move is charged the time it used of
    /// this turn (without lag credit or increment; a fallen flag shows 0),
    /// and the times stay as they are. Stopping twice changes nothing.
    pub fn stop(&mut self, now_ms: i64) {
        if self.stopped {
            return;
        }
        if let Some(times) = self.remaining(now_ms) {
            self.remaining_ms = times;
        }
        self.stopped = true;
        self.turn_started_ms = self.turn_started_ms.max(now_ms);
    }
}

/// One player's lag, measured on their live connection: the median of the
/// latest [`LAG_SAMPLES`] round trips, and the quota that bounds the credit
/// over the game (see the module's documentation). Saved with the game
/// ([`LagRecord`]), so every instance of a site and a restarted server
/// credit the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "LagRecord", into = "LagRecord")]
pub struct LagMeter {
    /// The latest round trips, oldest overwritten first.
    samples: [i64; LAG_SAMPLES],
    /// How many of `samples` are measurements.
    count: usize,
    /// Where the next measurement goes.
    next: usize,
    /// The credit the player may still be given.
    quota_ms: i64,
}

impl Default for LagMeter {
    fn default() -> LagMeter {
        LagMeter::new()
    }
}

/// A [`LagMeter`] as it is stored: its measurements, oldest first, and its
/// quota. Read back through [`LagMeter::record_rtt`] and clamped, so a
/// record from anywhere makes a meter within the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LagRecord {
    /// The round trips kept, oldest first, in milliseconds.
    pub samples: Vec<i64>,
    /// What the quota holds, in milliseconds.
    pub quota_ms: i64,
}

impl From<LagMeter> for LagRecord {
    fn from(meter: LagMeter) -> LagRecord {
        let oldest = (meter.next + LAG_SAMPLES - meter.count) % LAG_SAMPLES;
        LagRecord {
            samples: (0..meter.count)
                .map(|i| meter.samples[(oldest + i) % LAG_SAMPLES])
                .collect(),
            quota_ms: meter.quota_ms,
        }
    }
}

impl From<LagRecord> for LagMeter {
    fn from(record: LagRecord) -> LagMeter {
        let mut meter = LagMeter::new();
        let from = record.samples.len().saturating_sub(LAG_SAMPLES);
        for &rtt in &record.samples[from..] {
            meter.record_rtt(rtt);
        }
        meter.quota_ms = record.quota_ms.clamp(0, LAG_QUOTA_MAX_MS);
        meter
    }
}

impl LagMeter {
    /// A meter with no measurement and a full starting quota
    /// ([`LAG_QUOTA_START_MS`]).
    pub fn new() -> LagMeter {
        LagMeter {
            samples: [0; LAG_SAMPLES],
            count: 0,
            next: 0,
            quota_ms: LAG_QUOTA_START_MS,
        }
    }

    /// Records a measured round trip (taken as 0 to [`MAX_RTT_SAMPLE_MS`]).
    pub fn record_rtt(&mut self, rtt_ms: i64) {
        self.samples[self.next] = rtt_ms.clamp(0, MAX_RTT_SAMPLE_MS);
        self.next = (self.next + 1) % LAG_SAMPLES;
        self.count = (self.count + 1).min(LAG_SAMPLES);
    }

    /// The estimated round trip: the median of the latest measurements (the
    /// lower middle one of an even number); `None` before the first.
    pub fn estimate(&self) -> Option<i64> {
        if self.count == 0 {
            return None;
        }
        let mut latest = self.samples;
        let latest = &mut latest[..self.count];
        latest.sort_unstable();
        Some(latest[(self.count - 1) / 2])
    }

    /// What the quota still holds.
    pub fn quota_ms(&self) -> i64 {
        self.quota_ms
    }

    /// The lag credit to pass to [`Clock::play`] (and as the grace to
    /// [`Clock::flagged`]): the estimate, at most [`MAX_LAG_CREDIT_MS`] and
    /// at most the quota; 0 before the first measurement.
    pub fn credit(&self) -> i64 {
        self.estimate()
            .unwrap_or(0)
            .min(MAX_LAG_CREDIT_MS)
            .min(self.quota_ms)
            .max(0)
    }

    /// After each of the player's moves: takes the credit the clock used
    /// ([`Charge::credit_ms`]) from the quota, then adds
    /// [`LAG_QUOTA_GAIN_MS`], up to [`LAG_QUOTA_MAX_MS`].
    pub fn spend(&mut self, used_ms: i64) {
        let used = used_ms.clamp(0, self.quota_ms.max(0));
        self.quota_ms = (self.quota_ms - used + LAG_QUOTA_GAIN_MS).min(LAG_QUOTA_MAX_MS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    const W: Color = Color::White;
    const B: Color = Color::Black;

    fn rt(minutes: i64, seconds: i64) -> TimeControl {
        TimeControl::RealTime {
            initial_ms: minutes * MINUTE_MS,
            increment_ms: seconds * SECOND_MS,
        }
    }

    /// A clock of `control` started at 0 with both first moves played at 1000
    /// and 2000 ms: White to move since 2000, the clock running.
    fn running(control: TimeControl) -> Clock {
        let mut c = Clock::new(control, W, 0);
        c.play(1_000, 0).unwrap();
        c.play(2_000, 0).unwrap();
        assert!(c.is_running());
        c
    }

    #[test]
    fn presets_are_valid_and_of_their_speed() {
        let names: Vec<String> = PRESETS.iter().map(|p| p.control.to_string()).collect();
        assert_eq!(
            names,
            ["1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20"]
        );
        for p in PRESETS {
            assert_eq!(p.control.validate(), Ok(()), "{}", p.control);
            assert_eq!(p.control.speed(), p.speed, "{}", p.control);
        }
        assert_eq!(PRESETS[5].control.pgn_tag(), "300+3");
        assert_eq!(PRESETS[0].control.pgn_tag(), "60+0");
    }

    #[test]
    fn speeds_by_estimated_duration() {
        let ms = |initial_ms, increment_ms| TimeControl::RealTime {
            initial_ms,
            increment_ms,
        };
        assert_eq!(ms(BULLET_BELOW_MS - 1, 0).speed(), Speed::Bullet);
        assert_eq!(ms(BULLET_BELOW_MS, 0).speed(), Speed::Blitz);
        assert_eq!(ms(BLITZ_BELOW_MS - 1, 0).speed(), Speed::Blitz);
        assert_eq!(ms(BLITZ_BELOW_MS, 0).speed(), Speed::Rapid);
        assert_eq!(ms(RAPID_BELOW_MS - 1, 0).speed(), Speed::Rapid);
        assert_eq!(ms(RAPID_BELOW_MS, 0).speed(), Speed::Classical);
        // 0+4 is 160 s: bullet; 0+5 is 200 s: blitz; 2+3 is 240 s: blitz.
        assert_eq!(rt(0, 4).speed(), Speed::Bullet);
        assert_eq!(rt(0, 5).speed(), Speed::Blitz);
        assert_eq!(rt(2, 3).estimated_ms(), Some(240_000));
        assert_eq!(rt(20, 10).speed(), Speed::Classical);
        assert_eq!(
            TimeControl::Correspondence { days_per_move: 3 }.speed(),
            Speed::Correspondence
        );
        assert_eq!(TimeControl::Unlimited.speed(), Speed::Unlimited);
        assert_eq!(TimeControl::Unlimited.estimated_ms(), None);
        assert_eq!(Speed::Classical.to_string(), "classical");
        assert_eq!(serde_json::to_string(&Speed::Bullet).unwrap(), "\"bullet\"");
    }

    #[test]
    fn custom_controls_are_validated_with_reasons() {
        let err = |initial_ms, increment_ms| TimeControl::real_time(initial_ms, increment_ms).unwrap_err();
        assert_eq!(err(0, 0), "a game with no initial time needs an increment");
        assert_eq!(
            err(-MINUTE_MS, 0),
            "the initial time must be from 0 to 180 minutes"
        );
        assert_eq!(
            err(MAX_INITIAL_MS + INITIAL_STEP_MS, 0),
            "the initial time must be from 0 to 180 minutes"
        );
        assert_eq!(
            err(10 * SECOND_MS, 0),
            "the initial time must be a whole number of quarter minutes (15 seconds)"
        );
        assert_eq!(
            err(MINUTE_MS, -SECOND_MS),
            "the increment must be from 0 to 180 seconds"
        );
        assert_eq!(
            err(MINUTE_MS, MAX_INCREMENT_MS + SECOND_MS),
            "the increment must be from 0 to 180 seconds"
        );
        assert_eq!(
            err(MINUTE_MS, 1_500),
            "the increment must be a whole number of seconds"
        );
        assert!(TimeControl::real_time(0, SECOND_MS).is_ok());
        assert!(TimeControl::real_time(MAX_INITIAL_MS, MAX_INCREMENT_MS).is_ok());
        assert!(TimeControl::real_time(15 * SECOND_MS, 0).is_ok());
        for days in 0..=30 {
            let ok = TimeControl::correspondence(days).is_ok();
            assert_eq!(ok, CORRESPONDENCE_DAYS.contains(&days), "{days}");
        }
        assert_eq!(
            TimeControl::correspondence(4).unwrap_err(),
            "the days per move must be 1, 2, 3, 5, 7 or 14"
        );
        assert_eq!(TimeControl::Unlimited.validate(), Ok(()));
    }

    #[test]
    fn parse_and_display_round_trip_every_valid_control() {
        for initial in (0..=MAX_INITIAL_MS).step_by(INITIAL_STEP_MS as usize) {
            for increment in (0..=MAX_INCREMENT_MS).step_by(SECOND_MS as usize) {
                let Ok(control) = TimeControl::real_time(initial, increment) else {
                    assert_eq!((initial, increment), (0, 0));
                    continue;
                };
                let text = control.to_string();
                assert_eq!(TimeControl::parse(&text), Ok(control), "{text}");
                let tag = control.pgn_tag();
                assert_eq!(tag, format!("{}+{}", initial / 1000, increment / 1000));
            }
        }
        for days in CORRESPONDENCE_DAYS {
            let control = TimeControl::correspondence(days).unwrap();
            assert_eq!(control.to_string().parse(), Ok(control));
        }
        assert_eq!("-".parse(), Ok(TimeControl::Unlimited));
        assert_eq!(TimeControl::Unlimited.to_string(), "-");
    }

    #[test]
    fn parse_reads_the_lobby_notation() {
        let quarter = |q: i64, s: i64| TimeControl::RealTime {
            initial_ms: q * INITIAL_STEP_MS,
            increment_ms: s * SECOND_MS,
        };
        assert_eq!(TimeControl::parse("5+3"), Ok(rt(5, 3)));
        assert_eq!(TimeControl::parse(" 5 + 3 "), Ok(rt(5, 3)));
        assert_eq!(TimeControl::parse("0.25+0"), Ok(quarter(1, 0)));
        assert_eq!(TimeControl::parse("0.5+0"), Ok(quarter(2, 0)));
        assert_eq!(TimeControl::parse("0.50+0"), Ok(quarter(2, 0)));
        assert_eq!(TimeControl::parse("0.75+1"), Ok(quarter(3, 1)));
        assert_eq!(TimeControl::parse("1.5+2"), Ok(quarter(6, 2)));
        assert_eq!(TimeControl::parse("0+1"), Ok(rt(0, 1)));
        assert_eq!(
            TimeControl::parse("3d"),
            Ok(TimeControl::Correspondence { days_per_move: 3 })
        );
        assert_eq!(quarter(1, 0).to_string(), "0.25+0");
        assert_eq!(quarter(2, 0).to_string(), "0.5+0");
        assert_eq!(quarter(7, 0).to_string(), "1.75+0");
        assert_eq!(
            TimeControl::Correspondence { days_per_move: 14 }.to_string(),
            "14d"
        );
        for bad in [
            "", "5", "5+", "+3", "5+3.5", "5+-3", "-5+3", "a+b", "5.+3", ".5+3", "0.125+0", "5+3+1", "d",
            "xd",
        ] {
            let e = TimeControl::parse(bad).unwrap_err();
            assert!(e.contains("is not"), "{bad}: {e}");
        }
        // Well formed but out of bounds: the validator's reason.
        assert_eq!(
            TimeControl::parse("0+0").unwrap_err(),
            "a game with no initial time needs an increment"
        );
        assert_eq!(
            TimeControl::parse("181+0").unwrap_err(),
            "the initial time must be from 0 to 180 minutes"
        );
        assert_eq!(
            TimeControl::parse("0.1+0").unwrap_err(),
            "the initial time must be a whole number of quarter minutes (15 seconds)"
        );
        assert_eq!(
            TimeControl::parse("4d").unwrap_err(),
            "the days per move must be 1, 2, 3, 5, 7 or 14"
        );
        assert!(TimeControl::parse("99999999999999999999+0").is_err());
    }

    #[test]
    fn pgn_time_control_tags() {
        assert_eq!(rt(5, 3).pgn_tag(), "300+3");
        assert_eq!(rt(0, 2).pgn_tag(), "0+2");
        assert_eq!(TimeControl::parse("0.5+0").unwrap().pgn_tag(), "30+0");
        assert_eq!(
            TimeControl::Correspondence { days_per_move: 1 }.pgn_tag(),
            "1/86400"
        );
        assert_eq!(
            TimeControl::Correspondence { days_per_move: 3 }.pgn_tag(),
            "1/259200"
        );
        assert_eq!(TimeControl::Unlimited.pgn_tag(), "-");
    }

    #[test]
    fn time_controls_and_clocks_round_trip_through_json() {
        let json = serde_json::to_string(&rt(5, 3)).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"real_time","initial_ms":300000,"increment_ms":3000}"#
        );
        let corr = TimeControl::Correspondence { days_per_move: 3 };
        assert_eq!(
            serde_json::to_string(&corr).unwrap(),
            r#"{"kind":"correspondence","days_per_move":3}"#
        );
        assert_eq!(
            serde_json::to_string(&TimeControl::Unlimited).unwrap(),
            r#"{"kind":"unlimited"}"#
        );
        for control in [rt(5, 3), corr, TimeControl::Unlimited] {
            let back: TimeControl = serde_json::from_str(&serde_json::to_string(&control).unwrap()).unwrap();
            assert_eq!(back, control);
        }
        let mut clock = running(rt(5, 3));
        clock.play(7_000, 100).unwrap();
        let json = serde_json::to_string(&clock).unwrap();
        assert!(json.contains(r#""turn":"black""#), "{json}");
        let back: Clock = serde_json::from_str(&json).unwrap();
        assert_eq!(back, clock);
        let bad = json.replace(r#""turn":"black""#, r#""turn":"red""#);
        assert!(serde_json::from_str::<Clock>(&bad).is_err());
    }

    #[test]
    fn first_moves_are_untimed_but_have_a_deadline() {
        let mut c = Clock::new(rt(3, 2), W, 10_000);
        assert!(!c.is_running());
        assert_eq!(c.remaining(500_000), Some([180_000, 180_000]));
        assert_eq!(c.flagged(10_000_000, 0), None);
        assert_eq!(c.next_flag_at(0), None);
        assert_eq!(c.first_move_deadline(0), Some(40_000));
        assert_eq!(c.deadline(0), Some(40_000));
        assert_eq!(c.first_move_deadline(200), Some(40_200));
        assert_eq!(c.abort_due(39_999, 0), None);
        assert_eq!(c.abort_due(40_000, 0), Some(W));
        assert_eq!(c.abort_due(40_000, 1), None);
        // A move at the deadline is refused and changes nothing.
        let before = c.clone();
        assert_eq!(c.play(40_000, 0), Err(ClockError::AbortDue(W)));
        assert_eq!(c, before);
        // Just in time: no charge, no increment.
        assert_eq!(c.play(39_999, 0), Ok(Charge::default()));
        assert_eq!((c.turn(), c.plies(), c.is_running()), (B, 1, false));
        assert_eq!(c.remaining(39_999), Some([180_000, 180_000]));
        // Black's deadline counts from White's move; the grace applies.
        assert_eq!(c.first_move_deadline(0), Some(69_999));
        assert_eq!(c.play(70_100, 200), Ok(Charge::default()));
        // Now the clock runs for White, from Black's move.
        assert!(c.is_running());
        assert_eq!(c.first_move_deadline(0), None);
        assert_eq!(c.abort_due(i64::MAX, 0), None);
        assert_eq!(c.next_flag_at(0), Some(70_100 + 180_000));
        assert_eq!(c.deadline(0), c.next_flag_at(0));
        assert_eq!(c.remaining(71_100), Some([179_000, 180_000]));
    }

    #[test]
    fn a_game_can_start_with_black_to_move() {
        let mut c = Clock::new(rt(1, 0), B, 0);
        c.play(1_000, 0).unwrap();
        c.play(2_000, 0).unwrap();
        assert_eq!(c.turn(), B);
        assert!(c.is_running());
        assert_eq!(c.flagged(62_000, 0), Some(B));
    }

    #[test]
    fn flags_fall_at_the_exact_millisecond() {
        let mut c = running(rt(1, 0));
        // White has 60 000 ms from 2000.
        assert_eq!(c.next_flag_at(0), Some(62_000));
        assert_eq!(c.flagged(61_999, 0), None);
        assert_eq!(c.flagged(62_000, 0), Some(W));
        assert_eq!(c.remaining(61_999), Some([1, 60_000]));
        assert_eq!(c.remaining(62_000), Some([0, 60_000]));
        assert_eq!(c.remaining(99_000), Some([0, 60_000]));
        let before = c.clone();
        assert_eq!(c.play(62_000, 0), Err(ClockError::Flagged(W)));
        assert_eq!(c, before);
        assert_eq!(
            c.play(61_999, 0),
            Ok(Charge {
                charged_ms: 59_999,
                credit_ms: 0
            })
        );
        assert_eq!(c.remaining(61_999), Some([1, 60_000]));
        // Black to move now, White's 1 ms waits.
        assert_eq!(c.next_flag_at(0), Some(121_999));
        assert_eq!(c.remaining(100_000), Some([1, 21_999]));
    }

    #[test]
    fn the_increment_is_added_after_each_timed_move() {
        let mut c = running(rt(3, 2));
        c.play(12_000, 0).unwrap(); // White: 10 s
        assert_eq!(c.remaining(12_000), Some([172_000, 180_000]));
        c.play(12_500, 0).unwrap(); // Black: 0.5 s, gains 1.5 s net
        assert_eq!(c.remaining(12_500), Some([172_000, 181_500]));
        // A move in no time at all gains the whole increment.
        c.play(12_500, 0).unwrap();
        assert_eq!(c.remaining(12_500), Some([174_000, 181_500]));
    }

    #[test]
    fn zero_initial_time_starts_with_the_increment_at_least_three_seconds() {
        assert_eq!(rt(0, 1).starting_ms(), Some(3_000));
        assert_eq!(rt(0, 5).starting_ms(), Some(5_000));
        let c = running(rt(0, 1));
        assert_eq!(c.remaining(2_000), Some([3_000, 3_000]));
        assert_eq!(c.next_flag_at(0), Some(5_000));
    }

    #[test]
    fn lag_credit_is_taken_off_the_charge_and_saves_a_late_move_by_at_most_itself() {
        let mut c = running(rt(1, 0));
        // 10 s elapsed, 300 ms credit: 9.7 s charged.
        assert_eq!(
            c.play(12_000, 300),
            Ok(Charge {
                charged_ms: 9_700,
                credit_ms: 300
            })
        );
        assert_eq!(c.remaining(12_000), Some([50_300, 60_000]));
        // A credit larger than the elapsed time: nothing charged, no gain.
        assert_eq!(
            c.play(12_100, 400),
            Ok(Charge {
                charged_ms: 0,
                credit_ms: 100
            })
        );
        assert_eq!(c.remaining(12_100), Some([50_300, 60_000]));
        // Credits beyond the cap count as the cap; negative ones as zero.
        assert_eq!(
            c.play(22_100, 5_000),
            Ok(Charge {
                charged_ms: 10_000 - MAX_LAG_CREDIT_MS,
                credit_ms: MAX_LAG_CREDIT_MS
            })
        );
        assert_eq!(c.play(32_100, -700).unwrap().charged_ms, 10_000);
        // White: 40 800 ms from 32 100; the flag at 72 900, with 200 ms of
        // grace at 73 100.
        assert_eq!(c.remaining(32_100), Some([40_800, 50_000]));
        assert_eq!(c.next_flag_at(200), Some(73_100));
        assert_eq!(c.next_flag_at(9_999), Some(72_900 + MAX_LAG_CREDIT_MS));
        assert_eq!(c.flagged(73_099, 200), None);
        assert_eq!(c.flagged(73_100, 200), Some(W));
        assert_eq!(c.flagged(73_000, 0), Some(W));
        let mut late = c.clone();
        assert_eq!(late.play(73_100, 200), Err(ClockError::Flagged(W)));
        assert_eq!(
            late.play(73_099, 200),
            Ok(Charge {
                charged_ms: 40_799,
                credit_ms: 200
            })
        );
        assert_eq!(late.remaining(73_099), Some([1, 50_000]));
    }

    #[test]
    fn a_now_before_the_turn_started_counts_as_no_time() {
        let mut c = running(rt(1, 0));
        assert_eq!(c.remaining(1_000), Some([60_000, 60_000]));
        assert_eq!(c.play(1_500, 0), Ok(Charge::default()));
        assert_eq!(c.remaining(1_500), Some([60_000, 60_000]));
        assert_eq!(c.turn_started_ms(), 2_000);
    }

    #[test]
    fn correspondence_gives_each_move_its_days() {
        let three = 3 * DAY_MS;
        let mut c = Clock::new(TimeControl::Correspondence { days_per_move: 3 }, W, 0);
        assert_eq!(c.first_move_deadline(0), Some(three));
        assert_eq!(c.abort_due(three, 0), Some(W));
        c.play(DAY_MS, 0).unwrap();
        assert_eq!(c.first_move_deadline(0), Some(DAY_MS + three));
        c.play(2 * DAY_MS, 0).unwrap();
        assert!(c.is_running());
        // White thinks two days and a bit: shown, then refilled after the move.
        let t = 2 * DAY_MS;
        assert_eq!(c.remaining(t + 2 * DAY_MS + 5), Some([DAY_MS - 5, three]));
        c.play(t + 2 * DAY_MS + 5, 0).unwrap();
        let t = t + 2 * DAY_MS + 5;
        assert_eq!(c.remaining(t), Some([three, three]));
        // Black's flag falls three days after White's move, exactly.
        assert_eq!(c.next_flag_at(0), Some(t + three));
        assert_eq!(c.flagged(t + three - 1, 0), None);
        assert_eq!(c.flagged(t + three, 0), Some(B));
        assert_eq!(c.play(t + three, 0), Err(ClockError::Flagged(B)));
        c.play(t + three - 1, 0).unwrap();
        assert_eq!(c.remaining(t + three - 1), Some([three, three]));
        assert_eq!(c.control().first_move_ms(), Some(three));
    }

    #[test]
    fn unlimited_games_have_no_clock() {
        let mut c = Clock::new(TimeControl::Unlimited, W, 0);
        for t in [0, 10, DAY_MS * 365] {
            assert_eq!(c.play(t, 0), Ok(Charge::default()));
        }
        assert!(!c.is_running());
        assert_eq!(c.remaining(i64::MAX), None);
        assert_eq!(c.flagged(i64::MAX, 0), None);
        assert_eq!(c.abort_due(i64::MAX, 0), None);
        assert_eq!(c.deadline(0), None);
        assert_eq!(c.plies(), 3);
        c.add_time(W, 15_000);
        assert_eq!(c.remaining(0), None);
    }

    #[test]
    fn stop_freezes_the_times() {
        let mut c = running(rt(1, 0));
        c.stop(12_000);
        assert!(c.is_stopped() && !c.is_running());
        assert_eq!(c.remaining(99_000), Some([50_000, 60_000]));
        assert_eq!(c.flagged(999_000, 0), None);
        assert_eq!(c.deadline(0), None);
        assert_eq!(c.play(13_000, 0), Err(ClockError::Stopped));
        assert_eq!(c.take_back(13_000, 1), Err(ClockError::Stopped));
        let frozen = c.clone();
        c.stop(50_000);
        c.add_time(W, 15_000);
        assert_eq!(c, frozen);
        // A fallen flag shows 0.
        let mut c = running(rt(1, 0));
        c.stop(100_000);
        assert_eq!(c.remaining(100_000), Some([0, 60_000]));
        // Stopped during the first moves: no deadline any more.
        let mut c = Clock::new(rt(1, 0), W, 0);
        c.stop(5_000);
        assert_eq!(c.abort_due(i64::MAX, 0), None);
        assert_eq!(c.remaining(5_000), Some([60_000, 60_000]));
    }

    #[test]
    fn take_backs_return_no_time() {
        let mut c = running(rt(1, 0));
        c.play(12_000, 0).unwrap(); // White 10 s: 50 s left
        c.play(17_000, 0).unwrap(); // Black 5 s: 55 s left
                                    // White, to move, takes back Black's reply and its own move 3 s later:
                                    // White pays the 3 s and moves again with 47 s.
        let mut two = c.clone();
        two.take_back(20_000, 2).unwrap();
        assert_eq!((two.turn(), two.plies(), two.turn_started_ms()), (W, 2, 20_000));
        assert_eq!(two.remaining(20_000), Some([47_000, 55_000]));
        // Black asks to take back their move; White, to move, agrees after
        // 3 s: Black moves again with the 55 s it has.
        let mut one = c.clone();
        one.take_back(20_000, 1).unwrap();
        assert_eq!((one.turn(), one.plies()), (B, 3));
        assert_eq!(one.remaining(21_000), Some([47_000, 54_000]));
        // Back into the first moves: the clock stops running, a new deadline.
        let mut first = c.clone();
        first.take_back(20_000, 3).unwrap();
        assert_eq!((first.turn(), first.plies(), first.is_running()), (B, 1, false));
        assert_eq!(first.first_move_deadline(0), Some(50_000));
        assert_eq!(first.remaining(90_000), Some([47_000, 55_000]));
        // Refused: too far back, or after the flag.
        let before = c.clone();
        assert_eq!(c.take_back(20_000, 5), Err(ClockError::NothingToTakeBack));
        assert_eq!(c.take_back(17_000 + 50_000, 1), Err(ClockError::Flagged(W)));
        assert_eq!(c, before);
        // Snapshots work too.
        let snapshot = c.clone();
        c.play(30_000, 0).unwrap();
        assert_ne!(c, snapshot);
    }

    #[test]
    fn take_backs_in_correspondence_refill_the_days() {
        let mut c = running(TimeControl::Correspondence { days_per_move: 1 });
        c.play(2_000 + DAY_MS / 2, 0).unwrap();
        c.take_back(2_000 + DAY_MS / 2 + 10, 1).unwrap();
        assert_eq!(c.remaining(2_000 + DAY_MS / 2 + 10), Some([DAY_MS, DAY_MS]));
    }

    #[test]
    fn add_time_gives_the_player_more() {
        let mut c = running(rt(1, 0));
        c.add_time(W, 15_000);
        c.add_time(B, 15_000);
        c.add_time(B, -5_000);
        assert_eq!(c.remaining(12_000), Some([65_000, 75_000]));
        assert_eq!(c.next_flag_at(0), Some(77_000));
        // Before the clock runs too.
        let mut c = Clock::new(rt(1, 0), W, 0);
        c.add_time(B, 15_000);
        assert_eq!(c.remaining(0), Some([60_000, 75_000]));
    }

    #[test]
    fn the_lag_estimate_is_a_median_robust_to_an_outlier() {
        let mut m = LagMeter::new();
        assert_eq!((m.estimate(), m.credit()), (None, 0));
        m.record_rtt(80);
        assert_eq!(m.estimate(), Some(80));
        m.record_rtt(5_000);
        assert_eq!(m.estimate(), Some(80), "the lower middle of two");
        m.record_rtt(90);
        m.record_rtt(100);
        m.record_rtt(70);
        assert_eq!(m.estimate(), Some(90));
        assert_eq!(m.credit(), 90);
        // Only the latest five count: the outlier leaves, a new one comes.
        for rtt in [200, 210, 220, 230, 9_999_999] {
            m.record_rtt(rtt);
        }
        assert_eq!(m.estimate(), Some(220));
        // A negative measurement is taken as 0: one more outlier.
        m.record_rtt(-50);
        assert_eq!(m.estimate(), Some(220));
        assert_eq!(LagMeter::default(), LagMeter::new());
    }

    #[test]
    fn lag_credit_is_capped_per_move_and_by_the_quota() {
        let mut m = LagMeter::new();
        for _ in 0..LAG_SAMPLES {
            m.record_rtt(2_000);
        }
        assert_eq!(m.credit(), MAX_LAG_CREDIT_MS);
        assert_eq!(m.quota_ms(), LAG_QUOTA_START_MS);
        // Each move takes 500 ms and gives back 300: the quota drains by 200.
        m.spend(m.credit());
        assert_eq!(m.quota_ms(), 800);
        for _ in 0..2 {
            m.spend(m.credit());
        }
        assert_eq!(m.quota_ms(), 400);
        assert_eq!(m.credit(), 400);
        m.spend(m.credit());
        // From here on the player gets the gain, 300 ms a move.
        for _ in 0..10 {
            assert_eq!(m.credit(), LAG_QUOTA_GAIN_MS);
            m.spend(m.credit());
        }
        // A fast connection fills the quota up to its maximum.
        let mut fast = LagMeter::new();
        fast.record_rtt(20);
        for _ in 0..20 {
            fast.spend(fast.credit());
        }
        assert_eq!(fast.quota_ms(), LAG_QUOTA_MAX_MS);
        assert_eq!(fast.credit(), 20);
        // Spending more than the quota holds, or less than nothing, is clamped.
        let mut m = LagMeter::new();
        m.spend(99_999);
        assert_eq!(m.quota_ms(), LAG_QUOTA_GAIN_MS);
        m.spend(-5);
        assert_eq!(m.quota_ms(), 2 * LAG_QUOTA_GAIN_MS);
    }

    #[test]
    fn a_lag_meter_reads_back_as_it_was_and_a_bad_record_within_the_rules() {
        let mut m = LagMeter::new();
        let back =
            |m: &LagMeter| -> LagMeter { serde_json::from_str(&serde_json::to_string(m).unwrap()).unwrap() };
        assert_eq!(back(&m), m, "no measurement yet");
        for rtt in [300, 40, 50, 60, 70, 80, 90] {
            m.record_rtt(rtt);
            m.spend(m.credit());
            let copy = back(&m);
            assert_eq!(
                (copy.estimate(), copy.credit(), copy.quota_ms()),
                (m.estimate(), m.credit(), m.quota_ms())
            );
            // The copy goes on as the meter does: the oldest sample leaves first.
            let (mut a, mut b) = (m.clone(), copy);
            a.record_rtt(1);
            b.record_rtt(1);
            assert_eq!(a.estimate(), b.estimate());
        }
        assert_eq!(
            serde_json::to_value(&m).unwrap(),
            serde_json::json!({"samples": [50, 60, 70, 80, 90], "quota_ms": m.quota_ms()}),
            "stored oldest first"
        );
        // Too many samples, samples out of range and a quota out of range
        // make a meter within the rules: the latest five, clamped.
        let bad: LagMeter =
            serde_json::from_str(r#"{"samples": [1, 2, 3, 4, 99999999, -7, 5], "quota_ms": 123456789}"#)
                .unwrap();
        assert_eq!(bad.estimate(), Some(4));
        assert_eq!(bad.quota_ms(), LAG_QUOTA_MAX_MS);
        assert_eq!(bad.credit(), 4);
        let negative: LagMeter = serde_json::from_str(r#"{"samples": [], "quota_ms": -5}"#).unwrap();
        assert_eq!((negative.quota_ms(), negative.credit()), (0, 0));
    }

    #[test]
    fn the_credit_over_a_game_is_bounded() {
        let mut rng = StdRng::seed_from_u64(34);
        let mut m = LagMeter::new();
        let mut total = 0;
        for moves in 1..=500_i64 {
            for _ in 0..rng.gen_range(0..3) {
                m.record_rtt(rng.gen_range(0..3_000));
            }
            let credit = m.credit();
            assert!((0..=MAX_LAG_CREDIT_MS).contains(&credit));
            let used = rng.gen_range(0..=credit);
            total += used;
            m.spend(used);
            assert!(total <= LAG_QUOTA_START_MS + moves * LAG_QUOTA_GAIN_MS);
            assert!((0..=LAG_QUOTA_MAX_MS).contains(&m.quota_ms()));
        }
    }

    /// Random games on random clocks: a mover's time never grows but by the
    /// increment (or, in correspondence, back to the full days); the charge
    /// and the credit add up to the elapsed time; the waiting side's time
    /// never changes; the displayed time only falls during a turn; flags,
    /// refusals and `next_flag_at` agree.
    #[test]
    fn remaining_time_never_grows_but_by_the_increment() {
        let mut rng = StdRng::seed_from_u64(2026);
        let controls = [
            rt(1, 0),
            rt(0, 1),
            rt(3, 2),
            rt(5, 3),
            TimeControl::parse("0.25+0").unwrap(),
            TimeControl::Correspondence { days_per_move: 1 },
        ];
        for game in 0..400 {
            let control = controls[game % controls.len()];
            let increment = match control {
                TimeControl::RealTime { increment_ms, .. } => increment_ms,
                _ => 0,
            };
            let scale = if control.speed() == Speed::Correspondence {
                DAY_MS / 4
            } else {
                4_000
            };
            let mut now = rng.gen_range(0..1_000_000_000_000_i64);
            let mut clock = Clock::new(control, if game % 7 == 0 { B } else { W }, now);
            let mut meters = [LagMeter::new(), LagMeter::new()];
            for _ in 0..200 {
                let mover = clock.turn();
                let before = clock.remaining(now).unwrap();
                let started = clock.turn_started_ms();
                meters[mover.index()].record_rtt(rng.gen_range(0..800));
                let credit = meters[mover.index()].credit();
                // Mostly quick moves, sometimes a long think, sometimes a clock skew.
                let think = match rng.gen_range(0..10) {
                    0 => rng.gen_range(0..scale * 20),
                    1 => -rng.gen_range(0..1_000),
                    _ => rng.gen_range(0..scale),
                };
                // The display only falls during the turn.
                let mid = clock.remaining(now + think / 2).unwrap();
                let at = now + think;
                let shown = clock.remaining(at).unwrap();
                assert!(shown[mover.index()] <= mid[mover.index()] || think < 0);
                assert_eq!(shown[(!mover).index()], before[(!mover).index()]);
                let spent = (at - started).max(0);
                let expected_flag = clock.is_running() && spent - credit >= before[mover.index()];
                assert_eq!(clock.flagged(at, credit), expected_flag.then_some(mover));
                if let Some(flag) = clock.next_flag_at(credit) {
                    assert_eq!(at >= flag, expected_flag);
                }
                let snapshot = clock.clone();
                match clock.play(at, credit) {
                    Ok(charge) => {
                        assert!(!expected_flag);
                        let after = clock.remaining(at).unwrap();
                        assert_eq!(after[(!mover).index()], before[(!mover).index()]);
                        if snapshot.is_running() {
                            assert_eq!(charge.charged_ms + charge.credit_ms, spent);
                            assert!(charge.charged_ms >= 0 && charge.credit_ms <= credit);
                            assert!(charge.charged_ms < before[mover.index()]);
                            match control {
                                TimeControl::Correspondence { .. } => {
                                    assert_eq!(Some(after[mover.index()]), control.starting_ms())
                                }
                                _ => assert_eq!(
                                    after[mover.index()],
                                    before[mover.index()] - charge.charged_ms + increment
                                ),
                            }
                        } else {
                            assert_eq!(charge, Charge::default());
                            assert_eq!(after, before);
                        }
                        meters[mover.index()].spend(charge.credit_ms);
                        now = at.max(now);
                    }
                    Err(ClockError::Flagged(c)) => {
                        assert!(expected_flag && c == mover);
                        assert_eq!(clock, snapshot);
                        clock.stop(at);
                        assert_eq!(clock.remaining(at).unwrap()[mover.index()], 0);
                        break;
                    }
                    Err(ClockError::AbortDue(c)) => {
                        assert_eq!(c, mover);
                        assert_eq!(clock, snapshot);
                        break;
                    }
                    Err(e) => panic!("{e}"),
                }
            }
        }
    }
}
