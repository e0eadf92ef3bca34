//! The one random generator: ChaCha8 from a seed, with our own range reduction and shuffle, so that a
//! seed gives the same game on every machine, build and dependency version.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seeded, version-stable random generator. All chance in Sylvan flows through one of these.
///
/// It serializes as its seed and position in the stream, so a saved state continues the same sequence.
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// A generator from a 64-bit seed.
    pub fn new(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A new independent generator seeded from this one (used to give a sampled state its own chance).
    pub fn fork(&mut self) -> GameRng {
        GameRng::new(self.next_u64())
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (`n > 0`), unbiased (Lemire's multiply-and-reject).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "below(0)");
        let n = n.max(1);
        loop {
            let x = self.0.next_u32();
            let m = u64::from(x) * u64::from(n);
            let low = m as u32;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 32) as u32;
            }
        }
    }

    /// A uniform index into a slice of length `len` (`len > 0`).
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates, from the end).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// [`shuffle`](GameRng::shuffle) for a caller that keeps only the last `keep` items: the same draws,
    /// so the same generator state after it and the same last `keep` items; the items before them take
    /// their draw but no swap (Fisher–Yates from the end fixes place `i` at step `i`), so their order is
    /// not the shuffle's.
    pub fn shuffle_keeping_last<T>(&mut self, items: &mut [T], keep: usize) {
        let drop = items.len() - keep.min(items.len());
        for i in (drop.max(1)..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
        for i in (1..drop).rev() {
            self.below(i as u32 + 1);
        }
    }

    /// Whether this generator is in the same state as `other`.
    pub fn same_state(&self, other: &GameRng) -> bool {
        self.0 == other.0
    }
}

impl PartialEq for GameRng {
    fn eq(&self, other: &Self) -> bool {
        self.same_state(other)
    }
}

#[derive(Serialize, Deserialize)]
struct RngState {
    seed: [u8; 32],
    stream: u64,
    word_pos: String,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RngState { seed: self.0.get_seed(), stream: self.0.get_stream(), word_pos: self.0.get_word_pos().to_string() }
            .serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let st = RngState::deserialize(d)?;
        let pos: u128 = st.word_pos.parse().map_err(|_| serde::de::Error::custom("rng word_pos is not an integer"))?;
        let mut r = ChaCha8Rng::from_seed(st.seed);
        r.set_stream(st.stream);
        r.set_word_pos(pos);
        Ok(GameRng(r))
    }
}
