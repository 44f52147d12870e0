//! The NNUE options end to end: `EvalFile` loads a net (a random but valid
//! one, written here) and the search plays with it; missing, truncated and
//! foreign files are refused with an error while the engine keeps its
//! evaluation; `Use NNUE` switches between the net and the hand-crafted
//! evaluation; `eval` shows both.

use crate::common::{bestmove, Engine};
use eval::nnue::{Activation, Network};
use std::path::PathBuf;

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("daba-nnue-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn answer(e: &mut Engine, line: &str) -> Vec<String> {
    e.send(line);
    e.send("isready");
    e.expect_prefix("readyok")
}

fn eval_lines(e: &mut Engine) -> Vec<String> {
    e.send("eval");
    e.send("isready");
    e.expect_prefix("readyok")
}

#[test]
fn eval_file_loads_a_net_and_refuses_bad_files() {
    let net = Network::random(32, 2, Activation::CReLU, 11);
    let good = temp_file("good.nnue", &net.to_bytes());
    let mut truncated_bytes = net.to_bytes();
    truncated_bytes.truncate(truncated_bytes.len() / 2);
    let truncated = temp_file("truncated.nnue", &truncated_bytes);
    let foreign = temp_file("foreign.nnue", b"not a net at all, just some text\n");

    let mut e = Engine::start();
    e.send("uci");
    let decl = e.expect_prefix("uciok");
    assert!(decl
        .iter()
        .any(|l| l.starts_with("option name EvalFile type string")));
    assert!(decl
        .iter()
        .any(|l| l.starts_with("option name Use NNUE type check")));

    let lines = answer(
        &mut e,
        &format!("setoption name EvalFile value {}", good.display()),
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string EvalFile") && l.contains("(768 -> 32) x 2 -> 1")),
        "{lines:?}"
    );
    e.send("position startpos moves e2e4 e7e5");
    let shown = eval_lines(&mut e);
    let expected = eval::nnue::evaluate(&net, &{
        let mut b = movegen::Board::startpos();
        for m in ["e2e4", "e7e5"] {
            let mv = b.parse_uci(m, false).unwrap();
            b.make_move(mv);
        }
        b
    });
    assert!(
        shown
            .iter()
            .any(|l| l.starts_with(&format!("NNUE evaluation: {expected} cp"))),
        "expected {expected}: {shown:?}"
    );
    assert!(
        shown.iter().any(|l| l == "The search uses the NNUE evaluation."),
        "{shown:?}"
    );
    let m = bestmove(&e.go("depth 6"));
    assert_ne!(m, "(none)");

    for (bad, why) in [
        (PathBuf::from("/nonexistent/daba/net.nnue"), "cannot read"),
        (truncated, ""),
        (foreign, "magic"),
    ] {
        let lines = answer(
            &mut e,
            &format!("setoption name EvalFile value {}", bad.display()),
        );
        let error = lines
            .iter()
            .find(|l| l.starts_with("info string error: EvalFile"))
            .unwrap_or_else(|| panic!("no error for {}: {lines:?}", bad.display()));
        assert!(error.contains(why), "{error}");
        assert!(error.contains(&format!("keeping {}", good.display())), "{error}");
    }
    // Still the good net, and still searching.
    let shown = eval_lines(&mut e);
    assert!(shown
        .iter()
        .any(|l| l.starts_with(&format!("NNUE evaluation: {expected} cp"))));
    assert_ne!(bestmove(&e.go("depth 5")), "(none)");

    // Off and on again.
    answer(&mut e, "setoption name Use NNUE value false");
    let shown = eval_lines(&mut e);
    assert!(
        shown
            .iter()
            .any(|l| l == "The search uses the hand-crafted evaluation."),
        "{shown:?}"
    );
    answer(&mut e, "setoption name Use NNUE value true");
    let shown = eval_lines(&mut e);
    assert!(
        shown.iter().any(|l| l == "The search uses the NNUE evaluation."),
        "{shown:?}"
    );
    // More threads get the net too.
    answer(&mut e, "setoption name Threads value 2");
    assert_ne!(bestmove(&e.go("depth 6")), "(none)");
}
