//! UCI and SAN move text. The first line is a FEN (the start position when it
//! does not parse); every further line is read as a UCI move and as a SAN
//! move. A move that parses must be legal and must read back from its own
//! UCI and SAN text; the first that parses is played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::Board;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let mut board = Board::from_fen(lines.next().unwrap_or("")).unwrap_or_else(|_| Board::startpos());
    let chess960 = board.is_chess960();
    for line in lines.take(64) {
        let legal = board.legal_moves();
        let mut played = None;
        if let Ok(mv) = board.parse_uci(line, chess960) {
            assert!(legal.contains(mv), "'{line}' parsed as an illegal UCI move");
            let uci = mv.to_uci(chess960);
            assert_eq!(board.parse_uci(&uci, chess960).ok(), Some(mv), "UCI '{uci}'");
            played = Some(mv);
        }
        if let Ok(mv) = board.parse_san(line) {
            assert!(legal.contains(mv), "'{line}' parsed as an illegal SAN move");
            let san = board.to_san(mv);
            assert_eq!(
                board.parse_san(&san).ok(),
                Some(mv),
                "SAN '{san}' in {}",
                board.to_fen()
            );
            played = played.or(Some(mv));
        }
        if let Some(mv) = played {
            board = board.play(mv);
        }
    }
});
