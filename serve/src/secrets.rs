//! Secrets: the ids of games and tables and the tokens of their seats
//! (unguessable: 128 bits from the operating system), and comparing a token
//! without telling by the time taken how much of it was right.

use rand::rngs::OsRng;
use rand::RngCore;
use std::fmt::Write as _;

/// 128 random bits from the operating system, as 32 hex digits.
pub fn secret() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().fold(String::with_capacity(32), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// Whether `id` has the shape of a [`secret`] (32 hex digits): nothing else
/// is looked up in the database.
pub fn is_secret_shaped(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Tokens compared without an early exit.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_32_hex_digits_and_differ() {
        let (a, b) = (secret(), secret());
        assert!(is_secret_shaped(&a) && is_secret_shaped(&b));
        assert_ne!(a, b);
        assert!(same(&a, &a.clone()) && !same(&a, &b) && !same(&a, "ab"));
    }
}
