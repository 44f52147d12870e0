//! `daba serve` as a person starts it: the real binary on a free port, the
//! page and the API over TCP (the API in depth: serve/tests/api.rs; in a
//! browser: serve/e2e/).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Kills the server when the test ends, even on a failed assertion.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A temporary data directory for the server's database (never the
/// user's own), removed when dropped.
struct DataDir(std::path::PathBuf);

impl DataDir {
    fn new(name: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!("daba-serve-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        DataDir(dir)
    }

    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts `daba serve --port 0` on `data`; the server and its address.
fn start(data: &DataDir) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_daba"))
        .args(["serve", "--port", "0", "--data-dir", data.arg()])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start daba serve");
    let stdout = child.stdout.take().unwrap();
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    assert!(line.starts_with("Daba's chess page: http://127.0.0.1:"), "{line}");
    let address = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap()
        .to_string();
    (server, address)
}

/// One HTTP/1.1 request; the whole answer, headers included.
fn request(address: &str, head: &str, body: &str) -> String {
    request_as(address, head, body, None)
}

/// One HTTP/1.1 request naming a seat by its token (`X-Daba-Token`).
fn request_as(address: &str, head: &str, body: &str, token: Option<&str>) -> String {
    let mut stream = TcpStream::connect(address).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let seat = token.map_or(String::new(), |t| format!("X-Daba-Token: {t}\r\n"));
    write!(
        stream,
        "{head} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n{seat}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read the answer");
    answer
}

#[test]
fn serve_prints_its_address_and_serves_the_page_and_the_api() {
    let data = DataDir::new("page");
    let (_server, address) = start(&data);

    let page = request(&address, "GET /", "");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    let lower = page.to_ascii_lowercase();
    assert!(
        lower.contains("content-security-policy: default-src 'none'"),
        "{page}"
    );
    assert!(lower.contains("content-type: text/html"), "{page}");
    assert!(page.contains(">Daba chess</title>"), "{page}");

    let created = request(&address, "POST /api/games", r#"{"mode": "local"}"#);
    assert!(created.starts_with("HTTP/1.1 201"), "{created}");
    assert!(created.contains(r#""legal":[{"#), "{created}");
    let bad = request(&address, "POST /api/games", r#"{"mode": "local", "fen": "no"}"#);
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    assert!(bad.contains(r#"{"error":"invalid FEN: "#), "{bad}");
}

#[test]
fn serve_on_a_taken_port_fails_with_a_message() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_daba"))
        .args([
            "serve",
            "--port",
            &port,
            "--data-dir",
            DataDir::new("taken").arg(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("daba serve: cannot listen on 127.0.0.1:"), "{err}");
}

#[test]
fn a_game_survives_killing_the_server() {
    let data = DataDir::new("restart");
    let (server, address) = start(&data);
    let created = request(&address, "POST /api/games", r#"{"mode": "local"}"#);
    let body = &created[created.find("\r\n\r\n").unwrap() + 4..];
    let field = |name: &str| {
        let at = body.find(&format!("\"{name}\":\"")).unwrap() + name.len() + 4;
        body[at..at + 32].to_string()
    };
    let (id, token) = (field("id"), field("token"));
    let moved = request(
        &address,
        &format!("POST /api/games/{id}/move"),
        &format!(r#"{{"token": "{token}", "san": "e4"}}"#),
    );
    assert!(moved.starts_with("HTTP/1.1 200"), "{moved}");
    drop(server); // SIGKILL
    assert!(data.0.join("daba.sqlite").exists());

    let (_server, address) = start(&data);
    let game = request(&address, &format!("GET /api/games/{id}"), "");
    assert!(game.starts_with("HTTP/1.1 200"), "{game}");
    assert!(game.contains(r#""san":"e4""#), "{game}");
    let moved = request(
        &address,
        &format!("POST /api/games/{id}/move"),
        &format!(r#"{{"token": "{token}", "san": "e5"}}"#),
    );
    assert!(moved.starts_with("HTTP/1.1 200"), "{moved}");
}

/// The JSON body of an answer.
fn json_body(answer: &str) -> serde_json::Value {
    let body = &answer[answer.find("\r\n\r\n").expect("a body") + 4..];
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"))
}

/// A friend game with a clock, joined and played a little: (id, white's
/// token, black's token).
fn clocked_game(address: &str, control: &str, moves: &[&str]) -> (String, String, String) {
    let created = json_body(&request(
        address,
        "POST /api/games",
        &format!(
            r#"{{"mode": "friend", "color": "white", "time_control": "{control}", "fifty_move_rule": false}}"#
        ),
    ));
    let id = created["id"].as_str().unwrap().to_string();
    let white = created["token"].as_str().unwrap().to_string();
    let joined = json_body(&request(address, &format!("POST /api/games/{id}/join"), "{}"));
    let black = joined["token"].as_str().unwrap().to_string();
    for (i, san) in moves.iter().enumerate() {
        let token = if i % 2 == 0 { &white } else { &black };
        let moved = request(
            address,
            &format!("POST /api/games/{id}/move"),
            &format!(r#"{{"token": "{token}", "san": "{san}"}}"#),
        );
        assert!(moved.starts_with("HTTP/1.1 200"), "{moved}");
    }
    let chat = request(
        address,
        &format!("POST /api/games/{id}/chat"),
        &format!(r#"{{"token": "{black}", "text": "still there after a crash?"}}"#),
    );
    assert!(chat.starts_with("HTTP/1.1 200"), "{chat}");
    (id, white, black)
}

#[test]
fn clocks_seats_and_chat_survive_killing_the_server() {
    let data = DataDir::new("clocks");
    let (server, address) = start(&data);
    let (live, live_white, live_black) = clocked_game(&address, "10+5", &["e4", "e5", "Nf3"]);
    let (corr, corr_white, corr_black) = clocked_game(&address, "3d", &["d4", "d5"]);
    let before = json_body(&request_as(
        &address,
        &format!("GET /api/games/{live}"),
        "",
        Some(&live_black),
    ));
    assert_eq!(before["clock"]["running"], true);
    drop(server); // SIGKILL, with Black's clock running
    let (_server, address) = start(&data);

    let after = json_body(&request_as(
        &address,
        &format!("GET /api/games/{live}"),
        "",
        Some(&live_black),
    ));
    assert_eq!(after["moves"].as_array().unwrap().len(), 3);
    assert_eq!(after["you"], "black", "the seat's token still names it");
    assert_eq!(after["chat"][0]["text"], "still there after a crash?");
    assert_eq!(after["time_control"], "10+5");
    assert_eq!(after["clock"]["turn"], "black");
    assert_eq!(
        after["clock"]["running"], true,
        "the clock runs on: the server's time is the truth"
    );
    // White's time was kept exactly; Black's kept running through the restart.
    assert_eq!(after["clock"]["white_ms"], before["clock"]["white_ms"]);
    assert!(after["clock"]["black_ms"].as_i64() <= before["clock"]["black_ms"].as_i64());
    let moved = request(
        &address,
        &format!("POST /api/games/{live}/move"),
        &format!(r#"{{"token": "{live_black}", "san": "Nc6"}}"#),
    );
    assert!(moved.starts_with("HTTP/1.1 200"), "{moved}");
    let wrong = request(
        &address,
        &format!("POST /api/games/{live}/move"),
        &format!(r#"{{"token": "{live_black}", "san": "a6"}}"#),
    );
    assert!(wrong.starts_with("HTTP/1.1 409"), "not Black's turn: {wrong}");
    let _ = live_white;

    let corr_state = json_body(&request_as(
        &address,
        &format!("GET /api/games/{corr}"),
        "",
        Some(&corr_white),
    ));
    assert_eq!(corr_state["clock"]["kind"], "correspondence");
    assert_eq!(corr_state["fifty_move_rule"], false);
    assert_eq!(corr_state["you"], "white");
    assert_eq!(corr_state["chat"][0]["from"], "black");
    let moved = request(
        &address,
        &format!("POST /api/games/{corr}/move"),
        &format!(r#"{{"token": "{corr_white}", "san": "c4"}}"#),
    );
    assert!(moved.starts_with("HTTP/1.1 200"), "{moved}");
    let _ = corr_black;
}
