//! A whole UCI session in process: every line of the input goes through the
//! engine's command handler, with tiny search limits. Whatever the lines say,
//! the handler must not panic, and `quit` must end any search.
#![no_main]

use engine::uci::{command, Uci};
use libfuzzer_sys::fuzz_target;

/// The line as the harness hands it on, or `None` for lines that are only
/// parsed: those that would run for seconds (bench, deep perft) or take a lot
/// of memory or threads. Every search gets a small node limit (`go infinite`
/// and `go ponder` still wait for `stop`: the next command or the final
/// `quit` ends them, as in a real session).
fn tame(line: &str) -> Option<String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let number_after = |key: &str| {
        tokens
            .iter()
            .position(|t| t.eq_ignore_ascii_case(key))
            .and_then(|i| tokens.get(i + 2))
            .and_then(|v| v.parse::<i64>().ok())
    };
    match tokens.first().copied() {
        Some("bench") => None,
        Some("go") if tokens.contains(&"perft") => None,
        Some("go") => Some(format!("{line} nodes 2000")),
        Some("setoption") if number_after("Hash").is_some_and(|mb| mb > 8) => None,
        Some("setoption") if number_after("Threads").is_some_and(|n| n > 2) => None,
        _ => Some(line.to_string()),
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut uci = Uci::new();
    uci.handle_line("setoption name Hash value 1");
    for line in text.lines().take(64) {
        let _ = command::parse(line);
        if let Some(line) = tame(line) {
            if !uci.handle_line(&line) {
                break;
            }
        }
    }
    uci.quit();
});
