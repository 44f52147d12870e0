//! The static evaluation for the computer player: a score in centipawns
//! (a pawn is 100) from the point of view of a team, built on the text's
//! piece values (F14: pawn 1, knight 5, bishop and rook 9, queen 20).
//!
//! Terms, each summed for the team's two seats and subtracted for the
//! opponents':
//!
//! - **material**: the piece values of every piece on the board;
//! - **frozen armies** (§10): a large penalty for each frozen seat (two of
//!   one team frozen is a lost game, which the search scores itself);
//! - **mobility**: the squares each active knight, bishop, rook and queen
//!   reaches (empty, or holding a piece it may capture);
//! - **king safety**: for each active seat, the squares next to its king
//!   (and the king's own square) attacked by active enemy pieces, counted
//!   with a growing weight, and the enemy pieces close to the king;
//! - **pawns**: a little for each step forward, and more for each capture
//!   on the counter (§6.5: three make a pawn a queen on an opponent's edge);
//! - **centre**: knights, bishops and queens nearer the middle of the board.
//!
//! The evaluation is symmetric: `evaluate(pos, t) == -evaluate(pos, t.other())`.

use crate::attacks::is_attacked;
use crate::geometry::{Direction, Square, SIZE};
use crate::movegen::capturable;
use crate::position::Position;
use crate::types::{Kind, Piece, Seat, Team};

/// A piece's material value in centipawns: the text's values times 100.
pub fn piece_value(kind: Kind) -> i32 {
    kind.value() as i32 * 100
}

/// What a frozen seat costs its team, beyond the pieces it cannot use.
const FROZEN: i32 = 3000;
/// Per square a piece reaches: knight, bishop, rook, queen.
const MOBILITY: [i32; 6] = [0, 6, 4, 3, 2, 0];
/// Per step a pawn has made from its start rank.
const PAWN_STEP: i32 = 4;
/// Per capture on a pawn's counter (0..=3).
const PAWN_CAPS: [i32; 4] = [0, 25, 70, 150];
/// A ribboned pawn has crossed the board and is on its way back.
const RIBBON: i32 = 20;
/// Per square of distance from the middle, for knights, bishops, queens.
const CENTRE: i32 = 4;
/// King pressure: the penalty for `n` attacked squares around the king
/// (the king's own square counts twice).
const PRESSURE: [i32; 11] = [0, 10, 25, 45, 75, 110, 150, 200, 260, 330, 400];
/// An enemy piece within two squares of the king, by kind.
const NEAR_KING: [i32; 6] = [0, 12, 10, 12, 25, 0];
/// An own or partner piece next to the king.
const SHELTER: i32 = 6;

/// The position's score for `team`, in centipawns.
pub fn evaluate(pos: &Position, team: Team) -> i32 {
    let mut seat_scores = [0i32; 4];
    for (sq, piece) in pos.pieces() {
        seat_scores[piece.seat.index()] += piece_score(pos, sq, piece);
    }
    for seat in Seat::ALL {
        if pos.is_frozen(seat) {
            seat_scores[seat.index()] -= FROZEN;
        } else {
            seat_scores[seat.index()] -= king_danger(pos, seat);
        }
    }
    let mut score = 0;
    for seat in Seat::ALL {
        if seat.team() == team {
            score += seat_scores[seat.index()];
        } else {
            score -= seat_scores[seat.index()];
        }
    }
    score
}

/// Material and the terms that belong to one piece.
fn piece_score(pos: &Position, sq: Square, piece: Piece) -> i32 {
    let mut score = piece_value(piece.kind);
    let active = !pos.is_frozen(piece.seat);
    match piece.kind {
        Kind::Pawn => {
            let steps = if piece.ribbon {
                13 + (13 - piece.seat.depth(sq) as i32)
            } else {
                piece.seat.depth(sq) as i32 - 1
            };
            score += PAWN_STEP * steps.max(0) + PAWN_CAPS[piece.caps.min(3) as usize];
            if piece.ribbon {
                score += RIBBON;
            }
        }
        Kind::King => {}
        kind => {
            if active {
                score += MOBILITY[kind.index()] * reach(pos, sq, piece) as i32;
            }
            if kind != Kind::Rook {
                score -= CENTRE * centre_distance(sq);
            }
        }
    }
    score
}

/// Twice the Chebyshev distance of `sq` from the middle of the board
/// (between g7 and h8), so 1 for the four middle squares.
fn centre_distance(sq: Square) -> i32 {
    let d = |c: u8| (2 * c as i32 - (SIZE as i32 - 1)).abs();
    d(sq.x()).max(d(sq.y())) / 2
}

/// How many squares a knight, bishop, rook or queen on `from` reaches:
/// empty ones, and those holding a piece it may capture.
fn reach(pos: &Position, from: Square, piece: Piece) -> u32 {
    let geo = pos.geometry();
    let counts = |to: Square| pos.piece_at(to).is_none() || capturable(pos, piece.seat, to);
    if piece.kind == Kind::Knight {
        return geo.knight_targets(from).filter(|&to| counts(to)).count() as u32;
    }
    let mut n = 0;
    for d in Direction::ALL {
        if !piece.kind.slides_along(d) {
            continue;
        }
        let mut sq = from;
        while let Some(to) = geo.step(sq, d) {
            if counts(to) {
                n += 1;
            }
            if pos.piece_at(to).is_some() {
                break;
            }
            sq = to;
        }
    }
    n
}

/// The danger to an active seat's king: the attacked squares around it,
/// the enemy pieces near it, less its shelter.
fn king_danger(pos: &Position, seat: Seat) -> i32 {
    let geo = pos.geometry();
    let king = pos.king(seat);
    let enemy = seat.team().other();
    let frozen = pos.frozen();
    let mut pressure = if is_attacked(pos, king, enemy, frozen) {
        2
    } else {
        0
    };
    let mut shelter = 0;
    for d in Direction::ALL {
        let Some(sq) = geo.step(king, d) else { continue };
        match pos.piece_at(sq) {
            Some(p) if !p.seat.is_opponent(seat) => shelter += 1,
            _ => {
                if is_attacked(pos, sq, enemy, frozen) {
                    pressure += 1;
                }
            }
        }
    }
    let mut near = 0;
    for (sq, piece) in pos.pieces() {
        if piece.seat.is_opponent(seat) && !frozen.contains(piece.seat) {
            let dist = (sq.x() as i32 - king.x() as i32)
                .abs()
                .max((sq.y() as i32 - king.y() as i32).abs());
            if dist <= 2 {
                near += NEAR_KING[piece.kind.index()];
            }
        }
    }
    PRESSURE[pressure.min(PRESSURE.len() - 1)] + near - SHELTER * shelter.min(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level_and_symmetric() {
        let pos = Position::start();
        let sn = evaluate(&pos, Team::SouthNorth);
        assert_eq!(sn, -evaluate(&pos, Team::WestEast));
        assert_eq!(sn, 0, "the start position is symmetric");
    }

    #[test]
    fn material_counts_for_the_team() {
        let text =
            "___3nK4___/___8___/___8___/14/2sQ11/14/wK13/13eK/14/14/14/___8___/___1sK6___/___8___ S - 0 1";
        let pos = Position::from_text(text).unwrap();
        assert!(evaluate(&pos, Team::SouthNorth) > 1500);
        assert!(evaluate(&pos, Team::WestEast) < -1500);
    }
}
