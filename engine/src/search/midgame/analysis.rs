//! Studying a position: the value of every legal move (not only the best one's) and the
//! line of play the search expects after the best move, for a player who asks "what was
//! each move worth here, and how would it go on?".

use super::{Run, Searcher, WIN};
use crate::bitboard::{Bits, Geometry};
use crate::search::short_sort;
use crate::search::table::Transpositions;
use crate::search::table::NO_MOVE;
use crate::search::{solve_full, Stop};
use crate::Board;

/// Every legal move's value and the expected line of play; squares are indexes (`S = u32`)
/// inside the search, [`crate::Square`]s from [`crate::Computer::analyse`].
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Analysis<S = u32> {
    /// Each legal move with its value for the side to move, in hundredths of a disc (exact
    /// final disc differences times 100 when `exact`), best first.
    pub scores: Vec<(S, i32)>,
    /// The best move and the moves expected to follow it, as square indexes; passes are
    /// left out, as in a game's record.
    pub line: Vec<S>,
    /// The depth every move was searched to, in plies (the empty squares, when exact).
    pub depth: u8,
    /// The values are exact final scores (perfect play to the end).
    pub exact: bool,
    /// The nodes searched (exact: the solver's, the midgame searches guessing each value
    /// not counted).
    pub nodes: u64,
}

/// Which of a position's moves an exact analysis solves, so that several workers (the
/// browser's Web Workers, which share no memory) can each solve some of them: the moves are
/// ranked by their guessed value, and part `part` of `parts` takes the ranks `part`,
/// `part + parts`, `part + 2 * parts`... so every part starts with a likely best move. The
/// parts' analyses make the whole one again with [`Analysis::join`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Share {
    pub part: u8,
    pub parts: u8,
}

impl Share {
    /// Every move.
    pub const WHOLE: Share = Share { part: 0, parts: 1 };

    /// Whether the move ranked `rank` (0: the likeliest best) is this part's; a share with
    /// no parts, or a part beyond them, counts as the whole.
    pub fn takes(self, rank: usize) -> bool {
        self.part >= self.parts || rank % usize::from(self.parts) == usize::from(self.part)
    }
}

impl<S: Copy + Ord> Analysis<S> {
    /// The analysis of a whole position from those of its [`Share`]s: every move's value,
    /// best first (equal values in square order, as one analysis gives them), and the line
    /// of the part holding the best move. `None` without parts or moves.
    pub fn join(parts: Vec<Analysis<S>>) -> Option<Analysis<S>> {
        let mut scores: Vec<(S, i32)> = parts
            .iter()
            .flat_map(|a| a.scores.iter().copied())
            .collect();
        short_sort::sort_by_key(&mut scores, |&(sq, v)| (std::cmp::Reverse(v), sq));
        // A square in two parts (two whole analyses) counts once, at its better value.
        let mut seen = Vec::with_capacity(scores.len());
        scores.retain(|&(sq, _)| {
            !seen.contains(&sq) && {
                seen.push(sq);
                true
            }
        });
        let best = scores.first()?.0;
        let line = parts
            .iter()
            .find(|a| a.scores.first().is_some_and(|&(sq, _)| sq == best))?
            .line
            .clone();
        Some(Analysis {
            scores,
            line,
            depth: parts.iter().map(|a| a.depth).max().unwrap_or(0),
            exact: parts.iter().all(|a| a.exact),
            nodes: parts.iter().map(|a| a.nodes).sum(),
        })
    }
}

impl<S> Analysis<S> {
    /// The same analysis with each square written another way.
    pub fn map<T>(self, f: impl Fn(S) -> T) -> Analysis<T> {
        Analysis {
            scores: self.scores.into_iter().map(|(sq, v)| (f(sq), v)).collect(),
            line: self.line.into_iter().map(f).collect(),
            depth: self.depth,
            exact: self.exact,
            nodes: self.nodes,
        }
    }
}

impl<G: Geometry> Searcher<G> {
    /// Every legal move's value in `board`: exact when at most `exact_from` squares are
    /// empty, else by iterative deepening until `max_nodes` are spent (each move searched
    /// with a full window, so every value is a score, not a bound). `None` if the side to
    /// move has no legal move or `stop` cut the search short before depth 1 was done (or
    /// before the exact solve was). An exact analysis tells `solved` each move's score, in
    /// discs, as soon as it is known (see [`Searcher::exact_scores`]), and solves only the
    /// moves of `share` (a search by nodes values every move whatever the share).
    ///
    /// ```
    /// use outflank_engine::{search, Board, Eight};
    /// let mut searcher = search::Searcher::<Eight>::new(16);
    /// let a = searcher.analyse(Board::start(), 0, 200_000, search::Share::WHOLE, &search::never, &mut |_, _| ()).unwrap();
    /// // The four first moves are the same by symmetry (the evaluation and the plain search
    /// // score them alike), but their searches share one table and ProbCut, so the values
    /// // can differ a little (0.42 discs with the round-2 weights).
    /// assert_eq!(a.scores.len(), 4);
    /// assert!(a.scores.iter().all(|&(_, v)| (v - a.scores[0].1).abs() <= 100));
    /// assert!(a.depth >= 4 && !a.exact);
    /// assert_eq!(a.line[0], a.scores[0].0);
    /// ```
    pub fn analyse(
        &mut self,
        board: Board<G>,
        exact_from: u32,
        max_nodes: u64,
        share: Share,
        stop: &Stop<'_>,
        solved: &mut dyn FnMut(u32, i32),
    ) -> Option<Analysis> {
        if board.legal_moves().is_empty() {
            return None;
        }
        let empties = board.empty().count();
        if empties <= exact_from {
            return self.analyse_exact(board, share, stop, solved);
        }
        let mut run = Run {
            mpc_t: super::MPC_T,
            ..Run::new(&mut self.mid, stop, max_nodes, self.pattern, self.tweaks)
        };
        let mut scores = Vec::new();
        let mut reached = 0;
        for depth in 1..=empties.min(60) as u8 {
            let result = run.every_move(board, depth);
            if run.aborted {
                break;
            }
            scores = result;
            reached = depth;
        }
        if scores.is_empty() {
            return None;
        }
        let nodes = run.nodes;
        let line = self.expected_line(board, scores[0].0, reached);
        Some(Analysis {
            scores,
            line,
            depth: reached,
            exact: false,
            nodes,
        })
    }

    fn analyse_exact(
        &mut self,
        board: Board<G>,
        share: Share,
        stop: &Stop<'_>,
        solved: &mut dyn FnMut(u32, i32),
    ) -> Option<Analysis> {
        let (scores, mut nodes) = self.exact_scores_counted(board, share, stop, solved)?;
        let scores: Vec<(u32, i32)> = scores.into_iter().map(|(sq, s)| (sq, s * WIN)).collect();
        let Some(&(first, _)) = scores.first() else {
            // A share of more parts than there are moves can leave this one none.
            return Some(Analysis {
                scores,
                line: Vec::new(),
                depth: board.empty().count() as u8,
                exact: true,
                nodes,
            });
        };
        // Each move of the line is the solver's best move in the position it reaches; the
        // table still holds the solves above, so these are quick.
        let mut line = vec![first];
        let mut position = board.play_flips(first, board.flips(first));
        while let Some(next) = to_play(position) {
            position = next;
            let result = solve_full(position, &mut self.end, stop, self.pattern)?;
            nodes += result.nodes;
            let Some(sq) = result.best else {
                break;
            };
            line.push(sq);
            position = position.play_flips(sq, position.flips(sq));
        }
        Some(Analysis {
            scores,
            line,
            depth: board.empty().count() as u8,
            exact: true,
            nodes,
        })
    }

    /// `first`, then the table's best move in each position it leads to, for up to `depth`
    /// moves in all (a move the table does not know, or an illegal one from a hash
    /// collision, ends the line).
    fn expected_line(&self, board: Board<G>, first: u32, depth: u8) -> Vec<u32> {
        let mut line = vec![first];
        let mut position = board.play_flips(first, board.flips(first));
        while line.len() < usize::from(depth) {
            let Some(next) = to_play(position) else { break };
            position = next;
            let Some(entry) = self.mid.probe(position.player, position.opponent) else {
                break;
            };
            let sq = u32::from(entry.best);
            if entry.best == NO_MOVE || !position.legal_moves().has(sq) {
                break;
            }
            line.push(sq);
            position = position.play_flips(sq, position.flips(sq));
        }
        line
    }
}

/// The position where the next move is played: `board`, or the opponent's turn after a
/// pass; `None` when the game is over.
fn to_play<G: Geometry>(board: Board<G>) -> Option<Board<G>> {
    if !board.legal_moves().is_empty() {
        Some(board)
    } else {
        let passed = board.pass();
        (!passed.legal_moves().is_empty()).then_some(passed)
    }
}

impl<G: Geometry, T: Transpositions<G::B>> Run<'_, G, T> {
    /// Every root move's score at `depth`, each with a full window, best first; the best is
    /// stored for the next iteration's ordering.
    fn every_move(&mut self, board: Board<G>, depth: u8) -> Vec<(u32, i32)> {
        const INF: i32 = i32::MAX / 2;
        let first = self
            .table
            .probe(board.player, board.opponent)
            .map_or(NO_MOVE, |e| e.best);
        let ix = self.indexes(&board);
        let mut scored = Vec::new();
        for (sq, flips) in self.order(&board, &ix, board.legal_moves(), first, depth) {
            let next_ix = self.child(&ix, sq, flips);
            let next = board.play_flips(sq, flips);
            let score = -self.search(next, &next_ix, depth - 1, -INF, INF, false);
            if self.aborted {
                return Vec::new();
            }
            scored.push((sq, score));
        }
        short_sort::sort_by_key(&mut scored, |&(sq, s)| (std::cmp::Reverse(s), sq));
        let (best, score) = scored[0];
        self.table.store(
            board.player,
            board.opponent,
            depth,
            (-INF, INF),
            score,
            best as u8,
        );
        scored
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Eight;
    use crate::search::never;

    fn board(record: &str) -> Board<Eight> {
        let game = crate::Reversi::from_record(Default::default(), record).unwrap();
        match game.position().board() {
            crate::AnyBoard::Eight(b) => b,
            _ => unreachable!(),
        }
    }

    /// A position with `empties` empty squares, reached by always playing the lowest legal
    /// square from the start.
    fn late(empties: u32) -> Board<Eight> {
        let mut b = Board::<Eight>::start();
        while b.empty().count() > empties {
            b = to_play(b).unwrap();
            let sq = b.legal_moves().lowest();
            b = b.play_flips(sq, b.flips(sq));
        }
        to_play(b).unwrap()
    }

    #[test]
    fn exact_values_agree_with_the_solver_and_the_line_plays_out_to_the_score() {
        let b = late(16);
        let mut searcher = Searcher::<Eight>::new(18);
        let mut heard = Vec::new();
        let a = searcher
            .analyse(b, 20, 0, Share::WHOLE, &never, &mut |sq, v| {
                heard.push((sq, v * WIN))
            })
            .unwrap();
        assert!(a.exact && a.depth == 16, "{a:?}");
        assert_eq!(a.scores.len() as u32, b.legal_moves().count());
        // Each move's score was told once, as it came, and is the one in the analysis.
        heard.sort_by_key(|&(sq, v)| (-v, sq));
        assert_eq!(heard, a.scores);
        for &(sq, v) in &a.scores {
            let after = b.play_flips(sq, b.flips(sq));
            assert_eq!(
                v,
                -crate::search::solve(after, &never).unwrap().score * WIN,
                "square {sq}"
            );
        }
        assert_line_reaches_the_score(b, &a);
    }

    /// Playing the line of an exact analysis (with the passes it implies) reaches the final
    /// score promised for its first move.
    fn assert_line_reaches_the_score(b: Board<Eight>, a: &Analysis) {
        let (mut position, mut theirs) = (b, false);
        for &sq in &a.line {
            let next = to_play(position).expect("the line goes past the end");
            theirs ^= next != position;
            assert!(next.legal_moves().has(sq), "{sq} is not legal");
            position = next.play_flips(sq, next.flips(sq));
            theirs = !theirs;
        }
        assert!(
            to_play(position).is_none(),
            "the exact line stops before the end"
        );
        let end = crate::search::endgame::final_score(&position);
        assert_eq!(
            if theirs { -end } else { end } * WIN,
            a.scores[0].1,
            "{:?}",
            a.line
        );
    }

    #[test]
    fn the_parts_of_a_shared_analysis_join_into_the_whole() {
        // The position of 14 to 17 empties with the most moves to share.
        let b = (14..=17)
            .map(late)
            .max_by_key(|b| b.legal_moves().count())
            .unwrap();
        let moves = b.legal_moves().count() as u8;
        assert!(moves >= 4, "{moves} moves");
        let whole = Searcher::<Eight>::new(18)
            .analyse(b, 20, 0, Share::WHOLE, &never, &mut |_, _| ())
            .unwrap();
        // One part more than there are moves leaves the last part none.
        for parts in [2, 3, moves + 1] {
            let (mut analyses, mut heard) = (Vec::new(), Vec::new());
            for part in 0..parts {
                // Each part in its own searcher, as in its own worker.
                let mut searcher = Searcher::<Eight>::new(18);
                let mut mine = Vec::new();
                let a = searcher
                    .analyse(b, 20, 0, Share { part, parts }, &never, &mut |sq, _| {
                        mine.push(sq)
                    })
                    .unwrap();
                assert_eq!(mine.len(), a.scores.len(), "part {part} of {parts}");
                assert!(a.exact, "part {part} of {parts}: {a:?}");
                heard.extend(mine);
                analyses.push(a);
            }
            heard.sort_unstable();
            heard.dedup();
            assert_eq!(
                heard.len(),
                whole.scores.len(),
                "every move solved once over {parts} parts"
            );
            let joined = Analysis::join(analyses).unwrap();
            assert_eq!(joined.scores, whole.scores, "{parts} parts");
            assert!(joined.exact && u32::from(joined.depth) == b.empty().count());
            assert_eq!(joined.line[0], joined.scores[0].0);
            assert_line_reaches_the_score(b, &joined);
        }
        assert_eq!(Analysis::<u32>::join(Vec::new()), None);
    }

    #[test]
    fn midgame_values_are_scores_and_the_line_is_legal() {
        let b = board("f5d6c3d3c4");
        let mut searcher = Searcher::<Eight>::new(16);
        let a = searcher
            .analyse(b, 20, 300_000, Share::WHOLE, &never, &mut |_, _| ())
            .unwrap();
        assert!(!a.exact && a.depth >= 3, "{a:?}");
        assert_eq!(a.scores.len() as u32, b.legal_moves().count());
        assert!(
            a.scores.windows(2).all(|w| w[0].1 >= w[1].1),
            "best first: {:?}",
            a.scores
        );
        // A plain full-width search to the same depth finds the same best value.
        let mut plain = Searcher::<Eight>::new(16);
        plain.set_tweaks(crate::search::midgame::Tweaks::NONE);
        let best = a
            .scores
            .iter()
            .map(|&(sq, _)| -plain.plain_score(b.play_flips(sq, b.flips(sq)), a.depth - 1))
            .max()
            .unwrap();
        assert!(
            (best - a.scores[0].1).abs() <= 3 * WIN,
            "plain {best}, analysis {}",
            a.scores[0].1
        );
        let mut position = b;
        for &sq in &a.line {
            position = to_play(position).unwrap();
            assert!(position.legal_moves().has(sq));
            position = position.play_flips(sq, position.flips(sq));
        }
        assert!(
            a.line.len() >= 2 && a.line.len() <= usize::from(a.depth),
            "{:?}",
            a.line
        );
    }

    #[test]
    fn a_stop_before_depth_one_gives_nothing_and_no_move_gives_nothing() {
        let mut searcher = Searcher::<Eight>::new(12);
        assert_eq!(
            searcher.analyse(board("f5"), 0, 0, Share::WHOLE, &never, &mut |_, _| ()),
            None
        );
        let all_dark = Board::<Eight>::new(u64::MAX >> 1, 0).unwrap();
        assert_eq!(
            searcher.analyse(all_dark, 20, 1000, Share::WHOLE, &never, &mut |_, _| ()),
            None
        );
    }
}
