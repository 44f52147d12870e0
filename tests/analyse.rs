//! End-to-end tests of `daba analyse`: the annotated PGN of an untidy file
//! read back by python-chess (tests/analyse_check.py; skipped with a note
//! when python3 or python-chess is missing), a planted blunder, the same
//! output on every run with `--nodes`, the SVG graphs, positions from EPD
//! and `--fen`, wrong arguments, and Ctrl-C. Searches are a few thousand
//! nodes: the whole file takes a few seconds.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const NODES: &str = "1500";

/// Three good games and a bad one between them: comments, a nested
/// variation, NAGs and glyphs, CRLF line endings, a `SetUp`/`FEN` game
/// ending in mate with `1-0`, a Chess960 game in X-FEN ending in `*`.
const GOOD_1: &str = "[Event \"Comments, variations, NAGs\"]\r\n[Site \"Here\"]\r\n[Date \"2024.05.01\"]\r\n\
[Round \"1\"]\r\n[White \"Ann\"]\r\n[Black \"Bob\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n\
{A quiet start} 1. e4 $1 c5 {Sicilian} (1... e5 2. Nf3 (2. f4 exf4) 2... Nc6) 2. Nf3 d6!? 3. d4\r\n\
cxd4 ; a line comment\r\n4. Nxd4 Nf6 5. Nc3 a6 $13 1/2-1/2\r\n";
const BAD: &str = "[Event \"Bad\"]\n[White \"X\"]\n[Black \"Y\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
const GOOD_2: &str = "[Event \"From a position\"]\n[SetUp \"1\"]\n\
[FEN \"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\"]\n[Result \"1-0\"]\n\n\
4. Qxf7# 1-0\n";
const GOOD_3: &str = "[Event \"960\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\"]\n\n\
1. O-O O-O-O 2. d4 d5 3. Rbd1 e6 4. c4 dxc4 *\n";
/// 3... Nf6?? allows 4. Qxf7#.
const PLANTED: &str =
    "[Event \"Planted\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

fn daba(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_daba"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("daba runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("daba-analyse-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, content: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

fn python_chess() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        testkit::skip(
            "the python-chess check of analyse's PGN",
            "python3 with python-chess (scripts/requirements.txt) not found",
        );
    }
    ok
}

/// A well-formedness check that needs nothing: every tag closes in order,
/// attribute values are quoted, `&` starts an entity. Returns the number of
/// points of `polyline#eval`.
fn svg_points(svg: &str) -> usize {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    let mut points = None;
    while let Some(open) = rest.find('<') {
        let between = &rest[..open];
        for (k, _) in between.match_indices('&') {
            let entity = &between[k..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in {between}"
            );
        }
        let close = rest[open..].find('>').expect("tag ends") + open;
        let tag = &rest[open + 1..close];
        assert_eq!(tag.matches('"').count() % 2, 0, "quotes in <{tag}>");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "closing </{name}>");
        } else {
            let name = tag
                .split_whitespace()
                .next()
                .expect("a tag name")
                .trim_end_matches('/');
            if name == "polyline" && tag.contains("id=\"eval\"") {
                let start = tag.find("points=\"").expect("points") + 8;
                let end = tag[start..].find('"').unwrap() + start;
                points = Some(tag[start..end].split_whitespace().count());
            }
            if !tag.ends_with('/') {
                stack.push(name.to_string());
            }
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    points.expect("a polyline with id eval")
}

#[test]
fn an_untidy_file_is_annotated_and_reads_back_in_python_chess() {
    let dir = folder("untidy");
    let input = write(&dir, "in.pgn", &format!("{GOOD_1}\n{BAD}\n{GOOD_2}\n{GOOD_3}"));
    let good = write(&dir, "good.pgn", &format!("{GOOD_1}\n{GOOD_2}\n{GOOD_3}"));
    let out = dir.join("out.pgn");
    let svg = dir.join("graphs");
    let run = daba(&[
        "analyse",
        &input,
        "--nodes",
        NODES,
        "--threads",
        "2",
        "--hash",
        "8",
        "--out",
        out.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let err = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(run.stdout.is_empty(), "--out takes the output");
    // The bad game is named by number and line, and skipped.
    assert!(
        err.contains("game 2 (line 17): move 2.") && err.contains("Ke3"),
        "{err}"
    );
    let annotated = std::fs::read_to_string(&out).unwrap();
    assert!(!annotated.contains("[Event \"Bad\"]"), "{annotated}");
    assert_eq!(annotated.matches("[Event ").count(), 3);
    assert!(!dir.join(".out.pgn.part").exists());

    // One graph per game, named by the game's number in the file, with one
    // point per move.
    let mut names: Vec<String> = std::fs::read_dir(&svg)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-001.svg", "game-003.svg", "game-004.svg"]);
    for (name, moves) in names.iter().zip([10, 1, 8]) {
        let content = std::fs::read_to_string(svg.join(name)).unwrap();
        assert_eq!(svg_points(&content), moves, "{name}");
    }

    if python_chess() {
        let mut args = vec![
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/analyse_check.py").to_string(),
            good,
            out.to_string_lossy().into_owned(),
        ];
        args.extend(names.iter().map(|n| svg.join(n).to_string_lossy().into_owned()));
        let check = Command::new("python3").args(&args).output().unwrap();
        assert!(
            check.status.success(),
            "{}{}\n{annotated}",
            text(&check.stdout),
            text(&check.stderr)
        );
        assert_eq!(text(&check.stdout).trim(), "ok 3");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_planted_blunder_is_marked_and_json_has_every_move() {
    let dir = folder("planted");
    let input = write(&dir, "planted.pgn", PLANTED);
    let run = daba(&["analyse", &input, "--nodes", NODES, "--threads", "1"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let pgn = text(&run.stdout).replace('\n', " ");
    assert!(pgn.contains("3... Nf6?? {[%eval #1] Blunder."), "{pgn}");
    assert!(pgn.contains("[BlackBlunders \"1\"]"), "{pgn}");
    assert_eq!(pgn.matches("??").count(), 1, "{pgn}");

    let run = daba(&["analyse", &input, "--nodes", NODES, "--threads", "1", "--json"]);
    assert_eq!(run.status.code(), Some(0));
    let json = text(&run.stdout);
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 7, "{json}");
    for (ply, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(&format!("{{\"game\":1,\"ply\":{},", ply + 1)),
            "{line}"
        );
        for key in ["\"move\":", "\"eval\":{", "\"best\":", "\"pv\":[", "\"mark\":"] {
            assert!(line.contains(key), "{key} in {line}");
        }
    }
    assert!(
        lines[5].contains("\"move\":\"Nf6\"") && lines[5].contains("\"mark\":\"??\""),
        "{}",
        lines[5]
    );
    assert!(lines[5].contains("\"eval\":{\"mate\":1}"), "{}", lines[5]);
    assert!(lines[6].contains("\"eval\":{\"mate\":0}"), "{}", lines[6]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_input_gives_the_same_output_with_nodes() {
    let dir = folder("same");
    let input = write(&dir, "two.pgn", &format!("{GOOD_1}\n{PLANTED}"));
    let run = |threads: &str, hash: &str| {
        let out = daba(&[
            "analyse",
            &input,
            "--nodes",
            NODES,
            "--threads",
            threads,
            "--hash",
            hash,
            "--multipv",
            "2",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        out.stdout
    };
    let first = run("1", "8");
    assert!(!first.is_empty());
    assert_eq!(run("1", "8"), first, "one thread, twice");
    // Two games on two threads: one search thread and 8 MB each, as above.
    assert_eq!(run("2", "16"), first, "two games at once");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn positions_from_epd_and_fen() {
    let dir = folder("positions");
    let epd = write(
        &dir,
        "p.epd",
        "# Bratko-Kopec 1 and a mate in one\n\
         1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";\n\
         this is not a position\n\
         7k/8/6K1/8/8/8/8/R7 w - - 0 1\n\
         7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n",
    );
    let run = daba(&[
        "analyse",
        &epd,
        "--nodes",
        "20000",
        "--multipv",
        "2",
        "--threads",
        "2",
    ]);
    let err = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(err.contains("line 3:"), "{err}");
    let out = text(&run.stdout);
    assert!(out.starts_with("1. BK.01: 1k1r4/"), "{out}");
    assert!(out.contains("bm Qd1+: solved"), "{out}");
    assert!(
        out.contains("2. 7k/8/6K1/8/8/8/8/R7 w - - 0 1\n   best Ra8#"),
        "{out}"
    );
    assert!(out.contains("   1)     #1  (White 100.0%)  1. Ra8#"), "{out}");
    assert!(out.contains("   2) "), "MultiPV 2: {out}");
    assert!(out.contains("no legal move: stalemate"), "{out}");

    let fen = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";
    let run = daba(&["analyse", "--fen", fen, "--nodes", "5000", "--json"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let json = text(&run.stdout);
    assert_eq!(json.lines().count(), 1);
    assert!(
        json.starts_with(&format!("{{\"position\":1,\"line\":1,\"fen\":\"{fen}\"")),
        "{json}"
    );
    assert!(
        json.contains("\"best\":\"Ra8#\",\"best_uci\":\"a1a8\",\"eval\":{\"mate\":1}"),
        "{json}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wrong_arguments_and_empty_inputs() {
    for (args, code, says) in [
        (&["analyse"][..], 2, "FILE"),
        (
            &["analyse", "/nonexistent/games.pgn"],
            2,
            "/nonexistent/games.pgn",
        ),
        (&["analyse", "--fen", "not a fen"], 2, "--fen"),
        (
            &["analyse", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1", "--svg", "x"],
            2,
            "--svg",
        ),
        (&["analyse", "--multipv", "0", "--fen", "x"], 2, "--multipv"),
    ] {
        let out = daba(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let dir = folder("empty");
    let empty = write(&dir, "empty.pgn", "\n\n");
    let out = daba(&["analyse", &empty]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no games"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C after the first game: the file holds that game whole (and the
/// part of the second that was analysed), never a half-written file.
#[cfg(unix)]
#[test]
fn ctrl_c_writes_what_is_finished() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    let dir = folder("ctrlc");
    let long = "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 8. Bd3 dxc4 \
                9. Bxc4 Nd5 10. Bxe7 Qxe7 11. O-O Nxc3 12. Rxc3 e5 *";
    let input = write(
        &dir,
        "two.pgn",
        &format!("{GOOD_2}\n[Event \"Long\"]\n\n{long}\n"),
    );
    let out = dir.join("out.pgn");
    let mut child = Command::new(env!("CARGO_BIN_EXE_daba"))
        .args([
            "analyse",
            &input,
            "--nodes",
            "300000",
            "--threads",
            "1",
            "--hash",
            "8",
            "--out",
        ])
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "daba ended early: {seen}"
        );
        seen.push_str(&line);
        if line.starts_with("game 1/2") {
            break;
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no exit after Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut stderr, &mut rest);
    assert_eq!(status.code(), Some(130), "{seen}{rest}");
    assert!(rest.contains("interrupted"), "{rest}");
    let written = std::fs::read_to_string(&out).expect("the output file exists");
    assert!(!dir.join(".out.pgn.part").exists());
    let (games, errors) = analyse::pgn::read_all(&written);
    assert!(errors.is_empty(), "{errors:?}\n{written}");
    assert!(
        !games.is_empty() && games[0].header("Event") == Some("From a position"),
        "{written}"
    );
    assert_eq!(games[0].moves.len(), 1);
    assert_eq!(games[0].header("Analysis"), Some("Daba 0.1.0, nodes 300000"));
    if let Some(long) = games.get(1) {
        // The long game, if any of it was done, is whole with what was analysed.
        assert_eq!(long.moves.len(), 24);
        assert!(
            long.header("Analysis").unwrap().contains("interrupted after"),
            "{written}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--syzygy`: a tablebase win is scored from the tables (a tablebase score
/// between the centipawn range and mate, or a mate the search saw), and a
/// path without tables is a clear error.
#[test]
fn syzygy_tables_score_the_root() {
    let tables = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
    // KR v K far from a quick mate: 2000 nodes cannot see the mate.
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
    let path = tables.to_string_lossy().into_owned();
    let run = daba(&[
        "analyse",
        "--fen",
        fen,
        "--nodes",
        "2000",
        "--threads",
        "1",
        "--json",
        "--syzygy",
        &path,
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let json = text(&run.stdout);
    let cp: Option<i64> = json
        .split("\"eval\":{\"cp\":")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit() && c != '-').next())
        .and_then(|n| n.parse().ok());
    assert!(
        json.contains("\"mate\":") || cp.is_some_and(|cp| cp > 10_000),
        "a tablebase win: {json}"
    );

    let dir = folder("no-tables");
    let out = daba(&[
        "analyse",
        "--fen",
        fen,
        "--nodes",
        "100",
        "--syzygy",
        &dir.to_string_lossy(),
    ]);
    assert_ne!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("--syzygy"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
