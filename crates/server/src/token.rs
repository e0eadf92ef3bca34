//! Seat tokens and game ids: random bits from the operating system, tokens stored only as hashes.

use sha2::{Digest, Sha256};

/// `bytes` random bytes from the operating system, as lowercase hex.
fn random_hex<const N: usize>() -> Result<String, getrandom::Error> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf)?;
    Ok(hex(&buf))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new seat token: 128 random bits, 32 hex digits.
pub fn new_token() -> Result<String, getrandom::Error> {
    random_hex::<16>()
}

/// A new game id: 64 random bits, 16 hex digits.
pub fn new_game_id() -> Result<String, getrandom::Error> {
    random_hex::<8>()
}

/// A random seed for a game's deal.
pub fn new_seed() -> Result<u64, getrandom::Error> {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf)?;
    Ok(u64::from_le_bytes(buf))
}

/// The stored form of a token: its SHA-256, hex. A token has 128 random bits, so a fast hash is enough.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `hash`, comparing in time independent of where they differ.
pub fn token_matches(token: &str, hash: &str) -> bool {
    let h = hash_token(token);
    h.len() == hash.len() && h.bytes().zip(hash.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}
