//! Polyglot books: the keys against python-chess, and the book options end to
//! end over the UCI pipe (declared in `uci`, a book move played and
//! announced, analysis searches left alone, bad files answered with an error
//! while Daba plays on, a real book).
//!
//! The keys come from `tests/data/polyglot_keys.txt`, a fixture written by
//! python-chess's `chess.polyglot.zobrist_hash` (`scripts/polyglot_fixture.py`
//! regenerates it); the test itself needs no Python. The real book is
//! Debian's `gnuchess-book` (`/usr/share/games/gnuchess/book.bin`, installed
//! by `.ci/run`); the test that reads it is skipped, with a note, where the
//! file is absent.

use crate::common::{bestmove, expect_option_error, Engine};
use engine::book::{ep_target_after, ep_target_of_fen, polyglot_key};
use movegen::{Board, Square};
use std::path::PathBuf;

const FIXTURE: &str = include_str!("data/polyglot_keys.txt");
const REAL_BOOK: &str = "/usr/share/games/gnuchess/book.bin";

/// True when a FEN's castling field names rook files (Shredder-FEN): the
/// fixture writes Chess960 positions that way, and their castling moves as
/// king takes rook.
fn is_960(fen: &str) -> bool {
    let castling = fen.split_whitespace().nth(2).unwrap_or("-");
    castling.chars().any(|c| !"KQkq-".contains(c))
}

#[test]
fn keys_agree_with_python_chess() {
    movegen::init();
    let mut positions = 0;
    let mut counted_ep = 0;
    let mut chess960 = 0;
    for line in FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [start, moves, fen, key] = fields[..] else {
            panic!("bad fixture line '{line}'");
        };
        let key = u64::from_str_radix(key, 16).unwrap();
        let mode = is_960(start);
        // The game path, as `position ... moves` gives it: replay and take
        // the en-passant target from the last move.
        let mut board = Board::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
        let mut target = ep_target_of_fen(start);
        for text in moves.split_whitespace() {
            let mv = board
                .parse_uci(text, mode)
                .unwrap_or_else(|e| panic!("{line}: {text}: {e}"));
            target = ep_target_after(mv);
            board.make_move(mv);
        }
        assert_eq!(polyglot_key(&board, target), key, "game path: {line}");
        // The FEN path: the en-passant field as written.
        let from_fen = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let fen_target = ep_target_of_fen(fen);
        assert_eq!(polyglot_key(&from_fen, fen_target), key, "FEN path: {line}");
        positions += 1;
        if polyglot_key(&from_fen, fen_target) != polyglot_key(&from_fen, None) {
            counted_ep += 1;
        }
        chess960 += usize::from(mode);
    }
    // The fixture covers what it should: en passant that counts without
    // being legal (the board has no en-passant square there), Chess960.
    assert!(positions >= 400, "{positions}");
    assert!(counted_ep >= 4, "{counted_ep}");
    assert!(chess960 >= 100, "{chess960}");
}

/// A book file in the temporary directory, removed when dropped.
struct TempBook(PathBuf);

impl TempBook {
    fn new(name: &str, bytes: &[u8]) -> TempBook {
        let path = std::env::temp_dir().join(format!("daba-{}-{name}.bin", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        TempBook(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempBook {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A move in the book format, written here independently of the engine:
/// `from` and `to` as square names, `promotion` 0-4.
fn raw(from: &str, to: &str, promotion: u16) -> u16 {
    let sq = |s: &str| u16::from(Square::parse(s).unwrap().index() as u8);
    sq(to) | sq(from) << 6 | promotion << 12
}

/// Book bytes from (key, move, weight), sorted by key as the format wants.
fn book_bytes(entries: &[(u64, u16, u16)]) -> Vec<u8> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|e| e.0);
    let mut bytes = Vec::new();
    for (key, mv, weight) in sorted {
        bytes.extend_from_slice(&key.to_be_bytes());
        bytes.extend_from_slice(&mv.to_be_bytes());
        bytes.extend_from_slice(&weight.to_be_bytes());
        bytes.extend_from_slice(&0u32.to_be_bytes());
    }
    bytes
}

/// Polyglot keys from the fixture (python-chess).
const START: u64 = 0x463b96181691fc9c;
/// 4k3/8/8/K2pP2r/8/8/8/8 w - d6: exd6 is illegal (the king on a5), the key
/// counts d6 all the same.
const PINNED_EP: u64 = 0x200429d3a5ab9df1;
/// 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb (Chess960; the rook on g8 forbids
/// castling short, so the book castles long: king e1 takes rook b1).
const C960: u64 = 0x0cad19b91c203984;

fn small_book() -> TempBook {
    TempBook::new(
        &format!("small-{:?}", std::thread::current().id()).replace(['(', ')'], ""),
        &book_bytes(&[
            (START, raw("e2", "e4", 0), 3),
            (START, raw("d2", "d4", 0), 1),
            (START, raw("a2", "a3", 0), 0),
            (PINNED_EP, raw("a5", "b4", 0), 7),
            (C960, raw("e1", "b1", 0), 2),
        ]),
    )
}

fn engine_with_book(path: &str) -> Engine {
    let mut e = Engine::start();
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {path}"));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string BookFile ") && l.ends_with(" entries")),
        "{lines:?}"
    );
    e
}

fn book_line(lines: &[String]) -> Option<&String> {
    lines.iter().find(|l| l.starts_with("info string book move "))
}

#[test]
fn the_options_are_declared() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect_prefix("uciok");
    for decl in [
        "option name OwnBook type check default false",
        "option name BookFile type string default <empty>",
        "option name BookBestMove type check default false",
        "option name BookDepth type spin default 16 min 0 max 1000",
    ] {
        assert!(lines.iter().any(|l| l == decl), "{decl} missing: {lines:?}");
    }
}

#[test]
fn a_book_move_is_played_and_announced() {
    let book = small_book();
    let mut e = engine_with_book(book.path());
    e.send("setoption name BookBestMove value true");
    e.send("position startpos");
    let lines = e.go("wtime 10000 btime 10000");
    assert_eq!(
        book_line(&lines).map(String::as_str),
        Some("info string book move e2e4 (weight 3 of 4)"),
        "{lines:?}"
    );
    assert_eq!(bestmove(&lines), "e2e4");
    // No search: the book line and bestmove are all.
    assert!(!lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
    // Every kind of playing search uses it.
    for go in ["movetime 5000", "depth 20", "nodes 100000", ""] {
        let lines = e.go(go);
        assert_eq!(bestmove(&lines), "e2e4", "go {go}: {lines:?}");
        assert!(book_line(&lines).is_some(), "go {go}: {lines:?}");
    }
    // Weighted choice: e2e4 three times as often as d2d4, the weight-0 a2a3
    // never.
    e.send("setoption name BookBestMove value false");
    let mut e4 = 0;
    for _ in 0..200 {
        let lines = e.go("movetime 1000");
        match bestmove(&lines).as_str() {
            "e2e4" => e4 += 1,
            "d2d4" => {}
            other => panic!("{other}: {lines:?}"),
        }
    }
    // 150 expected; 4 sigma is about 25.
    assert!((120..=180).contains(&e4), "{e4} of 200");
}

#[test]
fn analysis_and_deep_positions_search() {
    let book = small_book();
    let mut e = engine_with_book(book.path());
    e.send("position startpos");
    // go infinite: a search, until stop.
    e.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send("stop");
    let lines = e.expect_prefix("bestmove");
    assert!(book_line(&lines).is_none(), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
    for go in ["mate 2 depth 4", "depth 3 searchmoves e2e4 d2d4"] {
        let lines = e.go(go);
        assert!(book_line(&lines).is_none(), "go {go}: {lines:?}");
    }
    // go ponder: a search, released by ponderhit.
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(std::time::Duration::from_millis(100));
    e.send("ponderhit");
    let lines = e.expect_prefix("bestmove");
    assert!(book_line(&lines).is_none(), "{lines:?}");
    // BookDepth 0: never; OwnBook off: never.
    e.send("setoption name BookDepth value 0");
    assert!(book_line(&e.go("depth 2")).is_none());
    e.send("setoption name BookDepth value 16");
    assert!(book_line(&e.go("depth 2")).is_some());
    e.send("setoption name OwnBook value false");
    assert!(book_line(&e.go("depth 2")).is_none());
    e.send("setoption name OwnBook value true");
    // A position the book does not know: a search.
    e.send("position startpos moves e2e4");
    assert!(book_line(&e.go("depth 2")).is_none());
    // Beyond BookDepth (ply 2 with BookDepth 2), even in the book.
    e.send("setoption name BookDepth value 2");
    e.send("position fen 4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1 moves d7d5");
    assert!(book_line(&e.go("depth 2")).is_none());
}

#[test]
fn en_passant_and_chess960_keys_over_the_pipe() {
    let book = small_book();
    let mut e = engine_with_book(book.path());
    // After d7d5 the en-passant capture exd6 is illegal (the king on a5 and
    // the rook on h5), so the board has no en-passant square; the book's key
    // has d6 and must be found.
    e.send("position fen 4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1 moves d7d5");
    let lines = e.go("depth 5");
    assert_eq!(
        book_line(&lines).map(String::as_str),
        Some("info string book move a5b4 (weight 7 of 7)")
    );
    // The same position from its FEN, en-passant field included.
    e.send("position fen 4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2");
    assert_eq!(bestmove(&e.go("depth 5")), "a5b4");
    // Without the field it is another position.
    e.send("position fen 4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2");
    assert!(book_line(&e.go("depth 3")).is_none());
    // Chess960: castling is king takes rook in the book and in Daba.
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    let lines = e.go("depth 5");
    assert_eq!(bestmove(&lines), "e1b1", "{lines:?}");
    assert!(book_line(&lines).is_some());
}

#[test]
fn bad_book_files_answer_an_error_and_play_on() {
    let short = TempBook::new("short", &[0u8; 20]);
    let unsorted = TempBook::new("unsorted", &{
        let mut b = book_bytes(&[(1, raw("e2", "e4", 0), 1), (2, raw("e2", "e4", 0), 1)]);
        b.rotate_left(16);
        b
    });
    let empty = TempBook::new("empty", &[]);
    let good = small_book();
    let mut e = Engine::start();
    e.send("setoption name OwnBook value true");
    let cases = [
        ("/nonexistent/daba/book.bin", "cannot read it"),
        (short.path(), "not a whole number of 16-byte entries"),
        (unsorted.path(), "out of key order"),
        (empty.path(), "empty"),
    ];
    for (path, why) in cases {
        // A good book first, to see the bad one switch it off.
        e.send(&format!("setoption name BookFile value {}", good.path()));
        e.send(&format!("setoption name BookFile value {path}"));
        let lines = e.sync();
        let error = lines
            .iter()
            .find(|l| l.starts_with("info string error: BookFile "))
            .unwrap_or_else(|| panic!("no error for {path}: {lines:?}"));
        assert!(
            error.starts_with(&format!("info string error: BookFile {path}: ")),
            "{error}"
        );
        assert!(error.contains(why) && error.ends_with("; book off"), "{error}");
        e.send("position startpos");
        let lines = e.go("depth 3");
        assert!(book_line(&lines).is_none(), "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("info depth 3")), "{lines:?}");
    }
    // <empty> unloads the book without an error.
    e.send(&format!("setoption name BookFile value {}", good.path()));
    e.send("setoption name BookFile value <empty>");
    let lines = e.sync();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert!(book_line(&e.go("depth 2")).is_none());
    // Bad values of the other options.
    for (option, value) in [
        ("OwnBook", "yes"),
        ("BookBestMove", "1"),
        ("BookDepth", "-3"),
        ("BookDepth", "x"),
    ] {
        expect_option_error(&mut e, option, value);
    }
}

#[test]
fn plays_from_a_real_book() {
    if !std::path::Path::new(REAL_BOOK).exists() {
        testkit::skip(
            "plays_from_a_real_book",
            &format!("{REAL_BOOK} is absent (Debian package gnuchess-book)"),
        );
        return;
    }
    let mut e = engine_with_book(REAL_BOOK);
    e.send("setoption name BookBestMove value true");
    // The book's best moves (python-chess reads the same: e2e4 12135 of
    // 28797 at the start; g1f3 after 1. e4 c5).
    e.send("position startpos");
    let lines = e.go("wtime 60000 btime 60000");
    assert_eq!(
        book_line(&lines).map(String::as_str),
        Some("info string book move e2e4 (weight 12135 of 30797)"),
        "{lines:?}"
    );
    e.send("position startpos moves e2e4 c7c5");
    assert_eq!(bestmove(&e.go("movetime 1000")), "g1f3");
    // A game of book moves: Daba plays both sides from the book (weighted
    // choice) until it leaves the book; every move is legal and announced.
    e.send("setoption name BookBestMove value false");
    let mut moves: Vec<String> = Vec::new();
    let mut board = Board::startpos();
    for _ in 0..16 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let lines = e.go("depth 1");
        let mv = bestmove(&lines);
        let parsed = board.parse_uci(&mv, false);
        assert!(parsed.is_ok(), "{mv} illegal after {moves:?}");
        board.make_move(parsed.unwrap());
        if book_line(&lines).is_none() {
            break;
        }
        moves.push(mv);
    }
    assert!(moves.len() >= 4, "left the book after {moves:?}");
}
