//! Syzygy tablebases end to end, with the tables of `tests/data/syzygy/`
//! (all 3- and 4-piece tables, kept in the repository):
//! the options, loading and bad paths over the UCI pipe; Daba's prober
//! against python-chess's own reader (scripts/syzygy_probe.py; a loud skip
//! without python3 and python-chess, a failure under DABA_REQUIRE_ALL) on
//! random 3- and 4-piece positions;
//! self-play that converts won positions to mate within the fifty-move
//! rule, holds drawn ones, and puts off lost ones the longest.

use crate::common::{bestmove, field, Engine};
use engine::syzygy::{self, Tablebases, TbWdl, PATH_SEPARATOR};
use movegen::Board;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The tables' directory: all 3- and 4-piece tables, in the repository.
fn tables() -> Option<String> {
    let dir = repo().join("tests/data/syzygy");
    assert!(
        dir.join("KQvK.rtbw").is_file() && dir.join("KBNvK.rtbz").is_file(),
        "the Syzygy tables of {} are missing",
        dir.display()
    );
    Some(dir.to_str()?.to_string())
}

/// Daba's prober in this process: loaded once, shared by the tests (probes
/// may run from several threads at once).
fn prober() -> Option<&'static Tablebases> {
    static TB: OnceLock<Option<Tablebases>> = OnceLock::new();
    TB.get_or_init(|| tables().and_then(|d| syzygy::load(&d).tables))
        .as_ref()
}

/// python-chess's (WDL, DTZ) for each FEN, `None` for a FEN it could not
/// probe; `None` overall (and a note) when python3 or python-chess is missing.
fn python_probe(fens: &[String]) -> Option<Vec<Option<(i32, i32)>>> {
    let dir = tables()?;
    let ok = Command::new("python3")
        .args(["-c", "import chess.syzygy"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        testkit::skip(
            "the python-chess comparison of Syzygy probes",
            "python3 with python-chess not available",
        );
        return None;
    }
    let mut child = Command::new("python3")
        .arg(repo().join("scripts/syzygy_probe.py"))
        .arg(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        for fen in fens {
            writeln!(stdin, "{fen}").unwrap();
        }
    }
    let out = child.wait_with_output().expect("python3 finishes");
    assert!(out.status.success(), "scripts/syzygy_probe.py failed");
    let text = String::from_utf8(out.stdout).unwrap();
    let values: Vec<Option<(i32, i32)>> = text
        .lines()
        .map(|l| {
            let mut it = l.split_whitespace().map(|t| t.parse::<i32>().ok());
            Some((it.next()??, it.next()??))
        })
        .collect();
    assert_eq!(values.len(), fens.len());
    Some(values)
}

/// An engine with the tables loaded.
fn engine_with(dir: &str) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("setoption name SyzygyPath value {dir}"));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string SyzygyPath: found")),
        "{lines:?}"
    );
    e
}

#[test]
fn options_are_declared_and_checked() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect_prefix("uciok");
    for decl in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        "option name Syzygy50MoveRule type check default true",
    ] {
        assert!(lines.iter().any(|l| l == decl), "{decl}: {lines:?}");
    }
    for bad in [
        "SyzygyProbeDepth value 0",
        "SyzygyProbeLimit value 8",
        "Syzygy50MoveRule value maybe",
    ] {
        e.send(&format!("setoption name {bad}"));
        let lines = e.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error")),
            "{bad}: {lines:?}"
        );
    }
    e.send("setoption name SyzygyPath value <empty>");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("tablebases off")), "{lines:?}");
}

#[test]
fn loads_reports_and_survives_bad_paths() {
    let Some(dir) = tables() else { return };
    let tmp = std::env::temp_dir().join(format!("daba-syzygy-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("empty")).unwrap();
    std::fs::create_dir_all(tmp.join("bad")).unwrap();
    std::fs::write(tmp.join("file"), b"a file").unwrap();
    // A corrupt table: the magic of a WDL file, then garbage, of a table's size.
    let mut corrupt = 0x5d23_e871u32.to_le_bytes().to_vec();
    corrupt.extend((0..16 + 64 * 20 - 4).map(|i| (i * 37 % 251) as u8));
    std::fs::write(tmp.join("bad/KQvKR.rtbw"), &corrupt[..corrupt.len() - 9]).unwrap();
    std::fs::write(tmp.join("bad/KRvKN.rtbw"), vec![7u8; 16 + 64 * 4]).unwrap();
    let t = tmp.display();
    let sep = PATH_SEPARATOR;

    let mut e = Engine::start();
    e.send("setoption name UCI_ShowWDL value true");
    e.send(&format!(
        "setoption name SyzygyPath value {t}/missing{sep}{t}/file{sep}{t}/empty{sep}{t}/bad"
    ));
    let lines = e.sync();
    let all = lines.join("\n");
    for words in [
        "missing: no such directory",
        "file: not a directory",
        "empty: no table files",
        "KQvKR.rtbw: size",
        "KRvKN.rtbw: wrong magic",
        "no tablebases found",
    ] {
        assert!(all.contains(words), "{words}: {all}");
    }
    // Still playing, without tables.
    e.send("position fen 8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
    let lines = e.go("depth 4");
    assert!(lines.iter().any(|l| field(l, "tbhits").as_deref() == Some("0")));

    // The good tables after the bad ones: loaded, the bad ones said.
    e.send(&format!("setoption name SyzygyPath value {t}/bad{sep}{dir}"));
    let lines = e.sync();
    let all = lines.join("\n");
    assert!(all.contains("KRvKN.rtbw: wrong magic"), "{all}");
    assert!(
        all.contains("found 35 tablebases (35 WDL, 35 DTZ files), largest 4 pieces"),
        "{all}"
    );
    // A tablebase draw: score 0 and a certain draw; tbhits counted.
    e.send("position fen 8/8/3k4/8/8/8/1r6/R3K3 w - - 0 1");
    let lines = e.go("depth 6");
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last.contains("score cp 0 wdl 0 1000 0"), "{last}");
    let hits: u64 = field(last, "tbhits").unwrap().parse().unwrap();
    assert!(hits > 0, "{last}");
    // A tablebase win: a TB score (or a mate) and a certain win.
    e.send("position fen 8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1");
    let lines = e.go("depth 5");
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last.contains("wdl 1000 0 0"), "{last}");
    let cp: i32 = field(last, "cp").map_or(20_000, |v| v.parse().unwrap());
    assert!(cp > 19_000, "{last}");
    // Probing off again.
    e.send("setoption name SyzygyPath value <empty>");
    e.send("position fen 8/8/3k4/8/8/8/1r6/R3K3 w - - 0 1");
    let lines = e.go("depth 4");
    assert!(lines
        .iter()
        .all(|l| !l.contains(" score ") || l.contains(" tbhits 0 ")));
    let _ = std::fs::remove_dir_all(&tmp);
}

/// Copies every table into `dir` and damages each copy behind its magic
/// number, keeping its size, so that it passes the loader's own checks and
/// only the prober can notice: bits flipped here and there, the header
/// overwritten with noise, a run of zeros, a run of 0xff bytes.
fn write_corrupt_tables(from: &str, dir: &Path, rng: &mut Rng) {
    std::fs::create_dir_all(dir).unwrap();
    let mut names: Vec<_> = std::fs::read_dir(from)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rtbw" || x == "rtbz"))
        .collect();
    names.sort();
    for path in names {
        let mut data = std::fs::read(&path).unwrap();
        let len = data.len() as u64;
        match rng.below(4) {
            0 => {
                for _ in 0..1 + rng.below(40) {
                    data[(4 + rng.below(len - 4)) as usize] ^= 1 << rng.below(8);
                }
            }
            1 => {
                for i in 4..(5 + rng.below(60)).min(len) {
                    data[i as usize] = rng.below(256) as u8;
                }
            }
            fill => {
                let start = 4 + rng.below(len - 4);
                let end = (start + 1 + rng.below(400)).min(len);
                let byte = if fill == 2 { 0 } else { 0xff };
                data[start as usize..end as usize].fill(byte);
            }
        }
        std::fs::write(dir.join(path.file_name().unwrap()), data).unwrap();
    }
}

/// Corrupt tables are bad input: probes into them fail and count as "not in
/// the tables"; the engine keeps searching and answering. (The first
/// prober, pyrrhic-rs, aborted or overflowed its stack on most such sets.)
#[test]
fn corrupt_tables_never_crash() {
    let Some(dir) = tables() else { return };
    let tmp = std::env::temp_dir().join(format!("daba-syzygy-corrupt-{}", std::process::id()));
    let mut rng = Rng(0x5eed_7ab1e5);
    let mut hits = 0u64;
    for round in 0..6 {
        let copy = tmp.join(format!("round{round}"));
        write_corrupt_tables(&dir, &copy, &mut rng);
        // In process: probes return a value or nothing, never panic.
        let tables = syzygy::load(copy.to_str().unwrap())
            .tables
            .expect("the copies pass the loader's checks");
        let mut e = engine_with(copy.to_str().unwrap());
        let mut searched = 0;
        while searched < 15 {
            let Some(board) = random_position(&mut rng) else {
                continue;
            };
            if !board.has_legal_move() {
                continue;
            }
            let _ = tables.probe_wdl(&board);
            let _ = tables.probe_root(&board, true);
            e.send("ucinewgame");
            e.send(&format!("position fen {}", board.to_fen()));
            let lines = e.go("nodes 3000");
            assert!(!bestmove(&lines).is_empty());
            hits += lines
                .iter()
                .filter_map(|l| field(l, "tbhits"))
                .map(|v| v.parse::<u64>().unwrap())
                .max()
                .unwrap_or(0);
            searched += 1;
        }
        e.sync();
    }
    // The searches did reach the tables (some probes succeed where the
    // damage lies elsewhere in a file).
    assert!(hits > 0);
    let _ = std::fs::remove_dir_all(&tmp);
}

/// A small deterministic generator for the random positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random legal position with kings and one or two other pieces.
fn random_position(rng: &mut Rng) -> Option<Board> {
    let mut grid = [' '; 64];
    let extra = 1 + rng.below(2) as usize;
    let mut pieces = vec!['K', 'k'];
    for _ in 0..extra {
        let p = b"QRBNP"[rng.below(5) as usize] as char;
        pieces.push(if rng.below(2) == 0 {
            p
        } else {
            p.to_ascii_lowercase()
        });
    }
    for p in pieces {
        loop {
            let sq = rng.below(64) as usize;
            let back_rank = !(8..56).contains(&sq);
            if grid[sq] == ' ' && !(p.eq_ignore_ascii_case(&'P') && back_rank) {
                grid[sq] = p;
                break;
            }
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match grid[rank * 8 + file] {
                ' ' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    Board::from_fen(&format!("{fen} {side} - - 0 1")).ok()
}

#[test]
fn probes_match_python_chess() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut boards = Vec::new();
    while boards.len() < 400 {
        if let Some(b) = random_position(&mut rng) {
            if b.has_legal_move() {
                boards.push(b);
            }
        }
    }
    let fens: Vec<String> = boards.iter().map(|b| b.to_fen()).collect();
    let Some(expected) = python_probe(&fens) else {
        return;
    };
    let Some(tb) = prober() else { return };
    let mut results = [0usize; 5];
    for ((board, fen), want) in boards.iter().zip(&fens).zip(&expected) {
        let (wdl, dtz) = want.unwrap_or_else(|| panic!("python-chess could not probe {fen}"));
        let got = tb.probe_wdl(board).unwrap_or_else(|| panic!("no WDL for {fen}"));
        assert_eq!(got.value(), wdl, "WDL of {fen}");
        let root = tb
            .probe_root(board, false)
            .unwrap_or_else(|| panic!("no DTZ for {fen}"));
        assert_eq!(root.root_dtz, dtz, "DTZ of {fen}");
        results[(wdl + 2) as usize] += 1;
    }
    // The sample has wins, draws and losses.
    assert!(
        results[0] > 20 && results[2] > 20 && results[4] > 20,
        "{results:?}"
    );
}

/// How a self-play game from a position ended.
#[derive(Debug, PartialEq)]
enum End {
    /// The side to move at the end is checkmated.
    Mate { loser_is_start_side: bool, plies: usize },
    /// Ran out of the allowed plies, or a draw by rule.
    Other(String),
}

/// Daba plays both sides from `fen` (`go nodes`), at most `max_plies`;
/// `each` sees every position reached.
fn self_play(e: &mut Engine, fen: &str, nodes: u64, max_plies: usize, mut each: impl FnMut(&Board)) -> End {
    let mut board = Board::from_fen(fen).unwrap();
    let start_side = board.side_to_move();
    let mut moves: Vec<String> = Vec::new();
    let mut keys = vec![board.key()];
    e.send("ucinewgame");
    loop {
        if !board.has_legal_move() {
            return if board.in_check() {
                End::Mate {
                    loser_is_start_side: board.side_to_move() == start_side,
                    plies: moves.len(),
                }
            } else {
                End::Other(format!("stalemate after {moves:?}"))
            };
        }
        if board.halfmove_clock() >= 100 {
            return End::Other(format!("fifty moves after {moves:?}"));
        }
        if board.is_insufficient_material() {
            return End::Other(format!("dead position after {moves:?}"));
        }
        if keys.iter().filter(|&&k| k == board.key()).count() >= 3 {
            return End::Other(format!("threefold repetition after {moves:?}"));
        }
        if moves.len() >= max_plies {
            return End::Other(format!("{max_plies} plies"));
        }
        e.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let lines = e.go(&format!("nodes {nodes}"));
        let text = bestmove(&lines);
        let mv = board
            .parse_uci(&text, false)
            .unwrap_or_else(|err| panic!("illegal bestmove {text}: {err}"));
        board.make_move(mv);
        keys.push(board.key());
        moves.push(text);
        each(&board);
    }
}

#[test]
fn converts_won_positions_within_the_fifty_move_rule() {
    let Some(dir) = tables() else { return };
    let mut e = engine_with(&dir);
    for fen in [
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "7k/8/8/8/3K4/8/8/Q7 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        "8/8/8/8/3k4/8/8/K6R w - - 0 1",
        "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1",
        "8/8/8/3k4/8/4K3/4P3/8 w - - 0 1",
        "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
        "k7/8/8/8/8/8/8/4KBN1 w - - 0 1",
        // Not at the start of the count: 40 moves already gone.
        "8/8/8/4k3/8/8/8/3QK3 w - - 80 60",
    ] {
        let end = self_play(&mut e, fen, 3000, 400, |_| {});
        match end {
            End::Mate {
                loser_is_start_side: false,
                plies,
            } => eprintln!("{fen}: mate in {plies} plies"),
            other => panic!("{fen}: {other:?}"),
        }
    }
}

#[test]
fn fifty_move_rule_option() {
    let Some(dir) = tables() else { return };
    let mut e = engine_with(&dir);
    e.send("setoption name UCI_ShowWDL value true");
    // KRvK needs 27 plies to mate here; 40 of the 50 moves are gone.
    e.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 80 60");
    let lines = e.go("depth 4");
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last.contains("score cp 0 wdl 0 1000 0"), "{last}");
    e.send("setoption name Syzygy50MoveRule value false");
    let lines = e.go("depth 4");
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last.contains("wdl 1000 0 0"), "{last}");
}

#[test]
fn holds_drawn_positions() {
    let Some(dir) = tables() else { return };
    let mut e = engine_with(&dir);
    for fen in [
        "8/8/3k4/8/8/8/1r6/R3K3 w - - 0 1",
        "8/8/8/8/4k3/8/3p4/1N2K3 w - - 0 1",
        "8/8/8/8/8/4k3/3p4/1N2K3 w - - 0 1",
        "8/8/8/4k3/8/8/3P4/4K3 w - - 0 1",
    ] {
        let mut lost = Vec::new();
        let end = self_play(&mut e, fen, 2000, 40, |b| {
            if let Some(tb) = prober() {
                // Every position reached is still a draw for both sides.
                match tb.probe_wdl(b) {
                    Some(TbWdl::Draw) | None => {}
                    Some(w) => lost.push(format!("{} is {w:?}", b.to_fen())),
                }
            }
        });
        assert!(!matches!(end, End::Mate { .. }), "{fen}: {end:?}");
        assert!(lost.is_empty(), "{fen}: {lost:?}");
    }
}

#[test]
fn delays_lost_positions_the_longest() {
    let Some(dir) = tables() else { return };
    let fens = [
        "8/8/8/4k3/8/8/8/3QK3 b - - 0 1",
        "8/8/8/2k5/8/8/1K6/1Q6 b - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 b - - 0 1",
        "8/8/8/4k3/8/8/8/2B1KN2 b - - 0 1",
        "8/8/8/8/8/2k5/8/R3K2N b - - 0 1",
    ];
    // Every legal move's position, for python-chess.
    let mut children = Vec::new();
    for fen in fens {
        let b = Board::from_fen(fen).unwrap();
        for &mv in b.legal_moves().iter() {
            children.push((fen, mv.to_uci(false), b.play(mv).to_fen()));
        }
    }
    let child_fens: Vec<String> = children.iter().map(|c| c.2.clone()).collect();
    let Some(values) = python_probe(&child_fens) else {
        return;
    };
    let mut e = engine_with(&dir);
    for fen in fens {
        // The loser's result after each move is minus the opponent's.
        let options: Vec<(&str, i32, i32)> = children
            .iter()
            .zip(&values)
            .filter(|(c, _)| c.0 == fen)
            .map(|(c, v)| {
                let (wdl, dtz) = v.expect("python-chess probes the child");
                (c.1.as_str(), -wdl, dtz.abs())
            })
            .collect();
        let best = options.iter().map(|o| o.1).max().unwrap();
        assert!(best < 0, "{fen} is meant to be lost");
        let longest = options.iter().filter(|o| o.1 == best).map(|o| o.2).max().unwrap();
        e.send(&format!("position fen {fen}"));
        let lines = e.go("nodes 2000");
        let mv = bestmove(&lines);
        let chosen = options.iter().find(|o| o.0 == mv).expect("a legal move");
        assert_eq!(
            (chosen.1, chosen.2),
            (best, longest),
            "{fen}: {mv} does not put the loss off the longest ({options:?})"
        );
    }
}
