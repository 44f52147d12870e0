//! The net itself: its weights, the file format of `docs/nnue.md` (versions 1 and 2)
//! (reading, checking and writing), and the output layer.
//!
//! Every check the format asks for is made once, here, when a net is built:
//! the rest of the inference can then rely on them (a 16-bit accumulator that
//! cannot overflow, an `i32` output sum that cannot overflow) and needs no
//! checks of its own.

use super::features::{self, FeatureSet, INPUTS};
use super::simd::{self, Chunk, Kernel};
use movegen::{Board, Color};
use std::fmt;
use std::path::Path;

/// The eight bytes every net file starts with.
pub const MAGIC: [u8; 8] = *b"DABANNUE";
/// The newest file format version this code reads and writes: version 2
/// adds the `features` field to version 1's header. A net in the plain
/// feature set is written as version 1, which every build reads.
pub const VERSION: u32 = 2;
/// The largest hidden size `N` a file may have.
pub const MAX_HIDDEN: usize = 4096;
/// The largest number of output buckets `B` a file may have.
pub const MAX_BUCKETS: usize = 16;
/// The hidden size must be a multiple of this (one 256-bit register of `i16`).
pub const HIDDEN_MULTIPLE: usize = 16;
/// The most pieces a position can hold: the bound the overflow check uses.
pub const MAX_PIECES: i32 = 32;

/// The largest net file `Network::load` reads: far above the largest net the
/// format allows (about 6.4 MB at 4096 hidden neurons and 16 buckets).
pub const MAX_NET_FILE_BYTES: u64 = 64 << 20;
/// Bytes before the weights: the magic and eight `u32` fields (version 1),
/// or nine (version 2).
const fn header_bytes(version: u32) -> usize {
    8 + if version >= 2 { 9 } else { 8 } * 4
}
/// Bytes after the weights: the checksum.
const CHECKSUM_BYTES: usize = 8;
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The hidden layer's activation, as the file's `activation` field gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Activation {
    /// `clamp(x, 0, QA)` (file value 0).
    CReLU,
    /// `clamp(x, 0, QA)^2` (file value 1).
    SCReLU,
}

impl Activation {
    /// The value of the file's `activation` field.
    pub const fn code(self) -> u32 {
        match self {
            Activation::CReLU => 0,
            Activation::SCReLU => 1,
        }
    }

    /// The activation of a file's `activation` field, if it is a known one.
    pub const fn from_code(code: u32) -> Option<Activation> {
        match code {
            0 => Some(Activation::CReLU),
            1 => Some(Activation::SCReLU),
            _ => None,
        }
    }
}

/// The quantisation constants of a net: `QA`, `QB` and `SCALE` of `docs/nnue.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Quantisation {
    /// `QA`: the feature transformer's scale, and the activation's upper clamp.
    pub qa: u32,
    /// `QB`: the output weights' scale.
    pub qb: u32,
    /// `SCALE`: centipawns per unit of the float output.
    pub scale: u32,
}

impl Quantisation {
    /// The usual constants: `QA = 255`, `QB = 64`, `SCALE = 400`.
    pub const DEFAULT: Quantisation = Quantisation {
        qa: 255,
        qb: 64,
        scale: 400,
    };
}

/// Why a net was refused.
#[derive(Debug)]
pub enum NetError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The file is empty.
    Empty,
    /// The file does not start with `DABANNUE`.
    BadMagic,
    /// The version field is not one this code reads.
    UnknownVersion(u32),
    /// The `inputs` field is not 768.
    BadInputs(u32),
    /// The `hidden` field is zero, not a multiple of 16, or above 4096.
    BadHidden(u32),
    /// The `buckets` field is outside 1..=16.
    BadBuckets(u32),
    /// The file is shorter than its header says it must be.
    Truncated {
        /// The length the header implies (at least this many bytes).
        expected: usize,
        /// The file's length.
        found: usize,
    },
    /// The file is longer than its header says it must be.
    TooLong {
        /// The length the header implies.
        expected: usize,
        /// The file's length.
        found: usize,
    },
    /// The stored checksum is not the FNV-1a 64 of the bytes before it.
    BadChecksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the file's contents.
        computed: u64,
    },
    /// The `activation` field is neither 0 (CReLU) nor 1 (SCReLU).
    BadActivation(u32),
    /// The `features` field (version 2) is neither 0 (768) nor 1 (768-hm).
    BadFeatures(u32),
    /// `QA`, `QB` or `SCALE` is zero, or `QA * QB` or `SCALE` does not fit
    /// an `i32`: the output formula would divide by zero or overflow.
    BadQuantisation(Quantisation),
    /// A feature-transformer column could overflow the 16-bit accumulator:
    /// `|ft_bias[j]| + 32 * max_f |ft_weights[f][j]| > 32767`.
    AccumulatorOverflow {
        /// The hidden neuron `j`.
        neuron: usize,
        /// `|ft_bias[j]| + 32 * max_f |ft_weights[f][j]|`.
        bound: i64,
    },
    /// The output sum could overflow `i32`: `2N * QA * max |out_weights|`
    /// (CReLU) or `2N * QA * QA * max |out_weights|` (SCReLU) is above
    /// `2^31 - 1`.
    OutputOverflow {
        /// The worst-case sum.
        bound: u128,
    },
    /// A part given to [`Network::from_parts`] has the wrong length.
    BadPartLength {
        /// Which part.
        part: &'static str,
        /// The length its sizes require.
        expected: usize,
        /// Its length.
        found: usize,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io(e) => write!(f, "cannot read the net file: {e}"),
            NetError::Empty => write!(f, "the net file is empty"),
            NetError::BadMagic => write!(f, "not a Daba net file (the magic is not DABANNUE)"),
            NetError::UnknownVersion(v) => write!(f, "unknown net file version {v} (this build reads 1 to {VERSION})"),
            NetError::BadInputs(n) => write!(f, "the net has {n} inputs, not {INPUTS}"),
            NetError::BadHidden(n) => write!(
                f,
                "hidden size {n} is not a positive multiple of {HIDDEN_MULTIPLE} up to {MAX_HIDDEN}"
            ),
            NetError::BadBuckets(n) => write!(f, "{n} output buckets (must be 1 to {MAX_BUCKETS})"),
            NetError::Truncated { expected, found } => {
                write!(f, "the net file is truncated: {found} bytes, the header needs {expected}")
            }
            NetError::TooLong { expected, found } => {
                write!(f, "the net file is too long: {found} bytes, the header needs {expected}")
            }
            NetError::BadChecksum { stored, computed } => write!(
                f,
                "bad checksum: the file says {stored:#018x}, its contents give {computed:#018x}"
            ),
            NetError::BadActivation(a) => write!(f, "unknown activation {a} (0 = CReLU, 1 = SCReLU)"),
            NetError::BadFeatures(n) => write!(f, "unknown feature set {n} (0 = 768, 1 = 768-hm)"),
            NetError::BadQuantisation(q) => write!(
                f,
                "unusable quantisation QA = {}, QB = {}, SCALE = {} (all must be positive, QA * QB and SCALE below 2^31)",
                q.qa, q.qb, q.scale
            ),
            NetError::AccumulatorOverflow { neuron, bound } => write!(
                f,
                "hidden neuron {neuron} could overflow the 16-bit accumulator (|bias| + 32 * max |weight| = {bound} > 32767)"
            ),
            NetError::OutputOverflow { bound } => {
                write!(f, "the output sum could overflow i32 (worst case {bound} > 2^31 - 1)")
            }
            NetError::BadPartLength {
                part,
                expected,
                found,
            } => write!(f, "{part} has {found} values, the sizes need {expected}"),
        }
    }
}

impl std::error::Error for NetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for NetError {
    fn from(e: std::io::Error) -> NetError {
        NetError::Io(e)
    }
}

/// A checked NNUE net, ready for inference: `(768 -> N) x 2 -> 1` with `B`
/// output buckets (see `docs/nnue.md`).
///
/// Built only by [`Network::from_bytes`], [`Network::load`],
/// [`Network::from_parts`] or [`Network::random`], all of which make every
/// check of the format; a `Network` therefore never overflows its integer
/// arithmetic, whatever the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    buckets: usize,
    activation: Activation,
    features: FeatureSet,
    quant: Quantisation,
    /// `768 * N / 16` chunks: feature `f`'s row is chunks `f * N / 16..`.
    ft_weights: Vec<Chunk>,
    ft_bias: Vec<Chunk>,
    /// `B * 2N / 16` chunks: bucket `b`'s weights, side to move's half first.
    out_weights: Vec<Chunk>,
    out_bias: Vec<i32>,
    /// SCReLU only: `min(QA, 32767) * max |out_weights| <= 32767`, so the
    /// product of an activation and a weight fits an `i16` (a faster kernel).
    narrow_products: bool,
}

/// The file's length for a version, a hidden size and a bucket count (all
/// checked).
fn file_len(version: u32, hidden: usize, buckets: usize) -> usize {
    header_bytes(version)
        + 2 * (INPUTS * hidden + hidden + buckets * 2 * hidden)
        + 4 * buckets
        + CHECKSUM_BYTES
}

/// FNV-1a 64 of `bytes`: the net file's checksum (over everything before
/// it), and the trainer's checkpoint checksum.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(FNV_OFFSET, |h, &b| (h ^ b as u64).wrapping_mul(FNV_PRIME))
}

/// Reads little-endian values from a byte slice; every read is checked and
/// fails with `None` past the end, so a bad file cannot panic the loader.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take<const K: usize>(&mut self) -> Option<[u8; K]> {
        let (head, rest) = self.bytes.split_first_chunk::<K>()?;
        self.bytes = rest;
        Some(*head)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take::<4>().map(u32::from_le_bytes)
    }

    fn i16s(&mut self, count: usize) -> Option<Vec<i16>> {
        (0..count)
            .map(|_| self.take::<2>().map(i16::from_le_bytes))
            .collect()
    }

    fn i32s(&mut self, count: usize) -> Option<Vec<i32>> {
        (0..count)
            .map(|_| self.take::<4>().map(i32::from_le_bytes))
            .collect()
    }
}

/// The header's fields, as read.
struct Header {
    version: u32,
    /// The `features` code (0 in version 1, which has no such field).
    features: u32,
    inputs: u32,
    hidden: u32,
    buckets: u32,
    activation: u32,
    quant: Quantisation,
}

fn read_header(bytes: &[u8]) -> Result<Header, NetError> {
    if bytes.is_empty() {
        return Err(NetError::Empty);
    }
    let prefix = bytes.len().min(MAGIC.len());
    if bytes[..prefix] != MAGIC[..prefix] {
        return Err(NetError::BadMagic);
    }
    let truncated = |version| NetError::Truncated {
        expected: header_bytes(version),
        found: bytes.len(),
    };
    let mut r = Reader {
        bytes: &bytes[prefix..],
    };
    let mut field = || r.u32();
    let fields = [(); 8].map(|_| field());
    let [Some(version), Some(inputs), Some(hidden), Some(buckets), Some(activation), Some(qa), Some(qb), Some(scale)] =
        fields
    else {
        return Err(truncated(1));
    };
    let features = if version >= 2 {
        r.u32().ok_or(truncated(version))?
    } else {
        0
    };
    Ok(Header {
        version,
        features,
        inputs,
        hidden,
        buckets,
        activation,
        quant: Quantisation { qa, qb, scale },
    })
}

/// The sizes' checks: the ones the file's length depends on.
fn check_sizes(h: &Header) -> Result<(usize, usize), NetError> {
    if !(1..=VERSION).contains(&h.version) {
        return Err(NetError::UnknownVersion(h.version));
    }
    if h.inputs as usize != INPUTS {
        return Err(NetError::BadInputs(h.inputs));
    }
    check_shape(h.hidden as usize, h.buckets as usize)
}

/// `N` a positive multiple of 16 up to 4096, `B` 1 to 16.
fn check_shape(hidden: usize, buckets: usize) -> Result<(usize, usize), NetError> {
    let field = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    if hidden == 0 || !hidden.is_multiple_of(HIDDEN_MULTIPLE) || hidden > MAX_HIDDEN {
        return Err(NetError::BadHidden(field(hidden)));
    }
    if !(1..=MAX_BUCKETS).contains(&buckets) {
        return Err(NetError::BadBuckets(field(buckets)));
    }
    Ok((hidden, buckets))
}

fn check_length(bytes: &[u8], expected: usize) -> Result<(), NetError> {
    let found = bytes.len();
    if found < expected {
        Err(NetError::Truncated { expected, found })
    } else if found > expected {
        Err(NetError::TooLong { expected, found })
    } else {
        Ok(())
    }
}

fn check_checksum(bytes: &[u8]) -> Result<(), NetError> {
    let (body, tail) = bytes.split_at(bytes.len().saturating_sub(CHECKSUM_BYTES));
    let stored = tail.try_into().map(u64::from_le_bytes).unwrap_or_default();
    let computed = fnv1a64(body);
    if stored == computed {
        Ok(())
    } else {
        Err(NetError::BadChecksum { stored, computed })
    }
}

fn check_quantisation(q: Quantisation) -> Result<(), NetError> {
    let limit = i32::MAX as u64;
    let usable =
        q.qa > 0 && q.qb > 0 && q.scale > 0 && q.qa as u64 * q.qb as u64 <= limit && q.scale as u64 <= limit;
    if usable {
        Ok(())
    } else {
        Err(NetError::BadQuantisation(q))
    }
}

/// `|ft_bias[j]| + 32 * max_f |ft_weights[f][j]| <= 32767` for every `j`.
fn check_accumulator(hidden: usize, ft_weights: &[i16], ft_bias: &[i16]) -> Result<(), NetError> {
    let mut max = vec![0i64; hidden];
    for row in ft_weights.chunks_exact(hidden) {
        for (m, &w) in max.iter_mut().zip(row) {
            *m = (*m).max((w as i64).abs());
        }
    }
    for (neuron, (&b, &m)) in ft_bias.iter().zip(&max).enumerate() {
        let bound = (b as i64).abs() + MAX_PIECES as i64 * m;
        if bound > i16::MAX as i64 {
            return Err(NetError::AccumulatorOverflow { neuron, bound });
        }
    }
    Ok(())
}

/// `2N * QA * max |w|` (CReLU) or `2N * QA^2 * max |w|` (SCReLU) `<= 2^31 - 1`.
fn check_output(hidden: usize, activation: Activation, qa: u32, out_weights: &[i16]) -> Result<(), NetError> {
    let max = out_weights
        .iter()
        .map(|&w| (w as i32).unsigned_abs())
        .max()
        .unwrap_or(0) as u128;
    let qa = qa as u128;
    let per_weight = match activation {
        Activation::CReLU => qa,
        Activation::SCReLU => qa * qa,
    };
    let bound = 2 * hidden as u128 * per_weight * max;
    if bound > i32::MAX as u128 {
        Err(NetError::OutputOverflow { bound })
    } else {
        Ok(())
    }
}

fn check_part(part: &'static str, expected: usize, found: usize) -> Result<(), NetError> {
    if expected == found {
        Ok(())
    } else {
        Err(NetError::BadPartLength {
            part,
            expected,
            found,
        })
    }
}

/// A small deterministic generator (SplitMix64) for [`Network::random`]:
/// the eval crate has no `rand` dependency outside its tests.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `-limit..=limit` (`limit` small, so the bias is negligible).
    fn symmetric(&mut self, limit: i64) -> i64 {
        (self.next() % (2 * limit as u64 + 1)) as i64 - limit
    }
}

impl Network {
    /// Reads and checks a net file's bytes (format version 1 or 2 of
    /// `docs/nnue.md`).
    ///
    /// Never panics: any input is either a valid net or an error naming the
    /// first problem found, in this order: empty, magic, header truncated,
    /// version, inputs, hidden size, buckets, file length, checksum,
    /// activation, feature set, quantisation constants, then the two
    /// overflow checks.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let header = read_header(bytes)?;
        let (hidden, buckets) = check_sizes(&header)?;
        let len = file_len(header.version, hidden, buckets);
        check_length(bytes, len)?;
        check_checksum(bytes)?;
        let activation =
            Activation::from_code(header.activation).ok_or(NetError::BadActivation(header.activation))?;
        let features =
            FeatureSet::from_code(header.features).ok_or(NetError::BadFeatures(header.features))?;
        let mut r = Reader {
            bytes: &bytes[header_bytes(header.version)..],
        };
        let truncated = NetError::Truncated {
            expected: len,
            found: bytes.len(),
        };
        let parts = (
            r.i16s(INPUTS * hidden),
            r.i16s(hidden),
            r.i16s(buckets * 2 * hidden),
            r.i32s(buckets),
        );
        let (Some(ft_weights), Some(ft_bias), Some(out_weights), Some(out_bias)) = parts else {
            return Err(truncated);
        };
        Network::from_parts(
            activation,
            header.quant,
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
        )
        .map(|net| net.with_feature_set(features))
    }

    /// Reads and checks the net file at `path` (see [`Network::from_bytes`]):
    /// a regular file of at most [`MAX_NET_FILE_BYTES`].
    pub fn load(path: impl AsRef<Path>) -> Result<Network, NetError> {
        Network::from_bytes(&crate::file::read_regular(path, MAX_NET_FILE_BYTES)?)
    }

    /// Builds a net from its weights, with every check of the file format.
    ///
    /// The hidden size is `ft_bias.len()` and the bucket count
    /// `out_bias.len()`; `ft_weights` holds `768 * N` values (row `f` is
    /// feature `f`'s `N` weights) and `out_weights` `B * 2N` (bucket `b`'s
    /// `2N` weights, side to move's half first), as in the file.
    pub fn from_parts(
        activation: Activation,
        quant: Quantisation,
        ft_weights: Vec<i16>,
        ft_bias: Vec<i16>,
        out_weights: Vec<i16>,
        out_bias: Vec<i32>,
    ) -> Result<Network, NetError> {
        let (hidden, buckets) = check_shape(ft_bias.len(), out_bias.len())?;
        check_part("ft_weights", INPUTS * hidden, ft_weights.len())?;
        check_part("out_weights", buckets * 2 * hidden, out_weights.len())?;
        check_quantisation(quant)?;
        check_accumulator(hidden, &ft_weights, &ft_bias)?;
        check_output(hidden, activation, quant.qa, &out_weights)?;
        let max_out = out_weights.iter().map(|&w| (w as i32).abs()).max().unwrap_or(0);
        let narrow_products = simd::clamp_max(quant.qa) as i32 * max_out <= i16::MAX as i32;
        Ok(Network {
            hidden,
            buckets,
            activation,
            features: FeatureSet::Plain,
            quant,
            ft_weights: simd::to_chunks(&ft_weights),
            ft_bias: simd::to_chunks(&ft_bias),
            out_weights: simd::to_chunks(&out_weights),
            out_bias,
            narrow_products,
        })
    }

    /// The same net reading its inputs in `features` (the weights are
    /// unchanged: a net file says which set its weights were trained for).
    pub fn with_feature_set(mut self, features: FeatureSet) -> Network {
        self.features = features;
        self
    }

    /// The net as a file: version 1 for the plain feature set, version 2
    /// otherwise; the exact inverse of [`Network::from_bytes`], checksum
    /// included.
    pub fn to_bytes(&self) -> Vec<u8> {
        let version = if self.features == FeatureSet::Plain { 1 } else { 2 };
        let mut out = Vec::with_capacity(file_len(version, self.hidden, self.buckets));
        out.extend_from_slice(&MAGIC);
        let q = self.quant;
        let fields = [
            version,
            INPUTS as u32,
            self.hidden as u32,
            self.buckets as u32,
            self.activation.code(),
            q.qa,
            q.qb,
            q.scale,
        ];
        for v in fields {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if version >= 2 {
            out.extend_from_slice(&self.features.code().to_le_bytes());
        }
        for part in [&self.ft_weights, &self.ft_bias, &self.out_weights] {
            for v in simd::values(part) {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for v in &self.out_bias {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let checksum = fnv1a64(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// A valid net with pseudo-random, non-trivial weights, the same for the
    /// same arguments: **for tests and benches**, so that they run without a
    /// trained net. Its evaluations mean nothing.
    ///
    /// `hidden` must be a positive multiple of 16 up to 4096 and `buckets`
    /// 1 to 16 (panics otherwise). Uses [`Quantisation::DEFAULT`]; weights
    /// are as large as the overflow checks allow, up to 64, so that
    /// activations are spread between 0 and `QA`.
    pub fn random(hidden: usize, buckets: usize, activation: Activation, seed: u64) -> Network {
        let quant = Quantisation::DEFAULT;
        let mut rng = SplitMix(seed ^ 0x6461_6261_6e6e_7565);
        let mut fill =
            |count: usize, limit: i64| -> Vec<i64> { (0..count).map(|_| rng.symmetric(limit)).collect() };
        let ft_weights = fill(INPUTS * hidden, 100).into_iter().map(|w| w as i16).collect();
        let ft_bias = fill(hidden, 150).into_iter().map(|w| w as i16).collect();
        let qa = quant.qa as i64;
        let per_weight = match activation {
            Activation::CReLU => qa,
            Activation::SCReLU => qa * qa,
        };
        let out_limit = (i32::MAX as i64 / (2 * hidden.max(1) as i64 * per_weight)).min(64);
        let out_weights = fill(buckets * 2 * hidden, out_limit)
            .into_iter()
            .map(|w| w as i16)
            .collect();
        let bias_limit = (quant.qa * quant.qb) as i64;
        let out_bias = fill(buckets, bias_limit).into_iter().map(|b| b as i32).collect();
        match Network::from_parts(activation, quant, ft_weights, ft_bias, out_weights, out_bias) {
            Ok(net) => net,
            Err(e) => panic!("Network::random({hidden}, {buckets}, ...): {e}"),
        }
    }

    /// The hidden size `N`.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The number of output buckets `B`.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// The hidden layer's activation.
    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// How the net numbers its inputs.
    pub fn feature_set(&self) -> FeatureSet {
        self.features
    }

    /// `QA`, `QB` and `SCALE`.
    pub fn quantisation(&self) -> Quantisation {
        self.quant
    }

    /// The feature transformer's weights as the file stores them: `768 x N`,
    /// row `f` is feature `f`'s `N` weights.
    pub fn ft_weights(&self) -> &[i16] {
        simd::values(&self.ft_weights)
    }

    /// The feature transformer's `N` biases.
    pub fn ft_bias(&self) -> &[i16] {
        simd::values(&self.ft_bias)
    }

    /// The output weights as the file stores them: `B x 2N`, each bucket's
    /// side-to-move half first.
    pub fn out_weights(&self) -> &[i16] {
        simd::values(&self.out_weights)
    }

    /// The `B` output biases (scaled by `QA * QB`).
    pub fn out_bias(&self) -> &[i32] {
        &self.out_bias
    }

    /// The output bucket of a position: `min((pieces - 2) * B / 31, B - 1)`.
    pub fn bucket(&self, board: &Board) -> usize {
        let pieces = board.occupied().count() as usize;
        (pieces.saturating_sub(2) * self.buckets / 31).min(self.buckets - 1)
    }

    /// The full accumulator of `perspective` for `board`, computed from
    /// scratch: `ft_bias` plus the weight rows of its active features (for
    /// tests and tools; a search uses an [`AccumulatorStack`](super::AccumulatorStack)).
    pub fn accumulator(&self, kernel: Kernel, board: &Board, perspective: Color) -> Vec<i16> {
        simd::values(&self.full_accumulator(kernel, board, perspective)).to_vec()
    }

    /// The evaluation of `board` from scratch (see [`super::evaluate_with`]).
    pub(crate) fn evaluate_from_scratch(&self, kernel: Kernel, board: &Board) -> i32 {
        let stm = board.side_to_move();
        let us = self.full_accumulator(kernel, board, stm);
        let them = self.full_accumulator(kernel, board, !stm);
        self.output(kernel, &us, &them, self.bucket(board))
    }

    fn full_accumulator(&self, kernel: Kernel, board: &Board, perspective: Color) -> Vec<Chunk> {
        let mut acc = vec![Chunk::default(); self.ft_bias.len()];
        self.refresh_into(kernel, board, perspective, &mut acc);
        acc
    }

    /// The feature transformer's weights, row after row.
    pub(crate) fn ft_weight_chunks(&self) -> &[Chunk] {
        &self.ft_weights
    }

    /// Writes the full accumulator of `perspective` for `board` into `out`
    /// (`N / 16` chunks).
    pub(crate) fn refresh_into(&self, kernel: Kernel, board: &Board, perspective: Color, out: &mut [Chunk]) {
        let mut active = [0usize; 64];
        let count = features::active_features(self.features, board, perspective, &mut active);
        simd::update(
            kernel,
            out,
            &self.ft_bias,
            &self.ft_weights,
            &active[..count],
            &[],
        );
    }

    /// The output layer: the evaluation in centipawns, for the side to move,
    /// of the accumulators `us` (the side to move's) and `them` (the other
    /// side's), with output bucket `bucket`.
    ///
    /// Applies the formula of `docs/nnue.md` exactly. The sum is `i32` as
    /// there (the overflow check guarantees it fits); the last step,
    /// `(sum + bias) * SCALE / (QA * QB)`, is made in `i64` and saturated to
    /// `i32`, which gives the same value whenever the `i32` formula does not
    /// overflow and a sensible one where it would (a huge bias). The result
    /// is not clamped otherwise: a search must keep it clear of its mate scores.
    ///
    /// Panics if `us` or `them` is not `N / 16` chunks long or `bucket >= B`.
    pub(crate) fn output(&self, kernel: Kernel, us: &[Chunk], them: &[Chunk], bucket: usize) -> i32 {
        let n = self.ft_bias.len();
        let weights = &self.out_weights[bucket * 2 * n..(bucket + 1) * 2 * n];
        let (w_us, w_them) = weights.split_at(n);
        let qa = self.quant.qa;
        let kind = match self.activation {
            Activation::CReLU => simd::Dot::CReLU,
            Activation::SCReLU if self.narrow_products => simd::Dot::SCReLUNarrow,
            Activation::SCReLU => simd::Dot::SCReLUWide,
        };
        let sum = simd::dot(kernel, kind, us, w_us, qa) + simd::dot(kernel, kind, them, w_them, qa);
        let qa = qa as i64;
        let sum = match self.activation {
            Activation::CReLU => sum as i64,
            Activation::SCReLU => sum as i64 / qa,
        };
        let out =
            (sum + self.out_bias[bucket] as i64) * self.quant.scale as i64 / (qa * self.quant.qb as i64);
        out.clamp(i32::MIN as i64, i32::MAX as i64) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Every shape of output layer: both activations, SCReLU with products
    /// that fit 16 bits and with products that do not, odd chunk counts.
    fn nets(rng: &mut StdRng) -> Vec<Network> {
        let mut nets = Vec::new();
        for (hidden, buckets) in [(16, 1), (48, 3), (256, 8), (400, 2)] {
            for activation in [Activation::CReLU, Activation::SCReLU] {
                nets.push(Network::random(hidden, buckets, activation, rng.gen()));
            }
        }
        // N = 16 and 48 (one and three chunks per perspective), output
        // weights as large as the bound allows: `QA * w` exceeds `i16`.
        for (n, limit) in [(16, 1000), (48, 340)] {
            let wide = Network::from_parts(
                Activation::SCReLU,
                Quantisation::DEFAULT,
                vec![0; INPUTS * n],
                vec![0; n],
                (0..2 * n).map(|_| rng.gen_range(-limit..=limit)).collect(),
                vec![rng.gen_range(-20000..=20000)],
            )
            .expect("valid net");
            assert!(!wide.narrow_products);
            nets.push(wide);
        }
        nets
    }

    #[test]
    fn output_kernels_agree_on_any_accumulator() {
        let kernels: Vec<Kernel> = Kernel::ALL[1..]
            .iter()
            .copied()
            .filter(|k| k.is_available())
            .collect();
        if kernels.is_empty() {
            println!("note: this CPU has no AVX2; only the portable kernel was tested");
        }
        // Accumulator values over the whole i16 range, not only those positions give.
        let mut rng = StdRng::seed_from_u64(6);
        for net in nets(&mut rng) {
            let n = net.hidden() / simd::CHUNK;
            for _ in 0..50 {
                let mut acc = || -> Vec<Chunk> { (0..n).map(|_| Chunk(rng.gen())).collect() };
                let (us, them) = (acc(), acc());
                for bucket in 0..net.buckets() {
                    let portable = net.output(Kernel::Portable, &us, &them, bucket);
                    for &kernel in &kernels {
                        assert_eq!(net.output(kernel, &us, &them, bucket), portable, "{kernel:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn random_nets_are_valid_and_depend_on_the_seed() {
        let a = Network::random(32, 2, Activation::CReLU, 1);
        assert_eq!(a, Network::random(32, 2, Activation::CReLU, 1));
        assert_ne!(a, Network::random(32, 2, Activation::CReLU, 2));
        assert_eq!(Network::from_bytes(&a.to_bytes()).expect("valid"), a);
        // Nonzero weights everywhere that matters.
        assert!(a.ft_bias.iter().any(|c| c.0.iter().any(|&v| v != 0)));
        assert!(a.out_weights.iter().any(|c| c.0.iter().any(|&v| v != 0)));
        let big = Network::random(4096, 16, Activation::SCReLU, 3);
        assert!(Network::from_bytes(&big.to_bytes()).is_ok());
    }
}
