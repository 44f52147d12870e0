//! The [OPTION]s of docs/fourhand.md that T1-T25 do not already cover, one
//! test each: the rejected reading as a setting of `Rules`, next to the
//! default it replaces.

mod common;

use common::*;
use fourhand::*;

fn with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut rules = Rules::default();
    f(&mut rules);
    rules
}

#[test]
fn a1_the_180_square_board() {
    let rules = with(|r| r.shape = Shape::Notched180);
    assert_eq!(rules.shape.geometry().squares().len(), 180);
    let start = Position::start_with(rules);
    let text = start.to_text();
    assert!(text.starts_with("__1nRnNnBnKnQnBnNnR1__/"), "{text}");
    assert_eq!(Position::from_text_with(&text, rules).unwrap(), start);
    // The default board's string does not fit the 180-square board.
    assert!(matches!(
        Position::from_text_with(START, rules),
        Err(PositionError::UnexpectedHole(_))
    ));
    // Knights reach c2 on it.
    assert!(moves_from(&start, "e1").contains(&"Ne1-c2".to_string()));
    assert_eq!(perft(&start, 3), perft_make_unmake(&mut start.clone(), 3));
}

#[test]
fn a2_swapped_colours_swap_kings_and_queens() {
    let rules = with(|r| r.light_squares = LightSquares::OddSum);
    let start = Position::start_with(rules);
    for (queen, king) in [("h1", "g1"), ("g14", "h14"), ("a8", "a7"), ("n7", "n8")] {
        assert_eq!(start.piece_at(sq(queen)).unwrap().kind, Kind::Queen, "{queen}");
        assert_eq!(start.piece_at(sq(king)).unwrap().kind, Kind::King, "{king}");
        assert!(rules.light_squares.is_light(sq(queen)));
    }
}

#[test]
fn a5_anticlockwise_play() {
    let mut pos = Position::start_with(with(|r| r.turn_order = TurnOrder::Anticlockwise));
    let order: Vec<Seat> = (0..4)
        .map(|_| {
            let seat = pos.to_move();
            pos.make(pos.legal_plies()[0]);
            seat
        })
        .collect();
    assert_eq!(order, [Seat::South, Seat::East, Seat::North, Seat::West]);
    assert_eq!((pos.to_move(), pos.round()), (Seat::South, 2));
}

#[test]
fn a6_dead_ends_as_promotion_squares() {
    let pieces = format!("{BASE_KINGS} sP*3b10");
    assert_eq!(moves_from(&setup(&pieces, 'S', "-"), "b10"), ["b10-b11"]);
    let rules = with(|r| r.dead_end_promotion = true);
    assert_eq!(
        moves_from(&setup_with(&pieces, 'S', "-", rules), "b10"),
        ["b10-b11=Q"]
    );
}

#[test]
fn a8_free_choice_of_promotion() {
    let rules = with(|r| r.promotion = Promotion::FreeChoice);
    let pos = setup_with(&format!("{BASE_KINGS} sP*2b9 wNa10"), 'S', "-", rules);
    assert_eq!(
        moves_from(&pos, "b9"),
        sorted(&["b9-b10", "b9xa10=Q+", "b9xa10=R+", "b9xa10=B", "b9xa10=N"])
    );
    assert!(matches!(
        pos.parse_ply("b9xa10"),
        Err(MoveError::MissingPromotion(_))
    ));
    let mv = pos.parse_move("b9a10n").unwrap();
    assert_eq!(mv.promotion, Some(Kind::Knight));
    assert_eq!(pos.parse_move("b9xa10=N"), Ok(mv));
}

#[test]
fn a9_the_ribbon_comes_off_only_on_the_birth_square() {
    let rules = with(|r| r.ribbon_removal = RibbonRemoval::BirthSquare);
    // Born on the e-file, now on the f-file: f2 is not its birth square.
    let mut pos = setup_with(&format!("{BASE_KINGS} sP^@ef3 sP^e3"), 'S', "-", rules);
    assert!(pos.to_text().contains("sP^@e"), "{pos}");
    assert_eq!(moves_from(&pos, "f3"), ["f3-f2"]);
    assert_eq!(moves_from(&pos, "e3"), ["e3-e2v"]);
    play(&mut pos, "f3-f2");
    assert!(pos.piece_at(sq("f2")).unwrap().ribbon);
    // Under the default rules the birth mark is an error.
    let text = text(&format!("{BASE_KINGS} sP^@ef3"), 'S', "-", &rules);
    assert_eq!(
        Position::from_text(&text),
        Err(PositionError::BirthMarkWithoutRule(sq("f3")))
    );
    // The start position's pawns know their birth squares.
    let start = Position::start_with(rules);
    assert_eq!(start.piece_at(sq("e2")).unwrap().origin, 4);
    assert_eq!(Position::from_text_with(&start.to_text(), rules).unwrap(), start);
}

#[test]
fn a10_dead_ends_as_reversal_squares() {
    let pieces = format!("{BASE_KINGS} sPb10");
    let mut pos = setup(&pieces, 'S', "-");
    play(&mut pos, "b10-b11");
    assert!(!pos.piece_at(sq("b11")).unwrap().ribbon);
    let rules = with(|r| r.dead_end_reversal = true);
    let mut pos = setup_with(&pieces, 'S', "-", rules);
    play(&mut pos, "b10-b11^");
    for text in ["Ka8-b8", "Kg14-g13", "Kn7-n6"] {
        play(&mut pos, text);
    }
    assert_eq!(moves_from(&pos, "b11"), ["b11-b10"]);
}

#[test]
fn a13_frozen_pieces_that_keep_attacking() {
    let pieces = "sKe2 sBf4 sRe8 sQc10 wKa8 wRe5 nKg14 eKn7";
    assert!(!setup(pieces, 'S', "W").in_check(Seat::South));
    let rules = with(|r| r.frozen_attacks = FrozenAttacks::Everything);
    assert!(setup_with(pieces, 'S', "W", rules).in_check(Seat::South));
}

#[test]
fn a14_mate_decided_right_after_each_move() {
    let pieces = "sKh1 sQl7 sRn11 wKa8 wRl10 nKg14 eKn7";
    let mut pos = setup(pieces, 'W', "-");
    play(&mut pos, "Ka8-a9");
    assert!(!pos.is_frozen(Seat::East));
    let rules = with(|r| r.mate_timing = MateTiming::Immediately);
    let mut pos = setup_with(pieces, 'W', "-", rules);
    let undo = pos.make(pos.parse_ply("Ka8-a9").unwrap());
    assert!(pos.is_frozen(Seat::East));
    assert_eq!(pos.key(), pos.compute_key());
    pos.unmake(undo);
    assert_eq!(pos, setup_with(pieces, 'W', "-", rules));
}

#[test]
fn a15_literal_release_by_capture() {
    let rules = with(|r| r.release = Release::Literal);
    let mut pos = setup_with("sKh1 sQc10 wKa8 wRh5 eBe8 eKn7 nKg14", 'E', "W", rules);
    play(&mut pos, "Be8xc10+");
    assert!(!pos.is_frozen(Seat::West));
    assert!(pos.to_text().contains(" - "), "{pos}");
    // Mating squares are written and read back.
    let pos = setup_with("sKh1 sQc10 wKa8 nKg14 eKn7", 'S', "W", rules);
    assert_eq!(
        pos.mating_squares(Seat::West).iter().collect::<Vec<_>>(),
        [sq("c10")]
    );
    assert_eq!(Position::from_text_with(&pos.to_text(), rules).unwrap(), pos);
}

#[test]
fn a16_a_frozen_king_with_a_way_out_moves_at_its_turn() {
    let pieces = "sKc7 sQc10 wKa8 nKg14 eKn7";
    assert_eq!(setup(pieces, 'W', "W").legal_plies(), [Ply::Pass]);
    let rules = with(|r| r.recheck_frozen = true);
    let mut pos = setup_with(pieces, 'W', "W", rules);
    let mut targets: Vec<String> = pos
        .legal_plies()
        .into_iter()
        .map(|p| match p {
            Ply::Move(mv) => mv.to.to_string(),
            other => panic!("{other:?}"),
        })
        .collect();
    targets.sort();
    assert_eq!(targets, sorted(&["a7", "a9"]));
    play(&mut pos, "Ka8-a7");
    assert!(!pos.is_frozen(Seat::West));
}

#[test]
fn a17_legality_that_ignores_released_pieces() {
    let pieces = "sKh1 sQc10 wKa8 wRg5 nKg14 eKn7";
    assert!(!targets_from(&setup(pieces, 'S', "W"), "c10").contains(&"c9".to_string()));
    let rules = with(|r| r.release_checks = ReleaseChecks::Ignore);
    assert!(targets_from(&setup_with(pieces, 'S', "W", rules), "c10").contains(&"c9".to_string()));
}

#[test]
fn a21_no_progress_rule() {
    let rules = with(|r| r.no_progress_plies = Some(4));
    let mut pos = Position::start_with(rules);
    for text in ["Nj1-k3", "Na5-c4", "Ne14-d12"] {
        play(&mut pos, text);
    }
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "Nn5-l4");
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::NoProgress)));
    // Off by default.
    let mut pos = Position::start();
    for text in ["Nj1-k3", "Na5-c4", "Ne14-d12", "Nn5-l4"] {
        play(&mut pos, text);
    }
    assert_eq!(pos.outcome(), None);
}
