//! Perft from the start position, counted by both paths (copy-make with bulk
//! counting, and make/unmake to every leaf), with the numbers of
//! docs/fourhand.md. Depths 6 and 7 take seconds in a release build and
//! much longer in a debug one, so they are `#[ignore]`d: run them with
//! `cargo test -p fourhand --release --test perft -- --ignored`.

mod common;

use common::setup;
use fourhand::*;

/// Leaf counts from the start position, depths 1 to 7.
const START_COUNTS: [u64; 7] = [12, 144, 1_728, 20_736, 333_228, 5_339_329, 85_010_562];

fn both_paths(pos: &Position, depth: u32) -> u64 {
    let bulk = perft(pos, depth);
    let mut walked = pos.clone();
    assert_eq!(
        perft_make_unmake(&mut walked, depth),
        bulk,
        "depth {depth} of {pos}"
    );
    assert_eq!(walked, *pos, "make/unmake left the position changed");
    bulk
}

#[test]
fn start_position_to_depth_5() {
    let start = Position::start();
    for depth in 1..=5 {
        assert_eq!(
            both_paths(&start, depth),
            START_COUNTS[depth as usize - 1],
            "depth {depth}"
        );
    }
    let divided: u64 = divide(&start, 4).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, START_COUNTS[3]);
}

#[test]
#[ignore = "seconds in release, minutes in debug: run with --ignored"]
fn start_position_depths_6_and_7() {
    let start = Position::start();
    for depth in 6..=7 {
        assert_eq!(
            both_paths(&start, depth),
            START_COUNTS[depth as usize - 1],
            "depth {depth}"
        );
    }
}

/// Positions with frozen armies, mates, ribbons and leaps: both paths agree.
#[test]
fn both_paths_agree_on_set_up_positions() {
    for (pieces, to_move, frozen) in [
        ("sKe2 sBf4 sRe8 sQc10 wKa8 wRe5 nKg14 eKn7", 'S', "W"),
        ("sKh1 sQc10 wKa8 wRg5 nKg14 eKn7", 'S', "W"),
        ("sKh1 wQh5 wKa8 nQc8 nRa4 nKg14 eKn7", 'W', "S"),
        ("sKh1 sQl7 sRn11 wKa8 wRl10 nKg14 eKn7", 'W', "-"),
        (
            "sKh1 sP*2b9 sPf12 sP^e3 sPe7 wNa10 wKa8 wPf6 nPf13 nPe8 nKg14 ePg6 eKn7",
            'S',
            "-",
        ),
    ] {
        let pos = setup(pieces, to_move, frozen);
        assert!(both_paths(&pos, 4) > 0, "{pieces}");
    }
}
