//! Building the opening book ([`outflank_engine::book`]) from nothing: positions expanded
//! from the start by the moves strong play considers, each leaf valued by a search (to a
//! fixed depth, or a level's), the values minimaxed back to the start; and the book's
//! distance from deeper searches.
//!
//! The build goes ply by ply: it expands every leaf of the [`Book::frontier`] at its
//! smallest ply (valuing each position one move further that the book lacks), minimaxes,
//! and looks again, until no leaf before `plies` is reached by moves within `margin` of the
//! best (or the time is up: the book is whole at every stop, and a later run goes on from
//! it). Each search starts from empty tables and sees the canonical image of its position,
//! so a value depends on the position alone: the same command gives the same book, and a
//! book extended ply by ply (`--plies` one more each run) is the one a single run makes (a
//! run stopped within a ply may go on slightly differently).

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use outflank_engine::book::{self, children, ply, Book, Entry, Judge, Recipe};
use outflank_engine::search::{never, Level, Searcher, Settings, PLAY_TABLE_BITS};
use outflank_engine::{Board, Eight};

/// What to build.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Expand leaves before this ply.
    pub plies: u32,
    /// Expand the moves within this many discs of the best.
    pub margin: u32,
    /// Expand every move before this ply, whatever its value.
    pub full: u32,
    /// What values the leaves.
    pub judge: Judge,
    /// Stop expanding after this long (the book stays whole).
    pub time: Option<Duration>,
    /// Searches run side by side, one a thread (the book does not depend on it).
    pub jobs: usize,
}

/// What a build did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Built {
    /// Positions expanded by this run.
    pub expanded: usize,
    /// Searches run.
    pub searches: usize,
    /// No leaf is left to expand: more time would not change the book.
    pub complete: bool,
}

/// `board`'s value for the side to move, in discs, by `judge`'s search from empty tables
/// (exact where a level's solver reaches, or the game is over).
pub fn search_value(searcher: &mut Searcher<Eight>, board: Board<Eight>, judge: Judge) -> i32 {
    if let Some(v) = book::finished(&board) {
        return v;
    }
    if board.legal_moves() == 0 {
        return -search_value(searcher, board.pass(), judge);
    }
    searcher.clear();
    let hundredths = match judge {
        Judge::Level(level) => {
            f64::from(searcher.choose(board, &level.settings(), 0, &never).score)
        }
        Judge::Depth(depth) => {
            // The shallower search first: the deeper one starts from its table, as an
            // iteration of a deepening search does.
            let mut score = |d: u8| {
                f64::from(
                    searcher
                        .choose(board, &Settings::to_depth(d), 0, &never)
                        .score,
                )
            };
            let shallower = score(depth.saturating_sub(1).max(1));
            (shallower + score(depth.max(1))) / 2.0
        }
    };
    let max = i32::from(book::MAX_VALUE);
    ((hundredths / 100.0).round() as i32).clamp(-max, max)
}

/// Builds `book` out by `plan` (from the start position when it is empty); `progress` hears
/// a line after each ply.
pub fn build(book: &mut Book, plan: &Plan, mut progress: impl FnMut(&str)) -> Built {
    let start = Instant::now();
    let jobs = plan.jobs.max(1);
    let mut searchers: Vec<_> = (0..jobs)
        .map(|_| Searcher::<Eight>::new(PLAY_TABLE_BITS))
        .collect();
    let mut built = Built::default();
    let origin = Board::<Eight>::start();
    if book.entry(&origin).is_none() {
        let v = value_all(&mut searchers, &[book::canonical(&origin)], plan.judge)[0];
        built.searches += 1;
        book.insert(
            &origin,
            Entry {
                value: v,
                expanded: false,
            },
        );
    }
    let margin = i32::try_from(plan.margin).unwrap_or(i32::MAX);
    'build: loop {
        book.minimax();
        let frontier = book.frontier(plan.plies, margin, plan.full);
        let Some(first) = frontier.first() else {
            built.complete = true;
            break;
        };
        let at = ply(first);
        let this_ply: Vec<_> = frontier.iter().take_while(|b| ply(b) == at).collect();
        // A batch of leaves at a time, their new positions valued side by side, so that a
        // stop by the clock keeps the book whole.
        for batch in this_ply.chunks(16 * jobs) {
            if plan.time.is_some_and(|t| start.elapsed() >= t) {
                break 'build;
            }
            let mut seen = HashSet::new();
            let new: Vec<Board<Eight>> = batch
                .iter()
                .flat_map(|board| children(board))
                .map(|(_, child)| book::canonical(&child))
                .filter(|child| book.entry(child).is_none() && seen.insert(*child))
                .collect();
            for (child, v) in new.iter().zip(value_all(&mut searchers, &new, plan.judge)) {
                book.insert(
                    child,
                    Entry {
                        value: v,
                        expanded: false,
                    },
                );
            }
            built.searches += new.len();
            for board in batch {
                let old = book.entry(board).map_or(0, |e| e.value);
                book.insert(
                    board,
                    Entry {
                        value: old,
                        expanded: true,
                    },
                );
                built.expanded += 1;
            }
        }
        progress(&format!(
            "ply {at}: {} positions, {} expanded by this run, {:.0}s",
            book.len(),
            built.expanded,
            start.elapsed().as_secs_f64()
        ));
    }
    book.minimax();
    let byte = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
    book.recipe = Recipe {
        judge: Some(plan.judge),
        plies: byte(plan.plies),
        margin: byte(plan.margin),
        full: byte(plan.full),
    };
    built
}

/// The values of `boards` by `judge`'s searches, one thread a searcher taking the next
/// board in turn. Each search starts from empty tables, so the values do not depend on
/// which thread searched what.
fn value_all(searchers: &mut [Searcher<Eight>], boards: &[Board<Eight>], judge: Judge) -> Vec<i8> {
    let next = AtomicUsize::new(0);
    let mut values = vec![0i8; boards.len()];
    let found: Vec<Vec<(usize, i8)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = searchers
            .iter_mut()
            .map(|searcher| {
                let next = &next;
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&board) = boards.get(i) else {
                            break mine;
                        };
                        mine.push((i, search_value(searcher, board, judge) as i8));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for (i, v) in found.into_iter().flatten() {
        values[i] = v;
    }
    values
}

/// How far a book's values are from deeper searches.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Check {
    /// Positions compared: leaves and expanded ones, half each where the book has enough.
    pub positions: usize,
    /// Mean absolute difference (discs) of the book's values from the deeper search's.
    pub book: f64,
    /// The same for the expanded positions (minimaxed values) alone, and how many.
    pub expanded: f64,
    pub expanded_positions: usize,
    /// Mean absolute difference of the book's own search (no minimax) from the
    /// deeper search on the expanded positions: what the minimax adds.
    pub search: f64,
}

/// Compares the values of `positions` positions of `book` with a search at `deeper`: half
/// of them leaves, half expanded positions (each half spread evenly over the book's in the
/// order of their keys; finished games left out), the expanded ones also with the book's
/// own search (`own`). The searches run side by side on `jobs` threads.
pub fn check(book: &Book, positions: usize, own: Judge, deeper: Level, jobs: usize) -> Check {
    let (expanded, leaves): (Vec<_>, Vec<_>) = book
        .positions()
        .into_iter()
        .filter(|(b, _)| book::finished(b).is_none())
        .partition(|(_, e)| e.expanded);
    let spread = |all: &[(Board<Eight>, Entry)], n: usize| -> Vec<(Board<Eight>, Entry)> {
        let step = (all.len() as f64 / n.max(1) as f64).max(1.0);
        (0..n.min(all.len()))
            .map(|k| all[(k as f64 * step) as usize])
            .collect()
    };
    let half = positions / 2;
    let expanded = spread(&expanded, positions - half.min(leaves.len()));
    let leaves = spread(&leaves, positions - expanded.len());
    let mut searchers: Vec<_> = (0..jobs.max(1))
        .map(|_| Searcher::<Eight>::new(PLAY_TABLE_BITS))
        .collect();
    let all: Vec<_> = leaves.iter().chain(&expanded).map(|(b, _)| *b).collect();
    let deep = value_all(&mut searchers, &all, Judge::Level(deeper));
    let boards: Vec<_> = expanded.iter().map(|(b, _)| *b).collect();
    let alone = value_all(&mut searchers, &boards, own);
    let miss = |a: i8, b: i8| i64::from((i32::from(a) - i32::from(b)).abs());
    let entries = leaves.iter().chain(&expanded).map(|(_, e)| e.value);
    let sum_book: i64 = entries.zip(&deep).map(|(v, &d)| miss(v, d)).sum();
    let deep_expanded = &deep[leaves.len()..];
    let sum_expanded: i64 = expanded
        .iter()
        .zip(deep_expanded)
        .map(|((_, e), &d)| miss(e.value, d))
        .sum();
    let sum_search: i64 = alone
        .iter()
        .zip(deep_expanded)
        .map(|(&a, &d)| miss(a, d))
        .sum();
    let mean = |sum: i64, n: usize| sum as f64 / n.max(1) as f64;
    Check {
        positions: all.len(),
        book: mean(sum_book, all.len()),
        expanded: mean(sum_expanded, expanded.len()),
        expanded_positions: expanded.len(),
        search: mean(sum_search, expanded.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiny_book_is_whole_and_deterministic() {
        let plan = Plan {
            plies: 3,
            margin: 1,
            full: 1,
            judge: Judge::Level(Level::new(2).unwrap()),
            time: None,
            jobs: 2,
        };
        let mut book = Book::new();
        let built = build(&mut book, &plan, |_| ());
        assert!(built.complete);
        let start = Board::<Eight>::start();
        let moves = book.moves(&start).unwrap();
        assert_eq!(moves.len(), 4);
        // Every expanded position has all its moves, and the values are minimaxed.
        for (board, e) in book.positions() {
            if e.expanded {
                let best = book
                    .moves(&board)
                    .map_or_else(|| -book.value(&board.pass()).unwrap(), |m| m[0].1);
                assert_eq!(i32::from(e.value), best);
                assert!(ply(&board) < 3);
            }
        }
        let again = {
            let mut b = Book::new();
            build(&mut b, &Plan { jobs: 1, ..plan }, |_| ());
            b
        };
        assert_eq!(again.to_bytes(), book.to_bytes());
        // Two runs, the first cut short, make the same book as one.
        let mut pieces = Book::new();
        build(&mut pieces, &Plan { plies: 2, ..plan }, |_| ());
        let mut pieces = Book::from_bytes(&pieces.to_bytes()).unwrap();
        build(&mut pieces, &plan, |_| ());
        assert_eq!(pieces.to_bytes(), book.to_bytes());
    }

    #[test]
    fn a_book_by_depth_values_its_leaves_by_the_mean_of_two_depths() {
        let plan = Plan {
            plies: 2,
            margin: 0,
            full: 2,
            judge: Judge::Depth(4),
            time: None,
            jobs: 2,
        };
        let mut book = Book::new();
        assert!(build(&mut book, &plan, |_| ()).complete);
        assert_eq!(book.recipe.judge, Some(Judge::Depth(4)));
        let again = Book::from_bytes(&book.to_bytes()).unwrap();
        assert_eq!(again, book);
        // Each leaf (two moves from the start) holds the mean of its searches to depths 3 and
        // 4 (the second from the first's table), which differ: either alone would not give it.
        let mut searcher = Searcher::<Eight>::new(PLAY_TABLE_BITS);
        let mut differ = 0;
        for (board, e) in book.positions().into_iter().filter(|(_, e)| !e.expanded) {
            searcher.clear();
            let mut score = |depth| {
                searcher
                    .choose(board, &Settings::to_depth(depth), 0, &never)
                    .score
            };
            let (three, four) = (score(3), score(4));
            let mean = (f64::from(three + four) / 200.0).round() as i32;
            assert_eq!(i32::from(e.value), mean, "{board:?}");
            differ += usize::from((three - four).abs() >= 100);
        }
        assert!(differ > 0);
    }
}
