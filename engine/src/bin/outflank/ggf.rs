//! The parts of GGF (the Generic Game Format of NBoard and GGS) that an engine needs: the
//! start position and the moves of an Othello game.
//!
//! ```text
//! (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6//1.23]B[PA];)
//! ```

use outflank_engine::{Board, Eight};

/// A game read from GGF: the position it starts from and the moves after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GgfGame {
    pub start: Board<Eight>,
    /// Whether black (dark) is to move in `start`.
    pub black_to_move: bool,
    /// Square indices, `None` for a pass.
    pub moves: Vec<Option<u32>>,
}

/// Reads a move as NBoard writes it: `F5`, `f5`, `PA` (pass), with any `/eval/time` after.
pub fn parse_move(text: &str) -> Result<Option<u32>, String> {
    let text = text.split('/').next().unwrap_or("").trim();
    if text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return Err(format!("{text:?} is not a move like F5 or PA"));
    }
    let col = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
    let row = bytes[1].wrapping_sub(b'1');
    if col >= 8 || row >= 8 {
        return Err(format!("{text:?} is not a square of the 8x8 board"));
    }
    Ok(Some(u32::from(row) * 8 + u32::from(col)))
}

/// Writes a square index as NBoard does (`F5`), or `PA` for a pass.
pub fn write_move(sq: Option<u32>) -> String {
    match sq {
        None => "PA".to_string(),
        Some(sq) => format!("{}{}", (b'A' + (sq % 8) as u8) as char, sq / 8 + 1),
    }
}

/// Parses a game; only 8x8 Othello is supported.
pub fn parse(text: &str) -> Result<GgfGame, String> {
    let text = text.trim();
    let body = text
        .strip_prefix("(;")
        .and_then(|t| t.strip_suffix(";)").or_else(|| t.strip_suffix(')')))
        .ok_or("a GGF game is written (;...;)")?;
    let mut start = None;
    let mut moves = Vec::new();
    let mut rest = body;
    while !rest.trim().is_empty() {
        let open = rest.find('[').ok_or_else(|| format!("expected TAG[value] at {:?}", short(rest)))?;
        let close = rest[open..].find(']').map(|c| open + c).ok_or("a [ without its ]")?;
        let tag = rest[..open].trim();
        let value = &rest[open + 1..close];
        rest = &rest[close + 1..];
        match tag {
            "GM" if !value.eq_ignore_ascii_case("othello") => return Err(format!("GM[{value}] is not Othello")),
            "TY" if value.trim() != "8" && !value.trim().starts_with("8") => {
                return Err(format!("TY[{value}]: only the 8x8 board is supported"))
            }
            "BO" => start = Some(parse_board(value)?),
            "B" | "W" => moves.push((tag == "B", parse_move(value)?)),
            _ => {}
        }
    }
    let (start, black_to_move) = start.ok_or("the game has no BO[...] board")?;
    // Check the moves alternate from the side to move, and are legal.
    let mut board = start;
    let mut black = black_to_move;
    let mut squares = Vec::new();
    for (k, (is_black, sq)) in moves.into_iter().enumerate() {
        if is_black != black {
            return Err(format!("move {} is {}'s, but {} is to move", k + 1, side(is_black), side(black)));
        }
        match sq {
            None => {
                if board.legal_moves() != 0 {
                    return Err(format!("move {}: {} passes with a legal move", k + 1, side(black)));
                }
                board = board.pass();
            }
            Some(i) => {
                if board.legal_moves() & (1 << i) == 0 {
                    return Err(format!("move {}: {} is not legal", k + 1, write_move(Some(i))));
                }
                board = board.play_flips(i, board.flips(i));
            }
        }
        black = !black;
        squares.push(sq);
    }
    Ok(GgfGame { start, black_to_move, moves: squares })
}

fn side(black: bool) -> &'static str {
    if black {
        "black"
    } else {
        "white"
    }
}

fn short(s: &str) -> &str {
    &s[..s.char_indices().nth(20).map_or(s.len(), |(i, _)| i)]
}

/// `8 <64 squares of * O -> <* or O>`.
fn parse_board(value: &str) -> Result<(Board<Eight>, bool), String> {
    // NBoard writes the 64 squares as one token, GGS as eight rows: `8 <squares> <side>`.
    let tokens: Vec<&str> = value.split_whitespace().collect();
    let [size, ref squares @ .., to_move] = tokens[..] else {
        return Err("BO[...] is `8 <64 squares> <side to move>`".into());
    };
    if size != "8" {
        return Err(format!("BO[{size} ...]: only the 8x8 board is supported"));
    }
    let squares = squares.concat();
    if squares.chars().count() != 64 {
        return Err(format!("BO[...] has {} squares, 64 expected", squares.chars().count()));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in squares.chars().enumerate() {
        match c {
            '*' | 'X' | 'x' | 'B' => black |= 1 << i,
            'O' | 'o' | 'W' => white |= 1 << i,
            '-' | '.' => {}
            other => return Err(format!("BO[...] has {other:?}; squares are *, O and -")),
        }
    }
    let black_to_move = match to_move {
        "*" | "B" | "X" => true,
        "O" | "o" | "W" => false,
        other => return Err(format!("BO[...] ends with {other:?}; the side to move is * or O")),
    };
    let board = if black_to_move { Board::new(black, white) } else { Board::new(white, black) };
    Ok((board.ok_or("the board's discs overlap")?, black_to_move))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6//0.5]B[D3]W[PA];)";

    #[test]
    fn reads_nboard_games() {
        let err = parse(START).unwrap_err();
        assert!(err.contains("passes with a legal move"), "{err}");
        let game = parse(&START.replace("W[PA]", "W[c5]")).unwrap();
        assert!(game.black_to_move);
        assert_eq!(game.start, Board::<Eight>::start());
        assert_eq!(game.moves, vec![Some(37), Some(45), Some(19), Some(34)]);
    }

    #[test]
    fn refuses_what_is_not_an_othello_game() {
        for bad in ["", "(;GM[Chess];)", "(;GM[Othello]TY[10];)", "(;GM[Othello]BO[8 --- *];)", "(;GM[Othello]B[F5];)", "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_move("f5/1.0/2").unwrap(), Some(37));
        assert_eq!(write_move(Some(37)), "F5");
        assert_eq!(write_move(None), "PA");
        assert!(parse_move("Z9").is_err());
    }
}
