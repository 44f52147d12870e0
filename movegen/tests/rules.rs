//! Targeted rule tests with exact expectations: castling (standard and
//! Chess960), en passant, promotion, pawn steps, SAN, dead positions by
//! material, and repetition counting.

mod common;

use common::{board, play_uci, sq, uci_moves};
use movegen::{Board, KeyHistory, Move, MoveParseError, PieceType, START_FEN};

fn castles(b: &Board) -> Vec<String> {
    let mut v: Vec<String> = b
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| m.to_uci(true))
        .collect();
    v.sort();
    v
}

fn is_legal_uci(b: &Board, text: &str) -> bool {
    b.parse_uci(text, b.is_chess960()).is_ok()
}

// ----- Castling, standard --------------------------------------------------

#[test]
fn castling_both_ways_when_free() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castles(&b), ["e1a1", "e1h1"]);
    let after = b.play(b.parse_uci("e1g1", false).unwrap());
    assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let after = b.play(b.parse_uci("e1c1", false).unwrap());
    assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    let black = board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(castles(&black), ["e8a8", "e8h8"]);
    let after = black.play(black.parse_uci("e8c8", false).unwrap());
    assert_eq!(after.to_fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
}

#[test]
fn castling_blocked_by_pieces() {
    // Knights on b1 and g1: neither side is free.
    assert!(castles(&board("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1")).is_empty());
    // Only b1 occupied: the king does not cross b1, but the rook does.
    assert_eq!(castles(&board("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1")), ["e1h1"]);
    // An enemy piece on f1 blocks too.
    assert_eq!(castles(&board("r3k2r/8/8/8/8/8/8/R3Kn1R w KQkq - 0 1")), ["e1a1"]);
    // Black: bishop on f8, queen on d8.
    assert!(castles(&board("r2qkb1r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")).is_empty());
}

#[test]
fn castling_out_of_check_is_illegal() {
    let b = board("r3k2r/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(b.in_check());
    assert!(castles(&b).is_empty());
    assert!(!b.is_legal(Move::castle(sq("e1"), sq("h1"))));
    assert!(!b.is_pseudo_legal(Move::castle(sq("e1"), sq("a1"))));
    // Check by a knight.
    assert!(castles(&board("r3k2r/8/8/8/8/8/2n5/R3K2R w KQ - 0 1")).is_empty());
}

#[test]
fn castling_through_or_onto_attacked_squares() {
    // Through f1 (rook on f8): only the long castle.
    assert_eq!(castles(&board("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")), ["e1a1"]);
    // Through d1 (rook on d8): only the short castle.
    assert_eq!(castles(&board("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1")), ["e1h1"]);
    // Onto g1 and onto c1.
    assert_eq!(castles(&board("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1")), ["e1a1"]);
    assert_eq!(castles(&board("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")), ["e1h1"]);
    // Attacks on b1 (only the rook crosses it) and on the rooks themselves
    // do not matter.
    assert_eq!(
        castles(&board("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")),
        ["e1a1", "e1h1"]
    );
    assert_eq!(
        castles(&board("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1")),
        ["e1a1", "e1h1"]
    );
    // A pawn attack on f1 and a bishop attack on d1.
    assert_eq!(castles(&board("4k3/8/8/8/8/8/6p1/R3K2R w KQ - 0 1")), ["e1a1"]);
    assert_eq!(castles(&board("4k3/8/8/8/8/5b2/8/R3K2R w KQ - 0 1")), ["e1h1"]);
}

#[test]
fn castling_rights_lost_by_moves_and_captures() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let rook_move = play_uci(&b, &["h1h2"]);
    assert_eq!(rook_move[0].to_fen(), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
    let capture = play_uci(&b, &["a1a8"]);
    assert_eq!(capture[0].to_fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    let king = play_uci(&b, &["e1e2", "e8d8", "e2e1"]);
    assert_eq!(king[2].to_fen(), "r2k3r/8/8/8/8/8/8/R3K2R b - - 3 2");
    assert!(castles(&king[2]).is_empty());
}

#[test]
fn standard_castling_accepts_both_uci_forms() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = Move::castle(sq("e1"), sq("h1"));
    let long = Move::castle(sq("e1"), sq("a1"));
    for mode in [false, true] {
        assert_eq!(b.parse_uci("e1g1", mode), Ok(short));
        assert_eq!(b.parse_uci("e1h1", mode), Ok(short));
        assert_eq!(b.parse_uci("e1c1", mode), Ok(long));
        assert_eq!(b.parse_uci("e1a1", mode), Ok(long));
    }
    assert_eq!(short.to_uci(false), "e1g1");
    assert_eq!(short.to_uci(true), "e1h1");
    assert_eq!(long.to_uci(false), "e1c1");
    assert_eq!(long.to_uci(true), "e1a1");
    assert_eq!(b.to_san(short), "O-O");
    assert_eq!(b.to_san(long), "O-O-O");
    // Without the right, neither form is accepted.
    let no_rights = board("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(matches!(
        no_rights.parse_uci("e1g1", false),
        Err(MoveParseError::Illegal(_))
    ));
    assert!(matches!(
        no_rights.parse_uci("e1h1", true),
        Err(MoveParseError::Illegal(_))
    ));
}

// ----- Castling, Chess960 --------------------------------------------------

#[test]
fn chess960_castling_with_the_king_in_place() {
    // King on g1: the short castle moves only the rook (h1 to f1).
    let b = board("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    assert!(b.is_chess960());
    assert_eq!(castles(&b), ["g1b1", "g1h1"]);
    let short = Move::castle(sq("g1"), sq("h1"));
    assert_eq!(short.to_uci(true), "g1h1");
    assert_eq!(short.to_uci(false), "g1g1");
    assert_eq!(b.parse_uci("g1h1", true), Ok(short));
    assert_eq!(b.parse_uci("g1g1", false), Ok(short));
    assert_eq!(b.parse_uci("g1g1", true), Ok(short));
    assert_eq!(b.parse_san("O-O"), Ok(short));
    let after = b.play(short);
    // Both black rooks are the outermost ones, so X-FEN letters come out.
    assert_eq!(after.to_fen(), "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1");
    assert!(after.is_consistent());
    // The long castle: king g1 to c1, rook b1 to d1.
    let long = b.play(Move::castle(sq("g1"), sq("b1")));
    assert_eq!(long.to_fen(), "1r4kr/8/8/8/8/8/8/2KR3R b kq - 1 1");
    // The same position in X-FEN.
    assert_eq!(board("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1"), b);
}

#[test]
fn chess960_castling_with_the_rook_in_place() {
    // Rook already on f1: the short castle moves only the king.
    let b = board("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
    assert_eq!(b, board("4k3/8/8/8/8/8/8/4KR2 w K - 0 1"));
    let short = Move::castle(sq("e1"), sq("f1"));
    assert_eq!(castles(&b), ["e1f1"]);
    assert_eq!(b.parse_uci("e1f1", true), Ok(short));
    // "e1f1" read as a standard move would be a king step onto its own rook.
    assert_eq!(b.parse_uci("e1f1", false), Ok(short));
    assert_eq!(b.parse_uci("e1g1", false), Ok(short));
    assert_eq!(b.parse_uci("e1g1", true), Ok(short));
    assert_eq!(b.play(short).to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Queen side: rook already on d1, the king goes from e1 to c1.
    let long = board("4k3/8/8/8/8/8/8/3RK3 w D - 0 1");
    assert_eq!(long, board("4k3/8/8/8/8/8/8/3RK3 w Q - 0 1"));
    assert_eq!(castles(&long), ["e1d1"]);
    assert_eq!(long.to_san(Move::castle(sq("e1"), sq("d1"))), "O-O-O");
    assert_eq!(
        long.parse_uci("e1c1", false),
        Ok(Move::castle(sq("e1"), sq("d1")))
    );
    assert_eq!(
        long.play(Move::castle(sq("e1"), sq("d1"))).to_fen(),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
    // King c1 and rook d1 form a king-side right: "O-O" carries the king
    // across the board to g1 and the rook to f1.
    let across = board("2k5/8/8/8/8/8/8/2KR4 w D - 0 1");
    assert_eq!(castles(&across), ["c1d1"]);
    let short = Move::castle(sq("c1"), sq("d1"));
    assert_eq!(across.to_san(short), "O-O");
    assert_eq!(short.to_uci(false), "c1g1");
    assert_eq!(across.play(short).to_fen(), "2k5/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn chess960_castling_rook_that_shields_the_destination() {
    // White king d1, castling rook b1, black rook a1. Castling long puts the
    // king on c1, where the a1 rook attacks it once the b1 rook has moved.
    let b = board("7k/8/8/8/8/8/8/rR1K4 w B - 0 1");
    assert!(!b.in_check());
    assert!(castles(&b).is_empty());
    let long = Move::castle(sq("d1"), sq("b1"));
    assert!(!b.is_legal(long));
    assert!(!b.is_pseudo_legal(long));
    assert!(b.parse_uci("d1b1", true).is_err());
    assert!(b.parse_san("O-O-O").is_err());
    // Without the black rook the castle is legal.
    let free = board("7k/8/8/8/8/8/8/1R1K4 w B - 0 1");
    assert_eq!(castles(&free), ["d1b1"]);
    assert_eq!(free.play(long).to_fen(), "7k/8/8/8/8/8/8/2KR4 b - - 1 1");
    // King side: king f1, rook g1, black rook h1 attacks g1 once the rook
    // leaves it.
    let short = board("7k/8/8/8/8/8/8/5KRr w G - 0 1");
    assert!(castles(&short).is_empty());
}

#[test]
fn chess960_castling_needs_the_rook_path_free() {
    // King b1, rook h1: the rook's path to f1 and the king's to g1 must be
    // empty except for king and rook themselves.
    let free = board("6k1/8/8/8/8/8/8/1K5R w H - 0 1");
    assert_eq!(castles(&free), ["b1h1"]);
    assert_eq!(
        free.play(Move::castle(sq("b1"), sq("h1"))).to_fen(),
        "6k1/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    let blocked = board("6k1/8/8/8/8/8/8/1K1N3R w H - 0 1");
    assert!(castles(&blocked).is_empty());
    // King b1, rook a1: the king steps to c1 and the rook jumps to d1.
    let long = board("6k1/8/8/8/8/8/8/RK6 w A - 0 1");
    assert_eq!(castles(&long), ["b1a1"]);
    // In Chess960 mode "b1c1" is the king step; "b1a1" is the castle.
    let castle = Move::castle(sq("b1"), sq("a1"));
    assert_eq!(long.parse_uci("b1a1", true), Ok(castle));
    assert_eq!(long.parse_uci("b1c1", true), Ok(Move::quiet(sq("b1"), sq("c1"))));
    assert_eq!(long.play(castle).to_fen(), "6k1/8/8/8/8/8/8/2KR4 b - - 1 1");
}

// ----- En passant and pawns -------------------------------------------------

#[test]
fn en_passant_only_right_after_the_double_step() {
    let start = board("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1");
    let after = play_uci(&start, &["d2d4"]);
    assert_eq!(after[0].en_passant(), Some(sq("d3")));
    assert!(after[0]
        .legal_moves()
        .contains(Move::en_passant(sq("e4"), sq("d3"))));
    let captured = play_uci(&start, &["d2d4", "e4d3"]);
    assert_eq!(captured[1].to_fen(), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
    // One tempo later the chance is gone.
    let later = play_uci(&start, &["d2d4", "e8d8", "e1d1"]);
    assert_eq!(later[2].en_passant(), None);
    assert!(!is_legal_uci(&later[2], "e4d3"));
    assert!(!later[2].is_legal(Move::en_passant(sq("e4"), sq("d3"))));
    // A single step gives no en passant.
    let single = play_uci(&start, &["d2d3"]);
    assert_eq!(single[0].en_passant(), None);
    assert!(single[0]
        .legal_moves()
        .contains(Move::capture(sq("e4"), sq("d3"))));
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank() {
    let b = board("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    let ep = Move::en_passant(sq("b5"), sq("c6"));
    assert!(!b.is_legal(ep));
    assert!(!b.legal_moves().contains(ep));
    assert!(matches!(
        b.parse_uci("b5c6", false),
        Err(MoveParseError::Illegal(_))
    ));
    // The same position reached by play: black's c7-c5 leaves no en passant.
    let before = board("8/2p5/8/KP5r/8/8/8/7k b - - 0 1");
    let after = play_uci(&before, &["c7c5"]);
    assert_eq!(after[0].en_passant(), None);
    assert_eq!(after[0].to_fen(), "8/8/8/KPp4r/8/8/8/7k w - - 0 2");
    // With the rook gone, the capture is legal.
    let free = board("8/8/8/KPp5/8/8/8/7k w - c6 0 1");
    assert!(free.is_legal(ep));
    assert_eq!(free.play(ep).to_fen(), "8/8/2P5/K7/8/8/8/7k b - - 0 1");
}

#[test]
fn en_passant_captures_a_checking_pawn() {
    // d2-d4 gave check to the king on c5 (black to move): exd3 removes the
    // checker.
    let b = board("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(b.in_check());
    let ep = Move::en_passant(sq("e4"), sq("d3"));
    assert!(b.legal_moves().contains(ep));
    assert_eq!(b.to_san(ep), "exd3");
    assert!(!b.play(ep).in_check());
}

#[test]
fn promotion_to_all_four_pieces() {
    let b = board("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    let mut promos: Vec<String> = b
        .legal_moves()
        .iter()
        .filter(|m| m.is_promotion())
        .map(|m| m.to_uci(false))
        .collect();
    promos.sort();
    assert_eq!(
        promos,
        ["a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"]
    );
    for (piece, letter) in [
        (PieceType::Queen, 'q'),
        (PieceType::Rook, 'r'),
        (PieceType::Bishop, 'b'),
        (PieceType::Knight, 'n'),
    ] {
        let push = Move::promotion(sq("a7"), sq("a8"), piece, false);
        let capture = Move::promotion(sq("a7"), sq("b8"), piece, true);
        assert_eq!(b.parse_uci(&format!("a7a8{letter}"), false), Ok(push));
        assert_eq!(b.parse_uci(&format!("a7b8{letter}"), false), Ok(capture));
        let after = b.play(capture);
        assert_eq!(after.piece_on(sq("b8")).map(|p| p.kind()), Some(piece));
        assert_eq!(after.halfmove_clock(), 0);
        assert!(after.is_consistent());
    }
    // A promotion needs its piece: a7a8 alone is not a move.
    assert!(b.parse_uci("a7a8", false).is_err());
    assert!(b.parse_uci("a7a8k", false).is_err());
    // Black promotes downwards.
    let black = board("k7/8/8/8/8/8/6p1/K7 b - - 0 1");
    assert_eq!(
        black.play(black.parse_uci("g2g1n", false).unwrap()).to_fen(),
        "k7/8/8/8/8/8/8/K5n1 w - - 0 2"
    );
}

#[test]
fn double_pawn_step_blocked() {
    // A piece on e3 blocks both steps.
    let both = board("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert!(!uci_moves(&both, false).iter().any(|m| m.starts_with("e2")));
    assert!(!both.is_legal(Move::double_push(sq("e2"), sq("e4"))));
    // A piece on e4 blocks only the double step.
    let double = board("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1");
    let moves = uci_moves(&double, false);
    assert!(moves.contains(&"e2e3".to_string()));
    assert!(!moves.contains(&"e2e4".to_string()));
    assert!(!double.is_legal(Move::double_push(sq("e2"), sq("e4"))));
    // Only from the start rank.
    let moved = board("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    assert!(!moved.is_legal(Move::double_push(sq("e3"), sq("e5"))));
    assert_eq!(
        uci_moves(&moved, false)
            .iter()
            .filter(|m| m.starts_with("e3"))
            .collect::<Vec<_>>(),
        ["e3e4"]
    );
}

// ----- SAN ------------------------------------------------------------------

#[test]
fn san_examples() {
    // Two knights reach d7: disambiguation by file.
    let knights = board("rn2k3/8/5n2/8/8/8/8/4K3 b - - 0 1");
    let nbd7 = knights.parse_san("Nbd7").unwrap();
    assert_eq!((nbd7.from(), nbd7.to()), (sq("b8"), sq("d7")));
    assert_eq!(knights.to_san(nbd7), "Nbd7");
    assert_eq!(knights.to_san(Move::quiet(sq("f6"), sq("d7"))), "Nfd7");
    assert!(matches!(
        knights.parse_san("Nd7"),
        Err(MoveParseError::Ambiguous(_))
    ));
    // En passant.
    let ep = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(ep.to_san(Move::en_passant(sq("e5"), sq("d6"))), "exd6");
    assert_eq!(ep.parse_san("exd6"), Ok(Move::en_passant(sq("e5"), sq("d6"))));
    // Long castling.
    let castle = board("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert_eq!(castle.to_san(Move::castle(sq("e8"), sq("a8"))), "O-O-O");
    assert_eq!(castle.parse_san("O-O-O"), Ok(Move::castle(sq("e8"), sq("a8"))));
    assert_eq!(castle.parse_san("0-0-0"), Ok(Move::castle(sq("e8"), sq("a8"))));
    assert!(castle.parse_san("O-O").is_err());
    // Promotion with check.
    let promo = board("7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let q = Move::promotion(sq("e7"), sq("e8"), PieceType::Queen, false);
    assert_eq!(promo.to_san(q), "e8=Q+");
    assert_eq!(promo.parse_san("e8=Q+"), Ok(q));
    assert_eq!(promo.parse_san("e8Q"), Ok(q));
    assert_eq!(
        promo.to_san(Move::promotion(sq("e7"), sq("e8"), PieceType::Rook, false)),
        "e8=R+"
    );
    assert_eq!(
        promo.to_san(Move::promotion(sq("e7"), sq("e8"), PieceType::Knight, false)),
        "e8=N"
    );
    assert!(promo.parse_san("e8").is_err());
    // Disambiguation by rank: rooks on a1 and a5.
    let rooks = board("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(rooks.to_san(Move::quiet(sq("a1"), sq("a3"))), "R1a3");
    assert_eq!(rooks.to_san(Move::quiet(sq("a5"), sq("a3"))), "R5a3");
    assert_eq!(rooks.parse_san("R5a3"), Ok(Move::quiet(sq("a5"), sq("a3"))));
    // Disambiguation by square: queens on a1, a3 and c1 all reach b2.
    let queens = board("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_eq!(queens.to_san(Move::quiet(sq("a1"), sq("b2"))), "Qa1b2");
    assert_eq!(queens.to_san(Move::quiet(sq("a3"), sq("b2"))), "Q3b2");
    assert_eq!(queens.to_san(Move::quiet(sq("c1"), sq("b2"))), "Qcb2");
    assert_eq!(queens.parse_san("Qa1b2"), Ok(Move::quiet(sq("a1"), sq("b2"))));
    assert!(matches!(
        queens.parse_san("Qab2"),
        Err(MoveParseError::Ambiguous(_))
    ));
    // A pinned rival does not force disambiguation.
    let pin = board("4k3/8/8/b7/8/2N3N1/8/4K3 w - - 0 1");
    // The c3 knight is pinned by the a5 bishop; only Ng3 reaches e2.
    assert_eq!(pin.to_san(Move::quiet(sq("g3"), sq("e2"))), "Ne2");
    // Mate.
    let fools = play_uci(&Board::startpos(), &["f2f3", "e7e5", "g2g4"]);
    let mate = fools[2].parse_san("Qh4").unwrap();
    assert_eq!(fools[2].to_san(mate), "Qh4#");
    // Lenient input and errors.
    let start = Board::startpos();
    assert_eq!(start.parse_san("Ng1f3"), start.parse_san("Nf3"));
    assert_eq!(start.parse_san("Nf3!?"), start.parse_san("Nf3"));
    assert!(matches!(start.parse_san("Nf4"), Err(MoveParseError::Illegal(_))));
    assert!(matches!(start.parse_san(""), Err(MoveParseError::Malformed(_))));
    assert!(matches!(
        start.parse_san("Zz9"),
        Err(MoveParseError::Malformed(_))
    ));
    assert!(matches!(
        start.parse_uci("e2e9", false),
        Err(MoveParseError::Malformed(_))
    ));
    assert!(matches!(
        start.parse_uci("e2e5", false),
        Err(MoveParseError::Illegal(_))
    ));
    assert!(matches!(
        start.parse_uci("é2e4", false),
        Err(MoveParseError::Malformed(_))
    ));
    for e in [
        MoveParseError::Malformed("x".into()),
        MoveParseError::Illegal("x".into()),
        MoveParseError::Ambiguous("x".into()),
    ] {
        assert!(!e.to_string().is_empty());
    }
}

// ----- Check, mate, stalemate -------------------------------------------------

#[test]
fn mate_and_stalemate() {
    let mate = board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mate.in_check());
    assert_eq!(mate.count_legal_moves(), 0);
    let stalemate = board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!stalemate.in_check());
    assert_eq!(stalemate.count_legal_moves(), 0);
    assert!(stalemate.legal_moves().is_empty());
    // Double check: only king moves.
    let double = board("4k3/8/8/8/8/3n4/8/R3K2r w Q - 0 1");
    assert_eq!(double.checkers().count(), 2);
    assert!(double.legal_moves().iter().all(|m| m.from() == sq("e1")));
}

// ----- Dead positions by material ----------------------------------------------

#[test]
fn insufficient_material() {
    let cases = [
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", true, "K v K"),
        ("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true, "KB v K"),
        ("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", true, "KN v K"),
        ("8/8/8/1n2k3/8/8/8/4K3 w - - 0 1", true, "K v KN"),
        // c1 and f8 are both dark squares.
        ("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true, "KB v KB, same colour"),
        (
            "5b2/8/8/4k3/8/8/8/2BBK3 w - - 0 1",
            false,
            "KBB v KB, bishops on both colours",
        ),
        (
            "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
            false,
            "KB v KB, opposite colours",
        ),
        ("8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", true, "KBB v K, same colour"),
        // Mate with two knights cannot be forced but can happen, so K+N+N v K
        // is not dead under FIDE's "no sequence of legal moves" rule, and this
        // function only answers for dead positions.
        ("8/8/8/4k3/8/8/8/1N2KN2 w - - 0 1", false, "KNN v K"),
        ("8/8/8/1n2k3/8/8/8/1N2K3 w - - 0 1", false, "KN v KN"),
        ("8/8/8/1n2k3/8/8/8/2B1K3 w - - 0 1", false, "KB v KN"),
        ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false, "KP v K"),
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", false, "KR v K"),
        ("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", false, "KQ v K"),
    ];
    for (fen, dead, name) in cases {
        assert_eq!(board(fen).is_insufficient_material(), dead, "{name}");
    }
    assert!(!Board::startpos().is_insufficient_material());
}

// ----- Repetition --------------------------------------------------------------

#[test]
fn key_history_counts_knight_shuffles() {
    let start = Board::startpos();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut moves: Vec<&str> = Vec::new();
    moves.extend(shuffle);
    moves.extend(shuffle);
    let boards = play_uci(&start, &moves);
    let mut history = KeyHistory::new();
    history.push(start.key());
    let mut counts = Vec::new();
    for b in &boards {
        history.push(b.key());
        counts.push(history.earlier_occurrences(b.halfmove_clock()));
    }
    // The start position returns after plies 4 and 8; nothing else repeats
    // until the second cycle, whose positions each occurred once before.
    assert_eq!(counts, [0, 0, 0, 1, 1, 1, 1, 2]);
    assert_eq!(boards[3].key(), start.key());
    assert_eq!(boards[7].key(), start.key());
    assert_eq!(boards[7].halfmove_clock(), 8);
    assert_eq!(history.len(), 9);

    // The window: only the last `halfmove_clock` plies count.
    assert_eq!(history.earlier_occurrences(8), 2);
    assert_eq!(history.earlier_occurrences(7), 1);
    assert_eq!(history.earlier_occurrences(4), 1);
    assert_eq!(history.earlier_occurrences(3), 0);
    assert_eq!(history.earlier_occurrences(0), 0);
    assert_eq!(history.earlier_occurrences(u16::MAX), 2);

    // Pop back to the first repetition.
    for _ in 0..4 {
        history.pop();
    }
    assert_eq!(history.earlier_occurrences(4), 1);
    history.clear();
    assert!(history.is_empty());
    assert_eq!(history.earlier_occurrences(100), 0);
}

#[test]
fn key_history_respects_irreversible_moves() {
    // A pawn move in the middle resets the clock: positions before it are
    // out of the window even if the keys matched.
    let start = Board::startpos();
    let moves = [
        "g1f3", "g8f6", "f3g1", "f6g8", // start position again
        "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    let boards = play_uci(&start, &moves);
    let mut history = KeyHistory::new();
    history.push(start.key());
    let mut counts = Vec::new();
    for b in &boards {
        history.push(b.key());
        counts.push(history.earlier_occurrences(b.halfmove_clock()));
    }
    assert_eq!(counts, [0, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
    assert_eq!(boards[9].halfmove_clock(), 4);
    // The same keys, but black to move, never match white-to-move positions.
    let fen_white = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let fen_black = "4k3/8/8/8/8/8/8/4K3 b - - 0 1";
    assert_ne!(board(fen_white).key(), board(fen_black).key());
}

#[test]
fn start_position_basics() {
    let b = Board::startpos();
    assert_eq!(b.to_fen(), START_FEN);
    assert_eq!(b, Board::default());
    assert_eq!(b.legal_moves().len(), 20);
    assert_eq!(b.noisy_moves().len(), 0);
    assert!(!b.is_chess960());
    assert!(b.is_consistent());
}

// ----- Robustness --------------------------------------------------------------

#[test]
fn clocks_saturate_at_their_limit() {
    // A FEN may set the half-move clock to u16::MAX; moves and null moves
    // must not overflow it.
    let b = board("4k3/8/8/8/8/8/8/4K3 w - - 65535 65535");
    let after = b.play(b.parse_uci("e1d1", false).unwrap());
    assert_eq!(after.halfmove_clock(), u16::MAX);
    assert_eq!(b.play_null().halfmove_clock(), u16::MAX);
    let black = after.play(after.parse_uci("e8d8", false).unwrap());
    assert_eq!(black.fullmove_number(), u16::MAX);
    assert!(black.is_consistent());
}

#[test]
fn raw_moves_with_unused_flag_values_are_illegal() {
    // Flags 5-7 set the capture bit together with a low bit; no constructor
    // builds them, so a hash-table move with them must be rejected even when
    // from and to match a legal capture (here g2xh3 in Kiwipete).
    let b = board(common::KIWIPETE);
    let capture = Move::capture(sq("g2"), sq("h3"));
    assert!(b.is_legal(capture));
    for flags in 5u16..=7 {
        let mv = Move::from_bits(capture.to_bits() & 0x0FFF | flags << 12);
        assert!(!b.is_pseudo_legal(mv), "{mv:?}");
        assert!(!b.is_legal(mv), "{mv:?}");
    }
}
