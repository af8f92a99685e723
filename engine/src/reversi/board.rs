//! A Reversi position as two bitboards, seen from the side to move.

use crate::bitboard::{Bits, Geometry, Squares};

/// The discs of the player to move and of their opponent.
///
/// This is the engine's hot-path type (perft, search): two integers, no colour, no
/// history. [`crate::Position`] adds whose turn it is; [`crate::Reversi`] the game around it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board<G: Geometry> {
    pub player: G::B,
    pub opponent: G::B,
}

impl<G: Geometry> Board<G> {
    /// Builds a board from two disjoint sets of on-board squares.
    pub fn new(player: G::B, opponent: G::B) -> Option<Board<G>> {
        let disjoint = (player & opponent).is_empty();
        let on_board = ((player | opponent) & !G::FULL).is_empty();
        (disjoint && on_board).then_some(Board { player, opponent })
    }

    /// The standard start: d5/e4 for the player to move (dark), d4/e5 for the other,
    /// scaled to the board's centre.
    pub fn start() -> Board<G> {
        let n = G::SIZE;
        let (lo, hi) = (n / 2 - 1, n / 2);
        let at = |col: u32, row: u32| G::B::bit(row * n + col);
        Board {
            player: at(lo, hi) | at(hi, lo),
            opponent: at(lo, lo) | at(hi, hi),
        }
    }

    #[inline(always)]
    pub fn empty(&self) -> G::B {
        !(self.player | self.opponent) & G::FULL
    }

    /// The squares where the player to move outflanks at least one disc.
    #[inline]
    pub fn legal_moves(&self) -> G::B {
        let p = self.player;
        let inner = self.opponent & G::INNER_COLS;
        let mut moves = G::B::ZERO;
        for dir in 0..8 {
            // Horizontal and diagonal runs may not wrap around the board's edge: keeping
            // only the opponent discs of the inner columns makes every shift safe.
            let o = if dir == 2 || dir == 3 {
                self.opponent
            } else {
                inner
            };
            // Flood from the player's discs over opponent discs, doubling the step once the
            // run is two long: `pairs` are discs whose predecessor is an opponent disc too.
            let pairs = o & G::shift(o, dir);
            let mut run = G::shift(p, dir) & o;
            run |= G::shift(run, dir) & o;
            let mut covered = 2;
            while covered < G::SIZE - 2 {
                run |= G::shift_by(run, dir, 2) & pairs;
                covered += 2;
            }
            moves |= G::shift(run, dir);
        }
        moves & self.empty()
    }

    /// The discs a disc of the player to move at bit `sq` turns over (empty if none: an
    /// illegal move). Does not check that `sq` is empty. This is the search's hot path:
    /// `sq` must be a square of the board (below `G::CELLS`), as every caller with
    /// untrusted input ([`crate::Position::check`]) makes sure.
    #[inline]
    pub fn flips(&self, sq: u32) -> G::B {
        let rays = &G::rays()[sq as usize];
        let not_opponent = !self.opponent;
        let mut flipped = G::B::ZERO;
        let mut dir = 0;
        while dir < 8 {
            // Along each ray the run of opponent discs ends at the first other square; it
            // is outflanked if that square holds one of the player's discs. Branch-free:
            // `end` is empty unless the run ends on the player's disc.
            let up = rays[dir];
            let end = (not_opponent & up).lowest_bit() & self.player;
            flipped |= end.below_nonzero() & up;
            let down = rays[dir + 1];
            let end = (not_opponent & down).highest_bit() & self.player;
            flipped |= end.above() & down;
            dir += 2;
        }
        flipped
    }

    /// The position after the player to move places a disc at `sq`, turning over
    /// `flipped` (as computed by [`Board::flips`]); the opponent is then to move.
    #[inline(always)]
    pub fn play_flips(&self, sq: u32, flipped: G::B) -> Board<G> {
        Board {
            player: self.opponent ^ flipped,
            opponent: self.player | flipped | G::B::bit(sq),
        }
    }

    /// The position after a pass: the same discs, the other side to move.
    #[inline(always)]
    pub fn pass(&self) -> Board<G> {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Bombs variant: every empty square next to at least one disc.
    #[inline]
    pub fn bomb_moves(&self) -> G::B {
        G::neighbours(self.player | self.opponent) & self.empty()
    }

    /// Bombs variant: the discs toggled by a disc at `sq` (all its neighbours, whoever
    /// owns them).
    #[inline]
    pub fn bomb_toggles(&self, sq: u32) -> G::B {
        G::neighbours(G::B::bit(sq)) & (self.player | self.opponent)
    }

    /// Bombs variant: the position after a disc at `sq` toggles `toggled`.
    #[inline]
    pub fn play_toggles(&self, sq: u32, toggled: G::B) -> Board<G> {
        let player = (self.player ^ (toggled & self.player)) | (toggled & self.opponent);
        let opponent = (self.opponent ^ (toggled & self.opponent)) | (toggled & self.player);
        // The mover's discs become the opponent's, and the other way round; the new disc
        // is the mover's. Then the sides swap for the next turn.
        Board {
            player: opponent,
            opponent: player | G::B::bit(sq),
        }
    }

    /// Disc counts: (player to move, opponent).
    pub fn counts(&self) -> (u32, u32) {
        (self.player.count(), self.opponent.count())
    }

    /// Iterates over the squares of a set as bit indices.
    pub fn squares(set: G::B) -> Squares<G::B> {
        Squares(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{Eight, Six, Ten};

    fn bit(col: u32, row: u32) -> u64 {
        1 << (row * 8 + col)
    }

    #[test]
    fn start_moves_of_every_size() {
        let b = Board::<Eight>::start();
        // d3, c4, f5, e6
        assert_eq!(
            b.legal_moves(),
            bit(3, 2) | bit(2, 3) | bit(5, 4) | bit(4, 5)
        );
        assert_eq!(Board::<Six>::start().legal_moves().count_ones(), 4);
        assert_eq!(Board::<Ten>::start().legal_moves().count_ones(), 4);
    }

    #[test]
    fn f5_flips_e5() {
        let b = Board::<Eight>::start();
        let f5 = 4 * 8 + 5;
        assert_eq!(b.flips(f5), bit(4, 4));
        let after = b.play_flips(f5, b.flips(f5));
        assert_eq!(after.counts(), (1, 4));
    }

    #[test]
    fn runs_do_not_wrap_around_the_edge() {
        // Player on h1, opponent on a2 (bit 8, right after h1 in index order), empty b2:
        // b2 must not be a move "through" the edge.
        let b = Board::<Eight>::new(bit(7, 0), bit(0, 1)).unwrap();
        assert_eq!(b.legal_moves(), 0);
        assert_eq!(b.flips(9), 0);
    }

    #[test]
    fn bombs_toggle_neighbours() {
        let b = Board::<Eight>::start();
        // c3 touches d4 only.
        let c3 = 2 * 8 + 2;
        assert_eq!(b.bomb_toggles(c3), bit(3, 3));
        let after = b.play_toggles(c3, b.bomb_toggles(c3));
        // Mover (now `opponent`) had d5, e4, gets c3 and d4.
        assert_eq!(
            after.opponent,
            bit(3, 4) | bit(4, 3) | bit(2, 2) | bit(3, 3)
        );
        assert_eq!(after.player, bit(4, 4));
    }
}
