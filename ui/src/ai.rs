//! The computer opponent's messages between the page and its Web Worker, and the worker's
//! answer to each: plain data, tested natively. The search itself is the engine's
//! [`Computer`]; the worker only runs it off the page's thread (`src/bin/worker.rs`), so the
//! page keeps animating and answering clicks while the computer thinks.

use outflank_engine::search::{Analysis, Level, Share, Stop};
use outflank_engine::{AnyGame, Computer, Square};
use serde::{Deserialize, Serialize};

/// What the page asks. (Externally tagged, `{"move": {...}}`: an internally tagged enum
/// would be buffered whole before it is read, in more code for the page to load.)
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Request {
    /// The move of the player to move, at `level`.
    Move {
        id: u32,
        game: AnyGame,
        level: u8,
        seed: u64,
    },
    /// The best move for the player to move (full strength).
    Hint { id: u32, game: AnyGame },
    /// Every legal move's value and the line expected after the best (standard Reversi):
    /// exact final scores from [`EXACT_FROM`] empty squares down (only the moves of `share`:
    /// several workers can solve a position together), a search of [`VALUES_NODES`] nodes
    /// before.
    Values {
        id: u32,
        game: AnyGame,
        share: Share,
    },
    /// The value of the position for the player to move, for a game's review: exact from
    /// [`EXACT_FROM`] empty squares, a level 8 search before (standard Reversi).
    Evaluate { id: u32, game: AnyGame },
}

impl Request {
    pub fn id(&self) -> u32 {
        match self {
            Request::Move { id, .. }
            | Request::Hint { id, .. }
            | Request::Values { id, .. }
            | Request::Evaluate { id, .. } => *id,
        }
    }
}

/// What the worker answers.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Response {
    /// A move (for `Move` and `Hint`), with its score in hundredths of a disc for the mover,
    /// and the positions the search visited for it (every thread's; 0 for a book move).
    Move {
        id: u32,
        square: Square,
        score: i32,
        exact: bool,
        #[serde(default)]
        nodes: u64,
    },
    /// Every legal move's value for the mover, best first, and the line expected; `book`:
    /// each move's value in the opening book (whole discs, best first), if the position is
    /// in it.
    Values {
        id: u32,
        analysis: Analysis<Square>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        book: Vec<(Square, i32)>,
    },
    /// One move's exact value (hundredths of a disc, as in `Values`) while the others are
    /// still being solved: a `Values` request near the end sends one for each move, the
    /// likeliest best first, and then its `Values`.
    Solved { id: u32, square: Square, value: i32 },
    /// Nothing to play (the game is over) or a request that could not be read.
    Error { id: u32, message: String },
}

impl Response {
    pub fn id(&self) -> u32 {
        match self {
            Response::Move { id, .. }
            | Response::Values { id, .. }
            | Response::Solved { id, .. }
            | Response::Error { id, .. } => *id,
        }
    }

    /// The request's answer (every response but a `Solved` on the way to it).
    pub fn is_final(&self) -> bool {
        !matches!(self, Response::Solved { .. })
    }
}

/// What the worker posts once it listens (before that, requests would be lost).
pub const READY: &str = "outflank-worker:ready";

/// Squares empty from which hints show the exact score of every move.
pub const EXACT_FROM: u32 = 20;

/// The nodes searched for every move's value before the exact end: about what level 10
/// spends on a move (a second or two in the browser).
pub const VALUES_NODES: u64 = 5_000_000;

/// The most workers that solve one position's move values together (each a core, a
/// search's tables and a copy of the evaluation).
pub const MOST_PARTS: u8 = 4;

/// How many workers share the exact move values on a machine with `cores` logical cores
/// (`navigator.hardwareConcurrency`): one a core, the page's thread mostly waits meanwhile.
pub fn parts_for(cores: f64) -> u8 {
    cores.clamp(1.0, f64::from(MOST_PARTS)) as u8
}

/// The answers of the workers sharing one position's move values, each solving its
/// [`Share`] of the moves, until the last is in.
#[derive(Debug)]
pub struct Parts(Vec<Option<Analysis<Square>>>);

impl Parts {
    pub fn new(parts: u8) -> Parts {
        Parts(vec![None; usize::from(parts.max(1))])
    }

    /// How many workers share the moves.
    pub fn workers(&self) -> usize {
        self.0.len()
    }

    /// The share of the moves worker `part` solves.
    pub fn share(&self, part: u8) -> Share {
        Share {
            part,
            parts: self.0.len() as u8,
        }
    }

    /// Worker `part`'s analysis; the whole position's, joined, once every part has answered.
    pub fn answer(&mut self, part: u8, analysis: Analysis<Square>) -> Option<Analysis<Square>> {
        *self.0.get_mut(usize::from(part))? = Some(analysis);
        if self.0.iter().any(Option::is_none) {
            return None;
        }
        Analysis::join(self.0.drain(..).flatten().collect())
    }
}

/// Answers one request; `computer` keeps its tables between requests of the same game.
/// `progress` hears the responses on the way to the answer (`Solved`).
pub fn answer(
    request: &Request,
    computer: &mut Computer,
    stop: &Stop<'_>,
    progress: &mut dyn FnMut(Response),
) -> Response {
    let id = request.id();
    let fail = |message: &str| Response::Error {
        id,
        message: message.to_string(),
    };
    let (game, level, seed) = match request {
        Request::Move {
            game, level, seed, ..
        } => (game, *level, *seed),
        // A hint is level 10's move: strong, in about a second (the expert's takes two).
        Request::Hint { game, .. } => (game, 10, 0),
        Request::Evaluate { game, .. } => {
            let AnyGame::Reversi(r) = game else {
                return fail("reviews are for standard Reversi");
            };
            let empties = r.position().board().empty().count_ones();
            (game, if empties <= EXACT_FROM { 10 } else { 8 }, 0)
        }
        Request::Values { game, share, .. } => {
            let mut solved = |square, discs: i32| {
                progress(Response::Solved {
                    id,
                    square,
                    value: discs * 100,
                })
            };
            let book = computer.book_moves(game).unwrap_or_default();
            return match computer.analyse(game, EXACT_FROM, VALUES_NODES, *share, stop, &mut solved)
            {
                Some(analysis) => Response::Values { id, analysis, book },
                None => fail("move values are for standard Reversi, with a move to play"),
            };
        }
    };
    let Ok(level) = Level::new(level) else {
        return fail("the level is 1 to 10");
    };
    match computer.choose(game, level, seed, stop) {
        Some(d) => Response::Move {
            id,
            square: d.square,
            score: d.score,
            exact: d.exact,
            nodes: d.nodes,
        },
        None => fail("the game is over"),
    }
}

/// Answers a request as the worker received it, or says why it could not be read (the
/// worker's whole job); `progress` as in [`answer`].
pub fn answer_message<E: std::fmt::Display>(
    request: Result<Request, E>,
    computer: &mut Computer,
    progress: &mut dyn FnMut(Response),
) -> Response {
    match request {
        Ok(request) => answer(&request, computer, &|_| false, progress),
        Err(e) => Response::Error {
            id: 0,
            message: format!("unreadable request: {e}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::{Game, GameKind, GameOptions, Move, Player};

    fn game(kind: GameKind) -> AnyGame {
        AnyGame::new(&GameOptions {
            game: kind,
            ..Default::default()
        })
        .unwrap()
    }

    #[test]
    fn a_move_request_gets_a_legal_move() {
        let g = game(GameKind::Reversi);
        let text = serde_json::to_string(&Request::Move {
            id: 7,
            game: g.clone(),
            level: 3,
            seed: 1,
        })
        .unwrap();
        let reply = answer_message(
            serde_json::from_str(&text),
            &mut Computer::new(),
            &mut |r| panic!("{r:?}"),
        );
        let Response::Move { id, square, .. } = reply else {
            panic!("{reply:?}")
        };
        assert_eq!(id, 7);
        assert!(g.legal_moves().contains(&square));
    }

    #[test]
    fn hints_and_exact_scores() {
        // Tic-Tac-Toe: X to move after a1 b2 c3 b1 must block b3.
        let mut g = game(GameKind::TicTacToe);
        for (k, m) in ["a1", "b2", "c3", "b1"].iter().enumerate() {
            g.play_move(
                Player::from_index(k % 2).unwrap(),
                Move::Place(m.parse().unwrap()),
            )
            .unwrap();
        }
        let reply = answer(
            &Request::Hint {
                id: 1,
                game: g.clone(),
            },
            &mut Computer::new(),
            &|_| false,
            &mut |r| panic!("{r:?}"),
        );
        let Response::Move { id: 1, square, .. } = reply else {
            panic!("{reply:?}")
        };
        assert_eq!(square.to_string(), "b3");
        let reply = answer(
            &Request::Values {
                id: 2,
                game: g,
                share: Share::WHOLE,
            },
            &mut Computer::new(),
            &|_| false,
            &mut |r| panic!("{r:?}"),
        );
        assert!(matches!(reply, Response::Error { id: 2, .. }), "{reply:?}");
    }

    #[test]
    fn move_values_cross_as_json_exact_near_the_end() {
        // Always the first legal move, until 12 squares are empty.
        let mut g = game(GameKind::Reversi);
        while let AnyGame::Reversi(r) = &g {
            if r.position().board().empty().count_ones() <= 12 {
                break;
            }
            let (player, square) = (g.to_move().unwrap(), g.legal_moves()[0]);
            g.play_move(player, Move::Place(square)).unwrap();
        }
        let text = serde_json::to_string(&Request::Values {
            id: 4,
            game: g.clone(),
            share: Share::WHOLE,
        })
        .unwrap();
        let mut solved = Vec::new();
        let reply = answer_message(
            serde_json::from_str(&text),
            &mut Computer::new(),
            &mut |r| solved.push(r),
        );
        let reply: Response =
            serde_json::from_str(&serde_json::to_string(&reply).unwrap()).unwrap();
        let Response::Values {
            id: 4, analysis, ..
        } = reply
        else {
            panic!("{reply:?}")
        };
        assert!(analysis.exact);
        let mut squares: Vec<_> = analysis.scores.iter().map(|(sq, _)| *sq).collect();
        squares.sort();
        let mut legal = g.legal_moves();
        legal.sort();
        assert_eq!(squares, legal);
        assert!(analysis.scores.iter().all(|(_, v)| v % 100 == 0));
        assert_eq!(analysis.line[0], analysis.scores[0].0);
        // Each move's value came ahead of the answer, once, as the answer has it.
        let mut heard: Vec<(Square, i32)> = solved
            .iter()
            .map(|r| match *r {
                Response::Solved {
                    id: 4,
                    square,
                    value,
                } if !r.is_final() => (square, value),
                ref r => panic!("{r:?}"),
            })
            .collect();
        heard.sort_by_key(|&(sq, v)| (-v, sq));
        let mut scores = analysis.scores.clone();
        scores.sort_by_key(|&(sq, v)| (-v, sq));
        assert_eq!(heard, scores);
    }

    #[test]
    fn workers_sharing_the_move_values_answer_together_what_one_answers_alone() {
        let mut g = game(GameKind::Reversi);
        while let AnyGame::Reversi(r) = &g {
            if r.position().board().empty().count_ones() <= 14 {
                break;
            }
            let moves = g.legal_moves();
            let (player, square) = (g.to_move().unwrap(), moves[moves.len() / 2]);
            g.play_move(player, Move::Place(square)).unwrap();
        }
        let values = |share| {
            let request = Request::Values {
                id: 1,
                game: g.clone(),
                share,
            };
            match answer(&request, &mut Computer::new(), &|_| false, &mut |_| ()) {
                Response::Values { analysis, .. } => analysis,
                other => panic!("{other:?}"),
            }
        };
        let alone = values(Share::WHOLE);
        assert!(alone.exact && alone.scores.len() >= 2, "{alone:?}");
        let mut parts = Parts::new(2);
        // The answers come in any order; the whole comes with the last.
        assert_eq!(parts.answer(1, values(parts.share(1))), None);
        let together = parts
            .answer(0, values(parts.share(0)))
            .expect("both parts are in");
        assert_eq!(together.scores, alone.scores);
        assert_eq!(together.line[0], alone.scores[0].0);
        assert_eq!(parts_for(2.0), 2);
        assert_eq!(parts_for(0.0), 1);
        assert_eq!(parts_for(16.0), MOST_PARTS);
    }

    #[test]
    fn move_values_in_the_opening_book_carry_its_values() {
        // The worker's computer knows the start's moves from the book, best first...
        let book = outflank_engine::book::embedded().expect("the embedded book reads");
        let mut computer = Computer::new();
        computer.set_book(Some(book));
        let g = game(GameKind::Reversi);
        let in_book = computer.book_moves(&g).expect("the start is in the book");
        let mut squares: Vec<_> = in_book.iter().map(|(sq, _)| *sq).collect();
        squares.sort();
        assert_eq!(squares, g.legal_moves());
        assert!(in_book.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
        // ...and they cross to the page with the values; without them the field is left out.
        let analysis = Analysis {
            scores: vec![(in_book[0].0, 0)],
            line: vec![in_book[0].0],
            depth: 1,
            exact: false,
            nodes: 1,
        };
        let reply = Response::Values {
            id: 5,
            analysis: analysis.clone(),
            book: in_book.clone(),
        };
        let text = serde_json::to_string(&reply).unwrap();
        assert_eq!(serde_json::from_str::<Response>(&text).unwrap(), reply);
        let plain = Response::Values {
            id: 5,
            analysis,
            book: Vec::new(),
        };
        let text = serde_json::to_string(&plain).unwrap();
        assert!(!text.contains("book"), "{text}");
        assert_eq!(serde_json::from_str::<Response>(&text).unwrap(), plain);
    }

    #[test]
    fn garbage_gets_an_error_not_a_panic() {
        for bad in [
            "",
            "{}",
            "[1]",
            r#"{"move":{"id":1,"game":{"game":"chess"},"level":3,"seed":0}}"#,
        ] {
            let request = serde_json::from_str::<Request>(bad);
            let reply = answer_message(request, &mut Computer::new(), &mut |r| panic!("{r:?}"));
            assert!(matches!(reply, Response::Error { .. }), "{bad}: {reply:?}");
        }
        let g = game(GameKind::Gomoku);
        let reply = answer(
            &Request::Move {
                id: 3,
                game: g,
                level: 0,
                seed: 0,
            },
            &mut Computer::new(),
            &|_| false,
            &mut |r| panic!("{r:?}"),
        );
        assert!(matches!(reply, Response::Error { id: 3, .. }));
    }
}
