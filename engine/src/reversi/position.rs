//! A Reversi position of any supported size and variant, with the side to move.

use serde::{Deserialize, Serialize};

use super::board::Board;
use crate::bitboard::{Bits, Eight, Geometry, Six, Squares, Ten};
use crate::{Error, GameKind, Player, Reason, Square};

/// The rule set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Variant {
    /// Othello: a disc must outflank, outflanked discs flip.
    #[default]
    Standard,
    /// "Reversi Bombs": a disc goes on any empty square next to a disc, and every
    /// neighbouring disc toggles colour.
    Bombs,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Standard, Variant::Bombs];

    /// The name in JSON and in options: `"standard"`, `"bombs"`.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Bombs => "bombs",
        }
    }

    /// The variant whose [`Variant::id`] is `id`.
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.id() == id)
    }
}

/// The board of one of the supported sizes: a closed enum, so each arm runs the
/// monomorphised bitboard code of its size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AnyBoard {
    Six(Board<Six>),
    Eight(Board<Eight>),
    Ten(Board<Ten>),
}

/// Applies `$body` to the board inside `$any`, whatever its size, returning the same type.
macro_rules! with_board {
    ($any:expr, $b:ident => $body:expr) => {
        match $any {
            AnyBoard::Six($b) => $body,
            AnyBoard::Eight($b) => $body,
            AnyBoard::Ten($b) => $body,
        }
    };
}

/// Applies `$body` (which yields a `Board` of the same size) and re-wraps it.
macro_rules! map_board {
    ($any:expr, $b:ident => $body:expr) => {
        match $any {
            AnyBoard::Six($b) => AnyBoard::Six($body),
            AnyBoard::Eight($b) => AnyBoard::Eight($body),
            AnyBoard::Ten($b) => AnyBoard::Ten($body),
        }
    };
}

/// The board sizes a game may have.
pub const SIZES: [u8; 3] = [6, 8, 10];

impl AnyBoard {
    /// The start position of a board of side `size`, if that size is supported.
    pub fn start(size: u8) -> Option<AnyBoard> {
        match size {
            6 => Some(AnyBoard::Six(Board::start())),
            8 => Some(AnyBoard::Eight(Board::start())),
            10 => Some(AnyBoard::Ten(Board::start())),
            _ => None,
        }
    }

    /// Builds a board from the discs (as `u128` bit sets) of the player to move and the other.
    pub fn from_bits(size: u8, player: u128, opponent: u128) -> Option<AnyBoard> {
        fn make<G: Geometry>(p: u128, o: u128) -> Option<Board<G>> {
            // Reject bits that do not fit the type before truncating them.
            let fits = |x: u128| G::B::from_u128(x).to_u128() == x;
            if !fits(p) || !fits(o) {
                return None;
            }
            Board::new(G::B::from_u128(p), G::B::from_u128(o))
        }
        match size {
            6 => make(player, opponent).map(AnyBoard::Six),
            8 => make(player, opponent).map(AnyBoard::Eight),
            10 => make(player, opponent).map(AnyBoard::Ten),
            _ => None,
        }
    }

    pub fn size(&self) -> u8 {
        match self {
            AnyBoard::Six(_) => 6,
            AnyBoard::Eight(_) => 8,
            AnyBoard::Ten(_) => 10,
        }
    }

    /// Discs of the player to move, as a `u128` bit set.
    pub fn player(&self) -> u128 {
        with_board!(self, b => b.player.to_u128())
    }

    /// Discs of the player not to move.
    pub fn opponent(&self) -> u128 {
        with_board!(self, b => b.opponent.to_u128())
    }

    pub fn empty(&self) -> u128 {
        with_board!(self, b => b.empty().to_u128())
    }

    pub fn legal_moves(&self, variant: Variant) -> u128 {
        match variant {
            Variant::Standard => with_board!(self, b => b.legal_moves().to_u128()),
            Variant::Bombs => with_board!(self, b => b.bomb_moves().to_u128()),
        }
    }

    /// The discs a move at bit `sq` changes: flips (standard) or toggles (bombs).
    pub fn effect(&self, variant: Variant, sq: u32) -> u128 {
        match variant {
            Variant::Standard => with_board!(self, b => b.flips(sq).to_u128()),
            Variant::Bombs => with_board!(self, b => b.bomb_toggles(sq).to_u128()),
        }
    }

    /// The board after a move at `sq` with its `effect`, seen by the next player.
    pub fn apply(&self, variant: Variant, sq: u32, effect: u128) -> AnyBoard {
        match variant {
            Variant::Standard => {
                map_board!(self, b => b.play_flips(sq, Bits::from_u128(effect)))
            }
            Variant::Bombs => map_board!(self, b => b.play_toggles(sq, Bits::from_u128(effect))),
        }
    }

    pub fn pass(&self) -> AnyBoard {
        map_board!(self, b => b.pass())
    }
}

/// A position: the discs, the rules and whose turn it is.
///
/// ```
/// use outflank_engine::{Position, Player, Variant};
/// let start = Position::start(8, Variant::Standard).unwrap();
/// assert_eq!(start.to_rows(), [
///     "--------",
///     "--------",
///     "--------",
///     "---OX---",
///     "---XO---",
///     "--------",
///     "--------",
///     "--------",
/// ]);
/// assert_eq!(start.to_move(), Player::First);
/// let moves: Vec<String> = start.legal_moves().iter().map(|s| s.to_string()).collect();
/// assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: AnyBoard,
    to_move: Player,
    variant: Variant,
}

/// What a move did: where the disc went and which discs it turned over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placed {
    pub square: Square,
    /// The discs turned over (standard) or toggled (bombs), as a bit set.
    pub changed: u128,
    index: u32,
}

impl Position {
    /// The standard start position of a board of side `size` (6, 8 or 10).
    pub fn start(size: u8, variant: Variant) -> Result<Position, Error> {
        let board = AnyBoard::start(size).ok_or_else(|| {
            Error::bad_option(Reason::Size {
                game: GameKind::Reversi,
                size,
            })
        })?;
        Ok(Position {
            board,
            to_move: Player::First,
            variant,
        })
    }

    /// A position from rows of `X` (first player), `O` (second player) and `-` (empty),
    /// row 1 first, as the FFO test files write boards. Checks the shape and characters.
    pub fn from_rows<S: AsRef<str>>(
        rows: &[S],
        to_move: Player,
        variant: Variant,
    ) -> Result<Position, Error> {
        let size = rows.len();
        if !SIZES.contains(&(size as u8)) || size > u8::MAX as usize {
            return Err(Error::malformed(format!(
                "the board has {size} rows; 6, 8 or 10 expected"
            )));
        }
        let (mut first, mut second) = (0u128, 0u128);
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != size {
                return Err(Error::malformed(format!(
                    "row {} has {} squares, {size} expected",
                    r + 1,
                    row.chars().count()
                )));
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u128 << (r * size + c);
                match ch {
                    'X' | 'x' | '*' => first |= bit,
                    'O' | 'o' => second |= bit,
                    '-' | '.' => {}
                    other => {
                        return Err(Error::malformed(format!(
                            "row {} has {}; only X, O and - are squares",
                            r + 1,
                            crate::Quoted(other)
                        )))
                    }
                }
            }
        }
        let (p, o) = match to_move {
            Player::First => (first, second),
            Player::Second => (second, first),
        };
        let board = AnyBoard::from_bits(size as u8, p, o)
            .ok_or_else(|| Error::malformed("discs overlap or lie off the board"))?;
        Ok(Position {
            board,
            to_move,
            variant,
        })
    }

    /// Parses the 64-character board format of the FFO files (`X`, `O`, `-`, a1..h8).
    pub fn from_ffo(board: &str, to_move: Player) -> Result<Position, Error> {
        let chars: Vec<char> = board.trim().chars().collect();
        if chars.len() != 64 {
            return Err(Error::malformed(format!(
                "an 8x8 board has 64 squares, not {}",
                chars.len()
            )));
        }
        let rows: Vec<String> = chars.chunks(8).map(|c| c.iter().collect()).collect();
        Position::from_rows(&rows, to_move, Variant::Standard)
    }

    /// The rows in the format [`Position::from_rows`] reads.
    pub fn to_rows(&self) -> Vec<String> {
        let n = self.size() as u32;
        let (first, second) = self.discs();
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let bit = 1u128 << (r * n + c);
                        if first & bit != 0 {
                            'X'
                        } else if second & bit != 0 {
                            'O'
                        } else {
                            '-'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    pub fn size(&self) -> u8 {
        self.board.size()
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The player whose turn it is (also set, but meaningless, once the game has ended).
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The bitboards, seen from the player to move.
    pub fn board(&self) -> AnyBoard {
        self.board
    }

    /// Discs of (first player, second player) as bit sets.
    pub fn discs(&self) -> (u128, u128) {
        match self.to_move {
            Player::First => (self.board.player(), self.board.opponent()),
            Player::Second => (self.board.opponent(), self.board.player()),
        }
    }

    /// Disc counts indexed by player.
    pub fn counts(&self) -> [u32; 2] {
        let (a, b) = self.discs();
        [a.count_ones(), b.count_ones()]
    }

    /// Who owns the disc on `sq`, if any.
    pub fn disc(&self, sq: Square) -> Option<Player> {
        let bit = 1u128 << sq.index(self.size())?;
        let (first, second) = self.discs();
        if first & bit != 0 {
            Some(Player::First)
        } else if second & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Legal moves of the player to move, as a bit set.
    pub fn legal_bits(&self) -> u128 {
        self.board.legal_moves(self.variant)
    }

    /// Legal moves of the player to move, in reading order.
    pub fn legal_moves(&self) -> Vec<Square> {
        self.squares(self.legal_bits())
    }

    /// The squares of a bit set of this board, in reading order.
    pub fn squares(&self, set: u128) -> Vec<Square> {
        let size = self.size();
        Squares(set).map(|i| Square::from_index(i, size)).collect()
    }

    /// Whether the game is over in this position (no further move for either side).
    pub fn is_over(&self) -> bool {
        match self.variant {
            Variant::Standard => {
                self.board.legal_moves(Variant::Standard) == 0
                    && self.board.pass().legal_moves(Variant::Standard) == 0
            }
            // The squares next to a disc are the same for both sides, so "neither can move"
            // is "no such square"; a side with no disc left has lost.
            Variant::Bombs => self.board.player() == 0 || self.legal_bits() == 0,
        }
    }

    /// Whether the player to move must pass (has no move, but the game goes on).
    pub fn must_pass(&self) -> bool {
        self.legal_bits() == 0 && !self.is_over()
    }

    /// The discs a move at `sq` would turn over (standard) or toggle (bombs); empty if the
    /// move is not legal.
    pub fn changes(&self, sq: Square) -> u128 {
        match sq.index(self.size()) {
            Some(i) if self.legal_bits() & (1u128 << i) != 0 => self.board.effect(self.variant, i),
            _ => 0,
        }
    }

    /// Checks a move by the player to move and returns what it would do.
    pub fn check(&self, sq: Square) -> Result<Placed, Error> {
        let size = self.size();
        let index = sq.index(size).ok_or(Error::OffBoard { square: sq, size })?;
        if self.is_over() {
            return Err(Error::GameOver);
        }
        let bit = 1u128 << index;
        if self.board.empty() & bit == 0 {
            return Err(Error::Occupied { square: sq });
        }
        if self.legal_bits() & bit == 0 {
            return Err(Error::NotLegal { square: sq });
        }
        Ok(Placed {
            square: sq,
            changed: self.board.effect(self.variant, index),
            index,
        })
    }

    /// The position after `placed` (from [`Position::check`]); the other side is to move,
    /// even if it has to pass.
    pub fn after(&self, placed: Placed) -> Position {
        Position {
            board: self.board.apply(self.variant, placed.index, placed.changed),
            to_move: self.to_move.other(),
            variant: self.variant,
        }
    }

    /// The position after a pass.
    pub fn passed(&self) -> Position {
        Position {
            board: self.board.pass(),
            to_move: self.to_move.other(),
            variant: self.variant,
        }
    }
}
