//! Four-handed position strings (docs/fourhand.md §16). The first byte picks
//! the rules (the default, or options that change the text: the literal
//! release's mating squares, birth marks, the 180-square board); the rest is
//! the text. A position that parses writes a string that parses back to the
//! same string and key; every legal ply made and unmade restores it, and
//! keeps the incremental key equal to a fresh computation.
#![no_main]

use fourhand::{Position, Release, RibbonRemoval, Rules, Shape};
use libfuzzer_sys::fuzz_target;

fn rules(byte: u8) -> Rules {
    let mut rules = Rules::default();
    match byte % 4 {
        1 => rules.release = Release::Literal,
        2 => rules.ribbon_removal = RibbonRemoval::BirthSquare,
        3 => rules.shape = Shape::Notched180,
        _ => {}
    }
    rules
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = rules(first);
    let Ok(mut pos) = Position::from_text_with(text, rules) else {
        return;
    };
    let own = pos.to_text();
    let again =
        Position::from_text_with(&own, rules).unwrap_or_else(|e| panic!("own string '{own}' rejected: {e}"));
    assert_eq!(again.to_text(), own, "round trip");
    assert_eq!(again.key(), pos.key(), "key after the round trip of {own}");
    assert_eq!(pos.key(), pos.compute_key());
    let before = pos.clone();
    for ply in pos.legal_plies() {
        let undo = pos.make(ply);
        assert_eq!(pos.key(), pos.compute_key(), "key after {ply} in {own}");
        let _ = pos.to_text();
        pos.unmake(undo);
        assert_eq!(pos, before, "unmake of {ply} in {own}");
    }
});
