//! What bounds a search: the `go` parameters in one type.

/// The limits a `go` command sets. A field not sent does not limit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Remaining clock time in ms for white and black (may be negative).
    pub time: [Option<i64>; 2],
    /// Increment per move in ms for white and black.
    pub inc: [i64; 2],
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
    /// Soft node limit: no new iteration starts once the nodes (all
    /// threads) reach it, so the iteration that reaches it is finished, not
    /// thrown away; `nodes` stays the hard cap. Not a `go` parameter (data
    /// generation sets it).
    pub soft_nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Exact time to spend in ms.
    pub movetime: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder: search until `ponderhit` or `stop`; limits apply after `ponderhit`.
    pub ponder: bool,
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// True when the search must not end by itself before `stop`/`ponderhit`.
    pub fn waits_for_stop(&self) -> bool {
        self.infinite || self.ponder
    }

    /// True when a clock or a move time bounds this search.
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.time.iter().any(|t| t.is_some())
    }
}
