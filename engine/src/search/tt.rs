//! The transposition table: a boxed slice of 64-byte buckets of four entries,
//! shared by all search threads without locks.
//!
//! Each entry is two atomic words: the data, and the key XOR the data. A torn
//! write (two threads storing at once) makes the XOR check fail, so a probe
//! never trusts half an entry. Mate scores are stored relative to the node and
//! converted back on probe, so a stored mate stays right at any ply.

use crate::score;
use movegen::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact (a PV node).
    Exact = 1,
    /// The true score is at least this (a fail high).
    Lower = 2,
    /// The true score is at most this (a fail low).
    Upper = 3,
}

/// A probed entry, scores already converted to the probing ply.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    /// The best move found, possibly `Move::NONE`.
    pub mv: Move,
    /// The score, relative to the probing node.
    pub score: i32,
    /// The static evaluation stored with it.
    pub eval: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// Its bound type.
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const ENTRIES_PER_BUCKET: usize = 4;

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    (mv.to_bits() as u64)
        | ((score as i16 as u16 as u64) << 16)
        | ((eval as i16 as u16 as u64) << 32)
        | ((depth.clamp(0, 255) as u64) << 48)
        | ((bound as u64) << 56)
        | (((age & 63) as u64) << 58)
}

fn unpack_age(data: u64) -> u8 {
    (data >> 58) as u8 & 63
}

fn unpack_depth(data: u64) -> i32 {
    (data >> 48 & 0xFF) as i32
}

impl TtHit {
    /// True when the stored bound settles a search with window (alpha, beta).
    #[inline]
    pub fn cuts_off(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// Zeroed memory for the buckets, 64-byte aligned. All-zero bytes are valid
/// empty buckets, and zeroed memory costs nothing up front: the allocator
/// takes a large zeroed block as fresh pages from the operating system, which
/// zeroes each page when the search first touches it. So a table of
/// gigabytes is ready at once, and a `quit` or `isready` behind
/// `setoption name Hash` is not kept waiting while every byte is written.
/// (The block is asked for with the allocator's natural alignment and 64
/// spare bytes, then aligned by hand: Rust's allocator zeroes over-aligned
/// requests by writing every byte.)
struct BucketMemory {
    base: *mut u8,
    layout: std::alloc::Layout,
    offset: usize,
    count: usize,
}

// SAFETY: the memory is owned by this value alone and only reached through
// `buckets()`, whose atomics make shared access from threads sound.
unsafe impl Send for BucketMemory {}
unsafe impl Sync for BucketMemory {}

impl BucketMemory {
    fn new(count: usize) -> Result<BucketMemory, String> {
        let bytes = count
            .checked_mul(std::mem::size_of::<Bucket>())
            .and_then(|b| b.checked_add(std::mem::align_of::<Bucket>()))
            .ok_or("size overflows")?;
        let layout = std::alloc::Layout::from_size_align(bytes, 16).map_err(|e| e.to_string())?;
        // SAFETY: the layout's size is not zero.
        let base = unsafe { std::alloc::alloc_zeroed(layout) };
        if base.is_null() {
            return Err(format!("cannot allocate {} MB", bytes >> 20));
        }
        let offset = base.align_offset(std::mem::align_of::<Bucket>());
        Ok(BucketMemory {
            base,
            layout,
            offset,
            count,
        })
    }

    fn buckets(&self) -> &[Bucket] {
        // SAFETY: `base + offset` is 64-byte aligned and `count` buckets fit
        // after it (64 spare bytes cover the offset); the bytes are zeroed,
        // which is a valid `Bucket`, and live as long as `self`.
        unsafe { std::slice::from_raw_parts(self.base.add(self.offset) as *const Bucket, self.count) }
    }
}

impl Drop for BucketMemory {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout, freed once.
        unsafe { std::alloc::dealloc(self.base, self.layout) }
    }
}

/// The shared hash table.
pub struct TranspositionTable {
    memory: BucketMemory,
    age: AtomicU64,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket). Panics if the
    /// memory is not there; use [`TranspositionTable::try_new`] for user input.
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb).expect("memory for the hash table")
    }

    /// A table of about `mb` megabytes, or an error when the machine does
    /// not have that much memory free (checked first, because on Linux an
    /// over-large allocation can succeed and then kill the process later).
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or("size overflows")?;
        if let Some(available) = available_memory() {
            if bytes as u64 > available {
                return Err(format!(
                    "only {} MB of memory available",
                    available / (1024 * 1024)
                ));
            }
        }
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        Ok(TranspositionTable {
            memory: BucketMemory::new(count)?,
            age: AtomicU64::new(0),
        })
    }

    /// Forgets every entry, as [`TranspositionTable::clear`] does, by taking
    /// fresh zeroed memory and handing the old back: instant at any size,
    /// where `clear` writes every byte. Falls back to `clear` when the memory
    /// cannot be had.
    pub fn reset(&mut self) {
        match BucketMemory::new(self.memory.count) {
            Ok(memory) => {
                self.memory = memory;
                self.age.store(0, Ordering::Relaxed);
            }
            Err(_) => self.clear(),
        }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for bucket in self.memory.buckets().iter() {
            for e in &bucket.entries {
                e.check.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of older searches become cheap to replace.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn current_age(&self) -> u8 {
        (self.age.load(Ordering::Relaxed) & 63) as u8
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the table without a division.
        let index = ((key as u128 * self.memory.buckets().len() as u128) >> 64) as usize;
        &self.memory.buckets()[index]
    }

    /// Hints the CPU to fetch the bucket of `key` (called before a move is
    /// searched, so the probe finds it in cache).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; any address is allowed and this one
        // is a valid reference anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.bucket(key) as *const Bucket as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored; `ply` converts mate scores.
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                let bound = match data >> 56 & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    3 => Bound::Upper,
                    _ => return None,
                };
                return Some(TtHit {
                    mv: Move::from_bits(data as u16),
                    score: score::from_tt((data >> 16) as u16 as i16 as i32, ply),
                    eval: (data >> 32) as u16 as i16 as i32,
                    depth: unpack_depth(data),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. Replaces the entry with the same key, else the one
    /// that is shallowest once age is counted against it. A move-less store
    /// keeps the move already known for this position.
    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, ply: usize) {
        let age = self.current_age();
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_value = i32::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                victim = e;
                break;
            }
            let age_gap = (age.wrapping_sub(unpack_age(data)) & 63) as i32;
            let value = unpack_depth(data) - 8 * age_gap;
            if value < victim_value {
                victim_value = value;
                victim = e;
            }
        }
        let old = victim.data.load(Ordering::Relaxed);
        let same = victim.check.load(Ordering::Relaxed) ^ old == key;
        // Keep a deeper exact-ish result of this same search unless ours is exact.
        if same && bound != Bound::Exact && depth + 3 < unpack_depth(old) && unpack_age(old) == age {
            return;
        }
        let mv = if mv.is_none() && same {
            Move::from_bits(old as u16)
        } else {
            mv
        };
        let data = pack(mv, score::to_tt(score, ply), eval, depth, bound, age);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.current_age();
        let sample = self.memory.buckets().len().min(250);
        let mut used = 0;
        for bucket in &self.memory.buckets()[..sample] {
            for e in &bucket.entries {
                let data = e.data.load(Ordering::Relaxed);
                if data != 0 && unpack_age(data) == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES_PER_BUCKET).max(1)) as u32
    }
}

/// Free memory in bytes according to the OS, where it says.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;
    use movegen::{Move, Square};

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let mv = Move::quiet(Square::E1, Square::F1);
        tt.store(0xABCDEF, mv, -123, 45, 7, Bound::Lower, 3);
        let hit = tt.probe(0xABCDEF, 3).expect("stored");
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (mv, -123, 45, 7, Bound::Lower)
        );
        assert!(tt.probe(0xABCDEE, 3).is_none());
        tt.clear();
        assert!(tt.probe(0xABCDEF, 3).is_none());
    }

    #[test]
    fn fresh_and_reset_tables_are_empty_aligned_and_keep_their_size() {
        for mb in [1, 3, 64] {
            let mut tt = TranspositionTable::new(mb);
            let buckets = tt.memory.buckets();
            assert_eq!(buckets.len(), mb * 1024 * 1024 / 64);
            assert_eq!(buckets.as_ptr() as usize % 64, 0);
            assert!(tt.probe(12345, 0).is_none());
            for k in 0..10_000u64 {
                tt.store(
                    k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    Move::NONE,
                    5,
                    0,
                    3,
                    Bound::Exact,
                    0,
                );
            }
            assert!(tt.hashfull() > 0);
            tt.reset();
            assert_eq!(tt.memory.buckets().len(), mb * 1024 * 1024 / 64);
            assert_eq!(tt.memory.buckets().as_ptr() as usize % 64, 0);
            assert_eq!(tt.hashfull(), 0);
            assert!((0..10_000u64).all(|k| tt.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0).is_none()));
        }
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        let mate_in_5_plies_from_root = MATE - 5;
        // Stored at ply 2: from that node it is mate in 3 plies.
        tt.store(42, Move::NONE, mate_in_5_plies_from_root, 0, 4, Bound::Exact, 2);
        // Found again at ply 4, it is mate in 7 plies from the root.
        assert_eq!(tt.probe(42, 4).unwrap().score, MATE - 7);
        tt.store(43, Move::NONE, -(MATE - 6), 0, 4, Bound::Exact, 2);
        assert_eq!(tt.probe(43, 1).unwrap().score, -(MATE - 5));
    }

    #[test]
    fn hashfull_counts_this_search_only() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                Move::NONE,
                0,
                0,
                1,
                Bound::Exact,
                0,
            );
        }
        assert!(tt.hashfull() > 900);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
