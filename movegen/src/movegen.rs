//! Legal move generation: check masks and pin masks, no generate-then-test.
//!
//! One generator serves three purposes through the [`MoveSink`] trait: filling
//! a [`MoveList`], and counting moves without listing them (perft's bulk
//! counting at the last ply). The `NOISY` and `QUIET` flags select the stage:
//! noisy moves are captures (en passant included) and all promotions; quiet
//! moves are everything else, castling included.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::{back_rank, CastleSide};
use crate::moves::{Move, MoveList};
use crate::types::{Color, PieceType, Rank, Square};

/// Receives generated moves, either one by one or as sets of target squares.
pub(crate) trait MoveSink {
    /// Moves of a non-pawn piece from `from` to each square of `quiet`
    /// (empty squares) and `captures` (enemy pieces).
    fn piece_moves(&mut self, from: Square, quiet: Bitboard, captures: Bitboard);
    /// Pawn moves to each square of `targets`, each from `to - delta`.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: PawnMove);
    /// A single special move (castling, en passant).
    fn single(&mut self, mv: Move);

    /// One batch of pawn moves as the generator computes them (see
    /// [`PawnTargets`]); by default handed on set by set, in generation order.
    #[inline(always)]
    fn pawn_targets(&mut self, t: PawnTargets) {
        let PawnTargets {
            single,
            double,
            left,
            right,
            up,
            last_rank,
        } = t;
        let (left_delta, right_delta) = (up - 1, up + 1);
        let promotion = |capture| PawnMove::Promotion { capture };
        self.pawn_moves(single & last_rank, up, promotion(false));
        self.pawn_moves(left & last_rank, left_delta, promotion(true));
        self.pawn_moves(right & last_rank, right_delta, promotion(true));
        self.pawn_moves(left & !last_rank, left_delta, PawnMove::Capture);
        self.pawn_moves(right & !last_rank, right_delta, PawnMove::Capture);
        self.pawn_moves(single & !last_rank, up, PawnMove::Push);
        self.pawn_moves(double, 2 * up, PawnMove::DoublePush);
    }
}

/// The target squares of a batch of pawns: single steps (each from
/// `to - up`), double steps (from `to - 2 up`), captures to the left (from
/// `to - up + 1`) and to the right (from `to - up - 1`). A target on
/// `last_rank` is four promotions. Sets of a stage not generated are empty.
#[derive(Clone, Copy)]
pub(crate) struct PawnTargets {
    single: Bitboard,
    double: Bitboard,
    left: Bitboard,
    right: Bitboard,
    up: i8,
    last_rank: Bitboard,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PawnMove {
    Push,
    DoublePush,
    Capture,
    /// Promotions to queen, rook, bishop and knight (four moves per target).
    Promotion {
        capture: bool,
    },
}

/// Hands every generated move, one by one, to a closure (perft plays them
/// straight from the generator, with no list to fill at each node).
pub(crate) struct EachMove<F>(pub F);

impl<F: FnMut(Move)> MoveSink for EachMove<F> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, quiet: Bitboard, captures: Bitboard) {
        for to in captures {
            (self.0)(Move::capture(from, to));
        }
        for to in quiet {
            (self.0)(Move::quiet(from, to));
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: PawnMove) {
        for to in targets {
            let from = Square::from_index((to.index() as i8 - delta) as usize);
            match kind {
                PawnMove::Push => (self.0)(Move::quiet(from, to)),
                PawnMove::DoublePush => (self.0)(Move::double_push(from, to)),
                PawnMove::Capture => (self.0)(Move::capture(from, to)),
                PawnMove::Promotion { capture } => {
                    for piece in [
                        PieceType::Queen,
                        PieceType::Knight,
                        PieceType::Rook,
                        PieceType::Bishop,
                    ] {
                        (self.0)(Move::promotion(from, to, piece, capture));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        (self.0)(mv);
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, quiet: Bitboard, captures: Bitboard) {
        EachMove(|mv| self.push(mv)).piece_moves(from, quiet, captures);
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: PawnMove) {
        EachMove(|mv| self.push(mv)).pawn_moves(targets, delta, kind);
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves without listing them.
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, quiet: Bitboard, captures: Bitboard) {
        self.0 += (quiet | captures).count() as u64;
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i8, kind: PawnMove) {
        let per_target = if matches!(kind, PawnMove::Promotion { .. }) {
            4
        } else {
            1
        };
        self.0 += per_target * targets.count() as u64;
    }

    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }

    /// Counts the whole batch with one popcount where possible (a software
    /// routine in a default x86-64 build, so worth saving): pushes land on
    /// empty squares and captures on enemy pieces, and a single and a double
    /// step never share a target (the double step needs empty the square the
    /// single step would come from), so the sets are disjoint except where
    /// both captures reach the same square.
    #[inline(always)]
    fn pawn_targets(&mut self, t: PawnTargets) {
        let all = t.single | t.double | t.left | t.right;
        let both = t.left & t.right;
        let mut n = all.count() as u64;
        if both.any() {
            n += both.count() as u64;
        }
        if (all & t.last_rank).any() {
            // Three more moves for each promotion square, counted twice
            // where both captures reach it.
            n += 3 * ((all & t.last_rank).count() + (both & t.last_rank).count()) as u64;
        }
        self.0 += n;
    }
}

#[inline(always)]
fn shift(bb: Bitboard, delta: i8) -> Bitboard {
    if delta >= 0 {
        Bitboard(bb.0 << delta)
    } else {
        Bitboard(bb.0 >> -delta)
    }
}

const NOT_A_FILE: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_H_FILE: Bitboard = Bitboard(!0x8080_8080_8080_8080);

impl Board {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, true, true>(&mut list);
        list
    }

    /// Legal captures (en passant included) and promotions.
    pub fn noisy_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, true, false>(&mut list);
        list
    }

    /// Legal moves that are neither captures nor promotions.
    pub fn quiet_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, false, true>(&mut list);
        list
    }

    /// Appends all legal moves to `list`.
    pub fn generate_into(&self, list: &mut MoveList) {
        self.generate::<_, true, true>(list);
    }

    /// Appends the legal captures and promotions to `list` (a staged move
    /// picker fills its own list in place instead of copying one).
    pub fn generate_noisy_into(&self, list: &mut MoveList) {
        self.generate::<_, true, false>(list);
    }

    /// Appends the legal moves that are neither captures nor promotions.
    pub fn generate_quiet_into(&self, list: &mut MoveList) {
        self.generate::<_, false, true>(list);
    }

    /// Calls `f` with every legal move, in the same order as
    /// [`Board::legal_moves`], without building a list.
    #[inline]
    pub(crate) fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        self.generate::<_, true, true>(&mut EachMove(f));
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate::<_, true, true>(&mut counter);
        counter.0
    }

    /// True when the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        // Counting is cheap enough; mate and stalemate detection is rare.
        self.count_legal_moves() > 0
    }

    pub(crate) fn generate<S: MoveSink, const NOISY: bool, const QUIET: bool>(&self, sink: &mut S) {
        let us = self.side;
        let them = us.flip();
        let king = self.king(us);
        let ours = self.color(us);
        let theirs = self.color(them);
        let occ = ours | theirs;

        // 1. King moves: a target is safe when not attacked with the king
        //    itself lifted off the board (so it cannot hide behind itself).
        let king_targets = king_attacks(king) & !ours;
        let lifted = occ.without(king);
        let mut safe = Bitboard::EMPTY;
        let candidates = match (NOISY, QUIET) {
            (true, true) => king_targets,
            (true, false) => king_targets & theirs,
            _ => king_targets & !theirs,
        };
        for to in candidates {
            if !self.is_attacked(to, them, lifted) {
                safe = safe.with(to);
            }
        }
        sink.piece_moves(king, safe & !theirs, safe & theirs);

        // 2. In double check only the king moves.
        let checkers = self.checkers;
        if checkers.more_than_one() {
            return;
        }

        // 3. A single check restricts every other move to capturing the
        //    checker or blocking the line.
        let target = if checkers.any() {
            between(king, checkers.lsb()) | checkers
        } else {
            Bitboard::FULL
        };
        let capture_mask = if NOISY { theirs & target } else { Bitboard::EMPTY };
        let quiet_mask = if QUIET { !occ & target } else { Bitboard::EMPTY };
        let pinned = self.pinned;

        // 4. Knights (a pinned knight can never move).
        for from in self.colored(us, PieceType::Knight) & !pinned {
            let att = knight_attacks(from);
            sink.piece_moves(from, att & quiet_mask, att & capture_mask);
        }

        // 5. Sliders; a pinned slider stays on the line through its king.
        let queens = self.colored(us, PieceType::Queen);
        for from in (self.colored(us, PieceType::Bishop) | queens) & !pinned {
            let att = bishop_attacks(from, occ);
            sink.piece_moves(from, att & quiet_mask, att & capture_mask);
        }
        for from in (self.colored(us, PieceType::Rook) | queens) & !pinned {
            let att = rook_attacks(from, occ);
            sink.piece_moves(from, att & quiet_mask, att & capture_mask);
        }
        for from in (self.colored(us, PieceType::Bishop) | queens) & pinned {
            let att = bishop_attacks(from, occ) & line(king, from);
            sink.piece_moves(from, att & quiet_mask, att & capture_mask);
        }
        for from in (self.colored(us, PieceType::Rook) | queens) & pinned {
            let att = rook_attacks(from, occ) & line(king, from);
            sink.piece_moves(from, att & quiet_mask, att & capture_mask);
        }

        // 6. Pawns: set-wise for free pawns, one by one for pinned ones.
        let pawns = self.colored(us, PieceType::Pawn);
        self.pawn_moves::<S, NOISY, QUIET>(sink, pawns & !pinned, Bitboard::FULL, occ, theirs, target);
        for from in pawns & pinned {
            self.pawn_moves::<S, NOISY, QUIET>(
                sink,
                Bitboard::from_square(from),
                line(king, from),
                occ,
                theirs,
                target,
            );
        }

        // 7. En passant (its rare discovered checks are tested directly).
        if NOISY {
            if let Some(ep) = self.en_passant {
                for from in pawn_attacks(them, ep) & pawns {
                    if self.en_passant_is_legal(from, ep) {
                        sink.single(Move::en_passant(from, ep));
                    }
                }
            }
        }

        // 8. Castling. The king's path starts next to the king, on a square
        //    step 1 has already judged (`candidates`, safe ones in `safe`).
        if QUIET && checkers.is_empty() && self.castling.any_for(us) {
            for side in CastleSide::ALL {
                if let Some(mv) = self.castling_move_known(side, candidates, safe) {
                    sink.single(mv);
                }
            }
        }
    }

    /// Pawn moves of `pawns`, each restricted to `allowed` (a pin line) and to
    /// `target` (the check mask).
    #[inline(always)]
    fn pawn_moves<S: MoveSink, const NOISY: bool, const QUIET: bool>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        allowed: Bitboard,
        occ: Bitboard,
        theirs: Bitboard,
        target: Bitboard,
    ) {
        let us = self.side;
        let (up, last_rank, third_rank) = match us {
            Color::White => (
                8i8,
                Bitboard(0xFF00_0000_0000_0000),
                Bitboard(0x0000_0000_00FF_0000),
            ),
            Color::Black => (
                -8i8,
                Bitboard(0x0000_0000_0000_00FF),
                Bitboard(0x0000_FF00_0000_0000),
            ),
        };
        let empty = !occ;
        let allowed = allowed & target;

        let single = shift(pawns, up) & empty;
        let double = shift(single & third_rank, up) & empty & allowed;
        let single = single & allowed;
        let left = shift(pawns & NOT_A_FILE, up - 1) & theirs & allowed;
        let right = shift(pawns & NOT_H_FILE, up + 1) & theirs & allowed;

        // Noisy: captures and all promotions; quiet: the other pushes.
        let (noisy, quiet) = (
            if NOISY { Bitboard::FULL } else { Bitboard::EMPTY },
            if QUIET { Bitboard::FULL } else { Bitboard::EMPTY },
        );
        sink.pawn_targets(PawnTargets {
            single: single & ((last_rank & noisy) | (!last_rank & quiet)),
            double: double & quiet,
            left: left & noisy,
            right: right & noisy,
            up,
            last_rank,
        });
    }

    /// The castling move on `side` when it is legal now (ignoring whether the
    /// king is in check, which the caller has ruled out).
    pub(crate) fn castling_move(&self, side: CastleSide) -> Option<Move> {
        self.castling_move_known(side, Bitboard::EMPTY, Bitboard::EMPTY)
    }

    /// [`Board::castling_move`], told that the squares of `known` were found
    /// safe for the king (those in `safe`) or attacked (the others), with the
    /// king lifted and the castling rook in place.
    #[inline(always)]
    fn castling_move_known(&self, side: CastleSide, known: Bitboard, safe: Bitboard) -> Option<Move> {
        let us = self.side;
        if !self.castling.has(us, side) {
            return None;
        }
        let king = self.king(us);
        let rook = self.castle_rook(us, side);
        let king_to = side.king_destination(us);
        let rook_to = side.rook_destination(us);
        let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let must_be_empty = (between(king, king_to)
            | Bitboard::from_square(king_to)
            | between(rook, rook_to)
            | Bitboard::from_square(rook_to))
            & !movers;
        let occ = self.occupied();
        if (must_be_empty & occ).any() {
            return None;
        }
        // Every square the king crosses, its destination included, must be
        // safe, judged with king and rook lifted: in Chess960 the castling rook
        // can be what shields the destination from an enemy rook.
        let lifted = occ & !movers;
        let them = us.flip();
        let path = between(king, king_to) | Bitboard::from_square(king_to);
        // Lifting the rook too changes what attacks a square of the path only
        // through the back rank (rook and path both lie on it), so the known
        // verdicts hold unless an enemy rook or queen stands on that rank.
        let orth = self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        let reusable = if (orth & self.color(them) & Bitboard::rank(back_rank(us))).is_empty() {
            known
        } else {
            Bitboard::EMPTY
        };
        if (path & reusable & !safe).any() {
            return None;
        }
        if (path & !reusable)
            .iter()
            .any(|sq| self.is_attacked(sq, them, lifted))
        {
            return None;
        }
        Some(Move::castle(king, rook))
    }

    /// True when `sq` is on the side to move's last rank (a pawn arriving
    /// there must promote).
    #[inline(always)]
    pub(crate) fn is_promotion_rank(&self, sq: Square) -> bool {
        sq.rank() == back_rank(self.side.flip())
    }

    /// The rank a pawn of the side to move double-steps from.
    #[inline(always)]
    pub(crate) fn pawn_start_rank(&self) -> Rank {
        Rank::new(1).expect("rank 2").relative_to(self.side)
    }
}
