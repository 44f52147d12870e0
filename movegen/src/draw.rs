//! Helpers for the draw rules that depend on the position alone (dead
//! material) or on the game so far (repetition, via a list of keys).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::PieceType;

impl Board {
    /// True for the FIDE dead positions by material: K v K, K+B v K,
    /// K+N v K, and kings with any number of bishops that all stand on
    /// squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy =
            self.pieces(PieceType::Pawn) | self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.pieces(PieceType::Knight);
        let bishops = self.pieces(PieceType::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }
}

/// The keys of the positions of a game, oldest first, for repetition checks.
///
/// Only positions since the last capture or pawn move can repeat, so lookups
/// walk back at most `halfmove_clock` entries, two at a time (same side to move).
#[derive(Clone, Debug, Default)]
pub struct KeyHistory {
    keys: Vec<u64>,
}

impl KeyHistory {
    /// An empty history.
    pub fn new() -> KeyHistory {
        KeyHistory {
            keys: Vec::with_capacity(1024),
        }
    }

    /// Appends the key of the position just reached.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// Removes the newest key.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        self.keys.pop()
    }

    /// Number of keys stored.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when no key is stored.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.keys.clear();
    }

    /// The keys, oldest first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the newest position occurred before, looking back over
    /// the last `halfmove_clock` plies.
    pub fn earlier_occurrences(&self, halfmove_clock: u16) -> usize {
        let Some((&current, earlier)) = self.keys.split_last() else {
            return 0;
        };
        let window = (halfmove_clock as usize).min(earlier.len());
        earlier[earlier.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == current)
            .count()
    }
}
