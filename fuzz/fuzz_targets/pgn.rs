//! PGN text, as `daba analyse` reads it: every game read replays to legal
//! positions, one per move plus the start.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (games, _errors) = analyse::pgn::read_all(&text);
    for game in &games {
        let positions = game.positions();
        assert_eq!(positions.len(), game.moves.len() + 1);
    }
});
