//! Property tests over seeded random games: the board stays consistent, the
//! incremental keys match keys computed from scratch, copy-make leaves the
//! parent alone, the generator stages partition the legal moves, `is_legal`
//! agrees with the generator on every candidate move, notation round-trips,
//! null moves keep the board consistent, and games end properly.

mod common;

use common::random_move;
use movegen::{Board, Move, MoveKind, PieceType, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

const GAMES: usize = 240;
const MAX_PLIES: usize = 200;

/// Runs `GAMES` seeded random games from the shared start positions and
/// calls `check` on every position reached (game index, ply, board).
fn for_each_position(seed: u64, games: usize, mut check: impl FnMut(usize, usize, &Board)) {
    let starts = common::random_game_starts();
    let mut rng = StdRng::seed_from_u64(seed);
    for game in 0..games {
        let mut b = starts[game % starts.len()];
        for ply in 0..MAX_PLIES {
            check(game, ply, &b);
            match random_move(&b, &mut rng) {
                Some(mv) => b = b.play(mv),
                None => break,
            }
        }
    }
}

fn sorted_bits(moves: &[Move]) -> Vec<u16> {
    let mut v: Vec<u16> = moves.iter().map(|m| m.to_bits()).collect();
    v.sort_unstable();
    v
}

#[test]
fn boards_stay_consistent_and_copy_make_leaves_the_parent_alone() {
    let mut positions = 0;
    let mut children = 0;
    for_each_position(1, GAMES, |_, _, b| {
        let fen = b.to_fen();
        assert!(b.is_consistent(), "{fen}");
        assert_eq!(b.keys(), b.compute_keys(), "{fen}");
        let saved = *b;
        for &mv in b.legal_moves().iter() {
            let child = b.play(mv);
            assert_eq!(child.keys(), child.compute_keys(), "{fen} {mv:?}");
            assert_eq!(child.side_to_move(), b.side_to_move().flip());
            // The side that moved is never left in check.
            let us = b.side_to_move();
            assert!(
                !child.is_attacked(child.king(us), us.flip(), child.occupied()),
                "{fen} {mv:?}"
            );
            // make_move in place gives the same board as play.
            let mut in_place = *b;
            in_place.make_move(mv);
            assert_eq!(in_place, child);
            children += 1;
        }
        assert_eq!(*b, saved, "play changed the parent");
        positions += 1;
    });
    assert!(positions > 20_000, "{positions}");
    assert!(children > 400_000, "{children}");
}

#[test]
fn noisy_and_quiet_partition_the_legal_moves() {
    for_each_position(2, GAMES, |_, _, b| {
        let fen = b.to_fen();
        let all = b.legal_moves();
        let noisy = b.noisy_moves();
        let quiet = b.quiet_moves();
        assert_eq!(all.len() as u64, b.count_legal_moves(), "{fen}");
        let mut list = movegen::MoveList::new();
        b.generate_into(&mut list);
        assert_eq!(sorted_bits(&list), sorted_bits(&all));
        assert_eq!(b.has_legal_move(), !all.is_empty());

        // No duplicates anywhere.
        let unique: HashSet<u16> = all.iter().map(|m| m.to_bits()).collect();
        assert_eq!(unique.len(), all.len(), "{fen}: duplicate moves");
        let mut union: Vec<Move> = noisy.to_vec();
        union.extend_from_slice(&quiet);
        assert_eq!(sorted_bits(&union), sorted_bits(&all), "{fen}");

        for &mv in noisy.iter() {
            assert!(mv.is_noisy(), "{fen}: {mv:?} among noisy moves");
        }
        for &mv in quiet.iter() {
            assert!(!mv.is_noisy(), "{fen}: {mv:?} among quiet moves");
        }
        // Flags match the board: captures take an enemy piece, promotions
        // are pawns reaching the last rank, double pushes are two squares.
        let us = b.side_to_move();
        for &mv in all.iter() {
            let piece = b.piece_on(mv.from()).expect("a piece moves");
            assert_eq!(piece.color(), us);
            let target = b.piece_on(mv.to());
            match mv.kind() {
                MoveKind::Castle => {
                    assert_eq!(piece.kind(), PieceType::King);
                    assert_eq!(target.map(|p| (p.color(), p.kind())), Some((us, PieceType::Rook)));
                }
                MoveKind::EnPassant => {
                    assert_eq!(Some(mv.to()), b.en_passant());
                    assert_eq!(target, None);
                    assert_eq!(b.captured_piece(mv), Some(PieceType::Pawn));
                }
                _ => {
                    let captures = target.is_some();
                    assert_eq!(mv.is_capture(), captures, "{fen}: {mv:?}");
                    if let Some(t) = target {
                        assert_eq!(t.color(), us.flip());
                        assert_ne!(t.kind(), PieceType::King);
                    }
                    assert_eq!(b.captured_piece(mv), target.map(|p| p.kind()));
                    let pawn = piece.kind() == PieceType::Pawn;
                    let last_rank = mv.to().rank() == movegen::back_rank(us.flip());
                    assert_eq!(mv.is_promotion(), pawn && last_rank, "{fen}: {mv:?}");
                    let distance = (mv.to().index() as i32 - mv.from().index() as i32).abs();
                    assert_eq!(
                        mv.kind() == MoveKind::DoublePush,
                        pawn && distance == 16,
                        "{fen}: {mv:?}"
                    );
                }
            }
            assert_eq!(b.moved_piece(mv), Some(piece));
        }
    });
}

/// Every move the constructors can build from `from` to `to`.
fn candidates(from: Square, to: Square) -> Vec<Move> {
    let mut v = vec![
        Move::quiet(from, to),
        Move::double_push(from, to),
        Move::capture(from, to),
        Move::en_passant(from, to),
        Move::castle(from, to),
    ];
    for piece in [
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ] {
        v.push(Move::promotion(from, to, piece, false));
        v.push(Move::promotion(from, to, piece, true));
    }
    v
}

/// Positions sampled from random games, plus positions rich in special moves.
fn sample_positions(every: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for_each_position(3, 60, |_, ply, b| {
        if ply % every == 0 || b.en_passant().is_some() || b.in_check() {
            out.push(*b);
        }
    });
    for fen in [
        common::KIWIPETE,
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        "7k/8/8/8/8/8/8/rR1K4 w B - 0 1",
        "4k3/8/8/8/8/8/8/4KR2 w F - 0 1",
    ] {
        out.push(common::board(fen));
    }
    out
}

#[test]
fn is_legal_agrees_with_generation_on_every_constructed_move() {
    let positions = sample_positions(16);
    assert!(positions.len() > 100, "{}", positions.len());
    for b in &positions {
        let fen = b.to_fen();
        let legal = b.legal_moves();
        for &mv in legal.iter() {
            assert!(b.is_pseudo_legal(mv), "{fen}: {mv:?} not pseudo-legal");
            assert!(b.is_legal(mv), "{fen}: {mv:?} not legal");
        }
        let mut found = 0;
        for from in Square::all() {
            for to in Square::all() {
                for mv in candidates(from, to) {
                    let expected = legal.contains(mv);
                    assert_eq!(b.is_legal(mv), expected, "{fen}: {mv:?}");
                    if expected {
                        found += 1;
                    }
                }
            }
        }
        assert_eq!(found, legal.len(), "{fen}");
        assert!(!b.is_legal(Move::NONE));
        assert!(!b.is_pseudo_legal(Move::NONE));
    }
}

/// The hash table hands back raw 16-bit moves: every bit pattern, not only
/// those the constructors build, must be judged exactly.
#[test]
fn is_legal_agrees_with_generation_on_every_bit_pattern() {
    let positions = sample_positions(50);
    for b in positions.iter().step_by(2) {
        let fen = b.to_fen();
        let legal = b.legal_moves();
        let mut found = 0;
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            let expected = legal.contains(mv);
            assert_eq!(b.is_legal(mv), expected, "{fen}: {mv:?} ({bits:#06x})");
            found += expected as usize;
        }
        assert_eq!(found, legal.len());
    }
}

#[test]
fn uci_notation_round_trips() {
    // parse_uci is linear in the number of legal moves, so this test is
    // quadratic per position: a quarter of the games is plenty.
    for_each_position(4, GAMES / 4, |_, _, b| {
        let fen = b.to_fen();
        let legal = b.legal_moves();
        let texts: [Vec<String>; 2] =
            [false, true].map(|mode| legal.iter().map(|m| m.to_uci(mode)).collect());
        for (i, &mv) in legal.iter().enumerate() {
            for out_mode in [false, true] {
                let text = &texts[out_mode as usize][i];
                // Unique among the moves of this position in the written form.
                let unique = texts[out_mode as usize].iter().filter(|t| *t == text).count() == 1;
                // King-takes-rook is never ambiguous; e1g1 is unambiguous
                // except in Chess960 setups where the king could also step
                // to the castling destination.
                if out_mode || !b.is_chess960() {
                    assert!(unique, "{fen}: {text} is ambiguous");
                }
                for parse_mode in [false, true] {
                    // A text that means another move in the parsing mode
                    // goes to that move (the parsing mode's form wins).
                    let other = texts[parse_mode as usize]
                        .iter()
                        .enumerate()
                        .any(|(j, t)| j != i && t == text);
                    if unique && !other {
                        assert_eq!(
                            b.parse_uci(text, parse_mode),
                            Ok(mv),
                            "{fen}: {text} written chess960={out_mode}, read chess960={parse_mode}"
                        );
                    }
                }
            }
            if i % 8 == 0 {
                let upper = texts[1][i].to_uppercase();
                assert_eq!(b.parse_uci(&upper, true), Ok(mv), "{fen}: {upper}");
            }
        }
    });
}

#[test]
fn san_round_trips_and_is_unique() {
    let mut mates = 0;
    for_each_position(5, GAMES / 2, |_, _, b| {
        let fen = b.to_fen();
        let legal = b.legal_moves();
        let mut seen = HashSet::new();
        for &mv in legal.iter() {
            let san = b.to_san(mv);
            assert_eq!(b.parse_san(&san), Ok(mv), "{fen}: {san}");
            assert!(seen.insert(san.clone()), "{fen}: {san} twice");
            // The check suffix matches the position after the move.
            let after = b.play(mv);
            let suffix = match (after.in_check(), after.has_legal_move()) {
                (true, true) => "+",
                (true, false) => "#",
                _ => "",
            };
            if suffix == "#" {
                mates += 1;
            }
            let core = san.trim_end_matches(['+', '#']);
            assert_eq!(&san[core.len()..], suffix, "{fen}: {san}");
            // The move parses without its suffix too.
            assert_eq!(b.parse_san(core), Ok(mv), "{fen}: {core}");
        }
    });
    assert!(mates > 0);
}

#[test]
fn null_moves_flip_the_side_and_keep_keys_consistent() {
    let mut nulls = 0;
    for_each_position(6, GAMES, |_, _, b| {
        if b.in_check() {
            return;
        }
        let fen = b.to_fen();
        let n = b.play_null();
        assert!(n.is_consistent(), "{fen}");
        assert_eq!(n.side_to_move(), b.side_to_move().flip());
        assert_eq!(n.en_passant(), None);
        assert_eq!(n.occupied(), b.occupied());
        assert_eq!(n.castling_rights(), b.castling_rights());
        assert_eq!(n.pawn_key(), b.pawn_key());
        assert_ne!(n.key(), b.key());
        if n.in_check() {
            // The side that passed gave check: a null move cannot follow.
            return;
        }
        let back = n.play_null();
        assert!(back.is_consistent());
        if b.en_passant().is_none() {
            assert_eq!(back.key(), b.key(), "{fen}");
            assert_eq!(back.legal_moves().len(), b.legal_moves().len());
        }
        // Moves after a null move are consistent too.
        for &mv in n.legal_moves().iter() {
            assert!(n.play(mv).is_consistent(), "{fen} null {mv:?}");
        }
        nulls += 1;
    });
    assert!(nulls > 10_000);
}

#[test]
fn random_games_end_properly() {
    let starts = common::random_game_starts();
    let mut rng = StdRng::seed_from_u64(7);
    let (mut mates, mut stalemates) = (0, 0);
    for game in 0..GAMES * 2 {
        let mut b = starts[game % starts.len()];
        let mut last_san = String::new();
        for _ in 0..MAX_PLIES * 2 {
            let moves = b.legal_moves();
            if moves.is_empty() {
                assert_eq!(b.count_legal_moves(), 0);
                assert!(b.noisy_moves().is_empty() && b.quiet_moves().is_empty());
                if b.in_check() {
                    mates += 1;
                    assert!(last_san.ends_with('#'), "{}: {last_san}", b.to_fen());
                } else {
                    stalemates += 1;
                    assert!(!last_san.ends_with(['#', '+']), "{last_san}");
                }
                break;
            }
            assert!(!last_san.ends_with('#'), "{}: {last_san}", b.to_fen());
            // Bias towards captures so that games reach bare endings.
            let noisy = b.noisy_moves();
            let mv = if !noisy.is_empty() && rng.gen_bool(0.7) {
                noisy[rng.gen_range(0..noisy.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            last_san = b.to_san(mv);
            b = b.play(mv);
        }
    }
    assert!(mates > 0, "no random game ended in mate");
    assert!(stalemates > 0, "no random game ended in stalemate");
}

#[test]
fn gives_check_agrees_with_playing_the_move() {
    let mut boards = sample_positions(1);
    for fen in [
        // En passant that uncovers a rook's check on the fifth rank, and a
        // bishop's check along a diagonal through the captured pawn.
        "8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1",
        "8/8/8/3pP3/8/1k6/8/4K2B w - d6 0 1",
        // Promotions (and under-promotions) that check directly or by discovery.
        "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "kn6/P7/8/8/8/8/8/R3K3 w - - 0 1",
        // Discovered checks by moving a blocker off a rook's file and a bishop's diagonal.
        "4k3/8/8/4N3/8/8/8/4R1K1 w - - 0 1",
        "7k/8/5N2/8/8/8/1B6/6K1 w - - 0 1",
        // Blockers that stay on the line: a pawn pushed up a rook's file, a
        // bishop sliding along a queen's diagonal (checking when it takes on g7).
        "4k3/8/8/8/4P3/8/8/4R1K1 w - - 0 1",
        "7k/6p1/8/8/3B4/8/1Q6/6K1 w - - 0 1",
    ] {
        boards.push(common::board(fen));
    }
    let (mut checks, mut moves) = (0, 0);
    for b in &boards {
        let check_squares = b.check_squares();
        for &mv in b.legal_moves().iter() {
            let expected = b.play(mv).in_check();
            assert_eq!(b.gives_check(mv), expected, "{} {mv:?}", b.to_fen());
            assert_eq!(
                check_squares.gives_check(b, mv),
                expected,
                "{} {mv:?}",
                b.to_fen()
            );
            moves += 1;
            checks += usize::from(expected);
        }
    }
    assert!(checks > 100, "only {checks} checking moves among {moves}");
}

#[test]
fn mirrored_positions_are_twins() {
    // The colour-mirrored twin has the mirrored moves, so the same perft
    // counts, the other side to move, and mirroring twice gives the position back.
    for b in sample_positions(7) {
        let twin = b.mirrored();
        assert_ne!(twin.side_to_move(), b.side_to_move());
        assert_eq!(twin.mirrored(), b, "{}", b.to_fen());
        assert_eq!(twin.in_check(), b.in_check(), "{}", b.to_fen());
        assert_eq!(movegen::perft(&twin, 2), movegen::perft(&b, 2), "{}", b.to_fen());
    }
}
