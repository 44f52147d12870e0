//! What just happened in a game that the board does not show (a draw
//! offer declined, a take-back asked for), until the next move. The view
//! gives it twice: in English words (`notice`, for API clients) and as a
//! kind and a colour (`notice_code`), from which the page says it in its
//! reader's language (`notice-<kind>` messages).

use crate::game::{color_id, color_name};
use movegen::Color;
use serde::Serialize;

/// A notice of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// This side asks to take back their move.
    TakebackAsked(Color),
    /// This side agreed to take back a move.
    TakebackAgreed(Color),
    /// This side declines to take back the move.
    TakebackDeclined(Color),
    /// This side offers a draw.
    DrawOffered(Color),
    /// This side declines the draw offer.
    DrawDeclined(Color),
    /// The computer declines the draw offer.
    ComputerDeclinesDraw,
    /// The computer could not move: no search thread could be started.
    ComputerCouldNotMove,
    /// This side offers a rematch.
    RematchOffered(Color),
    /// This side declines the rematch.
    RematchDeclined(Color),
    /// This side accepts the rematch: a new game, colours swapped.
    RematchAccepted(Color),
}

/// Every notice's kind, as the view and the store name it.
pub const NOTICE_KINDS: [&str; 10] = [
    "takeback-asked",
    "takeback-agreed",
    "takeback-declined",
    "draw-offered",
    "draw-declined",
    "computer-declines-draw",
    "computer-could-not-move",
    "rematch-offered",
    "rematch-declined",
    "rematch-accepted",
];

/// A notice in the view: its kind and the colour it names, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NoticeCode {
    /// One of [`NOTICE_KINDS`].
    pub kind: &'static str,
    /// `white` or `black`.
    pub color: Option<&'static str>,
}

impl Notice {
    /// Every notice with a colour, made for `color`, and the two without.
    fn all(color: Color) -> [Notice; 10] {
        [
            Notice::TakebackAsked(color),
            Notice::TakebackAgreed(color),
            Notice::TakebackDeclined(color),
            Notice::DrawOffered(color),
            Notice::DrawDeclined(color),
            Notice::ComputerDeclinesDraw,
            Notice::ComputerCouldNotMove,
            Notice::RematchOffered(color),
            Notice::RematchDeclined(color),
            Notice::RematchAccepted(color),
        ]
    }

    /// Its kind (one of [`NOTICE_KINDS`]) and the colour it names.
    fn parts(self) -> (&'static str, Option<Color>) {
        let [asked, agreed, declined, offered, draw_declined, computer_declines, could_not_move, rematch, rematch_declined, rematch_accepted] =
            NOTICE_KINDS;
        match self {
            Notice::TakebackAsked(c) => (asked, Some(c)),
            Notice::TakebackAgreed(c) => (agreed, Some(c)),
            Notice::TakebackDeclined(c) => (declined, Some(c)),
            Notice::DrawOffered(c) => (offered, Some(c)),
            Notice::DrawDeclined(c) => (draw_declined, Some(c)),
            Notice::ComputerDeclinesDraw => (computer_declines, None),
            Notice::ComputerCouldNotMove => (could_not_move, None),
            Notice::RematchOffered(c) => (rematch, Some(c)),
            Notice::RematchDeclined(c) => (rematch_declined, Some(c)),
            Notice::RematchAccepted(c) => (rematch_accepted, Some(c)),
        }
    }

    /// The notice for the page.
    pub fn code(self) -> NoticeCode {
        let (kind, color) = self.parts();
        NoticeCode {
            kind,
            color: color.map(color_id),
        }
    }

    /// The notice in English.
    pub fn words(self) -> String {
        match self {
            Notice::TakebackAsked(c) => format!("{} asks to take back their move.", color_name(c)),
            Notice::TakebackAgreed(c) => format!("{} agreed to take back a move.", color_name(c)),
            Notice::TakebackDeclined(c) => format!("{} declines to take back the move.", color_name(c)),
            Notice::DrawOffered(c) => format!("{} offers a draw.", color_name(c)),
            Notice::DrawDeclined(c) => format!("{} declines the draw offer.", color_name(c)),
            Notice::ComputerDeclinesDraw => "Daba declines the draw offer.".to_string(),
            Notice::ComputerCouldNotMove => {
                "Daba could not move (no search thread could be started).".to_string()
            }
            Notice::RematchOffered(c) => format!("{} offers a rematch.", color_name(c)),
            Notice::RematchDeclined(c) => format!("{} declines the rematch.", color_name(c)),
            Notice::RematchAccepted(c) => format!(
                "{} accepts the rematch: a new game, colours swapped.",
                color_name(c)
            ),
        }
    }

    /// How the store keeps it: the kind, then `:white` or `:black` when it
    /// names a colour.
    pub fn to_stored(self) -> String {
        let code = self.code();
        match code.color {
            Some(color) => format!("{}:{color}", code.kind),
            None => code.kind.to_string(),
        }
    }

    /// Reads what [`Notice::to_stored`] wrote, or the English words that
    /// older versions stored; anything else is no notice (a notice lasts
    /// only until the next move, so little is lost).
    pub fn from_stored(text: &str) -> Option<Notice> {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(Notice::all)
            .find(|n| n.to_stored() == text || n.words() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notice_round_trips_through_the_store_and_has_its_own_kind() {
        for color in [Color::White, Color::Black] {
            let all = Notice::all(color);
            let kinds: Vec<&str> = all.iter().map(|n| n.code().kind).collect();
            assert_eq!(kinds, NOTICE_KINDS);
            for n in all {
                assert_eq!(Notice::from_stored(&n.to_stored()), Some(n));
                // What older versions stored, the English words, reads too.
                assert_eq!(Notice::from_stored(&n.words()), Some(n));
            }
        }
        assert_eq!(Notice::from_stored("something else"), None);
        assert_eq!(
            Notice::DrawOffered(Color::Black).code(),
            NoticeCode {
                kind: "draw-offered",
                color: Some("black")
            }
        );
    }
}
