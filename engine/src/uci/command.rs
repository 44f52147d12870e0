//! Parsing UCI input lines into [`Command`]s.
//!
//! Parsing is strict about what it understands and lenient about the rest:
//! unknown commands and unknown tokens are ignored (as the UCI spec asks), but
//! a known command with a bad value (a non-number in `go`, say) is an error
//! that the controller reports as `info string error: ...`.

use crate::search::limits::Limits;

/// Where `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `position startpos`.
    Start,
    /// `position fen <fen>`.
    Fen(String),
}

/// One line of UCI input.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug(bool),
    /// `isready`
    IsReady,
    /// `setoption name <name> [value <value>]`
    SetOption {
        /// The option name, as sent (matched case-insensitively).
        name: String,
        /// The value, if any.
        value: Option<String>,
    },
    /// `register ...` (accepted and ignored)
    Register,
    /// `ucinewgame`
    NewGame,
    /// `position startpos|fen <fen> [moves ...]`
    Position {
        /// The starting position.
        start: StartPosition,
        /// Moves to play from it, in UCI notation.
        moves: Vec<String>,
    },
    /// `go ...`
    Go(Box<GoCommand>),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `quit`
    Quit,
    /// `bench [depth]`
    Bench(Option<u32>),
    /// `d`: show the board.
    Display,
    /// `eval`: show the static evaluation.
    Eval,
    /// `tunables`: the search's tunables in OpenBench's SPSA input format.
    Tunables,
}

/// What `go` asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoCommand {
    /// The limits of the search.
    pub limits: Limits,
    /// `go perft <depth>` instead of a search.
    pub perft: Option<u32>,
    /// `searchmoves` as sent (checked against the position later).
    pub searchmoves: Vec<String>,
}

/// Splits a line into a command; `Ok(None)` for empty or unknown input.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    // The spec allows junk before a command; find the first token we know.
    let Some(pos) = tokens.iter().position(|t| is_command(t)) else {
        return Ok(None);
    };
    let (head, rest) = (tokens[pos], &tokens[pos + 1..]);
    let command = match head {
        "uci" => Command::Uci,
        "debug" => Command::Debug(rest.first() != Some(&"off")),
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(rest)?,
        "register" => Command::Register,
        "ucinewgame" => Command::NewGame,
        "position" => parse_position(rest)?,
        "go" => Command::Go(Box::new(parse_go(rest)?)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "bench" => Command::Bench(match rest.first() {
            Some(t) => Some(parse_number(t, "bench depth")?),
            None => None,
        }),
        "d" => Command::Display,
        "eval" => Command::Eval,
        "tunables" => Command::Tunables,
        _ => return Ok(None),
    };
    Ok(Some(command))
}

fn is_command(token: &str) -> bool {
    matches!(
        token,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
            | "bench"
            | "d"
            | "eval"
            | "tunables"
    )
}

fn parse_setoption(rest: &[&str]) -> Result<Command, String> {
    // setoption name <words...> [value <words...>]
    if rest.first() != Some(&"name") {
        return Err("setoption needs 'name <option>'".into());
    }
    let value_at = rest.iter().position(|t| *t == "value");
    let name_end = value_at.unwrap_or(rest.len());
    let name = rest[1..name_end].join(" ");
    if name.is_empty() {
        return Err("setoption has an empty option name".into());
    }
    let value = value_at.map(|i| rest[i + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

fn parse_position(rest: &[&str]) -> Result<Command, String> {
    let moves_at = rest.iter().position(|t| *t == "moves");
    let setup = &rest[..moves_at.unwrap_or(rest.len())];
    let start = match setup.first() {
        Some(&"startpos") => StartPosition::Start,
        Some(&"fen") => {
            if setup.len() < 2 {
                return Err("position fen needs a FEN".into());
            }
            StartPosition::Fen(setup[1..].join(" "))
        }
        _ => return Err("position needs 'startpos' or 'fen <fen>'".into()),
    };
    let moves = match moves_at {
        Some(i) => rest[i + 1..].iter().map(|s| s.to_string()).collect(),
        None => Vec::new(),
    };
    Ok(Command::Position { start, moves })
}

fn parse_number<T: std::str::FromStr>(token: &str, what: &str) -> Result<T, String> {
    token
        .parse()
        .map_err(|_| format!("{what} expects a number, got '{token}'"))
}

/// Clock values may be negative (cutechess sends that after an overrun).
fn parse_ms(token: Option<&&str>, what: &str) -> Result<i64, String> {
    let token = token.ok_or_else(|| format!("{what} expects a number"))?;
    parse_number::<i64>(token, what)
}

fn parse_go(rest: &[&str]) -> Result<GoCommand, String> {
    let mut go = GoCommand::default();
    let limits = &mut go.limits;
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let next = rest.get(i + 1);
        let mut takes_value = true;
        match key {
            "wtime" => limits.time[0] = Some(parse_ms(next, key)?),
            "btime" => limits.time[1] = Some(parse_ms(next, key)?),
            "winc" => limits.inc[0] = parse_ms(next, key)?,
            "binc" => limits.inc[1] = parse_ms(next, key)?,
            "movestogo" => limits.movestogo = Some(parse_ms(next, key)?.max(1) as u32),
            "depth" => limits.depth = Some(parse_ms(next, key)?.clamp(1, 255) as u32),
            "nodes" => limits.nodes = Some(parse_ms(next, key)?.max(1) as u64),
            "mate" => limits.mate = Some(parse_ms(next, key)?.clamp(1, 255) as u32),
            "movetime" => limits.movetime = Some(parse_ms(next, key)?.max(0) as u64),
            "perft" => go.perft = Some(parse_ms(next, key)?.clamp(0, 64) as u32),
            "infinite" => {
                limits.infinite = true;
                takes_value = false;
            }
            "ponder" => {
                limits.ponder = true;
                takes_value = false;
            }
            "searchmoves" => {
                // Every following token that is not a keyword is a move.
                let mut j = i + 1;
                while j < rest.len() && !is_go_keyword(rest[j]) {
                    go.searchmoves.push(rest[j].to_string());
                    j += 1;
                }
                i = j;
                continue;
            }
            // An unknown word is an error, not an empty limit: `go fishing`
            // must not start an infinite search the GUI never asked for.
            _ => return Err(format!("go: unknown token '{key}'; no search started")),
        }
        i += if takes_value { 2 } else { 1 };
    }
    Ok(go)
}

fn is_go_keyword(token: &str) -> bool {
    matches!(
        token,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "perft"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_go_with_clocks_and_searchmoves() {
        let Some(Command::Go(go)) =
            parse("go wtime -50 btime 1000 winc 10 binc 0 movestogo 5 searchmoves e2e4 d2d4 depth 7")
                .unwrap()
        else {
            panic!("not go")
        };
        assert_eq!(go.limits.time, [Some(-50), Some(1000)]);
        assert_eq!(go.limits.inc, [10, 0]);
        assert_eq!(go.limits.movestogo, Some(5));
        assert_eq!(go.limits.depth, Some(7));
        assert_eq!(go.searchmoves, vec!["e2e4", "d2d4"]);
    }

    #[test]
    fn bad_numbers_and_unknown_go_tokens_are_errors_unknown_commands_ignored() {
        assert!(parse("go depth x").is_err());
        assert!(parse("go wtime").is_err());
        assert!(parse("go fishing").unwrap_err().contains("'fishing'"));
        assert!(parse("go depth 3 fishing").is_err());
        assert_eq!(parse("xboard").unwrap(), None);
        assert_eq!(parse("   ").unwrap(), None);
        assert_eq!(parse("junk isready").unwrap(), Some(Command::IsReady));
    }

    #[test]
    fn parses_setoption_and_position() {
        assert_eq!(
            parse("setoption name Move Overhead value 100").unwrap(),
            Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash").unwrap(),
            Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse("setoption name SyzygyPath value").unwrap(),
            Some(Command::SetOption {
                name: "SyzygyPath".into(),
                value: Some(String::new())
            })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2").unwrap(),
            Some(Command::Position {
                start: StartPosition::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("setoption value 3").is_err());
    }
}
