//! The last empty square of the standard 8x8 board, scored without playing it.
//!
//! With one empty square left every other square holds a disc, so along each line through
//! the empty square a side's discs are exactly the squares the other side does not hold.
//! The four lines through the square (row, column, both diagonals) are each read as an
//! 8-bit pattern of the player's discs, indexed by column (by row for the column), and a
//! table gives how many discs a disc placed on the square turns over along that line. The
//! opponent's count, needed only when the player cannot play there, comes from the same
//! patterns complemented: no second pass over the board.

/// Discs turned over along one line of eight squares by a disc placed at `pos`, when
/// `mine` (bit `i`: square `i` of the line) holds the mover's discs and every other square
/// of the line except `pos` the other side's. Squares off the board (a short diagonal)
/// read as the other side's: a run reaching them is never closed, so it flips nothing.
const fn line_flips(pos: u32, mine: u32) -> u8 {
    let mut total = 0;
    // Towards lower indices, then towards higher ones.
    let mut run = 0;
    let mut i = pos as i32 - 1;
    while i >= 0 && mine & (1 << i) == 0 {
        run += 1;
        i -= 1;
    }
    if i >= 0 {
        total += run;
    }
    run = 0;
    let mut i = pos + 1;
    while i < 8 && mine & (1 << i) == 0 {
        run += 1;
        i += 1;
    }
    if i < 8 {
        total += run;
    }
    total
}

const fn flips_table() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut mine = 0;
        while mine < 256 {
            t[pos as usize][mine as usize] = line_flips(pos, mine);
            mine += 1;
        }
        pos += 1;
    }
    t
}

/// [`line_flips`] for every position and pattern.
static FLIPS: [[u8; 256]; 8] = flips_table();

/// The squares of one diagonal through each square, `step` 9 (a1-h8 direction) or 7
/// (h1-a8 direction).
const fn diagonals(step: i32) -> [u64; 64] {
    let mut t = [0u64; 64];
    let dc = if step == 9 { 1 } else { -1 };
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut k = -7;
        while k <= 7 {
            let (rr, cc) = (r + k, c + dc * k);
            if rr >= 0 && rr < 8 && cc >= 0 && cc < 8 {
                t[sq] |= 1 << (rr * 8 + cc);
            }
            k += 1;
        }
        sq += 1;
    }
    t
}

static DIAG9: [u64; 64] = diagonals(9);
static DIAG7: [u64; 64] = diagonals(7);

/// The squares around each square (its 8-neighbourhood on the board).
const fn neighbour_table() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 {
                    t[sq] |= 1 << (rr * 8 + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
}

/// The neighbours of each square of the 8x8 board.
pub static NEIGHBOURS: [u64; 64] = neighbour_table();

/// The squares of `line` (one square per column at most) as 8 bits indexed by column.
#[inline(always)]
fn by_column(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The squares of column `col` of `x` as 8 bits indexed by row.
#[inline(always)]
fn by_row(x: u64, col: u32) -> u32 {
    (((x >> col) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The final disc difference for the player to move when `sq` is the board's only empty
/// square and `player` holds the mover's discs (the rest are the opponent's): the mover
/// plays `sq` if that turns something over, else the opponent does, else the square goes
/// to the winner (the FFO convention).
#[inline]
pub fn score(player: u64, sq: u32) -> i32 {
    let (row, col) = (sq / 8, sq % 8);
    let s = sq as usize;
    let r = ((player >> (row * 8)) & 0xFF) as u32;
    let c = by_row(player, col);
    let d9 = by_column(player & DIAG9[s]);
    let d7 = by_column(player & DIAG7[s]);
    let (row_t, col_t) = (&FLIPS[col as usize], &FLIPS[row as usize]);
    let mine = 2 * player.count_ones() as i32 - 64;
    let n = row_t[r as usize] + col_t[c as usize] + row_t[d9 as usize] + row_t[d7 as usize];
    if n > 0 {
        // The board is then full: the mover has `mine + n + 1` discs.
        return mine + 2 * i32::from(n) + 2;
    }
    // The opponent's discs on each line: the line's squares the mover does not hold.
    let (m9, m7) = (by_column(DIAG9[s]), by_column(DIAG7[s]));
    let n = row_t[(!r & 0xFF) as usize]
        + col_t[(!c & 0xFF) as usize]
        + row_t[(!d9 & m9) as usize]
        + row_t[(!d7 & m7) as usize];
    if n > 0 {
        return mine - 2 * i32::from(n);
    }
    // Nobody can play there: the empty square goes to the winner.
    let diff = mine + 1;
    diff.signum() + diff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Eight};

    /// The slow way: play the square with the general move code.
    fn reference(player: u64, sq: u32) -> i32 {
        let opponent = !player & !(1u64 << sq);
        let b = Board::<Eight> { player, opponent };
        let mine = player.count_ones() as i32;
        let f = b.flips(sq).count_ones() as i32;
        if f > 0 {
            return 2 * (mine + f + 1) - 64;
        }
        let g = b.pass().flips(sq).count_ones() as i32;
        if g > 0 {
            return 2 * (mine - g) - 64;
        }
        let diff = 2 * mine - 63;
        diff + diff.signum()
    }

    #[test]
    fn agrees_with_playing_the_move() {
        // Pseudo-random full boards, every square in turn the empty one.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Some boards nearly all one colour, so that passes and ties occur too.
            let player = match i % 4 {
                0 => x & (x >> 3),
                1 => x | (x >> 5),
                _ => x,
            };
            let sq = (i % 64) as u32;
            let player = player & !(1u64 << sq);
            assert_eq!(
                score(player, sq),
                reference(player, sq),
                "player {player:#x} square {sq}"
            );
        }
    }
}
