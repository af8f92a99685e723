//! Standard Reversi (6x6, 8x8, 10x10): the midgame search and the exact endgame solver of
//! [`crate::search`], one [`Searcher`] per board size kept in the [`Computer`] between moves
//! (its transposition table is worth keeping across a game).

use super::{Computer, Decision};
use crate::bitboard::Geometry;
use crate::search::{Analysis, Level, Searcher, Share, Stop, PLAY_TABLE_BITS};
use crate::{AnyBoard, AnyGame, Square, Variant};

impl Computer {
    /// The move of the player to move in standard Reversi: [`Searcher::choose`] on the
    /// board's size, its tables kept for the next move.
    pub(super) fn reversi(
        &mut self,
        board: AnyBoard,
        level: Level,
        seed: u64,
        stop: &Stop<'_>,
    ) -> Option<Decision> {
        fn run<G: Geometry>(
            slot: &mut Option<Searcher<G>>,
            board: crate::Board<G>,
            level: Level,
            seed: u64,
            stop: &Stop<'_>,
        ) -> Option<Decision> {
            let searcher = slot.get_or_insert_with(|| Searcher::new(PLAY_TABLE_BITS));
            let choice = searcher.choose(board, &level.settings(), seed, stop);
            let sq = choice.best?;
            Some(Decision {
                square: Square::from_index(sq, G::SIZE as u8),
                score: choice.score,
                depth: choice.depth,
                exact: choice.exact,
                nodes: choice.nodes,
            })
        }
        match board {
            AnyBoard::Six(b) => run(&mut self.six, b, level, seed, stop),
            AnyBoard::Eight(b) => run(&mut self.eight, b, level, seed, stop),
            AnyBoard::Ten(b) => run(&mut self.ten, b, level, seed, stop),
        }
    }

    /// Every legal move's value for the player to move and the line expected after the
    /// best one ([`Searcher::analyse`]): exact final scores from `exact_from` empty squares
    /// down (`u32::MAX`: always; the hints near the end), else a search of `max_nodes` nodes. `None` for other games than standard
    /// Reversi, when the player to move must pass or the game is over, or if `stop` cut the
    /// search short. An exact analysis tells `solved` each move's score, in discs, as soon
    /// as it is known, and solves only the moves of `share` ([`Share::WHOLE`]: all).
    pub fn analyse(
        &mut self,
        game: &AnyGame,
        exact_from: u32,
        max_nodes: u64,
        share: Share,
        stop: &Stop<'_>,
        solved: &mut dyn FnMut(Square, i32),
    ) -> Option<Analysis<Square>> {
        let AnyGame::Reversi(r) = game else {
            return None;
        };
        if r.position().variant() != Variant::Standard || r.ended() {
            return None;
        }
        fn run<G: Geometry>(
            slot: &mut Option<Searcher<G>>,
            board: crate::Board<G>,
            (exact_from, max_nodes, share): (u32, u64, Share),
            stop: &Stop<'_>,
            solved: &mut dyn FnMut(Square, i32),
        ) -> Option<Analysis<Square>> {
            let searcher = slot.get_or_insert_with(|| Searcher::new(PLAY_TABLE_BITS));
            let square = |sq| Square::from_index(sq, G::SIZE as u8);
            let analysis = searcher.analyse(
                board,
                exact_from,
                max_nodes,
                share,
                stop,
                &mut |sq, score| solved(square(sq), score),
            )?;
            Some(analysis.map(square))
        }
        let limits = (exact_from, max_nodes, share);
        match r.position().board() {
            AnyBoard::Six(b) => run(&mut self.six, b, limits, stop, solved),
            AnyBoard::Eight(b) => run(&mut self.eight, b, limits, stop, solved),
            AnyBoard::Ten(b) => run(&mut self.ten, b, limits, stop, solved),
        }
    }
}
