//! The games this server holds and what players may do to them. The HTTP
//! layer (`api`) checks the shape of each request; this module checks
//! who may do what (tokens, turns, modes) and keeps the bounds: at most
//! [`Config::max_games`] games in memory, [`Config::max_searches`] searches
//! at once, [`Config::max_waiters`] long polls; games untouched for
//! [`Config::expiry`] leave memory.
//!
//! Every game is kept in the database ([`crate::store`]): each change is
//! saved before the request is answered, and when the save fails the game
//! is put back as it was and the request answers 503, so nothing is ever
//! half done. Memory holds the games in play; a game not in memory (after a
//! restart beyond the first [`Config::max_games`], or after it expired from
//! memory) is loaded from the database when it is asked for, rebuilt by
//! replaying its moves. Each game has its own lock, held across its save.
//!
//! With PostgreSQL several instances may share the database: each hears of
//! the others' saves and lobby events ([`crate::events`]), reloads its copy
//! of a game another instance changed, and leaves a computer search another
//! instance runs to it.

use crate::accounts;
use crate::accounts::{AccountSettings, Accounts};
use crate::clock::{Clock, ClockError, LagMeter, TimeControl};
use crate::computer::{self, Decision, Engines, Thinking};
use crate::events::{self, Listener, Note, SEARCH_LEASE};
use crate::game::{color_id, color_name, End, Game, GamePosition, LegalMove, PlayError, PlayedMove, Reason};
use crate::limits;
use crate::lobby::{Lobby, LobbyEvent, LobbyView, SeekView, MAX_LISTED_SEEKS, MAX_SEEKS_PER_PLAYER};
use crate::notice::{Notice, NoticeCode};
use crate::presence::{self, Presence, ONLINE_WITHIN, REFRESH_EVERY};
use crate::ratings::GameResult;
use crate::ratings::PROVISIONAL_DEVIATION;
use crate::review::{self, Job, QueueFull, ReviewView, Reviews, REVIEW_NODES};
use crate::secrets::{is_secret_shaped, same, secret};
use crate::store::{now_seconds, GameRecord, Store, StoreError, StoredChat, StoredEnd, StoredGame};
use crate::store::{SearchLease, StoredSeek};
use crate::tables::{Tables, TablesConfig};
use movegen::{Board, Color};
use rand::rngs::OsRng;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::{watch, Semaphore};

/// The bounds of one server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Games held in memory at once (all games stay in the database). A new
    /// game needs room in memory, so this also bounds how many games can be
    /// created per [`Config::expiry`].
    pub max_games: usize,
    /// Searches running at once (more wait their turn).
    pub max_searches: usize,
    /// A game untouched this long leaves memory (it stays in the database
    /// and is loaded again when asked for).
    pub expiry: Duration,
    /// A finished game untouched this long leaves memory (at the next sweep,
    /// or at once when a new game needs its room): memory is for games in
    /// play; a finished one loads again when opened.
    pub finished_expiry: Duration,
    /// How long a long poll waits for a change.
    pub wait_timeout: Duration,
    /// Long polls waiting at once (more are answered at once).
    pub max_waiters: usize,
    /// Answer only requests whose `Host` names this computer (`localhost`,
    /// a 127.x address, `[::1]`): on for a server that listens on a loopback
    /// address, so that a web page whose domain is pointed at 127.0.0.1 (DNS
    /// rebinding) cannot use the API from the visitor's browser.
    pub local_only: bool,
    /// A game keeps its computer's hash table and histories between its
    /// moves (as a UCI engine does within a game); off: every move starts
    /// clean.
    pub keep_hash: bool,
    /// The seed of the computer's random choices (levels below full
    /// strength); `None`: fresh seeds. Tests set it.
    pub seed: Option<u64>,
    /// Games a signed-in player may have going at once (correspondence
    /// games included); a new game or an accept beyond is refused.
    pub max_games_per_player: usize,
    /// Where the games are kept: `sqlite://FILE?mode=rwc`, `postgres://...`,
    /// or (the default, for tests) `sqlite::memory:`, gone with the server.
    pub database: String,
    /// The session cookie is `Secure` (for a server behind an HTTPS proxy).
    pub secure_cookies: bool,
    /// Behind a reverse proxy: trust its `X-Forwarded-For`, `-Proto` and
    /// `-Host` (see [`AccountSettings`]).
    pub behind_proxy: bool,
    /// Tables for four held in memory at once (all stay in the database);
    /// a new table needs room, so this bounds the tables going at once.
    pub max_tables: usize,
    /// How often who is online is read from the database
    /// ([`REFRESH_EVERY`]; tests that count the lobby's events set it
    /// long and call [`Server::refresh_presence`] themselves).
    pub presence_every: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_games: 200,
            max_searches: 2,
            expiry: Duration::from_secs(3 * 60 * 60),
            finished_expiry: Duration::from_secs(5 * 60),
            wait_timeout: Duration::from_secs(25),
            max_waiters: 400,
            local_only: true,
            keep_hash: true,
            seed: None,
            database: "sqlite::memory:".into(),
            max_games_per_player: MAX_GAMES_PER_PLAYER,
            secure_cookies: false,
            behind_proxy: false,
            presence_every: REFRESH_EVERY,
            max_tables: 100,
        }
    }
}

/// The chats' bounds (defined beside the limits, which the tables' chat
/// shares).
pub use crate::limits::{CHAT_RATE, MAX_CHAT_CHARS, MAX_CHAT_LINES};
/// Longest FEN accepted, in bytes.
pub const MAX_FEN_BYTES: usize = 120;
/// Games a signed-in player may have going at once by default
/// ([`Config::max_games_per_player`]).
pub const MAX_GAMES_PER_PLAYER: usize = 100;
/// Games listed in a profile's history.
pub const MAX_LISTED_GAMES: i64 = 200;
/// Games in a player's PGN download.
pub const MAX_PGN_GAMES: i64 = 2000;

/// How the game is played (defined beside the game, which the store also
/// reads).
pub use crate::game::Mode;

/// An error the API answers with: a 4xx (or 503) status and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status.
    pub status: u16,
    /// What was wrong, in English words.
    pub message: String,
    /// What was wrong as one of [`ERROR_CODES`], for the refusals a player
    /// meets on the page, which says them in its reader's language
    /// (`error-<code>`); the others are only said in English.
    pub code: Option<&'static str>,
}

/// The refusals the page says in its own words: the account's (a name
/// taken, wrong credentials, a wrong password, games still going, too
/// many attempts, the server busy or its database down) and the bounds a
/// player can run into (chat too fast, too many games or challenges).
pub const ERROR_CODES: [&str; 10] = [
    "username-taken",
    "wrong-credentials",
    "wrong-password",
    "games-going",
    "too-many-attempts",
    "busy",
    "unavailable",
    "chat-too-fast",
    "too-many-games",
    "too-many-seeks",
];

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            code: None,
        }
    }

    /// The same error, named by `code` (one of [`ERROR_CODES`]).
    pub fn with_code(self, code: &'static str) -> ApiError {
        debug_assert!(ERROR_CODES.contains(&code), "{code}");
        ApiError {
            code: Some(code),
            ..self
        }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    fn forbidden() -> ApiError {
        ApiError::new(403, "this token does not belong to a player of this game")
    }

    fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(409, message)
    }

    fn not_found() -> ApiError {
        ApiError::new(404, "no such game (it may have expired)")
    }
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> ApiError {
        match e {
            PlayError::BadMove(_) => ApiError::bad(e.to_string()),
            _ => ApiError::conflict(e.to_string()),
        }
    }
}

/// A chat message.
#[derive(Clone, Debug, Serialize)]
pub struct ChatLine {
    /// Its number in the game, from 1.
    pub n: u64,
    /// `white` or `black` in the players' chat; the writer's name in the
    /// watchers' chat.
    pub from: String,
    /// The text, as plain text.
    pub text: String,
}

/// A signed-in player, as a game names them (defined beside the game,
/// which the store also reads).
pub use crate::game::UserRef;

/// Who makes a request: the seat token a page holds (guests), the
/// signed-in user (from the session cookie), either or both. A seat
/// answers to its token and, when a signed-in player took it, to that
/// player from any tab or device.
#[derive(Clone, Debug, Default)]
pub struct Actor {
    /// A seat token from the request body.
    pub token: Option<String>,
    /// The signed-in user.
    pub user: Option<UserRef>,
}

impl Actor {
    /// A guest holding `token`.
    pub fn token(token: &str) -> Actor {
        Actor {
            token: Some(token.to_string()),
            user: None,
        }
    }

    /// A signed-in user (and the token their page holds, if any).
    pub fn user(user: UserRef, token: Option<&str>) -> Actor {
        Actor {
            token: token.map(str::to_string),
            user: Some(user),
        }
    }
}

/// The chat of the people watching, kept apart from the players'.
#[derive(Clone, Debug, Default)]
struct Chat {
    lines: VecDeque<ChatLine>,
    count: u64,
}

impl Chat {
    fn push(&mut self, from: String, text: String) {
        self.count += 1;
        self.lines.push_back(ChatLine {
            n: self.count,
            from,
            text,
        });
        while self.lines.len() > MAX_CHAT_LINES {
            self.lines.pop_front();
        }
    }
}

/// What a game is, all of it saved: the state a change may have to undo.
#[derive(Clone)]
pub(crate) struct Play {
    game: Game,
    mode: Mode,
    level: u32,
    /// The computer's colour (computer mode).
    computer: Option<Color>,
    /// The token of each seat (white, black); in a local game both are the
    /// same token.
    seats: [Option<String>; 2],
    /// The signed-in player of each seat, who may act from any tab or
    /// device.
    users: [Option<UserRef>; 2],
    /// A rated game: its result changes both players' ratings.
    rated: bool,
    /// The time control; `Unlimited` for a game without clocks.
    control: TimeControl,
    /// The clocks of a timed game (the server's are the truth).
    clock: Option<Clock>,
    draw_offer: Option<Color>,
    /// The side asking to take back its last move.
    takeback: Option<Color>,
    /// After the end of a game between two people, the side offering a
    /// rematch.
    rematch: Option<Color>,
    /// The rematch's game, once accepted.
    rematch_game: Option<String>,
    /// The last thing that happened that the board does not show
    /// (a declined draw offer), until the next move.
    notice: Option<Notice>,
    /// The players' chat.
    chat: Chat,
    /// The watchers' chat.
    watchers: Chat,
    /// The computer's search for this position and the instance running it
    /// (only on PostgreSQL, where several instances may share the games).
    search: Option<SearchLease>,
    /// Each player's measured network lag (white, black): the round trips
    /// of their long polls and the quota of credit left (saved with the
    /// game, so every instance credits the same).
    lag: [LagMeter; 2],
    version: u64,
}

impl Play {
    /// A new game of `mode` from `game`'s start under `control` (its clock
    /// set for the first move when it has one), with no seats taken yet:
    /// casual, no computer, nothing asked, nothing said.
    fn new(game: Game, mode: Mode, control: TimeControl) -> Play {
        let clock = control
            .is_timed()
            .then(|| Clock::new(control, game.turn(), now_millis()));
        Play {
            game,
            mode,
            level: 0,
            computer: None,
            seats: [None, None],
            users: [None, None],
            rated: false,
            control,
            clock,
            draw_offer: None,
            takeback: None,
            rematch: None,
            rematch_game: None,
            notice: None,
            chat: Chat::default(),
            watchers: Chat::default(),
            search: None,
            lag: [LagMeter::new(), LagMeter::new()],
            version: 1,
        }
    }
}

/// A game on this server: what it is (saved) and what this process does
/// with it. It reads as its [`Play`] (`e.game`, `e.seats`, ...), which is
/// what a snapshot copies.
pub(crate) struct Entry {
    play: Play,
    touched: Instant,
    /// The computer's search in flight.
    thinking: Option<Arc<Thinking>>,
    /// Tells the long polls of each saved version.
    changed: watch::Sender<u64>,
    /// Dropped from memory (expired, or found stale): whoever still holds it
    /// must look the game up again.
    evicted: bool,
    /// When each player last asked anything of the game (here, or on
    /// another instance that told this one).
    seen: [Option<Instant>; 2],
    /// When this instance last told the others that each seat's player was
    /// seen (PostgreSQL only).
    told: [Option<Instant>; 2],
    /// A round trip measured here and not yet told to the others.
    untold_rtt: [Option<i64>; 2],
    /// The timer that ends the game when the side to move runs out of time.
    timer: Option<Timer>,
}

/// An armed timer: its task, and the moment it fires for (ms since 1970).
struct Timer {
    at: i64,
    task: tokio::task::AbortHandle,
}

impl Drop for Timer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl std::ops::Deref for Entry {
    type Target = Play;
    fn deref(&self) -> &Play {
        &self.play
    }
}

impl std::ops::DerefMut for Entry {
    fn deref_mut(&mut self) -> &mut Play {
        &mut self.play
    }
}

/// What a change may have to undo: the game as it was before.
struct Snapshot {
    play: Play,
    thinking: Option<Arc<Thinking>>,
}

fn color_from(name: &str) -> Result<Color, String> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(format!("'{name}' is not a colour")),
    }
}

/// Who a viewer is in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// The player of one seat.
    Player(Color),
    /// Both seats (a game on one screen).
    Both,
    /// Someone watching.
    Watcher,
}

impl Entry {
    fn new(play: Play) -> Entry {
        let version = play.version;
        Entry {
            play,
            touched: Instant::now(),
            thinking: None,
            changed: watch::Sender::new(version),
            evicted: false,
            seen: [None, None],
            told: [None, None],
            untold_rtt: [None, None],
            timer: None,
        }
    }

    /// A long poll of `actor` arrives, giving back `answered`: the
    /// [`GameView::served_at`] of the answer to their previous one. The time
    /// since then is a round trip of their connection, whichever instance
    /// answered (the instances' clocks agree: NTP). A time ahead of now is
    /// ignored; a late one is an outlier the median and the quota bound
    /// (see [`crate::clock`]).
    fn poll_arrived(&mut self, actor: &Actor, answered: Option<i64>) {
        if let (Role::Player(c), Some(at)) = (self.role(actor), answered) {
            let rtt = now_millis() - at;
            if rtt >= 0 {
                self.play.lag[c as usize].record_rtt(rtt);
                self.untold_rtt[c as usize] = Some(rtt);
            }
        }
    }

    /// What this instance should tell the others of the player of seat `c`,
    /// who just made a request here: `Some` with the round trip measured
    /// and not yet told, if any, when there is one or the last telling is
    /// [`presence::WRITE_EVERY`] old; `None` when nothing is due.
    fn seat_news(&mut self, c: Color) -> Option<Option<i64>> {
        let rtt = self.untold_rtt[c as usize].take();
        let due = self.told[c as usize].is_none_or(|at| at.elapsed() >= presence::WRITE_EVERY);
        if rtt.is_none() && !due {
            return None;
        }
        self.told[c as usize] = Some(Instant::now());
        Some(rtt)
    }

    /// Ends the game if the side to move has run out of time (a loss, or a
    /// draw when the opponent could not mate) or has not made their first
    /// move in time (aborted); true when it did.
    fn check_time(&mut self, now: i64) -> bool {
        if self.game.end().is_some() {
            return false;
        }
        let Some(clock) = &self.play.clock else {
            return false;
        };
        let grace = self.lag[clock.turn() as usize].credit();
        if let Some(flagged) = clock.flagged(now, grace) {
            self.end_on_time(flagged);
            return true;
        }
        if clock.abort_due(now, grace).is_some() {
            let _ = self.play.game.decide(End {
                reason: Reason::Aborted,
                winner: None,
            });
            return true;
        }
        false
    }

    /// Stops the clocks of a game that is over.
    fn stop_clock(&mut self) {
        if self.game.end().is_some() {
            if let Some(clock) = self.play.clock.as_mut().filter(|c| !c.is_stopped()) {
                clock.stop(now_millis());
            }
        }
    }

    /// `flagged` has run out of time: the opponent wins if they could mate
    /// by any series of legal moves, else it is a draw (FIDE Laws 6.9).
    fn end_on_time(&mut self, flagged: Color) {
        let end = if self.game.board().has_mating_material(!flagged) {
            End {
                reason: Reason::Timeout,
                winner: Some(!flagged),
            }
        } else {
            End {
                reason: Reason::TimeoutInsufficientMaterial,
                winner: None,
            }
        };
        let _ = self.play.game.decide(end);
    }

    /// Records a change: a new version, told to the long polls once saved.
    fn bump(&mut self) {
        self.version += 1;
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            play: self.play.clone(),
            thinking: self.thinking.clone(),
        }
    }

    /// Puts the game back as it was; a search started since is stopped.
    fn restore(&mut self, s: Snapshot) {
        let current = self.thinking.take();
        match (&s.thinking, current) {
            (Some(before), Some(now)) if Arc::ptr_eq(before, &now) => self.thinking = Some(now),
            (_, Some(now)) => now.stop(),
            (_, None) => {}
        }
        self.play = s.play;
    }

    /// The game as the database keeps it.
    fn stored(&self, id: &str) -> StoredGame {
        let game = &self.game;
        let chat = |c: &Chat| {
            c.lines
                .iter()
                .map(|l| StoredChat {
                    n: l.n,
                    from: l.from.clone(),
                    text: l.text.clone(),
                })
                .collect()
        };
        StoredGame {
            id: id.to_string(),
            version: i64::try_from(self.version).unwrap_or(i64::MAX),
            finished: game.end().is_some(),
            updated_at: now_seconds(),
            players: [0, 1].map(|i| self.users[i].as_ref().map(|u| u.id.clone())),
            turn: color_id(game.turn()).to_string(),
            record: GameRecord {
                mode: self.mode,
                level: self.level,
                computer: self.computer.map(|c| color_id(c).to_string()),
                seats: self.seats.clone(),
                users: self.users.clone(),
                rated: self.rated,
                control: self.control,
                clock: self.clock.clone(),
                fifty_move_rule: game.fifty_move_rule(),
                start_fen: game.start().to_fen(),
                moves: game.uci_moves(),
                end: game
                    .end()
                    .filter(|e| !e.reason.is_on_the_board())
                    .map(|e| StoredEnd {
                        reason: e.reason,
                        winner: e.winner.map(|c| color_id(c).to_string()),
                    }),
                result: game.end().map(|e| e.result().to_string()),
                draw_offer: self.draw_offer.map(|c| color_id(c).to_string()),
                takeback: self.takeback.map(|c| color_id(c).to_string()),
                rematch: self.rematch.map(|c| color_id(c).to_string()),
                rematch_game: self.rematch_game.clone(),
                notice: self.notice.map(Notice::to_stored),
                chat: chat(&self.chat),
                chat_count: self.chat.count,
                watchers_chat: chat(&self.watchers),
                watchers_chat_count: self.watchers.count,
                search: self.search.clone(),
                lag: self.lag.clone(),
            },
        }
    }

    /// A stored game rebuilt: its moves replayed from the start through the
    /// rules, then its decided end.
    fn from_stored(row: &StoredGame) -> Result<Entry, String> {
        let r = &row.record;
        let start = Board::from_fen(&r.start_fen).map_err(|e| format!("start FEN: {e}"))?;
        let mut game = Game::new(start).with_fifty_move_rule(r.fifty_move_rule);
        for uci in &r.moves {
            let mv = game
                .parse(Some(uci), None)
                .map_err(|e| format!("move {uci}: {e}"))?;
            game.play(mv).map_err(|e| format!("move {uci}: {e}"))?;
        }
        if let Some(end) = &r.end {
            let winner = end.winner.as_deref().map(color_from).transpose()?;
            game.decide(End {
                reason: end.reason,
                winner,
            })
            .map_err(|e| format!("end: {e}"))?;
        }
        let computer = r.computer.as_deref().map(color_from).transpose()?;
        if (r.mode == Mode::Computer) != computer.is_some() {
            return Err("the computer's colour does not fit the mode".into());
        }
        let chat = |lines: &[StoredChat], count: u64| Chat {
            lines: lines
                .iter()
                .map(|l| ChatLine {
                    n: l.n,
                    from: l.from.clone(),
                    text: l.text.clone(),
                })
                .collect(),
            count,
        };
        let version = u64::try_from(row.version).map_err(|_| "negative version".to_string())?;
        let age = u64::try_from(now_seconds() - row.updated_at).unwrap_or(0);
        let mut entry = Entry::new(Play {
            game,
            mode: r.mode,
            level: r.level,
            computer,
            seats: r.seats.clone(),
            users: r.users.clone(),
            rated: r.rated,
            control: r.control,
            clock: r.clock.clone(),
            draw_offer: r.draw_offer.as_deref().map(color_from).transpose()?,
            takeback: r.takeback.as_deref().map(color_from).transpose()?,
            rematch: r.rematch.as_deref().map(color_from).transpose()?,
            rematch_game: r.rematch_game.clone(),
            notice: r.notice.as_deref().and_then(Notice::from_stored),
            chat: chat(&r.chat, r.chat_count),
            watchers: chat(&r.watchers_chat, r.watchers_chat_count),
            search: r.search.clone(),
            lag: r.lag.clone(),
            version,
        });
        entry.touched = Instant::now()
            .checked_sub(Duration::from_secs(age))
            .unwrap_or_else(Instant::now);
        Ok(entry)
    }

    /// Stops the computer's search, if one runs here or on another
    /// instance; its move will be dropped.
    fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.stop();
        }
        self.play.search = None;
    }

    /// The computer is choosing its move, here or on another instance.
    fn is_thinking(&self) -> bool {
        self.thinking.is_some() || (self.search.is_some() && self.computer_to_move())
    }

    /// Who `actor` is in this game.
    fn role(&self, actor: &Actor) -> Role {
        let matches = |c: Color| {
            let by_token = match (&self.seats[c as usize], &actor.token) {
                (Some(seat), Some(token)) => same(seat, token),
                _ => false,
            };
            let by_user = match (&self.users[c as usize], &actor.user) {
                (Some(seat), Some(user)) => seat.id == user.id,
                _ => false,
            };
            by_token || by_user
        };
        match (matches(Color::White), matches(Color::Black)) {
            // A game on one screen (no one else can sit in both seats: a
            // player cannot join their own game or accept their own seek).
            (true, true) => Role::Both,
            (true, false) => Role::Player(Color::White),
            (false, true) => Role::Player(Color::Black),
            (false, false) => Role::Watcher,
        }
    }

    /// The seat `actor` plays: `Some(colour)`, or `None` for both seats (a
    /// local game); a watcher is refused.
    fn player(&self, actor: &Actor) -> Result<Option<Color>, ApiError> {
        match self.role(actor) {
            Role::Player(c) => Ok(Some(c)),
            Role::Both => Ok(None),
            Role::Watcher => Err(ApiError::forbidden()),
        }
    }

    /// The colour `actor` acts for now: its seat, or in a local game the side
    /// to move.
    fn acting(&self, actor: &Actor) -> Result<Color, ApiError> {
        Ok(self.player(actor)?.unwrap_or(self.game.turn()))
    }

    /// The computer's turn in a game still going.
    fn computer_to_move(&self) -> bool {
        self.mode == Mode::Computer && self.game.end().is_none() && Some(self.game.turn()) == self.computer
    }

    /// Every seat a person plays has someone in it (a friend game starts
    /// once the friend has joined).
    fn seated(&self) -> bool {
        self.mode != Mode::Friend
            || self
                .seats
                .iter()
                .zip(&self.users)
                .all(|(t, u)| t.is_some() || u.is_some())
    }

    /// The game as `actor` sees it: the players' chat only for the players,
    /// the watchers' chat for the watchers (and for everyone once the game
    /// is over).
    fn view(&self, id: &str, actor: &Actor) -> GameView {
        let game = &self.game;
        let board = game.board();
        let end = game.end();
        let played = game.played();
        let role = self.role(actor);
        let player = role != Role::Watcher;
        let lines = |c: &Chat| c.lines.iter().cloned().collect::<Vec<_>>();
        GameView {
            id: id.to_string(),
            mode: self.mode,
            version: self.version,
            level: (self.mode == Mode::Computer).then_some(self.level),
            computer: self.computer.map(color_id),
            seats: Seats {
                white: self.seats[0].is_some() || self.users[0].is_some(),
                black: self.seats[1].is_some() || self.users[1].is_some(),
            },
            players: [0, 1].map(|i| self.users[i].as_ref().map(|u| u.name.clone())),
            you: match role {
                Role::Player(c) => Some(color_id(c)),
                Role::Both => Some("both"),
                Role::Watcher => None,
            },
            online: [Color::White, Color::Black].map(|c| {
                self.computer == Some(c) || self.seen[c as usize].is_some_and(|t| t.elapsed() < ONLINE_WITHIN)
            }),
            rated: self.rated,
            time_control: self.control.to_string(),
            clock: self.clock.as_ref().map(|c| ClockView::of(c, now_millis())),
            served_at: now_millis(),
            fifty_move_rule: game.fifty_move_rule(),
            start_fen: game.start().to_fen(),
            fen: board.to_fen(),
            turn: color_id(game.turn()),
            board: crate::game::piece_codes(board),
            last_move: played.last().map(|m| [m.from.clone(), m.to.clone()]),
            moves: played,
            legal: game.legal_moves(),
            check: game.check_square().map(|s| s.to_string()),
            over: end.is_some(),
            result: end.map_or("*", |e| e.result()),
            reason: end.map(|e| e.reason),
            winner: end.and_then(|e| e.winner).map(color_id),
            end_text: end.map(|e| e.words()),
            claim: game.claimable(),
            draw_offer: self.draw_offer.map(color_id),
            takeback: self.takeback.map(color_id),
            rematch: self.rematch.map(color_id),
            rematch_game: self.rematch_game.clone(),
            notice: self.notice.map(Notice::words),
            notice_code: self.notice.map(Notice::code),
            thinking: self.is_thinking(),
            can_undo: player && end.is_none() && self.undo_plies().is_ok(),
            chat: if player { lines(&self.chat) } else { Vec::new() },
            watchers_chat: if !player || end.is_some() {
                lines(&self.watchers)
            } else {
                Vec::new()
            },
        }
    }

    /// How many half-moves an undo takes back: against the computer, back to
    /// before the player's last move; on one screen, one. Between two people
    /// a take-back is asked for ([`Server::takeback`]).
    fn undo_plies(&self) -> Result<usize, ApiError> {
        let n = self.game.moves().len();
        match self.mode {
            Mode::Friend => Err(ApiError::conflict(
                "between two players a take-back is asked for, and the opponent decides",
            )),
            Mode::Local => (n > 0).then_some(1).ok_or(PlayError::NothingToUndo.into()),
            Mode::Computer => {
                let human = !self.computer.expect("a computer game has a computer");
                self.plies_back_to(human).ok_or(PlayError::NothingToUndo.into())
            }
        }
    }

    /// The half-moves to take back so that `color`'s last move is undone
    /// (with the opponent's reply, if there is one).
    fn plies_back_to(&self, color: Color) -> Option<usize> {
        let n = self.game.moves().len();
        (0..n)
            .rev()
            .find(|&ply| self.game.mover_of(ply) == color)
            .map(|ply| n - ply)
    }
}

/// White or Black, at random.
fn random_color() -> Color {
    if OsRng.next_u32().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// A game's PGN: the players by name (a guest is "Guest", the computer
/// "Daba, level N").
fn pgn_of(e: &Entry) -> String {
    let name = |c: Color| match (e.computer, &e.users[c as usize]) {
        (Some(computer), _) if computer == c => format!("Daba, level {}", e.level),
        (_, Some(user)) => user.name.clone(),
        _ if e.mode == Mode::Local => format!("{} player", color_name(c)),
        _ => "Guest".to_string(),
    };
    crate::pgn::write(
        &e.game,
        &crate::pgn::Header {
            white: &name(Color::White),
            black: &name(Color::Black),
            rated: e.rated,
            control: &e.control,
        },
    )
}

/// A game in a player's list ("my games", a profile's history).
#[derive(Clone, Debug, Serialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The player's colour: `white` or `black`.
    pub color: &'static str,
    /// The opponent's name: a player's, `Daba, level N`, or `Guest`.
    pub opponent: String,
    /// It is the player's move (in a game still going).
    pub your_turn: bool,
    /// A rated game.
    pub rated: bool,
    /// The moves so far.
    pub plies: usize,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Seconds since 1970 of the last change.
    pub updated_at: i64,
}

impl GameSummary {
    fn of(row: &StoredGame, user_id: &str) -> GameSummary {
        let r = &row.record;
        let color = if row.players[0].as_deref() == Some(user_id) {
            Color::White
        } else {
            Color::Black
        };
        let opponent = match (&r.computer, &r.users[!color as usize]) {
            _ if r.mode == Mode::Local => "(both sides on one screen)".to_string(),
            (Some(_), _) => format!("Daba, level {}", r.level),
            (None, Some(user)) => user.name.clone(),
            (None, None) => "Guest".to_string(),
        };
        GameSummary {
            id: row.id.clone(),
            color: color_id(color),
            opponent,
            your_turn: !row.finished && row.turn == color_id(color),
            rated: r.rated,
            plies: r.moves.len(),
            result: r.result.clone().unwrap_or_else(|| "*".into()),
            updated_at: row.updated_at,
        }
    }
}

/// Which seats are taken.
#[derive(Clone, Debug, Serialize)]
pub struct Seats {
    /// White's seat has a player.
    pub white: bool,
    /// Black's seat has a player.
    pub black: bool,
}

/// A game as the page sees it: everything it draws, nothing secret.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// How it is played.
    pub mode: Mode,
    /// Grows with every change (for long polls).
    pub version: u64,
    /// The computer's level (computer mode).
    pub level: Option<u32>,
    /// The computer's colour (computer mode).
    pub computer: Option<&'static str>,
    /// Which seats have a player.
    pub seats: Seats,
    /// The signed-in players' names (white, black); null for a guest or
    /// an empty seat.
    pub players: [Option<String>; 2],
    /// The viewer's seat: `white`, `black`, `both` (one screen), or null
    /// for a watcher.
    pub you: Option<&'static str>,
    /// Whether each side's player (white, black) has the game open: asked
    /// anything of it within the last minute (the computer always).
    pub online: [bool; 2],
    /// A rated game.
    pub rated: bool,
    /// The time control: `5+3` (minutes + seconds a move), `3d` (days a
    /// move), `-` (none).
    pub time_control: String,
    /// The clocks, as they stand at this answer.
    pub clock: Option<ClockView>,
    /// When the server made this answer, in milliseconds since 1970: the
    /// page's next long poll gives it back (`answered`) to measure its
    /// round trip.
    pub served_at: i64,
    /// The fifty- and seventy-five-move rules apply.
    pub fifty_move_rule: bool,
    /// The position the game started from.
    pub start_fen: String,
    /// The current position.
    pub fen: String,
    /// `white` or `black`.
    pub turn: &'static str,
    /// a1, b1, ..., h8: `wK`, `bP`, ... or null.
    pub board: Vec<Option<String>>,
    /// The moves so far.
    pub moves: Vec<PlayedMove>,
    /// From and to squares of the last move.
    pub last_move: Option<[String; 2]>,
    /// The legal moves (none once the game is over).
    pub legal: Vec<LegalMove>,
    /// The square of the king in check.
    pub check: Option<String>,
    /// The game is over.
    pub over: bool,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The rule or decision that ended the game.
    pub reason: Option<Reason>,
    /// `white`, `black`, or null for a draw or a game still going.
    pub winner: Option<&'static str>,
    /// The end in words.
    pub end_text: Option<String>,
    /// A draw the player to move may claim.
    pub claim: Option<Reason>,
    /// The side whose draw offer waits for an answer.
    pub draw_offer: Option<&'static str>,
    /// The side whose take-back request waits for an answer.
    pub takeback: Option<&'static str>,
    /// After the end, the side whose rematch offer waits for an answer.
    pub rematch: Option<&'static str>,
    /// The rematch's game id, once accepted: each player's seat there is
    /// their seat here, on the other colour.
    pub rematch_game: Option<String>,
    /// What just happened that the board does not show, in English.
    pub notice: Option<String>,
    /// The same as a kind and a colour, for the page to say in its
    /// reader's language.
    pub notice_code: Option<NoticeCode>,
    /// The computer is choosing its move.
    pub thinking: bool,
    /// An undo would take something back now.
    pub can_undo: bool,
    /// The players' chat, oldest first (players only).
    pub chat: Vec<ChatLine>,
    /// The watchers' chat, oldest first (for watchers, and for everyone
    /// once the game is over).
    pub watchers_chat: Vec<ChatLine>,
}

/// The clocks as the page shows them: remaining times at the moment of
/// the answer; the page counts the side to move's down from there.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// White's remaining time, in milliseconds.
    pub white_ms: i64,
    /// Black's remaining time, in milliseconds.
    pub black_ms: i64,
    /// The side to move's clock is running (not before both players'
    /// first moves, nor after the end).
    pub running: bool,
    /// Whose clock it is: `white` or `black`.
    pub turn: &'static str,
    /// `real_time` or `correspondence`.
    pub kind: &'static str,
    /// The time control, `5+3` or `3d`.
    pub control: String,
}

impl ClockView {
    fn of(clock: &Clock, now: i64) -> ClockView {
        let [white_ms, black_ms] = clock.remaining(now).unwrap_or([0, 0]);
        let control = clock.control();
        ClockView {
            white_ms,
            black_ms,
            running: clock.is_running(),
            turn: color_id(clock.turn()),
            kind: match control {
                TimeControl::Correspondence { .. } => "correspondence",
                _ => "real_time",
            },
            control: control.to_string(),
        }
    }
}

/// Milliseconds since 1970 (the clocks' time, the same on every instance).
pub fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// What a new player gets: the game and their secret token.
#[derive(Clone, Debug, Serialize)]
pub struct Seat {
    /// The game's id.
    pub id: String,
    /// The player's token: moves, chat and decisions need it.
    pub token: String,
    /// The player's colour; null in a local game (both).
    pub color: Option<&'static str>,
    /// The game.
    pub state: GameView,
}

/// A seek as the page asks for it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    /// `5+3` (minutes + seconds a move) or `3d` (days a move).
    pub time_control: String,
    /// The seeker's colour: `white`, `black` or `random` (the default).
    pub color: Option<String>,
    /// A rated game (default: casual).
    pub rated: Option<bool>,
    /// Whether the fifty- and seventy-five-move rules apply (default: on).
    pub fifty_move_rule: Option<bool>,
}

/// A new game as the page asks for it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// How it is played.
    pub mode: Option<Mode>,
    /// The computer's level, 0 to 20 (computer mode).
    pub level: Option<u32>,
    /// The creator's colour: `white`, `black` or `random`.
    pub color: Option<String>,
    /// A start position other than the usual one.
    pub fen: Option<String>,
    /// Whether the fifty- and seventy-five-move rules apply (default: on).
    pub fifty_move_rule: Option<bool>,
    /// The time control of a game between two people: `5+3`, `3d`, or `-`
    /// (none, the default).
    pub time_control: Option<String>,
}

/// A game in memory, behind its own lock (held across its save).
type Slot = Arc<tokio::sync::Mutex<Entry>>;

/// The server: games and bounds.
pub struct Server {
    config: Config,
    games: Mutex<HashMap<String, Slot>>,
    store: Arc<Store>,
    accounts: Accounts,
    /// The tables for four.
    tables: Tables,
    engines: Engines,
    waiters: Arc<Semaphore>,
    lobby: Lobby,
    /// Who is online on the whole site.
    presence: Presence,
    /// The game reviews to make (a worker thread makes them).
    reviews: Arc<Reviews>,
    /// This process's id among the instances of a site.
    instance: String,
    /// The task that hears the other instances (PostgreSQL).
    listener: OnceLock<tokio::task::AbortHandle>,
    /// The task that refreshes who is online.
    presence_task: OnceLock<tokio::task::AbortHandle>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.reviews.close();
        for task in [&self.listener, &self.presence_task] {
            if let Some(task) = task.get() {
                task.abort();
            }
        }
    }
}

impl Server {
    /// Stops hearing the other instances of the site (PostgreSQL): this
    /// instance's games and tables then learn of changes made elsewhere
    /// only from the database, when a request looks there. The tests of a
    /// notification that comes late use it.
    pub fn stop_listening(&self) {
        if let Some(task) = self.listener.get() {
            task.abort();
        }
    }
}

/// Game ids are 32 hex digits; nothing else is looked up.
fn is_game_id(id: &str) -> bool {
    is_secret_shaped(id)
}

fn unsaved(e: &StoreError) -> ApiError {
    eprintln!("daba serve: cannot save a game: {e}");
    ApiError::new(
        503,
        "the game could not be saved (the database is unavailable); nothing changed, try again",
    )
}

/// Parses a FEN from the outside.
pub fn parse_fen(fen: &str) -> Result<Board, ApiError> {
    let fen = fen.trim();
    if fen.len() > MAX_FEN_BYTES {
        return Err(ApiError::bad(format!(
            "the FEN is longer than {MAX_FEN_BYTES} characters"
        )));
    }
    Board::from_fen(fen).map_err(|e| ApiError::bad(format!("invalid FEN: {e}")))
}

impl Server {
    /// A server on the database `config.database`: its tables brought up
    /// to date, and its games loaded (the most recently saved first, up to
    /// [`Config::max_games`]; the others when asked for). A game where the
    /// computer was to move gets its move. On PostgreSQL it listens to the
    /// other instances of the site from before it reads the games.
    pub async fn new(config: Config) -> Result<Arc<Server>, StoreError> {
        movegen::init();
        let store = Arc::new(Store::open(&config.database).await?);
        let listener = match store.channels() {
            Some(channels) => Some(
                Listener::connect(&config.database, channels)
                    .await
                    .map_err(|e| StoreError(format!("cannot listen to the other instances: {e}")))?,
            ),
            None => None,
        };
        let stored = store.load_all().await?;
        let instance = store.instance().to_string();
        let engines = Engines::new(config.max_searches, config.seed, config.keep_hash);
        let waiters = Arc::new(Semaphore::new(config.max_waiters));
        let tables = Tables::new(
            TablesConfig {
                max_tables: config.max_tables,
                seed: config.seed,
                wait_timeout: config.wait_timeout,
                expiry: config.expiry,
                finished_expiry: config.finished_expiry,
            },
            store.clone(),
            engines.permits(),
            waiters.clone(),
            instance.clone(),
        );
        let server = Arc::new(Server {
            engines,
            waiters,
            tables,
            lobby: Lobby::new(),
            presence: Presence::new(&instance),
            reviews: Arc::new(Reviews::default()),
            instance,
            listener: OnceLock::new(),
            presence_task: OnceLock::new(),
            games: Mutex::new(HashMap::new()),
            accounts: Accounts::new(
                store.pool().clone(),
                AccountSettings {
                    secure_cookies: config.secure_cookies,
                    behind_proxy: config.behind_proxy,
                },
            ),
            store,
            config,
        });
        let mut to_move = Vec::new();
        {
            let mut games = server.lock();
            for row in stored.iter().take(server.config.max_games) {
                match Entry::from_stored(row) {
                    Ok(entry) => {
                        if entry.computer_to_move() {
                            to_move.push(row.id.clone());
                        }
                        games.insert(row.id.clone(), Arc::new(tokio::sync::Mutex::new(entry)));
                    }
                    Err(e) => eprintln!("daba serve: game {} cannot be rebuilt: {e}", row.id),
                }
            }
        }
        if let Some(listener) = listener {
            // What was saved since the listener started waits, unread, until
            // now: a change to a game just loaded finds it in memory.
            let weak = Arc::downgrade(&server);
            let task = listener.spawn(server.instance.clone(), move |note| {
                if let Some(server) = weak.upgrade() {
                    server.heard(note);
                }
            });
            let _ = server.listener.set(task);
        }
        for id in to_move {
            let server = server.clone();
            tokio::spawn(async move {
                let _ = server.view(&id, &Actor::default()).await;
            });
        }
        server.tables.load().await?;
        let weak = Arc::downgrade(&server);
        let every = server.config.presence_every;
        let task = tokio::spawn(async move {
            let mut every = tokio::time::interval(every);
            loop {
                every.tick().await;
                let Some(server) = weak.upgrade() else { return };
                server.refresh_presence().await;
            }
        });
        let _ = server.presence_task.set(task.abort_handle());
        server.start_review_worker();
        Ok(server)
    }

    /// The thread that makes the game reviews, at the lowest priority and
    /// out of the way of the games' searches ([`crate::review`]); it ends
    /// when the server goes.
    fn start_review_worker(self: &Arc<Self>) {
        let reviews = self.reviews.clone();
        let busy = self.engines.busy_probe();
        let weak = Arc::downgrade(self);
        let runtime = tokio::runtime::Handle::current();
        let started = std::thread::Builder::new()
            .name("daba-review".into())
            .spawn(move || {
                review::lower_priority();
                reviews.work(&busy, &mut |id, made| {
                    let Some(server) = weak.upgrade() else { return };
                    let json = serde_json::to_string(made).unwrap_or_default();
                    let saved = runtime.block_on(server.store.save_review(id, REVIEW_NODES as i64, &json));
                    if let Err(e) = saved {
                        eprintln!("daba serve: cannot save the review of game {id}: {e}");
                    }
                });
            });
        if let Err(e) = started {
            eprintln!("daba serve: no thread for game reviews: {e}");
        }
    }

    /// The review of the game `id` kept in the database, if made.
    async fn stored_review(&self, id: &str) -> Result<Option<ReviewView>, ApiError> {
        let record = self.store.review(id).await.map_err(|e| unsaved(&e))?;
        Ok(record
            .and_then(|r| serde_json::from_str(&r).ok())
            .map(ReviewView::made))
    }

    /// Asks Daba to review the finished game `id` (anyone who may watch
    /// it may ask): queued, or the review when made.
    pub async fn ask_review(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<ReviewView, ApiError> {
        if let Some(made) = self.stored_review(id).await? {
            return Ok(made);
        }
        let (job, _) = self
            .with_game(id, actor, |e| {
                if e.game.end().is_none() {
                    return Err(ApiError::conflict("a game is reviewed once it is over"));
                }
                Ok(Job {
                    id: id.to_string(),
                    start: *e.game.start(),
                    moves: e.game.moves().to_vec(),
                })
            })
            .await?;
        match self.reviews.ask(job) {
            Ok(progress) => Ok(ReviewView::of(progress)),
            Err(QueueFull) => Err(ApiError::new(
                503,
                "Daba is reviewing many games right now; try again in a minute",
            )),
        }
    }

    /// Where the review of the game `id` stands, and the review once made.
    pub async fn review(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<ReviewView, ApiError> {
        self.view(id, actor).await?;
        if let Some(made) = self.stored_review(id).await? {
            return Ok(made);
        }
        Ok(ReviewView::of(self.reviews.progress(id)))
    }

    /// Every position of the game `id`, to step through.
    pub async fn positions(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<Vec<GamePosition>, ApiError> {
        let (positions, _) = self.with_game(id, actor, |e| Ok(e.game.positions())).await?;
        Ok(positions)
    }

    /// The signed-in player `user` made a request: they are online.
    pub async fn seen(&self, user: &UserRef) {
        self.presence.seen(&self.store, user).await;
    }

    /// Reads who is online on the whole site now (the server does it every
    /// [`REFRESH_EVERY`]) and tells the lobby's streams if it changed.
    pub async fn refresh_presence(&self) {
        let (streams, guests) = self.lobby.streams();
        match self.presence.refresh(&self.store, &streams, guests).await {
            Ok(true) => self.lobby.publish(LobbyEvent::Changed),
            Ok(false) => {}
            // Advisory: the next refresh tries again.
            Err(e) => eprintln!("daba serve: cannot read who is online: {e}"),
        }
    }

    /// What the other instances said ([`crate::events`]).
    fn heard(self: &Arc<Self>, note: Note) {
        match note {
            Note::Game { id, version } => {
                if self.lock().contains_key(&id) {
                    let server = self.clone();
                    tokio::spawn(async move { server.refresh(&id, Some(version)).await });
                }
            }
            Note::Lobby(event) => self.lobby.publish(event),
            Note::Table { id, version } => self.tables.heard(id, Some(version)),
            Note::Seat { id, color, rtt } => {
                let Some(slot) = self.lock().get(&id).cloned() else {
                    return;
                };
                let server = self.clone();
                tokio::spawn(async move {
                    let mut e = slot.lock().await;
                    if e.evicted {
                        return;
                    }
                    e.seen[color as usize] = Some(Instant::now());
                    if let Some(rtt) = rtt {
                        e.play.lag[color as usize].record_rtt(rtt);
                        // The grace on the mover's flag may have changed.
                        server.arm_timer(&id, &mut e);
                    }
                });
            }
            Note::Lost => {
                self.tables.lost();
                self.lobby.publish(LobbyEvent::Changed);
                let ids: Vec<String> = self.lock().keys().cloned().collect();
                let server = self.clone();
                tokio::spawn(async move {
                    for id in ids {
                        server.refresh(&id, None).await;
                    }
                });
            }
        }
    }

    /// Another instance saved the game `id` at `version` (`None`: perhaps,
    /// after the listener lost its connection): a copy held here that is
    /// older is brought up to date from the database in place (what this
    /// instance measured of its players, their lag and presence, stays),
    /// its search stopped unless it is still this instance's to run, its
    /// timer armed again, and its long polls woken to answer the new state.
    async fn refresh(self: &Arc<Self>, id: &str, version: Option<u64>) {
        let Some(slot) = self.lock().get(id).cloned() else {
            return;
        };
        let mut e = slot.lock().await;
        if e.evicted || version.is_some_and(|v| e.version >= v) {
            return;
        }
        let fresh = match self.store.load(id).await {
            Ok(Some(row)) => Entry::from_stored(&row).map_err(|err| format!("cannot be rebuilt: {err}")),
            Ok(None) => Err("is gone".to_string()),
            Err(err) => Err(format!("cannot be loaded: {err}")),
        };
        match fresh {
            Ok(fresh) if fresh.version <= e.version => {}
            Ok(mut fresh) => {
                let still_ours = e.thinking.is_some()
                    && e.search.is_some()
                    && fresh.search == e.search
                    && fresh.computer_to_move();
                if !still_ours {
                    e.stop_thinking();
                }
                std::mem::swap(&mut e.play, &mut fresh.play);
                self.arm_timer(id, &mut e);
                e.changed.send_replace(e.version);
            }
            Err(why) => {
                eprintln!("daba serve: game {id} changed on another instance and {why} here");
                self.evict(id, &slot, &mut e);
            }
        }
    }

    /// Drops this copy of the game from memory: its search and timer
    /// stopped, its long polls woken to look the game up again.
    fn evict(&self, id: &str, slot: &Slot, e: &mut Entry) {
        e.stop_thinking();
        e.timer = None;
        e.evicted = true;
        e.changed.send_replace(u64::MAX);
        let mut games = self.lock();
        if games.get(id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            games.remove(id);
        }
    }

    /// Tells the other instances (PostgreSQL only) that the player of seat
    /// `c` was seen here, with the round trip measured here since the last
    /// telling: at most every [`presence::WRITE_EVERY`], and at every new
    /// round trip, so every instance shows the seat online and credits the
    /// same lag ([`crate::events`]). Advisory: a failure is logged.
    fn tell_seat(&self, id: &str, c: Color, e: &mut Entry) {
        let Some(channels) = self.store.channels() else {
            return;
        };
        let Some(rtt) = e.seat_news(c) else {
            return;
        };
        let (store, channel) = (self.store.clone(), channels.seats.clone());
        let payload = events::seat_payload(id, c, rtt, &self.instance);
        tokio::spawn(async move {
            if let Err(e) = store.notify(&channel, &payload).await {
                eprintln!("daba serve: cannot tell the other instances of a player: {e}");
            }
        });
    }

    /// Tells the lobby's streams, on this instance and the others.
    pub async fn announce(&self, event: LobbyEvent) {
        if let Some(channels) = self.store.channels() {
            let payload = events::lobby_payload(&self.instance, &event);
            if let Err(e) = self.store.notify(&channels.lobby, &payload).await {
                eprintln!("daba serve: cannot tell the other instances of the lobby: {e}");
            }
        }
        self.lobby.publish(event);
    }

    /// When another instance's search for this position may be taken over
    /// (milliseconds since 1970), while it is still its own to finish.
    fn searching_elsewhere(&self, e: &Entry) -> Option<i64> {
        self.store.channels()?;
        let lease = e.search.as_ref().filter(|l| l.instance != self.instance)?;
        let lease_ms = i64::try_from(SEARCH_LEASE.as_millis()).unwrap_or(i64::MAX);
        let end = lease.since.saturating_add(lease_ms);
        (e.thinking.is_none() && e.computer_to_move() && now_millis() < end).then_some(end)
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The database (tests make its saves fail).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The tables for four.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The accounts.
    pub fn accounts(&self) -> &Accounts {
        &self.accounts
    }

    /// Room for one more game in memory: the expired ones go first; 503
    /// when there is still none.
    fn make_room(&self, games: &mut HashMap<String, Slot>) -> Result<(), ApiError> {
        if games.len() >= self.config.max_games {
            Self::sweep_locked(games, self.config.expiry, self.config.finished_expiry);
            if games.len() >= self.config.max_games {
                return Err(ApiError::new(
                    503,
                    format!(
                        "this server already holds {} games, its limit; try again later",
                        self.config.max_games
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The game `id` in memory, loaded from the database if it is not.
    async fn slot(&self, id: &str) -> Result<Slot, ApiError> {
        if let Some(slot) = self.lock().get(id) {
            return Ok(slot.clone());
        }
        if !is_game_id(id) {
            return Err(ApiError::not_found());
        }
        let row = self.store.load(id).await.map_err(|e| {
            eprintln!("daba serve: cannot load a game: {e}");
            ApiError::new(503, "the game could not be loaded (the database is unavailable)")
        })?;
        let row = row.ok_or_else(ApiError::not_found)?;
        let entry = Entry::from_stored(&row).map_err(|e| {
            eprintln!("daba serve: game {id} cannot be rebuilt: {e}");
            ApiError::new(500, "this game's record cannot be read")
        })?;
        let mut games = self.lock();
        if let Some(slot) = games.get(id) {
            return Ok(slot.clone());
        }
        self.make_room(&mut games)?;
        let slot = Arc::new(tokio::sync::Mutex::new(entry));
        games.insert(id.to_string(), slot.clone());
        Ok(slot)
    }

    /// Saves the game; a rated game that this change ended is saved with
    /// both players' new ratings, in one transaction.
    async fn save(&self, id: &str, e: &Entry, before: &Snapshot) -> Result<bool, StoreError> {
        let stored = e.stored(id);
        let ended_now = before.play.game.end().is_none();
        let rated_end = e
            .game
            .end()
            .filter(|end| ended_now && e.rated && end.reason != Reason::Aborted);
        match (rated_end, &e.users) {
            (Some(end), [Some(white), Some(black)]) => {
                let result = match end.winner {
                    Some(Color::White) => GameResult::WhiteWins,
                    Some(Color::Black) => GameResult::BlackWins,
                    None => GameResult::Draw,
                };
                accounts::save_rated_game(&self.store, &stored, &white.id, &black.id, result).await
            }
            _ => self.store.save(&stored).await,
        }
    }

    /// Saves the game if `f` changed it (or the computer started thinking):
    /// then the long polls hear of it. When the save fails the game is put
    /// back as it was and the request fails with a 503.
    async fn commit(&self, id: &str, slot: &Slot, e: &mut Entry, before: Snapshot) -> Result<(), ApiError> {
        if e.version == before.play.version {
            return Ok(());
        }
        match self.save(id, e, &before).await {
            Ok(true) => {
                e.changed.send_replace(e.version);
                Ok(())
            }
            Ok(false) => {
                // The database holds a newer version (another copy of this
                // game saved first): drop this copy; the next request loads
                // the stored one.
                e.restore(before);
                self.evict(id, slot, e);
                Err(ApiError::conflict("the game changed meanwhile; reload it"))
            }
            Err(err) => {
                e.restore(before);
                Err(unsaved(&err))
            }
        }
    }

    /// Arms the timer that ends the game when the side to move runs out of
    /// time (or does not make their first move in time), or that takes
    /// over the computer's search from another instance that did not finish
    /// it in time, replacing the previous one unless it is armed for the same
    /// moment (most requests change nothing: a long poll, a chat line). The
    /// timer only looks: the rules are in [`Entry::check_time`] and
    /// [`Server::maybe_start_computer`], run again when it fires.
    fn arm_timer(self: &Arc<Self>, id: &str, e: &mut Entry) {
        let flag = e
            .play
            .clock
            .as_ref()
            .and_then(|clock| clock.deadline(e.lag[clock.turn() as usize].credit()));
        let next = flag.into_iter().chain(self.searching_elsewhere(e)).min();
        let Some(deadline) = next.filter(|_| e.game.end().is_none()) else {
            e.timer = None;
            return;
        };
        let now = now_millis();
        // A timer armed for a moment still to come has not fired yet (the one
        // running now, whose request this may be, is past its moment).
        if e.timer
            .as_ref()
            .is_some_and(|t| t.at == deadline && deadline >= now)
        {
            return;
        }
        let wait = u64::try_from(deadline - now).unwrap_or(0) + 1;
        let server = self.clone();
        let id = id.to_string();
        let task = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(wait)).await;
            let _ = server.act(&id, &Actor::default(), |_| Ok(())).await;
        });
        // Replacing the old timer aborts its task.
        e.timer = Some(Timer {
            at: deadline,
            task: task.abort_handle(),
        });
    }

    /// Whether only requests addressed to this computer are answered.
    pub fn local_only(&self) -> bool {
        self.config.local_only
    }

    /// Number of games held.
    pub fn game_count(&self) -> usize {
        self.lock().len()
    }

    /// Drops from memory the games untouched for longer than the expiry
    /// (they stay in the database).
    pub fn sweep(&self) {
        self.tables.sweep();
        Self::sweep_locked(&mut self.lock(), self.config.expiry, self.config.finished_expiry);
    }

    fn sweep_locked(games: &mut HashMap<String, Slot>, expiry: Duration, finished_expiry: Duration) {
        games.retain(|_, slot| {
            // A game in use is not dropped.
            let Ok(mut e) = slot.try_lock() else { return true };
            // A finished game leaves memory sooner: its room is for games in
            // play (it stays in the database and loads again when opened).
            let limit = if e.game.end().is_some() {
                expiry.min(finished_expiry)
            } else {
                expiry
            };
            let keep = e.touched.elapsed() <= limit;
            if !keep {
                e.stop_thinking();
                e.evicted = true;
            }
            keep
        });
    }

    /// Runs `f` on the game `id` (touching it), starts the computer's search
    /// if it is then the computer's turn, saves, and answers the game's view.
    async fn act(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        f: impl FnMut(&mut Entry) -> Result<(), ApiError>,
    ) -> Result<GameView, ApiError> {
        self.with_game(id, actor, f).await.map(|(_, view)| view)
    }

    /// Runs `f` on the game `id` (touching it), then starts the computer's
    /// search if it is the computer's turn, and saves what changed before
    /// answering: `f`'s answer and the game's view for `actor`. A refusal
    /// or a failed save leaves the game as it was.
    ///
    /// With several instances, a refusal that may come from a copy that has
    /// not yet heard of a change made elsewhere ([`events::worth_a_fresh_look`])
    /// brings the game up to date from the database and tries `f` once more.
    async fn with_game<T>(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        mut f: impl FnMut(&mut Entry) -> Result<T, ApiError>,
    ) -> Result<(T, GameView), ApiError> {
        let mut looked_again = false;
        loop {
            match self.with_game_once(id, actor, &mut f).await {
                Err(err)
                    if !looked_again
                        && events::worth_a_fresh_look(err.status)
                        && self.store.channels().is_some() =>
                {
                    looked_again = true;
                    self.refresh(id, None).await;
                }
                answer => return answer,
            }
        }
    }

    /// One try of [`Self::with_game`].
    async fn with_game_once<T>(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        f: &mut impl FnMut(&mut Entry) -> Result<T, ApiError>,
    ) -> Result<(T, GameView), ApiError> {
        let (slot, mut e) = loop {
            let slot = self.slot(id).await?;
            let e = slot.clone().lock_owned().await;
            if !e.evicted {
                break (slot, e);
            }
        };
        e.touched = Instant::now();
        let seat = match e.role(actor) {
            Role::Player(c) => {
                e.seen[c as usize] = Some(Instant::now());
                Some(c)
            }
            Role::Both => {
                e.seen = [Some(Instant::now()); 2];
                None
            }
            Role::Watcher => None,
        };
        let mut before = e.snapshot();
        // A flag that fell since the last change ends the game first, saved
        // on its own (whatever the request then asks is refused by it).
        if e.check_time(now_millis()) {
            e.stop_clock();
            e.bump();
            self.commit(id, &slot, &mut e, before).await?;
            before = e.snapshot();
        }
        let out = match f(&mut e) {
            Ok(out) => out,
            Err(err) => {
                e.restore(before);
                return Err(err);
            }
        };
        e.stop_clock();
        self.maybe_start_computer(id, &mut e);
        self.commit(id, &slot, &mut e, before).await?;
        self.arm_timer(id, &mut e);
        if let Some(c) = seat {
            self.tell_seat(id, c, &mut e);
        }
        let mut view = e.view(id, actor);
        // A player seen by another instance of the site is online too.
        for (online, user) in view.online.iter_mut().zip(&e.users) {
            *online |= user.as_ref().is_some_and(|u| self.presence.is_online(&u.id));
        }
        Ok((out, view))
    }

    /// Creates a game; `creator` takes the first seat (signed in or not).
    pub async fn create(
        self: &Arc<Self>,
        request: NewGame,
        creator: Option<UserRef>,
    ) -> Result<Seat, ApiError> {
        let mode = request.mode.unwrap_or(Mode::Computer);
        let start = match request.fen.as_deref() {
            Some(f) if !f.trim().is_empty() => parse_fen(f)?,
            _ => Board::startpos(),
        };
        let level = match (mode, request.level) {
            (Mode::Computer, Some(l)) if l > computer::MAX_LEVEL => {
                return Err(ApiError::bad(format!(
                    "the level must be 0 to {}",
                    computer::MAX_LEVEL
                )))
            }
            (Mode::Computer, l) => l.unwrap_or(0),
            (_, Some(_)) => return Err(ApiError::bad("a level is only for games against the computer")),
            (_, None) => 0,
        };
        let color = match request.color.as_deref().map(str::trim) {
            None | Some("white") => Color::White,
            Some("black") => Color::Black,
            Some("random") => random_color(),
            Some(_) => return Err(ApiError::bad("the colour must be white, black or random")),
        };
        let token = secret();
        let mut seats = [None, None];
        let mut users = [None, None];
        let (computer, seat_color) = match mode {
            Mode::Computer => (Some(!color), Some(color)),
            Mode::Friend => (None, Some(color)),
            Mode::Local => (None, None),
        };
        match seat_color {
            Some(c) => {
                seats[c as usize] = Some(token.clone());
                users[c as usize] = creator.clone();
            }
            None => {
                seats = [Some(token.clone()), Some(token.clone())];
                users = [creator.clone(), creator.clone()];
            }
        }
        let control = match request.time_control.as_deref() {
            None => TimeControl::Unlimited,
            Some(text) => TimeControl::parse(text).map_err(ApiError::bad)?,
        };
        if control.is_timed() && mode != Mode::Friend {
            return Err(ApiError::bad(
                "clocks are for games between two players in two browsers",
            ));
        }
        if let Some(user) = &creator {
            self.check_game_limit(user).await?;
        }
        let game = Game::new(start).with_fifty_move_rule(request.fifty_move_rule.unwrap_or(true));
        let play = Play {
            level,
            computer,
            seats,
            users,
            ..Play::new(game, mode, control)
        };
        let actor = Actor {
            token: Some(token.clone()),
            user: creator,
        };
        let (id, state) = self.insert(play, &actor).await?;
        Ok(Seat {
            state,
            id,
            token,
            color: seat_color.map(color_id),
        })
    }

    /// A new game in memory and in the database; its view for `actor`.
    pub(crate) async fn insert(
        self: &Arc<Self>,
        play: Play,
        actor: &Actor,
    ) -> Result<(String, GameView), ApiError> {
        let id = secret();
        let slot = Arc::new(tokio::sync::Mutex::new(Entry::new(play)));
        // Nobody knows the id yet: this lock is free.
        let mut entry = slot.clone().lock_owned().await;
        {
            let mut games = self.lock();
            self.make_room(&mut games)?;
            games.insert(id.clone(), slot.clone());
        }
        self.maybe_start_computer(&id, &mut entry);
        if let Err(err) = self.store.save(&entry.stored(&id)).await {
            entry.stop_thinking();
            entry.evicted = true;
            self.lock().remove(&id);
            return Err(unsaved(&err));
        }
        entry.changed.send_replace(entry.version);
        self.arm_timer(&id, &mut entry);
        let view = entry.view(&id, actor);
        Ok((id, view))
    }

    /// Refuses a new game to a player who already has
    /// [`Config::max_games_per_player`] games going.
    async fn check_game_limit(&self, user: &UserRef) -> Result<(), ApiError> {
        let limit = self.config.max_games_per_player;
        let going = self
            .store
            .games_of(&user.id, false, limit as i64)
            .await
            .map_err(|e| unsaved(&e))?;
        if going.len() >= limit {
            return Err(ApiError::conflict(format!(
                "you already have {limit} games going; finish one first"
            ))
            .with_code("too-many-games"));
        }
        Ok(())
    }

    /// The game as `actor` sees it now.
    pub async fn view(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<GameView, ApiError> {
        self.act(id, actor, |_| Ok(())).await
    }

    /// The game once its version is past `after`, or after the wait timeout.
    /// `answered` is the [`GameView::served_at`] of the answer to the
    /// player's previous long poll (a round trip of their connection).
    pub async fn wait(
        self: &Arc<Self>,
        id: &str,
        after: u64,
        answered: Option<i64>,
        actor: &Actor,
    ) -> Result<GameView, ApiError> {
        let (mut changed, _) = self
            .with_game(id, actor, |e| {
                e.poll_arrived(actor, answered);
                Ok(e.changed.subscribe())
            })
            .await?;
        if *changed.borrow() <= after {
            // Beyond the cap a poll is answered at once.
            if let Ok(_permit) = self.waiters.clone().try_acquire_owned() {
                let _ =
                    tokio::time::timeout(self.config.wait_timeout, changed.wait_for(|v| *v > after)).await;
            }
        }
        self.view(id, actor).await
    }

    /// A player's move, in UCI notation or SAN.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        uci: Option<&str>,
        san: Option<&str>,
    ) -> Result<GameView, ApiError> {
        self.act(id, actor, |e| {
            let color = e.acting(actor)?;
            if e.game.end().is_some() {
                return Err(PlayError::Over.into());
            }
            if !e.seated() {
                return Err(ApiError::conflict("wait for your opponent to join"));
            }
            if color != e.game.turn() {
                return Err(ApiError::conflict(if e.is_thinking() {
                    "wait for the computer's move"
                } else {
                    "it is not your turn"
                }));
            }
            let mv = e.game.parse(uci, san)?;
            let now = now_millis();
            let credit = e.lag[color as usize].credit();
            if let Some(clock) = e.play.clock.as_mut() {
                match clock.play(now, credit) {
                    Ok(charge) => e.play.lag[color as usize].spend(charge.credit_ms),
                    Err(ClockError::Flagged(c)) => {
                        e.end_on_time(c);
                        e.bump();
                        return Ok(());
                    }
                    Err(err) => return Err(ApiError::conflict(err.to_string())),
                }
            }
            e.game.play(mv)?;
            // A move answers the opponent's draw offer and take-back
            // request: declined; the mover's own request lapses too.
            if e.draw_offer == Some(!color) {
                e.draw_offer = None;
            }
            e.takeback = None;
            e.notice = None;
            e.bump();
            Ok(())
        })
        .await
    }

    /// Takes back the player's last move (against the computer, with the
    /// computer's reply; on one screen, the last move).
    pub async fn undo(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<GameView, ApiError> {
        self.act(id, actor, |e| {
            e.player(actor)?;
            // A finished game stays finished, mate included (a take-back
            // would reopen it).
            if e.game.end().is_some() {
                return Err(PlayError::Over.into());
            }
            let plies = e.undo_plies()?;
            e.game.undo(plies)?;
            e.stop_thinking();
            e.draw_offer = None;
            e.notice = None;
            e.bump();
            Ok(())
        })
        .await
    }

    /// A take-back between two players: `ask` (the player's own last move),
    /// `accept` or `decline` the opponent's request, or `cancel` one's own.
    pub async fn takeback(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        action: &str,
    ) -> Result<GameView, ApiError> {
        if !matches!(action, "ask" | "accept" | "decline" | "cancel") {
            return Err(ApiError::bad("the action must be ask, accept, decline or cancel"));
        }
        self.act(id, actor, |e| {
            if e.mode != Mode::Friend {
                return Err(ApiError::conflict(
                    "take-back requests are for games between two players (use undo)",
                ));
            }
            let color = e.acting(actor)?;
            if e.game.end().is_some() {
                return Err(PlayError::Over.into());
            }
            match action {
                "ask" => {
                    if e.takeback == Some(!color) {
                        return Err(ApiError::conflict("answer your opponent's request first"));
                    }
                    if e.plies_back_to(color).is_none() {
                        return Err(PlayError::NothingToUndo.into());
                    }
                    if e.takeback != Some(color) {
                        e.takeback = Some(color);
                        e.notice = Some(Notice::TakebackAsked(color));
                        e.bump();
                    }
                }
                "accept" if e.takeback == Some(!color) => {
                    let plies = e.plies_back_to(!color).ok_or(PlayError::NothingToUndo)?;
                    e.game.undo(plies)?;
                    if let Some(clock) = e.play.clock.as_mut() {
                        let plies = u32::try_from(plies).unwrap_or(u32::MAX);
                        clock
                            .take_back(now_millis(), plies)
                            .map_err(|err| ApiError::conflict(err.to_string()))?;
                    }
                    e.takeback = None;
                    e.draw_offer = None;
                    e.notice = Some(Notice::TakebackAgreed(color));
                    e.bump();
                }
                "decline" if e.takeback == Some(!color) => {
                    e.takeback = None;
                    e.notice = Some(Notice::TakebackDeclined(color));
                    e.bump();
                }
                "cancel" if e.takeback == Some(color) => {
                    e.takeback = None;
                    e.notice = None;
                    e.bump();
                }
                _ => return Err(ApiError::conflict("there is no take-back request to answer")),
            }
            Ok(())
        })
        .await
    }

    /// A rematch after a finished game between two people: `offer` it,
    /// `accept` or `decline` the opponent's offer, `cancel` one's own (an
    /// offer while the opponent's waits accepts it). Accepting starts a new
    /// game from the same start under the same rules (time control, rated
    /// or casual, fifty-move rule) with the colours swapped: each player's
    /// seat (token and account) here becomes their seat there, so both
    /// pages find it by this game's `rematch_game` and need no new secret.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        action: &str,
    ) -> Result<GameView, ApiError> {
        if !matches!(action, "offer" | "accept" | "decline" | "cancel") {
            return Err(ApiError::bad(
                "the action must be offer, accept, decline or cancel",
            ));
        }
        let (next, _) = self
            .with_game(id, actor, |e| {
                if e.mode != Mode::Friend {
                    return Err(ApiError::conflict("a rematch is for games between two players"));
                }
                let color = e.acting(actor)?;
                if e.game.end().is_none() {
                    return Err(ApiError::conflict("a rematch comes after the game is over"));
                }
                if e.rematch_game.is_some() {
                    return Err(ApiError::conflict("the rematch has already started"));
                }
                match action {
                    "offer" | "accept" if e.rematch == Some(!color) => {
                        let game = Game::new(*e.game.start()).with_fifty_move_rule(e.game.fifty_move_rule());
                        return Ok(Some((
                            color,
                            Play {
                                seats: [e.seats[1].clone(), e.seats[0].clone()],
                                users: [e.users[1].clone(), e.users[0].clone()],
                                rated: e.rated,
                                ..Play::new(game, Mode::Friend, e.control)
                            },
                        )));
                    }
                    "offer" => {
                        if e.rematch != Some(color) {
                            e.rematch = Some(color);
                            e.notice = Some(Notice::RematchOffered(color));
                            e.bump();
                        }
                    }
                    "decline" if e.rematch == Some(!color) => {
                        e.rematch = None;
                        e.notice = Some(Notice::RematchDeclined(color));
                        e.bump();
                    }
                    "cancel" if e.rematch == Some(color) => {
                        e.rematch = None;
                        e.notice = None;
                        e.bump();
                    }
                    _ => return Err(ApiError::conflict("there is no rematch offer to answer")),
                }
                Ok(None)
            })
            .await?;
        let Some((accepter, play)) = next else {
            return self.view(id, actor).await;
        };
        for user in play.users.iter().flatten() {
            self.check_game_limit(user).await?;
        }
        let (new_id, _) = self.insert(play, actor).await?;
        let linked = self
            .act(id, actor, |e| {
                if e.rematch != Some(!accepter) || e.rematch_game.is_some() {
                    return Err(ApiError::conflict("the rematch offer was withdrawn"));
                }
                e.rematch = None;
                e.rematch_game = Some(new_id.clone());
                e.notice = Some(Notice::RematchAccepted(accepter));
                e.bump();
                Ok(())
            })
            .await;
        if linked.is_err() {
            // The offer went meanwhile: the new game nobody will find ends.
            let _ = self
                .act(&new_id, actor, |e| {
                    e.game.decide(End {
                        reason: Reason::Aborted,
                        winner: None,
                    })?;
                    e.bump();
                    Ok(())
                })
                .await;
        }
        linked
    }

    /// The player resigns (on one screen: the side to move).
    pub async fn resign(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<GameView, ApiError> {
        self.act(id, actor, |e| {
            let color = e.acting(actor)?;
            e.game.resign(color)?;
            e.stop_thinking();
            e.draw_offer = None;
            e.takeback = None;
            e.bump();
            Ok(())
        })
        .await
    }

    /// Ends a two-player game before both players have moved: no result,
    /// no rating change (for a seat nobody comes to, or a wrong challenge).
    pub async fn abort(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<GameView, ApiError> {
        self.act(id, actor, |e| {
            e.player(actor)?;
            if e.game.moves().len() >= 2 {
                return Err(ApiError::conflict(
                    "a game can be aborted only before both players have moved; resign instead",
                ));
            }
            e.game.decide(End {
                reason: Reason::Aborted,
                winner: None,
            })?;
            e.stop_thinking();
            e.draw_offer = None;
            e.takeback = None;
            e.bump();
            Ok(())
        })
        .await
    }

    /// The player to move claims a draw by threefold repetition or the
    /// fifty-move rule.
    pub async fn claim(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<GameView, ApiError> {
        self.act(id, actor, |e| {
            let color = e.acting(actor)?;
            if e.game.end().is_none() && color != e.game.turn() {
                return Err(ApiError::conflict("only the player to move can claim a draw"));
            }
            e.game.claim()?;
            e.draw_offer = None;
            e.takeback = None;
            e.bump();
            Ok(())
        })
        .await
    }

    /// A draw offer, acceptance or refusal. Against the computer an offer is
    /// answered at once, by the position: a full-strength search of
    /// [`computer::DRAW_CHECK_NODES`] nodes scores it from Daba's side and
    /// Daba accepts when its model gives it at most a 10% chance to win
    /// ([`computer::accepts_draw`]): when it is lost or in a dead-level
    /// ending, never in the opening with equal material. On one screen an
    /// offer is an agreement (the page asks both).
    pub async fn draw(self: &Arc<Self>, id: &str, actor: &Actor, action: &str) -> Result<GameView, ApiError> {
        if !matches!(action, "offer" | "accept" | "decline") {
            return Err(ApiError::bad("the action must be offer, accept or decline"));
        }
        let (computer_check, _) = self
            .with_game(id, actor, |e| {
                let color = e.acting(actor)?;
                if e.game.end().is_some() {
                    return Err(PlayError::Over.into());
                }
                match (e.mode, action) {
                    (Mode::Local, "offer" | "accept") => {
                        e.game.agree_draw()?;
                        e.bump();
                        Ok(None)
                    }
                    (Mode::Computer, "offer") => Ok(Some((
                        *e.game.board(),
                        e.game.keys().to_vec(),
                        e.computer.expect("a computer game has a computer"),
                        e.version,
                    ))),
                    (Mode::Friend, "offer" | "accept") if e.draw_offer == Some(!color) => {
                        e.draw_offer = None;
                        e.takeback = None;
                        e.game.agree_draw()?;
                        e.bump();
                        Ok(None)
                    }
                    (Mode::Friend, "offer") => {
                        if e.draw_offer != Some(color) {
                            e.draw_offer = Some(color);
                            e.notice = Some(Notice::DrawOffered(color));
                            e.bump();
                        }
                        Ok(None)
                    }
                    (Mode::Friend, "decline") if e.draw_offer == Some(!color) => {
                        e.draw_offer = None;
                        e.notice = Some(Notice::DrawDeclined(color));
                        e.bump();
                        Ok(None)
                    }
                    _ => Err(ApiError::conflict("there is no draw offer to answer")),
                }
            })
            .await?;
        let Some((board, keys, computer, version)) = computer_check else {
            return self.view(id, actor).await;
        };
        let decision = self
            .engines
            .judge(id, &board, &keys, computer::DRAW_CHECK_NODES)
            .await;
        let score = decision
            .and_then(|d| d.score)
            .map(|s| if board.side_to_move() == computer { s } else { -s });
        self.act(id, actor, |e| {
            if e.version != version || e.game.end().is_some() {
                return Err(ApiError::conflict(
                    "the game changed while Daba thought about the offer",
                ));
            }
            if score.is_some_and(|s| computer::accepts_draw(&board, s)) {
                e.stop_thinking();
                e.game.agree_draw()?;
            } else {
                e.notice = Some(Notice::ComputerDeclinesDraw);
            }
            e.bump();
            Ok(())
        })
        .await
    }

    /// A chat message: a player's goes to the players' chat of a game
    /// between two people; a signed-in watcher's to the watchers' chat.
    pub async fn chat(self: &Arc<Self>, id: &str, actor: &Actor, text: &str) -> Result<GameView, ApiError> {
        let text: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_string();
        if text.is_empty() {
            return Err(ApiError::bad("the message is empty"));
        }
        if text.chars().count() > MAX_CHAT_CHARS {
            return Err(ApiError::bad(format!(
                "a message has at most {MAX_CHAT_CHARS} characters"
            )));
        }
        let sender = match (&actor.user, &actor.token) {
            (Some(user), _) => format!("user:{}", user.id),
            (None, Some(token)) => format!("token:{token}"),
            (None, None) => String::new(),
        };
        if !sender.is_empty() {
            let key = format!("chat:{sender}");
            let allowed = limits::take(self.store.pool(), &key, CHAT_RATE, now_seconds())
                .await
                .map_err(|e| {
                    eprintln!("daba serve: cannot count a chat message: {e}");
                    ApiError::new(503, "the database is unavailable; try again")
                })?;
            if allowed.is_err() {
                return Err(ApiError::new(
                    429,
                    format!(
                        "slow down: at most {} messages in {} seconds",
                        CHAT_RATE.max, CHAT_RATE.window
                    ),
                )
                .with_code("chat-too-fast"));
            }
        }
        self.act(id, actor, |e| {
            match e.role(actor) {
                Role::Player(color) if e.mode == Mode::Friend => {
                    e.chat.push(color_id(color).to_string(), text.clone());
                }
                Role::Player(_) | Role::Both => {
                    return Err(ApiError::conflict("the chat is for games between two players"));
                }
                Role::Watcher => {
                    let Some(user) = &actor.user else {
                        return Err(if actor.token.is_some() {
                            ApiError::forbidden()
                        } else {
                            ApiError::new(401, "sign in to write in the watchers' chat")
                        });
                    };
                    let name = user.name.clone();
                    e.watchers.push(name, text.clone());
                }
            }
            e.bump();
            Ok(())
        })
        .await
    }

    /// Takes the free seat of a friend game. A player already seated (by
    /// token or account) gets their own seat back; when both seats are
    /// taken the answer is 409 and the page shows the game to watch.
    pub async fn join(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<Seat, ApiError> {
        let joining = actor.user.clone();
        if let Some(user) = &joining {
            self.check_game_limit(user).await?;
        }
        let token = secret();
        let seat_actor = Actor {
            token: Some(token.clone()),
            user: joining.clone(),
        };
        self.with_game(id, &seat_actor, |e| {
            if e.mode != Mode::Friend {
                return Err(ApiError::conflict("only a game with a friend can be joined"));
            }
            if let Role::Player(c) = e.role(actor) {
                // Back to one's own seat (another tab or device): its token.
                let token = e.seats[c as usize].clone().unwrap_or_else(|| {
                    let t = secret();
                    e.seats[c as usize] = Some(t.clone());
                    e.bump();
                    t
                });
                return Ok((token, c));
            }
            let Some(free) = [Color::White, Color::Black]
                .into_iter()
                .find(|&c| e.seats[c as usize].is_none() && e.users[c as usize].is_none())
            else {
                return Err(ApiError::conflict(
                    "both seats of this game are taken: watch it instead",
                ));
            };
            e.seats[free as usize] = Some(token.clone());
            e.users[free as usize] = joining.clone();
            e.bump();
            Ok((token.clone(), free))
        })
        .await
        .map(|((token, free), state)| Seat {
            id: id.to_string(),
            token,
            color: Some(color_id(free)),
            state,
        })
    }

    /// The game as PGN.
    pub async fn pgn(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        self.with_game(id, &Actor::default(), |e| Ok(pgn_of(e)))
            .await
            .map(|(text, _)| text)
    }

    /// The games of a signed-in player still going, those where it is their
    /// move first, then the most recently played.
    pub async fn my_games(self: &Arc<Self>, user: &UserRef) -> Result<Vec<GameSummary>, ApiError> {
        let rows = self
            .store
            .games_of(&user.id, false, self.config.max_games_per_player as i64)
            .await
            .map_err(|e| unsaved(&e))?;
        let mut list: Vec<GameSummary> = rows.iter().map(|row| GameSummary::of(row, &user.id)).collect();
        // Stable: within each group the database's order (latest first).
        list.sort_by_key(|g| !g.your_turn);
        Ok(list)
    }

    /// The lobby, with its live part.
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    /// The lobby as `viewer` sees it.
    pub async fn lobby_view(&self, viewer: Option<&UserRef>) -> Result<LobbyView, ApiError> {
        let seeks = self
            .store
            .seeks(MAX_LISTED_SEEKS)
            .await
            .map_err(|e| unsaved(&e))?;
        let online = self.presence.snapshot();
        let (streams, guests) = self.lobby.streams();
        // Those who opened the lobby here since the last refresh too.
        let mut names = online.names;
        names.extend(streams.into_iter().map(|u| u.name));
        names.sort_by_key(|n| n.to_lowercase());
        names.dedup();
        Ok(LobbyView {
            seeks: seeks
                .into_iter()
                .map(|listed| {
                    let seek = listed.seek;
                    let control = TimeControl::parse(&seek.time_control).unwrap_or(TimeControl::Unlimited);
                    SeekView {
                        mine: viewer.is_some_and(|v| v.id == seek.user_id),
                        user: seek.username,
                        rating: listed.rating.round() as i64,
                        provisional: listed.deviation > PROVISIONAL_DEVIATION,
                        speed: control.speed().name().to_string(),
                        time_control: seek.time_control,
                        rated: seek.rated,
                        color: seek.color,
                        fifty_move_rule: seek.fifty_move_rule,
                        id: seek.id,
                    }
                })
                .collect(),
            online: names,
            guests: guests + online.other_guests,
            tables: self.tables.listed().await.map_err(|e| unsaved(&e))?,
        })
    }

    /// Opens a seek of `user` in the lobby.
    pub async fn create_seek(&self, user: &UserRef, request: NewSeek) -> Result<SeekView, ApiError> {
        let control = TimeControl::parse(&request.time_control).map_err(ApiError::bad)?;
        control.validate().map_err(ApiError::bad)?;
        if !control.is_timed() {
            return Err(ApiError::bad(
                "a challenge needs a clock (minutes + seconds a move) or days a move",
            ));
        }
        let color = request.color.unwrap_or_else(|| "random".into());
        if !matches!(color.as_str(), "white" | "black" | "random") {
            return Err(ApiError::bad("the colour must be white, black or random"));
        }
        self.check_game_limit(user).await?;
        let open = self.store.seek_count(&user.id).await.map_err(|e| unsaved(&e))?;
        if open >= MAX_SEEKS_PER_PLAYER as i64 {
            return Err(ApiError::conflict(format!(
                "you already have {MAX_SEEKS_PER_PLAYER} open challenges; cancel one first"
            ))
            .with_code("too-many-seeks"));
        }
        let seek = StoredSeek {
            id: secret(),
            user_id: user.id.clone(),
            username: user.name.clone(),
            time_control: control.to_string(),
            color,
            rated: request.rated.unwrap_or(false),
            fifty_move_rule: request.fifty_move_rule.unwrap_or(true),
            created_at: now_seconds(),
        };
        self.store.add_seek(&seek).await.map_err(|e| unsaved(&e))?;
        self.announce(LobbyEvent::Changed).await;
        let view = self.lobby_view(Some(user)).await?;
        view.seeks
            .into_iter()
            .find(|s| s.id == seek.id)
            .ok_or_else(|| ApiError::conflict("the challenge was taken at once"))
    }

    /// Cancels a seek of `user`.
    pub async fn cancel_seek(&self, user: &UserRef, id: &str) -> Result<(), ApiError> {
        if !self
            .store
            .cancel_seek(id, &user.id)
            .await
            .map_err(|e| unsaved(&e))?
        {
            return Err(ApiError::new(404, "you have no such open challenge"));
        }
        self.announce(LobbyEvent::Changed).await;
        Ok(())
    }

    /// `user` accepts a seek: the game starts, and the seeker's lobby hears
    /// of it.
    pub async fn accept_seek(self: &Arc<Self>, user: &UserRef, id: &str) -> Result<Seat, ApiError> {
        self.check_game_limit(user).await?;
        let seek = self
            .store
            .take_seek(id)
            .await
            .map_err(|e| unsaved(&e))?
            .ok_or_else(|| ApiError::conflict("this challenge has been taken or cancelled"))?;
        let restore = |why: ApiError| async {
            if let Err(e) = self.store.restore_seek(&seek).await {
                eprintln!("daba serve: a challenge could not be put back: {e}");
            }
            why
        };
        if seek.user_id == user.id {
            return Err(restore(ApiError::conflict("you cannot accept your own challenge")).await);
        }
        let control = match TimeControl::parse(&seek.time_control) {
            Ok(c) => c,
            Err(e) => return Err(restore(ApiError::new(500, e)).await),
        };
        let seeker_color = match seek.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => random_color(),
        };
        let token = secret();
        let mut seats = [None, None];
        let mut users = [None, None];
        seats[!seeker_color as usize] = Some(token.clone());
        users[!seeker_color as usize] = Some(user.clone());
        users[seeker_color as usize] = Some(UserRef {
            id: seek.user_id.clone(),
            name: seek.username.clone(),
        });
        let game = Game::new(Board::startpos()).with_fifty_move_rule(seek.fifty_move_rule);
        let play = Play {
            seats,
            users,
            rated: seek.rated,
            ..Play::new(game, Mode::Friend, control)
        };
        let actor = Actor::user(user.clone(), Some(&token));
        let (game_id, state) = match self.insert(play, &actor).await {
            Ok(done) => done,
            Err(e) => return Err(restore(e).await),
        };
        self.announce(LobbyEvent::Started {
            user_id: seek.user_id.clone(),
            seek: seek.id.clone(),
            game: game_id.clone(),
        })
        .await;
        self.announce(LobbyEvent::Changed).await;
        Ok(Seat {
            id: game_id,
            token,
            color: Some(color_id(!seeker_color)),
            state,
        })
    }

    /// The account named `name`, or 404.
    async fn account(&self, name: &str) -> Result<accounts::User, ApiError> {
        match self.accounts().user_by_name(name).await {
            Ok(Some(user)) => Ok(user),
            Ok(None) => Err(ApiError::new(404, "no such player")),
            Err(e) => {
                eprintln!("daba serve: cannot read an account: {e}");
                Err(ApiError::new(503, "the database is unavailable; try again"))
            }
        }
    }

    /// A player's finished games, the latest first (at most
    /// [`MAX_LISTED_GAMES`]).
    pub async fn user_games(self: &Arc<Self>, name: &str) -> Result<Vec<GameSummary>, ApiError> {
        let user = self.account(name).await?;
        let rows = self
            .store
            .games_of(&user.id, true, MAX_LISTED_GAMES)
            .await
            .map_err(|e| unsaved(&e))?;
        Ok(rows.iter().map(|row| GameSummary::of(row, &user.id)).collect())
    }

    /// A player's finished games as one PGN file, the latest first (at most
    /// [`MAX_PGN_GAMES`]).
    pub async fn user_pgn(self: &Arc<Self>, name: &str) -> Result<String, ApiError> {
        let user = self.account(name).await?;
        let rows = self
            .store
            .games_of(&user.id, true, MAX_PGN_GAMES)
            .await
            .map_err(|e| unsaved(&e))?;
        let mut out = String::new();
        for row in &rows {
            match Entry::from_stored(row) {
                Ok(entry) => {
                    out.push_str(&pgn_of(&entry));
                    out.push('\n');
                }
                Err(e) => eprintln!("daba serve: game {} cannot be rebuilt: {e}", row.id),
            }
        }
        Ok(out)
    }

    /// Starts the computer's search when it is its turn and none runs, here
    /// or (for [`SEARCH_LEASE`] from its start) on another instance; on
    /// PostgreSQL the game records that this instance runs it.
    fn maybe_start_computer(self: &Arc<Self>, id: &str, e: &mut Entry) {
        if !e.computer_to_move() || e.thinking.is_some() || self.searching_elsewhere(e).is_some() {
            return;
        }
        let thinking = Thinking::new();
        e.thinking = Some(thinking.clone());
        if self.store.channels().is_some() {
            e.search = Some(SearchLease {
                instance: self.instance.clone(),
                since: now_millis(),
            });
        }
        e.bump();
        let board = *e.game.board();
        let keys = e.game.keys().to_vec();
        let level = e.level;
        let server = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            let decision = server.engines.choose(&id, &board, &keys, level, &thinking).await;
            server.computer_moved(&id, &thinking, decision).await;
        });
    }

    /// The computer's search is done: play its move, or claim the draw its
    /// search scores as no worse for it, unless the game moved on meanwhile.
    /// Saved before anyone hears of it; when the save fails the game is put
    /// back as it was, and the computer thinks again at the next request.
    async fn computer_moved(
        self: &Arc<Self>,
        id: &str,
        thinking: &Arc<Thinking>,
        decision: Option<Decision>,
    ) {
        let Some(slot) = self.lock().get(id).cloned() else {
            return;
        };
        let mut e = slot.lock().await;
        if e.evicted || !e.thinking.as_ref().is_some_and(|c| Arc::ptr_eq(c, thinking)) {
            return;
        }
        let before = e.snapshot();
        e.thinking = None;
        e.search = None;
        match decision {
            Some(Decision {
                score: Some(score), ..
            }) if score <= 0 && e.game.claimable().is_some() => {
                let _ = e.game.claim();
            }
            Some(Decision { mv: Some(mv), .. }) => {
                let mover = e.game.turn();
                if e.game.play(mv).is_ok() && e.draw_offer == Some(!mover) {
                    e.draw_offer = None;
                }
                e.notice = None;
            }
            _ => e.notice = Some(Notice::ComputerCouldNotMove),
        }
        e.bump();
        let _ = self.commit(id, &slot, &mut e, before).await;
    }
}

/// The most moves a lesson board plays from its position (`POST
/// /api/position`): a learner tries a move or a few, not a game.
pub const MAX_LESSON_MOVES: usize = 32;

/// The legal moves and state of any position, for the help's lesson boards.
#[derive(Clone, Debug, Serialize)]
pub struct PositionView {
    /// The position.
    pub fen: String,
    /// `white` or `black`.
    pub turn: &'static str,
    /// a1..h8 piece codes.
    pub board: Vec<Option<String>>,
    /// The legal moves.
    pub legal: Vec<LegalMove>,
    /// The square of the king in check.
    pub check: Option<String>,
    /// How the position ends a game by itself (mate, stalemate, dead material).
    pub end_text: Option<String>,
    /// That end's rule, for the page to say it in its own language.
    pub reason: Option<Reason>,
    /// That end's winner: `white`, `black`, or null for a draw.
    pub winner: Option<&'static str>,
    /// The last of the moves played from the FEN: from and to squares.
    pub last_move: Option<[String; 2]>,
    /// That move in SAN.
    pub san: Option<String>,
}

/// Describes the position `fen`, after `moves` (UCI) if any. The moves are
/// played on the board, not in a game: a lesson board shows moves in
/// positions that a game would call over (a king against a king).
pub fn position(fen: &str, moves: &[String]) -> Result<PositionView, ApiError> {
    let mut board = parse_fen(fen)?;
    if moves.len() > MAX_LESSON_MOVES {
        return Err(ApiError::bad(format!(
            "at most {MAX_LESSON_MOVES} moves from a position"
        )));
    }
    let mut last = None;
    for uci in moves {
        let mv = board
            .parse_uci(uci.trim(), board.is_chess960())
            .ok()
            .filter(|&mv| board.legal_moves().contains(mv))
            .ok_or_else(|| ApiError::bad(format!("'{uci}' is not a legal move in this position")))?;
        last = Some((crate::game::squares(&board, mv), board.to_san(mv)));
        board = board.play(mv);
    }
    let game = Game::new(board);
    let (last_move, san) = match last {
        Some(((from, to), san)) => (Some([from, to]), Some(san)),
        None => (None, None),
    };
    Ok(PositionView {
        fen: board.to_fen(),
        turn: color_id(board.side_to_move()),
        board: crate::game::piece_codes(&board),
        legal: crate::game::legal_moves(&board),
        check: game.check_square().map(|s| s.to_string()),
        end_text: game.end().map(|e: End| e.words()),
        reason: game.end().map(|e: End| e.reason),
        winner: game.end().and_then(|e: End| e.winner).map(color_id),
        last_move,
        san,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's chat boxes take as many characters as the server does.
    #[test]
    fn the_page_chat_boxes_take_the_servers_limit() {
        let page = crate::page::FILES
            .iter()
            .find(|f| f.path == "/")
            .expect("the page");
        let html = std::str::from_utf8(page.bytes).expect("UTF-8");
        for id in ["chat-text", "watchers-text"] {
            let at = html.find(&format!("id=\"{id}\"")).expect("the chat box");
            let tag = &html[at..at + html[at..].find('>').expect("the tag's end")];
            assert!(
                tag.contains(&format!("maxlength=\"{MAX_CHAT_CHARS}\"")),
                "{id}: {tag}"
            );
        }
    }

    #[test]
    fn a_chat_keeps_its_last_lines_and_counts_them_all() {
        let mut chat = Chat::default();
        for i in 0..MAX_CHAT_LINES + 20 {
            chat.push("white".into(), format!("m{i}"));
        }
        assert_eq!(chat.lines.len(), MAX_CHAT_LINES);
        assert_eq!(chat.count, (MAX_CHAT_LINES + 20) as u64);
        assert_eq!(
            chat.lines.back().unwrap().text,
            format!("m{}", MAX_CHAT_LINES + 19)
        );
        assert_eq!(chat.lines.front().unwrap().n, 21);
    }
}
