//! Static exchange evaluation: does a move win at least `threshold` material
//! once every capture on its target square has been played out, each side
//! using its cheapest attacker and free to stop?

use eval::SEE_VALUES;
use movegen::attacks::{bishop_attacks, rook_attacks};
use movegen::{Board, Move, PieceType};

fn value(kind: PieceType) -> i32 {
    SEE_VALUES[kind.index()]
}

/// True when `mv` gains at least `threshold` by static exchange.
pub fn see_ge(board: &Board, mv: Move, threshold: i32) -> bool {
    if mv.is_castle() || mv.is_promotion() {
        // Castling moves nothing capturable; promotions are always worth a look.
        return threshold <= 0 || mv.is_promotion();
    }
    let from = mv.from();
    let to = mv.to();
    let captured = board.captured_piece(mv).map_or(0, value);
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    let Some(mover) = board.piece_on(from) else {
        return false;
    };
    swap = value(mover.kind()) - swap;
    if swap <= 0 {
        return true;
    }

    let mut occupied = board.occupied().without(from).with(to);
    if mv.is_en_passant() {
        occupied = occupied.without(movegen::Square::from_coords(to.file(), from.rank()));
    }
    let diag = board.pieces(PieceType::Bishop) | board.pieces(PieceType::Queen);
    let orth = board.pieces(PieceType::Rook) | board.pieces(PieceType::Queen);
    let mut attackers = board.attackers_to(to, occupied) & occupied;
    let mut side = mover.color().flip();
    let mut result = true;
    loop {
        let mine = attackers & board.color(side);
        if mine.is_empty() {
            break;
        }
        result = !result;
        let mut next = None;
        for kind in PieceType::ALL {
            let set = mine & board.pieces(kind);
            if set.any() {
                next = Some((kind, set.lsb()));
                break;
            }
        }
        let (kind, sq) = next.expect("non-empty attacker set");
        if kind == PieceType::King {
            // The king may only capture last, when nothing defends.
            if (attackers & board.color(side.flip())).any() {
                result = !result;
            }
            break;
        }
        swap = value(kind) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied = occupied.without(sq);
        // X-rays: sliders behind the piece that just captured join in.
        if matches!(kind, PieceType::Pawn | PieceType::Bishop | PieceType::Queen) {
            attackers |= bishop_attacks(to, occupied) & diag;
        }
        if matches!(kind, PieceType::Rook | PieceType::Queen) {
            attackers |= rook_attacks(to, occupied) & orth;
        }
        attackers &= occupied;
        side = side.flip();
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci(uci, false).unwrap();
        see_ge(&board, mv, threshold)
    }

    #[test]
    fn exchanges() {
        // Pawn takes an undefended knight: +320.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320));
        assert!(!see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 321));
        // Queen takes a pawn defended by a pawn: loses the queen.
        assert!(!see("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0));
        // Rook takes a rook defended by a rook, backed by our second rook: even.
        assert!(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0));
        // Quiet move onto a square a pawn attacks loses the piece.
        assert!(!see("4k3/8/2p5/8/5N2/8/8/4K3 w - - 0 1", "f4d5", 0));
    }
}
