//! `SyzygyPath` values: any list of directories (missing, unreadable, files,
//! devices, duplicates, empty parts) loads what it can and says the rest.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::Board;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if text.len() > 512 {
        return;
    }
    let loaded = engine::syzygy::load(&text);
    if let Some(tables) = &loaded.tables {
        let board = Board::from_fen("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1").unwrap();
        if tables.covers(&board) {
            let _ = tables.probe_wdl(&board);
        }
    }
});
