//! Position lists: one FEN or EPD record a line (`#` starts a comment
//! line). EPD operations are read for `id` (the position's name), `bm` and
//! `am` (best and avoided moves, checked against the search's choice).

use movegen::{Board, Move};
use std::fmt;

/// One position to analyse.
#[derive(Clone, Debug)]
pub struct Position {
    /// 1-based number among the positions of the input.
    pub number: usize,
    /// Line in the input (1 for `--fen`).
    pub line: usize,
    /// The position.
    pub board: Board,
    /// EPD `id`, if any.
    pub id: Option<String>,
    /// EPD `bm`: the moves that solve it.
    pub best_moves: Vec<Move>,
    /// EPD `am`: the moves to avoid.
    pub avoid_moves: Vec<Move>,
}

/// A line that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    /// Line in the input.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Reads every line; the positions, and an error for each bad line.
pub fn read_all(text: &str) -> (Vec<Position>, Vec<EpdError>) {
    let mut positions = Vec::new();
    let mut errors = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_line(line, positions.len() + 1, i + 1) {
            Ok(p) => positions.push(p),
            Err(message) => errors.push(EpdError { line: i + 1, message }),
        }
    }
    (positions, errors)
}

/// One FEN (4 to 6 fields) or EPD record (4 fields and operations).
pub fn parse_line(text: &str, number: usize, line: usize) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(format!("'{text}' is not a FEN or EPD position"));
    }
    let counters = fields.len() >= 6 && fields[4..6].iter().all(|f| f.parse::<u32>().is_ok());
    let n = if counters {
        6
    } else if fields.len() == 5 && fields[4].parse::<u32>().is_ok() {
        5
    } else {
        4
    };
    let fen = fields[..n].join(" ");
    let board = Board::from_fen(&fen).map_err(|e| format!("'{fen}': {e}"))?;
    let mut position = Position {
        number,
        line,
        board,
        id: None,
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
    };
    for op in operations(&fields[n..].join(" ")) {
        let mut words = op.splitn(2, char::is_whitespace);
        let code = words.next().unwrap_or_default();
        let operand = words.next().unwrap_or_default().trim();
        match code {
            "id" => position.id = Some(operand.trim_matches('"').to_string()),
            "bm" | "am" => {
                let mut moves = Vec::new();
                for san in operand.split_whitespace() {
                    let mv = board
                        .parse_san(san)
                        .or_else(|_| board.parse_uci(san, board.is_chess960()))
                        .map_err(|e| format!("{code} {san}: {e}"))?;
                    moves.push(mv);
                }
                if code == "bm" {
                    position.best_moves = moves;
                } else {
                    position.avoid_moves = moves;
                }
            }
            _ => {}
        }
    }
    Ok(position)
}

/// EPD operations: `;`-separated, with `;` allowed inside quotes.
fn operations(text: &str) -> Vec<String> {
    let mut ops = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            ';' if !quoted => {
                ops.push(std::mem::take(&mut current));
            }
            _ => current.push(c),
        }
    }
    ops.push(current);
    ops.into_iter()
        .map(|o| o.trim().to_string())
        .filter(|o| !o.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_and_epd_lines() {
        let text = "# a comment\n\
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
            \n\
            1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01; first\";\n\
            not a position\n\
            8/8/8/8/8/8/8/8 w - -\n";
        let (positions, errors) = read_all(text);
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[1].id.as_deref(), Some("BK.01; first"));
        assert_eq!(positions[1].best_moves.len(), 1);
        assert_eq!(positions[1].line, 4);
        assert_eq!(errors.iter().map(|e| e.line).collect::<Vec<_>>(), [5, 6]);
    }
}
