//! The `daba` binary's end-to-end tests, one test binary with a module for
//! each file: linked once instead of fourteen times, which takes minutes off
//! every test build. One file's tests: `cargo test --release --test
//! integration cli` (a name filter).

mod common;

#[cfg(feature = "analyse")]
mod analyse;
mod bad_input;
mod book;
// The whole command line, `daba --help` as the README shows it included.
#[cfg(all(
    feature = "analyse",
    feature = "serve",
    feature = "train",
    feature = "fourhand"
))]
mod cli;
mod draw_rules;
mod levels;
mod module_layers;
mod nnue_options;
mod perft_suites;
#[cfg(feature = "serve")]
mod same_player;
#[cfg(feature = "serve")]
mod serve;
mod syzygy;
mod uci_protocol;
mod wdl;
