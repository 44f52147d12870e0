//! Tables for four: four-handed team chess on the site (issue 36; the rules
//! are the `fourhand` crate's, docs/fourhand.md).
//!
//! A table has four seats, South, West, North and East, partners sitting
//! opposite (South and North against West and East). Each seat is taken by
//! a person, who comes by the seat's link or (signed in) from the lobby, or
//! by the computer at a level of `fourhand::player`. The game starts once
//! every seat is taken. The table talk follows §12 of the rules: one chat
//! that every player at the table reads (there is no private channel, so
//! partners cannot talk apart), and the objection as an action: an
//! opponent points at a chat line that suggests a move to the writer's
//! partner, and that move is banned for him for three plies.
//!
//! Kept like the games ([`crate::server`]): each table in memory behind its
//! own lock, held across its save; every change saved (one transaction,
//! [`store`]) before it is answered, and put back as it was when the save
//! fails (503); a table not in memory is loaded when asked for, rebuilt by
//! replaying its plies. Long polls wait for a table's next version; on
//! PostgreSQL a save tells the other instances, which reload their copy. The
//! computer's searches run on threads of their own, never on the async
//! runtime, and share the games' bound on searches at once.
//!
//! Modules: `table` (one table as pure state: the seats, the plies, the
//! talk, the record, the view), `store` (its SQL), `api` (its routes).

mod api;
pub mod store;
pub mod table;

pub use api::routes;
pub use table::{
    Holder, Refusal, TableRecord, TableView, Who, MAX_POSITION_BYTES, MAX_RULES_BYTES, MAX_TABLE_PLIES,
};

use crate::events::{self, SEARCH_LEASE};
use crate::game::UserRef;
use crate::limits::{self, CHAT_RATE, MAX_CHAT_CHARS};
use crate::lobby::{ListedSeat, TableListing};
use crate::secrets::{is_secret_shaped, secret};
use crate::store::{now_seconds, SearchLease, Store, StoreError};
use fourhand::{Ply, Position, Rules, Seat};
use rand::rngs::OsRng;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use store::StoredTable;
use table::{parse_seat, seat_name, Table};
use tokio::sync::{watch, Semaphore};

/// Tables listed in the lobby at most.
pub const MAX_LISTED_TABLES: i64 = 50;
/// The stack of a computer player's thread (its search recurses by ply).
const SEARCH_STACK: usize = 16 << 20;

/// The bounds of the tables of one server.
#[derive(Clone, Debug)]
pub struct TablesConfig {
    /// Tables held in memory at once (all stay in the database); a new
    /// table needs room, so this bounds the tables going at once.
    pub max_tables: usize,
    /// The seed of the computer players' random choices; `None`: fresh.
    pub seed: Option<u64>,
    /// How long a long poll waits for a change.
    pub wait_timeout: Duration,
    /// A table untouched this long leaves memory (not the database).
    pub expiry: Duration,
    /// A finished table untouched this long leaves memory.
    pub finished_expiry: Duration,
}

/// A new table as the page asks for it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The four seats, South, West, North, East: `{"kind": "person"}` or
    /// `{"kind": "computer", "level": 3}`.
    pub seats: Vec<SeatRequest>,
    /// The creator's seat (a person's): `S` (the default), `W`, `N`, `E`.
    pub seat: Option<String>,
    /// A start position (§16's string) other than the usual one.
    pub position: Option<String>,
    /// List the table in the lobby while a seat is free.
    pub listed: Option<bool>,
    /// Rule settings other than the defaults of docs/fourhand.md, as
    /// `fourhand::Rules::from_text` reads them (`promotion=choice,...`).
    pub rules: Option<String>,
}

/// Who a new table's seat is for.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatRequest {
    /// A person (the creator, or someone who comes by its link).
    Person,
    /// The computer at this level.
    Computer {
        /// 0 (random moves) to `fourhand::MAX_LEVEL`.
        level: u32,
    },
}

/// What a player who sits down gets: the table and their seat's token.
#[derive(Clone, Debug, Serialize)]
pub struct SeatGiven {
    /// The table's id.
    pub id: String,
    /// The seat's secret token (a guest's page sends it).
    pub token: String,
    /// The seat: `S`, `W`, `N` or `E`.
    pub seat: char,
    /// The table.
    pub state: TableView,
}

/// A table in memory and what this process does with it.
struct Entry {
    table: Table,
    touched: Instant,
    /// The computer's search in flight (its identity: a result that comes
    /// back for another one is dropped).
    thinking: Option<Arc<AtomicBool>>,
    /// Tells the long polls of each saved version.
    changed: watch::Sender<u64>,
    /// Dropped from memory: whoever holds it must look the table up again.
    evicted: bool,
}

impl Entry {
    fn new(table: Table) -> Entry {
        Entry {
            changed: watch::Sender::new(table.version),
            table,
            touched: Instant::now(),
            thinking: None,
            evicted: false,
        }
    }

    fn view(&self, id: &str, who: &Who) -> TableView {
        let mut view = self.table.view(id, who);
        view.thinking = self.table.computer_to_move().is_some()
            && (self.thinking.is_some() || self.table.search.is_some());
        view
    }

    fn stored(&self, id: &str) -> StoredTable {
        let t = &self.table;
        StoredTable {
            id: id.to_string(),
            version: i64::try_from(t.version).unwrap_or(i64::MAX),
            finished: t.outcome().is_some(),
            open: t.open(),
            updated_at: now_seconds(),
            record: t.record(),
        }
    }
}

/// What a change may have to undo.
struct Snapshot {
    table: Table,
    thinking: Option<Arc<AtomicBool>>,
}

type Slot = Arc<tokio::sync::Mutex<Entry>>;

struct Inner {
    config: TablesConfig,
    store: Arc<Store>,
    map: Mutex<HashMap<String, Slot>>,
    /// The computer searches running at once (shared with the games').
    permits: Arc<Semaphore>,
    /// Long polls waiting at once (shared with the games').
    waiters: Arc<Semaphore>,
    /// This process's id among the instances of a site.
    instance: String,
}

/// The tables of one server.
#[derive(Clone)]
pub struct Tables {
    inner: Arc<Inner>,
}

fn unsaved(e: &StoreError) -> Refusal {
    eprintln!("daba serve: cannot save a table: {e}");
    Refusal::new(
        503,
        "the table could not be saved (the database is unavailable); nothing changed, try again",
    )
}

/// Ends the computer's search of this table, if one runs: its thread stops
/// at its next node check, and its ply, if any, is not played.
fn stop_thinking(e: &mut Entry) {
    if let Some(stop) = e.thinking.take() {
        stop.store(true, Ordering::Relaxed);
    }
}

fn not_found() -> Refusal {
    Refusal::new(404, "no such table")
}

impl Tables {
    /// The tables of a server on `store`; `permits` bounds the computer's
    /// searches and `waiters` the long polls, both shared with the games.
    pub fn new(
        config: TablesConfig,
        store: Arc<Store>,
        permits: Arc<Semaphore>,
        waiters: Arc<Semaphore>,
        instance: String,
    ) -> Tables {
        Tables {
            inner: Arc::new(Inner {
                config,
                store,
                map: Mutex::new(HashMap::new()),
                permits,
                waiters,
                instance,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        self.inner.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Loads the tables still going (the most recently saved first, up to
    /// the bound) after a start; a table where the computer is to move gets
    /// its move.
    pub async fn load(&self) -> Result<(), StoreError> {
        let limit = i64::try_from(self.inner.config.max_tables).unwrap_or(i64::MAX);
        let rows = store::going(&self.inner.store, limit).await?;
        let mut computer = Vec::new();
        for row in rows {
            match Table::from_record(&row.record, u64::try_from(row.version).unwrap_or(0)) {
                Ok(table) => {
                    if table.computer_to_move().is_some() {
                        computer.push(row.id.clone());
                    }
                    let slot = Arc::new(tokio::sync::Mutex::new(Entry::new(table)));
                    self.lock().insert(row.id, slot);
                }
                Err(e) => eprintln!("daba serve: table {} cannot be rebuilt: {e}", row.id),
            }
        }
        for id in computer {
            let _ = self.view(&id, &Who::default()).await;
        }
        Ok(())
    }

    /// Tables held in memory.
    pub fn count(&self) -> usize {
        self.lock().len()
    }

    /// Drops from memory the tables untouched for longer than their expiry
    /// (they stay in the database).
    pub fn sweep(&self) {
        let config = &self.inner.config;
        Self::sweep_locked(&mut self.lock(), config.expiry, config.finished_expiry);
    }

    fn sweep_locked(map: &mut HashMap<String, Slot>, expiry: Duration, finished_expiry: Duration) {
        map.retain(|_, slot| {
            let Ok(mut e) = slot.try_lock() else { return true };
            let limit = if e.table.outcome().is_some() {
                expiry.min(finished_expiry)
            } else {
                expiry
            };
            let keep = e.touched.elapsed() <= limit;
            if !keep {
                stop_thinking(&mut e);
                e.evicted = true;
                e.changed.send_replace(u64::MAX);
            }
            keep
        });
    }

    /// Room for one more table in memory; 503 when there is none.
    fn make_room(&self, map: &mut HashMap<String, Slot>) -> Result<(), Refusal> {
        let config = &self.inner.config;
        if map.len() >= config.max_tables {
            Self::sweep_locked(map, config.expiry, config.finished_expiry);
            if map.len() >= config.max_tables {
                return Err(Refusal::new(
                    503,
                    format!(
                        "this server already holds {} tables for four, its limit; try again later",
                        config.max_tables
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The table `id` in memory, loaded from the database if it is not.
    async fn slot(&self, id: &str) -> Result<Slot, Refusal> {
        if let Some(slot) = self.lock().get(id) {
            return Ok(slot.clone());
        }
        if !is_secret_shaped(id) {
            return Err(not_found());
        }
        let row = store::load(&self.inner.store, id).await.map_err(|e| {
            eprintln!("daba serve: cannot load a table: {e}");
            Refusal::new(503, "the table could not be loaded (the database is unavailable)")
        })?;
        let row = row.ok_or_else(not_found)?;
        let table =
            Table::from_record(&row.record, u64::try_from(row.version).unwrap_or(0)).map_err(|e| {
                eprintln!("daba serve: table {id} cannot be rebuilt: {e}");
                Refusal::new(500, "this table's record cannot be read")
            })?;
        let mut map = self.lock();
        if let Some(slot) = map.get(id) {
            return Ok(slot.clone());
        }
        self.make_room(&mut map)?;
        let slot = Arc::new(tokio::sync::Mutex::new(Entry::new(table)));
        map.insert(id.to_string(), slot.clone());
        Ok(slot)
    }

    /// Drops this copy of the table from memory; its long polls wake to
    /// look it up again.
    fn evict(&self, id: &str, slot: &Slot, e: &mut Entry) {
        stop_thinking(e);
        e.evicted = true;
        e.changed.send_replace(u64::MAX);
        let mut map = self.lock();
        if map.get(id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            map.remove(id);
        }
    }

    /// Saves the table if it changed; then the long polls hear of it. A
    /// failed save puts it back as it was.
    async fn commit(&self, id: &str, slot: &Slot, e: &mut Entry, before: Snapshot) -> Result<(), Refusal> {
        if e.table.version == before.table.version {
            return Ok(());
        }
        match store::save(&self.inner.store, &e.stored(id)).await {
            Ok(true) => {
                e.changed.send_replace(e.table.version);
                Ok(())
            }
            Ok(false) => {
                e.table = before.table;
                e.thinking = before.thinking;
                self.evict(id, slot, e);
                Err(Refusal::new(409, "the table changed meanwhile; reload it"))
            }
            Err(err) => {
                e.table = before.table;
                e.thinking = before.thinking;
                Err(unsaved(&err))
            }
        }
    }

    /// Runs `f` on the table `id`, starts the computer's search if it is
    /// then the computer's turn, saves what changed, and answers `f`'s
    /// answer and the table as `who` sees it. A refusal or a failed save
    /// leaves the table as it was.
    ///
    /// With several instances, a refusal that may come from a copy that has
    /// not yet heard of a change made elsewhere ([`events::worth_a_fresh_look`])
    /// brings the table up to date from the database and tries `f` once more.
    async fn with_table<T>(
        &self,
        id: &str,
        who: &Who,
        mut f: impl FnMut(&mut Table) -> Result<T, Refusal>,
    ) -> Result<(T, TableView), Refusal> {
        let mut looked_again = false;
        loop {
            match self.with_table_once(id, who, &mut f).await {
                Err(err)
                    if !looked_again
                        && events::worth_a_fresh_look(err.status)
                        && self.inner.store.channels().is_some() =>
                {
                    looked_again = true;
                    let slot = self.lock().get(id).cloned();
                    if let Some(slot) = slot {
                        self.refresh(id, &slot, None).await;
                    }
                }
                answer => return answer,
            }
        }
    }

    /// One try of [`Self::with_table`].
    async fn with_table_once<T>(
        &self,
        id: &str,
        who: &Who,
        f: &mut impl FnMut(&mut Table) -> Result<T, Refusal>,
    ) -> Result<(T, TableView), Refusal> {
        let (slot, mut e) = loop {
            let slot = self.slot(id).await?;
            let e = slot.clone().lock_owned().await;
            if !e.evicted {
                break (slot, e);
            }
        };
        e.touched = Instant::now();
        let before = Snapshot {
            table: e.table.clone(),
            thinking: e.thinking.clone(),
        };
        let out = match f(&mut e.table) {
            Ok(out) => out,
            Err(err) => {
                e.table = before.table;
                return Err(err);
            }
        };
        self.maybe_start_computer(id, &mut e);
        self.commit(id, &slot, &mut e, before).await?;
        // A resignation or a claim while the computer thinks: its search
        // ends now rather than when its budget is spent (only once saved,
        // since a failed save puts the search back).
        if e.table.computer_to_move().is_none() {
            stop_thinking(&mut e);
        }
        Ok((out, e.view(id, who)))
    }

    /// Whether another instance's search for this position is still its
    /// own to finish ([`SEARCH_LEASE`]).
    fn searching_elsewhere(&self, e: &Entry) -> bool {
        self.inner.store.channels().is_some()
            && e.thinking.is_none()
            && e.table.search.as_ref().is_some_and(|lease| {
                let lease_ms = i64::try_from(SEARCH_LEASE.as_millis()).unwrap_or(i64::MAX);
                lease.instance != self.inner.instance
                    && now_seconds() * 1000 < lease.since.saturating_add(lease_ms)
            })
    }

    /// Starts the computer's search when it is its turn and none runs (here,
    /// or within its lease on another instance, which a later request
    /// takes over once the lease is out).
    fn maybe_start_computer(&self, id: &str, e: &mut Entry) {
        let Some(level) = e.table.computer_to_move() else {
            return;
        };
        if e.thinking.is_some() || self.searching_elsewhere(e) {
            return;
        }
        let token = Arc::new(AtomicBool::new(false));
        e.thinking = Some(token.clone());
        if self.inner.store.channels().is_some() {
            e.table.search = Some(SearchLease {
                instance: self.inner.instance.clone(),
                since: now_seconds() * 1000,
            });
            e.table.bump();
        }
        let pos = e.table.position().clone();
        let plies = e.table.plies().len() as u64;
        let seed = self
            .inner
            .config
            .seed
            .map_or_else(|| OsRng.next_u64(), |s| s.wrapping_add(plies));
        let tables = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            let key = pos.key();
            let ply = tables.search(pos, level, seed, token.clone()).await;
            tables.computer_moved(&id, &token, key, ply).await;
        });
    }

    /// The computer player's ply, chosen on a thread of its own (never on
    /// the async runtime) once a search permit is free.
    async fn search(&self, pos: Position, level: u32, seed: u64, stop: Arc<AtomicBool>) -> Option<Ply> {
        let _permit = self.inner.permits.clone().acquire_owned().await.ok()?;
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let (tx, rx) = tokio::sync::oneshot::channel();
        std::thread::Builder::new()
            .name("serve-fourhand".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let _ = tx.send(fourhand::player(level, seed).choose_until(&pos, &stop));
            })
            .ok()?;
        rx.await.ok().flatten()
    }

    /// The computer's search is done: its ply is played unless the table
    /// moved on meanwhile, and saved before anyone hears of it.
    async fn computer_moved(&self, id: &str, token: &Arc<AtomicBool>, key: u64, ply: Option<Ply>) {
        let Some(slot) = self.lock().get(id).cloned() else {
            return;
        };
        let mut e = slot.lock().await;
        if e.evicted || !e.thinking.as_ref().is_some_and(|t| Arc::ptr_eq(t, token)) {
            return;
        }
        let before = Snapshot {
            table: e.table.clone(),
            thinking: e.thinking.clone(),
        };
        e.thinking = None;
        let leased = e.table.search.take().is_some();
        let played = ply.is_some_and(|ply| e.table.computer_plays(key, ply));
        if !played && leased {
            e.table.bump();
        }
        self.maybe_start_computer(id, &mut e);
        if self.commit(id, &slot, &mut e, before).await.is_err() {
            // Put back as before its move: the next request searches again.
            e.thinking = None;
        }
    }

    /// A new table; the creator takes their seat (signed in or not).
    pub async fn create(&self, request: NewTable, creator: Option<UserRef>) -> Result<SeatGiven, Refusal> {
        if request.seats.len() != 4 {
            return Err(Refusal::new(
                400,
                "a table has four seats: South, West, North, East",
            ));
        }
        let mine = parse_seat(request.seat.as_deref().unwrap_or("S"))?;
        let rules = request.rules.as_deref().unwrap_or("");
        if rules.len() > MAX_RULES_BYTES {
            return Err(Refusal::new(
                400,
                format!("the rule settings are longer than {MAX_RULES_BYTES} characters"),
            ));
        }
        let rules = Rules::from_text(rules).map_err(|e| Refusal::new(400, format!("invalid rules: {e}")))?;
        let start = match request.position.as_deref().map(str::trim) {
            Some(text) if !text.is_empty() => {
                if text.len() > MAX_POSITION_BYTES {
                    return Err(Refusal::new(
                        400,
                        format!("the position is longer than {MAX_POSITION_BYTES} characters"),
                    ));
                }
                let pos = Position::from_text_with(text, rules)
                    .map_err(|e| Refusal::new(400, format!("invalid position: {e}")))?;
                if pos.outcome().is_some() {
                    return Err(Refusal::new(400, "the game in this position is already over"));
                }
                pos
            }
            _ => Position::start_with(rules),
        };
        let token = secret();
        let mut seats = [Holder::Open, Holder::Open, Holder::Open, Holder::Open];
        for (seat, asked) in Seat::ALL.into_iter().zip(&request.seats) {
            seats[seat.index()] = match asked {
                SeatRequest::Person if seat == mine => Holder::Person {
                    token: Some(token.clone()),
                    user: creator.clone(),
                },
                SeatRequest::Person => Holder::Open,
                SeatRequest::Computer { .. } if seat == mine => {
                    return Err(Refusal::new(
                        400,
                        format!(
                            "your seat, {}, is a person's, not the computer's",
                            seat_name(seat)
                        ),
                    ))
                }
                SeatRequest::Computer { level } if *level > fourhand::MAX_LEVEL => {
                    return Err(Refusal::new(
                        400,
                        format!("levels go from 0 to {}", fourhand::MAX_LEVEL),
                    ))
                }
                SeatRequest::Computer { level } => Holder::Computer { level: *level },
            };
        }
        let mut table = Table::new(start, seats, request.listed.unwrap_or(false));
        table.advance();
        let id = secret();
        let slot = Arc::new(tokio::sync::Mutex::new(Entry::new(table)));
        // Nobody knows the id yet: this lock is free.
        let mut e = slot.clone().lock_owned().await;
        {
            let mut map = self.lock();
            self.make_room(&mut map)?;
            map.insert(id.clone(), slot.clone());
        }
        self.maybe_start_computer(&id, &mut e);
        if let Err(err) = store::save(&self.inner.store, &e.stored(&id)).await {
            stop_thinking(&mut e);
            e.evicted = true;
            self.lock().remove(&id);
            return Err(unsaved(&err));
        }
        e.changed.send_replace(e.table.version);
        let who = Who {
            token: Some(token.clone()),
            user: creator,
        };
        Ok(SeatGiven {
            state: e.view(&id, &who),
            id,
            token,
            seat: mine.letter(),
        })
    }

    /// The table as `who` sees it now.
    pub async fn view(&self, id: &str, who: &Who) -> Result<TableView, Refusal> {
        self.with_table(id, who, |_| Ok(())).await.map(|(_, view)| view)
    }

    /// The table once its version is past `after`, or after the wait
    /// timeout.
    pub async fn wait(&self, id: &str, after: u64, who: &Who) -> Result<TableView, Refusal> {
        let mut changed = {
            let slot = self.slot(id).await?;
            let e = slot.lock().await;
            e.changed.subscribe()
        };
        if *changed.borrow() <= after {
            // Beyond the bound a poll is answered at once.
            if let Ok(_permit) = self.inner.waiters.clone().try_acquire_owned() {
                let timeout = self.inner.config.wait_timeout;
                let _ = tokio::time::timeout(timeout, changed.wait_for(|v| *v > after)).await;
            }
        }
        self.view(id, who).await
    }

    /// Takes the free seat `seat` for `who`; their token.
    pub async fn sit(&self, id: &str, seat: &str, who: &Who) -> Result<SeatGiven, Refusal> {
        let seat = parse_seat(seat)?;
        let (token, _) = self.with_table(id, who, |t| t.sit(seat, who, secret())).await?;
        let seated = Who {
            token: Some(token.clone()),
            user: who.user.clone(),
        };
        Ok(SeatGiven {
            state: self.view(id, &seated).await?,
            id: id.to_string(),
            token,
            seat: seat.letter(),
        })
    }

    /// A move of the seat `who` sits in.
    pub async fn play(&self, id: &str, who: &Who, text: &str) -> Result<TableView, Refusal> {
        self.with_table(id, who, |t| t.play(who, text))
            .await
            .map(|(_, v)| v)
    }

    /// A line of the table chat (the length and rate of the games' chat).
    pub async fn chat(&self, id: &str, who: &Who, text: &str) -> Result<TableView, Refusal> {
        let text: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_string();
        if text.is_empty() {
            return Err(Refusal::new(400, "the message is empty"));
        }
        if text.chars().count() > MAX_CHAT_CHARS {
            return Err(Refusal::new(
                400,
                format!("a message has at most {MAX_CHAT_CHARS} characters"),
            ));
        }
        let sender = match (&who.user, &who.token) {
            (Some(user), _) => format!("user:{}", user.id),
            (None, Some(token)) => format!("token:{token}"),
            (None, None) => return Err(Refusal::new(403, "you do not sit at this table")),
        };
        let key = format!("table-chat:{sender}");
        let allowed = limits::take(self.inner.store.pool(), &key, CHAT_RATE, now_seconds())
            .await
            .map_err(|e| {
                eprintln!("daba serve: cannot count a chat message: {e}");
                Refusal::new(503, "the database is unavailable; try again")
            })?;
        if allowed.is_err() {
            return Err(Refusal::new(
                429,
                format!(
                    "slow down: at most {} messages in {} seconds",
                    CHAT_RATE.max, CHAT_RATE.window
                ),
            ));
        }
        self.with_table(id, who, |t| t.say(who, text.clone()))
            .await
            .map(|(_, v)| v)
    }

    /// An objection to the chat line `line` (§12); the objection in words.
    pub async fn object(&self, id: &str, who: &Who, line: u64) -> Result<(String, TableView), Refusal> {
        self.with_table(id, who, |t| t.object(who, line)).await
    }

    /// The team of `who` resigns.
    pub async fn resign(&self, id: &str, who: &Who) -> Result<TableView, Refusal> {
        self.with_table(id, who, |t| t.resign(who)).await.map(|(_, v)| v)
    }

    /// `who`, to move, claims a draw by repetition (`repetition=claim`).
    pub async fn claim_draw(&self, id: &str, who: &Who) -> Result<TableView, Refusal> {
        self.with_table(id, who, |t| t.claim_draw(who))
            .await
            .map(|(_, v)| v)
    }

    /// The game record in §16's notation.
    pub async fn record(&self, id: &str) -> Result<String, Refusal> {
        self.with_table(id, &Who::default(), |t| Ok(t.record_text(id)))
            .await
            .map(|(text, _)| text)
    }

    /// The tables the lobby lists.
    pub async fn listed(&self) -> Result<Vec<TableListing>, StoreError> {
        let rows = store::open(&self.inner.store, MAX_LISTED_TABLES).await?;
        Ok(rows
            .into_iter()
            .map(|row| TableListing {
                seats: Seat::ALL
                    .into_iter()
                    .zip(&row.record.seats)
                    .map(|(seat, holder)| ListedSeat {
                        seat: seat.letter(),
                        who: match holder {
                            Holder::Open => None,
                            Holder::Person { user: Some(u), .. } => Some(u.name.clone()),
                            Holder::Person { .. } => Some("guest".into()),
                            Holder::Computer { level } => Some(format!("Daba level {level}")),
                        },
                    })
                    .collect(),
                id: row.id,
            })
            .collect())
    }

    /// Another instance saved the table `id` at `version`: a copy held here
    /// that is older is brought up to date in place.
    pub fn heard(&self, id: String, version: Option<u64>) {
        let Some(slot) = self.lock().get(&id).cloned() else {
            return;
        };
        let tables = self.clone();
        tokio::spawn(async move { tables.refresh(&id, &slot, version).await });
    }

    /// The connection to the other instances was lost: every table in
    /// memory is compared with the database.
    pub fn lost(&self) {
        let ids: Vec<String> = self.lock().keys().cloned().collect();
        for id in ids {
            self.heard(id, None);
        }
    }

    async fn refresh(&self, id: &str, slot: &Slot, version: Option<u64>) {
        let mut e = slot.lock().await;
        if e.evicted || version.is_some_and(|v| e.table.version >= v) {
            return;
        }
        let fresh = match store::load(&self.inner.store, id).await {
            Ok(Some(row)) => Table::from_record(&row.record, u64::try_from(row.version).unwrap_or(0))
                .map_err(|err| format!("cannot be rebuilt: {err}")),
            Ok(None) => Err("is gone".to_string()),
            Err(err) => Err(format!("cannot be loaded: {err}")),
        };
        match fresh {
            Ok(fresh) if fresh.version <= e.table.version => {}
            Ok(fresh) => {
                let still_ours = e.thinking.is_some()
                    && fresh.search == e.table.search
                    && fresh.computer_to_move().is_some();
                if !still_ours {
                    stop_thinking(&mut e);
                }
                e.table = fresh;
                e.changed.send_replace(e.table.version);
            }
            Err(why) => {
                eprintln!("daba serve: table {id} changed on another instance and {why} here");
                self.evict(id, slot, &mut e);
            }
        }
    }
}
