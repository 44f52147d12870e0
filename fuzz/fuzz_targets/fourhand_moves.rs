//! Four-handed move text (docs/fourhand.md §16). The first line is a
//! position string (the start position when it does not parse); every
//! further line is read as a ply (long algebraic, machine form or a
//! non-move token). A ply that parses must be legal and read back from its
//! own long and machine text; it is played and the next line read in the new
//! position. The lines read so far, as a game record, replay to the same
//! plies.
#![no_main]

use fourhand::{Ply, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let start = Position::from_text(lines.next().unwrap_or("")).unwrap_or_else(|_| Position::start());
    let mut pos = start.clone();
    let mut played = Vec::new();
    for line in lines.take(64) {
        let Ok(ply) = pos.parse_ply(line) else {
            continue;
        };
        assert!(
            pos.legal_plies().contains(&ply),
            "'{line}' parsed as an illegal ply in {pos}"
        );
        let written = pos.ply_text(ply);
        assert_eq!(pos.parse_ply(&written), Ok(ply), "'{written}' in {pos}");
        if let Ply::Move(mv) = ply {
            assert_eq!(pos.parse_ply(&mv.to_string()), Ok(ply), "'{mv}' in {pos}");
        }
        pos.make(ply);
        played.push(ply);
    }
    let record = start.record(&played);
    assert_eq!(start.parse_record(&record), Ok(played), "record:\n{record}");
});
