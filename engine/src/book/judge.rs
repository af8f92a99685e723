//! What valued a book's leaves.

use crate::search::Level;

/// The search that values a book's leaves.
///
/// ```
/// use outflank_engine::book::Judge;
/// use outflank_engine::search::Level;
///
/// assert_eq!(Judge::SHIPPED.to_string(), "depth 18");
/// assert_eq!(Judge::Level(Level::new(10).unwrap()).to_string(), "level 10");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Judge {
    /// A level's search: within its node budget, so the depth it reaches changes from one
    /// position to the next (and exact where its solver reaches).
    Level(Level),
    /// The mean of the scores of searches to this depth and to the one before it, with no
    /// node budget. The same depth everywhere, so that sibling positions compare; and the
    /// mean, because in the opening a search to an odd depth, where the side to move makes
    /// the last move it sees, scores that side about two discs better than one to an even
    /// depth: a book of one parity would carry that swing into its minimax between
    /// positions valued by a search and positions valued through their moves.
    Depth(u8),
}

impl Judge {
    /// The shipped book's: about as deep as level 10 looks from the positions at its leaves.
    pub const SHIPPED: Judge = Judge::Depth(18);

    /// The two bytes of the book file that record it, `(level, depth)`: `(0, 0)` for no
    /// judge (a book made by hand), a level's number with depth 0, or level 0 and a depth.
    pub(super) fn to_bytes(judge: Option<Judge>) -> [u8; 2] {
        match judge {
            None => [0, 0],
            Some(Judge::Level(level)) => [level.get(), 0],
            Some(Judge::Depth(depth)) => [0, depth],
        }
    }

    /// The judge those two bytes record, or why they record none.
    pub(super) fn from_bytes([level, depth]: [u8; 2]) -> Result<Option<Judge>, String> {
        match (level, depth) {
            (0, 0) => Ok(None),
            (0, depth) => Ok(Some(Judge::Depth(depth))),
            (level, 0) => Level::new(level)
                .map(|l| Some(Judge::Level(l)))
                .map_err(|_| format!("valued by level {level}, and levels are 1 to 11")),
            (level, depth) => Err(format!("valued by both level {level} and depth {depth}")),
        }
    }
}

impl std::fmt::Display for Judge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Judge::Level(level) => write!(f, "level {}", level.get()),
            Judge::Depth(depth) => write!(f, "depth {depth}"),
        }
    }
}
