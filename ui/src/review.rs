//! A game's review: the value of every position of a standard Reversi game (the predicted
//! final disc difference, for Dark), from which each move's loss against the best move,
//! the mistakes and blunders, each player's total loss and the evaluation graph follow.
//! The values come from the computer's worker one position at a time ([`crate::ai::Request::
//! Evaluate`]: exact from [`crate::ai::EXACT_FROM`] empty squares, a deep search before); the
//! positions where the game is over are counted here. Plain data, tested natively.

use outflank_engine::{AnyGame, Game, GameOptions, LogItem, Player, Variant};

use crate::model;

/// A move's loss (hundredths of a disc) from which it is a mistake, and a blunder.
pub const MISTAKE: i32 = 300;
pub const BLUNDER: i32 = 800;

/// The review of the game on show, as the viewer's context (the hot-seat page provides
/// it; an embedded viewer has none): its move list marks the mistakes and its graph plots
/// the values.
#[derive(Clone, Copy)]
pub struct Reviewed(pub leptos::prelude::RwSignal<Option<Review>>);

/// How bad a move was.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Mistake,
    Blunder,
}

impl Mark {
    pub fn of(loss: i32) -> Option<Mark> {
        match loss {
            l if l >= BLUNDER => Some(Mark::Blunder),
            l if l >= MISTAKE => Some(Mark::Mistake),
            _ => None,
        }
    }

    /// The mark's class and word in the move list.
    pub fn key(self) -> &'static str {
        match self {
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// A position's value for Dark, in hundredths of a disc.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Value {
    pub dark: i32,
    pub exact: bool,
}

/// One move judged: who played it (the `ply`-th piece placed) and what it lost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Judged {
    pub ply: usize,
    pub player: Player,
    /// Hundredths of a disc, never below 0.
    pub loss: i32,
    pub mark: Option<Mark>,
    pub exact: bool,
}

/// The review of one game, filled in as the values come.
#[derive(Clone, PartialEq, Debug)]
pub struct Review {
    /// The game reviewed, by its options (a set-up start among them) and record: another
    /// game, or a changed one, needs a new review.
    options: GameOptions,
    record: String,
    /// The position after each piece placed (0: the start), the one to evaluate.
    positions: Vec<AnyGame>,
    /// Who placed the `ply`-th piece, for `ply` 1 to n (index `ply - 1`).
    movers: Vec<Player>,
    values: Vec<Option<Value>>,
}

/// Reviews are of standard Reversi (the search knows no other game well enough).
fn standard_reversi(game: &AnyGame) -> bool {
    matches!(game, AnyGame::Reversi(r) if r.options().variant == Variant::Standard)
}

impl Review {
    /// Whether `game` can be reviewed: standard Reversi with a move played. (Cheap: the
    /// page asks after every change.)
    pub fn possible(game: &AnyGame) -> bool {
        standard_reversi(game) && model::move_count(game) > 0
    }

    /// A review of `game` with no values yet, where the game ended already counted; `None`
    /// for anything but standard Reversi.
    pub fn new(game: &AnyGame) -> Option<Review> {
        if !standard_reversi(game) {
            return None;
        }
        let n = model::move_count(game);
        let positions = (0..=n)
            .map(|ply| {
                let mut at = model::game_at(game, ply).ok()?;
                // A concession or a fallen flag is no move: judge the board it left.
                if at.resigned().is_some() {
                    at.undo().ok()?;
                }
                Some(at)
            })
            .collect::<Option<Vec<_>>>()?;
        let movers = game
            .log()
            .iter()
            .filter_map(|item| match item {
                LogItem::Move { player, .. } => Some(*player),
                _ => None,
            })
            .collect();
        let values = positions
            .iter()
            .map(|p| match p {
                AnyGame::Reversi(r) if r.position().is_over() => {
                    let [dark, light] = r.discs();
                    Some(Value {
                        dark: (dark as i32 - light as i32) * 100,
                        exact: true,
                    })
                }
                _ => None,
            })
            .collect();
        Some(Review {
            options: game.options(),
            record: game.record(),
            positions,
            movers,
            values,
        })
    }

    /// Whether this is the review of `game` as it stands.
    pub fn is_of(&self, game: &AnyGame) -> bool {
        self.record == game.record() && self.options == game.options()
    }

    /// The next position to evaluate (its ply and the game there) other than those being
    /// evaluated already (`asked`), if any is left.
    pub fn next(&self, asked: &[usize]) -> Option<(usize, AnyGame)> {
        let ply = (0..self.values.len())
            .find(|ply| self.values[*ply].is_none() && !asked.contains(ply))?;
        Some((ply, self.positions[ply].clone()))
    }

    /// The worker's value of position `ply`: `score` hundredths of a disc for the player to
    /// move there.
    pub fn set(&mut self, ply: usize, score: i32, exact: bool) {
        let Some(to_move) = self.positions.get(ply).and_then(|p| p.to_move()) else {
            return;
        };
        let dark = if to_move == Player::First {
            score
        } else {
            -score
        };
        self.values[ply] = Some(Value { dark, exact });
    }

    /// Positions valued, of all.
    pub fn progress(&self) -> (usize, usize) {
        (
            self.values.iter().filter(|v| v.is_some()).count(),
            self.values.len(),
        )
    }

    pub fn done(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// The value of position `ply` (after that many pieces), if known: the graph's points.
    pub fn value(&self, ply: usize) -> Option<Value> {
        self.values.get(ply).copied().flatten()
    }

    /// Every move whose position before and after are both valued.
    pub fn judged(&self) -> Vec<Judged> {
        (1..=self.movers.len())
            .filter_map(|ply| self.judged_at(ply))
            .collect()
    }

    /// The move `ply` (the `ply`-th piece placed) judged, if the positions before and after
    /// it are both valued.
    pub fn judged_at(&self, ply: usize) -> Option<Judged> {
        let player = *self.movers.get(ply.checked_sub(1)?)?;
        let (before, after) = (self.value(ply - 1)?, self.value(ply)?);
        let sign = if player == Player::First { 1 } else { -1 };
        // What the mover could have had, less what their move left them.
        let loss = (sign * (before.dark - after.dark)).max(0);
        Some(Judged {
            ply,
            player,
            loss,
            mark: Mark::of(loss),
            exact: before.exact && after.exact,
        })
    }

    /// Each player's total loss (hundredths of a disc) over the moves judged.
    pub fn totals(&self) -> [i32; 2] {
        let mut totals = [0; 2];
        for j in self.judged() {
            totals[j.player.index()] += j.loss;
        }
        totals
    }

    /// The move that lost the most (the first of equals), if one lost anything.
    pub fn worst(&self) -> Option<Judged> {
        self.judged()
            .into_iter()
            .filter(|j| j.loss > 0)
            .fold(None, |worst: Option<Judged>, j| match worst {
                Some(w) if w.loss >= j.loss => Some(w),
                _ => Some(j),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::search::Share;
    use outflank_engine::{Computer, GameKind};

    fn reversi(record: &str) -> AnyGame {
        AnyGame::from_record(&GameOptions::default(), record).unwrap()
    }

    #[test]
    fn losses_marks_and_totals_follow_the_values() {
        let game = reversi("f5d6c3");
        let mut r = Review::new(&game).unwrap();
        assert_eq!(r.progress(), (0, 4));
        assert_eq!(r.next(&[]).unwrap().0, 0);
        // With the start being evaluated, another worker takes the next position.
        assert_eq!(r.next(&[0]).unwrap().0, 1);
        assert_eq!(r.next(&[0, 1, 2, 3]), None);
        // Dark to move at 0 and 2, Light at 1 and 3 (scores are for the player to move).
        r.set(0, 0, false);
        r.set(1, 100, false); // Light +1: Dark -1 after f5, a loss of 1 disc
        r.set(2, -900, false); // Dark -9 after d6: Light's d6 gained Light 8: no loss
        r.set(3, 2500, false); // Light +25 after c3: Dark lost 16
        assert!(r.done());
        let judged = r.judged();
        assert_eq!(
            judged.iter().map(|j| j.loss).collect::<Vec<_>>(),
            [100, 0, 1600]
        );
        assert_eq!(judged[2].mark, Some(Mark::Blunder));
        assert_eq!(judged[0].mark, None);
        assert_eq!(r.totals(), [1700, 0]);
        assert_eq!(r.worst().unwrap().ply, 3);
        assert_eq!(r.value(3).unwrap().dark, -2500);
        assert!(r.is_of(&game));
        assert!(!r.is_of(&reversi("f5d6")));
        // The same moves from a set-up position are another game.
        let corner = outflank_engine::StartPosition::default()
            .with_disc("a1".parse().unwrap(), Some(Player::First));
        let set_up = GameOptions {
            start: Some(corner),
            ..GameOptions::default()
        };
        assert!(!r.is_of(&AnyGame::from_record(&set_up, &game.record()).unwrap()));
        assert_eq!(Mark::of(299), None);
        assert_eq!(Mark::of(300), Some(Mark::Mistake));
        // Other games have no review.
        let gomoku = AnyGame::new(&GameOptions {
            game: GameKind::Gomoku,
            ..GameOptions::default()
        })
        .unwrap();
        assert!(Review::new(&gomoku).is_none());
        assert!(!Review::possible(&gomoku));
        assert!(Review::possible(&game));
        assert!(!Review::possible(&reversi("")), "no move to review");
    }

    /// A whole game (the browser tests' full game, with a pass) reviewed with the worker's
    /// own answers from 14 empty squares on, where every value is exact: each move's loss
    /// is what an exact solve of every move there says, and so is the worst move.
    #[test]
    fn the_end_of_a_game_reviewed_exactly() {
        const FULL_GAME: &str = "d3c3b3b2b1c5e6e3c2d2c4c1b5a6d1a3a2a1f3e1e2f4f5f1f2f6g1e7f7g3a5g8d7g7g2b4h3b6a4h1h7h4g5d8b7f8c6h6h2g6g4h5d6a8a7c7b8c8e8h8";
        let game = reversi(FULL_GAME);
        let n = model::move_count(&game);
        let mut r = Review::new(&game).unwrap();
        assert!(r.value(n).unwrap().exact, "the end is counted");
        let from = n - 14;
        let mut computer = Computer::new();
        for ply in from..n {
            let at = r.positions[ply].clone();
            let request = crate::ai::Request::Evaluate { id: 1, game: at };
            match crate::ai::answer(&request, &mut computer, &|_| false, &mut |_| ()) {
                crate::ai::Response::Move { score, exact, .. } => {
                    assert!(exact, "ply {ply}");
                    r.set(ply, score, exact)
                }
                other => panic!("{other:?}"),
            }
        }
        let judged = r.judged();
        assert_eq!(judged.len(), 14);
        // The same losses from the exact score of every move of each position.
        let played: Vec<_> = game
            .log()
            .iter()
            .filter_map(|i| match i {
                outflank_engine::LogItem::Move { square, .. } => Some(*square),
                _ => None,
            })
            .collect();
        for j in &judged {
            let at = &r.positions[j.ply - 1];
            let scores = Computer::new()
                .analyse(at, u32::MAX, 0, Share::WHOLE, &|_| false, &mut |_, _| ())
                .unwrap()
                .scores;
            let best = scores[0].1;
            let mine = scores
                .iter()
                .find(|(sq, _)| *sq == played[j.ply - 1])
                .unwrap()
                .1;
            assert_eq!(j.loss, best - mine, "move {}", j.ply);
            assert!(j.exact);
        }
        let worst = r.worst().unwrap();
        assert_eq!(worst.loss, judged.iter().map(|j| j.loss).max().unwrap());
    }
}
