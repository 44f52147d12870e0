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
//! The `unsafe` is confined to the AVX2 loads and stores, which take
//! references to whole 16-value chunks (`&[i16; 16]`), and to the calls of
//! the `#[target_feature]` functions, made only after the CPU check.

use std::sync::atomic::{AtomicU8, Ordering};

/// Values per SIMD chunk: one 256-bit register of `i16`.
pub const CHUNK: usize = 16;

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
/// row `f` is `weights[f * N..(f + 1) * N]` with `N = dst.len()`.
///
/// Panics if `base` is not `N` long, `N` is not a multiple of 16, or a row
/// lies outside `weights`.
pub(crate) fn update(
    kernel: Kernel,
    dst: &mut [i16],
    base: &[i16],
    weights: &[i16],
    add: &[usize],
    sub: &[usize],
) {
    assert!(
        dst.len() == base.len() && dst.len().is_multiple_of(CHUNK),
        "accumulator length"
    );
    let (dst, _) = dst.as_chunks_mut::<CHUNK>();
    let (base, _) = base.as_chunks::<CHUNK>();
    let (weights, _) = weights.as_chunks::<CHUNK>();
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
/// Panics if `acc` and `w` differ in length or are not a multiple of 16 long.
pub(crate) fn dot(kernel: Kernel, kind: Dot, acc: &[i16], w: &[i16], qa: u32) -> i32 {
    assert!(
        acc.len() == w.len() && acc.len().is_multiple_of(CHUNK),
        "output layer length"
    );
    let (acc, _) = acc.as_chunks::<CHUNK>();
    let (w, _) = w.as_chunks::<CHUNK>();
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
    use super::{Dot, CHUNK};

    pub(super) fn update(
        dst: &mut [[i16; CHUNK]],
        base: &[[i16; CHUNK]],
        weights: &[[i16; CHUNK]],
        add: &[usize],
        sub: &[usize],
    ) {
        let n = dst.len();
        dst.copy_from_slice(base);
        for &f in add {
            for (d, w) in dst.iter_mut().zip(&weights[f * n..(f + 1) * n]) {
                for i in 0..CHUNK {
                    d[i] = d[i].wrapping_add(w[i]);
                }
            }
        }
        for &f in sub {
            for (d, w) in dst.iter_mut().zip(&weights[f * n..(f + 1) * n]) {
                for i in 0..CHUNK {
                    d[i] = d[i].wrapping_sub(w[i]);
                }
            }
        }
    }

    pub(super) fn dot(kind: Dot, acc: &[[i16; CHUNK]], w: &[[i16; CHUNK]], max: i16) -> i32 {
        let mut sum = [0i32; CHUNK];
        for (a, w) in acc.iter().zip(w) {
            for i in 0..CHUNK {
                let c = a[i].clamp(0, max) as i32;
                let term = match kind {
                    Dot::CReLU => c * w[i] as i32,
                    Dot::SCReLUNarrow | Dot::SCReLUWide => c * c * w[i] as i32,
                };
                sum[i] += term;
            }
        }
        sum.iter().sum()
    }
}

/// AVX2 intrinsics. Every function here needs AVX2; callers check first.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::CHUNK;
    use std::arch::x86_64::*;

    /// Chunks per tile of the accumulator update: eight registers hold 128
    /// values while every row is added, and are stored once.
    const TILE: usize = 8;

    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(src: &[i16; CHUNK]) -> __m256i {
        // SAFETY: `src` is 32 readable bytes; `loadu` needs no alignment.
        unsafe { _mm256_loadu_si256(src.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn store(dst: &mut [i16; CHUNK], v: __m256i) {
        // SAFETY: `dst` is 32 writable bytes; `storeu` needs no alignment.
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), v) }
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn update(
        dst: &mut [[i16; CHUNK]],
        base: &[[i16; CHUNK]],
        weights: &[[i16; CHUNK]],
        add: &[usize],
        sub: &[usize],
    ) {
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
        dst: &mut [[i16; CHUNK]],
        base: &[[i16; CHUNK]],
        weights: &[[i16; CHUNK]],
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
    fn clamp(a: &[i16; CHUNK], max: __m256i) -> __m256i {
        _mm256_min_epi16(_mm256_max_epi16(load(a), _mm256_setzero_si256()), max)
    }

    /// `sum clamp(a) * w`: `madd` multiplies 16-bit pairs exactly into 32 bits.
    #[target_feature(enable = "avx2")]
    pub(super) fn dot_crelu(acc: &[[i16; CHUNK]], w: &[[i16; CHUNK]], max: i16) -> i32 {
        let max = _mm256_set1_epi16(max);
        let mut sums = [_mm256_setzero_si256(); 2];
        for (i, (a, w)) in acc.iter().zip(w).enumerate() {
            let p = _mm256_madd_epi16(clamp(a, max), load(w));
            sums[i & 1] = _mm256_add_epi32(sums[i & 1], p);
        }
        sum_lanes(_mm256_add_epi32(sums[0], sums[1]))
    }

    /// `sum clamp(a)^2 * w` when every `clamp(a) * w` fits an `i16`:
    /// `(c * w) * c` with a 16-bit multiply, then `madd`.
    #[target_feature(enable = "avx2")]
    pub(super) fn dot_screlu_narrow(acc: &[[i16; CHUNK]], w: &[[i16; CHUNK]], max: i16) -> i32 {
        let max = _mm256_set1_epi16(max);
        let mut sums = [_mm256_setzero_si256(); 2];
        for (i, (a, w)) in acc.iter().zip(w).enumerate() {
            let c = clamp(a, max);
            let p = _mm256_madd_epi16(_mm256_mullo_epi16(c, load(w)), c);
            sums[i & 1] = _mm256_add_epi32(sums[i & 1], p);
        }
        sum_lanes(_mm256_add_epi32(sums[0], sums[1]))
    }

    /// `sum clamp(a)^2 * w` in general: values widened to `i32` first.
    #[target_feature(enable = "avx2")]
    pub(super) fn dot_screlu_wide(acc: &[[i16; CHUNK]], w: &[[i16; CHUNK]], max: i16) -> i32 {
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
