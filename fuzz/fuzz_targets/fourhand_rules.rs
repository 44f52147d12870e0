//! Four-handed rule settings (`Rules::from_text`, the text a table or
//! `daba fourhand --rules` is given). Settings that parse write a text that
//! parses back to the same settings, and the start position under them is
//! well formed (its key equals a fresh computation, its string parses back).
#![no_main]

use fourhand::{Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = Rules::from_text(text) else {
        return;
    };
    let own = rules.to_text();
    let again = Rules::from_text(&own).unwrap_or_else(|e| panic!("own text '{own}' rejected: {e}"));
    assert_eq!(again, rules, "round trip of '{own}'");
    let start = Position::start_with(rules);
    assert_eq!(start.key(), start.compute_key());
    let back = Position::from_text_with(&start.to_text(), rules).expect("the start position parses back");
    assert_eq!(back.to_text(), start.to_text());
});
