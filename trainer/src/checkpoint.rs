//! Checkpoints: the float net, the optimiser state and the loss history,
//! written after every epoch so that a stopped run can be continued
//! (`--resume`) exactly where it stopped.
//!
//! Format (little-endian): magic `DABACKPT`, version `u32` (2), hidden,
//! buckets, activation code and feature-set code `u32` (version 1, still
//! read, has no feature-set code: the plain set), scale `f32`, epochs done `u32`,
//! optimiser steps `u64`, parameter count `u64`, then the parameters, the
//! first moments and the second moments (`f32` each), the number of epochs
//! in the history `u32` and per epoch the training and validation loss
//! (`f64`), and an FNV-1a 64 checksum of everything before it.

use crate::net::{Activation, FeatureSet, Net, Shape};
use eval::nnue::fnv1a64;

const MAGIC: &[u8; 8] = b"DABACKPT";
const VERSION: u32 = 2;

/// Everything a run needs to continue.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The float net.
    pub net: Net,
    /// Centipawns per sigmoid unit the net was trained with.
    pub scale: f32,
    /// Epochs completed.
    pub epochs: u32,
    /// Optimiser steps taken.
    pub step: u64,
    /// AdamW first moments.
    pub m: Vec<f32>,
    /// AdamW second moments.
    pub v: Vec<f32>,
    /// (training loss, validation loss) per completed epoch.
    pub history: Vec<(f64, f64)>,
}

impl Checkpoint {
    /// The checkpoint's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let shape = self.net.shape;
        let mut out = Vec::with_capacity(64 + 12 * shape.len());
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            shape.hidden as u32,
            shape.buckets as u32,
            shape.activation.code(),
            shape.features.code(),
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.scale.to_le_bytes());
        out.extend_from_slice(&self.epochs.to_le_bytes());
        out.extend_from_slice(&self.step.to_le_bytes());
        out.extend_from_slice(&(shape.len() as u64).to_le_bytes());
        for v in self.net.params.iter().chain(&self.m).chain(&self.v) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&(self.history.len() as u32).to_le_bytes());
        for (train, val) in &self.history {
            out.extend_from_slice(&train.to_le_bytes());
            out.extend_from_slice(&val.to_le_bytes());
        }
        let checksum = fnv1a64(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// Parses a checkpoint, with an error that says what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        let body_len = bytes.len().checked_sub(8).ok_or("checkpoint too short")?;
        let (body, tail) = bytes.split_at(body_len);
        if body.len() < 8 || &body[..8] != MAGIC {
            return Err("not a Daba checkpoint (no DABACKPT magic)".into());
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(tail);
        if fnv1a64(body) != u64::from_le_bytes(sum) {
            return Err("checkpoint checksum does not match (damaged file)".into());
        }
        let mut r = Cursor { bytes: body, at: 8 };
        let version = r.u32()?;
        if !(1..=VERSION).contains(&version) {
            return Err(format!("checkpoint version {version} is not supported"));
        }
        let (hidden, buckets, code) = (r.u32()? as usize, r.u32()? as usize, r.u32()?);
        let activation =
            Activation::from_code(code).ok_or_else(|| format!("unknown activation code {code}"))?;
        let features = if version >= 2 {
            let code = r.u32()?;
            FeatureSet::from_code(code).ok_or_else(|| format!("unknown feature set code {code}"))?
        } else {
            FeatureSet::Plain
        };
        let shape = Shape {
            hidden,
            buckets,
            activation,
            features,
        };
        shape.validate()?;
        let scale = f32::from_bits(r.u32()?);
        let epochs = r.u32()?;
        let step = r.u64()?;
        if r.u64()? != shape.len() as u64 {
            return Err("parameter count does not match the shape".into());
        }
        let params = r.f32s(shape.len())?;
        let m = r.f32s(shape.len())?;
        let v = r.f32s(shape.len())?;
        let count = r.u32()? as usize;
        let mut history = Vec::with_capacity(count.min(1 << 16));
        for _ in 0..count {
            history.push((f64::from_bits(r.u64()?), f64::from_bits(r.u64()?)));
        }
        if r.at != body.len() {
            return Err("checkpoint has trailing bytes".into());
        }
        Ok(Checkpoint {
            net: Net { shape, params },
            scale,
            epochs,
            step,
            m,
            v,
            history,
        })
    }

    /// Writes the checkpoint (to a temporary file renamed over `path`, so a
    /// stop while writing leaves the previous checkpoint).
    pub fn save(&self, path: &str) -> Result<(), String> {
        let tmp = format!("{path}.tmp");
        std::fs::write(&tmp, self.to_bytes()).map_err(|e| format!("{tmp}: {e}"))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("{path}: {e}"))
    }

    /// Reads a checkpoint file.
    pub fn load(path: &str) -> Result<Checkpoint, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        Checkpoint::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
    }
}

/// Reads little-endian values, failing at the end of the data.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or("checkpoint truncated")?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, String> {
        let b = self.take(8)?;
        let mut word = [0u8; 8];
        word.copy_from_slice(b);
        Ok(u64::from_le_bytes(word))
    }

    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, String> {
        let b = self.take(n.checked_mul(4).ok_or("checkpoint truncated")?)?;
        Ok(b.chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_round_trip_and_reject_damage() {
        let shape = Shape {
            hidden: 16,
            buckets: 3,
            activation: Activation::SCReLU,
            features: FeatureSet::KingMirrored,
        };
        let net = Net::random(shape, 9);
        let len = shape.len();
        let ckpt = Checkpoint {
            net,
            scale: 287.0,
            epochs: 2,
            step: 40,
            m: vec![0.5; len],
            v: vec![0.25; len],
            history: vec![(0.1, 0.11), (0.09, 0.1)],
        };
        let bytes = ckpt.to_bytes();
        assert_eq!(Checkpoint::from_bytes(&bytes).unwrap(), ckpt);
        for cut in [0, 7, 8, 100, bytes.len() - 1] {
            assert!(Checkpoint::from_bytes(&bytes[..cut]).is_err());
        }
        let mut bad = bytes.clone();
        bad[200] ^= 4;
        assert!(Checkpoint::from_bytes(&bad).is_err());
    }
}
