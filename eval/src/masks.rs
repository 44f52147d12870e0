//! Square sets that pawn-structure terms are built from.

use movegen::{Bitboard, Color, File, Rank, Square};

/// All squares of `file`.
#[inline(always)]
pub fn file_mask(file: File) -> Bitboard {
    Bitboard::file(file)
}

/// The files left and right of `file`.
#[inline(always)]
pub fn adjacent_files(file: File) -> Bitboard {
    let f = Bitboard::file(file).0;
    Bitboard(((f << 1) & !0x0101_0101_0101_0101) | ((f >> 1) & !0x8080_8080_8080_8080))
}

/// Every square on ranks strictly ahead of `rank` from `color`'s side.
#[inline(always)]
pub fn ranks_ahead(color: Color, rank: Rank) -> Bitboard {
    let r = rank.index();
    match color {
        Color::White => Bitboard(if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) }),
        Color::Black => Bitboard(if r == 0 { 0 } else { !0u64 >> (8 * (8 - r)) }),
    }
}

/// Squares in front of `sq` on its file, from `color`'s side.
#[inline(always)]
pub fn front_span(color: Color, sq: Square) -> Bitboard {
    file_mask(sq.file()) & ranks_ahead(color, sq.rank())
}

/// Squares where an enemy pawn could stop or capture a pawn on `sq`: its
/// file and the adjacent files, ahead of it.
#[inline(always)]
pub fn passed_span(color: Color, sq: Square) -> Bitboard {
    (file_mask(sq.file()) | adjacent_files(sq.file())) & ranks_ahead(color, sq.rank())
}

/// The squares a pawn of `color` on `sq` could ever attack as it advances.
#[inline(always)]
pub fn attack_span(color: Color, sq: Square) -> Bitboard {
    adjacent_files(sq.file()) & ranks_ahead(color, sq.rank())
}

/// One square forward for `color`, if on the board.
#[inline(always)]
pub fn forward(color: Color, sq: Square) -> Option<Square> {
    sq.offset(if color == Color::White { 8 } else { -8 })
}

/// King distance (Chebyshev) between two squares.
#[inline(always)]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

/// Pawn attacks of every pawn in `pawns` of `color`, set-wise.
#[inline(always)]
pub fn pawn_attacks_set(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = !0x0101_0101_0101_0101u64;
    let not_h = !0x8080_8080_8080_8080u64;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & not_a) << 7) | ((p & not_h) << 9),
        Color::Black => ((p & not_a) >> 9) | ((p & not_h) >> 7),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(front_span(Color::White, e4).count(), 4);
        assert_eq!(front_span(Color::Black, e4).count(), 3);
        assert_eq!(passed_span(Color::White, e4).count(), 12);
        let a2 = Square::parse("a2").unwrap();
        assert_eq!(adjacent_files(a2.file()).count(), 8);
        assert_eq!(
            pawn_attacks_set(Color::White, Bitboard::from_square(a2)).count(),
            1
        );
        assert_eq!(distance(a2, e4), 4);
    }
}
