//! FEN in and out: round trips, one exact error per way a FEN can be wrong,
//! garbage that must never panic, X-FEN versus Shredder-FEN castling, and the
//! en-passant square kept only when a legal capture exists.

mod common;

use common::{board, random_move, sq, suite_fens, FISCHER_EPD, KIWIPETE, STANDARD_EPD};
use movegen::{Board, CastleSide, Color, FenError, PieceType, Square, START_FEN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Hand-picked canonical FENs (every field as `to_fen` writes it).
const CANONICAL: &[&str] = &[
    START_FEN,
    KIWIPETE,
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 99 150",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40",
    "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
    // Chess960: X-FEN letters where the rook is the outermost one ...
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
    "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1",
    // ... and Shredder letters where another rook stands farther out.
    "1k2r2r/8/8/8/8/8/8/1K2R2R w Ee - 0 1",
    "r2r2k1/8/8/8/8/8/8/R2R2K1 b Dd - 3 7",
];

/// Compares two positions by everything a FEN can express (a Chess960 board
/// remembers the start squares of rooks whose rights are gone, and its
/// Chess960 flag, neither of which a FEN carries once the rights are lost).
fn assert_same_position(a: &Board, b: &Board, context: &str) {
    for s in Square::all() {
        assert_eq!(a.piece_on(s), b.piece_on(s), "{context}: piece on {s}");
    }
    assert_eq!(a.side_to_move(), b.side_to_move(), "{context}");
    assert_eq!(a.castling_rights(), b.castling_rights(), "{context}");
    for color in Color::ALL {
        for side in CastleSide::ALL {
            if a.castling_rights().has(color, side) {
                assert_eq!(
                    a.castle_rook(color, side),
                    b.castle_rook(color, side),
                    "{context}"
                );
            }
        }
    }
    assert_eq!(a.en_passant(), b.en_passant(), "{context}");
    assert_eq!(a.halfmove_clock(), b.halfmove_clock(), "{context}");
    assert_eq!(a.fullmove_number(), b.fullmove_number(), "{context}");
    assert_eq!(a.key(), b.key(), "{context}");
    assert_eq!(a.pawn_key(), b.pawn_key(), "{context}");
    assert_eq!(a.checkers(), b.checkers(), "{context}");
    assert_eq!(a.pinned(), b.pinned(), "{context}");
}

#[test]
fn canonical_fens_round_trip() {
    let mut fens: Vec<String> = CANONICAL.iter().map(|s| s.to_string()).collect();
    // The standard suite is canonical except for one FEN whose en-passant
    // square has no capture behind it.
    fens.extend(
        suite_fens(STANDARD_EPD)
            .into_iter()
            .filter(|f| !f.contains(" f6 ")),
    );
    assert!(fens.len() > 100);
    for fen in &fens {
        let b = board(fen);
        assert_eq!(&b.to_fen(), fen);
        assert!(b.is_consistent(), "{fen}");
        assert_eq!(Board::from_fen(&b.to_fen()), Ok(b), "{fen}");
    }
}

#[test]
fn non_canonical_fens_normalise_to_a_fixed_point() {
    let mut fens = suite_fens(FISCHER_EPD);
    fens.truncate(60);
    fens.extend(
        [
            // Missing counters default to "0 1"; move number 0 becomes 1.
            "8/8/8/8/8/8/8/K6k w - -",
            "8/8/8/8/8/8/8/K6k w - - 5",
            "8/8/8/8/8/8/8/K6k w - - 5 0",
            // Shredder letters for a standard setup come out as KQkq.
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
            // An en-passant square without a capture is dropped.
            "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            // Extra spaces between fields.
            "  8/8/8/8/8/8/8/K6k   w  -  -  0  1 ",
        ]
        .map(String::from),
    );
    for fen in &fens {
        let b = board(fen);
        let out = b.to_fen();
        let again = board(&out);
        assert_eq!(again, b, "{fen} -> {out}");
        assert_eq!(again.to_fen(), out, "{fen}");
    }
    assert_eq!(
        board("8/8/8/8/8/8/8/K6k w - -").to_fen(),
        "8/8/8/8/8/8/8/K6k w - - 0 1"
    );
    assert_eq!(
        board("8/8/8/8/8/8/8/K6k w - - 5 0").to_fen(),
        "8/8/8/8/8/8/8/K6k w - - 5 1"
    );
    assert_eq!(
        board("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").to_fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
}

#[test]
fn boards_from_random_play_round_trip() {
    let mut rng = StdRng::seed_from_u64(0xFE11);
    let starts = common::random_game_starts();
    let mut checked = 0;
    for game in 0..60 {
        let mut b = starts[game % starts.len()];
        for _ in 0..120 {
            let fen = b.to_fen();
            let parsed = board(&fen);
            assert_same_position(&parsed, &b, &fen);
            assert_eq!(parsed.to_fen(), fen);
            // Equality ignores what a FEN cannot express (the rooks of lost
            // rights, the notation mode), so Chess960 boards compare equal too.
            assert_eq!(parsed, b, "{fen}");
            checked += 1;
            match random_move(&b, &mut rng) {
                Some(mv) => b = b.play(mv),
                None => break,
            }
        }
    }
    assert!(checked > 3000);
}

/// Asserts that `fen` is rejected with an error matching `pat` and that the
/// error has a message.
macro_rules! rejects {
    ($fen:expr, $pat:pat $(if $guard:expr)?) => {{
        let fen: &str = $fen;
        match Board::from_fen(fen) {
            Ok(b) => panic!("accepted {fen:?} as {}", b.to_fen()),
            Err(e) => {
                assert!(matches!(&e, $pat $(if $guard)?), "{fen:?}: got {e:?}");
                assert!(!e.to_string().is_empty(), "{fen:?}: empty message");
            }
        }
    }};
}

#[test]
fn wrong_field_and_rank_counts() {
    rejects!("", FenError::WrongFieldCount(0));
    rejects!("8/8/8/8/8/8/8/K6k w -", FenError::WrongFieldCount(3));
    rejects!(&format!("{START_FEN} extra"), FenError::WrongFieldCount(7));
    rejects!("8/8/8/8/8/8/K6k w - - 0 1", FenError::WrongRankCount(7));
    rejects!("8/8/8/8/8/8/8/8/K6k w - - 0 1", FenError::WrongRankCount(9));
    rejects!("8/8/8/8/8/8/8/K6k/ w - - 0 1", FenError::WrongRankCount(9));
}

#[test]
fn bad_placement() {
    rejects!("8/8/8/8/8/8/8/K5xk w - - 0 1", FenError::BadPieceLetter('x'));
    rejects!("8/8/8/8/8/8/8/K5Xk w - - 0 1", FenError::BadPieceLetter('X'));
    rejects!("9/8/8/8/8/8/8/K6k w - - 0 1", FenError::BadPieceLetter('9'));
    rejects!("08/8/8/8/8/8/8/K6k w - - 0 1", FenError::BadPieceLetter('0'));
    rejects!("8/8/8/8/8/8/8/K5ék w - - 0 1", FenError::BadPieceLetter('é'));
    rejects!("8/8/8/8/8/8/8/K6k1 w - - 0 1", FenError::RankTooLong(1));
    rejects!("ppppppppp/8/8/8/8/8/8/K6k w - - 0 1", FenError::RankTooLong(8));
    rejects!("8/8/8/54/8/8/8/K6k w - - 0 1", FenError::RankTooLong(5));
    rejects!("8/8/8/8/8/8/8/K5k w - - 0 1", FenError::RankTooShort(1));
    rejects!("8/8/7/8/8/8/8/K6k w - - 0 1", FenError::RankTooShort(6));
    rejects!("8/8//8/8/8/8/K6k w - - 0 1", FenError::RankTooShort(6));
}

#[test]
fn bad_material() {
    rejects!("8/8/8/8/8/8/8/7k w - - 0 1", FenError::MissingKing(Color::White));
    rejects!("8/8/8/8/8/8/8/K7 w - - 0 1", FenError::MissingKing(Color::Black));
    rejects!("8/8/8/8/8/8/8/8 w - - 0 1", FenError::MissingKing(_));
    rejects!("8/8/8/8/8/8/8/K1K4k w - - 0 1", FenError::ExtraKing(Color::White));
    rejects!("k7/8/8/8/8/8/8/K6k w - - 0 1", FenError::ExtraKing(Color::Black));
    rejects!("k7/8/8/8/8/8/8/KP6 w - - 0 1", FenError::PawnOnBackRank(s) if *s == sq("b1"));
    rejects!("k6p/8/8/8/8/8/8/K7 w - - 0 1", FenError::PawnOnBackRank(s) if *s == sq("h8"));
    rejects!("k2P4/8/8/8/8/8/8/K7 w - - 0 1", FenError::PawnOnBackRank(s) if *s == sq("d8"));
    rejects!("k7/8/8/8/8/8/8/K1p5 w - - 0 1", FenError::PawnOnBackRank(s) if *s == sq("c1"));
    rejects!(
        "k7/8/8/8/8/P7/PPPPPPPP/K7 w - - 0 1",
        FenError::TooManyPieces(Color::White)
    );
    rejects!(
        "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1",
        FenError::TooManyPieces(Color::White)
    );
    rejects!(
        "knnn4/pppppppp/8/8/8/8/8/K7 w - - 0 1",
        FenError::TooManyPieces(Color::Black)
    );
    // Promotions that the missing pawns can account for are fine.
    board("kqqqqqqq/8/8/8/8/8/8/K7 w - - 0 1");
    board("knnnbbbr/rrq5/8/8/8/8/8/K7 w - - 0 1");
}

#[test]
fn bad_side_and_check() {
    rejects!("8/8/8/8/8/8/8/K6k x - - 0 1", FenError::BadSideToMove(s) if s == "x");
    rejects!("8/8/8/8/8/8/8/K6k W - - 0 1", FenError::BadSideToMove(s) if s == "W");
    rejects!("8/8/8/8/8/8/8/K6k white - - 0 1", FenError::BadSideToMove(_));
    // Black is in check from the rook on a1, but it is white's turn.
    rejects!("k7/8/8/8/8/8/8/R6K w - - 0 1", FenError::OpponentInCheck);
    rejects!("k7/8/8/8/8/8/1p6/K7 b - - 0 1", FenError::OpponentInCheck);
    // The side to move may be in check.
    assert!(board("k7/8/8/8/8/8/8/R6K b - - 0 1").in_check());
}

#[test]
fn bad_castling() {
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1",
        FenError::BadCastlingChar('x')
    );
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQ- - 0 1",
        FenError::BadCastlingChar('-')
    );
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQ1 - 0 1",
        FenError::BadCastlingChar('1')
    );
    // A bad letter is a bad letter even when the king is off its back rank.
    rejects!(
        "r3k2r/8/8/8/8/8/4K3/R6R w Z - 0 1",
        FenError::BadCastlingChar('Z')
    );
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkqI - 0 1",
        FenError::BadCastlingChar('I')
    );
    // KQkq with the rook missing.
    rejects!(
        "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        FenError::CastlingWithoutKingAndRook('k')
    );
    rejects!(
        "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1",
        FenError::CastlingWithoutKingAndRook('Q')
    );
    // A rook of the wrong colour does not count.
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2r b KQ - 0 1",
        FenError::CastlingWithoutKingAndRook('K')
    );
    // The king off its back rank.
    rejects!(
        "r3k2r/8/8/8/8/8/4K3/R6R w K - 0 1",
        FenError::CastlingWithoutKingAndRook('K')
    );
    rejects!(
        "r6r/4k3/8/8/8/8/8/R3K2R w q - 0 1",
        FenError::CastlingWithoutKingAndRook('q')
    );
    // Shredder letters naming a file without a rook, or the king's own file.
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2R w G - 0 1",
        FenError::CastlingWithoutKingAndRook('G')
    );
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2R w b - 0 1",
        FenError::CastlingWithoutKingAndRook('b')
    );
    rejects!(
        "r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1",
        FenError::CastlingWithoutKingAndRook('E')
    );
    // A knight where the letter points.
    rejects!(
        "r3k2r/8/8/8/8/8/8/RN2K2R w B - 0 1",
        FenError::CastlingWithoutKingAndRook('B')
    );
}

#[test]
fn bad_en_passant() {
    for field in ["e", "e9", "i6", "xx", "e6e6", "E6x", "6e", "--"] {
        let fen = format!("4k3/8/8/3pP3/8/8/8/4K3 w - {field} 0 1");
        rejects!(&fen, FenError::BadEnPassant(s) if s == field);
    }
    // Wrong rank for the side to move.
    rejects!(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",
        FenError::ImpossibleEnPassant(s) if *s == sq("d3")
    );
    rejects!(
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1",
        FenError::ImpossibleEnPassant(s) if *s == sq("d6")
    );
    rejects!(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1",
        FenError::ImpossibleEnPassant(_)
    );
    // No pawn of the side that just moved in front of the square.
    rejects!(
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
        FenError::ImpossibleEnPassant(s) if *s == sq("d6")
    );
    rejects!(
        "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1",
        FenError::ImpossibleEnPassant(_)
    );
    rejects!(
        "4k3/8/8/3nP3/8/8/8/4K3 w - d6 0 1",
        FenError::ImpossibleEnPassant(_)
    );
    // The square itself, or the square the pawn came from, occupied.
    rejects!(
        "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1",
        FenError::ImpossibleEnPassant(s) if *s == sq("d6")
    );
    rejects!(
        "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1",
        FenError::ImpossibleEnPassant(_)
    );
    rejects!(
        "4k3/8/8/8/3pP3/8/4N3/4K3 b - e3 0 1",
        FenError::ImpossibleEnPassant(s) if *s == sq("e3")
    );
}

#[test]
fn bad_counters() {
    for field in ["x", "-1", "70000", "1.5", "0x10", "½"] {
        let fen = format!("8/8/8/8/8/8/8/K6k w - - {field} 1");
        rejects!(&fen, FenError::BadHalfmoveClock(s) if s == field);
        let fen = format!("8/8/8/8/8/8/8/K6k w - - 0 {field}");
        rejects!(&fen, FenError::BadFullmoveNumber(s) if s == field);
    }
}

/// Every error variant has its own, non-empty message.
#[test]
fn error_messages() {
    let errors = [
        FenError::WrongFieldCount(3),
        FenError::WrongRankCount(7),
        FenError::BadPieceLetter('x'),
        FenError::RankTooLong(3),
        FenError::RankTooShort(3),
        FenError::MissingKing(Color::White),
        FenError::ExtraKing(Color::Black),
        FenError::PawnOnBackRank(sq("a1")),
        FenError::TooManyPieces(Color::White),
        FenError::BadSideToMove("x".into()),
        FenError::OpponentInCheck,
        FenError::BadCastlingChar('x'),
        FenError::CastlingWithoutKingAndRook('K'),
        FenError::BadEnPassant("e9".into()),
        FenError::ImpossibleEnPassant(sq("e3")),
        FenError::BadHalfmoveClock("x".into()),
        FenError::BadFullmoveNumber("x".into()),
    ];
    let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    for (i, m) in messages.iter().enumerate() {
        assert!(!m.is_empty());
        assert!(!messages[..i].contains(m), "duplicate message {m}");
    }
    let as_error: Box<dyn std::error::Error> = Box::new(FenError::OpponentInCheck);
    assert!(!as_error.to_string().is_empty());
}

/// Whatever parses must be a usable position.
fn check_parsed(text: &str) {
    if let Ok(b) = Board::from_fen(text) {
        assert!(b.is_consistent(), "{text:?}");
        let moves = b.legal_moves();
        assert_eq!(moves.len() as u64, b.count_legal_moves(), "{text:?}");
        for &mv in moves.iter() {
            assert!(b.play(mv).is_consistent(), "{text:?} {mv:?}");
        }
        let again = Board::from_fen(&b.to_fen()).expect("to_fen output parses");
        assert_eq!(again.to_fen(), b.to_fen());
    }
}

#[test]
fn garbage_never_panics() {
    let long_digits = "8/".repeat(10_000);
    let long_piece = "p".repeat(100_000);
    let fixed: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\0".into(),
        "\n\t\r".into(),
        "/ / / /".into(),
        "////////".into(),
        "//////// w - - 0 1".into(),
        "8/8/8/8/8/8/8/8".into(),
        "♔♕♖♗♘♙ w - - 0 1".into(),
        "8/8/8/8/8/8/8/K6k w - - 0 1 ".repeat(3),
        "8/8/8/8/8/8/8/K6k ß - - 0 1".into(),
        "8/8/8/8/8/8/8/K6k w ẞ - 0 1".into(),
        "8/8/8/8/8/8/8/K6k w - é3 0 1".into(),
        "8/8/8/8/8/8/8/K6k w - e😀 0 1".into(),
        "8/8/8/8/8/8/8/K6k w - - 99999999999999999999999 1".into(),
        format!("{long_digits} w - - 0 1"),
        format!("{long_piece}/8/8/8/8/8/8/K6k w - - 0 1"),
        format!("8/8/8/8/8/8/8/K6k w {} - 0 1", "K".repeat(100_000)),
        "x".repeat(1 << 20),
    ];
    for text in &fixed {
        check_parsed(text);
    }

    let mut rng = StdRng::seed_from_u64(0xBAD_FE4);
    // Random bytes.
    for _ in 0..500 {
        let len = rng.gen_range(0..120);
        let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
        check_parsed(&String::from_utf8_lossy(&bytes));
    }
    // Mutations of valid FENs: characters replaced, deleted, inserted,
    // duplicated or swapped, and fields shuffled.
    let mut seeds: Vec<String> = suite_fens(STANDARD_EPD);
    seeds.extend(suite_fens(FISCHER_EPD).into_iter().take(40));
    seeds.extend(CANONICAL.iter().map(|s| s.to_string()));
    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '7', '8', '9', '0', '/',
        ' ', '-', 'w', 'a', 'c', 'e', 'h', 'A', 'H', 'x', '\u{e9}', '\u{265a}', '\0',
    ];
    let mut accepted = 0;
    for _ in 0..6000 {
        let seed = &seeds[rng.gen_range(0..seeds.len())];
        let mut chars: Vec<char> = seed.chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let n = chars.len();
            match rng.gen_range(0..6) {
                0 if n > 0 => {
                    let i = rng.gen_range(0..n);
                    chars[i] = ALPHABET[rng.gen_range(0..ALPHABET.len())];
                }
                1 if n > 0 => {
                    chars.remove(rng.gen_range(0..n));
                }
                2 => {
                    let i = rng.gen_range(0..=n);
                    chars.insert(i, ALPHABET[rng.gen_range(0..ALPHABET.len())]);
                }
                3 if n > 1 => {
                    let i = rng.gen_range(0..n - 1);
                    chars.swap(i, i + 1);
                }
                4 if n > 0 => {
                    let i = rng.gen_range(0..n);
                    let j = rng.gen_range(i..=n.min(i + 12));
                    let piece: Vec<char> = chars[i..j].to_vec();
                    let at = rng.gen_range(0..=n);
                    chars.splice(at..at, piece);
                }
                _ => {
                    let text: String = chars.iter().collect();
                    let mut fields: Vec<&str> = text.split(' ').collect();
                    let a = rng.gen_range(0..fields.len());
                    let b = rng.gen_range(0..fields.len());
                    fields.swap(a, b);
                    chars = fields.join(" ").chars().collect();
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if Board::from_fen(&text).is_ok() {
            accepted += 1;
        }
        check_parsed(&text);
    }
    // The mutations must exercise both paths.
    assert!(accepted > 200 && accepted < 5000, "accepted {accepted}");
}

/// The rook file of each castling right, found by looking at the board
/// independently of the FEN code.
fn outermost_rook(b: &Board, color: Color, side: CastleSide) -> Option<Square> {
    let king = b.king(color);
    let rooks: Vec<Square> = (b.colored(color, PieceType::Rook)
        & movegen::Bitboard::rank(movegen::back_rank(color)))
    .iter()
    .filter(|r| match side {
        CastleSide::King => r.file() > king.file(),
        CastleSide::Queen => r.file() < king.file(),
    })
    .collect();
    match side {
        CastleSide::King => rooks.last().copied(),
        CastleSide::Queen => rooks.first().copied(),
    }
}

#[test]
fn xfen_and_shredder_fen_agree() {
    let mut compared = 0;
    for fen in suite_fens(FISCHER_EPD).iter().take(200) {
        let shredder = board(fen);
        let fields: Vec<&str> = fen.split(' ').collect();
        if fields[2] == "-" {
            continue;
        }
        // Rewrite each Shredder letter as K/Q where the rook is the outermost.
        let mut xfen_field = String::new();
        for c in fields[2].chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let file = movegen::File::from_char(c).unwrap();
            let rook = Square::from_coords(file, movegen::back_rank(color));
            let side = if file > shredder.king(color).file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            let letter = if outermost_rook(&shredder, color, side) == Some(rook) {
                if side == CastleSide::King {
                    'k'
                } else {
                    'q'
                }
            } else {
                c.to_ascii_lowercase()
            };
            xfen_field.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
        let mut xfen_fields = fields.clone();
        xfen_fields[2] = &xfen_field;
        let xfen = board(&xfen_fields.join(" "));
        assert_eq!(xfen, shredder, "{fen} vs {xfen_field}");
        assert_eq!(xfen.to_fen(), shredder.to_fen());
        for c in fields[2].chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let file = movegen::File::from_char(c).unwrap();
            let side = if file > shredder.king(color).file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            assert!(shredder.castling_rights().has(color, side));
            assert_eq!(shredder.castle_rook(color, side).file(), file, "{fen}");
        }
        compared += 1;
    }
    assert!(compared > 100);

    // Two rooks on one side: K means the outer one, the file letter the inner.
    let outer = board("1k2r2r/8/8/8/8/8/8/1K2R2R w Kk - 0 1");
    assert_eq!(outer.castle_rook(Color::White, CastleSide::King), sq("h1"));
    assert_eq!(outer, board("1k2r2r/8/8/8/8/8/8/1K2R2R w Hh - 0 1"));
    let inner = board("1k2r2r/8/8/8/8/8/8/1K2R2R w Ee - 0 1");
    assert_eq!(inner.castle_rook(Color::White, CastleSide::King), sq("e1"));
    assert_eq!(inner.castle_rook(Color::Black, CastleSide::King), sq("e8"));
    assert_ne!(inner.legal_moves().len(), 0);
    assert!(inner.is_chess960() && outer.is_chess960());
    // A standard setup is not Chess960, in either notation.
    assert!(!board("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").is_chess960());
    assert!(!board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_chess960());
}

#[test]
fn en_passant_square_kept_only_with_a_legal_capture() {
    // A capture exists: kept, written back, and hashed.
    let with = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(with.en_passant(), Some(sq("d6")));
    assert_eq!(with.to_fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let without = board("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    assert_ne!(with.key(), without.key());

    // Black to move.
    let black = board("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
    assert_eq!(black.en_passant(), Some(sq("d3")));
    assert!(black.to_fen().contains(" d3 "));

    // No pawn can capture: dropped, and the key equals the key without it.
    for (fen, plain) in [
        (
            "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1",
        ),
        // The pawn on e5 is white's, but the pawn on f5 is too far.
        (
            "4k3/8/8/3p1P2/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/3p1P2/8/8/8/4K3 w - - 0 1",
        ),
        // The only capture would expose the king along the rank.
        (
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
            "8/8/8/KPp4r/8/8/8/7k w - - 0 1",
        ),
        // The capturing pawn is pinned on a diagonal it would leave.
        (
            "6b1/8/8/2pP4/8/1K6/8/4k3 w - c6 0 1",
            "6b1/8/8/2pP4/8/1K6/8/4k3 w - - 0 1",
        ),
    ] {
        let b = board(fen);
        assert_eq!(b.en_passant(), None, "{fen}");
        assert_eq!(b.to_fen(), plain);
        assert_eq!(b, board(plain), "{fen}");
    }

    // A pawn pinned on the diagonal that the capture moves along may take.
    let along = board("4k3/2b5/8/3pP3/8/6K1/8/8 w - d6 0 1");
    assert_eq!(along.en_passant(), Some(sq("d6")));
    assert!(along.pinned().has(sq("e5")));
}

#[test]
fn equality_is_about_the_position() {
    // Same pieces and rights, but the queen-side right belongs to another rook:
    // different positions (castling would move a different rook).
    let a_rook = board("4k3/8/8/8/8/8/8/RR2K3 w A - 0 1");
    let b_rook = board("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_ne!(a_rook, b_rook);
    // A Chess960 board that has lost its rights equals the standard board
    // parsed from its FEN, although its lost rights' rooks and its notation
    // mode differ.
    let start = board("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    assert!(start.is_chess960());
    let mut b = start;
    for mv in ["g1f1", "g8f8", "f1g1", "f8g8"] {
        b = b.play(b.parse_uci(mv, true).expect(mv));
    }
    let reparsed = board(&b.to_fen());
    assert_eq!(b.to_fen(), "1r4kr/8/8/8/8/8/8/1R4KR w - - 4 3");
    assert!(!reparsed.is_chess960());
    assert_eq!(b, reparsed);
    // The clocks count (the same placement four plies later is another
    // board), and so do the rights held.
    assert_ne!(b, board("1r4kr/8/8/8/8/8/8/1R4KR w - - 0 1"));
    assert_ne!(start, board("1r4kr/8/8/8/8/8/8/1R4KR w - - 0 1"));
}
