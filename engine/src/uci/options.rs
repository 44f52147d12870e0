//! The UCI options Daba offers, their ranges, and how `setoption` values are
//! checked. Names match case-insensitively.

/// Current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Hash table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// The GUI may ask us to ponder.
    pub ponder: bool,
    /// Milliseconds kept back per move.
    pub move_overhead: u64,
    /// Chess960 castling notation.
    pub chess960: bool,
    /// The NNUE net file (`<default>`: the one built into the binary).
    pub eval_file: String,
    /// Evaluate with the NNUE net (false: the hand-crafted evaluation).
    pub use_nnue: bool,
    /// Add `wdl W D L` to every `info` line with a score.
    pub show_wdl: bool,
    /// Play from the Polyglot book of `BookFile` while it has a move.
    pub own_book: bool,
    /// The Polyglot book file ([`EMPTY`]: none).
    pub book_file: String,
    /// Always the book's highest-weighted move (false: a weighted random one).
    pub book_best_move: bool,
    /// Consult the book in positions fewer than this many plies from the
    /// game's start.
    pub book_depth: u32,
    /// `Skill Level`, 0 (random mover) to 20 (full strength).
    pub skill_level: u32,
    /// `UCI_LimitStrength`: play at `UCI_Elo` instead of `Skill Level`.
    pub limit_strength: bool,
    /// `UCI_Elo`.
    pub elo: u32,
    /// Directories of Syzygy tables ([`EMPTY`]: no probing).
    pub syzygy_path: String,
    /// Probe inside the search only at this remaining depth or more.
    pub syzygy_probe_depth: u32,
    /// Probe only positions with at most this many pieces (0: never).
    pub syzygy_probe_limit: u32,
    /// Cursed wins and blessed losses count as draws.
    pub syzygy_50_move_rule: bool,
}

/// How UCI writes an empty string option's value.
pub const EMPTY: &str = "<empty>";

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            ponder: false,
            move_overhead: 10,
            chess960: false,
            eval_file: crate::network::DEFAULT_EVAL_FILE.to_string(),
            use_nnue: crate::network::embedded().is_some(),
            show_wdl: false,
            own_book: false,
            book_file: EMPTY.to_string(),
            book_best_move: false,
            book_depth: 16,
            skill_level: crate::levels::MAX_SKILL,
            limit_strength: false,
            elo: crate::levels::DEFAULT_ELO,
            syzygy_path: EMPTY.to_string(),
            syzygy_probe_depth: 1,
            syzygy_probe_limit: 7,
            syzygy_50_move_rule: true,
        }
    }
}

/// Largest hash size accepted, in MB (the machine's memory is checked too).
pub const MAX_HASH_MB: i64 = 1 << 20;
/// Most threads accepted.
pub const MAX_THREADS: i64 = 1024;
/// Most MultiPV lines.
pub const MAX_MULTIPV: i64 = 256;
/// Largest move overhead in ms.
pub const MAX_MOVE_OVERHEAD: i64 = 5000;
/// Largest `BookDepth` (plies).
pub const MAX_BOOK_DEPTH: i64 = 1000;

/// Largest `SyzygyProbeDepth`.
pub const MAX_SYZYGY_PROBE_DEPTH: i64 = 100;
/// Largest `SyzygyProbeLimit` (the largest Syzygy tables have 7 pieces).
pub const MAX_SYZYGY_PROBE_LIMIT: i64 = 7;

/// The `option` lines of the `uci` answer.
pub fn declarations() -> Vec<String> {
    let d = Options::default();
    vec![
        format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            d.hash_mb
        ),
        format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            d.threads
        ),
        "option name Clear Hash type button".to_string(),
        format!(
            "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
            d.multipv
        ),
        format!("option name Ponder type check default {}", d.ponder),
        format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD}",
            d.move_overhead
        ),
        format!("option name UCI_Chess960 type check default {}", d.chess960),
        format!("option name EvalFile type string default {}", d.eval_file),
        format!("option name Use NNUE type check default {}", d.use_nnue),
        format!("option name UCI_ShowWDL type check default {}", d.show_wdl),
        format!("option name OwnBook type check default {}", d.own_book),
        format!("option name BookFile type string default {}", d.book_file),
        format!("option name BookBestMove type check default {}", d.book_best_move),
        format!(
            "option name BookDepth type spin default {} min 0 max {MAX_BOOK_DEPTH}",
            d.book_depth
        ),
        format!(
            "option name Skill Level type spin default {} min 0 max {}",
            d.skill_level,
            crate::levels::MAX_SKILL
        ),
        format!(
            "option name UCI_LimitStrength type check default {}",
            d.limit_strength
        ),
        format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            d.elo,
            crate::levels::MIN_ELO,
            crate::levels::MAX_ELO
        ),
        format!("option name SyzygyPath type string default {}", d.syzygy_path),
        format!(
            "option name SyzygyProbeDepth type spin default {} min 1 max {MAX_SYZYGY_PROBE_DEPTH}",
            d.syzygy_probe_depth
        ),
        format!(
            "option name SyzygyProbeLimit type spin default {} min 0 max {MAX_SYZYGY_PROBE_LIMIT}",
            d.syzygy_probe_limit
        ),
        format!(
            "option name Syzygy50MoveRule type check default {}",
            d.syzygy_50_move_rule
        ),
    ]
}

/// A checked `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// Resize the hash table.
    Hash(usize),
    /// Change the thread count.
    Threads(usize),
    /// Clear the hash table.
    ClearHash,
    /// Set MultiPV.
    MultiPv(usize),
    /// Set Ponder.
    Ponder(bool),
    /// Set Move Overhead.
    MoveOverhead(u64),
    /// Set UCI_Chess960.
    Chess960(bool),
    /// Load this NNUE net file (`<default>`: the embedded one).
    EvalFile(String),
    /// Switch between the NNUE net and the hand-crafted evaluation.
    UseNnue(bool),
    /// Set UCI_ShowWDL.
    ShowWdl(bool),
    /// Set OwnBook.
    OwnBook(bool),
    /// Load this book file (empty: no book).
    BookFile(String),
    /// Set BookBestMove.
    BookBestMove(bool),
    /// Set BookDepth.
    BookDepth(u32),
    /// Set Skill Level.
    SkillLevel(u32),
    /// Set UCI_LimitStrength.
    LimitStrength(bool),
    /// Set UCI_Elo.
    Elo(u32),
    /// Load the Syzygy tables of these directories (empty: probing off).
    SyzygyPath(String),
    /// Set SyzygyProbeDepth.
    SyzygyProbeDepth(u32),
    /// Set SyzygyProbeLimit.
    SyzygyProbeLimit(u32),
    /// Set Syzygy50MoveRule.
    Syzygy50MoveRule(bool),
}

fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<i64, String> {
    let text = value.map(str::trim).unwrap_or("");
    let n: i64 = text.parse().map_err(|_| {
        format!("option {name} needs a whole number from {min} to {max}, got '{text}'; unchanged")
    })?;
    if !(min..=max).contains(&n) {
        return Err(format!(
            "option {name} value {n} is outside {min}..{max}; unchanged"
        ));
    }
    Ok(n)
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        other => Err(format!(
            "option {name} needs true or false, got '{}'; unchanged",
            other.unwrap_or("")
        )),
    }
}

/// Checks a `setoption name <name> value <value>`.
pub fn parse_change(name: &str, value: Option<&str>) -> Result<OptionChange, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "hash" => Ok(OptionChange::Hash(spin("Hash", value, 1, MAX_HASH_MB)? as usize)),
        "threads" => Ok(OptionChange::Threads(
            spin("Threads", value, 1, MAX_THREADS)? as usize
        )),
        "clear hash" => Ok(OptionChange::ClearHash),
        "multipv" => Ok(OptionChange::MultiPv(
            spin("MultiPV", value, 1, MAX_MULTIPV)? as usize
        )),
        "ponder" => Ok(OptionChange::Ponder(check("Ponder", value)?)),
        "move overhead" => Ok(OptionChange::MoveOverhead(
            spin("Move Overhead", value, 0, MAX_MOVE_OVERHEAD)? as u64,
        )),
        "uci_chess960" => Ok(OptionChange::Chess960(check("UCI_Chess960", value)?)),
        "evalfile" => match value.map(str::trim) {
            Some(path) if !path.is_empty() => Ok(OptionChange::EvalFile(path.to_string())),
            _ => Err("option EvalFile needs a file name (or <default>); unchanged".to_string()),
        },
        "use nnue" => Ok(OptionChange::UseNnue(check("Use NNUE", value)?)),
        "uci_showwdl" => Ok(OptionChange::ShowWdl(check("UCI_ShowWDL", value)?)),
        "ownbook" => Ok(OptionChange::OwnBook(check("OwnBook", value)?)),
        "bookfile" => match value.map(str::trim) {
            None | Some("") | Some(EMPTY) => Ok(OptionChange::BookFile(String::new())),
            Some(path) => Ok(OptionChange::BookFile(path.to_string())),
        },
        "bookbestmove" => Ok(OptionChange::BookBestMove(check("BookBestMove", value)?)),
        "bookdepth" => Ok(OptionChange::BookDepth(
            spin("BookDepth", value, 0, MAX_BOOK_DEPTH)? as u32,
        )),
        "skill level" => {
            Ok(OptionChange::SkillLevel(
                spin("Skill Level", value, 0, i64::from(crate::levels::MAX_SKILL))? as u32,
            ))
        }
        "uci_limitstrength" => Ok(OptionChange::LimitStrength(check("UCI_LimitStrength", value)?)),
        "uci_elo" => Ok(OptionChange::Elo(spin(
            "UCI_Elo",
            value,
            i64::from(crate::levels::MIN_ELO),
            i64::from(crate::levels::MAX_ELO),
        )? as u32)),
        "syzygypath" => match value.map(str::trim) {
            None | Some("") | Some(EMPTY) => Ok(OptionChange::SyzygyPath(String::new())),
            Some(path) => Ok(OptionChange::SyzygyPath(path.to_string())),
        },
        "syzygyprobedepth" => {
            Ok(OptionChange::SyzygyProbeDepth(
                spin("SyzygyProbeDepth", value, 1, MAX_SYZYGY_PROBE_DEPTH)? as u32,
            ))
        }
        "syzygyprobelimit" => {
            Ok(OptionChange::SyzygyProbeLimit(
                spin("SyzygyProbeLimit", value, 0, MAX_SYZYGY_PROBE_LIMIT)? as u32,
            ))
        }
        "syzygy50moverule" => Ok(OptionChange::Syzygy50MoveRule(check("Syzygy50MoveRule", value)?)),
        _ => Err(format!("unknown option '{name}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_values() {
        assert_eq!(parse_change("hash", Some("64")), Ok(OptionChange::Hash(64)));
        assert_eq!(parse_change("HASH", Some(" 1 ")), Ok(OptionChange::Hash(1)));
        assert!(parse_change("Hash", Some("0")).is_err());
        assert!(parse_change("Hash", Some("lots")).is_err());
        assert!(parse_change("Hash", None).is_err());
        assert_eq!(parse_change("clear hash", None), Ok(OptionChange::ClearHash));
        assert_eq!(
            parse_change("UCI_Chess960", Some("TRUE")),
            Ok(OptionChange::Chess960(true))
        );
        assert!(parse_change("Ponder", Some("yes")).is_err());
        assert!(parse_change("Move Overhead", Some("5001")).is_err());
        assert_eq!(
            parse_change("evalfile", Some(" nets/a.nnue ")),
            Ok(OptionChange::EvalFile("nets/a.nnue".to_string()))
        );
        assert!(parse_change("EvalFile", Some(" ")).is_err());
        assert_eq!(
            parse_change("Use NNUE", Some("false")),
            Ok(OptionChange::UseNnue(false))
        );
        assert_eq!(
            parse_change("uci_showwdl", Some("true")),
            Ok(OptionChange::ShowWdl(true))
        );
        assert!(parse_change("UCI_ShowWDL", Some("1")).is_err());
        assert!(!Options::default().show_wdl);
    }

    #[test]
    fn syzygy_options() {
        let d = Options::default();
        assert_eq!(
            (d.syzygy_path.as_str(), d.syzygy_probe_depth, d.syzygy_probe_limit),
            ("<empty>", 1, 7)
        );
        assert!(d.syzygy_50_move_rule);
        for empty in [None, Some(""), Some("<empty>")] {
            assert_eq!(
                parse_change("SyzygyPath", empty),
                Ok(OptionChange::SyzygyPath(String::new()))
            );
        }
        assert_eq!(
            parse_change("syzygypath", Some(" /tb/a:/tb/b ")),
            Ok(OptionChange::SyzygyPath("/tb/a:/tb/b".to_string()))
        );
        assert_eq!(
            parse_change("SyzygyProbeDepth", Some("100")),
            Ok(OptionChange::SyzygyProbeDepth(100))
        );
        assert!(parse_change("SyzygyProbeDepth", Some("0")).is_err());
        assert!(parse_change("SyzygyProbeDepth", Some("101")).is_err());
        assert_eq!(
            parse_change("SyzygyProbeLimit", Some("0")),
            Ok(OptionChange::SyzygyProbeLimit(0))
        );
        assert!(parse_change("SyzygyProbeLimit", Some("8")).is_err());
        assert_eq!(
            parse_change("Syzygy50MoveRule", Some("false")),
            Ok(OptionChange::Syzygy50MoveRule(false))
        );
        assert!(parse_change("Syzygy50MoveRule", Some("no")).is_err());
    }

    #[test]
    fn book_and_level_options() {
        let d = Options::default();
        assert!(!d.own_book && !d.book_best_move && !d.limit_strength);
        assert_eq!((d.book_depth, d.skill_level), (16, 20));
        assert_eq!(
            parse_change("ownbook", Some("true")),
            Ok(OptionChange::OwnBook(true))
        );
        assert_eq!(
            parse_change("BookFile", Some(" /books/a b.bin ")),
            Ok(OptionChange::BookFile("/books/a b.bin".to_string()))
        );
        for empty in [None, Some(""), Some("<empty>")] {
            assert_eq!(
                parse_change("BookFile", empty),
                Ok(OptionChange::BookFile(String::new()))
            );
        }
        assert_eq!(
            parse_change("BookDepth", Some("0")),
            Ok(OptionChange::BookDepth(0))
        );
        assert!(parse_change("BookDepth", Some("-1")).is_err());
        assert!(parse_change("BookBestMove", Some("maybe")).is_err());
        assert_eq!(
            parse_change("skill level", Some("0")),
            Ok(OptionChange::SkillLevel(0))
        );
        assert!(parse_change("Skill Level", Some("21")).is_err());
        let below = (crate::levels::MIN_ELO - 1).to_string();
        let above = (crate::levels::MAX_ELO + 1).to_string();
        assert!(parse_change("UCI_Elo", Some(&below)).is_err());
        assert!(parse_change("UCI_Elo", Some(&above)).is_err());
        assert_eq!(parse_change("UCI_Elo", Some("1350")), Ok(OptionChange::Elo(1350)));
        assert_eq!(
            parse_change("UCI_LimitStrength", Some("true")),
            Ok(OptionChange::LimitStrength(true))
        );
        let names: Vec<String> = declarations();
        for name in [
            "OwnBook",
            "BookFile",
            "BookBestMove",
            "BookDepth",
            "Skill Level",
            "UCI_LimitStrength",
            "UCI_Elo",
        ] {
            assert!(
                names
                    .iter()
                    .any(|l| l.starts_with(&format!("option name {name} type "))),
                "{name}"
            );
        }
    }
}
