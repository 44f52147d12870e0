//! `pgn-peers`: Daba's PGN reader (`analyse::pgn::read_all`) side by side with
//! the `pgn-reader` crate (with `shakmaty` deciding legality), reading the same
//! text into the same information: tags, the mainline as legal moves with
//! their SAN, NAGs, comments and variations kept as text.
//!
//! Usage: `pgn-peers speed FILE [--rounds N]` (megabytes and games a second,
//! the two readers taking turns each round), `pgn-peers cases` (the inputs of
//! `analyse/tests/pgn.rs`: games and moves each reader gets from each).

use std::{env, fs, hint::black_box, process::ExitCode, time::Instant};

use pgn_reader::{BufferedReader, Nag, RawComment, RawHeader, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Position};

/// What a reader got from a text: games read, mainline moves in them, games
/// it could not read.
#[derive(Debug, Default, PartialEq, Eq, Clone, Copy)]
struct Tally {
    games: usize,
    moves: usize,
    errors: usize,
}

fn daba(text: &str) -> Tally {
    let (games, errors) = analyse::pgn::read_all(text);
    Tally {
        games: games.len(),
        moves: games.iter().map(|g| g.moves.len()).sum(),
        errors: errors.len(),
    }
}

/// One game as the pgn-reader visitor builds it (the fields Daba's reader keeps).
#[derive(Default)]
struct Built {
    headers: Vec<(String, String)>,
    moves: Vec<(shakmaty::Move, String, Vec<u8>, Vec<String>)>,
    pos: Option<Chess>,
    chess960: bool,
    depth: usize,
    error: bool,
}

impl Visitor for Built {
    type Result = Option<usize>;

    fn begin_game(&mut self) {
        *self = Built::default();
    }

    fn header(&mut self, key: &[u8], value: RawHeader<'_>) {
        let value = value.decode_utf8_lossy().into_owned();
        if key == b"Variant" {
            // As Daba's reader: chess and Chess960 only.
            match value.to_lowercase().as_str() {
                "chess960" | "fischerandom" | "chess 960" => self.chess960 = true,
                "standard" | "chess" | "" => {}
                _ => self.error = true,
            }
        }
        self.headers
            .push((String::from_utf8_lossy(key).into_owned(), value));
    }

    fn end_headers(&mut self) -> Skip {
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let fen = self
            .headers
            .iter()
            .find(|(k, _)| k == "FEN")
            .map(|(_, v)| v.clone());
        self.pos = match fen {
            None => Some(Chess::default()),
            Some(text) => text.parse::<Fen>().ok().and_then(|f| f.into_position(mode).ok()),
        };
        self.error |= self.pos.is_none();
        Skip(self.error)
    }

    fn san(&mut self, san: SanPlus) {
        if self.error || self.depth > 0 {
            return;
        }
        let pos = self.pos.as_mut().expect("a position after the headers");
        match san.san.to_move(pos) {
            Ok(mv) => {
                let text = San::from_move(pos, &mv).to_string();
                pos.play_unchecked(&mv);
                self.moves.push((mv, text, Vec::new(), Vec::new()));
            }
            Err(_) => self.error = true,
        }
    }

    fn nag(&mut self, nag: Nag) {
        if let (0, Some(last)) = (self.depth, self.moves.last_mut()) {
            last.2.push(nag.0);
        }
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        if let (0, Some(last)) = (self.depth, self.moves.last_mut()) {
            last.3
                .push(String::from_utf8_lossy(comment.as_bytes()).into_owned());
        }
    }

    fn begin_variation(&mut self) -> Skip {
        // Variations are kept as text by Daba's reader, not checked; here
        // they are read (not skipped) and left unchecked the same way.
        self.depth += 1;
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.depth -= 1;
    }

    fn end_game(&mut self) -> Self::Result {
        (!self.error).then_some(self.moves.len())
    }
}

fn pgn_reader(text: &str) -> Tally {
    let mut reader = BufferedReader::new_cursor(text.as_bytes());
    let mut visitor = Built::default();
    let mut tally = Tally::default();
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(Some(moves))) => {
                tally.games += 1;
                tally.moves += moves;
            }
            Ok(Some(None)) => tally.errors += 1,
            Ok(None) => break,
            Err(_) => {
                tally.errors += 1;
                break;
            }
        }
    }
    tally
}

type Reader = fn(&str) -> Tally;
const READERS: [(&str, Reader); 2] = [
    ("daba (analyse::pgn)", daba),
    ("pgn-reader 0.25 + shakmaty 0.26", pgn_reader),
];

fn speed(path: &str, rounds: usize) -> Result<(), String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mb = text.len() as f64 / 1e6;
    let tallies: Vec<Tally> = READERS.iter().map(|(_, read)| read(&text)).collect();
    println!("{path}: {:.1} MB; {:?}", mb, tallies);
    let mut seconds = vec![Vec::new(); READERS.len()];
    for round in 0..rounds {
        for k in 0..READERS.len() {
            let i = (k + round) % READERS.len();
            let start = Instant::now();
            black_box(READERS[i].1(black_box(&text)));
            seconds[i].push(start.elapsed().as_secs_f64());
        }
    }
    println!("| reader | games | moves | unread | MB/s (median) | games/s (median) |");
    println!("|---|--:|--:|--:|--:|--:|");
    for (i, (name, _)) in READERS.iter().enumerate() {
        seconds[i].sort_by(|a, b| a.total_cmp(b));
        let median = seconds[i][seconds[i].len() / 2];
        let t = tallies[i];
        println!(
            "| {name} | {} | {} | {} | {:.1} | {:.0} |",
            t.games,
            t.moves,
            t.errors,
            mb / median,
            t.games as f64 / median
        );
    }
    Ok(())
}

/// The inputs of analyse/tests/pgn.rs, with what Daba's tests expect.
const CASES: &[(&str, &str)] = &[
    ("comments of every kind", "[Event \"comments\"]\n% an escape line, ignored\n\n{Before the first move} 1. e4 {King's pawn\n  over two lines} e5 ; to the end of the line\n2. Nf3 {} Nc6 {a } ; comment with { inside\n3. Bb5 1-0\n"),
    ("a word outside braces is an error", "1. e4 {fine} hello e5 *"),
    ("nested variations", "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5) 3. exd5) 2... d6) (1... e6) 2. Nf3 (2. f4 exf4) Nc6 *"),
    ("NAGs and glyphs", "1. e4! $18 e5?? 2. Nf3 $1 $32 Nc6!? 3. Bb5 ?! a6 !! *"),
    ("SetUp and FEN", "[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n\n3. Bb5 a6 4. Ba4 *"),
    ("FEN with Black to move", "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n1... c5 2. Nf3 *"),
    ("a bad FEN is an error", "[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n1. e4 *"),
    ("Chess960, X-FEN castling", "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\"]\n\n1. O-O O-O-O 2. Rb1d1 *"),
    ("Chess960, Shredder-FEN castling", "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n\n1. O-O O-O-O 2. Rb1d1 *"),
    ("a variant other than chess is an error", "[Variant \"Crazyhouse\"]\n1. e4 *"),
    ("results and missing results", "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 d5\n\n[Event \"c\"]\n1. c4 1/2-1/2\n[Event \"d\"]\n1. Nf3"),
    ("CR line endings", "[Event \"w\"]\r[White \"A\"]\r\r1. e4 e5\r2. Nf3 Nc6 1-0\r"),
    ("byte-order mark and tabs", "\u{feff}[Event\t  \"w\"]\n[White\t  \"A\"]\n\n1.\t  e4\t  e5\n2.\t  Nf3\t  Nc6\t  1-0\n"),
    ("move numbers glued", "[Event \"w\"]\n[White \"A\"]\n\n1.e4 e5\n\n\n   2.Nf3  Nc6 1-0\n"),
    ("blank lines and 1... before the first move", "[Event \"w\"]\n[White \"A\"]\n\n\n\n  \t 1... e4 e5\n2. Nf3 Nc6 1-0\n"),
    ("1... glued to the move", "[Event \"w\"]\n[White \"A\"]\n\n1...e4 e5 2. Nf3 Nc6 1-0\n"),
    ("an illegal move after CR", "[Event \"x\"]\r\n\r\n1. e4 e5\r2. Ke3 *"),
    ("bad games in the middle", "[Event \"one\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"two\"]\n\n1. d4 d5 2. c4 (2. Bf4 Nf6) e6\n3. Nc3 Nf6 4. Qxh7 Be7 *\n\n[Event \"three\"]\n\n1. c4 {an unclosed (paren is fine in a comment} e5 *\n\n[Event \"four\"]\n\n1. e4 (1. d4 d5 *\n\n[Event \"five\"]\n\n1. Nf3 d5 0-1\n"),
];

fn cases() {
    println!("| input | daba: games, moves, unread | pgn-reader: games, moves, unread |");
    println!("|---|---|---|");
    for (name, text) in CASES {
        let [a, b] = [daba(text), pgn_reader(text)];
        let show = |t: Tally| format!("{}, {}, {}", t.games, t.moves, t.errors);
        let mark = if a == b { "" } else { " **differs**" };
        println!("| {name}{mark} | {} | {} |", show(a), show(b));
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("speed") if args.len() >= 2 => {
            let rounds = match args.get(2).map(String::as_str) {
                Some("--rounds") => args.get(3).and_then(|r| r.parse().ok()).unwrap_or(5),
                _ => 5,
            };
            speed(&args[1], rounds)
        }
        Some("cases") => {
            cases();
            Ok(())
        }
        _ => Err("usage: pgn-peers speed FILE [--rounds N] | pgn-peers cases".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pgn-peers: {e}");
            ExitCode::from(2)
        }
    }
}
