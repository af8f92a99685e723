//! The transposition table: bounds on positions already searched, and their best move.

use crate::bitboard::Bits;

/// No best move stored.
pub const NO_MOVE: u8 = u8::MAX;

/// What a search learned about one position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Entry<B> {
    pub player: B,
    pub opponent: B,
    /// The score lies in `lower..=upper`.
    pub lower: i16,
    pub upper: i16,
    /// How deep the search below this position went (more is better).
    pub depth: u8,
    /// The best move found, as a square index, or [`NO_MOVE`].
    pub best: u8,
}

/// A fixed-size table indexed by a hash of the position; the full position is stored, so a
/// hit is never a collision. A position may sit in either of two neighbouring slots (a
/// bucket): a new result replaces the shallower of the two, so deep results survive the
/// flood of shallow ones without keeping stale ones forever.
pub struct Table<B> {
    entries: Vec<Entry<B>>,
    mask: usize,
}

impl<B: Bits> Table<B> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<B> {
        let len = 1usize << bits.clamp(1, 28);
        Table { entries: vec![Entry::default(); len], mask: len - 1 }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline(always)]
    fn index(&self, player: B, opponent: B) -> usize {
        let fold = |x: B| {
            let x = x.to_u128();
            (x as u64) ^ ((x >> 64) as u64).rotate_left(17)
        };
        let h = fold(player).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ fold(opponent).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((h ^ (h >> 31)) as usize) & self.mask
    }

    #[inline]
    pub fn probe(&self, player: B, opponent: B) -> Option<Entry<B>> {
        let i = self.index(player, opponent) & !1;
        // The empty default entry never matches: a real position always has discs.
        let hit = |e: &Entry<B>| e.player == player && e.opponent == opponent;
        self.entries[i..i + 2].iter().find(|e| hit(e)).copied()
    }

    /// Records what a search of `depth` found with the window `(alpha, beta)`: the score
    /// `score` is exact inside the window, a lower bound at or above `beta`, an upper bound
    /// at or below `alpha`.
    #[inline]
    pub fn store(&mut self, player: B, opponent: B, depth: u8, window: (i32, i32), score: i32, best: u8) {
        let (alpha, beta) = window;
        let i = self.index(player, opponent) & !1;
        let hit = |e: &Entry<B>| e.player == player && e.opponent == opponent;
        let k = if hit(&self.entries[i]) {
            i
        } else if hit(&self.entries[i + 1]) || self.entries[i + 1].depth <= self.entries[i].depth {
            i + 1
        } else {
            i
        };
        let slot = &mut self.entries[k];
        let same = hit(slot);
        let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let (mut lower, mut upper) = (i16::MIN, i16::MAX);
        if same && slot.depth == depth {
            // Same search depth: tighten the bounds already known.
            lower = slot.lower;
            upper = slot.upper;
        }
        if score <= alpha {
            upper = upper.min(clamp(score));
        } else if score >= beta {
            lower = lower.max(clamp(score));
        } else {
            lower = clamp(score);
            upper = clamp(score);
        }
        if lower > upper {
            // Bounds from searches with different windows can cross when a search was cut
            // short; trust the newest.
            (lower, upper) = if score <= alpha { (i16::MIN, clamp(score)) } else { (clamp(score), i16::MAX) };
        }
        *slot = Entry { player, opponent, lower, upper, depth, best: if best == NO_MOVE && same { slot.best } else { best } };
    }
}
