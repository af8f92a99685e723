//! The transposition table: bounds on positions already searched, and their best move.
//!
//! [`Table`] belongs to one search; [`SharedTable`] is the same table for several threads
//! at once (each bucket guarded by its own lock, taken without waiting: a thread that finds
//! a bucket busy treats it as a miss, or does not store). Both keep the full position, so a
//! hit is never a collision, and every bound in them is true whichever thread found it.
//!
//! The one module of the engine with `unsafe`: a prefetch of the bucket a probe is about to
//! read, and buckets locked by a flag rather than a `Mutex`, so that a thread that finds a
//! bucket busy moves on instead of waiting. Each block says why it is sound.
#![allow(unsafe_code)]

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// A table the solver reads and writes: [`Table`], or a handle on a [`SharedTable`].
pub trait Transpositions<B> {
    /// Whether other threads use the table too (the solver then shares out its work).
    const SHARED: bool;
    fn probe(&self, player: B, opponent: B) -> Option<Entry<B>>;
    /// Starts loading the bucket of a position that will be probed soon (a hint only).
    fn prefetch(&self, _player: B, _opponent: B) {}
    /// Records what a search of `depth` found with the window `(alpha, beta)`: the score
    /// `score` is exact inside the window, a lower bound at or above `beta`, an upper bound
    /// at or below `alpha`.
    fn store(
        &mut self,
        player: B,
        opponent: B,
        depth: u8,
        window: (i32, i32),
        score: i32,
        best: u8,
    );
}

/// A hash of a position (both tables, and the parallel solver's list of positions being
/// searched).
#[inline(always)]
pub fn hash<B: Bits>(player: B, opponent: B) -> u64 {
    let fold = |x: B| {
        let x = x.to_u128();
        (x as u64) ^ ((x >> 64) as u64).rotate_left(17)
    };
    let h = fold(player).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ fold(opponent).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^ (h >> 31)
}

/// Starts loading the memory at `address` into the cache. x86-64 only: wasm has no
/// prefetch instruction.
#[inline(always)]
fn prefetch(address: *const i8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of x86-64's baseline, and a prefetch never faults, whatever the
    // address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(address)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// The entry for `player`/`opponent` in a bucket.
#[inline(always)]
fn find<B: Bits>(bucket: &[Entry<B>; 2], player: B, opponent: B) -> Option<Entry<B>> {
    // The empty default entry never matches: a real position always has discs.
    bucket
        .iter()
        .find(|e| e.player == player && e.opponent == opponent)
        .copied()
}

/// Writes a search's result into its bucket: over the same position, else over the
/// shallower of the two, so deep results survive the flood of shallow ones without
/// keeping stale ones forever.
#[inline(always)]
fn record<B: Bits>(
    bucket: &mut [Entry<B>; 2],
    player: B,
    opponent: B,
    depth: u8,
    window: (i32, i32),
    score: i32,
    best: u8,
) {
    let (alpha, beta) = window;
    let hit = |e: &Entry<B>| e.player == player && e.opponent == opponent;
    let k = if hit(&bucket[0]) {
        0
    } else if hit(&bucket[1]) || bucket[1].depth <= bucket[0].depth {
        1
    } else {
        0
    };
    let slot = &mut bucket[k];
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
        (lower, upper) = if score <= alpha {
            (i16::MIN, clamp(score))
        } else {
            (clamp(score), i16::MAX)
        };
    }
    *slot = Entry {
        player,
        opponent,
        lower,
        upper,
        depth,
        best: if best == NO_MOVE && same {
            slot.best
        } else {
            best
        },
    };
}

/// A fixed-size table of two-entry buckets indexed by a hash of the position, for one
/// search at a time.
pub struct Table<B> {
    buckets: Vec<[Entry<B>; 2]>,
    mask: usize,
}

impl<B: Bits> Table<B> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<B> {
        let len = 1usize << (bits.clamp(1, 28) - 1);
        Table {
            buckets: vec![[Entry::default(); 2]; len],
            mask: len - 1,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); 2]);
    }

    /// Its size: `2^bits` entries (the `bits` [`Table::new`] made it with, within its bounds).
    ///
    /// ```
    /// use outflank_engine::search::table::Table;
    /// assert_eq!(Table::<u64>::new(18).bits(), 18);
    /// assert_eq!(Table::<u128>::new(1).bits(), 1);
    /// ```
    pub fn bits(&self) -> u32 {
        (self.buckets.len() * 2).trailing_zeros()
    }

    #[inline(always)]
    fn index(&self, player: B, opponent: B) -> usize {
        (hash(player, opponent) >> 1) as usize & self.mask
    }

    #[inline]
    pub fn probe(&self, player: B, opponent: B) -> Option<Entry<B>> {
        find(
            &self.buckets[self.index(player, opponent)],
            player,
            opponent,
        )
    }

    /// Starts loading the bucket of a position that will be probed soon (a move's result,
    /// while the moves are being ordered): the probe at the top of each node is the search's
    /// most frequent cache miss. A hint only, so no result changes.
    #[inline(always)]
    pub fn prefetch(&self, player: B, opponent: B) {
        prefetch(
            self.buckets
                .as_ptr()
                .wrapping_add(self.index(player, opponent)) as *const i8,
        );
    }

    /// See [`Transpositions::store`].
    #[inline]
    pub fn store(
        &mut self,
        player: B,
        opponent: B,
        depth: u8,
        window: (i32, i32),
        score: i32,
        best: u8,
    ) {
        let i = self.index(player, opponent);
        record(
            &mut self.buckets[i],
            player,
            opponent,
            depth,
            window,
            score,
            best,
        );
    }
}

impl<B: Bits> Transpositions<B> for Table<B> {
    const SHARED: bool = false;

    #[inline(always)]
    fn probe(&self, player: B, opponent: B) -> Option<Entry<B>> {
        Table::probe(self, player, opponent)
    }

    #[inline(always)]
    fn prefetch(&self, player: B, opponent: B) {
        Table::prefetch(self, player, opponent);
    }

    #[inline(always)]
    fn store(
        &mut self,
        player: B,
        opponent: B,
        depth: u8,
        window: (i32, i32),
        score: i32,
        best: u8,
    ) {
        Table::store(self, player, opponent, depth, window, score, best);
    }
}

/// One bucket of a [`SharedTable`] and its lock, on a cache line of its own (for the 8x8
/// board).
#[repr(align(64))]
struct Bucket<B> {
    busy: AtomicBool,
    entries: UnsafeCell<[Entry<B>; 2]>,
}

/// [`Table`] for several threads. A bucket is read or written only by the thread holding
/// its lock; a thread never waits for one: a probe that finds the bucket locked is a miss,
/// a store is dropped. Either only costs the search some work, never a wrong bound.
pub struct SharedTable<B> {
    buckets: Vec<Bucket<B>>,
    mask: usize,
}

// The entries are only touched under their bucket's lock.
unsafe impl<B: Send> Sync for SharedTable<B> {}

impl<B: Bits> SharedTable<B> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> SharedTable<B> {
        let len = 1usize << (bits.clamp(1, 28) - 1);
        let buckets = (0..len)
            .map(|_| Bucket {
                busy: AtomicBool::new(false),
                entries: UnsafeCell::new([Entry::default(); 2]),
            })
            .collect();
        SharedTable {
            buckets,
            mask: len - 1,
        }
    }

    /// The bucket of a position.
    #[inline(always)]
    fn bucket(&self, player: B, opponent: B) -> &Bucket<B> {
        &self.buckets[(hash(player, opponent) >> 1) as usize & self.mask]
    }

    /// Runs `f` on the bucket of a position if its lock is free.
    #[inline(always)]
    fn with_bucket<R>(
        &self,
        player: B,
        opponent: B,
        f: impl FnOnce(&mut [Entry<B>; 2]) -> R,
    ) -> Option<R> {
        let bucket = self.bucket(player, opponent);
        if bucket
            .busy
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return None;
        }
        // SAFETY: the lock is ours until the release below, so no other thread reads or
        // writes these entries meanwhile.
        let result = f(unsafe { &mut *bucket.entries.get() });
        bucket.busy.store(false, Ordering::Release);
        Some(result)
    }

    #[inline]
    pub fn probe(&self, player: B, opponent: B) -> Option<Entry<B>> {
        self.with_bucket(player, opponent, |b| find(b, player, opponent))
            .flatten()
    }

    /// See [`Transpositions::store`].
    #[inline]
    pub fn store(
        &self,
        player: B,
        opponent: B,
        depth: u8,
        window: (i32, i32),
        score: i32,
        best: u8,
    ) {
        self.with_bucket(player, opponent, |b| {
            record(b, player, opponent, depth, window, score, best)
        });
    }
}

impl<B: Bits> Transpositions<B> for &SharedTable<B> {
    const SHARED: bool = true;

    #[inline(always)]
    fn probe(&self, player: B, opponent: B) -> Option<Entry<B>> {
        SharedTable::probe(self, player, opponent)
    }

    #[inline(always)]
    fn prefetch(&self, player: B, opponent: B) {
        prefetch(self.bucket(player, opponent) as *const Bucket<B> as *const i8);
    }

    #[inline(always)]
    fn store(
        &mut self,
        player: B,
        opponent: B,
        depth: u8,
        window: (i32, i32),
        score: i32,
        best: u8,
    ) {
        SharedTable::store(self, player, opponent, depth, window, score, best);
    }
}
