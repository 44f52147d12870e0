//! Every UCI option, declared once in [`OPTIONS`]: its name, its kind with
//! default and range, and what a `setoption` of it changes (on the session,
//! or on the protocol's own [`Settings`]), as Stockfish declares its options
//! with their on-change actions. The `uci` answer, the checking of values
//! and the changes all read this one table. Names match case-insensitively.

use crate::levels::{DEFAULT_ELO, MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::session::{BookSettings, LevelSettings, ProbeSettings, Session, DEFAULT_HASH_MB};
use std::sync::{Arc, Mutex, MutexGuard};

/// How UCI writes an empty string option's value.
pub const EMPTY: &str = "<empty>";
/// Largest hash size accepted, in MB (the machine's memory is checked too).
pub const MAX_HASH_MB: i64 = 1 << 20;
/// Most threads accepted.
pub const MAX_THREADS: i64 = 1024;
/// Most MultiPV lines.
pub const MAX_MULTIPV: i64 = 256;

/// What the options set: the session, and the settings that belong to the
/// protocol itself (how lines are printed and how many).
pub struct Settings {
    /// The engine.
    pub session: Arc<Mutex<Session>>,
    /// Lines to search and report.
    pub multipv: usize,
    /// The GUI may ask us to ponder.
    pub ponder: bool,
    /// Castling written as king-takes-rook.
    pub chess960: bool,
    /// `wdl W D L` after every score.
    pub show_wdl: bool,
}

impl Settings {
    /// The defaults of every option, around `session`.
    pub fn new(session: Session) -> Settings {
        let mut settings = Settings {
            session: Arc::new(Mutex::new(session)),
            multipv: 1,
            ponder: false,
            chess960: false,
            show_wdl: false,
        };
        // The table's defaults are the engine's start: every number and
        // switch is applied once (texts and buttons start empty).
        for option in OPTIONS {
            let value = match option.kind {
                Kind::Spin { default, .. } => Value::Number(default),
                Kind::Check { default } => Value::Flag(default),
                Kind::Button | Kind::Text { .. } => continue,
            };
            let _ = (option.apply)(&mut settings, value);
        }
        settings
    }

    /// The session, locked (no search runs when options change).
    pub fn session(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// An option's type, default and range, as the `uci` answer declares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Spin {
        /// The value a fresh engine has.
        default: i64,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// `true` or `false`.
    Check {
        /// The value a fresh engine has.
        default: bool,
    },
    /// An action without a value.
    Button,
    /// A text (a file or a path); `<empty>` is the empty text.
    Text {
        /// The value a fresh engine has.
        default: &'static str,
    },
}

/// A checked `setoption` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A spin's number, within its range.
    Number(i64),
    /// A check's value.
    Flag(bool),
    /// A button press.
    Press,
    /// A text, trimmed; `<empty>` and a missing value are "".
    Text(String),
}

impl Value {
    fn number(&self) -> i64 {
        match self {
            Value::Number(n) => *n,
            _ => 0,
        }
    }

    fn flag(&self) -> bool {
        matches!(self, Value::Flag(true))
    }

    fn text(&self) -> &str {
        match self {
            Value::Text(t) => t,
            _ => "",
        }
    }
}

/// What a change says back: lines for `info string`, or an error (printed
/// as `info string error: ...`, the option unchanged unless it says so).
pub type Reply = Result<Vec<String>, String>;

/// One UCI option: its name, kind, and what setting it changes.
pub struct UciOption {
    /// The name as the `uci` answer spells it.
    pub name: &'static str,
    /// Type, default and range.
    pub kind: Kind,
    /// Applies a checked value.
    pub apply: fn(&mut Settings, Value) -> Reply,
}

const fn spin(default: i64, min: i64, max: i64) -> Kind {
    Kind::Spin { default, min, max }
}

const fn check(default: bool) -> Kind {
    Kind::Check { default }
}

fn quiet() -> Reply {
    Ok(Vec::new())
}

/// Every option, in the order of the `uci` answer.
pub static OPTIONS: &[UciOption] = &[
    UciOption {
        name: "Hash",
        kind: spin(DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB),
        apply: |s, v| {
            let mb = v.number() as usize;
            let mut session = s.session();
            match session.set_hash_mb(mb) {
                Ok(()) => quiet(),
                Err(e) => Err(format!("Hash {mb} MB: {e}; keeping {} MB", session.hash_mb())),
            }
        },
    },
    UciOption {
        name: "Threads",
        kind: spin(1, 1, MAX_THREADS),
        apply: |s, v| {
            s.session().set_threads(v.number() as usize);
            quiet()
        },
    },
    UciOption {
        name: "Clear Hash",
        kind: Kind::Button,
        apply: |s, _| {
            s.session().clear_hash();
            quiet()
        },
    },
    UciOption {
        name: "MultiPV",
        kind: spin(1, 1, MAX_MULTIPV),
        apply: |s, v| {
            s.multipv = v.number() as usize;
            quiet()
        },
    },
    UciOption {
        name: "Ponder",
        kind: check(false),
        apply: |s, v| {
            s.ponder = v.flag();
            quiet()
        },
    },
    UciOption {
        name: "Move Overhead",
        kind: spin(10, 0, 5000),
        apply: |s, v| {
            s.session().set_move_overhead(v.number() as u64);
            quiet()
        },
    },
    UciOption {
        name: "UCI_Chess960",
        kind: check(false),
        apply: |s, v| {
            s.chess960 = v.flag();
            quiet()
        },
    },
    UciOption {
        name: "EvalFile",
        kind: Kind::Text {
            default: crate::network::DEFAULT_EVAL_FILE,
        },
        apply: |s, v| {
            let name = v.text();
            if name.is_empty() {
                return Err("option EvalFile needs a file name (or <default>); unchanged".to_string());
            }
            let mut session = s.session();
            match session.load_eval_file(name) {
                Ok(described) => Ok(vec![format!("EvalFile {name}: {described}")]),
                Err(e) => Err(format!("EvalFile {name}: {e}; keeping {}", session.eval_file())),
            }
        },
    },
    UciOption {
        name: "Use NNUE",
        kind: check(crate::network::HAS_EMBEDDED_NET),
        apply: |s, v| {
            s.session()
                .set_use_nnue(v.flag())
                .map(|()| Vec::new())
                .map_err(|e| format!("Use NNUE: {e}"))
        },
    },
    UciOption {
        name: "UCI_ShowWDL",
        kind: check(false),
        apply: |s, v| {
            s.show_wdl = v.flag();
            quiet()
        },
    },
    UciOption {
        name: "OwnBook",
        kind: check(false),
        apply: |s, v| {
            change_book(s, |b| b.own_book = v.flag());
            quiet()
        },
    },
    UciOption {
        name: "BookFile",
        kind: Kind::Text { default: EMPTY },
        apply: |s, v| {
            let path = v.text();
            match s.session().set_book_file(path) {
                Ok(_) if path.is_empty() => quiet(),
                Ok(entries) => Ok(vec![format!("BookFile {path}: {entries} entries")]),
                Err(e) => Err(format!("BookFile {path}: {e}; book off")),
            }
        },
    },
    UciOption {
        name: "BookBestMove",
        kind: check(false),
        apply: |s, v| {
            change_book(s, |b| b.best_move = v.flag());
            quiet()
        },
    },
    UciOption {
        name: "BookDepth",
        kind: spin(16, 0, 1000),
        apply: |s, v| {
            change_book(s, |b| b.depth = v.number() as u32);
            quiet()
        },
    },
    UciOption {
        name: "Skill Level",
        kind: spin(MAX_SKILL as i64, 0, MAX_SKILL as i64),
        apply: |s, v| {
            change_level(s, |l| l.skill = v.number() as u32);
            quiet()
        },
    },
    UciOption {
        name: "UCI_LimitStrength",
        kind: check(false),
        apply: |s, v| {
            change_level(s, |l| l.limit_strength = v.flag());
            quiet()
        },
    },
    UciOption {
        name: "UCI_Elo",
        kind: spin(DEFAULT_ELO as i64, MIN_ELO as i64, MAX_ELO as i64),
        apply: |s, v| {
            change_level(s, |l| l.elo = v.number() as u32);
            quiet()
        },
    },
    UciOption {
        name: "SyzygyPath",
        kind: Kind::Text { default: EMPTY },
        apply: |s, v| Ok(s.session().set_syzygy_path(v.text())),
    },
    UciOption {
        name: "SyzygyProbeDepth",
        kind: spin(1, 1, 100),
        apply: |s, v| {
            change_probing(s, |p| p.depth = v.number() as u32);
            quiet()
        },
    },
    UciOption {
        name: "SyzygyProbeLimit",
        // The largest Syzygy tables have 7 pieces.
        kind: spin(7, 0, 7),
        apply: |s, v| {
            change_probing(s, |p| p.limit = v.number() as u32);
            quiet()
        },
    },
    UciOption {
        name: "Syzygy50MoveRule",
        kind: check(true),
        apply: |s, v| {
            change_probing(s, |p| p.rule50 = v.flag());
            quiet()
        },
    },
];

fn change_book(s: &mut Settings, change: impl FnOnce(&mut BookSettings)) {
    let mut session = s.session();
    let mut book = session.book_settings();
    change(&mut book);
    session.set_book_settings(book);
}

fn change_level(s: &mut Settings, change: impl FnOnce(&mut LevelSettings)) {
    let mut session = s.session();
    let mut level = session.level_settings();
    change(&mut level);
    session.set_level(level);
}

fn change_probing(s: &mut Settings, change: impl FnOnce(&mut ProbeSettings)) {
    let mut session = s.session();
    let mut probing = session.probing();
    change(&mut probing);
    session.set_probing(probing);
}

/// The `option` lines of the `uci` answer (in a tuning build, the search's
/// tunables follow, as spins with their ranges).
pub fn declarations() -> Vec<String> {
    #[cfg(feature = "tune")]
    let tunables = crate::search::params::TUNABLES.iter().map(|t| {
        format!(
            "option name {} type spin default {} min {} max {}",
            t.name,
            t.value(),
            t.min,
            t.max
        )
    });
    #[cfg(not(feature = "tune"))]
    let tunables = std::iter::empty();
    OPTIONS
        .iter()
        .map(|o| match o.kind {
            Kind::Spin { default, min, max } => {
                format!(
                    "option name {} type spin default {default} min {min} max {max}",
                    o.name
                )
            }
            Kind::Check { default } => format!("option name {} type check default {default}", o.name),
            Kind::Button => format!("option name {} type button", o.name),
            Kind::Text { default } => format!("option name {} type string default {default}", o.name),
        })
        .chain(tunables)
        .collect()
}

/// The option named `name` (any case, surrounding spaces ignored).
pub fn find(name: &str) -> Option<&'static UciOption> {
    let name = name.trim();
    OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// Checks a `setoption name <name> value <value>`: the option and its
/// value, or the error to report (the option stays unchanged).
pub fn check_value(name: &str, value: Option<&str>) -> Result<(&'static UciOption, Value), String> {
    let option = find(name).ok_or_else(|| format!("unknown option '{name}'"))?;
    let text = value.map(str::trim).unwrap_or("");
    let value = match option.kind {
        Kind::Spin { min, max, .. } => {
            let n: i64 = text.parse().map_err(|_| {
                format!(
                    "option {} needs a whole number from {min} to {max}, got '{text}'; unchanged",
                    option.name
                )
            })?;
            if !(min..=max).contains(&n) {
                return Err(format!(
                    "option {} value {n} is outside {min}..{max}; unchanged",
                    option.name
                ));
            }
            Value::Number(n)
        }
        Kind::Check { .. } => match text.to_ascii_lowercase().as_str() {
            "true" => Value::Flag(true),
            "false" => Value::Flag(false),
            other => {
                return Err(format!(
                    "option {} needs true or false, got '{other}'; unchanged",
                    option.name
                ))
            }
        },
        Kind::Button => Value::Press,
        Kind::Text { .. } if text == EMPTY => Value::Text(String::new()),
        Kind::Text { .. } => Value::Text(text.to_string()),
    };
    Ok((option, value))
}

/// Checks and applies a `setoption`.
pub fn set(settings: &mut Settings, name: &str, value: Option<&str>) -> Reply {
    #[cfg(feature = "tune")]
    if find(name).is_none() {
        let text = value.map(str::trim).unwrap_or("");
        let n: i32 = text.parse().map_err(|_| {
            format!(
                "option {} needs a whole number, got '{text}'; unchanged",
                name.trim()
            )
        })?;
        return crate::search::params::set_tunable(name, n)
            .map(|()| Vec::new())
            .map_err(|e| format!("option {e}; unchanged"));
    }
    let (option, value) = check_value(name, value)?;
    (option.apply)(settings, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(name: &str, v: Option<&str>) -> Result<Value, String> {
        check_value(name, v).map(|(_, v)| v)
    }

    #[test]
    fn checks_values() {
        assert_eq!(value("hash", Some("64")), Ok(Value::Number(64)));
        assert_eq!(value("HASH", Some(" 1 ")), Ok(Value::Number(1)));
        assert!(value("Hash", Some("0")).is_err());
        assert!(value("Hash", Some("lots")).is_err());
        assert!(value("Hash", None).is_err());
        assert_eq!(value("clear hash", None), Ok(Value::Press));
        assert_eq!(value("UCI_Chess960", Some("TRUE")), Ok(Value::Flag(true)));
        assert!(value("Ponder", Some("yes")).is_err());
        assert!(value("Move Overhead", Some("5001")).is_err());
        assert_eq!(
            value("evalfile", Some(" nets/a.nnue ")),
            Ok(Value::Text("nets/a.nnue".to_string()))
        );
        assert!(value("UCI_ShowWDL", Some("1")).is_err());
        assert!(value("No Such Option", Some("1")).is_err());
        for empty in [None, Some(""), Some("<empty>")] {
            assert_eq!(value("SyzygyPath", empty), Ok(Value::Text(String::new())));
            assert_eq!(value("BookFile", empty), Ok(Value::Text(String::new())));
        }
        assert!(value("SyzygyProbeDepth", Some("0")).is_err());
        assert!(value("SyzygyProbeDepth", Some("101")).is_err());
        assert!(value("SyzygyProbeLimit", Some("8")).is_err());
        assert!(value("Skill Level", Some("21")).is_err());
        assert!(value("BookDepth", Some("-1")).is_err());
        let below = (MIN_ELO - 1).to_string();
        let above = (MAX_ELO + 1).to_string();
        assert!(value("UCI_Elo", Some(&below)).is_err());
        assert!(value("UCI_Elo", Some(&above)).is_err());
    }

    #[test]
    fn every_option_is_declared_once_with_its_default() {
        let lines = declarations();
        assert_eq!(lines.len(), OPTIONS.len());
        for o in OPTIONS {
            let count = OPTIONS
                .iter()
                .filter(|p| p.name.eq_ignore_ascii_case(o.name))
                .count();
            assert_eq!(count, 1, "{}", o.name);
        }
        assert!(lines.contains(&"option name Hash type spin default 16 min 1 max 1048576".to_string()));
        assert!(lines.contains(&"option name SyzygyPath type string default <empty>".to_string()));
        assert!(lines.contains(&"option name Clear Hash type button".to_string()));
    }

    /// The table's defaults are what a fresh session does.
    #[test]
    fn defaults_match_a_fresh_session() {
        let settings = Settings::new(Session::with_seed(1));
        let session = settings.session();
        let spin_default = |name: &str| match find(name).unwrap().kind {
            Kind::Spin { default, .. } => default,
            _ => panic!("{name} is not a spin"),
        };
        assert_eq!(session.hash_mb() as i64, spin_default("Hash"));
        assert_eq!(session.threads() as i64, spin_default("Threads"));
        assert_eq!(session.move_overhead() as i64, spin_default("Move Overhead"));
        assert_eq!(session.book_settings(), BookSettings::default());
        assert_eq!(session.book_settings().depth as i64, spin_default("BookDepth"));
        assert_eq!(session.level_settings().skill as i64, spin_default("Skill Level"));
        assert_eq!(session.level_settings().elo as i64, spin_default("UCI_Elo"));
        assert_eq!(session.probing().depth as i64, spin_default("SyzygyProbeDepth"));
        assert_eq!(session.probing().limit as i64, spin_default("SyzygyProbeLimit"));
        assert_eq!(
            find("Use NNUE").unwrap().kind,
            Kind::Check {
                default: session.use_nnue()
            }
        );
    }

    #[test]
    fn changes_reach_the_session() {
        let mut settings = Settings::new(Session::with_seed(1));
        set(&mut settings, "skill level", Some("3")).unwrap();
        set(&mut settings, "UCI_LimitStrength", Some("true")).unwrap();
        set(&mut settings, "uci_elo", Some("1350")).unwrap();
        set(&mut settings, "SyzygyProbeLimit", Some("5")).unwrap();
        set(&mut settings, "BookDepth", Some("4")).unwrap();
        set(&mut settings, "Threads", Some("3")).unwrap();
        set(&mut settings, "MultiPV", Some("4")).unwrap();
        assert_eq!(settings.multipv, 4);
        let session = settings.session();
        assert_eq!(
            session.level_settings(),
            LevelSettings {
                skill: 3,
                limit_strength: true,
                elo: 1350
            }
        );
        assert_eq!(session.probing().limit, 5);
        assert_eq!(session.book_settings().depth, 4);
        assert_eq!(session.threads(), 3);
    }
}
