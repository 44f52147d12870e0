//! The 25 worked cases T1-T25 of docs/fourhand.md §17, one test each, with
//! the positions written out here (no file is read).

mod common;

use common::*;
use fourhand::*;

#[test]
fn t01_geometry() {
    let geo = Shape::Cross160.geometry();
    assert_eq!(geo.squares().len(), 160);
    for name in ["a1", "c3", "l12"] {
        assert!(!geo.contains(sq(name)), "{name}");
    }
    for name in ["d1", "a4", "n11", "k14", "c4", "d3"] {
        assert!(geo.contains(sq(name)), "{name}");
    }
    let colours = LightSquares::EvenSum;
    for name in ["g1", "h14", "a7", "n8", "k1", "d14"] {
        assert!(colours.is_light(sq(name)), "{name} light");
    }
    for name in ["h1", "g14", "a8", "n7", "a4", "n11"] {
        assert!(!colours.is_light(sq(name)), "{name} dark");
    }
    // The board's squares are exactly those of §2.3's formula.
    for y in 0..14u8 {
        for x in 0..14u8 {
            let corner = |v: u8| v <= 2 || v >= 11;
            assert_eq!(
                geo.contains(Square::new(x, y).unwrap()),
                !(corner(x) && corner(y))
            );
        }
    }
}

#[test]
fn t02_initial_position() {
    let start = Position::start();
    assert_eq!(start.to_text(), START);
    assert_eq!(Position::from_text(START).unwrap(), start);
    let mut texts: Vec<String> = start
        .legal_plies()
        .into_iter()
        .map(|p| match p {
            Ply::Move(mv) => start.move_text(mv),
            other => panic!("{other:?}"),
        })
        .collect();
    texts.sort();
    assert_eq!(
        texts,
        sorted(&[
            "d2-d3", "e2-e3", "f2-f3", "g2-g3", "h2-h3", "i2-i3", "j2-j3", "k2-k3", "Ne1-d3", "Ne1-f3",
            "Nj1-i3", "Nj1-k3"
        ])
    );
    assert!(start.parse_ply("e2-e4").is_err());
    for seat in Seat::ALL {
        assert_eq!(start.legal_moves_of(seat).len(), 12, "{seat}");
    }
}

#[test]
fn t03_no_castling() {
    let pos = setup(
        "sKh1 sQg1 sRk1 sPg2 sPh2 sPi2 sPj2 sPk2 wKa8 nKg14 eKn7",
        'S',
        "-",
    );
    assert_eq!(targets_from(&pos, "h1"), ["i1"]);
    assert!(pos.parse_ply("Kh1-j1").is_err());
}

#[test]
fn t04_pawn_captures_and_no_leap_over_an_opponent() {
    let pos = setup(&format!("{BASE_KINGS} sPf5 wNe6 wPf6 eBg6"), 'S', "-");
    assert_eq!(moves_from(&pos, "f5"), sorted(&["f5xe6", "f5xg6"]));
    let pos = setup(&format!("{BASE_KINGS} sPf5 wNe6 wPf6 nBg6"), 'S', "-");
    assert_eq!(moves_from(&pos, "f5"), ["f5xe6"]);
}

#[test]
fn t05_kings_near_kings() {
    // (a) Partner kings side by side.
    let a = "sKg7 nKh8 wKa8 eKn7";
    assert_eq!(
        targets_from(&setup(a, 'S', "-"), "g7"),
        sorted(&["f6", "f7", "f8", "g6", "g8", "h6", "h7"])
    );
    assert_eq!(
        targets_from(&setup(a, 'N', "-"), "h8"),
        sorted(&["g8", "g9", "h7", "h9", "i7", "i8", "i9"])
    );
    // (b) Never next to an active enemy king.
    let b = setup("sKl7 wKa8 nKg14 eKn7", 'S', "-");
    assert_eq!(targets_from(&b, "l7"), sorted(&["k6", "k7", "k8", "l6", "l8"]));
    // (c) Nor next to a frozen one.
    let c = setup("sKc7 sQc10 wKa8 nKg14 eKn7", 'S', "W");
    assert_eq!(
        targets_from(&c, "c7"),
        sorted(&["b6", "c6", "c8", "d6", "d7", "d8"])
    );
}

#[test]
fn t06_pinned_to_the_partners_king() {
    let pos = setup("sKd1 sBh9 nKh12 eRh4 eKn7 wKa8", 'S', "-");
    assert!(targets_from(&pos, "h9").is_empty());
    assert!(!pos
        .pseudo_moves_of(Seat::South)
        .iter()
        .all(|m| m.from != sq("h9")));
}

#[test]
fn t07_own_king_shielding_the_partner_is_mated() {
    let pieces = "sKh9 nKh12 eRh4 eKn7 wKa8";
    let mut pos = setup(pieces, 'S', "-");
    assert!(pos.in_check(Seat::South));
    assert_eq!(pos.legal_plies(), [Ply::Mated]);
    assert_eq!(pos.ply_text(Ply::Mated), "S:(mated)");
    pos.make(Ply::Mated);
    assert!(pos.is_frozen(Seat::South));
    assert_eq!(pos.to_move(), Seat::West);
    assert_eq!(pos.outcome(), None);
    // S passes from now on.
    pos.make(pos.legal_plies()[0]);
    pos.make(pos.legal_plies()[0]);
    pos.make(pos.legal_plies()[0]);
    assert_eq!(pos.legal_plies(), [Ply::Pass]);
    assert_eq!(pos.ply_text(Ply::Pass), "S:--");

    let pos = setup(&format!("{pieces} sRd6"), 'S', "-");
    let moves: Vec<String> = pos
        .legal_plies()
        .into_iter()
        .map(|p| match p {
            Ply::Move(mv) => pos.move_text(mv),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(moves, ["Rd6-h6"]);
}

#[test]
fn t08_no_new_attacker_on_a_checked_partner() {
    let pieces = "sKd1 sBh9 nKh12 wQe12 wKa8 eRh4 eKn7";
    let strict = setup(pieces, 'S', "-");
    assert!(strict.in_check(Seat::North));
    assert!(targets_from(&strict, "h9").is_empty());
    let simple = setup_with(
        pieces,
        'S',
        "-",
        Rules {
            partner_king: PartnerKing::Simple,
            ..Rules::default()
        },
    );
    let targets = targets_from(&simple, "h9");
    assert_eq!(targets.len(), 16, "{targets:?}");
    // Bxe12 also checks West's king on a8.
    assert!(moves_from(&simple, "h9").contains(&"Bh9xe12+".to_string()));
}

#[test]
fn t09_frozen_pieces_block_but_never_attack_nor_fall() {
    let pos = setup("sKe2 sBf4 sRe8 sQc10 wKa8 wRe5 nKg14 eKn7", 'S', "W");
    assert!(!pos.in_check(Seat::South));
    assert_eq!(
        targets_from(&pos, "f4"),
        sorted(&["d2", "e3", "g3", "h2", "i1", "g5", "h6", "i7", "j8", "k9", "l10", "m11"])
    );
    let rook = targets_from(&pos, "e8");
    let mut expected = vec![
        "e7", "e6", "e9", "e10", "e11", "e12", "e13", "e14", "d8", "c8", "b8",
    ];
    expected.extend(["f8", "g8", "h8", "i8", "j8", "k8", "l8", "m8", "n8"]);
    assert_eq!(rook, sorted(&expected));
    assert_eq!(rook.len(), 20);
    assert_eq!(
        targets_from(&pos, "e2"),
        sorted(&["d1", "d2", "d3", "e1", "e3", "f1", "f2", "f3"])
    );
}

#[test]
fn t10_capturing_the_checker_releases_at_once() {
    let mut pos = setup("sKh1 sQc10 wKa8 wRh5 eBe8 eKn7 nKg14", 'E', "W");
    let undo = pos.make(pos.parse_ply("Be8xc10").unwrap());
    assert!(!pos.is_frozen(Seat::West));
    assert_eq!(undo.released(&pos).iter().collect::<Vec<_>>(), [Seat::West]);
    assert!(pos.in_check(Seat::South));
    assert_eq!(pos.checkers(Seat::South).iter().collect::<Vec<_>>(), [sq("h5")]);
}

#[test]
fn t11_interposing_releases_unless_literal() {
    let pieces = "sKh1 sQc10 wKa8 eNc7 eKn7 nKg14";
    let mut pos = setup(pieces, 'E', "W");
    play(&mut pos, "Nc7-b9");
    assert!(!pos.is_frozen(Seat::West));
    let literal = Rules {
        release: Release::Literal,
        ..Rules::default()
    };
    let mut pos = setup_with(pieces, 'E', "W", literal);
    assert!(pos.to_text().contains(" W[c10] "), "{pos}");
    play(&mut pos, "Nc7-b9");
    assert!(pos.is_frozen(Seat::West));
}

#[test]
fn t12_release_inside_legality() {
    let pos = setup("sKh1 sQc10 wKa8 wRg5 nKg14 eKn7", 'S', "W");
    let pseudo = pos
        .pseudo_moves_of(Seat::South)
        .into_iter()
        .filter(|m| m.from == sq("c10"))
        .count();
    assert_eq!(pseudo, 33);
    assert_eq!(
        targets_from(&pos, "c10"),
        sorted(&["a10", "b9", "c6", "c8", "d11", "e12", "e8", "f13", "g6", "g10"])
    );
}

#[test]
fn t13_a_freeze_releases_in_the_same_step() {
    let mut pos = setup("sKh1 wQh5 wKa8 nQc8 nRa4 nKg14 eKn7", 'W', "S");
    assert_eq!(pos.legal_plies(), [Ply::Mated]);
    pos.make(Ply::Mated);
    assert_eq!(pos.frozen().iter().collect::<Vec<_>>(), [Seat::West]);
}

#[test]
fn t14_mate_is_decided_at_the_victims_turn() {
    let mut pos = setup("sKh1 sQl7 sRn11 wKa8 wRl10 nKg14 eKn7", 'W', "-");
    // E would be mated if it were to move now.
    assert!(pos.in_check(Seat::East));
    assert!(pos.legal_moves_of(Seat::East).is_empty());
    play(&mut pos, "Rl10xl7");
    play(&mut pos, "Kg14-g13");
    assert_eq!(pos.to_move(), Seat::East);
    assert_eq!(targets_from(&pos, "n7"), sorted(&["m6", "m7", "m8"]));
    assert!(!pos.is_frozen(Seat::East));
}

#[test]
fn t15_both_opponents_frozen_is_a_win() {
    let mut pos = setup("sKh1 sQc10 sQl7 sRn11 wKa8 nKg14 eKn7", 'E', "W");
    assert_eq!(pos.legal_plies(), [Ply::Mated]);
    pos.make(Ply::Mated);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Team::SouthNorth)));
    assert!(pos.legal_plies().is_empty());
}

#[test]
fn t16_mate_plus_stalemate_is_a_draw() {
    let pos = setup("sKh1 sQc10 sQk5 sRm10 wKa8 nKg14 eKn4", 'E', "W");
    assert!(!pos.in_check(Seat::East));
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::MateAndStalemate)));
}

#[test]
fn t17_a_single_stalemate_passes() {
    let mut pos = setup("sKh1 sQk5 sRm10 wKa8 nKg14 eKn4", 'E', "-");
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.legal_plies(), [Ply::Pass]);
    assert_eq!(pos.ply_text(Ply::Pass), "E:(stalemate)--");
    assert_eq!(pos.parse_ply("E:(stalemate)--"), Ok(Ply::Pass));
    pos.make(Ply::Pass);
    assert_eq!(pos.to_move(), Seat::South);
    assert_eq!(pos.outcome(), None);
    // Under A18's option any stalemate is a draw.
    let draw = Rules {
        stalemate: Stalemate::Draw,
        ..Rules::default()
    };
    let pos = setup_with("sKh1 sQk5 sRm10 wKa8 nKg14 eKn4", 'E', "-", draw);
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn t18_the_ribbon_at_the_partners_edge() {
    let mut pos = setup(&format!("{BASE_KINGS} sPf13"), 'S', "-");
    assert_eq!(moves_from(&pos, "f13"), ["f13-f14^"]);
    play(&mut pos, "f13-f14^");
    let pawn = pos.piece_at(sq("f14")).unwrap();
    assert_eq!((pawn.kind, pawn.ribbon), (Kind::Pawn, true));
    assert!(pos.to_text().contains("sP^"));
    let pos = setup(&format!("{BASE_KINGS} sP^f14 wNe13 eNg13"), 'S', "-");
    assert_eq!(targets_from(&pos, "f14"), sorted(&["f13", "e13", "g13"]));
}

#[test]
fn t19_the_ribbon_comes_off_on_the_start_rank() {
    let mut pos = setup(&format!("{BASE_KINGS} sP^e3"), 'S', "-");
    assert_eq!(moves_from(&pos, "e3"), ["e3-e2v"]);
    play(&mut pos, "e3-e2v");
    assert!(!pos.piece_at(sq("e2")).unwrap().ribbon);
    for text in ["Ka8-a9", "Kg14-g13", "Kn7-n6"] {
        play(&mut pos, text);
    }
    assert_eq!(moves_from(&pos, "e2"), ["e2-e3"]);
}

#[test]
fn t20_promotion_after_three_captures() {
    let pieces = format!("{BASE_KINGS} sP*2b9 wNa10");
    let mut pos = setup(&pieces, 'S', "-");
    // The new queen checks West's king on a8.
    assert_eq!(moves_from(&pos, "b9"), sorted(&["b9-b10", "b9xa10=Q+"]));
    play(&mut pos, "b9xa10=Q+");
    assert_eq!(pos.piece_at(sq("a10")).unwrap().kind, Kind::Queen);

    let exclusive = Rules {
        capture_count: CaptureCount::Exclusive,
        ..Rules::default()
    };
    let mut pos = setup_with(&pieces, 'S', "-", exclusive);
    play(&mut pos, "b9xa10");
    let pawn = pos.piece_at(sq("a10")).unwrap();
    assert_eq!((pawn.kind, pawn.caps), (Kind::Pawn, 3));
    assert!(pos.to_text().contains("sP*3"));
    for text in ["Ka8-b8", "Kg14-g13", "Kn7-n6"] {
        play(&mut pos, text);
    }
    assert_eq!(moves_from(&pos, "a10"), ["a10-a11=Q"]);

    let mut pos = setup(&format!("{BASE_KINGS} sP*1b9 wNa10"), 'S', "-");
    play(&mut pos, "b9xa10");
    let pawn = pos.piece_at(sq("a10")).unwrap();
    assert_eq!((pawn.kind, pawn.caps), (Kind::Pawn, 2));
    for text in ["Ka8-b8", "Kg14-g13", "Kn7-n6"] {
        play(&mut pos, text);
    }
    assert_eq!(moves_from(&pos, "a10"), ["a10-a11"]);
}

#[test]
fn t21_dead_ends() {
    let pos = setup(&format!("{BASE_KINGS} sPb11 sPc11 wNd12"), 'S', "-");
    assert!(moves_from(&pos, "b11").is_empty());
    assert_eq!(moves_from(&pos, "c11"), ["c11xd12"]);
}

#[test]
fn t22_partner_pawns_leap() {
    // (a)
    let pos = setup(&format!("{BASE_KINGS} sPe7 nPe8"), 'S', "-");
    assert_eq!(moves_from(&pos, "e7"), ["e7-e9"]);
    let north = setup(&format!("{BASE_KINGS} sPe7 nPe8"), 'N', "-");
    assert_eq!(moves_from(&north, "e8"), ["e8-e6"]);
    // (b)-(d)
    for other in ["nPe8 eNe9", "sPe8", "wPe8"] {
        let pos = setup(&format!("{BASE_KINGS} sPe7 {other}"), 'S', "-");
        assert!(moves_from(&pos, "e7").is_empty(), "{other}");
    }
    // (e) Not facing: no leap, unless any partner pawn may be leaped.
    let e = format!("{BASE_KINGS} sPe7 nP^e8");
    assert!(moves_from(&setup(&e, 'S', "-"), "e7").is_empty());
    let any = Rules {
        leap: Leap::AnyPartnerPawn,
        ..Rules::default()
    };
    assert_eq!(moves_from(&setup_with(&e, 'S', "-", any), "e7"), ["e7-e9"]);
    // (f)
    let f = setup(&format!("{BASE_KINGS} wPf6 ePg6"), 'W', "-");
    assert_eq!(moves_from(&f, "f6"), ["f6-h6"]);
    // (g)
    let mut g = setup(&format!("{BASE_KINGS} sPf12 nPf13"), 'S', "-");
    assert_eq!(moves_from(&g, "f12"), ["f12-f14^"]);
    play(&mut g, "f12-f14^");
    assert!(g.piece_at(sq("f14")).unwrap().ribbon);
}

#[test]
fn t23_holes() {
    let pos = setup(&format!("{BASE_KINGS} sNd2 sRd3 sBd4"), 'S', "-");
    assert_eq!(targets_from(&pos, "d2"), sorted(&["c4", "e4", "f1", "f3"]));
    assert_eq!(
        targets_from(&pos, "d3"),
        sorted(&["e3", "f3", "g3", "h3", "i3", "j3", "k3"])
    );
    assert_eq!(
        targets_from(&pos, "d4"),
        sorted(&["c5", "b6", "a7", "e5", "f6", "g7", "h8", "i9", "j10", "k11", "e3", "f2", "g1"])
    );
}

#[test]
fn t24_a_king_is_never_captured() {
    let pos = setup("sKh1 wKa8 nRa4 nKg14 eKn7", 'N', "-");
    assert!(pos.in_check(Seat::West));
    let targets = targets_from(&pos, "a4");
    assert_eq!(targets.len(), 16);
    assert!(!targets.contains(&"a8".to_string()));
    assert!(pos.parse_ply("Ra4xa8").is_err());
    assert!(!pos.pseudo_moves_of(Seat::North).iter().any(|m| m.to == sq("a8")));
}

#[test]
fn t25_only_kings_and_repetition() {
    let kings = setup(BASE_KINGS, 'S', "-");
    assert_eq!(kings.outcome(), Some(Outcome::Draw(DrawReason::OnlyKings)));

    let mut pos = Position::start();
    let round = [
        "Nj1-k3", "Na5-c4", "Ne14-d12", "Nn5-l4", "Nk3-j1", "Nc4-a5", "Nd12-e14", "Nl4-n5",
    ];
    for (i, text) in round.iter().chain(round.iter()).enumerate() {
        assert_eq!(pos.outcome(), None, "before ply {}", i + 1);
        play(&mut pos, text);
    }
    assert_eq!(pos.key(), Position::start().key());
    assert_eq!(pos.repetitions(), 3);
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // Claimed instead of automatic (A19's option).
    let claim = Rules {
        repetition: Repetition::Claim,
        ..Rules::default()
    };
    let mut pos = Position::start_with(claim);
    for text in round.iter().chain(round.iter()) {
        play(&mut pos, text);
    }
    assert_eq!(pos.outcome(), None);
    assert!(pos.can_claim_draw());
}
