//! `genfens`: opening positions for OpenBench, which runs
//! `daba "genfens N seed S book <None|FILE>" "quit"` (each argument one UCI
//! command line) and reads the `info string genfens <fen>` lines. `daba
//! genfens N --seed S --book FILE` prints the same.
//!
//! Each opening is a random book position (or the start position when the
//! book is `None`) followed by random legal moves: 8 or 9 from the start
//! position, 2 or 3 after a book position, so that both sides get to move
//! first. An opening is kept only if the side to move has a legal move and a
//! short search (1000 nodes) scores it within 300 centipawns, so that games
//! do not start decided. Everything follows from the seed: the same command
//! prints the same openings.

use crate::search::SilentReporter;
use crate::session::{SearchRequest, Session};
use movegen::Board;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Nodes of the balance check.
const CHECK_NODES: u64 = 1000;
/// Openings scored beyond this (centipawns) are drawn again.
const MAX_SCORE: i32 = 300;
/// Attempts per opening before the balance check is given up on.
const MAX_TRIES: usize = 1000;

/// A parsed `genfens` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Openings to print.
    pub count: usize,
    /// Seed of the random choices.
    pub seed: u64,
    /// Book file, `None` for the start position.
    pub book: Option<String>,
}

/// `daba genfens <COUNT> [--seed N] [--book FILE]`: the same openings as the
/// UCI-line form.
#[derive(clap::Args, Clone, Debug)]
pub struct GenfensArgs {
    /// Openings to print
    #[arg(value_name = "COUNT")]
    pub count: usize,
    /// Seed of the random choices (the same seed prints the same openings)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Opening book: one FEN or EPD a line; `None` or no --book: the start position
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
}

impl GenfensArgs {
    /// The request these arguments make.
    pub fn request(&self) -> Request {
        Request {
            count: self.count,
            seed: self.seed,
            book: self.book.clone().filter(|b| !b.eq_ignore_ascii_case("none")),
        }
    }
}

/// Parses the words after `genfens`: `N seed S book <None|FILE> [extra...]`
/// (extra words are ignored).
pub fn parse(words: &[&str]) -> Result<Request, String> {
    let usage = "usage: genfens N seed S book <None|FILE>";
    let count = words.first().and_then(|n| n.parse().ok()).ok_or(usage)?;
    let mut request = Request {
        count,
        seed: 0,
        book: None,
    };
    let mut i = 1;
    while i + 1 < words.len() {
        match words[i] {
            "seed" => {
                // OpenBench's seeds are non-negative, but accept any integer.
                let s = words[i + 1];
                request.seed = s
                    .parse::<u64>()
                    .or_else(|_| s.parse::<i64>().map(|v| v as u64))
                    .map_err(|_| format!("genfens: bad seed '{s}'"))?;
            }
            "book" => {
                let b = words[i + 1];
                request.book = (!b.eq_ignore_ascii_case("none")).then(|| b.to_string());
            }
            _ => {}
        }
        i += 2;
    }
    Ok(request)
}

/// The openings a request asks for, as FENs.
pub fn generate(request: &Request) -> Result<Vec<String>, String> {
    let book = match &request.book {
        Some(path) => crate::openings::read_book(path)?,
        None => Vec::new(),
    };
    if request.book.is_some() && book.is_empty() {
        return Err("genfens: the book has no positions".into());
    }
    let mut rng = StdRng::seed_from_u64(request.seed);
    // A small table and the hand-crafted evaluation: the check is short.
    let mut session = Session::with_seed(request.seed);
    session.set_hash_mb(1)?;
    session.set_network(None);
    let mut fens = Vec::with_capacity(request.count);
    while fens.len() < request.count {
        let mut tries = 0;
        let board = loop {
            tries += 1;
            let Some(board) = random_opening(&book, &mut rng) else {
                continue;
            };
            if tries >= MAX_TRIES || balanced(&board, &mut session) {
                break board;
            }
        };
        fens.push(board.to_fen());
    }
    Ok(fens)
}

/// A book position (or the start position) plus random moves; `None` when a
/// random line ends the game.
fn random_opening(book: &[String], rng: &mut StdRng) -> Option<Board> {
    let (mut board, plies) = if book.is_empty() {
        (Board::startpos(), 8 + rng.gen_range(0..2))
    } else {
        // read_book only returns valid FENs.
        (
            Board::from_fen(&book[rng.gen_range(0..book.len())]).ok()?,
            2 + rng.gen_range(0..2),
        )
    };
    for _ in 0..plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            return None;
        }
        board.make_move(moves.as_slice()[rng.gen_range(0..moves.len())]);
    }
    board.has_legal_move().then_some(board)
}

/// True when a short search scores the position within [`MAX_SCORE`].
fn balanced(board: &Board, session: &mut Session) -> bool {
    session.clear_in_place();
    let outcome = session.search(&SearchRequest::new(*board).nodes(CHECK_NODES), &SilentReporter);
    outcome.score.abs() <= MAX_SCORE
}

/// Handles a `genfens` command line (the words after `genfens`): see
/// [`print`].
pub fn run_line(words: &[&str]) -> bool {
    match parse(words) {
        Ok(request) => print(&request),
        Err(e) => {
            eprintln!("{e}");
            false
        }
    }
}

/// Prints `info string genfens <fen>` per opening of `request`, or an error
/// on stderr; returns false on error.
pub fn print(request: &Request) -> bool {
    use std::io::Write;
    match generate(request) {
        Ok(fens) => {
            let mut out = std::io::stdout().lock();
            for fen in fens {
                let _ = writeln!(out, "info string genfens {fen}");
            }
            let _ = out.flush();
            true
        }
        Err(e) => {
            eprintln!("{e}");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_parse() {
        let r = parse(&["5", "seed", "77", "book", "None", "extra"]).unwrap();
        assert_eq!(
            r,
            Request {
                count: 5,
                seed: 77,
                book: None
            }
        );
        let r = parse(&["2", "seed", "-1", "book", "books/x.epd"]).unwrap();
        assert_eq!(r.book.as_deref(), Some("books/x.epd"));
        assert_eq!(r.seed, u64::MAX);
        assert!(parse(&[]).is_err());
        assert!(parse(&["x"]).is_err());
        assert!(parse(&["3", "seed", "abc"]).is_err());
    }

    #[test]
    fn the_subcommand_asks_what_the_uci_line_asks() {
        use clap::Parser;
        #[derive(Parser)]
        struct Genfens {
            #[command(flatten)]
            args: GenfensArgs,
        }
        let request = |line: &str| {
            Genfens::try_parse_from(std::iter::once("genfens").chain(line.split_whitespace()))
                .unwrap()
                .args
                .request()
        };
        for (command, uci) in [
            ("5 --seed 77 --book None", "5 seed 77 book None"),
            ("5 --seed 77", "5 seed 77 book none"),
            ("2 --book books/x.epd", "2 seed 0 book books/x.epd"),
        ] {
            let words: Vec<&str> = uci.split_whitespace().collect();
            assert_eq!(request(command), parse(&words).unwrap(), "{command}");
        }
    }

    #[test]
    fn openings_are_legal_balanced_and_follow_the_seed() {
        movegen::init();
        let request = Request {
            count: 6,
            seed: 42,
            book: None,
        };
        let fens = generate(&request).unwrap();
        assert_eq!(fens.len(), 6);
        assert_eq!(generate(&request).unwrap(), fens);
        assert_ne!(
            generate(&Request {
                seed: 43,
                ..request.clone()
            })
            .unwrap(),
            fens
        );
        for fen in &fens {
            let board = Board::from_fen(fen).unwrap();
            assert!(board.has_legal_move());
            assert_eq!(fen.split_whitespace().count(), 6);
        }
    }
}
