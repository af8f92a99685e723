//! The New game dialog's board editor: a Reversi position set up square by square (as
//! from a book diagram), the side to move, and the check that it can start a game. Plain
//! data, tested natively; the view is `components::editor`.

use outflank_engine::{Player, Square, StartPosition};

/// What a click on a square does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Brush {
    /// Empty, then dark, then light, then empty again.
    Cycle,
    Dark,
    Light,
    Erase,
}

impl Brush {
    pub const ALL: [Brush; 4] = [Brush::Cycle, Brush::Dark, Brush::Light, Brush::Erase];

    /// The name in the page (`data-brush`, the radio buttons' values).
    pub const fn key(self) -> &'static str {
        match self {
            Brush::Cycle => "cycle",
            Brush::Dark => "dark",
            Brush::Light => "light",
            Brush::Erase => "erase",
        }
    }
}

/// Why a set-up cannot start a game (said in the page's language by the view).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Problem {
    /// These centre squares are empty: in Othello they always hold discs.
    EmptyCentre(Vec<Square>),
}

/// The editor's state: the board being set up with the side to move, and the brush.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Editor {
    start: StartPosition,
    pub brush: Brush,
}

impl Editor {
    /// The standard start of a board of side `size` (6, 8 or 10; anything else is 8x8),
    /// dark to move, brush cycling.
    pub fn standard(size: u8) -> Editor {
        Editor::of(StartPosition::standard(size).unwrap_or_default())
    }

    /// The editor showing `start` (the position of the game being repeated).
    pub fn of(start: StartPosition) -> Editor {
        Editor {
            start,
            brush: Brush::Cycle,
        }
    }

    pub fn size(&self) -> u8 {
        self.start.size()
    }

    pub fn to_move(&self) -> Player {
        self.start.to_move()
    }

    pub fn set_to_move(&mut self, player: Player) {
        self.start = self.start.with_to_move(player);
    }

    /// Every square in reading order (a1, b1, ...).
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        let n = self.size();
        (0..n).flat_map(move |row| (0..n).map(move |col| Square::new(col, row)))
    }

    /// Who owns the disc on `sq`, if anyone.
    pub fn disc(&self, sq: Square) -> Option<Player> {
        self.start.disc(sq)
    }

    /// Applies the brush to `sq` (nothing off the board).
    pub fn click(&mut self, sq: Square) {
        let owner = match (self.brush, self.disc(sq)) {
            (Brush::Cycle, None) => Some(Player::First),
            (Brush::Cycle, Some(Player::First)) => Some(Player::Second),
            (Brush::Cycle, Some(Player::Second)) => None,
            (Brush::Dark, _) => Some(Player::First),
            (Brush::Light, _) => Some(Player::Second),
            (Brush::Erase, _) => None,
        };
        self.start = self.start.with_disc(sq, owner);
    }

    /// Empties the board (the brush and the side to move stay).
    pub fn clear(&mut self) {
        self.start = self.start.cleared();
    }

    /// Back to the standard start of the same size, dark to move (the brush stays).
    pub fn reset(&mut self) {
        let brush = self.brush;
        *self = Editor {
            brush,
            ..Editor::standard(self.size())
        };
    }

    /// Another board size: its standard start (a set-up does not carry over to a board of
    /// another size). The same size changes nothing.
    pub fn resize(&mut self, size: u8) {
        if size != self.size() {
            let brush = self.brush;
            *self = Editor {
                brush,
                ..Editor::standard(size)
            };
        }
    }

    /// Disc counts, indexed by player.
    pub fn counts(&self) -> [u32; 2] {
        self.start.counts()
    }

    /// The set-up as the game's option, unchecked.
    pub fn start(&self) -> StartPosition {
        self.start
    }

    /// The set-up, if a game can start from it; what is wrong otherwise. (The engine checks
    /// the same when the game is made: [`StartPosition::check`].)
    pub fn check(&self) -> Result<StartPosition, Problem> {
        let empty = self.start.empty_centre();
        if empty.is_empty() {
            Ok(self.start)
        } else {
            Err(Problem::EmptyCentre(empty))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn clicks_paint_with_the_brush() {
        let mut e = Editor::standard(8);
        assert_eq!(
            (e.size(), e.counts(), e.to_move()),
            (8, [2, 2], Player::First)
        );
        let dashes = "-".repeat(27);
        assert_eq!(
            e.start().to_string(),
            format!("{dashes}OX------XO{dashes}X")
        );
        // Cycling: empty -> dark -> light -> empty.
        let a1 = sq("a1");
        let seen: Vec<Option<Player>> = (0..3)
            .map(|_| {
                e.click(a1);
                e.disc(a1)
            })
            .collect();
        assert_eq!(seen, [Some(Player::First), Some(Player::Second), None]);
        e.brush = Brush::Light;
        e.click(sq("e4"));
        e.click(sq("e4"));
        assert_eq!(e.disc(sq("e4")), Some(Player::Second));
        e.brush = Brush::Erase;
        e.click(sq("d4"));
        assert_eq!(e.counts(), [1, 2]);
        e.brush = Brush::Dark;
        e.click(sq("i9"));
        assert_eq!(e.counts(), [1, 2], "off the board: nothing");
        e.click(sq("h8"));
        assert_eq!(e.disc(sq("h8")), Some(Player::First));
    }

    #[test]
    fn clear_reset_and_resize() {
        let mut e = Editor::standard(8);
        e.brush = Brush::Dark;
        e.set_to_move(Player::Second);
        e.clear();
        assert_eq!(e.counts(), [0, 0]);
        assert_eq!(
            e.check(),
            Err(Problem::EmptyCentre(
                ["d4", "e4", "d5", "e5"].map(sq).to_vec()
            ))
        );
        e.reset();
        assert_eq!(
            (e.counts(), e.to_move(), e.brush),
            ([2, 2], Player::First, Brush::Dark)
        );
        e.click(sq("a1"));
        e.resize(8);
        assert_eq!(
            e.disc(sq("a1")),
            Some(Player::First),
            "the same size keeps the set-up"
        );
        e.resize(6);
        assert_eq!((e.size(), e.counts(), e.squares().count()), (6, [2, 2], 36));
        assert_eq!(e.disc(sq("c3")), Some(Player::Second));
    }

    #[test]
    fn a_set_up_round_trips_and_is_checked() {
        let mut e = Editor::standard(10);
        e.click(sq("a1"));
        e.set_to_move(Player::Second);
        let start = e.check().unwrap();
        assert_eq!(
            Editor::of(start),
            Editor {
                brush: Brush::Cycle,
                ..e.clone()
            }
        );
        e.brush = Brush::Erase;
        e.click(sq("f6"));
        assert_eq!(e.check(), Err(Problem::EmptyCentre(vec![sq("f6")])));
    }
}
