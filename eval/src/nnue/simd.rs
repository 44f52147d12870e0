//! The two hot loops of the inference, in a portable version and an AVX2
//! one: the accumulator update (`base + rows added - rows removed`, 16-bit)
//! and the output layer's dot product (activation times weight, summed in
//! `i32`).
//!
//! Daba is built for x86-64-v2, which has no AVX2, so the AVX2 code is
//! compiled with `#[target_feature]` and chosen at run time: [`Kernel::best`]
//! asks the CPU once and caches the answer. Both versions do the same exact
//! integer arithmetic (the net's overflow checks guarantee no `i32` sum
//! overflows, and 16-bit accumulator sums wrap identically in both), so they
//! give bit-identical results; the tests check that they do.
//!
//! All weights and accumulators are stored as [`Chunk`]s: 16 values aligned
//! to 32 bytes. The alignment matters: for x86-64-v2 the compiler splits
//! every 32-byte load it cannot prove aligned into two halves, which made the
//! output layer twice as slow.
//!
//! AVX-512 versions of both loops were tried and left out: on the
//! development machine (AMD Zen 4, which splits 512-bit operations in two)
//! they were within noise of AVX2.
//!
//! The `unsafe` is confined to the AVX2 loads and stores, which take
//! references to whole chunks, and to the calls of the `#[target_feature]`
//! functions, made only after the CPU check.

use std::sync::atomic::{AtomicU8, Ordering};

/// Values per SIMD chunk: one 256-bit register of `i16`.
pub const CHUNK: usize = 16;

/// Sixteen accumulator values or weights, aligned for one AVX2 load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(32))]
pub(crate) struct Chunk(pub(crate) [i16; CHUNK]);

/// `values` (a multiple of 16 long) as chunks; a shorter last chunk is
/// padded with zeros.
pub(crate) fn to_chunks(values: &[i16]) -> Vec<Chunk> {
    values
        .chunks(CHUNK)
        .map(|c| {
            let mut chunk = Chunk::default();
            chunk.0[..c.len()].copy_from_slice(c);
            chunk
        })
        .collect()
}

/// The values of `chunks`, in order, as one slice.
pub(crate) fn values(chunks: &[Chunk]) -> &[i16] {
    // SAFETY: `Chunk` is `repr(C)` around `[i16; 16]` and 32 bytes long (no
    // padding), so `n` chunks are `16 n` consecutive, initialised `i16`s,
    // borrowed for as long as `chunks` is.
    unsafe { std::slice::from_raw_parts(chunks.as_ptr().cast::<i16>(), chunks.len() * CHUNK) }
}

/// [`values`], mutable.
pub(crate) fn values_mut(chunks: &mut [Chunk]) -> &mut [i16] {
    // SAFETY: as in `values`; every bit pattern is a valid `i16`, and the
    // slice borrows `chunks` mutably for its whole life.
    unsafe { std::slice::from_raw_parts_mut(chunks.as_mut_ptr().cast::<i16>(), chunks.len() * CHUNK) }
}

/// Which implementation of the hot loops to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// Plain Rust, auto-vectorised for the build's target; runs anywhere.
    Portable,
    /// AVX2 intrinsics (x86-64 only), chosen at run time. Asking for it on a
    /// CPU without AVX2 silently runs the portable code instead.
    Avx2,
}

impl Kernel {
    /// Every kernel, portable first.
    pub const ALL: [Kernel; 2] = [Kernel::Portable, Kernel::Avx2];

    /// The fastest kernel this CPU runs: AVX2 where available (checked once,
    /// then cached), portable otherwise.
    pub fn best() -> Kernel {
        if avx2_available() {
            Kernel::Avx2
        } else {
            Kernel::Portable
        }
    }

    /// True when this kernel can run on this CPU.
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Portable => true,
            Kernel::Avx2 => avx2_available(),
        }
    }

    /// A short name, for benches and `daba` output.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
        }
    }
}

/// 0: not asked yet, 1: no AVX2, 2: AVX2.
static AVX2: AtomicU8 = AtomicU8::new(0);

/// Whether the CPU has AVX2, asked once and cached.
fn avx2_available() -> bool {
    match AVX2.load(Ordering::Relaxed) {
        0 => {
            let found = detect_avx2();
            AVX2.store(if found { 2 } else { 1 }, Ordering::Relaxed);
            found
        }
        state => state == 2,
    }
}

#[cfg(target_arch = "x86_64")]
fn detect_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn detect_avx2() -> bool {
    false
}

/// The largest activation: `QA`, or 32767 when `QA` is larger (an `i16`
/// accumulator never exceeds it, so the clamp is the same).
pub(crate) fn clamp_max(qa: u32) -> i16 {
    qa.min(i16::MAX as u32) as i16
}

/// The output layer's product, per activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dot {
    /// `sum crelu(a) * w`.
    CReLU,
    /// `sum crelu(a)^2 * w`, where every `crelu(a) * w` fits an `i16`.
    SCReLUNarrow,
    /// `sum crelu(a)^2 * w`, with no such guarantee (products widened to `i32`).
    SCReLUWide,
}

/// `dst = base + sum of rows in add - sum of rows in sub`, 16-bit wrapping;
/// row `f` is `weights[f * n..(f + 1) * n]` with `n = dst.len()` chunks.
///
/// Panics if `base` and `dst` differ in length or a row lies outside `weights`.
pub(crate) fn update(
    kernel: Kernel,
    dst: &mut [Chunk],
    base: &[Chunk],
    weights: &[Chunk],
    add: &[usize],
    sub: &[usize],
) {
    assert_eq!(dst.len(), base.len(), "accumulator length");
    match kernel {
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 if avx2_available() => {
            // SAFETY: the CPU has AVX2 (checked just above); the function
            // needs nothing else.
            unsafe { avx2::update(dst, base, weights, add, sub) }
        }
        _ => portable::update(dst, base, weights, add, sub),
    }
}

/// The output layer's sum over one accumulator: `sum act(acc[i]) * w[i]`
/// (CReLU) or `sum act(acc[i])^2 * w[i]` (SCReLU), `act` clamping to
/// `0..=min(qa, 32767)`.
///
/// Panics if `acc` and `w` differ in length.
pub(crate) fn dot(kernel: Kernel, kind: Dot, acc: &[Chunk], w: &[Chunk], qa: u32) -> i32 {
    assert_eq!(acc.len(), w.len(), "output layer length");
    let max = clamp_max(qa);
    match kernel {
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 if avx2_available() => {
            // SAFETY: the CPU has AVX2 (checked just above); the functions
            // need nothing else.
            unsafe {
                match kind {
                    Dot::CReLU => avx2::dot_crelu(acc, w, max),
                    Dot::SCReLUNarrow => avx2::dot_screlu_narrow(acc, w, max),
                    Dot::SCReLUWide => avx2::dot_screlu_wide(acc, w, max),
                }
            }
        }
        _ => portable::dot(kind, acc, w, max),
    }
}

/// Plain Rust: loops over 16-value chunks that the compiler vectorises for
/// whatever the build targets.
mod portable {
    use super::{values, values_mut, Chunk, Dot};

    pub(super) fn update(dst: &mut [Chunk], base: &[Chunk], weights: &[Chunk], add: &[usize], sub: &[usize]) {
        let n = dst.len();
        dst.copy_from_slice(base);
        let dst = values_mut(dst);
        for &f in add {
            for (d, &w) in dst.iter_mut().zip(values(&weights[f * n..(f + 1) * n])) {
                *d = d.wrapping_add(w);
            }
        }
        for &f in sub {
            for (d, &w) in dst.iter_mut().zip(values(&weights[f * n..(f + 1) * n])) {
                *d = d.wrapping_sub(w);
            }
        }
    }

    pub(super) fn dot(kind: Dot, acc: &[Chunk], w: &[Chunk], max: i16) -> i32 {
        match kind {
            Dot::CReLU => dot_with(acc, w, |a| a.clamp(0, max) as i32),
            Dot::SCReLUNarrow | Dot::SCReLUWide => dot_with(acc, w, |a| {
                let c = a.clamp(0, max) as i32;
                c * c
            }),
        }
    }

    /// `sum act(a) * w`, one flat loop that the compiler vectorises.
    #[inline(always)]
    fn dot_with(acc: &[Chunk], w: &[Chunk], act: impl Fn(i16) -> i32) -> i32 {
        values(acc)
            .iter()
            .zip(values(w))
            .map(|(&a, &w)| act(a) * w as i32)
            .sum()
    }
}

/// AVX2 intrinsics. Every function here needs AVX2; callers check first.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::Chunk;
    use std::arch::x86_64::*;

    /// Chunks per tile of the accumulator update: eight registers hold 128
    /// values while every row is added, and are stored once.
    const TILE: usize = 8;

    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(src: &Chunk) -> __m256i {
        // SAFETY: a `Chunk` is 32 readable bytes aligned to 32.
        unsafe { _mm256_load_si256((src as *const Chunk).cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn store(dst: &mut Chunk, v: __m256i) {
        // SAFETY: a `Chunk` is 32 writable bytes aligned to 32.
        unsafe { _mm256_store_si256((dst as *mut Chunk).cast(), v) }
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn update(dst: &mut [Chunk], base: &[Chunk], weights: &[Chunk], add: &[usize], sub: &[usize]) {
        let n = dst.len();
        let mut start = 0;
        while start + TILE <= n {
            update_tile::<TILE>(dst, base, weights, add, sub, start);
            start += TILE;
        }
        while start < n {
            update_tile::<1>(dst, base, weights, add, sub, start);
            start += 1;
        }
    }

    /// Chunks `start..start + T` of the update, kept in `T` registers.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn update_tile<const T: usize>(
        dst: &mut [Chunk],
        base: &[Chunk],
        weights: &[Chunk],
        add: &[usize],
        sub: &[usize],
        start: usize,
    ) {
        let n = dst.len();
        let base = &base[start..start + T];
        let mut regs: [__m256i; T] = std::array::from_fn(|i| load(&base[i]));
        for &f in add {
            let row = &weights[f * n + start..f * n + start + T];
            for i in 0..T {
                regs[i] = _mm256_add_epi16(regs[i], load(&row[i]));
            }
        }
        for &f in sub {
            let row = &weights[f * n + start..f * n + start + T];
            for i in 0..T {
                regs[i] = _mm256_sub_epi16(regs[i], load(&row[i]));
            }
        }
        for (d, &r) in dst[start..start + T].iter_mut().zip(&regs) {
            store(d, r);
        }
    }

    /// The sum of the eight `i32` lanes.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn sum_lanes(v: __m256i) -> i32 {
        let x = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let x = _mm_add_epi32(x, _mm_shuffle_epi32::<0b01_00_11_10>(x));
        let x = _mm_add_epi32(x, _mm_shuffle_epi32::<0b10_11_00_01>(x));
        _mm_cvtsi128_si32(x)
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn clamp(a: &Chunk, max: __m256i) -> __m256i {
        _mm256_min_epi16(_mm256_max_epi16(load(a), _mm256_setzero_si256()), max)
    }

    /// `sum clamp(a) * w`: `madd` multiplies 16-bit pairs exactly into 32 bits.
    #[target_feature(enable = "avx2")]
    pub(super) fn dot_crelu(acc: &[Chunk], w: &[Chunk], max: i16) -> i32 {
        let max = _mm256_set1_epi16(max);
        let mut sum = _mm256_setzero_si256();
        for (a, w) in acc.iter().zip(w) {
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clamp(a, max), load(w)));
        }
        sum_lanes(sum)
    }

    /// `sum clamp(a)^2 * w` when every `clamp(a) * w` fits an `i16`:
    /// `(c * w) * c` with a 16-bit multiply, then `madd`.
    #[target_feature(enable = "avx2")]
    pub(super) fn dot_screlu_narrow(acc: &[Chunk], w: &[Chunk], max: i16) -> i32 {
        let max = _mm256_set1_epi16(max);
        let mut sum = _mm256_setzero_si256();
        for (a, w) in acc.iter().zip(w) {
            let c = clamp(a, max);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(c, load(w)), c));
        }
        sum_lanes(sum)
    }

    /// `sum clamp(a)^2 * w` in general: values widened to `i32` first.
    #[target_feature(enable = "avx2")]
    pub(super) fn dot_screlu_wide(acc: &[Chunk], w: &[Chunk], max: i16) -> i32 {
        let max = _mm256_set1_epi16(max);
        let mut sum = _mm256_setzero_si256();
        for (a, w) in acc.iter().zip(w) {
            let c = clamp(a, max);
            let w = load(w);
            let halves = [
                (_mm256_castsi256_si128(c), _mm256_castsi256_si128(w)),
                (_mm256_extracti128_si256::<1>(c), _mm256_extracti128_si256::<1>(w)),
            ];
            for (c, w) in halves {
                let c = _mm256_cvtepi16_epi32(c);
                let squared = _mm256_mullo_epi32(c, c);
                sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(squared, _mm256_cvtepi16_epi32(w)));
            }
        }
        sum_lanes(sum)
    }
}
