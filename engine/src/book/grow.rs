//! Growing a book: the best value of each expanded position's moves, and the leaves to
//! expand next.

use std::collections::HashSet;

use super::{canonical, children, key, ply, Book, Entry, Key};
use crate::{Board, Eight};

impl Book {
    /// Gives every expanded position reachable from the start the best value of its moves,
    /// from the leaves up.
    pub fn minimax(&mut self) {
        let mut done = HashSet::new();
        self.settle(Board::start(), &mut done);
    }

    fn settle(&mut self, board: Board<Eight>, done: &mut HashSet<Key>) -> Option<i8> {
        let k = key(&board);
        let entry = *self.entries.get(&k)?;
        if !entry.expanded || !done.insert(k) {
            return Some(entry.value);
        }
        let mut best: Option<i8> = None;
        for (_, child) in children(&board) {
            if let Some(v) = self.settle(child, done) {
                best = best.max(Some(-v));
            }
        }
        let value = best.unwrap_or(entry.value);
        if let Some(e) = self.entries.get_mut(&k) {
            e.value = value;
        }
        Some(value)
    }

    /// The leaves to expand next, canonical images in the order of (ply, key): those before
    /// ply `plies` (and not finished games) that are reached from the start through expanded
    /// positions by moves within `margin` discs of the best, or by any move before ply
    /// `full`. The start itself while it is not expanded. Values as [`Book::minimax`] left
    /// them.
    pub fn frontier(&self, plies: u32, margin: i32, full: u32) -> Vec<Board<Eight>> {
        let start = Board::<Eight>::start();
        let mut found = Vec::new();
        match self.entry(&start) {
            Some(e) if e.expanded => {
                let mut seen = HashSet::new();
                let mut listed = HashSet::new();
                self.reach(
                    start,
                    (plies, margin, full),
                    &mut seen,
                    &mut listed,
                    &mut found,
                );
            }
            _ if plies > 0 => found.push(canonical(&start)),
            _ => {}
        }
        found.sort_by_key(|b| (ply(b), key(b)));
        found
    }

    fn reach(
        &self,
        board: Board<Eight>,
        (plies, margin, full): (u32, i32, u32),
        seen: &mut HashSet<Key>,
        listed: &mut HashSet<Key>,
        found: &mut Vec<Board<Eight>>,
    ) {
        if !seen.insert(key(&board)) {
            return;
        }
        let kids: Vec<(Board<Eight>, Entry)> = children(&board)
            .into_iter()
            .filter_map(|(_, child)| Some((child, self.entry(&child)?)))
            .collect();
        let Some(best) = kids.iter().map(|(_, e)| -i32::from(e.value)).max() else {
            return;
        };
        for (child, e) in kids {
            if ply(&board) >= full && -i32::from(e.value) < best - margin {
                continue;
            }
            if e.expanded {
                self.reach(child, (plies, margin, full), seen, listed, found);
            } else if ply(&child) < plies
                && !children(&child).is_empty()
                && listed.insert(key(&child))
            {
                found.push(canonical(&child));
            }
        }
    }
}
