//! The search's transposition table: one entry per slot, indexed and
//! checked by the position's Zobrist key (which covers the pieces with their
//! pawn state, the frozen seats and the seat to move), replaced when the new
//! entry is at least as deep or the slot holds another position.

use crate::moves::Move;

/// What a stored score says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

/// A table of `2^bits` entries.
pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// An empty table of `2^bits` slots.
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    /// The entry for `key`, if it is stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores `entry`, unless the slot holds a deeper result for the same
    /// position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact => {
                if entry.mv.is_some() && old.mv.is_none() {
                    old.mv = entry.mv;
                }
            }
            _ => *slot = Some(entry),
        }
    }
}
