//! Where the evaluation's terms go. The evaluation is written once, generic
//! over a [`Sink`]: the normal sink adds weights up, the tuner's sink records
//! how often each parameter applies (its coefficient), and the `eval` command's
//! sink records both sides' counts per parameter for the trace.

use crate::weights::WEIGHTS;
use crate::Score;
use movegen::Color;

/// Receives "parameter `index` applies `count` times for `color`".
pub trait Sink {
    /// Records a term.
    fn add(&mut self, color: Color, index: usize, count: i32);
}

/// Sums the weights: the fast path used by the search.
#[derive(Default)]
pub struct Accumulator {
    /// White's and black's totals.
    pub score: [Score; 2],
}

impl Sink for Accumulator {
    #[inline(always)]
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.score[color.index()] += WEIGHTS[index] * count;
    }
}

/// Net coefficients (white minus black) per parameter, for tuning.
#[derive(Default, Clone, Debug)]
pub struct Coefficients {
    /// `(index, white count - black count)` for every parameter that applies.
    pub entries: Vec<(u16, i16)>,
}

impl Sink for Coefficients {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        if count == 0 {
            return;
        }
        let signed = if color == Color::White { count } else { -count };
        match self.entries.iter_mut().find(|(i, _)| *i as usize == index) {
            Some(entry) => entry.1 += signed as i16,
            None => self.entries.push((index as u16, signed as i16)),
        }
    }
}

impl Coefficients {
    /// Drops parameters whose white and black counts cancelled out.
    pub fn compact(&mut self) {
        self.entries.retain(|&(_, c)| c != 0);
        self.entries.sort_unstable();
    }
}

/// Counts per parameter and side, for the UCI command `eval`.
#[derive(Clone, Debug)]
pub struct TermCounts {
    /// `counts[index][color]`.
    pub counts: Vec<[i32; 2]>,
}

impl Default for TermCounts {
    fn default() -> Self {
        TermCounts {
            counts: vec![[0; 2]; crate::params::NUM_PARAMS],
        }
    }
}

impl Sink for TermCounts {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.counts[index][color.index()] += count;
    }
}
