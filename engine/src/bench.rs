//! `bench`: a fixed-depth search of fixed positions with a fresh 16 MB hash
//! table and fresh histories per position, on one thread, with the
//! evaluation a fresh engine uses (the embedded net when the build has one).
//! The node count is the engine's functional signature: it changes only when
//! search behaviour changes. The last line is `<nodes> nodes <nps> nps`, which OpenBench and
//! our scripts read.

use crate::search::SilentReporter;
use crate::session::{SearchRequest, Session};
use movegen::Board;
use std::io::Write;
use std::time::Instant;

/// Depth searched per position unless another is asked for.
pub const DEFAULT_DEPTH: u32 = 10;

/// `daba bench [DEPTH]` (or `--depth N`).
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Search depth in plies, for every position
    #[arg(long, value_name = "N", default_value_t = DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=64), conflicts_with = "depth_word")]
    pub depth: u32,
    /// The same as --depth, in the form `daba bench 12`
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth_word: Option<u32>,
}

impl BenchArgs {
    /// The depth asked for.
    pub fn depth(&self) -> u32 {
        self.depth_word.unwrap_or(self.depth)
    }
}

/// The bench positions: the Bratko-Kopec suite, the first positions of
/// "Silent but Deadly", and a few endgames and special cases (castling both
/// ways, en passant, promotions, few pieces).
const POSITIONS: &[&str] = &[
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
    "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
    "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
    "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
    "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1",
    "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
    "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
    "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
    "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
    "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
    "rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - 0 1",
    "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
    "r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1",
    "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1",
    "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
    "r4k2/pb2bp1r/1p1qp2p/3pNp2/3P1P2/2N3P1/PPP1Q2P/2KRR3 w - - 0 1",
    "3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1",
    "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
    "r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1",
    "r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - - 0 1",
    "1qr3k1/p2nbppp/bp2p3/3p4/3P4/1P2PNP1/P2Q1PBP/1N2R1K1 b - - 0 1",
    "1r2r1k1/3bnppp/p2q4/2RPp3/4P3/6P1/2Q1NPBP/2R3K1 w - - 0 1",
    "2b1k2r/2p2ppp/1qp4n/7B/1p2P3/5Q2/PPPr2PP/R2N1R1K b k - 0 1",
    "2b5/1p4k1/p2R2P1/4Np2/1P3Pp1/1r6/5K2/8 w - - 0 1",
    "2brr1k1/ppq2ppp/2pb1n2/8/3NP3/2P2P2/P1Q2BPP/1R1R1BK1 w - - 0 1",
    "2kr2nr/1pp3pp/p1pb4/4p2b/4P1P1/5N1P/PPPN1P2/R1B1R1K1 b - - 0 1",
    "2r1k2r/1p1qbppp/p3pn2/3pBb2/3P4/1QN1P3/PP2BPPP/2R2RK1 b k - 0 1",
    "2r1r1k1/pbpp1npp/1p1b3q/3P4/4RN1P/1P4P1/PB1Q1PB1/2R3K1 w - - 0 1",
    "2r2k2/r4p2/2b1p1p1/1p1p2Pp/3R1P1P/P1P5/1PB5/2K1R3 w - - 0 1",
    "2r3k1/5pp1/1p2p1np/p1q5/P1P4P/1P1Q1NP1/5PK1/R7 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/1p1k4/5ppp/PPK1p3/6P1/5PP1/8 b - - 0 1",
    "8/8/8/4k3/8/8/2R5/4K3 w - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
    "8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1",
    "8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "1r4k1/1q3p1p/2p1pbp1/p1Pp4/P2P1P2/1PQ1P1P1/6BP/2R3K1 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 0 1",
];

/// Runs the bench at `depth` (default [`DEFAULT_DEPTH`]) and writes one line
/// per position, then the totals.
pub fn run(depth: Option<u32>, out: &mut dyn Write) {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).clamp(1, 64);
    let start = Instant::now();
    let mut total = 0u64;
    // A fresh session: the evaluation a fresh engine plays with (the
    // embedded net, if any), a 16 MB table, one thread.
    let mut session = Session::with_seed(0);
    for (i, fen) in POSITIONS.iter().enumerate() {
        let board = Board::from_fen(fen).expect("bench positions are valid");
        session.clear_in_place();
        let result = session.search(&SearchRequest::new(board).depth(depth), &SilentReporter);
        total += result.nodes;
        let best = result.best.map_or("(none)".to_string(), |m| m.to_uci(false));
        let _ = writeln!(
            out,
            "position {:>2}/{}: {:>9} nodes, best {best}",
            i + 1,
            POSITIONS.len(),
            result.nodes
        );
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    let _ = writeln!(out, "{total} nodes {} nps", total * 1000 / ms);
    let _ = out.flush();
}
