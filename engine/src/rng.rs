//! A small seeded random source (xorshift64) for everything that must be reproducible: the
//! weaker levels' mistakes, match openings, the training's self-play openings and shuffles.
//! Not for anything secret.

/// xorshift64 over a `u64` state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A source seeded from any `u64` (mixed, and never the all-zero state).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// A source starting from exactly `state` (which must not be zero).
    pub(crate) fn from_state(state: u64) -> Rng {
        Rng(state)
    }

    /// The next number of the sequence.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}
