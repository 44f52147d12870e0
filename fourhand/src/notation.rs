//! Move notation of §16: long algebraic (`Nj1-k3`, `f5xe6`, `b9xa10=Q`,
//! `e7-e9` for a leap, with the suffixes `^` ribbon on, `v` ribbon off, `+`
//! check), the machine form (`j1k3`, `b9a10q`), the non-move tokens
//! (`W:--`, `W:(mated)`, `E:(stalemate)--`, `W:(released)`), and game records
//! (`1. S: e2-e3  W: b7-c7  N: h13-h12  E: m8-l8`).
//!
//! A parsed move is always one of the position's legal plies; every way the
//! text can be wrong has its own error.

use crate::attacks::is_attacked;
use crate::geometry::Square;
use crate::moves::{Move, Ply};
use crate::outcome::{Outcome, Turn};
use crate::position::Position;
use crate::types::{Kind, Seat};
use thiserror::Error;

/// Everything that can be wrong with a move's text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Nothing to read.
    #[error("empty move")]
    Empty,
    /// Not in any of the forms.
    #[error(
        "'{0}' is not a move: expected long algebraic ('Nj1-k3', 'f5xe6', 'b9xa10=Q'), \
         the machine form ('j1k3', 'b9a10q') or a non-move ('W:--', 'W:(mated)', 'E:(stalemate)--')"
    )]
    Syntax(String),
    /// A square in a missing corner.
    #[error("{0} is not a square of this board")]
    NotASquare(Square),
    /// The text names a seat that is not to move.
    #[error("'{text}' is for {seat}, but {to_move} is to move")]
    WrongSeat {
        /// The move's text.
        text: String,
        /// The seat it names.
        seat: Seat,
        /// The seat to move.
        to_move: Seat,
    },
    /// No piece on the from-square.
    #[error("no piece on {0}")]
    NoPiece(Square),
    /// The piece on the from-square is not the mover's.
    #[error("the piece on {square} belongs to {owner}, and {to_move} is to move")]
    NotYours {
        /// The from-square.
        square: Square,
        /// Its piece's owner.
        owner: Seat,
        /// The seat to move.
        to_move: Seat,
    },
    /// The piece letter does not name the piece on the from-square.
    #[error("'{text}': the piece on {square} is not what the text says")]
    WrongPiece {
        /// The move's text.
        text: String,
        /// The from-square.
        square: Square,
    },
    /// `x` on a move to an empty square, or `-` on a capture.
    #[error("'{0}': 'x' marks a capture and '-' a move to an empty square")]
    CaptureMark(String),
    /// A suffix (`^`, `v`, `+`, `=Q`) that the move does not earn.
    #[error("'{text}': '{suffix}' does not match what the move does")]
    WrongSuffix {
        /// The move's text.
        text: String,
        /// The suffix.
        suffix: String,
    },
    /// A promoting move without its piece, where the rules give a choice.
    #[error("'{0}' promotes: say to what (=Q, =R, =B or =N)")]
    MissingPromotion(String),
    /// Well formed, but not among the legal moves.
    #[error("'{0}' is not legal here")]
    Illegal(String),
    /// A non-move where the player must do something else.
    #[error("'{text}' does not fit: {seat} {must}")]
    WrongNonMove {
        /// The token.
        text: String,
        /// The seat to move.
        seat: Seat,
        /// What the seat must do instead.
        must: String,
    },
    /// The game is over: no ply can follow.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
}

/// A game record that does not replay, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("ply {ply}: {error}")]
pub struct RecordError {
    /// The number of the ply that failed, from 1.
    pub ply: usize,
    /// What was wrong with it.
    pub error: MoveError,
}

/// A move's text, split into its parts.
struct Parsed {
    letter: Option<Kind>,
    from: Square,
    to: Square,
    capture_mark: Option<bool>,
    promotion: Option<Kind>,
    ribbon: Option<char>,
    check: bool,
}

/// Reads `[KQRBN]<sq>(-|x)<sq>[=Q][^|v][+]` or `<sq><sq>[qrbn]`.
fn split(text: &str) -> Option<Parsed> {
    let mut rest = text;
    let mut letter = None;
    if let Some(c) = rest.chars().next().filter(|c| "KQRBN".contains(*c)) {
        letter = Kind::from_letter(c);
        rest = &rest[1..];
    }
    let (from, len) = Square::parse_prefix(rest)?;
    rest = &rest[len..];
    let mut capture_mark = None;
    if let Some(r) = rest.strip_prefix('-') {
        capture_mark = Some(false);
        rest = r;
    } else if let Some(r) = rest.strip_prefix('x') {
        capture_mark = Some(true);
        rest = r;
    }
    let (to, len) = Square::parse_prefix(rest)?;
    rest = &rest[len..];
    let long = capture_mark.is_some();
    if letter.is_some() && !long {
        return None;
    }
    let mut promotion = None;
    if long {
        if let Some(r) = rest.strip_prefix('=') {
            promotion =
                Some(Kind::from_letter(r.chars().next()?).filter(|k| !matches!(k, Kind::Pawn | Kind::King))?);
            rest = &r[1..];
        }
    } else if let Some(c) = rest.chars().next().filter(|c| "qrbn".contains(*c)) {
        promotion = Kind::from_letter(c.to_ascii_uppercase());
        rest = &rest[1..];
    }
    let mut ribbon = None;
    let mut check = false;
    if long {
        if let Some(c) = rest.chars().next().filter(|c| *c == '^' || *c == 'v') {
            ribbon = Some(c);
            rest = &rest[1..];
        }
        if let Some(r) = rest.strip_prefix('+') {
            check = true;
            rest = r;
        }
    }
    rest.is_empty().then_some(Parsed {
        letter,
        from,
        to,
        capture_mark,
        promotion,
        ribbon,
        check,
    })
}

/// A ply's effects that the long form shows.
struct Effects {
    capture: bool,
    ribbon: Option<char>,
    check: bool,
}

impl Position {
    fn effects(&self, mv: Move) -> Effects {
        let mover = self.piece_at(mv.from).expect("a legal move starts on a piece");
        let capture = self.piece_at(mv.to).is_some();
        let mut after = self.clone();
        after.make(Ply::Move(mv));
        let arrived = after.piece_at(mv.to).expect("the piece arrived");
        let ribbon = match (
            mover.kind == Kind::Pawn && arrived.kind == Kind::Pawn,
            mover.ribbon,
            arrived.ribbon,
        ) {
            (true, false, true) => Some('^'),
            (true, true, false) => Some('v'),
            _ => None,
        };
        let enemy_team = mover.seat.team().other();
        let check = enemy_team.seats().iter().any(|&s| {
            !after.is_frozen(s) && is_attacked(&after, after.king(s), mover.seat.team(), after.frozen)
        });
        Effects {
            capture,
            ribbon,
            check,
        }
    }

    /// The long algebraic text of a legal move: `Nj1-k3`, `f5xe6`,
    /// `b9xa10=Q`, `f13-f14^`, `Qc10-c8+`.
    pub fn move_text(&self, mv: Move) -> String {
        let piece = self.piece_at(mv.from).expect("a legal move starts on a piece");
        let fx = self.effects(mv);
        let mut out = String::new();
        if piece.kind != Kind::Pawn {
            out.push(piece.kind.letter());
        }
        out.push_str(&mv.from.to_string());
        out.push(if fx.capture { 'x' } else { '-' });
        out.push_str(&mv.to.to_string());
        if let Some(kind) = mv.promotion {
            out.push('=');
            out.push(kind.letter());
        }
        if let Some(c) = fx.ribbon {
            out.push(c);
        }
        if fx.check {
            out.push('+');
        }
        out
    }

    /// The text of a legal ply for the seat to move: the long form of a move,
    /// `W:--` for a frozen player's pass, `E:(stalemate)--` for a stalemated
    /// one's, `W:(mated)` for a mate.
    pub fn ply_text(&self, ply: Ply) -> String {
        let seat = self.to_move;
        match ply {
            Ply::Move(mv) => self.move_text(mv),
            Ply::Pass if self.is_frozen(seat) => format!("{seat}:--"),
            Ply::Pass => format!("{seat}:(stalemate)--"),
            Ply::Mated => format!("{seat}:(mated)"),
        }
    }

    /// Reads one ply for the seat to move, in any form of §16, optionally
    /// after its seat (`S: e2-e3`, `W:--`); it must be legal.
    pub fn parse_ply(&self, text: &str) -> Result<Ply, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError::Empty);
        }
        let plies = match self.turn() {
            Turn::Over(outcome) => return Err(MoveError::GameOver(outcome)),
            Turn::Play(plies) => plies,
        };
        let seat = self.to_move;
        let mut body = text;
        if let Some((head, tail)) = text.split_once(':') {
            let named = match head {
                h if h.len() == 1 => h.chars().next().and_then(Seat::from_letter),
                _ => None,
            }
            .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
            if named != seat {
                return Err(MoveError::WrongSeat {
                    text: text.to_string(),
                    seat: named,
                    to_move: seat,
                });
            }
            body = tail.trim_start();
        }
        let non_move = match body {
            "--" => Some((Ply::Pass, self.is_frozen(seat))),
            "(stalemate)--" => Some((Ply::Pass, !self.is_frozen(seat))),
            "(mated)" => Some((Ply::Mated, true)),
            _ => None,
        };
        if let Some((ply, fits)) = non_move {
            if fits && plies.contains(&ply) {
                return Ok(ply);
            }
            let must = match plies[0] {
                Ply::Move(_) => "must move".to_string(),
                Ply::Mated => "is checkmated: '(mated)'".to_string(),
                Ply::Pass if self.is_frozen(seat) => "is frozen and passes: '--'".to_string(),
                Ply::Pass => "is stalemated and passes: '(stalemate)--'".to_string(),
            };
            return Err(MoveError::WrongNonMove {
                text: text.to_string(),
                seat,
                must,
            });
        }
        self.parse_move_body(text, body, &plies).map(Ply::Move)
    }

    /// Reads one move of a piece for the seat to move (see
    /// [`Position::parse_ply`]).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        match self.parse_ply(text)? {
            Ply::Move(mv) => Ok(mv),
            _ => Err(MoveError::Syntax(text.trim().to_string())),
        }
    }

    fn parse_move_body(&self, text: &str, body: &str, plies: &[Ply]) -> Result<Move, MoveError> {
        let seat = self.to_move;
        let owned = || text.to_string();
        let p = split(body).ok_or_else(|| MoveError::Syntax(owned()))?;
        for sq in [p.from, p.to] {
            if !self.geometry().contains(sq) {
                return Err(MoveError::NotASquare(sq));
            }
        }
        let piece = self.piece_at(p.from).ok_or(MoveError::NoPiece(p.from))?;
        if piece.seat != seat {
            return Err(MoveError::NotYours {
                square: p.from,
                owner: piece.seat,
                to_move: seat,
            });
        }
        if p.capture_mark.is_some() && p.letter.unwrap_or(Kind::Pawn) != piece.kind {
            return Err(MoveError::WrongPiece {
                text: owned(),
                square: p.from,
            });
        }
        let candidates: Vec<Move> = plies
            .iter()
            .filter_map(|ply| match ply {
                Ply::Move(mv) if mv.from == p.from && mv.to == p.to => Some(*mv),
                _ => None,
            })
            .collect();
        let mv = match p.promotion {
            Some(kind) => candidates.iter().find(|mv| mv.promotion == Some(kind)).copied(),
            None if candidates.len() > 1 => return Err(MoveError::MissingPromotion(owned())),
            None => candidates.first().copied(),
        };
        let Some(mv) = mv else {
            if p.promotion.is_some() && !candidates.is_empty() {
                return Err(MoveError::WrongSuffix {
                    text: owned(),
                    suffix: format!("={}", p.promotion.map_or('?', |k| k.letter())),
                });
            }
            return Err(MoveError::Illegal(owned()));
        };
        if p.capture_mark.is_some() {
            let fx = self.effects(mv);
            if p.capture_mark != Some(fx.capture) {
                return Err(MoveError::CaptureMark(owned()));
            }
            if p.ribbon.is_some() && p.ribbon != fx.ribbon {
                return Err(MoveError::WrongSuffix {
                    text: owned(),
                    suffix: p.ribbon.map(String::from).unwrap_or_default(),
                });
            }
            if p.check && !fx.check {
                return Err(MoveError::WrongSuffix {
                    text: owned(),
                    suffix: "+".into(),
                });
            }
        }
        Ok(mv)
    }

    /// The game record of `plies` played from this position: numbered
    /// rounds of plies in seat order, a line per round, `X:(released)` after
    /// a ply that releases X. The plies must be legal.
    pub fn record(&self, plies: &[Ply]) -> String {
        let mut pos = self.clone();
        let mut out = String::new();
        for (i, &ply) in plies.iter().enumerate() {
            let seat = pos.to_move;
            if i == 0 || seat == Seat::South {
                if i > 0 {
                    out.push('\n');
                }
                out.push_str(&format!("{}. ", pos.round));
            } else {
                out.push_str("  ");
            }
            let text = pos.ply_text(ply);
            if matches!(ply, Ply::Move(_)) {
                out.push_str(&format!("{seat}: {text}"));
            } else {
                out.push_str(&text);
            }
            let undo = pos.make(ply);
            for released in undo.released(&pos).iter() {
                out.push_str(&format!("  {released}:(released)"));
            }
        }
        out.push('\n');
        out
    }

    /// Replays a game record (as [`Position::record`] writes it; round
    /// numbers are skipped, `X:(released)` is checked) from this position and
    /// returns its plies.
    pub fn parse_record(&self, text: &str) -> Result<Vec<Ply>, RecordError> {
        let mut pos = self.clone();
        let mut plies = Vec::new();
        let mut tokens = text.split_whitespace().peekable();
        while let Some(token) = tokens.next() {
            let fail = |error| RecordError {
                ply: plies.len() + 1,
                error,
            };
            if token.ends_with('.') && token[..token.len() - 1].chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            if let Some(seat) = token.strip_suffix(":(released)") {
                let seat = Seat::from_letter(seat.chars().next().unwrap_or('?'))
                    .filter(|_| seat.len() == 1)
                    .ok_or_else(|| fail(MoveError::Syntax(token.to_string())))?;
                if pos.is_frozen(seat) {
                    return Err(fail(MoveError::WrongNonMove {
                        text: token.to_string(),
                        seat,
                        must: "is still frozen".into(),
                    }));
                }
                continue;
            }
            let mut ply_text = token.to_string();
            if token.ends_with(':') {
                let next = tokens
                    .next()
                    .ok_or_else(|| fail(MoveError::Syntax(token.to_string())))?;
                ply_text.push_str(next);
            }
            let ply = pos.parse_ply(&ply_text).map_err(fail)?;
            pos.make(ply);
            plies.push(ply);
        }
        Ok(plies)
    }
}
