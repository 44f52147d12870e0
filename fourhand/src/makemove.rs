//! Applying a piece move to the board and taking it back, the release step
//! (§10.3) and freezing a mated army (§9 step 4). These are the pieces a
//! turn is made of; whole plies with the turn, the clocks and the history
//! are in `play`, and legality (which applies moves to test them) in `legal`.

use crate::attacks::{attackers, is_attacked};
use crate::geometry::SquareSet;
use crate::moves::Move;
use crate::pawns::landed;
use crate::position::Position;
use crate::rules::Release;
use crate::types::{Kind, Piece, Seat, SeatSet};

/// What [`apply_move`] changed, for [`undo_move`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveUndo {
    pub mv: Move,
    pub moved: Piece,
    pub captured: Option<Piece>,
    pub frozen: SeatSet,
    pub checkers: [SquareSet; 4],
    pub key: u64,
    /// The seats the release step released.
    pub released: SeatSet,
}

/// Moves the piece, removes what it captures, turns a landing pawn into its
/// new state, then runs the release step. A frozen mover (only under the
/// re-examine option, A16) is released first.
pub(crate) fn apply_move(pos: &mut Position, mv: Move) -> MoveUndo {
    let frozen = pos.frozen;
    let checkers = pos.checkers;
    let key = pos.key;
    let moved = pos.take(mv.from).expect("a move starts on a piece");
    let captured = pos.take(mv.to);
    if pos.frozen.contains(moved.seat) {
        pos.unfreeze(moved.seat);
    }
    let arrived = match (moved.kind, mv.promotion) {
        (Kind::Pawn, Some(kind)) => Piece::new(moved.seat, kind),
        (Kind::Pawn, None) => landed(&pos.rules, pos.geometry(), moved, mv.to, captured.is_some()),
        _ => moved,
    };
    pos.put(mv.to, arrived);
    let released = release_step(pos);
    MoveUndo {
        mv,
        moved,
        captured,
        frozen,
        checkers,
        key,
        released,
    }
}

/// Takes back what [`apply_move`] did.
pub(crate) fn undo_move(pos: &mut Position, undo: &MoveUndo) {
    pos.take(undo.mv.to);
    if let Some(captured) = undo.captured {
        pos.put(undo.mv.to, captured);
    }
    pos.put(undo.mv.from, undo.moved);
    pos.frozen = undo.frozen;
    pos.checkers = undo.checkers;
    pos.key = undo.key;
}

/// The release step: every frozen seat that nothing holds any more is
/// released, all at the same time. Under the default, a seat is held while an
/// active enemy piece attacks its king; under the literal rule, while any of
/// the squares that mated it still holds an enemy piece. Returns the seats
/// released.
pub(crate) fn release_step(pos: &mut Position) -> SeatSet {
    let frozen = pos.frozen;
    let mut released = SeatSet::EMPTY;
    for seat in frozen.iter() {
        let free = match pos.rules.release {
            Release::AnyCause => !is_attacked(pos, pos.king(seat), seat.team().other(), frozen),
            Release::Literal => pos.checkers[seat.index()]
                .iter()
                .all(|sq| pos.piece_at(sq).is_none_or(|p| !seat.is_opponent(p.seat))),
        };
        if free {
            released.insert(seat);
        }
    }
    for seat in released.iter() {
        pos.unfreeze(seat);
    }
    released
}

/// Freezes `seat` (its king mated), recording what mates it under the
/// literal rule, then runs the release step (its pieces stop attacking,
/// T13).
pub(crate) fn freeze_mated(pos: &mut Position, seat: Seat) {
    let by = match pos.rules.release {
        Release::AnyCause => SquareSet::EMPTY,
        Release::Literal => attackers(pos, pos.king(seat), seat.team().other(), pos.frozen),
    };
    pos.freeze(seat, by);
    release_step(pos);
}
