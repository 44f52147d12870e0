//! Which evaluation the search uses: the NNUE network embedded in the binary
//! (when this build has one), a network loaded with `EvalFile`, or the
//! hand-crafted evaluation. The choice is made here once and handed to every
//! search thread as an `Option<Arc<Network>>` (`None`: hand-crafted).

use eval::nnue::{NetError, Network};
use std::sync::{Arc, OnceLock};

/// The net built into this binary, if any (a file in the net format of
/// docs/nnue.md, embedded with `include_bytes!`).
const EMBEDDED_NET: Option<&[u8]> = Some(include_bytes!("../nets/daba-11.nnue"));

/// True when this build has a net built in (the default evaluation).
pub const HAS_EMBEDDED_NET: bool = EMBEDDED_NET.is_some();

/// The `EvalFile` value that names the embedded net.
pub const DEFAULT_EVAL_FILE: &str = "<default>";

/// The embedded net, parsed once. `None` when this build has none.
pub fn embedded() -> Option<Arc<Network>> {
    static NET: OnceLock<Option<Arc<Network>>> = OnceLock::new();
    NET.get_or_init(|| {
        EMBEDDED_NET.map(|bytes| {
            // The embedded file is checked by a test; a bad one is a build error.
            Arc::new(Network::from_bytes(bytes).expect("the embedded net is valid"))
        })
    })
    .clone()
}

/// Loads the net named by an `EvalFile` value: [`DEFAULT_EVAL_FILE`] (or an
/// empty value) is the embedded net, anything else a path.
pub fn load(eval_file: &str) -> Result<Arc<Network>, String> {
    let name = eval_file.trim();
    if name.is_empty() || name == DEFAULT_EVAL_FILE {
        return embedded().ok_or_else(|| "this build has no embedded net".to_string());
    }
    Network::load(name)
        .map(Arc::new)
        .map_err(|e: NetError| e.to_string())
}

/// One line describing a net, for `info string` and `eval`.
pub fn describe(net: &Network) -> String {
    format!(
        "({} -> {}) x 2 -> 1, {} output bucket(s), {:?}",
        net.feature_set().name(),
        net.hidden(),
        net.buckets(),
        net.activation()
    )
}

/// The evaluation a fresh engine uses: the embedded net when there is one.
pub fn default_network() -> Option<Arc<Network>> {
    embedded()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every net committed under `engine/nets/` loads with every check of the
    /// loader, and the embedded one (if any) is valid.
    #[test]
    fn committed_nets_load() {
        movegen::init();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/nets");
        let mut count = 0;
        for entry in std::fs::read_dir(dir).expect("engine/nets exists") {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "nnue") {
                let net = load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{path:?}: {e}"));
                let board = movegen::Board::startpos();
                let score = eval::nnue::evaluate(&net, &board);
                assert!(score.abs() < 200, "{path:?}: start position scored {score}");
                count += 1;
            }
        }
        assert!(count > 0, "no net in {dir}");
        if EMBEDDED_NET.is_some() {
            assert!(embedded().is_some());
        }
    }
}
