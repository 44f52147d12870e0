//! FEN text: a board that parses writes a FEN that parses back to the same
//! position, and every legal move from it keeps the incremental hash keys
//! equal to those of a fresh parse.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::Board;

fn reparse(board: &Board) -> Board {
    let fen = board.to_fen();
    let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN '{fen}' rejected: {e}"));
    assert_eq!(again.to_fen(), fen, "FEN round trip");
    assert_eq!(again.key(), board.key(), "key after round trip of {fen}");
    assert_eq!(
        again.pawn_key(),
        board.pawn_key(),
        "pawn key after round trip of {fen}"
    );
    again
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = Board::from_fen(text) else {
        return;
    };
    reparse(&board);
    for &mv in board.legal_moves().iter() {
        let child = board.play(mv);
        reparse(&child);
        assert!(!child.is_attacked(
            child.king(board.side_to_move()),
            child.side_to_move(),
            child.occupied()
        ));
    }
    let _ = board.to_string();
    let _ = eval::evaluate(&board);
});
