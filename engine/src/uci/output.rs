//! Everything Daba prints goes through an [`Output`] (standard output, or a
//! buffer in tests): one line at a time, under a lock, flushed at once, so
//! lines from the controller and the search threads never interleave.

use crate::score::ScoreReport;
use crate::search::{Reporter, ScoreBound, SearchInfo};
use crate::wdl::wdl_of_report;
use movegen::Move;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Writes one line (or several joined by newlines) to standard output and
/// flushes.
pub fn send(text: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A closed stdout (the GUI went away) is not worth a panic.
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// Where the protocol's lines go.
#[derive(Clone, Debug, Default)]
pub enum Output {
    /// Standard output (the GUI).
    #[default]
    Stdout,
    /// A buffer that collects the lines (tests drive the engine in process).
    Buffer(Arc<Mutex<String>>),
}

impl Output {
    /// A buffer, and the output that writes into it.
    pub fn buffer() -> (Output, Arc<Mutex<String>>) {
        let buffer = Arc::new(Mutex::new(String::new()));
        (Output::Buffer(Arc::clone(&buffer)), buffer)
    }

    /// Writes one line (or several joined by newlines).
    pub fn send(&self, text: &str) {
        match self {
            Output::Stdout => send(text),
            Output::Buffer(buffer) => {
                let mut b = buffer.lock().unwrap_or_else(|e| e.into_inner());
                b.push_str(text);
                b.push('\n');
            }
        }
    }
}

/// Prints search progress as UCI `info` lines.
pub struct UciReporter {
    chess960: bool,
    /// The root's material when `UCI_ShowWDL` is on.
    wdl_material: Option<i32>,
    out: Output,
}

impl UciReporter {
    /// A reporter writing castling in Chess960 form when asked.
    pub fn new(chess960: bool, out: Output) -> UciReporter {
        UciReporter {
            chess960,
            wdl_material: None,
            out,
        }
    }

    /// Adds `wdl W D L` to each score, for a root with this material
    /// ([`crate::wdl::material`]).
    pub fn with_wdl(self, root_material: i32) -> UciReporter {
        UciReporter {
            wdl_material: Some(root_material),
            ..self
        }
    }
}

/// Formats an `info` line; with `wdl_material`, the score is followed by
/// `wdl W D L` (after its bound, as Stockfish writes it).
pub fn format_info(info: &SearchInfo, chess960: bool, wdl_material: Option<i32>) -> String {
    let score = match info.score {
        ScoreReport::Cp(cp) => format!("cp {cp}"),
        ScoreReport::Mate(m) => format!("mate {m}"),
    };
    let bound = match info.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    let wdl = match (wdl_material, info.certain_wdl) {
        (Some(_), Some(certain)) => format!(" wdl {certain}"),
        (Some(material), None) => format!(" wdl {}", wdl_of_report(info.score, material)),
        (None, _) => String::new(),
    };
    let nps = info.nodes * 1000 / info.time_ms.max(1);
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_uci(chess960)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound}{wdl} nodes {} nps {nps} hashfull {} tbhits {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.hashfull,
        info.tbhits,
        info.time_ms,
        pv.join(" ")
    )
}

impl Reporter for UciReporter {
    fn info(&self, info: &SearchInfo) {
        self.out
            .send(&format_info(info, self.chess960, self.wdl_material));
    }

    fn currmove(&self, depth: u32, mv: Move, number: usize) {
        self.out.send(&format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.to_uci(self.chess960)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(score: ScoreReport, bound: ScoreBound) -> SearchInfo {
        SearchInfo {
            depth: 5,
            seldepth: 7,
            multipv: 1,
            score,
            bound,
            nodes: 1000,
            time_ms: 10,
            hashfull: 0,
            tbhits: 0,
            certain_wdl: None,
            pv: Vec::new(),
        }
    }

    #[test]
    fn wdl_follows_the_score_and_its_bound() {
        let line = format_info(&info(ScoreReport::Cp(50), ScoreBound::Lower), false, Some(40));
        let w = crate::wdl::wdl(50, 40);
        assert!(
            line.contains(&format!(" score cp 50 lowerbound wdl {w} nodes ")),
            "{line}"
        );
        let line = format_info(&info(ScoreReport::Mate(2), ScoreBound::Exact), false, Some(10));
        assert!(line.contains(" score mate 2 wdl 1000 0 0 nodes "), "{line}");
        let line = format_info(&info(ScoreReport::Mate(-1), ScoreBound::Upper), false, Some(10));
        assert!(
            line.contains(" score mate -1 upperbound wdl 0 0 1000 nodes "),
            "{line}"
        );
        let line = format_info(&info(ScoreReport::Cp(50), ScoreBound::Exact), false, None);
        assert!(
            !line.contains("wdl") && line.contains(" score cp 50 nodes "),
            "{line}"
        );
    }
}
