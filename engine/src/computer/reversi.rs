//! Standard Reversi (6x6, 8x8, 10x10): the midgame search and the exact endgame solver of
//! [`crate::search`], one [`Searcher`] per board size kept in the [`Computer`] between moves
//! (its transposition table is worth keeping across a game). On 8x8, levels 6 to 11 play
//! from the opening book ([`crate::book`]) while the position is in it.

use super::{Computer, Decision};
use crate::bitboard::Geometry;
use crate::search::midgame::WIN;
use crate::search::{Analysis, Helpers, Level, Searcher, Share, Stop, PLAY_TABLE_BITS};
use crate::{AnyBoard, AnyGame, Square, Variant};

impl Computer {
    /// The move of the player to move in standard Reversi: a move of the opening book as the
    /// level plays from it ([`Level::book_play`], picked by `seed`), else
    /// [`Searcher::choose`] on the board's size, its tables kept for the next move.
    pub(super) fn reversi(
        &mut self,
        board: AnyBoard,
        level: Level,
        seed: u64,
        stop: &Stop<'_>,
    ) -> Option<Decision> {
        if let (AnyBoard::Eight(b), Some(book), Some(play)) = (board, self.book, level.book_play())
        {
            if let Some((sq, value)) = book.play(&b, play, seed) {
                return Some(Decision {
                    square: Square::from_index(sq, 8),
                    score: value * WIN,
                    depth: 0,
                    exact: false,
                    nodes: 0,
                });
            }
        }
        fn run<G: Geometry>(
            slot: &mut Option<Searcher<G>>,
            board: crate::Board<G>,
            level: Level,
            seed: u64,
            stop: &Stop<'_>,
            helpers: Option<&'static dyn Helpers>,
        ) -> Option<Decision> {
            let searcher = slot.get_or_insert_with(|| Searcher::new(PLAY_TABLE_BITS));
            searcher.set_helpers(helpers);
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
        let helpers = self.helpers;
        match board {
            AnyBoard::Six(b) => run(&mut self.six, b, level, seed, stop, helpers),
            AnyBoard::Eight(b) => run(&mut self.eight, b, level, seed, stop, helpers),
            AnyBoard::Ten(b) => run(&mut self.ten, b, level, seed, stop, helpers),
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

    /// Every legal move of the player to move with its value in the opening book (discs,
    /// best first), if the position is in the book (8x8 standard Reversi only).
    pub fn book_moves(&self, game: &AnyGame) -> Option<Vec<(Square, i32)>> {
        let AnyGame::Reversi(r) = game else {
            return None;
        };
        let AnyBoard::Eight(board) = r.position().board() else {
            return None;
        };
        if r.position().variant() != Variant::Standard || r.ended() {
            return None;
        }
        let moves = self.book?.moves(&board)?;
        Some(
            moves
                .into_iter()
                .map(|(sq, v)| (Square::from_index(sq, 8), v))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::{Board, Eight, GameOptions};

    /// A book of the start and the position after f5, both expanded: light's d6 worth 0,
    /// f4 -1 and f6 -3 (each leaf's value is the negated value of light's move).
    fn book() -> &'static Book {
        let start = Board::<Eight>::start();
        let f5 = 4 * 8 + 5;
        let after = start.play_flips(f5, start.flips(f5));
        let sq = |name: &str| name.parse::<Square>().unwrap().index(8).unwrap();
        let mut book = Book::new();
        book.set_moves(&start, &[(f5, 0)]);
        book.set_moves(&after, &[(sq("d6"), 0), (sq("f4"), -1), (sq("f6"), -3)]);
        book.minimax();
        Box::leak(Box::new(book))
    }

    fn game(record: &str) -> AnyGame {
        AnyGame::from_record(&GameOptions::default(), record).unwrap()
    }

    #[test]
    fn strong_levels_play_from_the_book_and_search_out_of_it() {
        let mut computer = Computer::new();
        computer.set_book(Some(book()));
        let level = |l| Level::new(l).unwrap();
        // At the start every move is worth the same: each seed picks one, without a search.
        let mut firsts = std::collections::HashSet::new();
        for seed in 0..40 {
            let d = computer
                .choose(&game(""), level(10), seed, &crate::search::never)
                .unwrap();
            assert_eq!((d.depth, d.nodes, d.score), (0, 0, 0), "{d:?}");
            assert_eq!(
                computer.choose(&game(""), level(10), seed, &crate::search::never),
                Some(d)
            );
            firsts.insert(d.square.to_string());
        }
        assert_eq!(firsts.len(), 4, "{firsts:?}");
        // After f5, level 10 plays d6 (0) or f4 (-1), never f6 (-3); level 6 may play f6.
        for seed in 0..20 {
            let d = computer
                .choose(&game("f5"), level(10), seed, &crate::search::never)
                .unwrap();
            assert!(
                ["d6", "f4"].contains(&d.square.to_string().as_str()),
                "{d:?}"
            );
        }
        let sixes: std::collections::HashSet<String> = (0..40)
            .map(|seed| {
                let d = computer.choose(&game("f5"), level(6), seed, &crate::search::never);
                d.unwrap().square.to_string()
            })
            .collect();
        assert!(sixes.contains("f6"), "{sixes:?}");
        // Below level 6, and out of the book, the computer searches.
        let d = computer
            .choose(&game("f5"), level(5), 1, &crate::search::never)
            .unwrap();
        assert!(d.depth > 0 && d.nodes > 0, "{d:?}");
        let d = computer
            .choose(&game("f5d6"), level(7), 1, &crate::search::never)
            .unwrap();
        assert!(d.depth > 0 && d.nodes > 0, "{d:?}");
        // The study tools' values: the book's, best first; none out of it or without a book.
        let values: Vec<(String, i32)> = computer
            .book_moves(&game("f5"))
            .unwrap()
            .into_iter()
            .map(|(sq, v)| (sq.to_string(), v))
            .collect();
        assert_eq!(
            values,
            [("d6".into(), 0), ("f4".into(), -1), ("f6".into(), -3)]
        );
        assert_eq!(computer.book_moves(&game("f5d6")), None);
        computer.clear();
        assert!(
            computer.book_moves(&game("f5")).is_some(),
            "clear keeps the book"
        );
        computer.set_book(None);
        assert_eq!(computer.book_moves(&game("f5")), None);
        let d = computer
            .choose(&game(""), level(10), 1, &crate::search::never)
            .unwrap();
        assert!(
            d.depth > 0,
            "without a book level 10 searches the first move"
        );
    }

    #[test]
    fn levels_6_to_11_play_from_the_shipped_book_while_the_position_is_in_it() {
        let mut computer = Computer::new();
        let book = crate::book::default_book().expect("the shipped book reads");
        let level = |l| Level::new(l).unwrap();
        // A little search is enough to tell a search from a book move.
        let soon = |nodes: u64| nodes > 20_000;
        let board = |record: &str| {
            let AnyGame::Reversi(r) = game(record) else {
                unreachable!()
            };
            let AnyBoard::Eight(board) = r.position().board() else {
                unreachable!()
            };
            board
        };
        for record in ["f5d6c3", "f5d6c3d3", "f5d6c3d3c4"] {
            assert!(
                book.moves(&board(record)).is_some(),
                "{record} is in the book"
            );
            for l in 6..=11 {
                let d = computer.choose(&game(record), level(l), 1, &soon).unwrap();
                assert_eq!(d.depth, 0, "level {l} plays {record} from the book: {d:?}");
            }
        }
        // The first legal square every move soon leaves it: from there they search.
        let mut record = String::new();
        while book.moves(&board(&record)).is_some() {
            let sq = board(&record).legal_moves().trailing_zeros();
            record += &Square::from_index(sq, 8).to_string();
        }
        for l in [6, 10, 11] {
            let d = computer.choose(&game(&record), level(l), 1, &soon).unwrap();
            assert!(d.depth > 0, "level {l} searches after {record}: {d:?}");
        }
    }
}
