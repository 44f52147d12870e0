//! Reads the resolved versions of the compared crates from Cargo.lock so the
//! table always names the versions that were actually built.

use std::{env, fs, path::Path};

const CRATES: [(&str, &str); 4] = [
    ("movegen", "PEERS_VERSION_MOVEGEN"),
    ("chess", "PEERS_VERSION_CHESS"),
    ("cozy-chess", "PEERS_VERSION_COZY_CHESS"),
    ("shakmaty", "PEERS_VERSION_SHAKMATY"),
];

fn main() {
    let dir = env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR is set by cargo");
    let lock_path = Path::new(&dir).join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTFLAGS");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    let lock = fs::read_to_string(&lock_path).unwrap_or_default();

    for (name, var) in CRATES {
        let version = lock_version(&lock, name).unwrap_or_else(|| "?".to_string());
        println!("cargo:rustc-env={var}={version}");
    }
    // Flags the binary was compiled with, for the report header.
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS")
        .map(|f| f.split('\x1f').collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    println!("cargo:rustc-env=PEERS_RUSTFLAGS={flags}");
}

/// Version of the first `[[package]]` entry called `name` in a Cargo.lock.
fn lock_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            let next = lines.next()?.trim();
            let v = next.strip_prefix("version = \"")?.strip_suffix('"')?;
            return Some(v.to_string());
        }
    }
    None
}
