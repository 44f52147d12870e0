//! Syzygy endgame tablebases: loading (`SyzygyPath`), WDL probes for the
//! search and DTZ probes for the root.
//!
//! The prober is the `shakmaty-syzygy` crate: safe Rust (it forbids
//! `unsafe`), reading the files with bounds-checked reads rather than
//! memory maps, with its loops and recursion bounded and fuzzed against
//! corrupted tables. A corrupt table makes a probe fail with an error, which
//! Daba treats as "not in the tables": it never crashes the engine (test
//! `corrupt_tables_never_crash` in tests/syzygy.rs). The first prober,
//! `pyrrhic-rs`, a transliteration of C, trusted its files: copies of the
//! tables damaged behind a correct magic number and size aborted Daba or
//! overflowed its stack in most trials. It probes `shakmaty` positions,
//! which each probe builds from the board's bitboards.
//!
//! [`load`] still checks every file itself first (a regular, readable file,
//! a table name, the size Syzygy files have, the magic number of its kind)
//! so that it can say at once what it skipped; the prober opens a table at
//! its first probe.

use crate::score::{TB_CURSED_WIN, TB_WIN};
use movegen::{Board, Color, Move, PieceType};
use shakmaty::{CastlingMode, Chess, FromSetup, PositionError, Setup};
use shakmaty_syzygy::{Tablebase, Wdl};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Most pieces a Syzygy table can hold (kings included).
pub const MAX_PIECES: u32 = 7;

/// Magic numbers at the start of a WDL (`.rtbw`) and a DTZ (`.rtbz`) file.
const WDL_MAGIC: u32 = 0x5d23_e871;
const DTZ_MAGIC: u32 = 0xa50c_66d7;

/// A tablebase result, side to move's view. A cursed win is a win that the
/// fifty-move rule turns into a draw; a blessed loss the same for the loser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TbWdl {
    /// Lost.
    Loss = -2,
    /// Lost, but drawn by the fifty-move rule.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won, but drawn by the fifty-move rule.
    CursedWin = 1,
    /// Won.
    Win = 2,
}

impl TbWdl {
    fn from_probe(w: Wdl) -> TbWdl {
        match w {
            Wdl::Loss => TbWdl::Loss,
            Wdl::BlessedLoss => TbWdl::BlessedLoss,
            Wdl::Draw => TbWdl::Draw,
            Wdl::CursedWin => TbWdl::CursedWin,
            Wdl::Win => TbWdl::Win,
        }
    }

    /// The result as it counts for play: with the fifty-move rule on,
    /// cursed wins and blessed losses are draws.
    pub fn under_rule50(self, rule50: bool) -> TbWdl {
        match self {
            TbWdl::CursedWin | TbWdl::BlessedLoss if rule50 => TbWdl::Draw,
            other => other,
        }
    }

    /// As python-chess writes it: -2 loss .. 2 win.
    pub fn value(self) -> i32 {
        self as i32
    }
}

/// The result of a root probe.
#[derive(Clone, Debug)]
pub struct RootProbe {
    /// The root's result as it counts for play (see [`TbWdl::under_rule50`]).
    pub wdl: TbWdl,
    /// The moves that keep that result, the best by DTZ first.
    pub keep: Vec<Move>,
    /// Every legal move with its result and its DTZ in plies (the number of
    /// plies to the next capture or pawn move, the move itself counted;
    /// 0 for draws), root side's view.
    pub moves: Vec<(Move, TbWdl, u32)>,
    /// The DTZ of the first kept move.
    pub dtz: u32,
    /// The root's own DTZ as python-chess and the tables define it: plies to
    /// the next zeroing move with best play, positive when the side to move
    /// wins, negative when it loses, 0 for a draw; +-1 (+-101 when cursed)
    /// when a zeroing move wins at once; ignoring the half-move clock.
    pub root_dtz: i32,
}

impl RootProbe {
    /// The score to report for the root when the search found no mate:
    /// [`TB_WIN`] less the plies to the next zeroing move for a win, 0 for a
    /// draw, the negative for a loss.
    pub fn score(&self) -> i32 {
        let dtz = self.dtz.min(1000) as i32;
        match self.wdl {
            TbWdl::Win => TB_WIN - dtz,
            TbWdl::CursedWin => TB_CURSED_WIN - dtz,
            TbWdl::Draw => 0,
            TbWdl::BlessedLoss => -(TB_CURSED_WIN - dtz),
            TbWdl::Loss => -(TB_WIN - dtz),
        }
    }
}

/// A loaded set of tables. Probes may run from several threads at once.
pub struct Tablebases {
    tb: Tablebase<Chess>,
    largest: u32,
    wdl_count: usize,
    dtz_count: usize,
    /// Material names (`KRvKP`) whose DTZ file passed the checks.
    dtz: HashSet<String>,
}

/// What loading `SyzygyPath` found: the tables, if any, and the lines to
/// report (skipped directories and files, then the summary).
pub struct Loaded {
    /// The tables, or `None` when no usable table was found.
    pub tables: Option<Tablebases>,
    /// One line each, for `info string`.
    pub messages: Vec<String>,
}

/// The separator of directories in `SyzygyPath`: `;` on Windows (drive
/// letters have colons), `:` elsewhere.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// The directories of a `SyzygyPath` value, empty ones dropped.
pub fn split_path(value: &str) -> Vec<String> {
    value
        .split(PATH_SEPARATOR)
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(str::to_string)
        .collect()
}

/// The pieces of a table name (`KRPvKB` -> 6), if it is one: `K` plus
/// pieces in Q, R, B, N, P order on each side, at most [`MAX_PIECES`].
fn table_pieces(stem: &str) -> Option<u32> {
    let (a, b) = stem.split_once('v')?;
    let side = |s: &str| -> Option<u32> {
        let rest = s.strip_prefix('K')?;
        let order = |c: char| "QRBNP".find(c);
        let mut last = 0;
        for c in rest.chars() {
            let o = order(c)?;
            if o < last {
                return None;
            }
            last = o;
        }
        Some(1 + rest.len() as u32)
    };
    let n = side(a)? + side(b)?;
    (n <= MAX_PIECES).then_some(n)
}

/// Checks one file: regular, readable, of the size Syzygy files have
/// (16 mod 64), starting with the magic number of its kind.
fn check_file(path: &Path, magic: u32) -> Result<(), String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    let len = meta.len();
    if len < 64 + 16 || len % 64 != 16 {
        return Err(format!("size {len} bytes is not a table's (incomplete?)"));
    }
    let mut head = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .map_err(|e| format!("unreadable: {e}"))?;
    if u32::from_le_bytes(head) != magic {
        return Err("wrong magic number (corrupt or not a Syzygy table)".to_string());
    }
    Ok(())
}

/// Loads the tables of a `SyzygyPath` value (directories separated by
/// [`PATH_SEPARATOR`]).
pub fn load(value: &str) -> Loaded {
    let mut messages = Vec::new();
    // Material name -> file, the first directory that has it winning.
    let mut wdl: Vec<(String, PathBuf)> = Vec::new();
    let mut dtz: Vec<(String, PathBuf)> = Vec::new();
    // Directories already read, by their canonical path: a directory named
    // twice (or by two spellings) is read once.
    let mut seen: Vec<PathBuf> = Vec::new();
    for dir in split_path(value) {
        let path = Path::new(&dir);
        if let Ok(canonical) = std::fs::canonicalize(path) {
            if seen.contains(&canonical) {
                messages.push(format!("SyzygyPath: {dir}: named before; skipped"));
                continue;
            }
            seen.push(canonical);
        }
        let entries = match std::fs::metadata(path) {
            Err(_) => {
                messages.push(format!("SyzygyPath: {dir}: no such directory; skipped"));
                continue;
            }
            Ok(m) if !m.is_dir() => {
                messages.push(format!("SyzygyPath: {dir}: not a directory; skipped"));
                continue;
            }
            Ok(_) => match std::fs::read_dir(path) {
                Ok(e) => e,
                Err(e) => {
                    messages.push(format!("SyzygyPath: {dir}: cannot read: {e}; skipped"));
                    continue;
                }
            },
        };
        let mut names: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        names.sort();
        let mut found = 0;
        for file in names {
            let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let (stem, list, magic) = if let Some(s) = name.strip_suffix(".rtbw") {
                (s, &mut wdl, WDL_MAGIC)
            } else if let Some(s) = name.strip_suffix(".rtbz") {
                (s, &mut dtz, DTZ_MAGIC)
            } else {
                continue;
            };
            if table_pieces(stem).is_none() {
                messages.push(format!(
                    "SyzygyPath: {}: not a table name; skipped",
                    file.display()
                ));
                continue;
            }
            if list.iter().any(|(s, _)| s == stem) {
                continue;
            }
            match check_file(&file, magic) {
                Ok(()) => {
                    list.push((stem.to_string(), file.clone()));
                    found += 1;
                }
                Err(e) => messages.push(format!("SyzygyPath: {}: {e}; skipped", file.display())),
            }
        }
        if found == 0 {
            messages.push(format!("SyzygyPath: {dir}: no table files"));
        }
    }
    let mut tb = Tablebase::new();
    let mut add_files = |list: &mut Vec<(String, PathBuf)>| {
        list.retain(|(_, file)| match tb.add_file(file) {
            Ok(()) => true,
            Err(e) => {
                // Checked above: the file changed or vanished since.
                messages.push(format!("SyzygyPath: {}: {e}; skipped", file.display()));
                false
            }
        });
    };
    add_files(&mut wdl);
    // A DTZ file is of no use without its WDL file, so it is not added.
    dtz.retain(|(s, _)| wdl.iter().any(|(w, _)| w == s));
    add_files(&mut dtz);
    if wdl.is_empty() {
        messages.push("SyzygyPath: no tablebases found; probing off".to_string());
        return Loaded {
            tables: None,
            messages,
        };
    }
    let largest = wdl.iter().filter_map(|(s, _)| table_pieces(s)).max().unwrap_or(0);
    messages.push(format!(
        "SyzygyPath: found {} tablebases ({} WDL, {} DTZ files), largest {largest} pieces",
        wdl.len(),
        wdl.len(),
        dtz.len()
    ));
    Loaded {
        tables: Some(Tablebases {
            tb,
            largest,
            wdl_count: wdl.len(),
            dtz_count: dtz.len(),
            dtz: dtz.into_iter().map(|(s, _)| s).collect(),
        }),
        messages,
    }
}

/// The board as the prober's position (bit 0 = a1 in both). `None` if the
/// prober refuses it, which a position Daba reached by legal moves never
/// gives; it is a guard, not a path the search relies on.
fn prober_position(board: &Board) -> Option<Chess> {
    use shakmaty::{Bitboard as Bits, ByColor, ByRole, Square};
    let role = |kind| Bits(board.pieces(kind).0);
    let placement = shakmaty::Board::try_from_bitboards(
        ByRole {
            pawn: role(PieceType::Pawn),
            knight: role(PieceType::Knight),
            bishop: role(PieceType::Bishop),
            rook: role(PieceType::Rook),
            queen: role(PieceType::Queen),
            king: role(PieceType::King),
        },
        ByColor {
            black: Bits(board.color(Color::Black).0),
            white: Bits(board.color(Color::White).0),
        },
    )
    .ok()?;
    let setup = Setup {
        board: placement,
        turn: match board.side_to_move() {
            Color::White => shakmaty::Color::White,
            Color::Black => shakmaty::Color::Black,
        },
        ep_square: board.en_passant().map(|s| Square::new(s.index() as u32)),
        halfmoves: u32::from(board.halfmove_clock()),
        ..Setup::empty()
    };
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_ep_square)
        .ok()
}

/// The material name of a side (`KRP`).
fn side_name(board: &Board, color: Color) -> String {
    let mut s = String::from("K");
    for (kind, c) in [
        (PieceType::Queen, 'Q'),
        (PieceType::Rook, 'R'),
        (PieceType::Bishop, 'B'),
        (PieceType::Knight, 'N'),
        (PieceType::Pawn, 'P'),
    ] {
        for _ in 0..board.colored(color, kind).count() {
            s.push(c);
        }
    }
    s
}

impl Tablebases {
    /// Pieces (kings included) of the largest table loaded.
    pub fn largest(&self) -> u32 {
        self.largest
    }

    /// Tables loaded (WDL files).
    pub fn count(&self) -> usize {
        self.wdl_count
    }

    /// DTZ files loaded.
    pub fn dtz_count(&self) -> usize {
        self.dtz_count
    }

    /// True when the position is one the tables may cover: no castling
    /// rights and no more pieces than the largest table.
    pub fn covers(&self, board: &Board) -> bool {
        !board.castling_rights().any() && board.occupied().count() <= self.largest
    }

    /// True when the DTZ file of this position's material was loaded.
    pub fn has_dtz(&self, board: &Board) -> bool {
        let (w, b) = (side_name(board, Color::White), side_name(board, Color::Black));
        self.dtz.contains(&format!("{w}v{b}")) || self.dtz.contains(&format!("{b}v{w}"))
    }

    /// The WDL value of a position as if its half-move clock were zero
    /// (exact where it is), side to move's view; `None` when the position is
    /// not covered or a table is missing.
    pub fn probe_wdl(&self, board: &Board) -> Option<TbWdl> {
        if !self.covers(board) {
            return None;
        }
        let position = prober_position(board)?;
        self.tb
            .probe_wdl_after_zeroing(&position)
            .ok()
            .map(TbWdl::from_probe)
    }

    /// Probes every legal move of the root with the DTZ tables and keeps
    /// those that preserve the best result: when it wins (within the
    /// fifty-move rule when `rule50`), the winning moves with the shortest
    /// DTZ; when it draws, every drawing move; when all lose, the moves that
    /// delay the loss the longest. `None` when the
    /// position is not covered, has no legal move, or a table is missing.
    pub fn probe_root(&self, board: &Board, rule50: bool) -> Option<RootProbe> {
        if !self.covers(board) || !self.has_dtz(board) {
            return None;
        }
        let legal = board.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let root_dtz = self
            .tb
            .probe_dtz(&prober_position(board)?)
            .ok()?
            .ignore_rounding()
            .0;
        let clock = u32::from(board.halfmove_clock());
        let mut moves = Vec::with_capacity(legal.len());
        for &mv in legal.iter() {
            // Every legal move must have its result, or the filter could
            // drop the only good one: one failed probe fails the root.
            let dtz = self.move_dtz(&board.play(mv))?;
            let plies = dtz.unsigned_abs();
            // The result under the counter, one ply safer than the tables'
            // `dtz + clock <= 100`: a DTZ can be one short of the mate it
            // leads to (the mating move comes after the last counted ply).
            let in_time = plies + clock <= 99;
            let wdl = match dtz.signum() {
                1 if in_time => TbWdl::Win,
                1 => TbWdl::CursedWin,
                -1 if in_time => TbWdl::Loss,
                -1 => TbWdl::BlessedLoss,
                _ => TbWdl::Draw,
            };
            moves.push((mv, wdl, plies));
        }
        let class = |w: TbWdl| w.under_rule50(rule50);
        let best = moves.iter().map(|&(_, w, _)| class(w)).max()?;
        let mut kept: Vec<(Move, u32)> = moves
            .iter()
            .filter(|&&(_, w, _)| class(w) == best)
            .map(|&(m, _, d)| (m, d))
            .collect();
        match best {
            // Winning: the moves that reach the next capture, pawn move or
            // mate the soonest, so the win comes well within the counter
            // even when the search sees no mate (the search chooses among
            // equals). Without pawns and captures that is the fastest mate.
            // A cursed win (fifty-move rule off) likewise.
            TbWdl::Win | TbWdl::CursedWin => {
                let min = kept.iter().map(|&(_, d)| d).min().unwrap_or(0);
                kept.retain(|&(_, d)| d == min);
            }
            TbWdl::Draw => {}
            // Losing: only the moves that put the loss off the longest.
            TbWdl::BlessedLoss | TbWdl::Loss => {
                let max = kept.iter().map(|&(_, d)| d).max().unwrap_or(0);
                kept.retain(|&(_, d)| d == max);
            }
        }
        Some(RootProbe {
            wdl: best,
            dtz: kept[0].1,
            root_dtz,
            keep: kept.into_iter().map(|(m, _)| m).collect(),
            moves,
        })
    }

    /// The DTZ of the move that reached `child`, in plies with the move
    /// itself counted, from the mover's side (positive: the mover wins):
    /// 1 for a mate, and for a capture or pawn move 1 (won), 101 (won past
    /// the fifty-move rule), 0, -101 or -1 by the result after it, as the
    /// tables count a zeroing move; otherwise the child's DTZ a ply further
    /// off. `None` when a table is missing or fails.
    fn move_dtz(&self, child: &Board) -> Option<i32> {
        if !child.has_legal_move() {
            return Some(if child.in_check() { 1 } else { 0 });
        }
        let position = prober_position(child)?;
        if child.halfmove_clock() == 0 {
            let after = self.tb.probe_wdl_after_zeroing(&position).ok()?;
            return Some(match TbWdl::from_probe(after) {
                TbWdl::Loss => 1,
                TbWdl::BlessedLoss => 101,
                TbWdl::Draw => 0,
                TbWdl::CursedWin => -101,
                TbWdl::Win => -1,
            });
        }
        let theirs = self.tb.probe_dtz(&position).ok()?.ignore_rounding().0;
        Some(match theirs.signum() {
            1 => -(theirs + 1),
            -1 => -theirs + 1,
            _ => 0,
        })
    }
}

/// What the search needs to probe: the tables and the `Syzygy*` options.
#[derive(Clone)]
pub struct Probing {
    /// The loaded tables.
    pub tables: std::sync::Arc<Tablebases>,
    /// Probe inside the search only at this depth or deeper.
    pub probe_depth: i32,
    /// Probe only positions with at most this many pieces (already capped
    /// at the largest table).
    pub probe_limit: u32,
    /// Cursed wins and blessed losses are draws (`Syzygy50MoveRule`).
    pub rule50: bool,
}

impl Probing {
    /// The settings for these options; `None` when the limit rules every
    /// position out.
    pub fn new(
        tables: std::sync::Arc<Tablebases>,
        probe_depth: i32,
        probe_limit: u32,
        rule50: bool,
    ) -> Option<Probing> {
        let probe_limit = probe_limit.min(tables.largest());
        (probe_limit >= 3).then_some(Probing {
            tables,
            probe_depth,
            probe_limit,
            rule50,
        })
    }

    /// The search's score and bound for a WDL result at `ply`: a win is at
    /// least [`TB_WIN`] less the ply (a lower bound: a mate may be nearer),
    /// a loss at most its negative, a draw exact (a cursed win or blessed
    /// loss, under the fifty-move rule, is a draw by one centipawn).
    pub fn score(&self, wdl: TbWdl, ply: usize) -> (i32, crate::search::tt::Bound) {
        use crate::search::tt::Bound;
        let ply = ply as i32;
        match wdl {
            TbWdl::Win => (TB_WIN - ply, Bound::Lower),
            TbWdl::Loss => (-TB_WIN + ply, Bound::Upper),
            TbWdl::Draw => (0, Bound::Exact),
            TbWdl::CursedWin if self.rule50 => (1, Bound::Exact),
            TbWdl::BlessedLoss if self.rule50 => (-1, Bound::Exact),
            TbWdl::CursedWin => (TB_CURSED_WIN - ply, Bound::Lower),
            TbWdl::BlessedLoss => (-TB_CURSED_WIN + ply, Bound::Upper),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The repository's `tests/data/syzygy` (all 3- and 4-piece tables).
    fn tables_dir() -> Option<String> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/syzygy");
        assert!(
            dir.join("KQvK.rtbw").is_file(),
            "no Syzygy tables at {}",
            dir.display()
        );
        Some(dir.to_str()?.to_string())
    }

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn names_and_paths() {
        assert_eq!(table_pieces("KQvK"), Some(3));
        assert_eq!(table_pieces("KRPvKB"), Some(5));
        assert_eq!(table_pieces("KQRBNvKQ"), Some(7));
        assert_eq!(table_pieces("KQRBNPvKQ"), None);
        assert_eq!(table_pieces("KPQvK"), None, "pieces out of order");
        assert_eq!(table_pieces("KQvQ"), None);
        assert_eq!(table_pieces("readme"), None);
        let sep = PATH_SEPARATOR;
        assert_eq!(
            split_path(&format!(" a {sep}{sep}b{sep}")),
            vec!["a".to_string(), "b".to_string()]
        );
    }

    #[test]
    fn probes_known_positions() {
        let Some(dir) = tables_dir() else { return };
        let loaded = load(&dir);
        let tb = loaded.tables.expect("tables load");
        assert_eq!((tb.count(), tb.dtz_count(), tb.largest()), (35, 35, 4));
        assert!(loaded.messages.last().unwrap().contains("largest 4 pieces"));
        // Values checked with python-chess (scripts/syzygy_probe.py).
        for (fen, wdl, dtz) in [
            ("8/8/8/4k3/8/8/8/3QK3 b - - 0 1", TbWdl::Loss, -16),
            ("8/8/8/4k3/8/8/3P4/4K3 w - - 0 1", TbWdl::Draw, 0),
            ("8/8/3k4/8/8/8/1r6/R3K3 w - - 0 1", TbWdl::Draw, 0),
            ("8/8/8/8/8/8/2k5/K1Q5 b - - 0 1", TbWdl::Draw, 0),
        ] {
            let b = board(fen);
            assert_eq!(tb.probe_wdl(&b), Some(wdl), "{fen}");
            assert_eq!(tb.probe_root(&b, true).unwrap().root_dtz, dtz, "{fen}");
        }
        // Five pieces: not covered.
        assert_eq!(tb.probe_wdl(&board("8/8/3k4/8/8/8/1rp5/R3K2R w - - 0 1")), None);
        // Castling rights: not covered.
        assert_eq!(tb.probe_wdl(&board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), None);
    }

    #[test]
    fn root_filter_keeps_the_best_result() {
        let Some(dir) = tables_dir() else { return };
        let tb = load(&dir).tables.expect("tables load");
        // White wins: the winning moves with the shortest DTZ.
        let b = board("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
        let probe = tb.probe_root(&b, true).unwrap();
        assert_eq!(probe.wdl, TbWdl::Win);
        assert_eq!(probe.moves.len(), b.legal_moves().len());
        let shortest = probe
            .moves
            .iter()
            .filter(|m| m.1 == TbWdl::Win)
            .map(|m| m.2)
            .min();
        assert!(probe
            .moves
            .iter()
            .any(|m| m.1 == TbWdl::Win && Some(m.2) != shortest));
        for &(mv, wdl, dtz) in &probe.moves {
            let best = wdl == TbWdl::Win && Some(dtz) == shortest;
            assert_eq!(probe.keep.contains(&mv), best, "{mv:?}");
        }
        // Black loses: only the moves that delay it the longest.
        let b = board("8/8/8/4k3/8/8/8/3QK3 b - - 0 1");
        let probe = tb.probe_root(&b, true).unwrap();
        assert_eq!(probe.wdl, TbWdl::Loss);
        let longest = probe.moves.iter().map(|m| m.2).max().unwrap();
        assert!(!probe.keep.is_empty());
        for &(mv, _, dtz) in &probe.moves {
            assert_eq!(probe.keep.contains(&mv), dtz == longest);
        }
        // The fifty-move counter: a win too far off is a draw under the
        // rule (and a cursed win without it).
        let b = board("8/8/8/4k3/8/8/8/3QK3 w - - 95 80");
        assert_eq!(tb.probe_root(&b, true).unwrap().wdl, TbWdl::Draw);
        assert_eq!(tb.probe_root(&b, false).unwrap().wdl, TbWdl::CursedWin);
        assert_eq!(tb.probe_root(&b, false).unwrap().keep.len(), {
            let p = tb.probe_root(&b, false).unwrap();
            let min = p
                .moves
                .iter()
                .filter(|m| m.1 == TbWdl::CursedWin)
                .map(|m| m.2)
                .min();
            p.moves
                .iter()
                .filter(|m| m.1 == TbWdl::CursedWin && Some(m.2) == min)
                .count()
        });
    }

    #[test]
    fn bad_paths_and_files_are_skipped() {
        let tmp = std::env::temp_dir().join(format!("daba-syzygy-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(tmp.join("empty")).unwrap();
        std::fs::write(tmp.join("plain"), b"not a directory").unwrap();
        let sep = PATH_SEPARATOR;
        let t = tmp.display();
        let loaded = load(&format!(
            "{t}/missing{sep}{t}/plain{sep}{t}/empty{sep}{t}/../{}/empty/",
            tmp.file_name().unwrap().to_str().unwrap()
        ));
        assert!(loaded.tables.is_none());
        let all = loaded.messages.join("\n");
        for words in [
            "no such directory",
            "not a directory",
            "no table files",
            "empty/: named before; skipped",
            "probing off",
        ] {
            assert!(all.contains(words), "{words}: {all}");
        }
        // Corrupt files beside good ones: the good ones load.
        let Some(dir) = tables_dir() else {
            let _ = std::fs::remove_dir_all(&tmp);
            return;
        };
        let mixed = tmp.join("mixed");
        std::fs::create_dir_all(&mixed).unwrap();
        for f in ["KQvK.rtbw", "KQvK.rtbz"] {
            std::fs::copy(Path::new(&dir).join(f), mixed.join(f)).unwrap();
        }
        // Right size, wrong magic.
        std::fs::write(mixed.join("KRvK.rtbw"), vec![0xABu8; 16 + 64 * 3]).unwrap();
        // Right magic, cut short.
        let mut cut = std::fs::read(Path::new(&dir).join("KBNvK.rtbw")).unwrap();
        cut.truncate(cut.len() / 2 + 5);
        std::fs::write(mixed.join("KBNvK.rtbw"), cut).unwrap();
        std::fs::create_dir_all(mixed.join("KNvK.rtbw")).unwrap();
        let loaded = load(mixed.to_str().unwrap());
        let all = loaded.messages.join("\n");
        assert!(all.contains("KRvK.rtbw: wrong magic"), "{all}");
        assert!(all.contains("KBNvK.rtbw: size"), "{all}");
        assert!(all.contains("KNvK.rtbw: not a regular file"), "{all}");
        let tb = loaded.tables.expect("KQvK loads");
        assert_eq!((tb.count(), tb.largest()), (1, 3));
        assert_eq!(
            tb.probe_wdl(&board("8/8/8/4k3/8/8/8/3QK3 b - - 0 1")),
            Some(TbWdl::Loss)
        );
        // Tables that are not there fail softly.
        assert_eq!(tb.probe_wdl(&board("8/8/8/4k3/8/8/8/3RK3 b - - 0 1")), None);
        assert!(tb
            .probe_root(&board("8/8/8/4k3/8/8/8/3RK3 b - - 0 1"), true)
            .is_none());
        drop(tb);
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
