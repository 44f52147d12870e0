//! Per-thread search data: the key history for repetitions, the ply stack, the
//! PV table, and the move-ordering histories, which persist between searches
//! of a game and are cleared by `ucinewgame`.

use super::params::HISTORY_MAX;
use super::MAX_PLY;
use movegen::{Move, Piece};

/// One ply of the search stack.
#[derive(Clone, Copy, Default)]
pub struct PlyInfo {
    /// Static evaluation (meaningless when in check).
    pub eval: i32,
    /// Killer moves: quiet moves that caused a cutoff at this ply.
    pub killers: [Move; 2],
    /// The move played from this ply (`Move::NONE` for a null move).
    pub mv: Move,
    /// The piece that moved, for continuation history.
    pub piece: Option<Piece>,
}

/// Offset of ply 0 in the stack, so that `ply - 2` is always a valid index.
pub const STACK_OFFSET: usize = 4;

type ContinuationTable = [[[[i16; 64]; 12]; 64]; 12];

/// Everything one search thread owns.
pub struct ThreadData {
    /// Thread number; 0 is the main thread.
    pub id: usize,
    /// Zobrist keys of the game and of the current search path.
    pub keys: Vec<u64>,
    /// Index in `keys` of the root position.
    pub root_index: usize,
    /// The ply stack, indexed by `ply + STACK_OFFSET`.
    pub stack: Vec<PlyInfo>,
    /// Triangular PV table.
    pub pv: Vec<[Move; MAX_PLY + 1]>,
    /// Length of the PV at each ply.
    pub pv_len: [usize; MAX_PLY + 1],
    /// Quiet-move history by side, from and to.
    pub history: Box<[[[i16; 64]; 64]; 2]>,
    /// Capture history by moving piece, target and captured type.
    pub capture_history: Box<[[[i16; 6]; 64]; 12]>,
    /// Continuation history: previous (piece, to) then current (piece, to).
    pub continuation: Box<ContinuationTable>,
    /// Counter moves by the previous move's piece and target.
    pub counter_moves: Box<[[Move; 64]; 12]>,
    /// Nodes searched in this search.
    pub nodes: u64,
    /// Deepest ply reached in this iteration.
    pub seldepth: usize,
    /// Root moves not to search (better MultiPV lines, or outside `searchmoves`).
    pub root_excluded: Vec<Move>,
    /// Set when the search was aborted; results of the iteration are void.
    pub aborted: bool,
    /// Pawn-structure cache of the evaluation.
    pub pawn_cache: eval::PawnCache,
}

fn zeroed_box<T>() -> Box<T> {
    // Histories are plain integers; building them on the heap directly keeps
    // the 1 MB continuation table off the stack.
    let layout = std::alloc::Layout::new::<T>();
    // SAFETY: T is an array of integers or of `Move` (a u16 newtype), for which
    // the all-zero bit pattern is a valid value; the layout is non-zero-sized
    // and the pointer is handed to Box with the same layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut T;
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(ptr)
    }
}

impl ThreadData {
    /// Fresh data for thread `id`.
    pub fn new(id: usize) -> ThreadData {
        ThreadData {
            id,
            keys: Vec::with_capacity(4096),
            root_index: 0,
            stack: vec![PlyInfo::default(); MAX_PLY + STACK_OFFSET + 4],
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            history: zeroed_box(),
            capture_history: zeroed_box(),
            continuation: zeroed_box(),
            counter_moves: zeroed_box(),
            nodes: 0,
            seldepth: 0,
            root_excluded: Vec::new(),
            aborted: false,
            pawn_cache: eval::PawnCache::default(),
        }
    }

    /// Forgets everything learned (for `ucinewgame`).
    pub fn clear(&mut self) {
        // In place: no new allocation of the big tables.
        *self.history = [[[0; 64]; 64]; 2];
        *self.capture_history = [[[0; 6]; 64]; 12];
        for row in self.continuation.iter_mut() {
            for cell in row.iter_mut() {
                *cell = [[0; 64]; 12];
            }
        }
        *self.counter_moves = [[Move::NONE; 64]; 12];
        self.stack.fill(PlyInfo::default());
        self.keys.clear();
        self.root_excluded.clear();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.pawn_cache.clear();
    }

    /// The stack entry of `ply` (may be negative down to -STACK_OFFSET).
    #[inline(always)]
    pub fn at(&self, ply: isize) -> &PlyInfo {
        &self.stack[(ply + STACK_OFFSET as isize) as usize]
    }

    /// Mutable stack entry of `ply`.
    #[inline(always)]
    pub fn at_mut(&mut self, ply: isize) -> &mut PlyInfo {
        &mut self.stack[(ply + STACK_OFFSET as isize) as usize]
    }
}

/// Moves a history value towards `bonus`'s sign, saturating smoothly at
/// `HISTORY_MAX` (the "gravity" update: big values move less).
#[inline(always)]
pub fn apply_bonus(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let current = *entry as i32;
    let updated = current + bonus - current * bonus.abs() / HISTORY_MAX;
    *entry = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}
