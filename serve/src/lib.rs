//! `daba serve`: a local chess page for beginners and friends.
//!
//! An HTTP server (axum on tokio, kept in this crate so that neither ever
//! enters the engine's build) serves one page, embedded in the binary, and a
//! small JSON API. The rules come from `movegen` and the engine's game
//! history (`game`), the computer's moves from the engine's search
//! (`computer`); the page draws what the API says and holds no chess rules
//! of its own. `server` keeps the games and their bounds, `api` speaks HTTP.

pub mod api;
pub mod computer;
pub mod game;
pub mod page;
pub mod pgn;
pub mod server;

pub use api::router;
pub use server::{Config, Server};

use clap::Args;
use std::time::Duration;

/// `daba serve` arguments.
#[derive(Args, Clone, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed)
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on: 127.0.0.1 keeps the page to this computer, 0.0.0.0 opens it to the network
    #[arg(long, value_name = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// Start every computer move with an empty hash table and histories (by default a game keeps
    /// them between its moves, as a UCI engine does within a game)
    #[arg(long)]
    pub fresh_hash: bool,
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
        println!("Daba's chess page: http://{address}/ (Ctrl-C stops the server)");
        let local_only = listener.local_addr().is_ok_and(|a| a.ip().is_loopback());
        if !local_only {
            println!("Note: other computers on the network can open it too.");
        }
        let server = Server::new(Config {
            local_only,
            keep_hash: !args.fresh_hash,
            ..Config::default()
        });
        let sweeper = server.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                sweeper.sweep();
            }
        });
        match axum::serve(listener, router(server)).await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("daba serve: {e}");
                1
            }
        }
    })
}
