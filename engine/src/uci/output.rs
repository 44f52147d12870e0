//! Everything Daba prints goes through [`send`]: one line at a time, under the
//! stdout lock, flushed at once, so lines from the controller and the search
//! threads never interleave.

use crate::search::{Reporter, ScoreBound, ScoreReport, SearchInfo};
use movegen::Move;
use std::io::Write;

/// Writes one line (or several joined by newlines) and flushes.
pub fn send(text: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A closed stdout (the GUI went away) is not worth a panic.
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// Prints search progress as UCI `info` lines.
pub struct UciReporter {
    chess960: bool,
}

impl UciReporter {
    /// A reporter writing castling in Chess960 form when asked.
    pub fn new(chess960: bool) -> UciReporter {
        UciReporter { chess960 }
    }
}

/// Formats an `info` line.
pub fn format_info(info: &SearchInfo, chess960: bool) -> String {
    let score = match info.score {
        ScoreReport::Cp(cp) => format!("cp {cp}"),
        ScoreReport::Mate(m) => format!("mate {m}"),
    };
    let bound = match info.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    let nps = info.nodes * 1000 / info.time_ms.max(1);
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_uci(chess960)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {nps} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.hashfull,
        info.time_ms,
        pv.join(" ")
    )
}

impl Reporter for UciReporter {
    fn info(&self, info: &SearchInfo) {
        send(&format_info(info, self.chess960));
    }

    fn currmove(&self, depth: u32, mv: Move, number: usize) {
        send(&format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.to_uci(self.chess960)
        ));
    }
}
