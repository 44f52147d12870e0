//! One table for four, as pure state: the game of four-handed team chess
//! played on it (the `fourhand` crate's rules: this module holds none of
//! its own), who sits in each seat (a person, the computer at a level, or
//! nobody yet), the table talk (§12 of the rules: one chat every player at
//! the table reads, no private channel between partners, and the objection
//! as an action), and how it all is saved ([`TableRecord`]) and shown
//! ([`TableView`]). No I/O: the service in `tables` locks, saves and
//! answers.
//!
//! The plies a player has no choice in (a frozen player's pass, a
//! stalemated player's pass, a mate) are played by the table itself as soon
//! as they come ([`Table::advance`]), each said in words in the log.

use crate::game::UserRef;
use crate::limits::MAX_CHAT_LINES;
use crate::secrets::same;
use crate::store::SearchLease;
use fourhand::{
    Ban, DrawReason, Kind, LightSquares, Move, ObjectionSpan, Outcome, Ply, Position, Rules, Seat, Shape,
    Square, Team, Turn,
};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Plies a table may last: one that reaches it is drawn (the rules have no
/// fifty-move rule by default, so a game between two careless teams could
/// otherwise grow without end).
pub const MAX_TABLE_PLIES: usize = 3000;
/// Longest start position string accepted, in bytes (the start position's
/// is about 230).
pub const MAX_POSITION_BYTES: usize = 400;
/// Longest rule settings text accepted, in bytes (every setting away from
/// its default takes about 330).
pub const MAX_RULES_BYTES: usize = 600;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Holder {
    /// Nobody yet: a person will sit here (by the seat's link, or from the
    /// lobby).
    Open,
    /// A person: a guest holding the seat's token, a signed-in player, or
    /// both.
    Person {
        /// The seat's secret token (a guest's page holds it).
        token: Option<String>,
        /// The signed-in player, who may play from any tab or device.
        user: Option<UserRef>,
    },
    /// The computer at a level of `fourhand::player` (0: random moves).
    Computer {
        /// Its level, 0 to `fourhand::MAX_LEVEL`.
        level: u32,
    },
}

/// Who makes a request: the seat token their page holds, the signed-in
/// user, either or both.
#[derive(Clone, Debug, Default)]
pub struct Who {
    /// A seat token.
    pub token: Option<String>,
    /// The signed-in user.
    pub user: Option<UserRef>,
}

/// How a table ended off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableEnd {
    /// This team resigned (§11.1: resignation is by team).
    Resigned {
        /// The team that resigned: `SN` or `WE`.
        team: TeamName,
    },
    /// The table reached [`MAX_TABLE_PLIES`]: a draw.
    PlyLimit,
    /// A player claimed a draw by repetition (A19's option
    /// `repetition=claim`).
    DrawClaimed {
        /// The claimant's seat letter.
        seat: char,
    },
}

/// A team as the record names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamName {
    /// South and North.
    SN,
    /// West and East.
    WE,
}

impl TeamName {
    fn of(team: Team) -> TeamName {
        match team {
            Team::SouthNorth => TeamName::SN,
            Team::WestEast => TeamName::WE,
        }
    }

    fn team(self) -> Team {
        match self {
            TeamName::SN => Team::SouthNorth,
            TeamName::WE => Team::WestEast,
        }
    }
}

/// A line of the table chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number at the table, from 1.
    pub n: u64,
    /// The writer's seat, `S`, `W`, `N` or `E`.
    pub seat: char,
    /// The writer's name (a signed-in player's) or their seat's.
    pub from: String,
    /// The text, as plain text.
    pub text: String,
    /// An opponent objected to it (once is enough).
    #[serde(default)]
    pub objected: bool,
}

/// An upheld objection (§12): the move banned, for whom, and from when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredObjection {
    /// The seat the move was suggested to.
    pub seat: char,
    /// The banned move's from-square.
    pub from: String,
    /// Its to-square.
    pub to: String,
    /// The plies played when it was upheld.
    pub at: usize,
    /// The seat that objected.
    pub by: char,
}

/// A table as the database keeps it (as JSON): everything needed to rebuild
/// it by replaying its plies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    /// The start position (§16's position string).
    pub start: String,
    /// The rule settings other than the defaults (`Rules::to_text`; empty
    /// for the defaults, and in records older than the settings).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    /// The plies: moves in the machine form (`j1k3`), non-moves as §16
    /// writes them (`W:--`, `E:(stalemate)--`, `W:(mated)`).
    pub plies: Vec<String>,
    /// The seats, South, West, North, East.
    pub seats: [Holder; 4],
    /// Listed in the lobby while a seat is free.
    pub listed: bool,
    /// The chat lines kept, oldest first.
    pub chat: Vec<ChatLine>,
    /// Chat messages ever written.
    pub chat_count: u64,
    /// The upheld objections still in force.
    #[serde(default)]
    pub objections: Vec<StoredObjection>,
    /// An end the plies do not show (resignation, the ply limit).
    #[serde(default)]
    pub end: Option<TableEnd>,
    /// The computer's search for this position, on a site of several
    /// instances ([`crate::events`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchLease>,
}

/// A refusal: an HTTP status and the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// 400, 403, 404, 409, 429, 503.
    pub status: u16,
    /// What was wrong.
    pub message: String,
}

impl Refusal {
    /// A refusal with this status.
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }

    fn bad(message: impl Into<String>) -> Refusal {
        Refusal::new(400, message)
    }

    fn conflict(message: impl Into<String>) -> Refusal {
        Refusal::new(409, message)
    }

    fn not_seated() -> Refusal {
        Refusal::new(403, "you do not sit at this table")
    }
}

/// One ply of the log: its seat, its notation and what happened in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogLine {
    /// The ply's number, from 1.
    pub n: usize,
    /// The seat that played it.
    pub seat: char,
    /// The ply in §16's notation (`Nj1-k3`, `W:--`, `W:(mated)`).
    pub text: String,
    /// What happened, in English words (passes, mates and releases said),
    /// for the API and the record; the page says it in its reader's
    /// language from the three fields below.
    pub words: String,
    /// What the ply was: `move`, `frozen-pass`, `stalemate-pass` or `mated`.
    pub kind: &'static str,
    /// What else a move did, in this order: `ribbon-on` (the pawn turned
    /// round), `ribbon-off` (it came home), `queen`, `rook`, `bishop` or
    /// `knight` (it promoted to one), `check`.
    pub events: Vec<&'static str>,
    /// The seats whose armies the ply released.
    pub released: Vec<char>,
}

/// How a table ended: in English words for the API and the record, as
/// codes for the page, which says it in its reader's language.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// This team resigned.
    Resigned(Team),
    /// The table reached [`MAX_TABLE_PLIES`].
    PlyLimit,
    /// The seat with this letter claimed a draw by repetition.
    Claimed(char),
    /// This team won: both opponents are checkmated.
    Mate(Team),
    /// A draw on the board.
    Draw(DrawReason),
}

impl Ending {
    fn words(self) -> String {
        match self {
            Ending::Resigned(team) => {
                format!("{} resigned: {} win.", team_words(team), team_words(team.other()))
            }
            Ending::PlyLimit => format!("Draw: the table reached its limit of {MAX_TABLE_PLIES} plies."),
            Ending::Claimed(seat) => format!(
                "Draw: {} claimed it, the same position having come a third time.",
                seat_of_letter(seat).map_or("a player", seat_name)
            ),
            Ending::Mate(team) => format!(
                "{} win: {} are both checkmated.",
                team_words(team),
                team_words(team.other())
            ),
            Ending::Draw(DrawReason::MateAndStalemate) => {
                "Draw: one player is checkmated and his partner stalemated.".to_string()
            }
            Ending::Draw(DrawReason::OnlyKings) => "Draw: only the four kings are left.".to_string(),
            Ending::Draw(DrawReason::Repetition) => "Draw: the same position came a third time.".to_string(),
            Ending::Draw(DrawReason::Stalemate) => "Draw by stalemate.".to_string(),
            Ending::Draw(DrawReason::NoProgress) => {
                "Draw: too long without a capture or a pawn move.".to_string()
            }
        }
    }

    fn view(self) -> EndView {
        let [resigned, ply_limit, claimed, mate, mate_and_stalemate, only_kings, repetition, stalemate, no_progress] =
            END_KINDS;
        let (kind, team, seat) = match self {
            Ending::Resigned(team) => (resigned, Some(team.name()), None),
            Ending::PlyLimit => (ply_limit, None, None),
            Ending::Claimed(seat) => (claimed, None, Some(seat)),
            Ending::Mate(team) => (mate, Some(team.name()), None),
            Ending::Draw(DrawReason::MateAndStalemate) => (mate_and_stalemate, None, None),
            Ending::Draw(DrawReason::OnlyKings) => (only_kings, None, None),
            Ending::Draw(DrawReason::Repetition) => (repetition, None, None),
            Ending::Draw(DrawReason::Stalemate) => (stalemate, None, None),
            Ending::Draw(DrawReason::NoProgress) => (no_progress, None, None),
        };
        EndView { kind, team, seat }
    }
}

/// How a table ended, for the page: a kind and the team or seat it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EndView {
    /// `resigned` (`team`: the team that resigned), `ply-limit`, `claimed`
    /// (`seat`: who claimed the repetition), `mate` (`team`: the winners),
    /// or a draw on the board: `mate-and-stalemate`, `only-kings`,
    /// `repetition`, `stalemate`, `no-progress`.
    pub kind: &'static str,
    /// The team named, `SN` or `WE`.
    pub team: Option<&'static str>,
    /// The seat named, by its letter.
    pub seat: Option<char>,
}

/// The kinds of a ply in the log ([`LogLine::kind`]): a move, a frozen
/// player's pass, a stalemated player's pass, a checkmate.
pub const PLY_KINDS: [&str; 4] = ["move", "frozen-pass", "stalemate-pass", "mated"];

/// The kinds of a table's end ([`EndView::kind`]).
pub const END_KINDS: [&str; 9] = [
    "resigned",
    "ply-limit",
    "claimed",
    "mate",
    "mate-and-stalemate",
    "only-kings",
    "repetition",
    "stalemate",
    "no-progress",
];

/// What a move's notation (§16) shows besides the move, as the log's event
/// names, the marks that show them and the English words for them.
pub const MOVE_EVENTS: [(&str, &str, &str); 7] = [
    ("ribbon-on", "^", "The pawn turns round and gets a ribbon."),
    ("ribbon-off", "v", "The pawn is home: its ribbon comes off."),
    ("queen", "=Q", "The pawn becomes a queen."),
    ("rook", "=R", "The pawn becomes a rook."),
    ("bishop", "=B", "The pawn becomes a bishop."),
    ("knight", "=N", "The pawn becomes a knight."),
    ("check", "+", "Check."),
];

/// An objection in force.
#[derive(Clone, Debug)]
struct Objection {
    ban: Ban,
    seat: Seat,
    mv: Move,
    at: usize,
    by: Seat,
}

/// One table: the game, the seats, the talk.
#[derive(Clone, Debug)]
pub struct Table {
    start: Position,
    pos: Position,
    plies: Vec<Ply>,
    log: Vec<LogLine>,
    seats: [Holder; 4],
    listed: bool,
    chat: VecDeque<ChatLine>,
    chat_count: u64,
    objections: Vec<Objection>,
    end: Option<TableEnd>,
    /// The computer's search and the instance running it (PostgreSQL).
    pub search: Option<SearchLease>,
    /// The saved version: each change adds one.
    pub version: u64,
}

/// A seat's full name.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "South",
        Seat::West => "West",
        Seat::North => "North",
        Seat::East => "East",
    }
}

/// The colour the page draws a seat's army in (§3 leaves it free; A4).
pub fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "red",
        Seat::West => "blue",
        Seat::North => "yellow",
        Seat::East => "green",
    }
}

fn team_words(team: Team) -> String {
    let [a, b] = team.seats();
    format!("{} and {}", seat_name(a), seat_name(b))
}

/// A seat from its letter, in a request.
pub fn parse_seat(text: &str) -> Result<Seat, Refusal> {
    let mut chars = text.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(Refusal::bad(format!("'{text}' is not a seat: S, W, N or E"))),
    }
}

fn seat_of_letter(c: char) -> Result<Seat, String> {
    Seat::from_letter(c).ok_or_else(|| format!("'{c}' is not a seat"))
}

/// A move named in a chat line: `[KQRBN]<square>[-x]<square>` or
/// `<square><square>`, anywhere in the text.
fn moves_named(text: &str) -> Vec<Move> {
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || ",.;!?()\"'".contains(c)) {
        let word = word.split_once(':').map_or(word, |(_, rest)| rest);
        let word = word.trim_start_matches(['K', 'Q', 'R', 'B', 'N']);
        let Some((from, len)) = Square::parse_prefix(word) else {
            continue;
        };
        let rest = &word[len..];
        let rest = rest.strip_prefix(['-', 'x']).unwrap_or(rest);
        if let Some((to, _)) = Square::parse_prefix(rest) {
            out.push(Move::new(from, to));
        }
    }
    out
}

impl Table {
    /// A new table from `start` with these seats, nothing played or said.
    pub fn new(start: Position, seats: [Holder; 4], listed: bool) -> Table {
        Table {
            pos: start.clone(),
            start,
            plies: Vec::new(),
            log: Vec::new(),
            seats,
            listed,
            chat: VecDeque::new(),
            chat_count: 0,
            objections: Vec::new(),
            end: None,
            search: None,
            version: 1,
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The plies played.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The seats.
    pub fn seats(&self) -> &[Holder; 4] {
        &self.seats
    }

    /// Records a change: a new version.
    pub fn bump(&mut self) {
        self.version += 1;
    }

    /// Every seat has someone in it: the game may go on.
    pub fn started(&self) -> bool {
        !self.seats.contains(&Holder::Open)
    }

    /// Listed in the lobby: a seat is free and the creator asked for it.
    pub fn open(&self) -> bool {
        self.listed && !self.started() && self.outcome().is_none()
    }

    /// How the game ended: on the board, or off it ([`TableEnd`]).
    pub fn outcome(&self) -> Option<Outcome> {
        match self.end {
            Some(TableEnd::Resigned { team }) => Some(Outcome::Win(team.team().other())),
            Some(TableEnd::PlyLimit) => Some(Outcome::Draw(DrawReason::NoProgress)),
            Some(TableEnd::DrawClaimed { .. }) => Some(Outcome::Draw(DrawReason::Repetition)),
            None => self.pos.outcome(),
        }
    }

    /// How the game ended, once over.
    fn ending(&self) -> Option<Ending> {
        let outcome = self.outcome()?;
        Some(match (self.end, outcome) {
            (Some(TableEnd::Resigned { team }), _) => Ending::Resigned(team.team()),
            (Some(TableEnd::PlyLimit), _) => Ending::PlyLimit,
            (Some(TableEnd::DrawClaimed { seat }), _) => Ending::Claimed(seat),
            (None, Outcome::Win(team)) => Ending::Mate(team),
            (None, Outcome::Draw(reason)) => Ending::Draw(reason),
        })
    }

    /// The end in words, once over.
    pub fn outcome_words(&self) -> Option<String> {
        self.ending().map(Ending::words)
    }

    /// The seat `who` sits in, if any (a seat answers to its token and to
    /// its signed-in player).
    pub fn seat_of(&self, who: &Who) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&seat| match &self.seats[seat.index()] {
                Holder::Person { token, user } => {
                    let by_token = matches!((token, &who.token), (Some(t), Some(w)) if same(t, w));
                    let by_user = matches!((user, &who.user), (Some(u), Some(w)) if u.id == w.id);
                    by_token || by_user
                }
                _ => false,
            })
    }

    /// The computer's level when it is the computer's turn in a game going.
    pub fn computer_to_move(&self) -> Option<u32> {
        if !self.started() || self.outcome().is_some() {
            return None;
        }
        match self.seats[self.pos.to_move().index()] {
            Holder::Computer { level } => Some(level),
            _ => None,
        }
    }

    /// Whether an objection in force forbids `mv` to `seat`.
    fn banned(&self, seat: Seat, mv: Move) -> bool {
        self.objections.iter().any(|o| o.ban.forbids(seat, Ply::Move(mv)))
    }

    /// The moves the seat to move may make now: its legal moves less those
    /// an objection bans (all of them again if that left none: a ban
    /// cannot make a player pass). Empty when the game is not going.
    pub fn allowed(&self) -> Vec<Move> {
        if !self.started() || self.end.is_some() {
            return Vec::new();
        }
        let Turn::Play(plies) = self.pos.turn() else {
            return Vec::new();
        };
        let seat = self.pos.to_move();
        let moves: Vec<Move> = plies
            .iter()
            .filter_map(|p| match p {
                Ply::Move(mv) => Some(*mv),
                _ => None,
            })
            .collect();
        let free: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| !self.banned(seat, mv))
            .collect();
        if free.is_empty() {
            moves
        } else {
            free
        }
    }

    /// Plays `ply` for the seat to move (legal: the caller checked), logs it
    /// in words, counts it for the objections, and ends the table at
    /// [`MAX_TABLE_PLIES`].
    fn apply(&mut self, ply: Ply) {
        let seat = self.pos.to_move();
        let text = self.pos.ply_text(ply);
        let name = seat_name(seat);
        let [moved, frozen_pass, stalemate_pass, mated] = PLY_KINDS;
        let (kind, mut words) = match ply {
            Ply::Move(_) => (moved, format!("{name} plays {text}.")),
            Ply::Pass if self.pos.is_frozen(seat) => (frozen_pass, format!("{name} is frozen and passes.")),
            Ply::Pass => (stalemate_pass, format!("{name} is stalemated and passes.")),
            Ply::Mated => (mated, format!("{name} is checkmated: {name}'s army is frozen.")),
        };
        let mut events = Vec::new();
        if matches!(ply, Ply::Move(_)) {
            for (event, mark, said) in MOVE_EVENTS {
                let happened = if event == "check" {
                    text.ends_with(mark)
                } else {
                    text.contains(mark)
                };
                if happened {
                    events.push(event);
                    words.push(' ');
                    words.push_str(said);
                }
            }
        }
        let undo = self.pos.make(ply);
        let released: Vec<Seat> = undo.released(&self.pos).iter().collect();
        for &r in &released {
            let r = seat_name(r);
            words.push_str(&format!(" {r} is released: {r}'s army moves again."));
        }
        self.plies.push(ply);
        self.log.push(LogLine {
            n: self.plies.len(),
            seat: seat.letter(),
            text,
            words,
            kind,
            events,
            released: released.iter().map(|s| s.letter()).collect(),
        });
        for o in &mut self.objections {
            o.ban.ply_played(seat);
        }
        self.objections.retain(|o| !o.ban.expired());
        if self.plies.len() >= MAX_TABLE_PLIES && self.pos.outcome().is_none() {
            self.end = Some(TableEnd::PlyLimit);
        }
    }

    /// Plays the plies nobody chooses (a frozen or stalemated player's pass,
    /// a mate) until a player must move or the game is over; only once
    /// every seat is taken.
    pub fn advance(&mut self) {
        while self.started() && self.outcome().is_none() {
            let Turn::Play(plies) = self.pos.turn() else {
                return;
            };
            match plies.as_slice() {
                [only] if !matches!(only, Ply::Move(_)) => self.apply(*only),
                _ => return,
            }
        }
    }

    /// A move of the seat `who` sits in, in any form of §16 (`Nj1-k3`,
    /// `j1k3`); then the plies nobody chooses.
    pub fn play(&mut self, who: &Who, text: &str) -> Result<(), Refusal> {
        let seat = self.seat_of(who).ok_or_else(Refusal::not_seated)?;
        if let Some(words) = self.outcome_words() {
            return Err(Refusal::conflict(format!("the game is over: {words}")));
        }
        if !self.started() {
            return Err(Refusal::conflict("wait until every seat is taken"));
        }
        if seat != self.pos.to_move() {
            return Err(Refusal::conflict(format!(
                "it is {}'s turn, not yours",
                seat_name(self.pos.to_move())
            )));
        }
        let mv = self
            .pos
            .parse_move(text)
            .map_err(|e| Refusal::bad(e.to_string()))?;
        if !self.allowed().contains(&mv) {
            return Err(Refusal::conflict(format!(
                "{text}: an objection bans this move for now (§12: three plies)"
            )));
        }
        self.apply(Ply::Move(mv));
        self.advance();
        self.bump();
        Ok(())
    }

    /// The computer's ply for the position it searched (`key`): played if
    /// the table is still there and it is legal, then the plies nobody
    /// chooses. False when the table moved on meanwhile.
    pub fn computer_plays(&mut self, key: u64, ply: Ply) -> bool {
        if self.pos.key() != key || self.computer_to_move().is_none() {
            return false;
        }
        let allowed = match ply {
            Ply::Move(mv) => self.allowed().contains(&mv),
            _ => self.pos.legal_plies().contains(&ply),
        };
        if !allowed {
            return false;
        }
        self.apply(ply);
        self.advance();
        self.bump();
        true
    }

    /// Takes the free seat `seat` for `who` (a signed-in player sits in one
    /// seat at most); their token for it.
    pub fn sit(&mut self, seat: Seat, who: &Who, token: String) -> Result<String, Refusal> {
        if let Some(mine) = self.seat_of(who) {
            if mine == seat {
                if let Holder::Person { token: Some(t), .. } = &self.seats[seat.index()] {
                    return Ok(t.clone());
                }
            }
            if who.user.is_some() {
                return Err(Refusal::conflict(format!(
                    "you already sit at this table, as {}",
                    seat_name(mine)
                )));
            }
        }
        match &self.seats[seat.index()] {
            Holder::Open => {}
            Holder::Computer { .. } => {
                return Err(Refusal::conflict(format!(
                    "the computer plays {}",
                    seat_name(seat)
                )))
            }
            Holder::Person { .. } => {
                return Err(Refusal::conflict(format!(
                    "{} is taken: watch the table instead",
                    seat_name(seat)
                )))
            }
        }
        self.seats[seat.index()] = Holder::Person {
            token: Some(token.clone()),
            user: who.user.clone(),
        };
        self.advance();
        self.bump();
        Ok(token)
    }

    /// A line of the table chat from the player `who`, already cleaned and
    /// bounded by the caller.
    pub fn say(&mut self, who: &Who, text: String) -> Result<(), Refusal> {
        let seat = self.seat_of(who).ok_or_else(Refusal::not_seated)?;
        let from = who
            .user
            .as_ref()
            .map_or_else(|| seat_name(seat).to_string(), |u| u.name.clone());
        self.chat_count += 1;
        self.chat.push_back(ChatLine {
            n: self.chat_count,
            seat: seat.letter(),
            from,
            text,
            objected: false,
        });
        while self.chat.len() > MAX_CHAT_LINES {
            self.chat.pop_front();
        }
        self.bump();
        Ok(())
    }

    /// An objection (§12, F2) by the player `who` to the chat line `n`: the
    /// line must be an opponent's and name a move of the writer's
    /// partner's pieces (the suggestion); that move is then banned for the
    /// partner for three plies (A22; or his next three turns under the
    /// option). Only while the game goes on, once per line.
    pub fn object(&mut self, who: &Who, n: u64) -> Result<String, Refusal> {
        let by = self.seat_of(who).ok_or_else(Refusal::not_seated)?;
        if self.outcome().is_some() {
            return Err(Refusal::conflict("the game is over"));
        }
        let line = self
            .chat
            .iter()
            .find(|l| l.n == n)
            .ok_or_else(|| Refusal::new(404, format!("no chat line {n} (it may be too old)")))?;
        let writer = seat_of_letter(line.seat).map_err(Refusal::bad)?;
        if !writer.is_opponent(by) {
            return Err(Refusal::conflict(
                "only an opponent may object: that line is your own team's",
            ));
        }
        if line.objected {
            return Err(Refusal::conflict("that line was already objected to"));
        }
        let advised = writer.partner();
        let mv = moves_named(&line.text)
            .into_iter()
            .find(|mv| self.pos.piece_at(mv.from).is_some_and(|p| p.seat == advised))
            .ok_or_else(|| {
                Refusal::conflict(format!(
                    "that line suggests no move of {}'s pieces",
                    seat_name(advised)
                ))
            })?;
        let span = self.pos.rules().objection;
        self.objections.push(Objection {
            ban: Ban::new(advised, mv, span),
            seat: advised,
            mv,
            at: self.plies.len(),
            by,
        });
        if let Some(line) = self.chat.iter_mut().find(|l| l.n == n) {
            line.objected = true;
        }
        let span = match self.pos.rules().objection {
            ObjectionSpan::ThreePlies => "for three plies",
            ObjectionSpan::ThreeOwnTurns => "on their next three turns",
        };
        let words = format!(
            "{} objects: {} suggested {}-{} to {}, who may not play it {span}.",
            seat_name(by),
            seat_name(writer),
            mv.from,
            mv.to,
            seat_name(advised)
        );
        self.bump();
        Ok(words)
    }

    /// Whether the player to move, if `who` sits in that seat, may claim a
    /// draw by repetition (only under `repetition=claim`).
    pub fn can_claim(&self, who: &Who) -> bool {
        self.outcome().is_none()
            && self.started()
            && self.seat_of(who) == Some(self.pos.to_move())
            && self.pos.can_claim_draw()
    }

    /// The player `who`, to move, claims a draw by repetition (A19's
    /// option): the position has come three times.
    pub fn claim_draw(&mut self, who: &Who) -> Result<(), Refusal> {
        let seat = self.seat_of(who).ok_or_else(Refusal::not_seated)?;
        if self.outcome().is_some() {
            return Err(Refusal::conflict("the game is over"));
        }
        if seat != self.pos.to_move() {
            return Err(Refusal::conflict("only the player to move may claim a draw"));
        }
        if !self.can_claim(who) {
            return Err(Refusal::conflict(
                "no draw to claim: at this table repetition draws are automatic, or this position has not come three times",
            ));
        }
        self.end = Some(TableEnd::DrawClaimed { seat: seat.letter() });
        self.bump();
        Ok(())
    }

    /// The team of the player `who` resigns (§11.1: by team).
    pub fn resign(&mut self, who: &Who) -> Result<(), Refusal> {
        let seat = self.seat_of(who).ok_or_else(Refusal::not_seated)?;
        if self.outcome().is_some() {
            return Err(Refusal::conflict("the game is over"));
        }
        if !self.started() {
            return Err(Refusal::conflict(
                "the game has not started: every seat must be taken",
            ));
        }
        self.end = Some(TableEnd::Resigned {
            team: TeamName::of(seat.team()),
        });
        self.bump();
        Ok(())
    }

    /// The game record in §16's notation, with the start position, the
    /// seats and the result as bracketed lines before it.
    pub fn record_text(&self, id: &str) -> String {
        let mut out = format!("[Table \"{id}\"]\n[Start \"{}\"]\n", self.start.to_text());
        let rules = self.start.rules().to_text();
        if !rules.is_empty() {
            out.push_str(&format!("[Rules \"{rules}\"]\n"));
        }
        for seat in Seat::ALL {
            let who = match &self.seats[seat.index()] {
                Holder::Open => "(free)".to_string(),
                Holder::Person { user: Some(u), .. } => u.name.clone(),
                Holder::Person { .. } => "guest".to_string(),
                Holder::Computer { level } => format!("Daba level {level}"),
            };
            out.push_str(&format!("[{} \"{who}\"]\n", seat_name(seat)));
        }
        let result = match self.outcome() {
            None => "*".to_string(),
            Some(Outcome::Win(team)) => format!("{team} win"),
            Some(Outcome::Draw(_)) => "draw".to_string(),
        };
        out.push_str(&format!("[Result \"{result}\"]\n"));
        if let Some(words) = self.outcome_words() {
            out.push_str(&format!("[Ending \"{words}\"]\n"));
        }
        out.push('\n');
        if !self.plies.is_empty() {
            out.push_str(&self.start.record(&self.plies));
        }
        out
    }

    /// The table as the database keeps it.
    pub fn record(&self) -> TableRecord {
        let mut pos = self.start.clone();
        let plies = self
            .plies
            .iter()
            .map(|&ply| {
                let text = match ply {
                    Ply::Move(mv) => mv.to_string(),
                    _ => pos.ply_text(ply),
                };
                pos.make(ply);
                text
            })
            .collect();
        TableRecord {
            start: self.start.to_text(),
            rules: self.start.rules().to_text(),
            plies,
            seats: self.seats.clone(),
            listed: self.listed,
            chat: self.chat.iter().cloned().collect(),
            chat_count: self.chat_count,
            objections: self
                .objections
                .iter()
                .map(|o| StoredObjection {
                    seat: o.seat.letter(),
                    from: o.mv.from.to_string(),
                    to: o.mv.to.to_string(),
                    at: o.at,
                    by: o.by.letter(),
                })
                .collect(),
            end: self.end,
            search: self.search.clone(),
        }
    }

    /// A stored table rebuilt: its plies replayed from the start through the
    /// rules, its objections counted again over the plies since each.
    pub fn from_record(r: &TableRecord, version: u64) -> Result<Table, String> {
        let rules = Rules::from_text(&r.rules).map_err(|e| format!("rules: {e}"))?;
        let start = Position::from_text_with(&r.start, rules).map_err(|e| format!("start: {e}"))?;
        let mut table = Table::new(start, r.seats.clone(), r.listed);
        for (i, text) in r.plies.iter().enumerate() {
            let ply = table
                .pos
                .parse_ply(text)
                .map_err(|e| format!("ply {}: {e}", i + 1))?;
            table.apply(ply);
        }
        let mut movers = Vec::new();
        let mut pos = table.start.clone();
        for &ply in &table.plies {
            movers.push(pos.to_move());
            pos.make(ply);
        }
        for o in &r.objections {
            let square = |s: &str| {
                Square::parse_prefix(s)
                    .map(|(sq, _)| sq)
                    .ok_or(format!("square {s}"))
            };
            let seat = seat_of_letter(o.seat)?;
            let mv = Move::new(square(&o.from)?, square(&o.to)?);
            let mut ban = Ban::new(seat, mv, table.pos.rules().objection);
            for &mover in movers.get(o.at..).unwrap_or_default() {
                ban.ply_played(mover);
            }
            if !ban.expired() {
                table.objections.push(Objection {
                    ban,
                    seat,
                    mv,
                    at: o.at,
                    by: seat_of_letter(o.by)?,
                });
            }
        }
        table.chat = r.chat.iter().cloned().collect();
        table.chat_count = r.chat_count;
        table.end = r.end;
        table.search = r.search.clone();
        table.version = version;
        Ok(table)
    }

    /// The table as `who` sees it: the chat only for those seated, the
    /// moves only for the player to move.
    pub fn view(&self, id: &str, who: &Who) -> TableView {
        let you = self.seat_of(who);
        let to_move = self.pos.to_move();
        let over = self.outcome().is_some();
        let seats = Seat::ALL
            .into_iter()
            .map(|seat| {
                let (holder, level, player) = match &self.seats[seat.index()] {
                    Holder::Open => ("open", None, None),
                    Holder::Person { user, .. } => ("person", None, user.as_ref().map(|u| u.name.clone())),
                    Holder::Computer { level } => ("computer", Some(*level), None),
                };
                let frozen = self.pos.is_frozen(seat);
                SeatView {
                    seat: seat.letter(),
                    name: seat_name(seat),
                    colour: seat_colour(seat),
                    team: seat.team().name(),
                    holder,
                    level,
                    player,
                    you: you == Some(seat),
                    frozen,
                    check: !frozen && self.pos.in_check(seat),
                    to_move: !over && self.started() && seat == to_move,
                }
            })
            .collect();
        let pieces = self
            .pos
            .pieces()
            .map(|(sq, p)| PieceView {
                square: sq.to_string(),
                seat: p.seat.letter(),
                kind: p.kind.letter(),
                ribbon: p.kind == Kind::Pawn && p.ribbon,
                caps: if p.kind == Kind::Pawn { p.caps } else { 0 },
            })
            .collect();
        let legal = if you.is_some() && you == Some(to_move) {
            self.allowed().into_iter().map(MoveView::of).collect()
        } else {
            Vec::new()
        };
        let last = self.plies.iter().rev().find_map(|p| match p {
            Ply::Move(mv) => Some(MoveView::of(*mv)),
            _ => None,
        });
        let status = if let Some(words) = self.outcome_words() {
            words
        } else if !self.started() {
            let free = self.seats.iter().filter(|h| **h == Holder::Open).count();
            format!(
                "Waiting for {free} more {} to sit down.",
                if free == 1 { "player" } else { "players" }
            )
        } else if you == Some(to_move) {
            "Your move.".to_string()
        } else {
            format!("{} to move.", seat_name(to_move))
        };
        TableView {
            id: id.to_string(),
            version: self.version,
            you: you.map(|s| s.letter()),
            seats,
            started: self.started(),
            listed: self.listed,
            over,
            winner: match self.outcome() {
                Some(Outcome::Win(team)) => Some(team.name()),
                _ => None,
            },
            to_move: to_move.letter(),
            status,
            end: self.ending().map(Ending::view),
            position: self.pos.to_text(),
            pieces,
            legal,
            last,
            log: self.log.clone(),
            objections: self
                .objections
                .iter()
                .map(|o| ObjectionView {
                    seat: o.seat.letter(),
                    from: o.mv.from.to_string(),
                    to: o.mv.to.to_string(),
                    by: o.by.letter(),
                })
                .collect(),
            chat: you.map(|_| self.chat.iter().cloned().collect()),
            thinking: false,
            rules: self.pos.rules().to_text(),
            notch: match self.pos.rules().shape {
                Shape::Cross160 => 3,
                Shape::Notched180 => 2,
            },
            light: match self.pos.rules().light_squares {
                LightSquares::EvenSum => 0,
                LightSquares::OddSum => 1,
            },
            can_claim: self.can_claim(who),
        }
    }
}

/// A seat as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// `S`, `W`, `N` or `E`.
    pub seat: char,
    /// `South`, ...
    pub name: &'static str,
    /// The colour of its army: red, blue, yellow, green.
    pub colour: &'static str,
    /// `SN` or `WE`.
    pub team: &'static str,
    /// `open`, `person` or `computer`.
    pub holder: &'static str,
    /// The computer's level.
    pub level: Option<u32>,
    /// The signed-in player's name.
    pub player: Option<String>,
    /// The viewer's own seat.
    pub you: bool,
    /// Its army is frozen (checkmated, §10).
    pub frozen: bool,
    /// Its king is in check.
    pub check: bool,
    /// It is this seat's turn.
    pub to_move: bool,
}

/// A piece on the board.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// Its square, `a4` to `n11`.
    pub square: String,
    /// Its seat's letter.
    pub seat: char,
    /// `K`, `Q`, `R`, `B`, `N` or `P`.
    pub kind: char,
    /// A pawn turned round (§6.4).
    pub ribbon: bool,
    /// A pawn's capture counter, 0 to 3 (§6.5).
    pub caps: u8,
}

/// A move: its squares and its machine form.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// From-square.
    pub from: String,
    /// To-square.
    pub to: String,
    /// `j1k3`, `b9a10q`.
    pub uci: String,
    /// The piece a pawn becomes, `q`, `r`, `b` or `n` (a choice only under
    /// `promotion=choice`).
    pub promotion: Option<char>,
}

impl MoveView {
    fn of(mv: Move) -> MoveView {
        MoveView {
            from: mv.from.to_string(),
            to: mv.to.to_string(),
            uci: mv.to_string(),
            promotion: mv.promotion.map(|k| k.letter().to_ascii_lowercase()),
        }
    }
}

/// An objection in force.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectionView {
    /// The seat the move is banned for.
    pub seat: char,
    /// From-square.
    pub from: String,
    /// To-square.
    pub to: String,
    /// The seat that objected.
    pub by: char,
}

/// A table as one viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// The table's id.
    pub id: String,
    /// Its version (for the long poll's `after`).
    pub version: u64,
    /// The viewer's seat, if they sit at the table.
    pub you: Option<char>,
    /// The four seats, South, West, North, East.
    pub seats: Vec<SeatView>,
    /// Every seat is taken.
    pub started: bool,
    /// Listed in the lobby while a seat is free.
    pub listed: bool,
    /// The game is over.
    pub over: bool,
    /// The winning team, `SN` or `WE`.
    pub winner: Option<&'static str>,
    /// The seat to move.
    pub to_move: char,
    /// Where the game stands, in words.
    pub status: String,
    /// How the game ended, once over (`status` says it in English).
    pub end: Option<EndView>,
    /// The position (§16's string).
    pub position: String,
    /// The pieces.
    pub pieces: Vec<PieceView>,
    /// The viewer's moves, when it is their turn.
    pub legal: Vec<MoveView>,
    /// The last move made.
    pub last: Option<MoveView>,
    /// Every ply, in notation and in words.
    pub log: Vec<LogLine>,
    /// The objections in force.
    pub objections: Vec<ObjectionView>,
    /// The table chat: only for the players at the table.
    pub chat: Option<Vec<ChatLine>>,
    /// The computer is choosing its move.
    pub thinking: bool,
    /// The rule settings other than the defaults (`Rules::to_text`; empty
    /// for the defaults).
    pub rules: String,
    /// The board's missing corners: 3 (3 × 3, the 160-square cross) or 2
    /// (the 180-square board).
    pub notch: u8,
    /// Which squares are light: 0 when x + y is even (the default), 1 when
    /// odd.
    pub light: u8,
    /// The viewer, to move, may claim a draw by repetition.
    pub can_claim: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way a table ends has its own kind in the view, and only those
    /// of [`END_KINDS`] (the page has a message for each).
    #[test]
    fn every_ending_has_its_own_kind() {
        let all = [
            Ending::Resigned(Team::SouthNorth),
            Ending::PlyLimit,
            Ending::Claimed('S'),
            Ending::Mate(Team::WestEast),
            Ending::Draw(DrawReason::MateAndStalemate),
            Ending::Draw(DrawReason::OnlyKings),
            Ending::Draw(DrawReason::Repetition),
            Ending::Draw(DrawReason::Stalemate),
            Ending::Draw(DrawReason::NoProgress),
        ];
        let kinds: Vec<&str> = all.iter().map(|e| e.view().kind).collect();
        assert_eq!(kinds, END_KINDS);
        for e in all {
            assert!(!e.words().is_empty());
        }
    }

    fn person(token: &str) -> Holder {
        Holder::Person {
            token: Some(token.into()),
            user: None,
        }
    }

    fn who(token: &str) -> Who {
        Who {
            token: Some(token.into()),
            user: None,
        }
    }

    #[test]
    fn moves_are_found_in_chat_lines() {
        let named = moves_named("try Nj1-k3, or even e2e3! (S: d2-d3)");
        let text: Vec<String> = named.iter().map(|m| m.to_string()).collect();
        assert_eq!(text, ["j1k3", "e2e3", "d2d3"]);
        assert!(moves_named("hello there a1").is_empty());
    }

    #[test]
    fn a_record_rebuilds_the_same_table() {
        let seats = [
            person("s"),
            person("w"),
            person("n"),
            Holder::Computer { level: 0 },
        ];
        let mut t = Table::new(Position::start(), seats, false);
        t.play(&who("s"), "Nj1-k3").unwrap();
        t.say(&who("s"), "partner: h13-h12 please".into()).unwrap();
        assert!(t.object(&who("w"), 1).unwrap().contains("h13-h12"));
        t.play(&who("w"), "b7-c7").unwrap();
        assert!(t
            .play(&who("n"), "h13-h12")
            .unwrap_err()
            .message
            .contains("objection"));
        let back = Table::from_record(&t.record(), t.version).unwrap();
        assert_eq!(back.record(), t.record());
        assert_eq!(back.allowed(), t.allowed());
        assert_eq!(back.view("x", &who("n")).log, t.view("x", &who("n")).log);
    }

    #[test]
    fn only_the_seat_to_move_moves_and_only_players_talk() {
        let seats = [person("s"), Holder::Open, person("n"), person("e")];
        let mut t = Table::new(Position::start(), seats, true);
        assert_eq!(t.play(&who("s"), "e2-e3").unwrap_err().status, 409, "not started");
        t.sit(Seat::West, &who("w"), "w".into()).unwrap();
        assert_eq!(
            t.play(&who("n"), "h13-h12").unwrap_err().status,
            409,
            "not North's turn"
        );
        assert_eq!(t.play(&who("x"), "e2-e3").unwrap_err().status, 403);
        assert_eq!(t.play(&who("s"), "e2-e4").unwrap_err().status, 400);
        t.play(&who("s"), "e2-e3").unwrap();
        assert_eq!(t.say(&who("x"), "hi".into()).unwrap_err().status, 403);
        assert!(t.view("x", &who("x")).chat.is_none());
        assert_eq!(t.object(&who("s"), 1).unwrap_err().status, 404, "no such line");
    }
}
