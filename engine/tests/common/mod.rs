//! A deliberately simple Reversi for differential tests: a `Vec` of squares and the
//! direction walk of Board Game Arena's Reversi tutorial (`getTurnedOverDiscs`), no bitboards, no cleverness.

#![allow(dead_code)]

pub const DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

#[derive(Clone, Debug, PartialEq)]
pub struct RefBoard {
    pub size: i32,
    /// `cells[row * size + col]`: `None` empty, `Some(0)` dark, `Some(1)` light.
    pub cells: Vec<Option<u8>>,
    pub to_move: u8,
    pub bombs: bool,
}

impl RefBoard {
    pub fn start(size: i32, bombs: bool) -> RefBoard {
        let mut cells = vec![None; (size * size) as usize];
        let (lo, hi) = (size / 2 - 1, size / 2);
        cells[(lo * size + lo) as usize] = Some(1); // d4
        cells[(hi * size + hi) as usize] = Some(1); // e5
        cells[(hi * size + lo) as usize] = Some(0); // d5
        cells[(lo * size + hi) as usize] = Some(0); // e4
        RefBoard {
            size,
            cells,
            to_move: 0,
            bombs,
        }
    }

    pub fn get(&self, col: i32, row: i32) -> Option<Option<u8>> {
        if col < 0 || row < 0 || col >= self.size || row >= self.size {
            None
        } else {
            Some(self.cells[(row * self.size + col) as usize])
        }
    }

    /// The discs turned over by `player` playing at (col, row), as (col, row) pairs.
    pub fn turned_over(&self, col: i32, row: i32, player: u8) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        if self.get(col, row) != Some(None) {
            return out;
        }
        for (dc, dr) in DIRS {
            if self.bombs {
                if let Some(Some(_)) = self.get(col + dc, row + dr) {
                    out.push((col + dc, row + dr));
                }
                continue;
            }
            let mut line = Vec::new();
            let (mut c, mut r) = (col + dc, row + dr);
            loop {
                match self.get(c, r) {
                    Some(Some(p)) if p != player => line.push((c, r)),
                    Some(Some(_)) => {
                        out.extend(line);
                        break;
                    }
                    _ => break,
                }
                c += dc;
                r += dr;
            }
        }
        out.sort_by_key(|&(c, r)| (r, c));
        out
    }

    /// Legal moves of `player` in reading order.
    pub fn legal(&self, player: u8) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for row in 0..self.size {
            for col in 0..self.size {
                if self.get(col, row) != Some(None) {
                    continue;
                }
                let ok = if self.bombs {
                    DIRS.iter()
                        .any(|(dc, dr)| matches!(self.get(col + dc, row + dr), Some(Some(_))))
                } else {
                    !self.turned_over(col, row, player).is_empty()
                };
                if ok {
                    out.push((col, row));
                }
            }
        }
        out
    }

    pub fn count(&self, player: u8) -> u32 {
        self.cells.iter().filter(|c| **c == Some(player)).count() as u32
    }

    pub fn ended(&self) -> bool {
        if self.bombs {
            self.count(self.to_move) == 0 || self.legal(self.to_move).is_empty()
        } else {
            self.legal(0).is_empty() && self.legal(1).is_empty()
        }
    }

    /// Places a disc for the player to move and hands the turn over, with no pass logic.
    pub fn place(&mut self, col: i32, row: i32) {
        let me = self.to_move;
        for (c, r) in self.turned_over(col, row, me) {
            let cell = &mut self.cells[(r * self.size + c) as usize];
            // Standard flips take the mover's colour; bombs toggle whoever owns the disc.
            *cell = cell.map(|p| 1 - p);
        }
        self.cells[(row * self.size + col) as usize] = Some(me);
        self.to_move = 1 - me;
    }

    /// Plays for the player to move; then passes automatically if the next player is
    /// stuck but the game goes on. Returns whether a pass happened.
    pub fn play(&mut self, col: i32, row: i32) -> bool {
        let me = self.to_move;
        self.place(col, row);
        if !self.ended() && self.legal(self.to_move).is_empty() {
            self.to_move = me;
            return true;
        }
        false
    }
}

pub fn name(col: i32, row: i32) -> String {
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}
