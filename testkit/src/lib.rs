//! What the workspace's tests share: the rule for a test that cannot run
//! here because something outside the repository is missing (python-chess,
//! a Debian package, a PostgreSQL server).
//!
//! Such a test says so loudly (`SKIPPED <test>: <reason>` on stderr) and
//! returns, so that `cargo test` passes on a machine without the extra, but
//! nobody mistakes the pass for a run. With [`REQUIRE_ALL`] set (CI sets it),
//! a skip is a failure instead: CI cannot go green with a test left out.

#![deny(missing_docs)]

/// The environment variable that turns every skip into a failure.
pub const REQUIRE_ALL: &str = "DABA_REQUIRE_ALL";

/// True when [`REQUIRE_ALL`] is set to anything but empty or `0`.
pub fn all_required() -> bool {
    std::env::var(REQUIRE_ALL).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The test `test` cannot run for `reason`: says so, or fails when every
/// test is required. The caller returns after it.
///
/// # Panics
///
/// When [`REQUIRE_ALL`] is set.
pub fn skip(test: &str, reason: &str) {
    if all_required() {
        panic!("{test} cannot run: {reason} ({REQUIRE_ALL} is set, so a skip is a failure)");
    }
    eprintln!("SKIPPED {test}: {reason}");
}
