//! Positions for the tests, written as lists of pieces (`sKh1 wQa7 sP^*2e3`:
//! seat, kind, pawn state, square) and turned into position strings, so that
//! each test reads like the table of docs/fourhand.md §17.

#![allow(dead_code)]

use fourhand::{Move, Ply, Position, Rules, Seat, Square, SIZE};

/// The base kings of §17.
pub const BASE_KINGS: &str = "sKh1 wKa8 nKg14 eKn7";

/// The position string for `pieces`, `to_move` and `frozen` (`-` for none).
pub fn text(pieces: &str, to_move: char, frozen: &str, rules: &Rules) -> String {
    let geo = rules.shape.geometry();
    let mut grid: Vec<Option<String>> = vec![None; SIZE as usize * SIZE as usize];
    for token in pieces.split_whitespace() {
        let split = token.rfind(|c: char| c.is_ascii_alphabetic()).unwrap();
        let (piece, square) = token.split_at(split);
        let (sq, len) = Square::parse_prefix(square).unwrap();
        assert_eq!(len, square.len(), "{token}");
        assert!(grid[sq.index()].is_none(), "two pieces on {sq}");
        grid[sq.index()] = Some(piece.to_string());
    }
    let mut out = String::new();
    for y in (0..SIZE).rev() {
        let mut empty = 0;
        for x in 0..SIZE {
            let sq = Square::new(x, y).unwrap();
            let cell = &grid[sq.index()];
            if geo.contains(sq) && cell.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            out += cell.as_deref().unwrap_or("_");
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if y > 0 {
            out.push('/');
        }
    }
    format!("{out} {to_move} {frozen} 0 1")
}

/// The position of `pieces` under the default rules.
pub fn setup(pieces: &str, to_move: char, frozen: &str) -> Position {
    setup_with(pieces, to_move, frozen, Rules::default())
}

/// The position of `pieces` under `rules`.
pub fn setup_with(pieces: &str, to_move: char, frozen: &str, rules: Rules) -> Position {
    let text = text(pieces, to_move, frozen, &rules);
    Position::from_text_with(&text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A square by name.
pub fn sq(name: &str) -> Square {
    let (sq, len) = Square::parse_prefix(name).unwrap();
    assert_eq!(len, name.len());
    sq
}

/// The legal moves of the piece on `from` for the seat to move (whether
/// or not the game is over), as sorted long-algebraic texts.
pub fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut out: Vec<String> = pos
        .legal_moves_of(pos.to_move())
        .into_iter()
        .filter(|mv| mv.from == from)
        .map(|mv| pos.move_text(mv))
        .collect();
    out.sort();
    out
}

/// The target squares of the legal moves from `from`, sorted by name.
pub fn targets_from(pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut out: Vec<String> = pos
        .legal_moves_of(pos.to_move())
        .into_iter()
        .filter(|mv| mv.from == from)
        .map(|mv| mv.to.to_string())
        .collect();
    out.sort();
    out
}

/// Sorted copy of a list of names.
pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays a move given as text.
pub fn play(pos: &mut Position, text: &str) -> Move {
    let ply = pos
        .parse_ply(text)
        .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
    pos.make(ply);
    match ply {
        Ply::Move(mv) => mv,
        _ => panic!("{text} is not a move"),
    }
}

/// Whose turn, for asserts.
pub fn seat(c: char) -> Seat {
    Seat::from_letter(c).unwrap()
}
