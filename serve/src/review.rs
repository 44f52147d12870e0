//! Game review: Daba's analysis of a finished game as `daba analyse` makes
//! it (the same search, judgement and JSON: `analyse::analysis` and
//! `analyse::write::json_moves`), for the page's review beside the board.
//!
//! Reviews wait in a bounded queue ([`MAX_WAITING`]) and one worker thread
//! per instance makes them, one position at a time ([`REVIEW_NODES`] nodes
//! each, one search thread, the default net). The computer's moves come
//! first: before each position the worker waits while any game's search
//! runs, and on Linux it runs at the lowest scheduling priority, so a review
//! never delays a move in another game. A finished review is kept in the
//! database (`reviews`, [`crate::store`]) for every later viewer and
//! instance.

use analyse::analysis::{analyse_game, Selection};
use analyse::interrupt::Interrupt;
use analyse::judge::SideSummary;
use analyse::pgn::{Game, GameMove};
use analyse::search::{SearchSettings, Searcher};
use analyse::write::{json_moves, white_view, JsonMove, JsonScore};
use engine::search::Limits;
use movegen::{Board, Move};
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Reviews waiting at once on one instance; more are refused (503).
pub const MAX_WAITING: usize = 16;
/// Nodes searched in each position of a reviewed game.
pub const REVIEW_NODES: u64 = 150_000;
/// The review search's hash table, in MB.
const HASH_MB: usize = 16;
/// How often the worker looks again while a computer search runs.
const YIELD: Duration = Duration::from_millis(20);

/// A game to review: its start and its moves.
#[derive(Clone, Debug)]
pub struct Job {
    /// The game's id.
    pub id: String,
    /// Its start position.
    pub start: Board,
    /// Its moves.
    pub moves: Vec<Move>,
}

/// Where a game's review stands on this instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Not asked for here.
    Absent,
    /// Waiting behind `ahead` other reviews.
    Waiting {
        /// Reviews before it (the running one included).
        ahead: usize,
    },
    /// Being made: `done` of `total` positions searched.
    Running {
        /// Positions searched.
        done: usize,
        /// Positions to search.
        total: usize,
    },
}

/// The queue was full.
#[derive(Debug, PartialEq, Eq)]
pub struct QueueFull;

#[derive(Default)]
struct Queue {
    waiting: VecDeque<Job>,
    /// The review being made: its game, positions done and to do.
    running: Option<(String, usize, usize)>,
    closed: bool,
}

/// The review queue of one instance.
#[derive(Default)]
pub struct Reviews {
    queue: Mutex<Queue>,
    wake: Condvar,
    /// Stops the running search when the server goes.
    interrupt: Interrupt,
}

impl Reviews {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Where the review of `id` stands.
    pub fn progress(&self, id: &str) -> Progress {
        let queue = self.lock();
        if let Some((running, done, total)) = &queue.running {
            if running == id {
                return Progress::Running {
                    done: *done,
                    total: *total,
                };
            }
        }
        let before = usize::from(queue.running.is_some());
        match queue.waiting.iter().position(|j| j.id == id) {
            Some(i) => Progress::Waiting { ahead: before + i },
            None => Progress::Absent,
        }
    }

    /// Queues `job` unless its game is already waiting or running; refused
    /// when [`MAX_WAITING`] reviews wait.
    pub fn ask(&self, job: Job) -> Result<Progress, QueueFull> {
        let progress = self.progress(&job.id);
        if progress != Progress::Absent {
            return Ok(progress);
        }
        let mut queue = self.lock();
        if queue.waiting.len() >= MAX_WAITING {
            return Err(QueueFull);
        }
        let ahead = usize::from(queue.running.is_some()) + queue.waiting.len();
        queue.waiting.push_back(job);
        drop(queue);
        self.wake.notify_all();
        Ok(Progress::Waiting { ahead })
    }

    /// Ends the worker: the running search stops, the waiting jobs go.
    pub fn close(&self) {
        self.lock().closed = true;
        self.interrupt.trigger();
        self.wake.notify_all();
    }

    /// The worker: makes the reviews as they come until [`Reviews::close`].
    /// `busy` says whether a computer search runs (the worker waits while
    /// it does, before each position); `finished` gets each review.
    pub fn work(&self, busy: &dyn Fn() -> bool, finished: &mut dyn FnMut(&str, &Review)) {
        let mut searcher: Option<Searcher> = None;
        loop {
            let job = {
                let mut queue = self.lock();
                loop {
                    if queue.closed {
                        return;
                    }
                    if let Some(job) = queue.waiting.pop_front() {
                        queue.running = Some((job.id.clone(), 0, job.moves.len() + 1));
                        break job;
                    }
                    queue = self.wake.wait(queue).unwrap_or_else(|e| e.into_inner());
                }
            };
            if searcher.is_none() {
                match Searcher::new(HASH_MB, 1, &engine::network::default_network()) {
                    Ok(s) => searcher = Some(s),
                    Err(e) => eprintln!("daba serve: no search for reviews: {e}"),
                }
            }
            let made = searcher.as_mut().and_then(|searcher| {
                review(&job, searcher, REVIEW_NODES, &self.interrupt, &mut |done| {
                    if let Some(running) = &mut self.lock().running {
                        running.1 = done;
                    }
                    while busy() && !self.interrupt.is_set() {
                        std::thread::sleep(YIELD);
                    }
                })
            });
            if let Some(made) = made {
                finished(&job.id, &made);
            }
            self.lock().running = None;
        }
    }
}

/// Gives the calling thread the lowest scheduling priority (Linux; a
/// no-op elsewhere), so that the games' searches come first.
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its integer arguments; on Linux,
    // PRIO_PROCESS with 0 names the calling thread alone.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}

/// One side's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideFigures {
    /// Mean accuracy of its moves, per cent (none without a move that
    /// counts: a forced move does not).
    pub accuracy: Option<f64>,
    /// Its inaccuracies (`?!`).
    pub inaccuracies: usize,
    /// Its mistakes (`?`).
    pub mistakes: usize,
    /// Its blunders (`??`).
    pub blunders: usize,
}

impl From<&SideSummary> for SideFigures {
    fn from(s: &SideSummary) -> SideFigures {
        SideFigures {
            accuracy: s.accuracy().map(|a| (a * 10.0).round() / 10.0),
            inaccuracies: s.inaccuracies,
            mistakes: s.mistakes,
            blunders: s.blunders,
        }
    }
}

/// A review as the API answers it: where it stands, and once made, the
/// review itself.
#[derive(Debug, Serialize)]
pub struct ReviewView {
    /// `none` (not asked for), `waiting`, `running` or `done`.
    pub state: &'static str,
    /// Reviews before it in the queue (waiting).
    pub ahead: Option<usize>,
    /// Positions searched (running).
    pub done: Option<usize>,
    /// Positions to search (running).
    pub total: Option<usize>,
    /// The review (done): a [`Review`].
    pub review: Option<serde_json::Value>,
}

impl ReviewView {
    /// A review in the making, or not asked for.
    pub fn of(progress: Progress) -> ReviewView {
        let (state, ahead, done, total) = match progress {
            Progress::Absent => ("none", None, None, None),
            Progress::Waiting { ahead } => ("waiting", Some(ahead), None, None),
            Progress::Running { done, total } => ("running", None, Some(done), Some(total)),
        };
        ReviewView {
            state,
            ahead,
            done,
            total,
            review: None,
        }
    }

    /// A review made.
    pub fn made(review: serde_json::Value) -> ReviewView {
        ReviewView {
            state: "done",
            ahead: None,
            done: None,
            total: None,
            review: Some(review),
        }
    }
}

/// A game's review, as the API answers it and the database keeps it.
#[derive(Debug, Serialize)]
pub struct Review {
    /// Nodes searched in each position.
    pub nodes: u64,
    /// The evaluation of the start position, White's view.
    pub start_eval: JsonScore,
    /// Every move, as `daba analyse --json` writes it: the evaluation after
    /// it, the best move and line before it, the expected score it lost,
    /// its mark and accuracy.
    pub moves: Vec<JsonMove>,
    /// White's figures.
    pub white: SideFigures,
    /// Black's figures.
    pub black: SideFigures,
}

/// Reviews `job` with `searcher` (cleared first) at `nodes` a position;
/// `before_each` is called with the number of positions searched before
/// each search. `None` when stopped.
pub fn review(
    job: &Job,
    searcher: &mut Searcher,
    nodes: u64,
    interrupt: &Interrupt,
    before_each: &mut dyn FnMut(usize),
) -> Option<Review> {
    let mut board = job.start;
    let moves = job
        .moves
        .iter()
        .map(|&mv| {
            let san = board.to_san(mv);
            board = board.play(mv);
            GameMove {
                mv,
                san,
                nags: Vec::new(),
                extras: Vec::new(),
            }
        })
        .collect();
    let game = Game {
        number: 1,
        line: 1,
        headers: Vec::new(),
        start: job.start,
        leading: Vec::new(),
        moves,
        result: "*".into(),
    };
    let settings = SearchSettings {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        multipv: 1,
        net: engine::network::default_network(),
        syzygy: None,
    };
    let mut searched = 0;
    before_each(0);
    let analysis = analyse_game(
        &game,
        searcher,
        &settings,
        &Selection::default(),
        interrupt,
        &mut || {
            searched += 1;
            before_each(searched);
        },
    );
    if analysis.interrupted() {
        return None;
    }
    let start_eval = analysis.evals[0].as_ref().map_or(JsonScore::Cp(0), |e| {
        white_view(e.score, job.start.side_to_move()).into()
    });
    Some(Review {
        nodes,
        start_eval,
        moves: json_moves(&game, &analysis),
        white: SideFigures::from(&analysis.sides[0]),
        black: SideFigures::from(&analysis.sides[1]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(id: &str) -> Job {
        Job {
            id: id.into(),
            start: Board::startpos(),
            moves: Vec::new(),
        }
    }

    #[test]
    fn the_queue_is_bounded_and_asks_twice_once() {
        let reviews = Reviews::default();
        assert_eq!(reviews.ask(job("a")), Ok(Progress::Waiting { ahead: 0 }));
        assert_eq!(
            reviews.ask(job("a")),
            Ok(Progress::Waiting { ahead: 0 }),
            "already waiting"
        );
        for i in 1..MAX_WAITING {
            assert_eq!(
                reviews.ask(job(&i.to_string())),
                Ok(Progress::Waiting { ahead: i })
            );
        }
        assert_eq!(reviews.ask(job("one too many")), Err(QueueFull));
        assert_eq!(reviews.progress("3"), Progress::Waiting { ahead: 3 });
        assert_eq!(reviews.progress("never asked"), Progress::Absent);
    }

    #[test]
    fn the_worker_waits_while_a_computer_search_runs() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        movegen::init();
        let reviews = Arc::new(Reviews::default());
        let busy = Arc::new(AtomicBool::new(true));
        let made = Arc::new(Mutex::new(Vec::new()));
        reviews.ask(job("a")).unwrap();
        let worker = {
            let (reviews, busy, made) = (reviews.clone(), busy.clone(), made.clone());
            std::thread::spawn(move || {
                reviews.work(&|| busy.load(Ordering::SeqCst), &mut |id, _| {
                    made.lock().unwrap().push(id.to_string())
                })
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(
            reviews.progress("a"),
            Progress::Running { done: 0, total: 1 },
            "no position searched while a game's search runs"
        );
        assert!(made.lock().unwrap().is_empty());
        busy.store(false, Ordering::SeqCst);
        for _ in 0..500 {
            if !made.lock().unwrap().is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(*made.lock().unwrap(), vec!["a".to_string()]);
        assert_eq!(reviews.progress("a"), Progress::Absent);
        reviews.close();
        worker.join().unwrap();
    }

    #[test]
    fn a_blunder_is_found_with_the_better_move() {
        movegen::init();
        // 1. f3 e5 2. g4?? Qh4#: White's second move loses at once.
        let mut board = Board::startpos();
        let moves: Vec<Move> = ["f2f3", "e7e5", "g2g4", "d8h4"]
            .iter()
            .map(|uci| {
                let mv = board.parse_uci(uci, false).unwrap();
                board = board.play(mv);
                mv
            })
            .collect();
        let job = Job {
            id: "fool".into(),
            start: Board::startpos(),
            moves,
        };
        let mut searcher = Searcher::new(8, 1, &engine::network::default_network()).unwrap();
        let mut calls = Vec::new();
        let made = review(&job, &mut searcher, 20_000, &Interrupt::default(), &mut |n| {
            calls.push(n)
        })
        .unwrap();
        assert_eq!(
            calls,
            vec![0, 1, 2, 3, 4, 5],
            "before each search, then at the end"
        );
        assert_eq!(made.moves.len(), 4);
        let g4 = &made.moves[2];
        assert_eq!(g4.mv, "g4");
        assert_eq!(g4.mark, Some("??"));
        assert_ne!(g4.best.as_deref(), Some("g4"));
        assert_eq!(made.moves[3].eval, JsonScore::Mate(0), "mated");
        assert!(made.white.blunders >= 1);
        assert!(made.white.accuracy.unwrap() < made.black.accuracy.unwrap());
    }
}
