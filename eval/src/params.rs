//! The layout of the evaluation's parameters: one flat list of (middlegame,
//! endgame) pairs, each term a named range in it. The evaluation reads the
//! values from [`crate::weights::WEIGHTS`]; the tuner reads and rewrites that
//! same list, so there is exactly one list of parameters.

/// Declares consecutive ranges `NAME: len` and the total count.
macro_rules! layout {
    ($($name:ident: $len:expr, $doc:literal;)*) => {
        layout!(@step 0usize; $($name: $len, $doc;)*);
        /// Every term's name, start and length, in order (for the tuner's output).
        pub const TERMS: &[(&str, usize, usize)] = &[$((stringify!($name), $name, $len)),*];
    };
    (@step $start:expr; $name:ident: $len:expr, $doc:literal; $($rest:tt)*) => {
        #[doc = $doc]
        pub const $name: usize = $start;
        layout!(@step $start + $len; $($rest)*);
    };
    (@step $start:expr;) => {
        /// Number of parameters.
        pub const NUM_PARAMS: usize = $start;
    };
}

layout! {
    MATERIAL: 6, "Piece values by type (the king's is unused).";
    PSQT: 6 * 64, "Piece-square bonuses by type and square, white's view (rank 1 at the bottom).";
    KNIGHT_MOBILITY: 9, "Knight by number of reachable squares in the mobility area.";
    BISHOP_MOBILITY: 14, "Bishop by reachable squares.";
    ROOK_MOBILITY: 15, "Rook by reachable squares.";
    QUEEN_MOBILITY: 28, "Queen by reachable squares.";
    PASSED_PAWN: 8, "Passed pawn by relative rank.";
    PASSED_BLOCKED: 8, "Extra for a passed pawn whose stop square is occupied, by rank.";
    PASSED_FREE: 8, "Extra for a passed pawn whose path is neither occupied nor attacked, by rank.";
    PASSED_OWN_KING: 8, "Passed pawn by the distance of its own king to the stop square.";
    PASSED_ENEMY_KING: 8, "Passed pawn by the distance of the enemy king to the stop square.";
    ISOLATED: 1, "Pawn with no friendly pawn on adjacent files.";
    DOUBLED: 1, "Pawn with a friendly pawn in front of it on its file.";
    BACKWARD: 1, "Pawn that cannot be supported and whose stop square an enemy pawn controls.";
    CONNECTED: 8, "Pawn defended by a pawn, by relative rank.";
    PHALANX: 8, "Pawn with a friendly pawn beside it, by relative rank.";
    KING_ZONE_ATTACKS: 4, "Attacks on squares around the enemy king, per knight, bishop, rook, queen.";
    KING_ATTACKERS: 8, "By number of pieces attacking the enemy king zone (0..7+).";
    PAWN_SHELTER: 8, "Own pawn in front of the king on its file or a neighbour, by relative rank (0: none).";
    PAWN_STORM: 8, "Enemy pawn on those files, by its relative rank (from the defender's side).";
    KING_OPEN_FILE: 1, "King on or next to a file without own pawns.";
    SAFE_CHECK: 4, "Squares from which a knight, bishop, rook, queen could give check safely.";
    BISHOP_PAIR: 1, "Two or more bishops.";
    OUTPOST: 2, "Knight, bishop on a pawn-defended square no enemy pawn can attack.";
    ROOK_OPEN_FILE: 1, "Rook on a file without pawns.";
    ROOK_SEMI_OPEN_FILE: 1, "Rook on a file without own pawns.";
    ROOK_ON_SEVENTH: 1, "Rook on the relative seventh rank.";
    THREAT_BY_PAWN: 6, "Enemy piece attacked by a pawn, by its type.";
    THREAT_BY_MINOR: 6, "Enemy piece attacked by a knight or bishop, by its type.";
    THREAT_BY_ROOK: 6, "Enemy piece attacked by a rook, by its type.";
    HANGING: 1, "Enemy piece attacked and not defended.";
    TEMPO: 1, "Bonus for the side to move.";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_consecutive_and_cover_all() {
        let mut next = 0;
        for &(_, start, len) in TERMS {
            assert_eq!(start, next);
            next += len;
        }
        assert_eq!(next, NUM_PARAMS);
        assert_eq!(crate::weights::WEIGHTS.len(), NUM_PARAMS);
    }
}
