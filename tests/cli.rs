//! End-to-end tests of the command line: `--help`, `--version`, wrong
//! arguments, the no-argument UCI start, `bench`'s last line, OpenBench's
//! UCI-line arguments, the shell completions, `daba fourhand perft` and
//! `daba fourhand play`, and
//! the README's copy of `daba --help`.

use crate::common::{Engine, TIMEOUT};
use std::process::{Command, Output, Stdio};

/// Runs `daba` with `args`, stdin empty, help laid out for 100 columns and
/// without colours, whatever the environment of the test says.
fn daba(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_daba"))
        .args(args)
        .env("COLUMNS", "100")
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null())
        .output()
        .expect("daba runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 output")
}

/// Every subcommand with the flags (or, for arguments, the value names) its
/// `--help` must list.
const COMMANDS: &[(&str, &[&str])] = &[
    ("uci", &[]),
    (
        "analyse",
        &[
            "[FILE]",
            "--fen <FEN>",
            "--depth <N>",
            "--nodes <N>",
            "--movetime <MS>",
            "--multipv <N>",
            "--threads <N>",
            "--hash <MB>",
            "--out <FILE>",
            "--svg <DIR>",
            "--json",
            "--from-move <N>",
            "--to-move <N>",
            "--side <SIDE>",
            "--eval-file <FILE>",
            "[default: 1]",
            "[default: 256]",
            "docs/analyse.md",
        ],
    ),
    ("bench", &["--depth <N>", "[DEPTH]"]),
    ("perft", &["<DEPTH>", "[FEN]"]),
    ("genfens", &["<COUNT>", "--seed <N>", "--book <FILE>"]),
    (
        "datagen",
        &[
            "--games <N>",
            "--nodes <N>",
            "--threads <N>",
            "--seed <N>",
            "--book <FILE>",
            "--random-plies <N>",
            "--out <FILE>",
            "--eval-file <FILE>",
        ],
    ),
    (
        "convert-data",
        &[
            "--in <FILE>",
            "--out <FILE>",
            "--quiet",
            "--no-check",
            "--no-noisy",
            "--no-mates",
            "--max-score <N>",
            "--min-ply <N>",
        ],
    ),
    (
        "train",
        &[
            "--data <FILE>",
            "--no-filter",
            "--max-positions <N>",
            "--val-every <K>",
            "--quiet",
            "--no-check",
            "--no-noisy",
            "--no-mates",
            "--max-score <N>",
            "--min-ply <N>",
            "--hidden <N>",
            "--buckets <N>",
            "--activation <NAME>",
            "--epochs <N>",
            "--batch <N>",
            "--lr <X>",
            "--lr-end <X>",
            "--warmup <STEPS>",
            "--wd <X>",
            "--beta1 <X>",
            "--beta2 <X>",
            "--lambda <X>",
            "--scale <N>",
            "--seed <N>",
            "--threads <N>",
            "--out <FILE>",
            "[alias: --net]",
            "--qa <N>",
            "--qb <N>",
            "--checkpoint <FILE>",
            "--resume",
            "--stop-after <E>",
            "--svg <FILE>",
            "--name <TEXT>",
            "--export-only",
        ],
    ),
    (
        "tune",
        &[
            "--data <FILE>",
            "--epochs <N>",
            "--lr <X>",
            "--min-count <N>",
            "--out <FILE>",
            "--threads <N>",
        ],
    ),
    (
        "serve",
        &[
            "--port <PORT>",
            "--host <HOST>",
            "[default: 8080]",
            "[default: 127.0.0.1]",
            "--max-games <N>",
            "--max-waiters <N>",
            "--max-searches <N>",
        ],
    ),
    ("completions", &["<SHELL>", "bash", "zsh", "fish"]),
    ("fourhand", &["perft", "play", "docs/fourhand.md"]),
];

#[test]
fn help_lists_every_command() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = daba(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = stdout(&out);
        assert!(text.starts_with("Daba, a chess engine that speaks UCI"), "{text}");
        assert!(text.contains("Usage: daba [COMMAND]"), "{text}");
        for (name, _) in COMMANDS {
            assert!(
                text.lines()
                    .any(|l| l.trim_start().starts_with(&format!("{name} "))),
                "{name} missing from daba {args:?}:\n{text}"
            );
        }
        assert!(
            text.contains("daba \"genfens 10 seed 1 book None\" \"quit\""),
            "{text}"
        );
    }
}

#[test]
fn every_command_has_help_listing_its_flags() {
    for (name, flags) in COMMANDS {
        for out in [daba(&[name, "--help"]), daba(&["help", name])] {
            assert_eq!(out.status.code(), Some(0), "daba {name} --help: {}", stderr(&out));
            let text = stdout(&out);
            assert!(text.contains(&format!("Usage: daba {name}")), "{text}");
            for flag in *flags {
                assert!(text.contains(flag), "daba {name} --help lacks {flag}:\n{text}");
            }
        }
    }
    // Defaults are shown.
    let datagen = stdout(&daba(&["datagen", "--help"]));
    for default in [
        "[default: 1000]",
        "[default: 2500]",
        "[default: datagen.bin]",
        "every core",
    ] {
        assert!(datagen.contains(default), "{default}:\n{datagen}");
    }
    let train = stdout(&daba(&["train", "--help"]));
    for default in [
        "[default: 256]",
        "[default: screlu]",
        "[default: daba.nnue]",
        "[default: auto]",
    ] {
        assert!(train.contains(default), "{default}:\n{train}");
    }
}

#[test]
fn version_names_the_commit() {
    for flag in ["--version", "-V"] {
        let out = daba(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        let text = stdout(&out);
        let line = text.trim_end();
        let commit = line
            .strip_prefix(concat!("daba ", env!("CARGO_PKG_VERSION"), " (commit "))
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap_or_else(|| panic!("unexpected version line '{line}'"));
        let hash = commit.strip_suffix("-dirty").unwrap_or(commit);
        if hash == "unknown" {
            // Built without git (a source tarball): nothing more to check.
            continue;
        }
        assert!(
            hash.len() >= 7 && hash.chars().all(|c| c.is_ascii_hexdigit()),
            "'{hash}' is not a commit hash"
        );
        // When git is at hand, the hash is a commit of this repository.
        let known = Command::new("git")
            .args(["cat-file", "-e", &format!("{hash}^{{commit}}")])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stderr(Stdio::null())
            .status();
        if let Ok(status) = known {
            assert!(status.success(), "{hash} is not a commit of this repository");
        }
    }
}

#[test]
fn wrong_arguments_exit_2_with_a_message() {
    for (args, says) in [
        (&["--bogus"][..], "unexpected argument '--bogus'"),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (
            &["datagen", "--gmaes", "5"],
            "a similar argument exists: '--games'",
        ),
        (&["datagen", "--threads", "0"], "--threads"),
        (&["datagen", "--nodes", "many"], "--nodes"),
        (
            &["datagen", "--book", "/nonexistent/book.epd"],
            "/nonexistent/book.epd",
        ),
        (&["bench", "x"], "invalid value 'x'"),
        (&["bench", "5", "--depth", "6"], "cannot be used with"),
        (&["perft"], "<DEPTH>"),
        (&["fourhand"], "perft"),
        (&["fourhand", "perft"], "<DEPTH>"),
        (&["fourhand", "perft", "x"], "invalid value 'x'"),
        (&["fourhand", "perft", "2", "not a position"], "invalid position"),
        (&["fourhand", "play", "--levels", "1,2,3"], "3 levels given"),
        (
            &["fourhand", "play", "--levels", "4,11,4,4"],
            "level 11 is above the highest, 10",
        ),
        (&["fourhand", "play", "--levels", "x"], "'x' is not a level"),
        (&["fourhand", "play", "--nodes", "0"], "--nodes"),
        (&["fourhand", "play", "--seed", "-1"], "--seed"),
        (&["fourhand", "play", "not a position"], "invalid position"),
        (
            &["fourhand", "play", "--rules", "promotion=rook"],
            "queen, choice",
        ),
        (
            &["fourhand", "perft", "1", "--rules", "castling=on"],
            "no setting is called",
        ),
        (
            &[
                "fourhand",
                "perft",
                "2",
                "___3nK4___/___8___/___8___/14/6wK7/7sK6/14/13eK/14/14/14/___8___/___8___/___8___ S - 0 1",
            ],
            "kings on",
        ),
        (&["convert-data", "--in", "a"], "--out <FILE>"),
        (&["train"], "--data <FILE>"),
        (&["train", "--data", "a", "--lambda", "2"], "--lambda"),
        (&["train", "--data", "a", "--hidden", "100"], "hidden size 100"),
        (&["tune", "--data", "x", "--lr", "fast"], "--lr"),
        (&["completions", "tcsh"], "possible values"),
        (&["analyse"], "<FILE>"),
        (
            &["analyse", "g.pgn", "--side", "both"],
            "possible values: white, black",
        ),
        (
            &["analyse", "g.pgn", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
            "cannot be used with",
        ),
    ] {
        let out = daba(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "daba {args:?}: {err}");
        assert!(err.contains(says), "daba {args:?}: '{says}' not in:\n{err}");
        assert!(out.stdout.is_empty(), "daba {args:?} wrote to stdout");
    }
}

#[test]
fn no_arguments_start_the_uci_engine() {
    for args in [&[][..], &["uci"]] {
        let mut e = Engine::start_with_args(args);
        e.send("uci");
        let lines = e.read_until(|l| l == "uciok", TIMEOUT);
        assert!(lines.iter().any(|l| l.starts_with("id name Daba")), "{lines:?}");
        e.sync();
        e.send("quit");
        assert!(e.wait_exit(TIMEOUT), "daba {args:?} did not quit");
    }
}

/// `daba bench`'s last line is `<nodes> nodes <nps> nps`, which OpenBench and
/// scripts/check_bench.sh read; `bench N` and `bench --depth N` are the same.
#[test]
fn bench_ends_with_nodes_and_nps() {
    let nodes = |args: &[&str]| {
        let out = daba(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = stdout(&out);
        let last = text.lines().last().unwrap_or_default().to_string();
        let words: Vec<&str> = last.split(' ').collect();
        assert!(
            words.len() == 4 && words[1] == "nodes" && words[3] == "nps" && words[2].parse::<u64>().is_ok(),
            "last line '{last}'"
        );
        words[0].parse::<u64>().expect("a node count")
    };
    let three = nodes(&["bench", "3"]);
    assert!(three > 0);
    assert_eq!(nodes(&["bench", "--depth", "3"]), three);
    // The plain form OpenBench runs, at the default depth (slow unoptimised).
    if !cfg!(debug_assertions) {
        assert!(nodes(&["bench"]) > three);
    }
}

/// `daba fourhand perft`: a `<ply>: <count>` line per root ply, a blank
/// line and the total, for the start position or a position string given as
/// one argument or as its five words.
#[test]
fn fourhand_perft_divides_and_totals() {
    let out = daba(&["fourhand", "perft", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 14, "{text}");
    assert!(lines.contains(&"j1k3: 144"), "{text}");
    assert_eq!(lines[12], "");
    assert_eq!(lines[13], "Nodes searched: 1728");
    let sum: u64 = lines[..12]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1728);

    // T7: South is mated; its only ply is `(mated)`.
    let t7 = "___8___/___8___/___4nK3___/14/14/7sK6/wK13/13eK/14/14/7eR6/___8___/___8___/___8___ S - 0 1";
    let one = daba(&["fourhand", "perft", "1", t7]);
    let words: Vec<&str> = t7.split(' ').collect();
    let mut args = vec!["fourhand", "perft", "1"];
    args.extend(words);
    let split = daba(&args);
    for out in [one, split] {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), "(mated): 1\n\nNodes searched: 1\n");
    }
}

/// `daba fourhand perft --rules`: T8 of docs/fourhand.md from the command
/// line; South's bishop may not add an attacker of North's king, already in
/// check, under the strict default (A12), and has 16 moves under
/// `partner-king=simple`.
#[test]
fn fourhand_perft_reads_the_rule_settings() {
    let t8 =
        "___8___/___8___/___1wQ2nK3___/14/14/7sB6/wK13/13eK/14/14/7eR6/___8___/___8___/___sK7___ S - 0 1";
    let bishop_moves = |extra: &[&str]| {
        let mut args = vec!["fourhand", "perft", "1"];
        args.extend(extra);
        args.push(t8);
        let out = daba(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        stdout(&out).lines().filter(|l| l.starts_with("h9")).count()
    };
    assert_eq!(bishop_moves(&[]), 0);
    assert_eq!(bishop_moves(&["--rules", "partner-king=simple"]), 16);
}

/// `daba fourhand play`: the record in the notation of docs/fourhand.md (a
/// numbered line per round, plies in seat order) and the result; the same
/// seed gives the same game; its help names the flags.
#[test]
fn fourhand_play_prints_the_record_and_result() {
    let help = stdout(&daba(&["fourhand", "play", "--help"]));
    for flag in [
        "--levels <S,W,N,E>",
        "--nodes <N>",
        "--movetime <MS>",
        "--seed <N>",
        "--max-plies <N>",
        "[POSITION]",
    ] {
        assert!(help.contains(flag), "{flag}:\n{help}");
    }
    let args = ["fourhand", "play", "--levels", "3,0,3,0", "--seed", "5"];
    let out = daba(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("1. S: "), "{text}");
    assert!(
        text.contains("  W: ") && text.contains("  N: ") && text.contains("  E: "),
        "{text}"
    );
    assert!(text.trim_end().ends_with("Result: SN wins"), "{text}");
    assert_eq!(stdout(&daba(&args)), text, "the same seed, the same game");

    // A ply cap leaves the game unfinished; a position may be given.
    let capped = stdout(&daba(&["fourhand", "play", "--levels", "0", "--max-plies", "6"]));
    assert!(
        capped.starts_with("1. S: ") && capped.contains("\n2. S: "),
        "{capped}"
    );
    assert!(
        capped.trim_end().ends_with("Result: unfinished after 6 plies"),
        "{capped}"
    );
    let t7 = "___8___/___8___/___4nK3___/14/14/7sK6/wK13/13eK/14/14/7eR6/___8___/___8___/___8___ S - 0 1";
    let mated = stdout(&daba(&["fourhand", "play", "--max-plies", "1", t7]));
    assert_eq!(mated, "1. S:(mated)\n\nResult: unfinished after 1 plies\n");
}

#[test]
fn arguments_with_spaces_are_uci_lines() {
    let lines = |out: &Output| -> Vec<String> {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
        stdout(out).lines().map(String::from).collect()
    };
    let openbench = lines(&daba(&["genfens 4 seed 7 book None", "quit"]));
    assert_eq!(openbench.len(), 4, "{openbench:?}");
    for line in &openbench {
        let fen = line.strip_prefix("info string genfens ").expect(line);
        assert_eq!(fen.split(' ').count(), 6, "{fen}");
    }
    assert_eq!(lines(&daba(&["genfens", "4", "--seed", "7"])), openbench);
    assert_eq!(
        lines(&daba(&["genfens", "4", "--seed", "7", "--book", "None"])),
        openbench
    );

    // Any UCI line works, and the lines run in order.
    let out = lines(&daba(&["position startpos moves e2e4", "d", "quit"]));
    assert!(out.iter().any(|l| l.contains("4P3")), "{out:?}");
}

#[test]
fn completions_for_bash_zsh_and_fish() {
    for shell in ["bash", "zsh", "fish"] {
        let out = daba(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        for word in ["daba", "datagen", "convert-data", "random-plies", "eval-file"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
    }
}

/// The README's usage section is `daba --help`, verbatim, between its
/// markers. `UPDATE_README=1` rewrites it instead of failing.
#[test]
fn readme_shows_the_real_help() {
    const BEGIN: &str = "<!-- daba --help: begin -->\n";
    const END: &str = "<!-- daba --help: end -->\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let start = readme.find(BEGIN).expect("the README has the begin marker") + BEGIN.len();
    let end = start + readme[start..].find(END).expect("the README has the end marker");
    let help = stdout(&daba(&["--help"]));
    let expected = format!("```text\n{help}```\n");
    if readme[start..end] != expected {
        if std::env::var_os("UPDATE_README").is_some() {
            let updated = format!("{}{expected}{}", &readme[..start], &readme[end..]);
            std::fs::write(&path, updated).expect("README.md written");
        } else {
            panic!(
                "README.md's usage section differs from `daba --help`; \
                 run `UPDATE_README=1 cargo test --release --test integration cli` to update it.\n\
                 daba --help:\n{help}"
            );
        }
    }
}
