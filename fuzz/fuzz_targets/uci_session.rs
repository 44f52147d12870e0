//! A whole UCI session in process: every line of the input goes through the
//! engine's command handler, with tiny search limits. Whatever the lines say,
//! the handler must not panic, and `quit` must end any search.
#![no_main]

use engine::uci::command::{self, Command};
use engine::uci::Uci;
use libfuzzer_sys::fuzz_target;

/// The line as the harness hands it on, or `None` for lines that are only
/// parsed: those that would run for seconds (bench, perft) or take a lot of
/// memory or threads. The decision is made on the parsed command, as the
/// handler sees it: the protocol lets junk come before a command, so a line
/// like `xyz bench` runs a bench (the first hour-long run spent most of its
/// time in such benches). Every search gets a small node limit (`go infinite`
/// and `go ponder` still wait for `stop`: the next command or the final
/// `quit` ends them, as in a real session).
fn tame(line: &str) -> Option<String> {
    let number = |value: &Option<String>| value.as_deref().and_then(|v| v.trim().parse::<i64>().ok());
    match command::parse(line) {
        Ok(Some(Command::Bench(_))) => None,
        Ok(Some(Command::Go(go))) if go.perft.is_some() => None,
        Ok(Some(Command::Go(_))) => Some(format!("{line} nodes 2000")),
        Ok(Some(Command::SetOption { name, value }))
            if name.trim().eq_ignore_ascii_case("Hash") && number(&value).is_some_and(|mb| mb > 8)
                || name.trim().eq_ignore_ascii_case("Threads") && number(&value).is_some_and(|n| n > 2) =>
        {
            None
        }
        _ => Some(line.to_string()),
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut uci = Uci::new();
    uci.handle_line("setoption name Hash value 1");
    for line in text.lines().take(64) {
        if let Some(line) = tame(line) {
            if !uci.handle_line(&line) {
                break;
            }
        }
    }
    uci.quit();
});
