//! The position string and the move notation of §16: round trips, and one
//! clear error for each way the text can be wrong.

mod common;

use common::*;
use fourhand::*;

fn start_with_board(board: &str) -> String {
    let mut fields: Vec<&str> = START.split(' ').collect();
    fields[0] = board;
    fields.join(" ")
}

fn board_field() -> Vec<String> {
    START
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(String::from)
        .collect()
}

fn with_rank(index: usize, rank: &str) -> String {
    let mut ranks = board_field();
    ranks[index] = rank.to_string();
    start_with_board(&ranks.join("/"))
}

#[test]
fn every_position_error() {
    use PositionError::*;
    let kings = |extra: &str| text(&format!("{BASE_KINGS} {extra}"), 'S', "-", &Rules::default());
    let cases: Vec<(String, PositionError)> = vec![
        ("".into(), WrongFieldCount(0)),
        (format!("{START} 7"), WrongFieldCount(6)),
        ("a/b S - 0 1".into(), WrongRankCount(2)),
        // Rank 14 is the first: index 0.
        (
            with_rank(0, "___nRnNnBnKnQnBnNxR___"),
            BadToken {
                rank: 14,
                text: "xR___".into(),
            },
        ),
        (
            with_rank(0, "___nRnNnBnKnQnBnNnR0___"),
            BadToken {
                rank: 14,
                text: "0___".into(),
            },
        ),
        (with_rank(0, "___nRnNnBnKnQnBnNnR____"), RankTooLong(14)),
        (
            with_rank(0, "___nRnNnBnKnQnBnNnR__"),
            RankTooShort { rank: 14, cells: 13 },
        ),
        (with_rank(0, "nR__nNnBnKnQnBnNnR___"), HoleExpected(sq("a14"))),
        (with_rank(0, "4nBnKnQnBnNnR___"), HoleExpected(sq("a14"))),
        (with_rank(0, "____nNnBnKnQnBnNnR___"), UnexpectedHole(sq("d14"))),
        (kings("sP*4e5"), BadCaptureCounter(sq("e5"))),
        (kings("sP*e5"), BadCaptureCounter(sq("e5"))),
        (kings("sN^e5"), PawnStateOnPiece(sq("e5"))),
        (kings("sB*2e5"), PawnStateOnPiece(sq("e5"))),
        (kings("sP@ee5"), BirthMarkWithoutRule(sq("e5"))),
        (
            text("wKa8 nKg14 eKn7", 'S', "-", &Rules::default()),
            MissingKing(Seat::South),
        ),
        (kings("eKe5"), ExtraKing(Seat::East)),
        (
            text("sKh9 wKg10 nKg14 eKn7", 'S', "-", &Rules::default()),
            AdjacentEnemyKings(sq("h9"), sq("g10")),
        ),
        (START.replace(" S ", " s "), BadToMove("s".into())),
        (START.replace(" S ", " SW "), BadToMove("SW".into())),
        (START.replace(" - ", " X "), BadFrozen("X".into())),
        (START.replace(" - ", " WW "), DuplicateFrozen(Seat::West)),
        (
            START.replace(" - ", " W[a5] "),
            MatingSquaresWithoutRule(Seat::West),
        ),
        (START.replace(" - ", " W "), FrozenNotHeld(Seat::West)),
        (START.replace(" - ", " SWNE "), AllFrozen),
        (START.replace(" 0 1", " x 1"), BadClock("x".into())),
        (START.replace(" 0 1", " 0 0"), BadRound("0".into())),
        (START.replace(" 0 1", " 0 -3"), BadRound("-3".into())),
    ];
    for (text, error) in cases {
        assert_eq!(Position::from_text(&text), Err(error.clone()), "{text}");
        assert!(!error.to_string().is_empty());
    }
    // Three fields are enough: clock and round default to 0 and 1.
    let short = START.strip_suffix(" 0 1").unwrap();
    assert_eq!(Position::from_text(short).unwrap(), Position::start());
}

#[test]
fn pawn_state_round_trips() {
    let pos = setup(&format!("{BASE_KINGS} sP^*2e5 eP*1l5 wP^d9 nP*3f12"), 'W', "-");
    let text = pos.to_text();
    // `eP*12`: counter 1, then two empty squares (m5, n5).
    for token in ["sP^*2", "eP*12", "wP^", "nP*3"] {
        assert!(text.contains(token), "{token} in {text}");
    }
    let again = Position::from_text(&text).unwrap();
    assert_eq!(again.to_text(), text);
    assert_eq!(again, pos);
    let pawn = again.piece_at(sq("l5")).unwrap();
    assert_eq!((pawn.caps, pawn.ribbon), (1, false));
}

#[test]
fn every_move_error() {
    use MoveError::*;
    let start = Position::start();
    assert_eq!(start.parse_ply(""), Err(Empty));
    for bad in [
        "e2e",
        "zz",
        "Ne1-d3x",
        "Pe2-e3",
        "e2-e3=K",
        "e2:e3",
        "SW: e2-e3",
        "Xe2-e3",
        "e2e3q+",
    ] {
        assert!(
            matches!(start.parse_ply(bad), Err(Syntax(_))),
            "{bad}: {:?}",
            start.parse_ply(bad)
        );
    }
    assert_eq!(start.parse_ply("c3-d4"), Err(NotASquare(sq("c3"))));
    assert!(matches!(
        start.parse_ply("W: b7-c7"),
        Err(WrongSeat { seat: Seat::West, .. })
    ));
    assert_eq!(start.parse_ply("e3-e4"), Err(NoPiece(sq("e3"))));
    assert!(matches!(
        start.parse_ply("b7-c7"),
        Err(NotYours {
            owner: Seat::West,
            ..
        })
    ));
    assert!(matches!(start.parse_ply("Be1-d3"), Err(WrongPiece { .. })));
    assert!(matches!(start.parse_ply("Ne1xd3"), Err(CaptureMark(_))));
    assert!(matches!(start.parse_ply("e2-e3+"), Err(WrongSuffix { .. })));
    assert!(matches!(start.parse_ply("e2-e3^"), Err(WrongSuffix { .. })));
    assert!(matches!(start.parse_ply("e2-e3=Q"), Err(WrongSuffix { .. })));
    assert!(matches!(start.parse_ply("e2-e4"), Err(Illegal(_))));
    assert!(matches!(start.parse_ply("Kh1-h2"), Err(Illegal(_))));
    for non_move in ["--", "S:--", "(mated)", "S:(stalemate)--"] {
        assert!(
            matches!(start.parse_ply(non_move), Err(WrongNonMove { .. })),
            "{non_move}"
        );
    }
    let over = setup(BASE_KINGS, 'S', "-");
    assert!(matches!(over.parse_ply("Kh1-i1"), Err(GameOver(_))));
    let frozen = setup("sKh1 sQc10 wKa8 nKg14 eKn7", 'W', "W");
    assert!(matches!(
        frozen.parse_ply("W:(stalemate)--"),
        Err(WrongNonMove { .. })
    ));
    assert_eq!(frozen.parse_ply("W:--"), Ok(Ply::Pass));
    assert_eq!(frozen.ply_text(Ply::Pass), "W:--");
    for e in [Empty, Syntax("x".into()), NotASquare(sq("a1"))] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn every_legal_move_reads_back_in_both_forms() {
    let positions = [
        Position::start(),
        setup("sKe2 sBf4 sRe8 sQc10 wKa8 wRe5 nKg14 eKn7", 'S', "W"),
        setup(
            &format!("{BASE_KINGS} sP*2b9 wNa10 sPf13 sPe7 nPe8 sP^e3"),
            'S',
            "-",
        ),
        setup("sKh1 wKa8 nRa4 nKg14 eKn7 wPb6 wP^e9", 'W', "-"),
    ];
    for pos in positions {
        for ply in pos.legal_plies() {
            let Ply::Move(mv) = ply else { continue };
            let long = pos.move_text(mv);
            assert_eq!(pos.parse_ply(&long), Ok(ply), "{long}");
            let seat = pos.to_move();
            assert_eq!(pos.parse_ply(&format!("{seat}: {long}")), Ok(ply), "{long}");
            let machine = mv.to_string();
            assert_eq!(pos.parse_ply(&machine), Ok(ply), "{machine}");
        }
    }
    assert_eq!(Position::start().parse_move("j1k3").unwrap().to_string(), "j1k3");
}

#[test]
fn game_records_replay() {
    let start = Position::start();
    let round = ["Nj1-k3", "Na5-c4", "Ne14-d12", "Nn5-l4"];
    let mut pos = start.clone();
    let plies: Vec<Ply> = round
        .iter()
        .map(|t| {
            let ply = pos.parse_ply(t).unwrap();
            pos.make(ply);
            ply
        })
        .collect();
    let record = start.record(&plies);
    assert_eq!(record, "1. S: Nj1-k3  W: Na5-c4  N: Ne14-d12  E: Nn5-l4\n");
    assert_eq!(start.parse_record(&record), Ok(plies));

    // A mate that releases: the record says both.
    let t13 = setup("sKh1 wQh5 wKa8 nQc8 nRa4 nKg14 eKn7", 'W', "S");
    let record = t13.record(&[Ply::Mated]);
    assert_eq!(record, "1. W:(mated)  S:(released)\n");
    assert_eq!(t13.parse_record(&record), Ok(vec![Ply::Mated]));
    let bad = t13.parse_record("1. W:(mated)  W:(released)");
    assert!(matches!(bad, Err(RecordError { ply: 2, .. })), "{bad:?}");
    let bad = start.parse_record("1. S: Nj1-k3  W: e2-e3");
    assert!(matches!(bad, Err(RecordError { ply: 2, .. })), "{bad:?}");
}
