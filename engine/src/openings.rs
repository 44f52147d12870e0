//! Opening positions from a file: what `genfens` starts its openings from,
//! and what the trainer's `daba datagen` reads for `--book`.

use movegen::Board;

/// Reads an opening book: one FEN (or EPD) per line, anything after `;`
/// ignored, blank lines skipped. Every position must be valid.
pub fn read_book(path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("book {path}: {e}"))?;
    let mut book = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() {
            continue;
        }
        Board::from_fen(fen).map_err(|e| format!("book {path} line {}: {e}", n + 1))?;
        book.push(fen.to_string());
    }
    Ok(book)
}
