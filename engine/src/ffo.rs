//! Endgame test positions in the format of the FFO test suite's files (`ffo-01-39.txt`):
//!
//! ```text
//! # comment
//! <id> <64 squares a1..h8: X, O or -> <side to move: X or O> <best moves, comma-separated> <exact score> <empties>
//! 1 --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X g8 +18 14
//! ```

use crate::{Board, Eight, Error, Player, Position, Square};

/// One test position with its known solution.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    pub id: String,
    pub position: Position,
    /// Every move reaching the exact score.
    pub best_moves: Vec<Square>,
    /// The final disc difference for the side to move under perfect play.
    pub score: i32,
    pub empties: u32,
}

impl Problem {
    /// The position as the search's bitboards (the side to move first).
    pub fn board(&self) -> Board<Eight> {
        search_board(&self.position)
    }
}

/// Reads a board as a line of these files holds it (64 squares of `X`, `O` or `-`, a1..h8,
/// then `X` or `O` to move) into the search's bitboards, the side to move first.
pub fn read_board(squares: &str, side: &str) -> Result<Board<Eight>, Error> {
    Ok(search_board(&Position::from_ffo(
        squares,
        parse_side(side)?,
    )?))
}

/// An 8x8 position as the search's bitboards (the side to move first).
fn search_board(position: &Position) -> Board<Eight> {
    let board = position.board();
    Board {
        player: board.player() as u64,
        opponent: board.opponent() as u64,
    }
}

/// Reads a side: `X` is the first player (dark), `O` the second.
pub fn parse_side(text: &str) -> Result<Player, Error> {
    match text {
        "X" | "x" | "*" | "B" | "b" => Ok(Player::First),
        "O" | "o" | "W" | "w" => Ok(Player::Second),
        other => Err(Error::malformed(format!(
            "the side to move is X or O, not {other:?}"
        ))),
    }
}

/// Parses a whole file; an error names the line (1-based) and what is wrong with it.
pub fn parse(text: &str) -> Result<Vec<Problem>, Error> {
    let mut problems = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |reason: String| Error::malformed(format!("line {}: {reason}", k + 1));
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [id, board, side, best, score, empties] = fields[..] else {
            return Err(fail(format!(
                "6 fields expected (id board side best score empties), found {}",
                fields.len()
            )));
        };
        let side = parse_side(side).map_err(|e| fail(e.to_string()))?;
        let position = Position::from_ffo(board, side).map_err(|e| fail(e.to_string()))?;
        let best_moves = best
            .split(',')
            .map(|m| m.parse::<Square>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| fail(e.to_string()))?;
        let score: i32 = score
            .trim_start_matches('+')
            .parse()
            .map_err(|_| fail(format!("bad score {score:?}")))?;
        let empties: u32 = empties
            .parse()
            .map_err(|_| fail(format!("bad empties {empties:?}")))?;
        let counted = position.board().empty().count_ones();
        if counted != empties {
            return Err(fail(format!(
                "the board has {counted} empty squares, the line says {empties}"
            )));
        }
        problems.push(Problem {
            id: id.to_string(),
            position,
            best_moves,
            score,
            empties,
        });
    }
    Ok(problems)
}
