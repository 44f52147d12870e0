//! `daba serve`: a local chess page for beginners and friends.
//!
//! An HTTP server (axum on tokio, kept in this crate so that neither ever
//! enters the engine's build) serves one page, embedded in the binary, and a
//! small JSON API. The rules come from `movegen` and the engine's game
//! history (`game`), the computer's moves from the engine's search
//! (`computer`); the page draws what the API says and holds no chess rules
//! of its own. `server` keeps the games and their bounds, `store` keeps
//! them in a database (SQLite in a file, or PostgreSQL), `api` speaks HTTP,
//! `clock` keeps real-time and correspondence clocks (pure logic), `events`
//! joins the instances of a site on one PostgreSQL, `presence` says who is
//! online on all of them, `review` analyses finished games, `tables` keeps
//! the tables for four (four-handed team chess, on the `fourhand` crate's
//! rules).

pub mod accounts;
pub mod api;
pub mod clock;
pub mod computer;
pub mod events;
pub mod game;
pub mod limits;
pub mod lobby;
pub mod locale;
pub mod notice;
pub mod page;
pub mod pgn;
pub mod presence;
pub mod ratings;
pub mod review;
pub mod secrets;
pub mod server;
pub mod store;
pub mod tables;

pub use api::router;
pub use server::{Config, Server};

use clap::Args;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// `daba serve` arguments.
#[derive(Args, Clone, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: a free one; the address is printed)
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on: 127.0.0.1 keeps the page to this computer, 0.0.0.0 opens it to the network
    #[arg(long, value_name = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// Start every computer move with an empty hash table and histories (by default a game keeps
    /// them between its moves, as a UCI engine does within a game)
    #[arg(long)]
    pub fresh_hash: bool,
    /// Directory of the games' database (daba.sqlite, created if missing); default: the platform's
    /// data directory ($XDG_DATA_HOME/daba, ~/.local/share/daba, ...)
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Keep the games in this database instead, e.g. postgres://user:password@host/daba (several
    /// instances on one PostgreSQL serve one site), or sqlite://FILE?mode=rwc
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Mark the session cookie Secure (HTTPS only): for a server behind an HTTPS proxy
    #[arg(long)]
    pub secure_cookies: bool,
    /// The server is behind a reverse proxy: trust its X-Forwarded-For (the client's address, for
    /// the sign-in limits), X-Forwarded-Proto and X-Forwarded-Host headers
    #[arg(long)]
    pub behind_proxy: bool,
    /// Games held in memory at once (all stay in the database); a new game needs room, so this
    /// also bounds the games going at once (more are refused with 503)
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_games: usize,
    /// Long polls (a page waiting for the other side's move) held open at once; more are
    /// answered at once and the page asks again, so set it above twice the games going
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub max_waiters: usize,
    /// Computer searches running at once (more wait their turn); each takes a core while it runs
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub max_searches: usize,
    /// Tables for four held in memory at once (all stay in the database); a new table needs room,
    /// so this also bounds the tables going at once (more are refused with 503)
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_tables: usize,
}

/// The platform's directory for Daba's data: `$XDG_DATA_HOME/daba` or
/// `~/.local/share/daba` (Unix), `~/Library/Application Support/daba`
/// (macOS), `%APPDATA%\daba` (Windows).
pub fn default_data_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library").join("Application Support"))
    } else {
        var("XDG_DATA_HOME")
            .filter(|p| p.is_absolute())
            .or_else(|| var("HOME").map(|h| h.join(".local").join("share")))
    };
    base.map(|b| b.join("daba"))
}

/// The database URL `daba serve` uses: `--database`, else `daba.sqlite` in
/// `--data-dir` or the platform's data directory (created if missing).
pub fn database_url(args: &ServeArgs) -> Result<String, String> {
    if let Some(url) = &args.database {
        return Ok(url.clone());
    }
    let dir = match &args.data_dir {
        Some(d) => d.clone(),
        None => {
            default_data_dir().ok_or("no data directory is known here (HOME is not set); give --data-dir")?
        }
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("cannot create the data directory {}: {e}", dir.display()))?;
    Ok(store::sqlite_url(&dir.join("daba.sqlite")))
}

/// Runs the server until the process is stopped; returns the exit code (1
/// when it cannot listen).
pub fn run_cli(args: &ServeArgs) -> i32 {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("daba serve: cannot start the server: {e}");
            return 1;
        }
    };
    let database = match database_url(args) {
        Ok(url) => url,
        Err(e) => {
            eprintln!("daba serve: {e}");
            return 1;
        }
    };
    runtime.block_on(async {
        let listener = match tokio::net::TcpListener::bind((args.host.as_str(), args.port)).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("daba serve: cannot listen on {}:{}: {e}", args.host, args.port);
                return 1;
            }
        };
        let address = listener
            .local_addr()
            .map_or_else(|_| format!("{}:{}", args.host, args.port), |a| a.to_string());
        let local_only = listener.local_addr().is_ok_and(|a| a.ip().is_loopback());
        let server = match Server::new(Config {
            local_only,
            keep_hash: !args.fresh_hash,
            database: database.clone(),
            secure_cookies: args.secure_cookies,
            behind_proxy: args.behind_proxy,
            max_games: args.max_games.max(1),
            max_waiters: args.max_waiters,
            max_searches: args.max_searches.max(1),
            max_tables: args.max_tables.max(1),
            ..Config::default()
        })
        .await
        {
            Ok(s) => s,
            Err(e) => {
                eprintln!("daba serve: {e}");
                return 1;
            }
        };
        println!("Daba's chess page: http://{address}/ (Ctrl-C stops the server)");
        // The lines after the address are for a person: one who reads only
        // the address (a test, a script) may have closed the pipe by now.
        let mut out = std::io::stdout();
        if !local_only {
            let _ = writeln!(out, "Note: other computers on the network can open it too.");
        }
        let _ = writeln!(out, "Games are kept in {}", shown(&database));
        let _ = out.flush();
        let sweeper = server.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                sweeper.sweep();
                sweeper.accounts().sweep_if_due().await;
            }
        });
        let app = router(server).into_make_service_with_connect_info::<std::net::SocketAddr>();
        match axum::serve(listener, app).await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("daba serve: {e}");
                1
            }
        }
    })
}

/// A database URL as it may be printed: without its password.
fn shown(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.find(':') {
                Some(colon) => format!(
                    "{}{}:***{}",
                    &url[..scheme + 3],
                    &credentials[..colon],
                    &url[at..]
                ),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}
