//! The session: one engine, as every front door uses it.
//!
//! A [`Session`] owns what lasts between searches: the hash table, the
//! search threads' data (histories), the evaluation (an NNUE net or the
//! hand-crafted one), the Syzygy tables and their probing settings, the
//! opening book, the playing level and the random generator that book and
//! levels draw from. Callers (UCI, the web server, analysis, data
//! generation, bench, genfens) change it through typed setters and ask for
//! moves with [`Session::search`]: a [`SearchRequest`] in, a
//! [`SearchOutcome`] with the lines out. Book moves and level play (the
//! random mover, the node budget, the choice among lines, the hand-crafted
//! evaluation) happen here, once, for every caller.
//!
//! `search` runs on the calling thread, which needs the search's stack
//! ([`SEARCH_STACK_SIZE`]); helper threads are spawned per search. Another
//! thread stops or releases a running search through the session's
//! [`Signals`].

mod request;
mod signals;

pub use request::{MoveSource, SearchOutcome, SearchRequest};
pub use signals::Signals;

use crate::book::{Book, BookMove};
use crate::levels::{self, Level, Settings};
use crate::search::driver::SEARCH_STACK_SIZE;
use crate::search::time::TimeManager;
use crate::search::{search, Reporter, SearchParams, ThreadData, TranspositionTable};
use crate::syzygy::{Probing, Tablebases};
use eval::nnue::Network;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Hash table size of a new session, in MB (UCI's `Hash` default).
pub const DEFAULT_HASH_MB: usize = 16;

/// The Syzygy settings besides the tables (UCI's `Syzygy*` options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeSettings {
    /// Probe inside the search only at this remaining depth or more.
    pub depth: u32,
    /// Probe only positions with at most this many pieces (0: never).
    pub limit: u32,
    /// Cursed wins and blessed losses count as draws.
    pub rule50: bool,
}

impl Default for ProbeSettings {
    fn default() -> Self {
        ProbeSettings {
            depth: 1,
            limit: 7,
            rule50: true,
        }
    }
}

/// How the book is used (UCI's `OwnBook`, `BookBestMove`, `BookDepth`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookSettings {
    /// Play book moves while the book has one.
    pub own_book: bool,
    /// Always the highest-weighted move (false: a weighted random one).
    pub best_move: bool,
    /// Consult the book only before this ply of the game.
    pub depth: u32,
}

impl Default for BookSettings {
    fn default() -> Self {
        BookSettings {
            own_book: false,
            best_move: false,
            depth: 16,
        }
    }
}

/// The playing level as the options set it (UCI's `Skill Level`,
/// `UCI_LimitStrength`, `UCI_Elo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// 0 (random mover) to 20 (full strength).
    pub skill: u32,
    /// Play at `elo` instead of `skill`.
    pub limit_strength: bool,
    /// The strength to play at under `limit_strength`.
    pub elo: u32,
}

impl Default for LevelSettings {
    fn default() -> Self {
        LevelSettings {
            skill: levels::MAX_SKILL,
            limit_strength: false,
            elo: levels::DEFAULT_ELO,
        }
    }
}

impl LevelSettings {
    /// The level these settings play.
    pub fn level(&self) -> Level {
        if self.limit_strength {
            Level::from_elo(self.elo)
        } else {
            Level::from_skill(self.skill)
        }
    }
}

/// A seed that differs between sessions (time, process, address), so two
/// games against a person do not repeat each other's random choices.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    nanos ^ u64::from(std::process::id()).rotate_left(32) ^ (&local as *const u8 as u64)
}

/// One engine: its state between searches and the way to search.
pub struct Session {
    tt: TranspositionTable,
    hash_mb: usize,
    threads: Vec<ThreadData>,
    /// The NNUE net loaded (the embedded one or a file), used when
    /// `use_nnue` is on.
    network: Option<Arc<Network>>,
    /// The name the net was loaded by (`<default>`: the embedded one).
    eval_file: String,
    use_nnue: bool,
    /// The net the search threads hold now (`None`: hand-crafted).
    installed: Option<Arc<Network>>,
    tablebases: Option<Arc<Tablebases>>,
    probing: ProbeSettings,
    book: Option<Book>,
    book_settings: BookSettings,
    level: LevelSettings,
    move_overhead: u64,
    rng: StdRng,
    signals: Arc<Signals>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session as a fresh engine starts: a 16 MB table, one thread, the
    /// embedded net (when the build has one), no tables, no book, full
    /// strength, a fresh random seed.
    pub fn new() -> Session {
        Session::with_seed(fresh_seed())
    }

    /// [`Session::new`] whose book and level choices follow `seed`.
    pub fn with_seed(seed: u64) -> Session {
        let net = crate::network::default_network();
        let mut td = ThreadData::new(0);
        td.set_network(net.clone());
        Session {
            tt: TranspositionTable::new(DEFAULT_HASH_MB),
            hash_mb: DEFAULT_HASH_MB,
            threads: vec![td],
            use_nnue: net.is_some(),
            installed: net.clone(),
            network: net,
            eval_file: crate::network::DEFAULT_EVAL_FILE.to_string(),
            tablebases: None,
            probing: ProbeSettings::default(),
            book: None,
            book_settings: BookSettings::default(),
            level: LevelSettings::default(),
            move_overhead: 0,
            rng: StdRng::seed_from_u64(seed),
            signals: Arc::new(Signals::default()),
        }
    }

    // ---- hash table and threads ----

    /// Resizes the hash table (emptying it); an error, with the table
    /// unchanged, when the memory is not there.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        self.tt = TranspositionTable::try_new(mb)?;
        self.hash_mb = mb;
        Ok(())
    }

    /// The hash table's size in MB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Searches with `n` threads (at least one); new threads start with
    /// empty histories.
    pub fn set_threads(&mut self, n: usize) {
        let n = n.max(1);
        self.threads.truncate(n);
        while self.threads.len() < n {
            let mut td = ThreadData::new(self.threads.len());
            td.set_network(self.installed.clone());
            self.threads.push(td);
        }
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Forgets everything learnt (a new game): the hash table and every
    /// thread's histories.
    pub fn clear(&mut self) {
        self.tt.reset();
        for td in &mut self.threads {
            td.clear();
        }
    }

    /// Empties the hash table only (UCI's `Clear Hash`).
    pub fn clear_hash(&mut self) {
        self.tt.reset();
    }

    /// Forgets everything by overwriting in place, as a caller that clears
    /// before every search of a small table wants (bench, data
    /// generation): the same result as [`Session::clear`], without handing
    /// memory back and forth.
    pub fn clear_in_place(&mut self) {
        self.tt.clear();
        for td in &mut self.threads {
            td.clear();
        }
    }

    // ---- evaluation ----

    /// Loads the net named by an `EvalFile` value (`<default>`: the
    /// embedded one) and evaluates with it from now on. Returns the net's
    /// description; on an error the evaluation is unchanged.
    pub fn load_eval_file(&mut self, name: &str) -> Result<String, String> {
        let net = crate::network::load(name)?;
        let described = crate::network::describe(&net);
        self.network = Some(net);
        self.eval_file = name.to_string();
        // Loading a net means using it.
        self.use_nnue = true;
        Ok(described)
    }

    /// Evaluates with `net` (`None`: the hand-crafted evaluation), a net
    /// the caller loaded itself.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.use_nnue = net.is_some();
        self.network = net;
    }

    /// Switches between the loaded net and the hand-crafted evaluation; an
    /// error when asked for a net and none is loaded.
    pub fn set_use_nnue(&mut self, on: bool) -> Result<(), String> {
        if on && self.network.is_none() {
            return Err(format!(
                "no net loaded ({}); set EvalFile first; keeping the hand-crafted evaluation",
                self.eval_file
            ));
        }
        self.use_nnue = on;
        Ok(())
    }

    /// The name of the loaded net (`<default>`: the embedded one).
    pub fn eval_file(&self) -> &str {
        &self.eval_file
    }

    /// True when full-strength searches use the net.
    pub fn use_nnue(&self) -> bool {
        self.use_nnue
    }

    /// The loaded net, whether in use or not.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// The net a full-strength search evaluates with (`None`: hand-crafted).
    fn active_network(&self) -> Option<Arc<Network>> {
        self.network.clone().filter(|_| self.use_nnue)
    }

    /// Hands `net` to every search thread, unless they hold it already.
    fn install(&mut self, net: Option<Arc<Network>>) {
        let same = match (&net, &self.installed) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            for td in &mut self.threads {
                td.set_network(net.clone());
            }
            self.installed = net;
        }
    }

    // ---- tablebases ----

    /// Loads the Syzygy tables of `path` (directories separated as the
    /// platform separates paths; empty: probing off). Returns what the
    /// loader has to say (tables found, files skipped and why).
    pub fn set_syzygy_path(&mut self, path: &str) -> Vec<String> {
        // The old set goes first (a search still holding it keeps it alive
        // until it ends).
        self.tablebases = None;
        if path.is_empty() {
            return vec!["SyzygyPath: tablebases off".to_string()];
        }
        let loaded = crate::syzygy::load(path);
        self.tablebases = loaded.tables.map(Arc::new);
        loaded.messages
    }

    /// Tables loaded with [`Session::set_syzygy_path`] elsewhere, shared.
    pub fn set_tablebases(&mut self, tables: Option<Arc<Tablebases>>) {
        self.tablebases = tables;
    }

    /// Changes how the tables are probed.
    pub fn set_probing(&mut self, probing: ProbeSettings) {
        self.probing = probing;
    }

    /// How the tables are probed.
    pub fn probing(&self) -> ProbeSettings {
        self.probing
    }

    fn syzygy(&self) -> Option<Probing> {
        self.tablebases.as_ref().and_then(|tb| {
            Probing::new(
                Arc::clone(tb),
                self.probing.depth as i32,
                self.probing.limit,
                self.probing.rule50,
            )
        })
    }

    // ---- book ----

    /// Reads and checks a Polyglot book (empty path: no book); returns its
    /// number of entries. On an error the book is off.
    pub fn set_book_file(&mut self, path: &str) -> Result<usize, String> {
        self.book = None;
        if path.is_empty() {
            return Ok(0);
        }
        let book = Book::open(path).map_err(|e| e.to_string())?;
        let entries = book.len();
        self.book = Some(book);
        Ok(entries)
    }

    /// Changes how the book is used.
    pub fn set_book_settings(&mut self, settings: BookSettings) {
        self.book_settings = settings;
    }

    /// How the book is used.
    pub fn book_settings(&self) -> BookSettings {
        self.book_settings
    }

    /// The book's move for `request`, drawn from the session's generator:
    /// when the book is on, the request plays a move, the position lies
    /// before the book's depth and the book knows it.
    pub fn book_move(&mut self, request: &SearchRequest) -> Option<BookMove> {
        let settings = self.book_settings;
        let book = self.book.as_ref().filter(|_| settings.own_book)?;
        if request.full_strength || !request.plays_a_move() {
            return None;
        }
        let board = &request.board;
        let ply = 2 * u32::from(board.fullmove_number().max(1) - 1)
            + u32::from(board.side_to_move() == movegen::Color::Black);
        if ply >= settings.depth {
            return None;
        }
        book.pick(board, request.ep_target, settings.best_move, &mut self.rng)
    }

    // ---- playing level, time, randomness ----

    /// Sets the playing level.
    pub fn set_level(&mut self, level: LevelSettings) {
        self.level = level;
    }

    /// The playing level's settings.
    pub fn level_settings(&self) -> LevelSettings {
        self.level
    }

    /// The level the session plays at.
    pub fn level(&self) -> Level {
        self.level.level()
    }

    /// Milliseconds kept back per move for the GUI and the pipe.
    pub fn set_move_overhead(&mut self, ms: u64) {
        self.move_overhead = ms;
    }

    /// The move overhead in ms.
    pub fn move_overhead(&self) -> u64 {
        self.move_overhead
    }

    /// Restarts the generator that book and level choices draw from.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    // ---- searching ----

    /// The switches that stop a running search or release a pondering one
    /// from another thread.
    pub fn signals(&self) -> Arc<Signals> {
        Arc::clone(&self.signals)
    }

    /// Stops the running search (see [`Signals::stop`]).
    pub fn stop(&self) {
        self.signals.stop();
    }

    /// The expected move was played (see [`Signals::ponderhit`]).
    pub fn ponderhit(&self) {
        self.signals.ponderhit();
    }

    /// Plays `request`: a book move when the book has one, the playing
    /// level's move below full strength, otherwise the search's best move.
    /// Reports the search's lines to `reporter`. Runs on the calling thread,
    /// which needs [`SEARCH_STACK_SIZE`] of stack.
    pub fn search(&mut self, request: &SearchRequest, reporter: &dyn Reporter) -> SearchOutcome {
        if let Some(m) = self.book_move(request) {
            // No search runs, but a stop kept for this request is used up.
            self.signals.begin(1, false);
            return SearchOutcome::unsearched(
                Some(m.mv),
                MoveSource::Book {
                    weight: m.weight,
                    total: m.total,
                },
            );
        }
        // A level below full strength plays every search except analysis
        // (`go infinite`, `go mate`).
        let level = self
            .level()
            .settings()
            .filter(|_| !request.full_strength && !request.limits.infinite && request.limits.mate.is_none());
        match level {
            Some(settings) => self.search_at_level(request, &settings, reporter),
            None => {
                self.install(self.active_network());
                let params = self.params(request);
                self.run(&params, self.threads.len(), reporter)
            }
        }
    }

    fn params(&self, request: &SearchRequest) -> SearchParams {
        SearchParams {
            board: request.board,
            history: request.history.clone(),
            limits: request.limits.clone(),
            searchmoves: request.searchmoves.clone(),
            multipv: request.multipv.max(1),
            move_overhead: self.move_overhead,
            auto_draw: request.auto_draw,
            syzygy: self.syzygy(),
        }
    }

    /// One search on the first `threads` threads.
    fn run(&mut self, params: &SearchParams, threads: usize, reporter: &dyn Reporter) -> SearchOutcome {
        let control = self.signals.begin(threads, params.limits.ponder);
        let result = search(params, &self.tt, &control, &mut self.threads[..threads], reporter);
        SearchOutcome {
            best: result.best,
            ponder: result.ponder,
            score: result.score,
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            lines: result.lines,
            source: MoveSource::Search,
        }
    }

    /// A level's move: at random with the level's share of random moves,
    /// else its node budget and depth cap on one thread with the
    /// hand-crafted evaluation, and a choice among the best lines.
    fn search_at_level(
        &mut self,
        request: &SearchRequest,
        settings: &Settings,
        reporter: &dyn Reporter,
    ) -> SearchOutcome {
        let mut rng = StdRng::seed_from_u64(self.rng.gen());
        if settings.random_share > 0.0 && rng.gen::<f64>() < settings.random_share {
            let mut moves = request.board.legal_moves().as_slice().to_vec();
            if !request.searchmoves.is_empty() {
                moves.retain(|m| request.searchmoves.contains(m));
            }
            let best = (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())]);
            // Tell a waiting ponder or infinite search's caller that this
            // "search" has begun, so its stop is not kept for the next one.
            self.signals.begin(1, request.limits.ponder);
            return SearchOutcome::unsearched(best, MoveSource::Random { of: moves.len() });
        }
        let mut params = self.params(request);
        let limits = &mut params.limits;
        // The clock only as a safety net: the time manager's hard bound as
        // a move time, so the budget, not the soft bound, ends the search
        // unless the clock is too short for it.
        if limits.movetime.is_none() {
            let clock = TimeManager::new(limits, request.board.side_to_move(), self.move_overhead);
            if let Some(hard) = clock.hard_ms() {
                limits.movetime = Some(hard + self.move_overhead);
                limits.time = [None, None];
            }
        }
        limits.nodes = Some(limits.nodes.map_or(settings.nodes, |n| n.min(settings.nodes)));
        limits.depth = Some(limits.depth.map_or(settings.depth, |d| d.min(settings.depth)));
        params.multipv = params.multipv.max(settings.lines);
        // Playing levels search with the hand-crafted evaluation: their
        // margins and temperatures are its centipawns (a net's scores of
        // won or lost positions are far smaller), and a level then plays
        // the same whichever net is loaded, so its calibration holds.
        self.install(None);
        let mut outcome = self.run(&params, 1, reporter);
        let candidates = &outcome.lines[..outcome.lines.len().min(settings.lines)];
        if !candidates.is_empty() {
            let i = levels::choose(candidates, settings, &mut rng);
            let line = &candidates[i];
            outcome.source = MoveSource::Level {
                line: i,
                candidates: candidates.len(),
                behind: candidates[0].score - line.score,
                budget: settings.nodes,
                depth_cap: settings.depth,
            };
            outcome.best = line.pv.first().copied();
            outcome.ponder = line.pv.get(1).copied();
            outcome.score = line.score;
        }
        outcome
    }
}

/// Runs `work` on a new thread with the search's stack size and waits for
/// it; `None` if no thread could be started. For callers whose own thread
/// is too small for [`Session::search`].
pub fn on_search_thread<T: Send>(work: impl FnOnce() -> T + Send) -> Option<T> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_SIZE)
            .spawn_scoped(scope, work)
            .ok()?
            .join()
            .ok()
    })
}
