//! Property tests over random playouts, under the default rules and under
//! each option, from the start position and from set-up positions with
//! frozen armies, ribbons and pawns about to promote. At every ply:
//!
//! - the incremental key equals the key computed from nothing;
//! - the position string round-trips (same text, same key);
//! - no legal move captures a king or a piece of a frozen army, and a
//!   frozen player (without the re-examine option) can only pass;
//! - the pieces of an army frozen before a ply are where they were after it;
//! - make then unmake restores the position, its key and its history.
//!
//! proptest draws the rules, the start and the choice at each ply, and on a
//! failure shrinks to the shortest playout that still fails.

mod common;

use common::setup_with;
use fourhand::*;
use proptest::prelude::*;

fn variants() -> Vec<Rules> {
    let d = Rules::default();
    vec![
        d,
        Rules {
            release: Release::Literal,
            ..d
        },
        Rules {
            mate_timing: MateTiming::Immediately,
            ..d
        },
        Rules {
            promotion: Promotion::FreeChoice,
            capture_count: CaptureCount::Exclusive,
            dead_end_promotion: true,
            ..d
        },
        Rules {
            ribbon_removal: RibbonRemoval::BirthSquare,
            dead_end_reversal: true,
            leap: Leap::AnyPartnerPawn,
            ..d
        },
        Rules {
            shape: Shape::Notched180,
            light_squares: LightSquares::OddSum,
            turn_order: TurnOrder::Anticlockwise,
            ..d
        },
        Rules {
            recheck_frozen: true,
            release_checks: ReleaseChecks::Ignore,
            partner_king: PartnerKing::Simple,
            ..d
        },
        Rules {
            frozen_attacks: FrozenAttacks::Everything,
            stalemate: Stalemate::Draw,
            repetition: Repetition::Claim,
            no_progress_plies: Some(40),
            ..d
        },
    ]
}

/// Set-up positions (pieces, seat to move, frozen seats); the start position
/// is added to them.
const SETUPS: &[(&str, char, &str)] = &[
    ("sKe2 sBf4 sRe8 sQc10 wKa8 wRe5 wPb6 wNa5 nKg14 nPf13 nQh14 eKn7 eRn4 ePm8", 'S', "W"),
    ("sKh1 sQc10 wKa8 wRg5 wBa9 nKg14 nRk14 eKn7 eNn5 ePm6", 'S', "W"),
    ("sKh1 wQh5 wKa8 nQc8 nRa4 nKg14 eKn7 eBn9", 'W', "S"),
    ("sKh1 sQl7 sRn11 wKa8 wRl10 nKg14 eKn7", 'W', "-"),
    (
        "sKh1 sP*2b9 sPf12 sP^e3 sPe7 sP*3c10 wNa10 wKa8 wPf6 wPd10 nPf13 nPe8 nKg14 nBe11 ePg6 eKn7 eP*2l4 eNk3",
        'S',
        "-",
    ),
    ("sKh9 sRd6 nKh12 eRh4 eKn7 wKa8 wQe13", 'S', "-"),
];

fn starts(rules: Rules) -> Vec<Position> {
    let mut out = vec![Position::start_with(rules)];
    if rules.shape == Shape::Cross160 {
        for (pieces, to_move, frozen) in SETUPS {
            out.push(setup_with(pieces, *to_move, frozen, rules));
        }
    }
    out
}

fn check_position(pos: &Position) {
    assert_eq!(pos.key(), pos.compute_key(), "incremental key in {pos}");
    let text = pos.to_text();
    let again = Position::from_text_with(&text, *pos.rules()).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(again.to_text(), text);
    assert_eq!(again.key(), pos.key(), "key after the round trip of {text}");
}

fn check_plies(pos: &Position, plies: &[Ply]) {
    let seat = pos.to_move();
    if pos.is_frozen(seat) && !pos.rules().recheck_frozen {
        assert_eq!(plies, [Ply::Pass], "a frozen {seat} must pass in {pos}");
    }
    for mv in pos.pseudo_moves_of(seat) {
        if let Some(target) = pos.piece_at(mv.to) {
            assert!(
                target.kind != Kind::King && seat.is_opponent(target.seat) && !pos.is_frozen(target.seat),
                "pseudo-legal {mv} captures {target:?} in {pos}"
            );
        }
    }
    // The legal moves are exactly the pseudo-legal ones that pass the king
    // rules, judged here from outside on the position after each.
    let rules = pos.rules();
    if rules.release_checks == ReleaseChecks::AfterRelease
        && rules.mate_timing == MateTiming::OwnTurn
        && !pos.is_frozen(seat)
        && pos.outcome().is_none()
    {
        let partner = seat.partner();
        let attackers_before = pos.checkers(partner);
        let expected: Vec<Ply> = pos
            .pseudo_moves_of(seat)
            .into_iter()
            .filter(|&mv| {
                let after = pos.play(Ply::Move(mv));
                let attackers_after = after.checkers(partner);
                let partner_ok = match rules.partner_king {
                    PartnerKing::Strict => attackers_after.is_subset(attackers_before),
                    PartnerKing::Simple => !attackers_before.is_empty() || attackers_after.is_empty(),
                };
                !after.in_check(seat) && partner_ok
            })
            .map(Ply::Move)
            .collect();
        let moves: Vec<Ply> = plies
            .iter()
            .copied()
            .filter(|p| matches!(p, Ply::Move(_)))
            .collect();
        assert_eq!(moves, expected, "legal moves in {pos}");
    }
    for ply in plies {
        let Ply::Move(mv) = ply else { continue };
        assert!(
            pos.pseudo_moves_of(seat).contains(mv),
            "legal {mv} is not pseudo-legal in {pos}"
        );
        let mover = pos.piece_at(mv.from).expect("a move starts on a piece");
        assert_eq!(mover.seat, seat, "{mv} moves another seat's piece in {pos}");
        if let Some(target) = pos.piece_at(mv.to) {
            assert!(
                target.kind != Kind::King && seat.is_opponent(target.seat) && !pos.is_frozen(target.seat),
                "{mv} captures {target:?} in {pos}"
            );
        }
    }
}

/// What happened in playouts, to show that they reach the rules under test.
#[derive(Default, Debug)]
struct Seen {
    mates: usize,
    releases: usize,
    ribbons: usize,
    promotions: usize,
    passes: usize,
    ends: usize,
}

fn playout(rules: Rules, start: usize, choices: &[u32], seen: &mut Seen) {
    let all = starts(rules);
    let mut pos = all[start % all.len()].clone();
    check_position(&pos);
    for &choice in choices {
        let plies = pos.legal_plies();
        if plies.is_empty() {
            assert!(pos.outcome().is_some());
            seen.ends += 1;
            break;
        }
        check_plies(&pos, &plies);
        let ply = plies[choice as usize % plies.len()];
        let before = pos.clone();
        let frozen_before = pos.frozen();
        let undo = pos.make(ply);
        assert_eq!(pos.key(), pos.compute_key(), "after {ply} from {before}");
        seen.releases += undo.released(&pos).iter().count();
        // The king rules, checked from outside: after a move (and the
        // releases it causes) the mover is not in check, and his partner
        // has no attacker he did not have before.
        if let Ply::Move(_) = ply {
            let mover = before.to_move();
            // (Immediate mates freeze and release after the move, so the
            // check is made only when mates wait for the player's turn.)
            if rules.release_checks == ReleaseChecks::AfterRelease && rules.mate_timing == MateTiming::OwnTurn
            {
                assert!(
                    !pos.in_check(mover),
                    "{ply} leaves {mover} in check, from {before}"
                );
                if rules.partner_king == PartnerKing::Strict {
                    let partner = mover.partner();
                    assert!(
                        pos.checkers(partner).is_subset(before.checkers(partner)),
                        "{ply} exposes {partner}'s king, from {before}"
                    );
                }
            }
        }
        match ply {
            Ply::Mated => seen.mates += 1,
            Ply::Pass => seen.passes += 1,
            Ply::Move(mv) => {
                let (was, now) = (before.piece_at(mv.from).unwrap(), pos.piece_at(mv.to).unwrap());
                seen.ribbons += (was.kind == Kind::Pawn && now.ribbon != was.ribbon) as usize;
                seen.promotions += mv.promotion.is_some() as usize;
            }
        }
        for seat in frozen_before.iter() {
            if seat == before.to_move() && pos.rules().recheck_frozen {
                continue;
            }
            let was: Vec<_> = before.pieces().filter(|(_, p)| p.seat == seat).collect();
            let now: Vec<_> = pos.pieces().filter(|(_, p)| p.seat == seat).collect();
            assert_eq!(was, now, "frozen {seat}'s army changed by {ply} from {before}");
        }
        pos.unmake(undo);
        assert_eq!(pos, before, "unmake of {ply}");
        assert_eq!(pos.history(), before.history());
        assert_eq!(pos.to_text(), before.to_text());
        pos.make(ply);
        check_position(&pos);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_invariant(
        variant in 0..8usize,
        start in 0..16usize,
        choices in prop::collection::vec(any::<u32>(), 1..160),
    ) {
        playout(variants()[variant], start, &choices, &mut Seen::default());
    }
}

/// Longer playouts than proptest's, a fixed few, so that games reach their
/// ends (mates, releases, repetitions) under every variant.
/// `FOURHAND_PLAYOUTS=N` plays N times as many (a soak run).
#[test]
fn long_seeded_playouts() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut seen = Seen::default();
    let rounds: usize = std::env::var("FOURHAND_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    for (i, rules) in variants().into_iter().enumerate().cycle().take(8 * rounds) {
        for start in 0..starts(rules).len() {
            let choices: Vec<u32> = (0..400)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 32) as u32
                })
                .collect();
            playout(rules, start + i, &choices, &mut seen);
        }
    }
    println!("{seen:?}");
    assert!(
        seen.mates > 0
            && seen.releases > 0
            && seen.ribbons > 0
            && seen.promotions > 0
            && seen.passes > 0
            && seen.ends > 0,
        "{seen:?}"
    );
}
