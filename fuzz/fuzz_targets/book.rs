//! Polyglot book bytes: a book that loads gives only legal moves, from the
//! start position and along the line of its first moves; any 16-bit move
//! code decodes to a legal move or to nothing.
#![no_main]

use engine::book::{decode_move, Book};
use libfuzzer_sys::fuzz_target;
use movegen::Board;

fuzz_target!(|data: &[u8]| {
    let start = Board::startpos();
    for pair in data.chunks_exact(2).take(64) {
        if let Some(mv) = decode_move(&start, u16::from_le_bytes([pair[0], pair[1]])) {
            assert!(start.legal_moves().contains(mv));
        }
    }
    let Ok(book) = Book::from_bytes(data) else {
        return;
    };
    let mut board = start;
    for _ in 0..16 {
        let moves = book.moves(&board, None);
        for m in &moves {
            assert!(board.legal_moves().contains(m.mv), "book move not legal");
            assert!(m.weight <= m.total);
        }
        let Some(first) = moves.first() else {
            break;
        };
        board = board.play(first.mv);
    }
});
