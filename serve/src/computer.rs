//! The computer's moves: Daba's own engine, in-process, through the same
//! [`Session`] that UCI uses, at a level the player chose before the game.
//!
//! Levels are the engine's playing levels (`Skill Level`): 0 plays a
//! uniformly random legal move, 1 to 19 search a node budget (50 to 400,000
//! nodes) to a depth cap with several lines and pick among the best of them
//! as a weaker player would, and 20 is full strength. A level is never a
//! time, so it plays the same on every machine; full strength searches
//! [`FULL_STRENGTH_NODES`] nodes a move. The session chooses the move, so
//! the browser's computer at level `n` is the same player as UCI's `Skill
//! Level n` with `go nodes` [`FULL_STRENGTH_NODES`] (a test checks this).
//!
//! The server keeps a small pool of sessions ([`Engines`]), one per search
//! that may run at once, each with one thread and an 8 MB table. Whether a
//! game keeps its hash table and histories between its moves is a setting
//! ([`Engines::new`]'s `keep_hash`): with it, a game's move goes to the
//! session that made its last move when that one is free, and a session
//! that served another game in between starts clean; without it every move
//! starts clean.

use engine::levels::{Level, MAX_SKILL};
use engine::search::driver::SEARCH_STACK_SIZE;
use engine::search::SilentReporter;
use engine::session::{
    fresh_seed, LevelSettings, MoveSource, SearchOutcome, SearchRequest, Session, Signals,
};
use movegen::{Board, Move};
use serde::Serialize;
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// The highest level: full strength.
pub const MAX_LEVEL: u32 = MAX_SKILL;
/// Nodes of a full-strength search (level 20).
pub const FULL_STRENGTH_NODES: u64 = 1_000_000;
/// Nodes of the search that decides whether the computer takes a draw.
pub const DRAW_CHECK_NODES: u64 = 20_000;

/// The most a draw offer leaves Daba to win, in per mille by its
/// win/draw/loss model, for it to take the offer: see [`accepts_draw`].
pub const DRAW_ACCEPT_WIN_PER_MILLE: u32 = 100;

/// Whether Daba takes a draw offer, judged by the position as engines do:
/// `score` is its own full-strength search's score ([`DRAW_CHECK_NODES`]
/// nodes, Daba's point of view, internal units) and the board gives the
/// material; Daba's win/draw/loss model (`engine::wdl`, fitted to its
/// self-play games) turns the two into its chance of winning, and Daba
/// accepts when that is at most [`DRAW_ACCEPT_WIN_PER_MILLE`] (10%). So it
/// accepts when it is lost or clearly worse, and in a known draw (a level
/// ending with little material, where even a small edge rarely wins), and
/// declines in the opening with equal material, where a level score still
/// leaves it about one chance in three, and whenever it is ahead.
pub fn accepts_draw(board: &Board, score: i32) -> bool {
    engine::wdl::wdl(score, engine::wdl::material(board)).win <= DRAW_ACCEPT_WIN_PER_MILLE
}

/// The node budget of a level; `None` for level 0, the random mover.
pub fn level_nodes(level: u32) -> Option<u64> {
    match Level::from_skill(level).settings() {
        None => Some(FULL_STRENGTH_NODES),
        Some(s) if s.random_share >= 1.0 => None,
        Some(s) => Some(s.nodes),
    }
}

/// A level as the page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct LevelInfo {
    /// 0 to [`MAX_LEVEL`].
    pub level: u32,
    /// A short name for the level chooser.
    pub name: String,
    /// The node budget; `None` for the random mover.
    pub nodes: Option<u64>,
    /// About how strong the level plays, in Elo: its measured rating
    /// ([`level_elo`]); `None` for the random mover, whose figure is a
    /// convention rather than a measure.
    pub elo: Option<u32>,
}

/// The measured Elo of level `level` (1 to [`MAX_LEVEL`]) rounded to 50: the
/// engine's calibration (`engine::levels::CALIBRATION`, docs/strength.md),
/// the one home of these figures; `None` for level 0, the random mover.
pub fn level_elo(level: u32) -> Option<u32> {
    (level > 0).then(|| {
        let elo = Level::from_skill(level).elo();
        ((elo / 50.0).round() * 50.0) as u32
    })
}

/// Every level, weakest first.
pub fn levels() -> Vec<LevelInfo> {
    (0..=MAX_LEVEL)
        .map(|level| {
            let nodes = level_nodes(level);
            let elo = level_elo(level);
            let name = match elo {
                None => format!("Level {level}: random moves"),
                Some(e) if level == MAX_LEVEL => format!("Level {level}: full strength, about {e} Elo"),
                Some(e) => format!("Level {level}: about {e} Elo"),
            };
            LevelInfo {
                level,
                name,
                nodes,
                elo,
            }
        })
        .collect()
}

/// What the computer decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The move; `None` when there is no legal move.
    pub mv: Option<Move>,
    /// The search's score of the move from the mover's side; `None` for a
    /// random move.
    pub score: Option<i32>,
}

impl Decision {
    fn of(outcome: &SearchOutcome) -> Decision {
        Decision {
            mv: outcome.best,
            score: match outcome.source {
                MoveSource::Random { .. } => None,
                _ => outcome.best.map(|_| outcome.score),
            },
        }
    }
}

/// A computer move in progress, as its game holds it: stopping it reaches
/// the session searching it, even before the search has begun.
#[derive(Default)]
pub struct Thinking {
    state: Mutex<(bool, Option<Arc<Signals>>)>,
}

impl Thinking {
    /// A move not yet started.
    pub fn new() -> Arc<Thinking> {
        Arc::new(Thinking::default())
    }

    /// Stops the search (its result is then not used).
    pub fn stop(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.0 = true;
        if let Some(signals) = &state.1 {
            signals.stop();
        }
    }

    /// The session's signals, just before its search starts.
    fn attach(&self, signals: Arc<Signals>) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        signals.arm();
        if state.0 {
            signals.stop();
        }
        state.1 = Some(signals);
    }
}

/// Which pooled sessions are busy and which game each last moved for.
struct Pool {
    busy: Vec<bool>,
    last_game: Vec<Option<String>>,
}

/// The server's engines: a pool of sessions, one per search that may run at
/// once; more searches wait their turn.
pub struct Engines {
    sessions: Vec<Arc<Mutex<Session>>>,
    pool: Arc<Mutex<Pool>>,
    permits: Arc<Semaphore>,
    keep_hash: bool,
}

/// Hash table of each pooled session, in MB.
const HASH_MB: usize = 8;

/// Marks a pooled session free again when its search is over (or its
/// caller went away).
struct Lease {
    pool: Arc<Mutex<Pool>>,
    index: usize,
}

impl Drop for Lease {
    fn drop(&mut self) {
        lock(&self.pool).busy[self.index] = false;
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Engines {
    /// `count` sessions (at least one), each with one thread, an 8 MB table
    /// and the default evaluation. `seed`: the first session's random seed
    /// (the others follow it), or fresh seeds when `None`. `keep_hash`: a
    /// game keeps its table and histories between its moves.
    pub fn new(count: usize, seed: Option<u64>, keep_hash: bool) -> Engines {
        let count = count.max(1);
        let sessions = (0..count)
            .map(|i| {
                let seed = seed.map_or_else(fresh_seed, |s| s.wrapping_add(i as u64));
                let mut session = Session::with_seed(seed);
                session
                    .set_hash_mb(HASH_MB)
                    .expect("memory for an 8 MB hash table");
                Arc::new(Mutex::new(session))
            })
            .collect();
        Engines {
            sessions,
            pool: Arc::new(Mutex::new(Pool {
                busy: vec![false; count],
                last_game: vec![None; count],
            })),
            permits: Arc::new(Semaphore::new(count)),
            keep_hash,
        }
    }

    /// The bound on searches at once, for other searches that share it
    /// (the tables for four's computer players).
    pub fn permits(&self) -> Arc<Semaphore> {
        self.permits.clone()
    }

    /// A test of whether any game's search is running now, to hand to a
    /// thread that must give way to them (the game review).
    pub fn busy_probe(&self) -> impl Fn() -> bool + Send + 'static {
        let (permits, count) = (self.permits.clone(), self.sessions.len());
        move || permits.available_permits() < count
    }

    /// The computer's move at `level` for game `game_id` in `board`, whose
    /// game went through the positions `keys` (the last is `board`'s).
    /// `None` when no search thread could be started.
    pub async fn choose(
        &self,
        game_id: &str,
        board: &Board,
        keys: &[u64],
        level: u32,
        thinking: &Arc<Thinking>,
    ) -> Option<Decision> {
        let request = SearchRequest::new(*board)
            .history(keys)
            .nodes(FULL_STRENGTH_NODES);
        self.run(game_id, level, request, thinking)
            .await
            .map(|o| Decision::of(&o))
    }

    /// A full-strength search of `nodes` nodes (whatever the game's level):
    /// its best move and score, for the server's own judgement (a draw offer).
    pub async fn judge(&self, game_id: &str, board: &Board, keys: &[u64], nodes: u64) -> Option<Decision> {
        let request = SearchRequest::new(*board)
            .history(keys)
            .nodes(nodes)
            .full_strength();
        self.run(game_id, MAX_LEVEL, request, &Thinking::new())
            .await
            .map(|o| Decision::of(&o))
    }

    async fn run(
        &self,
        game_id: &str,
        level: u32,
        request: SearchRequest,
        thinking: &Arc<Thinking>,
    ) -> Option<SearchOutcome> {
        let _permit = self.permits.clone().acquire_owned().await.ok()?;
        // A permit means a free session: the game's own if it is free.
        let (lease, fresh) = {
            let mut pool = lock(&self.pool);
            let index = (0..self.sessions.len())
                .filter(|&i| !pool.busy[i])
                .min_by_key(|&i| pool.last_game[i].as_deref() != Some(game_id))?;
            let fresh = !self.keep_hash || pool.last_game[index].as_deref() != Some(game_id);
            pool.busy[index] = true;
            pool.last_game[index] = Some(game_id.to_string());
            (
                Lease {
                    pool: Arc::clone(&self.pool),
                    index,
                },
                fresh,
            )
        };
        let session = Arc::clone(&self.sessions[lease.index]);
        let thinking = Arc::clone(thinking);
        let (tx, rx) = tokio::sync::oneshot::channel();
        std::thread::Builder::new()
            .name("serve-search".into())
            .stack_size(SEARCH_STACK_SIZE)
            .spawn(move || {
                let mut session = lock(&session);
                if fresh {
                    session.clear();
                }
                session.set_level(LevelSettings {
                    skill: level,
                    ..LevelSettings::default()
                });
                thinking.attach(session.signals());
                let _ = tx.send(session.search(&request, &SilentReporter));
            })
            .ok()?;
        let outcome = rx.await.ok();
        drop(lease);
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::levels::CALIBRATION;

    #[test]
    fn levels_run_from_random_to_full_strength() {
        assert_eq!(level_nodes(0), None);
        assert_eq!(level_nodes(1), Some(50));
        assert_eq!(level_nodes(19), Some(400_000));
        assert!(levels()[0].name.contains("random"));
        assert_eq!(level_nodes(20), Some(FULL_STRENGTH_NODES));
        for l in 1..MAX_LEVEL {
            assert!(level_nodes(l) < level_nodes(l + 1));
        }
        assert_eq!(levels().len(), 21);
    }

    #[test]
    fn levels_show_the_engines_measured_elo() {
        let list = levels();
        assert_eq!(list[0].elo, None);
        for pair in list[1..].windows(2) {
            assert!(pair[0].elo < pair[1].elo, "{pair:?}");
        }
        for info in &list[1..] {
            let measured = Level::from_skill(info.level).elo();
            let shown = f64::from(info.elo.unwrap());
            assert!((shown - measured).abs() <= 25.0, "{info:?}: {measured}");
            assert!(
                info.name.contains(&format!("about {} Elo", info.elo.unwrap())),
                "{info:?}"
            );
        }
        let top = CALIBRATION[CALIBRATION.len() - 1].1;
        assert_eq!(list[MAX_LEVEL as usize].elo, level_elo(MAX_LEVEL));
        assert!((f64::from(level_elo(MAX_LEVEL).unwrap()) - top).abs() <= 25.0);
    }

    #[test]
    fn a_draw_offer_is_judged_by_score_and_material() {
        movegen::init();
        let start = Board::startpos();
        assert!(!accepts_draw(&start, 0), "a level opening");
        assert!(!accepts_draw(&start, -50), "half a pawn down in the opening");
        assert!(accepts_draw(&start, -400), "lost");
        let rooks = Board::from_fen("8/8/3k4/r7/8/3K4/7R/8 w - - 0 1").unwrap();
        assert!(accepts_draw(&rooks, 0), "a level rook ending");
        assert!(!accepts_draw(&rooks, 300), "a won rook ending");
    }

    #[tokio::test]
    async fn the_search_finds_a_mate_and_random_moves_are_legal() {
        movegen::init();
        let engines = Engines::new(1, Some(7), true);
        let board = Board::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap();
        let keys = [board.key()];
        let d = engines
            .choose("g", &board, &keys, 5, &Thinking::new())
            .await
            .unwrap();
        assert_eq!(d.mv.map(|m| m.to_uci(false)).as_deref(), Some("a1a8"));
        let random = engines
            .choose("g", &board, &keys, 0, &Thinking::new())
            .await
            .unwrap();
        assert!(board.legal_moves().contains(random.mv.unwrap()));
        assert_eq!(random.score, None);
    }

    /// A move stopped before its search begins ends after depth 1.
    #[tokio::test]
    async fn a_move_stopped_early_ends_at_once() {
        movegen::init();
        let engines = Engines::new(1, Some(7), false);
        let thinking = Thinking::new();
        thinking.stop();
        let board = Board::startpos();
        let request = SearchRequest::new(board).nodes(50_000_000);
        let outcome = engines.run("g", MAX_LEVEL, request, &thinking).await.unwrap();
        assert!(outcome.best.is_some());
        assert_eq!(outcome.depth, 1);
        assert!(outcome.nodes < 1_000_000, "{}", outcome.nodes);
    }

    /// With `keep_hash`, a game's second search of a position finds the
    /// first one's work (a different node count to the same depth); another game in
    /// between, or `keep_hash` off, starts it clean (the same nodes again).
    async fn nodes(engines: &Engines, board: Board, game: &str) -> u64 {
        let request = SearchRequest::new(board).depth(7).full_strength();
        engines
            .run(game, MAX_LEVEL, request, &Thinking::new())
            .await
            .unwrap()
            .nodes
    }

    #[tokio::test]
    async fn a_game_keeps_its_hash_table_only_when_told() {
        movegen::init();
        let board =
            Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let kept = Engines::new(1, Some(1), true);
        let first = nodes(&kept, board, "a").await;
        let second = nodes(&kept, board, "a").await;
        // A warm table changes the tree (usually fewer nodes, not always):
        // a clean search repeats the first exactly, so a different count
        // shows the table was kept.
        assert!(
            second != first,
            "the same game reuses its table ({first} then {second})"
        );
        nodes(&kept, board, "b").await;
        assert_eq!(
            nodes(&kept, board, "a").await,
            first,
            "another game in between: clean"
        );
        let fresh = Engines::new(1, Some(1), false);
        assert_eq!(nodes(&fresh, board, "a").await, first);
        assert_eq!(
            nodes(&fresh, board, "a").await,
            first,
            "keep_hash off: clean every move"
        );
    }
}
