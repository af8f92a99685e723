//! A picture of the board as standalone SVG text, for the "Picture" button: the board of any
//! game (Reversi 6x6/8x8/10x10 discs on green squares, Gomoku stones on the intersections of
//! a goban, Tic-Tac-Toe crosses and noughts), its coordinates (columns a, b, ... left to
//! right, rows 1, 2, ... top to bottom, as the viewer shows them) and the last move marked.
//!
//! The picture is self-contained: colours are attributes (no style sheet, no font or image
//! to fetch), so it shows the same in any browser, editor or document. Every piece is one
//! element of class `piece first` or `piece second`; the last move's mark is of class
//! `last`.

use std::fmt::Write;

use outflank_engine::{AnyGame, Game, GameKind, Player, Square};

use crate::model;

/// The side of a square, in SVG units (pixels at 100%).
const CELL: u32 = 40;
/// The margin around the board, where the coordinates go.
const MARGIN: u32 = 28;

/// The colours of one game's picture.
struct Look {
    board: &'static str,
    line: &'static str,
    label: &'static str,
}

fn look(kind: GameKind) -> Look {
    match kind {
        GameKind::Reversi => Look {
            board: "#2e7d4f",
            line: "#17462b",
            label: "#333333",
        },
        GameKind::Gomoku => Look {
            board: "#dcb35c",
            line: "#4a3415",
            label: "#333333",
        },
        GameKind::TicTacToe => Look {
            board: "#fafafa",
            line: "#37474f",
            label: "#333333",
        },
    }
}

/// The centre of column or row `i`.
fn centre(i: u8) -> u32 {
    MARGIN + u32::from(i) * CELL + CELL / 2
}

/// The board of `game` as it is now, as an SVG document.
pub fn svg(game: &AnyGame) -> String {
    let kind = game.kind();
    let n = game.size();
    let look = look(kind);
    let side = u32::from(n) * CELL;
    let total = side + 2 * MARGIN;
    let mut out = String::new();
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{total}\" height=\"{total}\" \
         viewBox=\"0 0 {total} {total}\">\n<title>{}</title>\n\
         <rect width=\"{total}\" height=\"{total}\" fill=\"#ffffff\"/>\n\
         <rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{side}\" height=\"{side}\" fill=\"{}\"/>\n",
        escape(&title(game)),
        look.board
    );
    grid(&mut out, kind, n, &look);
    labels(&mut out, n, &look);
    let last = model::last_placed(game);
    if let (GameKind::TicTacToe, Some(sq)) = (kind, last) {
        // Behind the piece: the square is shaded.
        let (x, y) = (centre(sq.col()) - CELL / 2, centre(sq.row()) - CELL / 2);
        let _ = writeln!(
            out,
            "<rect class=\"last\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#fff59d\"/>"
        );
    }
    for row in 0..n {
        for col in 0..n {
            let sq = Square::new(col, row);
            if let Some(player) = game.piece(sq) {
                piece(&mut out, kind, sq, player);
            }
        }
    }
    if let Some(sq) = last.filter(|_| kind != GameKind::TicTacToe) {
        let _ = writeln!(
            out,
            "<circle class=\"last\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#e53935\"/>",
            centre(sq.col()),
            centre(sq.row()),
            CELL / 8
        );
    }
    out.push_str("</svg>\n");
    out
}

/// `Reversi 8x8, f5d6c3: 4 to 3` and the like.
fn title(game: &AnyGame) -> String {
    let n = game.size();
    let record = game.record();
    let moves = if record.is_empty() {
        "the start".to_string()
    } else {
        record
    };
    let [a, b] = game.scores();
    let score = match game.kind() {
        GameKind::Reversi => format!(": {a} to {b}"),
        _ => String::new(),
    };
    format!("{} {n}x{n}, {moves}{score}", game.kind().name())
}

fn grid(out: &mut String, kind: GameKind, n: u8, look: &Look) {
    let side = u32::from(n) * CELL;
    // Reversi and Tic-Tac-Toe: lines between the squares; Gomoku: through the points.
    let (from, lines, length) = match kind {
        GameKind::Gomoku => (MARGIN + CELL / 2, u32::from(n), side - CELL),
        _ => (MARGIN, u32::from(n) + 1, side),
    };
    for i in 0..lines {
        let at = from + i * CELL;
        let (a, b) = (from, from + length);
        let _ = writeln!(
            out,
            "<line x1=\"{a}\" y1=\"{at}\" x2=\"{b}\" y2=\"{at}\" stroke=\"{0}\" stroke-width=\"1.5\"/>\n\
             <line x1=\"{at}\" y1=\"{a}\" x2=\"{at}\" y2=\"{b}\" stroke=\"{0}\" stroke-width=\"1.5\"/>",
            look.line
        );
    }
    for (col, row) in star_points(kind, n) {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\"/>",
            centre(col),
            centre(row),
            look.line
        );
    }
}

/// Gomoku's star points (none on the other boards).
fn star_points(kind: GameKind, n: u8) -> Vec<(u8, u8)> {
    match kind {
        GameKind::Gomoku => {
            let edge = if n >= 15 { 3 } else { 2 };
            let ends = [edge, n / 2, n - 1 - edge];
            ends.iter()
                .flat_map(|&c| ends.iter().map(move |&r| (c, r)))
                .collect()
        }
        _ => Vec::new(),
    }
}

fn labels(out: &mut String, n: u8, look: &Look) {
    let far = MARGIN + u32::from(n) * CELL;
    for i in 0..n {
        let at = centre(i);
        let letter = char::from(b'a' + i);
        let number = u32::from(i) + 1;
        let _ = writeln!(
            out,
            "<text x=\"{at}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" \
             text-anchor=\"middle\" fill=\"{}\">{letter}</text>\n\
             <text x=\"{at}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" \
             text-anchor=\"middle\" fill=\"{1}\">{letter}</text>",
            MARGIN - 9,
            look.label,
            far + 19
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" \
             text-anchor=\"middle\" fill=\"{}\">{number}</text>\n\
             <text x=\"{}\" y=\"{1}\" font-family=\"sans-serif\" font-size=\"14\" \
             text-anchor=\"middle\" fill=\"{2}\">{number}</text>",
            MARGIN / 2,
            at + 5,
            look.label,
            far + MARGIN / 2
        );
    }
}

fn piece(out: &mut String, kind: GameKind, sq: Square, player: Player) {
    let (x, y) = (centre(sq.col()), centre(sq.row()));
    let class = match player {
        Player::First => "piece first",
        Player::Second => "piece second",
    };
    let (fill, stroke) = match player {
        Player::First => ("#111111", "#000000"),
        Player::Second => ("#f5f5f5", "#555555"),
    };
    let _ = match kind {
        GameKind::Reversi | GameKind::Gomoku => {
            let r = if kind == GameKind::Reversi {
                CELL * 2 / 5
            } else {
                CELL * 9 / 20
            };
            writeln!(
                out,
                "<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{fill}\" \
                 stroke=\"{stroke}\" stroke-width=\"1.5\"/>"
            )
        }
        GameKind::TicTacToe if player == Player::First => {
            let d = CELL * 3 / 10;
            let (a, b, c, e) = (x - d, x + d, y - d, y + d);
            writeln!(
                out,
                "<path class=\"{class}\" d=\"M{a} {c}L{b} {e}M{b} {c}L{a} {e}\" \
                 stroke=\"#c62828\" stroke-width=\"5\" stroke-linecap=\"round\" fill=\"none\"/>"
            )
        }
        GameKind::TicTacToe => writeln!(
            out,
            "<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" \
             stroke=\"#1565c0\" stroke-width=\"5\"/>",
            CELL * 3 / 10
        ),
    };
}

/// Text as SVG character data.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The file's name: `outflank-<game>-<record>.svg`, or with `date` in place of a record
/// that is empty or too long for a file name.
pub fn file_name(game: &AnyGame, date: &str) -> String {
    let record = game.record();
    let what = if record.is_empty() || record.len() > 120 {
        date.to_string()
    } else {
        record
    };
    format!("outflank-{}-{what}.svg", game.kind().id())
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::{GameOptions, Variant};

    fn game(kind: GameKind, size: u8, record: &str) -> AnyGame {
        let options = GameOptions {
            game: kind,
            size: Some(size),
            variant: (kind == GameKind::Reversi).then_some(Variant::Standard),
            exact_five: None,
            start: None,
        };
        AnyGame::from_record(&options, record).unwrap()
    }

    /// Checks that the tags nest (a minimal XML well-formedness check: every element closed,
    /// in order, one root `svg`, attributes quoted) and returns the names of the elements
    /// and the attributes' text, in document order.
    fn elements(text: &str) -> Vec<(String, String)> {
        let body = text
            .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            .expect("an XML declaration");
        let mut open: Vec<String> = Vec::new();
        let mut found = Vec::new();
        let mut rest = body;
        let mut roots = 0;
        while let Some(at) = rest.find('<') {
            let outside = &rest[..at];
            assert!(!outside.contains('>') && !outside.contains('&') || outside.contains(';'));
            let end = rest[at..].find('>').expect("a tag closed with >") + at;
            let tag = &rest[at + 1..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop().as_deref(), Some(name), "closing {name}");
                continue;
            }
            let closed = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let (name, attributes) = tag.split_once(' ').unwrap_or((tag, ""));
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic()),
                "{tag}"
            );
            assert_eq!(attributes.matches('"').count() % 2, 0, "{tag}");
            if open.is_empty() {
                roots += 1;
                assert_eq!(name, "svg");
            }
            found.push((name.to_string(), attributes.to_string()));
            if !closed {
                open.push(name.to_string());
            }
        }
        assert!(
            open.is_empty() && rest.trim().is_empty(),
            "unclosed {open:?}"
        );
        assert_eq!(roots, 1);
        found
    }

    fn count(found: &[(String, String)], class: &str) -> usize {
        let class = format!("class=\"{class}");
        found.iter().filter(|(_, a)| a.starts_with(&class)).count()
    }

    #[test]
    fn every_board_is_drawn_with_its_pieces_and_the_last_move() {
        let cases = [
            (GameKind::Reversi, 8, "f5d6c3", 7),
            (GameKind::Reversi, 6, "", 4),
            (GameKind::Reversi, 10, "g6", 5),
            (GameKind::Gomoku, 15, "h8h9", 2),
            (GameKind::Gomoku, 19, "a1s19k10", 3),
            (GameKind::TicTacToe, 3, "b2a1c3", 3),
        ];
        for (kind, size, record, pieces) in cases {
            let g = game(kind, size, record);
            let text = svg(&g);
            let found = elements(&text);
            assert_eq!(count(&found, "piece"), pieces, "{kind:?} {size} {record}");
            let first = usize::try_from(g.scores()[0]).unwrap();
            if kind == GameKind::Reversi {
                assert_eq!(count(&found, "piece first"), first);
            }
            assert_eq!(count(&found, "last"), usize::from(!record.is_empty()));
            // The coordinates, both sides.
            let texts: Vec<&str> = text
                .split("</text>")
                .filter_map(|t| t.rsplit('>').next())
                .collect();
            let last_letter = char::from(b'a' + size - 1).to_string();
            for label in ["a", last_letter.as_str(), "1", &size.to_string()] {
                assert_eq!(texts.iter().filter(|t| **t == label).count(), 2, "{label}");
            }
            // Self-contained: nothing to fetch.
            assert!(!text.contains("href") && !text.contains("url("));
            assert!(text.contains(&format!(
                "viewBox=\"0 0 {0} {0}\"",
                size as u32 * CELL + 2 * MARGIN
            )));
        }
    }

    #[test]
    fn the_last_move_is_marked_where_it_was_played() {
        let text = svg(&game(GameKind::Reversi, 8, "f5d6"));
        let mark = format!(
            "<circle class=\"last\" cx=\"{}\" cy=\"{}\"",
            centre(3),
            centre(5)
        );
        assert!(text.contains(&mark), "{text}");
        let ttt = svg(&game(GameKind::TicTacToe, 3, "a1c3"));
        let shade = format!(
            "<rect class=\"last\" x=\"{0}\" y=\"{0}\"",
            MARGIN + 2 * CELL
        );
        assert!(ttt.contains(&shade), "{ttt}");
        assert!(
            ttt.contains("<title>Tic-Tac-Toe 3x3, a1c3</title>"),
            "{ttt}"
        );
    }

    #[test]
    fn the_file_is_named_after_the_game() {
        let g = game(GameKind::Reversi, 8, "f5d6c3");
        assert_eq!(file_name(&g, "2024-05-01"), "outflank-reversi-f5d6c3.svg");
        let g = game(GameKind::TicTacToe, 3, "");
        assert_eq!(
            file_name(&g, "2024-05-01"),
            "outflank-tictactoe-2024-05-01.svg"
        );
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
