//! The UCI protocol, as an adapter over the [`Session`]: a reader thread
//! turns stdin lines into commands; the controller (this module) keeps the
//! game and the protocol's own settings, passes option changes to the one
//! option table ([`options::OPTIONS`]), and runs each `go` as a session
//! search on a thread of its own, which prints `bestmove` when the search
//! ends (after `stop` or `ponderhit` for infinite and ponder searches).
//! `isready`, `stop`, `ponderhit` and `quit` are handled at once, even
//! mid-search; commands that change state wait for the search to end.

pub mod command;
pub mod options;
mod output;

use crate::book;
use crate::game::Game;
use crate::search::driver::SEARCH_STACK_SIZE;
use crate::session::{MoveSource, SearchOutcome, SearchRequest, Session, Signals};
use crate::wdl::Wdl;
use command::{Command, GoCommand, StartPosition};
use movegen::{divide_parallel, Board, Square};
use options::Settings;
pub use output::{send, Output, UciReporter};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The controller: everything the protocol knows between commands.
pub struct Uci {
    game: Game,
    settings: Settings,
    /// Stops and releases the session's running search.
    signals: Arc<Signals>,
    running: Option<JoinHandle<()>>,
    debug: bool,
    /// The last `position` command as sent (start, moves) and the Chess960
    /// mode it was read in: the book needs the square a double push skipped,
    /// which the board forgets when no legal capture can use it.
    position: (StartPosition, Vec<String>, bool),
    out: Output,
}

impl Default for Uci {
    fn default() -> Self {
        Uci::new()
    }
}

/// Reads stdin on its own thread and runs the controller until `quit` or
/// end of input.
pub fn run_stdio() {
    let (tx, rx) = mpsc::channel::<Option<String>>();
    std::thread::spawn(move || {
        use std::io::BufRead;
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            // Bytes, not a String: invalid UTF-8 from a GUI is garbage to
            // ignore, not a reason to stop reading.
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if tx.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(None);
    });
    let mut uci = Uci::new();
    for message in rx {
        match message {
            Some(line) => {
                if !uci.handle_line(&line) {
                    break;
                }
            }
            None => break,
        }
    }
    uci.quit();
}

impl Uci {
    /// A controller with default options, printing to standard output.
    pub fn new() -> Uci {
        Uci::with_session(Session::new(), Output::Stdout)
    }

    /// A controller over `session` (its options are set to UCI's defaults),
    /// printing to `out`.
    pub fn with_session(session: Session, out: Output) -> Uci {
        let settings = Settings::new(session);
        let signals = settings.session().signals();
        Uci {
            game: Game::default(),
            settings,
            signals,
            running: None,
            debug: false,
            position: (StartPosition::Start, Vec::new(), false),
            out,
        }
    }

    fn send(&self, text: &str) {
        self.out.send(text);
    }

    /// Handles one input line; returns false on `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(Some(cmd)) => self.handle(cmd),
            Ok(None) => {
                if self.debug && !line.trim().is_empty() {
                    self.send(&format!("info string ignored unknown input '{}'", line.trim()));
                }
                true
            }
            Err(e) => {
                self.send(&format!("info string error: {e}"));
                true
            }
        }
    }

    fn handle(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Uci => {
                self.send(&format!("id name {}", crate::NAME));
                self.send(&format!("id author {}", crate::AUTHOR));
                for line in options::declarations() {
                    self.send(&line);
                }
                self.send("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.send("readyok"),
            Command::SetOption { name, value } => {
                self.end_search();
                match options::set(&mut self.settings, &name, value.as_deref()) {
                    Ok(lines) => {
                        for line in lines {
                            self.send(&format!("info string {line}"));
                        }
                    }
                    Err(e) => self.send(&format!("info string error: {e}")),
                }
            }
            Command::Register => {}
            Command::NewGame => {
                self.end_search();
                self.settings.session().clear();
                self.game = Game::default();
                self.position = (StartPosition::Start, Vec::new(), false);
            }
            // The running search works on its own copy of the position, so a
            // new one is taken at once and used by the next `go`.
            Command::Position { start, moves } => {
                let fen = match &start {
                    StartPosition::Start => None,
                    StartPosition::Fen(f) => Some(f.as_str()),
                };
                let result = self.game.set(fen, &moves, self.settings.chess960);
                if let Err(e) = &result {
                    self.send(&format!("info string error: {e}"));
                }
                if !matches!(result, Err(crate::game::PositionError::Fen(_))) {
                    self.position = (start, moves, self.settings.chess960);
                }
            }
            Command::Go(go) => {
                self.end_search();
                self.go(*go);
            }
            Command::Stop => self.signals.stop(),
            Command::PonderHit => self.signals.ponderhit(),
            Command::Quit => return false,
            Command::Bench(depth) => {
                self.end_search();
                match &self.out {
                    Output::Stdout => crate::bench::run(depth, &mut std::io::stdout()),
                    Output::Buffer(_) => {
                        let mut text = Vec::new();
                        crate::bench::run(depth, &mut text);
                        self.send(String::from_utf8_lossy(&text).trim_end());
                    }
                }
            }
            Command::Display => self.display(),
            Command::Tunables => {
                for t in crate::search::params::TUNABLES {
                    self.send(&t.spsa_line());
                }
            }
            Command::Eval => {
                // The evaluation is the session's, which a search holds.
                self.end_search();
                self.show_eval();
            }
        }
        true
    }

    /// Stops any search and waits for its thread (for `quit` and EOF).
    pub fn quit(&mut self) {
        self.end_search();
    }

    /// Ends the running search, if any, as `stop` would (its `bestmove` is
    /// printed), and waits for its thread. Commands that need the session
    /// (`go`, `setoption`, `ucinewgame`, `bench`, `eval`) call this first:
    /// waiting for the search to end by itself would hang the engine behind
    /// an infinite or pondering search, since the `stop` that ends it is
    /// queued behind the waiting command.
    fn end_search(&mut self) {
        if let Some(handle) = self.running.take() {
            self.signals.stop();
            let _ = handle.join();
        }
    }

    /// The square the last move of the game skipped if it was a double pawn
    /// push (or the FEN's en-passant field when no move was played), for the
    /// book's key. Replays the `position` command, which the book's depth
    /// keeps short.
    fn ep_target(&self) -> Option<Square> {
        let (start, moves, chess960) = &self.position;
        let played = self.game.keys().len() - 1;
        let mut board = match start {
            StartPosition::Start => Board::startpos(),
            StartPosition::Fen(fen) => {
                if played == 0 {
                    return book::ep_target_of_fen(fen);
                }
                Board::from_fen(fen).ok()?
            }
        };
        let mut last = None;
        for text in moves.iter().take(played) {
            let mv = board.parse_uci(text, *chess960).ok()?;
            last = Some(mv);
            board.make_move(mv);
        }
        last.and_then(book::ep_target_after)
    }

    fn go(&mut self, go: GoCommand) {
        let board = *self.game.board();
        let chess960 = self.settings.chess960;
        if let Some(depth) = go.perft {
            run_perft(&board, depth, chess960 || board.is_chess960(), &self.out);
            return;
        }
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match board.parse_uci(text, chess960) {
                Ok(mv) => searchmoves.push(mv),
                Err(e) => self.send(&format!("info string error: searchmoves: {e}; ignored")),
            }
        }
        let book_on = self.settings.session().book_settings().own_book;
        let request = SearchRequest::new(board)
            .history(self.game.keys())
            .limits(go.limits)
            .searchmoves(searchmoves)
            .multipv(self.settings.multipv)
            .auto_draw(self.game.is_automatic_draw())
            .ep_target(if book_on { self.ep_target() } else { None });
        let mut reporter = UciReporter::new(chess960, self.out.clone());
        if self.settings.show_wdl {
            reporter = reporter.with_wdl(crate::wdl::material(&board));
        }
        let session = Arc::clone(&self.settings.session);
        let signals = Arc::clone(&self.signals);
        let out = self.out.clone();
        let debug = self.debug;
        let show_wdl = self.settings.show_wdl;
        // A stop that comes before the thread starts is kept for its search.
        self.signals.arm();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_SIZE)
            .spawn(move || {
                let outcome = lock(&session).search(&request, &reporter);
                finish(&request, &outcome, &signals, &out, chess960, show_wdl, debug);
            });
        match spawned {
            Ok(handle) => self.running = Some(handle),
            Err(e) => self.send(&format!("info string error: cannot start the search thread: {e}")),
        }
    }

    fn display(&self) {
        let board = self.game.board();
        self.send(&board.to_string());
        self.send(&format!("Fen: {}", board.to_fen()));
        self.send(&format!("Key: {:016X}", board.key()));
        let checkers: Vec<String> = board.checkers().iter().map(|s| s.to_string()).collect();
        self.send(&format!("Checkers: {}", checkers.join(" ")));
    }

    fn show_eval(&self) {
        let board = self.game.board();
        let t = eval::trace(board);
        let mut out =
            String::from("               term |   white mg    eg |   black mg    eg |   total mg    eg\n");
        out.push_str("--------------------+-------------------+-------------------+------------------\n");
        for line in &t.lines {
            let [w, b] = line.sides;
            out.push_str(&format!(
                "{:>19} | {:>10} {:>5} | {:>10} {:>5} | {:>10} {:>5}\n",
                line.name.to_ascii_lowercase(),
                w.mg,
                w.eg,
                b.mg,
                b.eg,
                w.mg - b.mg,
                w.eg - b.eg
            ));
        }
        out.push_str("--------------------+-------------------+-------------------+------------------\n");
        out.push_str(&format!(
            "{:>19} | {:>48} {:>5}\n",
            "total (white)", t.total.mg, t.total.eg
        ));
        out.push_str(&format!(
            "phase {} of 24, endgame scale {}/64\n",
            t.phase, t.scale
        ));
        out.push_str(&format!(
            "Hand-crafted evaluation: {} cp (side to move)",
            t.final_score
        ));
        let session = self.settings.session();
        match session.network() {
            Some(net) => {
                let score = eval::nnue::evaluate(net, board);
                let white = if board.side_to_move() == movegen::Color::White {
                    score
                } else {
                    -score
                };
                out.push_str(&format!(
                    "\nNNUE evaluation: {score} cp (side to move), {white} cp (white); net {} ({})",
                    session.eval_file(),
                    crate::network::describe(net)
                ));
            }
            None => out.push_str("\nNNUE evaluation: no net loaded"),
        }
        let used = if session.use_nnue() && session.network().is_some() {
            "NNUE"
        } else {
            "hand-crafted"
        };
        out.push_str(&format!("\nThe search uses the {used} evaluation"));
        if session.level().settings().is_some() {
            out.push_str(" at full strength; this playing level uses the hand-crafted one");
        }
        out.push('.');
        drop(session);
        self.send(&out);
    }
}

fn lock(session: &Mutex<Session>) -> std::sync::MutexGuard<'_, Session> {
    session.lock().unwrap_or_else(|e| e.into_inner())
}

/// After a search, on its thread: the level's or book's note, the line for
/// a position without moves, the wait an infinite or ponder search owes
/// the GUI, and `bestmove`.
fn finish(
    request: &SearchRequest,
    outcome: &SearchOutcome,
    signals: &Signals,
    out: &Output,
    chess960: bool,
    show_wdl: bool,
    debug: bool,
) {
    match outcome.source {
        MoveSource::Book { weight, total } => {
            if let Some(mv) = outcome.best {
                out.send(&format!(
                    "info string book move {} (weight {weight} of {total})",
                    mv.to_uci(chess960)
                ));
            }
        }
        MoveSource::Random { of } if debug => out.send(&format!("info string level: a random move of {of}")),
        MoveSource::Level {
            line,
            candidates,
            behind,
            budget,
            depth_cap,
        } if debug => out.send(&format!(
            "info string level: line {} of {candidates} ({behind} cp behind the best); \
             {} nodes (budget {budget}), depth {} (cap {depth_cap})",
            line + 1,
            outcome.nodes,
            outcome.depth,
        )),
        _ => {}
    }
    let board = &request.board;
    if !board.has_legal_move() {
        let (score, wdl) = if board.in_check() {
            ("mate 0", Wdl::LOSS)
        } else {
            ("cp 0", Wdl::DRAW)
        };
        let wdl = if show_wdl {
            format!(" wdl {wdl}")
        } else {
            String::new()
        };
        out.send(&format!("info depth 0 score {score}{wdl}"));
    }
    // Infinite and ponder searches report only when told to.
    if request.limits.waits_for_stop() {
        while !signals.released(&request.limits) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    match (outcome.best, outcome.ponder) {
        (Some(best), Some(ponder)) => out.send(&format!(
            "bestmove {} ponder {}",
            best.to_uci(chess960),
            ponder.to_uci(chess960)
        )),
        (Some(best), None) => out.send(&format!("bestmove {}", best.to_uci(chess960))),
        (None, _) => out.send("bestmove (none)"),
    }
}

fn run_perft(board: &Board, depth: u32, chess960: bool, out: &Output) {
    let divided = divide_parallel(board, depth);
    let mut lines = String::new();
    let mut total = 0;
    for (mv, n) in &divided {
        lines.push_str(&format!("{}: {n}\n", mv.to_uci(chess960)));
        total += n;
    }
    if depth == 0 {
        total = 1;
    }
    lines.push_str(&format!("\nNodes searched: {total}\n"));
    out.send(lines.trim_end_matches('\n'));
    out.send("");
}

/// `daba perft <depth> [fen]` from the shell; returns the exit code.
pub fn perft_from_shell(args: &[String]) -> i32 {
    let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: daba perft <depth> [fen]");
        return 2;
    };
    let board = if args.len() > 1 {
        match Board::from_fen(&args[1..].join(" ")) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("invalid FEN: {e}");
                return 2;
            }
        }
    } else {
        Board::startpos()
    };
    let start = std::time::Instant::now();
    run_perft(&board, depth, board.is_chess960(), &Output::Stdout);
    let ms = start.elapsed().as_millis().max(1);
    eprintln!("{} ms", ms);
    0
}
