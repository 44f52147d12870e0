//! `peers`: single-threaded perft speed of Daba's `movegen` side by side with
//! the fastest Rust move-generation crates (`chess`, `cozy-chess`, `shakmaty`).
//!
//! Every library counts the same tree with bulk counting at the last ply
//! (the number of legal moves is taken at depth 1 without playing them), in
//! the fastest idiomatic way its public API allows. All libraries must agree
//! on the node count, and on the published count where one is known, or the
//! run aborts. The engines are interleaved inside each round (and the order
//! is rotated every round) so that noise on a shared machine hits all of them
//! alike; the table reports the best and median speed over the rounds.
//!
//! Usage: `peers [--rounds N] [--depth D] [--fen FEN | --suite]`

use std::{fmt::Write as _, hint::black_box, process::ExitCode, str::FromStr, time::Instant};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Published perft counts; a run of one of these is checked against them too.
const KNOWN: &[(&str, &[u64])] = &[
    (STARTPOS, &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324, 3_195_901_860]),
    (KIWIPETE, &[48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685]),
];

const DEFAULT_ROUNDS: usize = 3;
const DEFAULT_DEPTH_STARTPOS: u32 = 6;
const DEFAULT_DEPTH_OTHER: u32 = 5;
/// Depth of the untimed warm-up run (tables paged in, caches and branch
/// predictors primed, counts cross-checked before the long runs start).
const WARMUP_DEPTH: u32 = 3;

/// A perft counter bound to one parsed position: `depth -> nodes`.
type Runner = Box<dyn Fn(u32) -> u64>;

struct Engine {
    name: &'static str,
    version: &'static str,
    setup: fn(&str) -> Result<Runner, String>,
}

/// Daba first (the reference of the ratio column), then the peers.
const ENGINES: [Engine; 4] = [
    Engine { name: "daba (movegen)", version: env!("PEERS_VERSION_MOVEGEN"), setup: daba },
    Engine { name: "chess", version: env!("PEERS_VERSION_CHESS"), setup: chess_crate },
    Engine { name: "cozy-chess", version: env!("PEERS_VERSION_COZY_CHESS"), setup: cozy },
    Engine { name: "shakmaty", version: env!("PEERS_VERSION_SHAKMATY"), setup: shakmaty_crate },
];

// ---------------------------------------------------------------------------
// The four perft routines.

/// Daba: `movegen::perft` is single-threaded with bulk counting at the last ply.
fn daba(fen: &str) -> Result<Runner, String> {
    let board = movegen::Board::from_fen(fen).map_err(|e| e.to_string())?;
    Ok(Box::new(move |depth| movegen::perft(black_box(&board), depth)))
}

/// `chess`: the crate's own published perft, `MoveGen::movegen_perft_test`
/// ("fastest perft test with this structure"): copy-make with
/// `MoveGen::new_legal(&board).len()` at depth 1.
fn chess_crate(fen: &str) -> Result<Runner, String> {
    let board = chess::Board::from_str(fen).map_err(|e| format!("{e:?}"))?;
    Ok(Box::new(move |depth| {
        chess::MoveGen::movegen_perft_test(black_box(&board), depth as usize) as u64
    }))
}

/// `cozy-chess`: move sets per piece through the `generate_moves` callback,
/// summing `moves.len()` at depth 1, copy-make with `play_unchecked` above it.
fn cozy(fen: &str) -> Result<Runner, String> {
    fn perft(board: &cozy_chess::Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth == 1 {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        } else {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
        }
        nodes
    }
    let board = cozy_chess::Board::from_fen(fen, false).map_err(|e| format!("{e:?}"))?;
    Ok(Box::new(move |depth| perft(black_box(&board), depth)))
}

/// `shakmaty`: the crate's own published `shakmaty::perft`:
/// `legal_moves().len()` at depth 1, copy-make with `play_unchecked` above it.
fn shakmaty_crate(fen: &str) -> Result<Runner, String> {
    use shakmaty::{fen::Fen, CastlingMode, Chess};
    let pos: Chess = Fen::from_ascii(fen.as_bytes())
        .map_err(|e| e.to_string())?
        .into_position(CastlingMode::Standard)
        .map_err(|e| e.to_string())?;
    Ok(Box::new(move |depth| shakmaty::perft(black_box(&pos), depth)))
}

// ---------------------------------------------------------------------------
// Command line.

struct Position {
    label: String,
    fen: String,
    depth: u32,
}

struct Options {
    rounds: usize,
    positions: Vec<Position>,
}

const USAGE: &str = "\
usage: peers [--rounds N] [--depth D] [--fen FEN | --suite]

Single-threaded perft (bulk counting at the last ply) in Daba's movegen and in
the chess, cozy-chess and shakmaty crates; prints a markdown table.

  --rounds N   timed rounds; every engine runs once per round (default 3)
  --depth D    perft depth (default 6 for the start position, 5 otherwise)
  --fen FEN    position to count (default: the start position)
  --suite      both standard positions: start position depth 6 and
               Kiwipete depth 5 (--depth overrides both)
  -h, --help   this text";

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut rounds = DEFAULT_ROUNDS;
    let mut depth: Option<u32> = None;
    let mut fen: Option<String> = None;
    let mut suite = false;

    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        // Accept both `--flag value` and `--flag=value`.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match flag.as_str() {
            "--rounds" => {
                rounds = value("--rounds")?
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or("--rounds must be a whole number >= 1")?;
            }
            "--depth" => {
                depth = Some(
                    value("--depth")?
                        .parse()
                        .ok()
                        .filter(|d| (1..=20).contains(d))
                        .ok_or("--depth must be a whole number from 1 to 20")?,
                );
            }
            "--fen" => fen = Some(value("--fen")?.split_whitespace().collect::<Vec<_>>().join(" ")),
            "--suite" => suite = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }

    let position = |fen: &str, default_depth: u32| Position {
        label: match fen {
            STARTPOS => "start position".to_string(),
            KIWIPETE => "Kiwipete".to_string(),
            _ => "custom position".to_string(),
        },
        fen: fen.to_string(),
        depth: depth.unwrap_or(default_depth),
    };
    let positions = match (suite, fen) {
        (true, Some(_)) => return Err("--suite and --fen exclude each other".to_string()),
        (true, None) => vec![
            position(STARTPOS, DEFAULT_DEPTH_STARTPOS),
            position(KIWIPETE, DEFAULT_DEPTH_OTHER),
        ],
        (false, Some(f)) if f == STARTPOS => vec![position(&f, DEFAULT_DEPTH_STARTPOS)],
        (false, Some(f)) => vec![position(&f, DEFAULT_DEPTH_OTHER)],
        (false, None) => vec![position(STARTPOS, DEFAULT_DEPTH_STARTPOS)],
    };
    Ok(Options { rounds, positions })
}

// ---------------------------------------------------------------------------
// Measurement and report.

fn known_count(fen: &str, depth: u32) -> Option<u64> {
    let (_, counts) = KNOWN.iter().find(|(f, _)| *f == fen)?;
    counts.get(depth.checked_sub(1)? as usize).copied()
}

/// Checks that every engine reported the same count (and the published one,
/// when known). `counts[e]` is engine `e`'s count.
fn check_counts(pos: &Position, depth: u32, counts: &[u64]) -> Result<u64, String> {
    let first = counts[0];
    let agree = counts.iter().all(|&c| c == first);
    let known = known_count(&pos.fen, depth);
    if agree && known.is_none_or(|k| k == first) {
        return Ok(first);
    }
    let mut msg = format!("node counts differ: {} `{}` depth {depth}\n", pos.label, pos.fen);
    for (engine, count) in ENGINES.iter().zip(counts) {
        let _ = writeln!(msg, "  {:<16} {}", engine.name, count);
    }
    if let Some(k) = known {
        let _ = writeln!(msg, "  {:<16} {}", "published", k);
    }
    Err(msg)
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_string())
}

fn run(opts: &Options) -> Result<String, String> {
    let started = Instant::now();
    let load_start = load_average();
    let n_engines = ENGINES.len();

    // Parse every position once per engine, outside the timed region.
    let mut runners: Vec<Vec<Runner>> = Vec::new();
    for pos in &opts.positions {
        let mut row = Vec::new();
        for engine in &ENGINES {
            let runner = (engine.setup)(&pos.fen)
                .map_err(|e| format!("{} rejects FEN `{}`: {e}", engine.name, pos.fen))?;
            row.push(runner);
        }
        runners.push(row);
    }

    // Untimed warm-up, which also cross-checks the counts at a small depth.
    for (pos, row) in opts.positions.iter().zip(&runners) {
        let depth = pos.depth.min(WARMUP_DEPTH);
        let counts: Vec<u64> = row.iter().map(|r| black_box(r(depth))).collect();
        check_counts(pos, depth, &counts)?;
    }

    // speeds[p][e]: Mn/s of engine e on position p, one entry per round.
    let mut speeds = vec![vec![Vec::with_capacity(opts.rounds); n_engines]; opts.positions.len()];
    let mut nodes = vec![0u64; opts.positions.len()];
    for round in 0..opts.rounds {
        for (p, (pos, row)) in opts.positions.iter().zip(&runners).enumerate() {
            let mut counts = vec![0u64; n_engines];
            // Rotate the starting engine each round so that no library always
            // runs first (or right after the same neighbour).
            for k in 0..n_engines {
                let e = (round + k) % n_engines;
                let t = Instant::now();
                let count = black_box(row[e](black_box(pos.depth)));
                let secs = t.elapsed().as_secs_f64();
                counts[e] = count;
                let mnps = count as f64 / secs / 1e6;
                speeds[p][e].push(mnps);
                eprintln!(
                    "round {}/{}  {:<15} depth {}  {:<16} {:>13} nodes {:>8.3} s {:>8.1} Mn/s",
                    round + 1,
                    opts.rounds,
                    pos.label,
                    pos.depth,
                    ENGINES[e].name,
                    thousands(count),
                    secs,
                    mnps
                );
            }
            nodes[p] = check_counts(pos, pos.depth, &counts)?;
        }
    }

    let mut out = String::new();
    let flags = env!("PEERS_RUSTFLAGS");
    let _ = writeln!(out, "## Perft speed: Daba vs. peers\n");
    let _ = writeln!(
        out,
        "- machine: {}, {} logical CPUs; load average {} at start, {} at end",
        cpu_model(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        load_start,
        load_average()
    );
    let _ = writeln!(
        out,
        "- build: release (opt-level 3, fat LTO, 1 codegen unit, panic=abort), RUSTFLAGS: {}",
        if flags.trim().is_empty() { "(none)".to_string() } else { format!("`{flags}`") }
    );
    let _ = writeln!(
        out,
        "- method: single thread, bulk counting at the last ply, {} round(s), engines \
         interleaved within each round (order rotated); Mn/s = million nodes per second; \
         ratio = Daba's median Mn/s ÷ the library's median Mn/s (above 1: Daba is faster)",
        opts.rounds
    );
    let _ = writeln!(out, "- total wall time: {:.1} s", started.elapsed().as_secs_f64());

    for (p, pos) in opts.positions.iter().enumerate() {
        let _ = writeln!(out, "\n### {}, depth {}: `{}`\n", pos.label, pos.depth, pos.fen);
        let _ = writeln!(out, "| library | version | nodes | best Mn/s | median Mn/s | Daba ÷ library (median) |");
        let _ = writeln!(out, "|---|---|--:|--:|--:|--:|");
        let daba_median = median(&speeds[p][0]);
        for (e, engine) in ENGINES.iter().enumerate() {
            let best = speeds[p][e].iter().copied().fold(0.0, f64::max);
            let med = median(&speeds[p][e]);
            let ratio = if e == 0 { "—".to_string() } else { format!("{:.2}", daba_median / med) };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {:.1} | {:.1} | {} |",
                engine.name,
                engine.version,
                thousands(nodes[p]),
                best,
                med,
                ratio
            );
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let opts = match parse_args(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("peers: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&opts) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("peers: error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn defaults_and_flags() {
        let o = parse_args(args(&[])).unwrap();
        assert_eq!(o.rounds, 3);
        assert_eq!(o.positions.len(), 1);
        assert_eq!((o.positions[0].fen.as_str(), o.positions[0].depth), (STARTPOS, 6));

        let o = parse_args(args(&["--suite", "--rounds=5"])).unwrap();
        assert_eq!(o.rounds, 5);
        assert_eq!(o.positions[1].fen, KIWIPETE);
        assert_eq!(o.positions[1].depth, 5);

        let o = parse_args(args(&["--fen", KIWIPETE, "--depth", "2"])).unwrap();
        assert_eq!((o.positions[0].label.as_str(), o.positions[0].depth), ("Kiwipete", 2));

        assert!(parse_args(args(&["--suite", "--fen", STARTPOS])).is_err());
        assert!(parse_args(args(&["--rounds", "0"])).is_err());
        assert!(parse_args(args(&["--depth"])).is_err());
    }

    #[test]
    fn helpers() {
        assert_eq!(thousands(119_060_324), "119,060,324");
        assert_eq!(thousands(48), "48");
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(known_count(KIWIPETE, 5), Some(193_690_690));
        assert_eq!(known_count(STARTPOS, 0), None);
    }

    #[test]
    fn disagreement_is_an_error() {
        let pos = |fen: &str| Position { label: "p".into(), fen: fen.into(), depth: 1 };
        assert_eq!(check_counts(&pos(STARTPOS), 1, &[20; 4]), Ok(20));
        assert!(check_counts(&pos(STARTPOS), 1, &[20, 20, 21, 20]).is_err());
        // All agree, but not with the published count.
        assert!(check_counts(&pos(STARTPOS), 1, &[21; 4]).is_err());
        // No published count: agreement is enough.
        assert_eq!(check_counts(&pos("8/8/8/8/8/8/8/K6k w - - 0 1"), 1, &[3; 4]), Ok(3));
    }

    #[test]
    fn all_engines_agree_at_small_depth() {
        for (fen, counts) in KNOWN {
            for engine in &ENGINES {
                let run = (engine.setup)(fen).unwrap();
                for depth in 1..=3 {
                    assert_eq!(run(depth), counts[depth as usize - 1], "{} {fen}", engine.name);
                }
            }
        }
    }
}
