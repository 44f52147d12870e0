//! A game as PGN, for the page's download, through movegen's PGN writer
//! (`movegen::pgn`): the seven-tag roster (the event says rated or casual
//! and the speed, as lichess's do), `SetUp` and `FEN` when the game started
//! elsewhere than the usual start, `TimeControl`, `Termination` with the
//! standard's values, the moves in SAN, and the end in words as a final
//! comment.

use crate::clock::{Speed, TimeControl};
use crate::game::{Game, Reason};
use movegen::pgn::{self, Movetext};
use movegen::Board;
use std::time::{SystemTime, UNIX_EPOCH};

/// The longest movetext line of the download (80 columns; `daba analyse`
/// keeps to the export format's 79).
const WIDTH: usize = 80;

/// What a game's PGN says besides its moves.
pub struct Header<'a> {
    /// White's name.
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// A rated game.
    pub rated: bool,
    /// Its time control.
    pub control: &'a TimeControl,
}

/// The PGN `Termination` of an end (the export format's values, its
/// section 9.8.1): `normal` for an end by the rules or by a player's
/// decision, `time forfeit` and `abandoned` (an aborted game).
pub fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::Timeout | Reason::TimeoutInsufficientMaterial => "time forfeit",
        Reason::Aborted => "abandoned",
        Reason::Checkmate
        | Reason::Stalemate
        | Reason::InsufficientMaterial
        | Reason::FivefoldRepetition
        | Reason::SeventyFiveMoves
        | Reason::ThreefoldRepetition
        | Reason::FiftyMoves
        | Reason::Resignation
        | Reason::Agreement => "normal",
    }
}

/// The PGN of `game`.
pub fn write(game: &Game, header: &Header) -> String {
    let end = game.end();
    let result = end.map_or("*", |e| e.result());
    let speed = header.control.speed();
    let event = format!(
        "{} {}game",
        if header.rated { "Rated" } else { "Casual" },
        match speed {
            Speed::Unlimited => String::new(),
            speed => format!("{speed} "),
        }
    );
    let (white, black) = (header.white, header.black);
    let mut tags = vec![
        ("Event", event),
        ("Site", "daba serve".to_string()),
        ("Date", today()),
        ("Round", "-".to_string()),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", result.to_string()),
    ];
    if *game.start() != Board::startpos() {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", game.start().to_fen()));
    }
    tags.push(("TimeControl", header.control.pgn_tag()));
    if let Some(e) = end {
        tags.push(("Termination", termination(e.reason).to_string()));
    }

    let mut text = Movetext::with_width(WIDTH);
    let mut board = *game.start();
    for (&mv, san) in game.moves().iter().zip(game.sans()) {
        text.san(&board, san);
        board.make_move(mv);
    }
    if let Some(e) = end {
        // The end in words as one token: it moves to a line of its own
        // rather than being broken.
        text.token(&format!("{{{}}}", e.words()));
    }
    text.result(result);
    pgn::game(tags, text)
}

/// Today's date (UTC) as PGN writes it, `2026.11.30`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn moves_numbers_and_result() {
        movegen::init();
        let mut game = Game::new(Board::startpos());
        for m in ["f3", "e5", "g4", "Qh4#"] {
            let mv = game.parse(None, Some(m)).unwrap();
            game.play(mv).unwrap();
        }
        let pgn = write(
            &game,
            &Header {
                white: "A \"quoted\" name",
                black: "B",
                rated: true,
                control: &TimeControl::parse("3+2").unwrap(),
            },
        );
        assert!(pgn.contains("[White \"A \\\"quoted\\\" name\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"0-1\"]"));
        assert!(pgn.contains("[Event \"Rated blitz game\"]"), "{pgn}");
        assert!(pgn.contains("[TimeControl \"180+2\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        assert!(
            pgn.contains("1. f3 e5 2. g4 Qh4# {Checkmate: Black wins.} 0-1"),
            "{pgn}"
        );
        assert!(!pgn.contains("[FEN"));

        let mut game = Game::new(Board::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 30").unwrap());
        let mv = game.parse(None, Some("Kd7")).unwrap();
        game.play(mv).unwrap();
        let pgn = write(
            &game,
            &Header {
                white: "A",
                black: "B",
                rated: false,
                control: &TimeControl::Unlimited,
            },
        );
        assert!(pgn.contains("[Event \"Casual game\"]"), "{pgn}");
        assert!(pgn.contains("[TimeControl \"-\"]"), "{pgn}");
        assert!(!pgn.contains("[Termination"), "{pgn}");
        assert!(pgn.contains("[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 30\"]"));
        assert!(pgn.contains("30... Kd7 *"), "{pgn}");
    }

    #[test]
    fn terminations_are_the_standard_values() {
        assert_eq!(termination(Reason::Resignation), "normal");
        assert_eq!(termination(Reason::Checkmate), "normal");
        assert_eq!(termination(Reason::Timeout), "time forfeit");
        assert_eq!(termination(Reason::TimeoutInsufficientMaterial), "time forfeit");
        assert_eq!(termination(Reason::Aborted), "abandoned");
    }
}
