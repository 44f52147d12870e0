//! The evaluation terms, written once and generic over a [`Sink`]. Every term
//! is "parameter P applies N times for side C"; the sink decides whether that
//! becomes a score, a tuning coefficient or a line of the trace.

use crate::masks::{
    adjacent_files, attack_span, distance, file_mask, forward, front_span, passed_span, pawn_attacks_set,
    ranks_ahead,
};
use crate::params::*;
use crate::sink::Sink;
use movegen::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use movegen::{Bitboard, Board, Color, PieceType};

/// Attack maps and other facts gathered while the pieces are evaluated and
/// used again by king safety, passed pawns and threats.
pub(crate) struct Context {
    pub pawn_attacks: [Bitboard; 2],
    pub attacks_by: [[Bitboard; 6]; 2],
    pub all_attacks: [Bitboard; 2],
    pub king_zone: [Bitboard; 2],
    /// Pieces of each side attacking the other side's king zone.
    pub king_attackers: [i32; 2],
}

impl Context {
    fn new(board: &Board) -> Context {
        let mut ctx = Context {
            pawn_attacks: [Bitboard::EMPTY; 2],
            attacks_by: [[Bitboard::EMPTY; 6]; 2],
            all_attacks: [Bitboard::EMPTY; 2],
            king_zone: [Bitboard::EMPTY; 2],
            king_attackers: [0; 2],
        };
        for c in Color::ALL {
            let pawns = pawn_attacks_set(c, board.colored(c, PieceType::Pawn));
            let king = board.king(c);
            ctx.pawn_attacks[c.index()] = pawns;
            ctx.attacks_by[c.index()][PieceType::Pawn.index()] = pawns;
            ctx.attacks_by[c.index()][PieceType::King.index()] = king_attacks(king);
            ctx.all_attacks[c.index()] = pawns | king_attacks(king);
            ctx.king_zone[c.index()] = king_attacks(king).with(king);
        }
        ctx
    }
}

/// Adds every term of `board` to `sink`; the pawn-structure part goes through
/// `pawn_structure`, which the caller may have cached.
pub(crate) fn evaluate_pieces<S: Sink>(board: &Board, sink: &mut S, passed: [Bitboard; 2]) {
    let mut ctx = Context::new(board);
    for c in Color::ALL {
        material_and_placement(board, sink, c);
        pieces(board, sink, &mut ctx, c);
    }
    for c in Color::ALL {
        king_safety(board, sink, &ctx, c);
        passed_pawns(board, sink, &ctx, c, passed[c.index()]);
        threats(board, sink, &ctx, c);
    }
    sink.add(board.side_to_move(), TEMPO, 1);
}

fn material_and_placement<S: Sink>(board: &Board, sink: &mut S, c: Color) {
    for kind in PieceType::ALL {
        for sq in board.colored(c, kind) {
            if kind != PieceType::King {
                sink.add(c, MATERIAL + kind.index(), 1);
            }
            sink.add(c, PSQT + kind.index() * 64 + sq.relative_to(c).index(), 1);
        }
    }
}

/// Mobility, outposts, rook files, the bishop pair; fills the attack maps.
fn pieces<S: Sink>(board: &Board, sink: &mut S, ctx: &mut Context, c: Color) {
    let them = c.flip();
    let occ = board.occupied();
    let own_pawns = board.colored(c, PieceType::Pawn);
    let enemy_pawns = board.colored(them, PieceType::Pawn);
    let area = !(own_pawns | board.colored(c, PieceType::King) | ctx.pawn_attacks[them.index()]);
    let enemy_zone = ctx.king_zone[them.index()];

    let kinds = [
        (PieceType::Knight, KNIGHT_MOBILITY, 8),
        (PieceType::Bishop, BISHOP_MOBILITY, 13),
        (PieceType::Rook, ROOK_MOBILITY, 14),
        (PieceType::Queen, QUEEN_MOBILITY, 27),
    ];
    for (kind, mobility, max) in kinds {
        for sq in board.colored(c, kind) {
            let att = match kind {
                PieceType::Knight => knight_attacks(sq),
                PieceType::Bishop => bishop_attacks(sq, occ),
                PieceType::Rook => rook_attacks(sq, occ),
                _ => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
            };
            ctx.attacks_by[c.index()][kind.index()] |= att;
            ctx.all_attacks[c.index()] |= att;
            let reach = (att & area).count().min(max) as usize;
            sink.add(c, mobility + reach, 1);

            let zone_hits = (att & enemy_zone).count() as i32;
            if zone_hits > 0 {
                ctx.king_attackers[c.index()] += 1;
                sink.add(c, KING_ZONE_ATTACKS + kind.index() - 1, zone_hits);
            }

            let rank = sq.rank().relative_to(c).index();
            match kind {
                PieceType::Knight | PieceType::Bishop => {
                    let defended = ctx.pawn_attacks[c.index()].has(sq);
                    let safe = (attack_span(c, sq) & enemy_pawns).is_empty();
                    if (3..=5).contains(&rank) && defended && safe {
                        sink.add(c, OUTPOST + kind.index() - 1, 1);
                    }
                }
                PieceType::Rook => {
                    let file = file_mask(sq.file());
                    if (file & own_pawns).is_empty() {
                        let open = (file & enemy_pawns).is_empty();
                        sink.add(c, if open { ROOK_OPEN_FILE } else { ROOK_SEMI_OPEN_FILE }, 1);
                    }
                    if rank == 6 {
                        sink.add(c, ROOK_ON_SEVENTH, 1);
                    }
                }
                _ => {}
            }
        }
    }
    if board.colored(c, PieceType::Bishop).count() >= 2 {
        sink.add(c, BISHOP_PAIR, 1);
    }
}

/// Pawn-only terms (cacheable by pawn key); returns each side's passed pawns.
pub(crate) fn pawn_structure<S: Sink>(board: &Board, sink: &mut S) -> [Bitboard; 2] {
    let mut passed = [Bitboard::EMPTY; 2];
    for c in Color::ALL {
        let them = c.flip();
        let own = board.colored(c, PieceType::Pawn);
        let enemy = board.colored(them, PieceType::Pawn);
        let enemy_attacks = pawn_attacks_set(them, enemy);
        for sq in own {
            let rank = sq.rank().relative_to(c).index();
            let neighbours = own & adjacent_files(sq.file());
            if (passed_span(c, sq) & enemy).is_empty() && (front_span(c, sq) & own).is_empty() {
                passed[c.index()] = passed[c.index()].with(sq);
                sink.add(c, PASSED_PAWN + rank, 1);
            }
            if neighbours.is_empty() {
                sink.add(c, ISOLATED, 1);
            }
            if (front_span(c, sq) & own).any() {
                sink.add(c, DOUBLED, 1);
            }
            let supporters = movegen::attacks::pawn_attacks(them, sq) & own;
            if supporters.any() {
                sink.add(c, CONNECTED + rank, 1);
            }
            let beside = neighbours & Bitboard::rank(sq.rank());
            if beside.any() {
                sink.add(c, PHALANX + rank, 1);
            }
            // Backward: every neighbour is ahead, and the stop square is
            // controlled by an enemy pawn.
            let behind_or_level = neighbours & !ranks_ahead(c, sq.rank());
            if neighbours.any() && behind_or_level.is_empty() {
                if let Some(stop) = forward(c, sq) {
                    if enemy_attacks.has(stop) {
                        sink.add(c, BACKWARD, 1);
                    }
                }
            }
        }
    }
    passed
}

/// Pawn shelter and storm, open files by the king, attacks and safe checks.
fn king_safety<S: Sink>(board: &Board, sink: &mut S, ctx: &Context, c: Color) {
    let them = c.flip();
    let king = board.king(c);
    let own_pawns = board.colored(c, PieceType::Pawn);
    let enemy_pawns = board.colored(them, PieceType::Pawn);
    let kf = king.file().index() as i32;
    for f in (kf - 1).max(0)..=(kf + 1).min(7) {
        let file = file_mask(movegen::File::new(f as u8).expect("file"));
        let ahead = file & (ranks_ahead(c, king.rank()) | Bitboard::rank(king.rank()));
        let shelter = own_pawns & ahead;
        let shelter_rank = nearest_rank(c, shelter);
        sink.add(c, PAWN_SHELTER + shelter_rank, 1);
        let storm_rank = nearest_rank(c, enemy_pawns & file);
        sink.add(c, PAWN_STORM + storm_rank, 1);
        if (own_pawns & file).is_empty() {
            sink.add(c, KING_OPEN_FILE, 1);
        }
    }

    // The enemy's attack on this king (credited to the attacker).
    let attackers = ctx.king_attackers[them.index()].min(7) as usize;
    sink.add(them, KING_ATTACKERS + attackers, 1);
    let occ = board.occupied();
    let safe = !ctx.all_attacks[c.index()] & !board.color(them);
    let knight_checks = knight_attacks(king) & safe;
    let bishop_checks = bishop_attacks(king, occ) & safe;
    let rook_checks = rook_attacks(king, occ) & safe;
    let by = &ctx.attacks_by[them.index()];
    let checks = [
        (knight_checks & by[PieceType::Knight.index()]).count(),
        (bishop_checks & by[PieceType::Bishop.index()]).count(),
        (rook_checks & by[PieceType::Rook.index()]).count(),
        ((bishop_checks | rook_checks) & by[PieceType::Queen.index()]).count(),
    ];
    for (i, n) in checks.into_iter().enumerate() {
        if n > 0 {
            sink.add(them, SAFE_CHECK + i, n as i32);
        }
    }
}

/// Relative rank (1..7) of the pawn of `pawns` nearest to `c`'s side, 0 if none.
fn nearest_rank(c: Color, pawns: Bitboard) -> usize {
    if pawns.is_empty() {
        return 0;
    }
    let sq = if c == Color::White {
        pawns.lsb()
    } else {
        pawns.msb()
    };
    sq.rank().relative_to(c).index()
}

/// Terms of passed pawns that depend on the pieces: blockers, a free path,
/// king distances.
fn passed_pawns<S: Sink>(board: &Board, sink: &mut S, ctx: &Context, c: Color, passed: Bitboard) {
    let them = c.flip();
    let occ = board.occupied();
    for sq in passed {
        let rank = sq.rank().relative_to(c).index();
        let Some(stop) = forward(c, sq) else { continue };
        if occ.has(stop) {
            sink.add(c, PASSED_BLOCKED + rank, 1);
        }
        let path = front_span(c, sq);
        if (path & (occ | ctx.all_attacks[them.index()])).is_empty() {
            sink.add(c, PASSED_FREE + rank, 1);
        }
        sink.add(
            c,
            PASSED_OWN_KING + distance(board.king(c), stop).min(7) as usize,
            1,
        );
        sink.add(
            c,
            PASSED_ENEMY_KING + distance(board.king(them), stop).min(7) as usize,
            1,
        );
    }
}

/// Enemy pieces attacked by our pawns, minor pieces and rooks, and hanging ones.
fn threats<S: Sink>(board: &Board, sink: &mut S, ctx: &Context, c: Color) {
    let them = c.flip();
    let targets = board.color(them) & !board.colored(them, PieceType::King);
    let by = &ctx.attacks_by[c.index()];
    let minors = by[PieceType::Knight.index()] | by[PieceType::Bishop.index()];
    for sq in targets {
        let victim = board.piece_on(sq).expect("target").kind().index();
        if victim != PieceType::Pawn.index() && ctx.pawn_attacks[c.index()].has(sq) {
            sink.add(c, THREAT_BY_PAWN + victim, 1);
        }
        if minors.has(sq) {
            sink.add(c, THREAT_BY_MINOR + victim, 1);
        }
        if by[PieceType::Rook.index()].has(sq) {
            sink.add(c, THREAT_BY_ROOK + victim, 1);
        }
        if victim != PieceType::Pawn.index()
            && ctx.all_attacks[c.index()].has(sq)
            && !ctx.all_attacks[them.index()].has(sq)
        {
            sink.add(c, HANGING, 1);
        }
    }
}

/// Endgame scale factor out of 64 for the side ahead in the endgame part.
pub(crate) fn endgame_scale(board: &Board, eg: i32) -> i32 {
    let strong = if eg >= 0 { Color::White } else { Color::Black };
    let weak = strong.flip();
    let minor_count =
        |c| (board.colored(c, PieceType::Knight) | board.colored(c, PieceType::Bishop)).count() as i32;
    let npm = |c: Color| {
        3 * minor_count(c)
            + 5 * board.colored(c, PieceType::Rook).count() as i32
            + 9 * board.colored(c, PieceType::Queen).count() as i32
    };
    let strong_pawns = board.colored(strong, PieceType::Pawn).count();

    // Without pawns, an edge of a minor piece or less rarely wins; two
    // knights cannot force mate.
    if strong_pawns == 0 {
        let knights_only = board.colored(strong, PieceType::Knight).count() as i32 * 3 == npm(strong);
        if npm(strong) - npm(weak) <= 3 || (knights_only && npm(strong) <= 6 && npm(weak) == 0) {
            return if npm(strong) <= 3 || knights_only { 0 } else { 8 };
        }
    }
    // Opposite-coloured bishops are drawish, more so without other pieces.
    let wb = board.colored(Color::White, PieceType::Bishop);
    let bb = board.colored(Color::Black, PieceType::Bishop);
    if wb.count() == 1 && bb.count() == 1 {
        let light = Bitboard::LIGHT_SQUARES;
        let opposite = (wb & light).any() != (bb & light).any();
        if opposite {
            let only_bishops = npm(Color::White) == 3 && npm(Color::Black) == 3;
            return if only_bishops { 32 } else { 48 };
        }
    }
    64
}
