//! The NBoard engine protocol (version 2): the GUI writes commands on stdin, one per line;
//! the engine answers on stdout. Commands it does not know are ignored, as the protocol
//! asks; a malformed command gets a `status` line saying what was wrong, never a crash.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use outflank_engine::search::{Level, Searcher, Settings, Share};
use outflank_engine::{AnyBoard, Board, Eight, Ggf, Player};

/// Reads a move as NBoard sends it (`F5`, `f5`, `PA`, with any `/eval/time` after) as a
/// square index of the 8x8 board, `None` for a pass.
fn parse_move(text: &str) -> Result<Option<u32>, String> {
    match Ggf::parse_move(text).map_err(|e| e.to_string())? {
        None => Ok(None),
        Some(sq) => sq
            .index(8)
            .map(Some)
            .ok_or_else(|| format!("{sq} is off the 8x8 board")),
    }
}

/// Writes a square index as NBoard does (`F5`), or `PA` for a pass.
fn write_move(sq: Option<u32>) -> String {
    match sq {
        None => "PA".to_string(),
        Some(sq) => format!("{}{}", (b'A' + (sq % 8) as u8) as char, sq / 8 + 1),
    }
}

/// The engine's state between commands.
struct Session {
    board: Board<Eight>,
    black_to_move: bool,
    /// Midgame depth from `set depth`.
    depth: u8,
    /// `outflank nboard --level N`: play every move at that level, whatever `set depth` says
    /// (node budgets, so a game is the same on every machine; for the strength harness).
    level: Option<Level>,
    searcher: Searcher<Eight>,
}

impl Session {
    fn settings(&self) -> Settings {
        if let Some(level) = self.level {
            return level.settings();
        }
        let full = Level::MAX.settings();
        // Endgames are solved exactly from 20 empties (more with a deep midgame setting).
        let exact = (self.depth / 2 + 14).clamp(14, 22);
        Settings {
            depth: self.depth,
            exact_empties: exact,
            max_nodes: full.max_nodes * 4,
            ..full
        }
    }

    /// Applies a move (`None` = pass) if it is legal.
    fn play(&mut self, sq: Option<u32>) -> Result<(), String> {
        let legal = self.board.legal_moves();
        match sq {
            None if legal != 0 => return Err("a pass while there is a legal move".into()),
            None => self.board = self.board.pass(),
            Some(i) if legal & (1 << i) == 0 => {
                return Err(format!("{} is not legal here", write_move(Some(i))))
            }
            Some(i) => self.board = self.board.play_flips(i, self.board.flips(i)),
        }
        self.black_to_move = !self.black_to_move;
        Ok(())
    }
}

/// Runs a session until stdin closes (or `quit`); `level`: play at that level instead of
/// `set depth`.
pub fn run(input: impl BufRead, out: &mut impl Write, level: Option<Level>) -> io::Result<()> {
    let mut session = Session {
        board: Board::<Eight>::start(),
        black_to_move: true,
        depth: 12,
        level,
        searcher: Searcher::new(outflank_engine::search::PLAY_TABLE_BITS),
    };
    for line in input.lines() {
        let line = line?;
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "nboard" => writeln!(out, "set myname Outflank")?,
            "set" => {
                let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                match what {
                    "depth" => match value.trim().parse::<u8>() {
                        Ok(d) if (1..=60).contains(&d) => session.depth = d,
                        _ => writeln!(out, "status bad depth {value:?}: 1 to 60")?,
                    },
                    "game" => match Ggf::parse(value).map(|game| game.end) {
                        // The library checked every move; NBoard plays on 8x8 only.
                        Ok(end) => match end.board() {
                            AnyBoard::Eight(board) => {
                                session.board = board;
                                session.black_to_move = end.to_move() == Player::First;
                                session.searcher.clear();
                            }
                            _ => writeln!(out, "status cannot read the game: not an 8x8 board")?,
                        },
                        Err(e) => writeln!(out, "status cannot read the game: {e}")?,
                    },
                    // Contempt and anything newer: nothing to change.
                    _ => {}
                }
            }
            "move" => match parse_move(rest).and_then(|sq| session.play(sq)) {
                Ok(()) => {}
                Err(e) => writeln!(out, "status cannot play {rest:?}: {e}")?,
            },
            "go" => {
                writeln!(out, "status Outflank is thinking")?;
                out.flush()?;
                let start = Instant::now();
                let choice =
                    session
                        .searcher
                        .choose(session.board, &session.settings(), 1, &|_| false);
                let secs = start.elapsed().as_secs_f64();
                writeln!(out, "nodestats {} {secs:.2}", choice.nodes)?;
                let eval = f64::from(choice.score) / 100.0;
                writeln!(out, "=== {}/{eval:.2}/{secs:.1}", write_move(choice.best))?;
                writeln!(out, "status")?;
            }
            "hint" => {
                let count = rest.parse::<usize>().unwrap_or(1).max(1);
                writeln!(out, "status Outflank is thinking")?;
                let empties = session.board.empty().count_ones();
                let settings = session.settings();
                let lines: Vec<(u32, i32, u8)> = if empties <= u32::from(settings.exact_empties) {
                    session
                        .searcher
                        .exact_scores(session.board, Share::WHOLE, &|_| false, &mut |_, _| ())
                        .unwrap_or_default()
                        .into_iter()
                        .map(|(sq, s)| (sq, s * 100, empties as u8))
                        .collect()
                } else {
                    // Each move searched a ply shallower, from the opponent's side.
                    let mut scored = Vec::new();
                    let mut moves = session.board.legal_moves();
                    while moves != 0 {
                        let sq = moves.trailing_zeros();
                        moves &= moves - 1;
                        let next = session.board.play_flips(sq, session.board.flips(sq));
                        let reply = Settings {
                            depth: settings.depth.saturating_sub(1).max(1),
                            ..settings
                        };
                        let c = session.searcher.choose(next, &reply, 1, &|_| false);
                        let score = if c.best.is_none() && next.legal_moves() == 0 {
                            // The opponent passes (or the game ends): search again from our side.
                            session
                                .searcher
                                .choose(next.pass(), &reply, 1, &|_| false)
                                .score
                        } else {
                            -c.score
                        };
                        scored.push((sq, score, reply.depth + 1));
                    }
                    scored.sort_by_key(|&(sq, s, _)| (-s, sq));
                    scored
                };
                for (sq, score, depth) in lines.into_iter().take(count) {
                    writeln!(
                        out,
                        "search {} {:.2} 0 {depth}",
                        write_move(Some(sq)),
                        f64::from(score) / 100.0
                    )?;
                }
                writeln!(out, "status")?;
            }
            "ping" => writeln!(out, "pong {rest}")?,
            "learn" => writeln!(out, "learned")?,
            "analyze" => writeln!(out, "status analysis is not supported")?,
            "quit" => break,
            // The protocol asks engines to ignore what they do not understand.
            _ => {}
        }
        out.flush()?;
    }
    Ok(())
}
