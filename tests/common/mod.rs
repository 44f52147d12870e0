//! A small harness that drives the `daba` binary over stdin/stdout with read
//! timeouts, for the end-to-end tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Generous read timeout: these tests check behaviour, not speed.
pub const TIMEOUT: Duration = Duration::from_secs(20);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Self::start_with_args(&[])
    }

    pub fn start_with_args(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_daba"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("daba starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("engine reads stdin");
        stdin.flush().unwrap();
    }

    /// Sends raw bytes (for garbage-input tests).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or None after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads until a line satisfies `pred`; returns every line read, that one last.
    pub fn read_until(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = pred(&l);
                    seen.push(l);
                    if done {
                        return seen;
                    }
                }
                None => panic!(
                    "timed out after {timeout:?} waiting for a line; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads until a line starting with `prefix`; returns all lines read.
    pub fn expect_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.read_until(|l| l.starts_with(prefix), TIMEOUT)
    }

    /// Asserts that nothing matching `pred` arrives within `wait`.
    pub fn expect_silence(&mut self, pred: impl Fn(&str) -> bool, wait: Duration) {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            if let Some(l) = self.next_line(left) {
                assert!(
                    !pred(&l),
                    "unexpected line '{l}'; transcript:\n{}",
                    self.transcript.join("\n")
                );
            }
        }
    }

    /// `isready` and wait for `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.expect_prefix("readyok")
    }

    /// Sends `go ...` and returns every line up to and including `bestmove`.
    pub fn go(&mut self, args: &str) -> Vec<String> {
        self.send(&format!("go {args}"));
        self.expect_prefix("bestmove")
    }

    /// Waits for the process to exit; true when it did within `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line.
pub fn bestmove(lines: &[String]) -> String {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove line");
    line.split_whitespace().nth(1).unwrap().to_string()
}

/// The `score ...` of the last `info` line with a score, as ("cp"|"mate", value).
pub fn last_score(lines: &[String]) -> (String, i32) {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info") && l.contains(" score ") && !l.contains("bound"))
        .expect("an info line with a score");
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let i = tokens.iter().position(|t| *t == "score").unwrap();
    (tokens[i + 1].to_string(), tokens[i + 2].parse().unwrap())
}

/// The value following `key` in an info line.
pub fn field(line: &str, key: &str) -> Option<String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let i = tokens.iter().position(|t| *t == key)?;
    tokens.get(i + 1).map(|s| s.to_string())
}

/// Sets `option` to a bad `value` and asserts the engine answers
/// `info string error: option <option> ...` before `readyok`.
pub fn expect_option_error(e: &mut Engine, option: &str, value: &str) {
    e.send(&format!("setoption name {option} value {value}"));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("info string error: option {option} "))),
        "{option} = '{value}': {lines:?}"
    );
}
