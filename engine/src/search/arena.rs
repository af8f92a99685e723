//! Games between two computer players, for the strength check (`examples/match.rs`).

use crate::bitboard::{Bits, Eight};
use crate::book::{Book, BookPlay};
use crate::rng::Rng;
use crate::search::midgame::Tweaks;
use crate::search::weights::Weights;
use crate::search::{
    endgame::final_score, Helpers, Level, Searcher, Settings, Stop, Threads, PLAY_TABLE_BITS,
};
use crate::Board;

/// `count` different openings of `plies` random legal moves from the start (seeded).
///
/// An odd seed starts the random source at the seed itself, so the matches recorded with
/// odd seeds replay the same games. An even seed is mixed first: as `seed | 1` it would
/// start at the next odd seed and play that seed's openings again, and a match run with two
/// neighbouring seeds would be one sample twice.
pub fn openings(count: usize, plies: usize, seed: u64) -> Vec<Vec<u32>> {
    let mut rng = if seed & 1 == 1 {
        Rng::from_state(seed)
    } else {
        Rng::new(seed)
    };
    let mut next = move |n: u32| rng.below(u64::from(n)) as u32;
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 50 {
        tries += 1;
        let mut board = Board::<Eight>::start();
        let mut line = Vec::new();
        for _ in 0..plies {
            let mut moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            for _ in 0..next(moves.count()) {
                moves = moves.without_lowest();
            }
            let sq = moves.lowest();
            board = board.play_flips(sq, board.flips(sq));
            line.push(sq);
        }
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// Plays one game after `opening`: `first` moves first (dark). Returns the final disc
/// difference for dark (empties to the winner).
pub fn play(first: Level, second: Level, opening: &[u32], seed: u64, stop: &Stop<'_>) -> i32 {
    play_settings([first.settings(), second.settings()], opening, seed, stop)
}

/// [`play`] with any settings for dark (`settings[0]`) and light.
pub fn play_settings(settings: [Settings; 2], opening: &[u32], seed: u64, stop: &Stop<'_>) -> i32 {
    let mut players = [
        Searcher::<Eight>::new(PLAY_TABLE_BITS),
        Searcher::<Eight>::new(PLAY_TABLE_BITS),
    ];
    play_searchers(
        &mut players,
        settings,
        [None; 2],
        opening,
        seed,
        stop,
        &mut [Effort::default(); 2],
    )
}

/// What a player spent in a game or match: moves searched, nodes, and time (nanoseconds;
/// 0 in wasm, which has no clock).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Effort {
    pub moves: u64,
    pub nodes: u64,
    pub nanos: u64,
}

impl Effort {
    /// Milliseconds per move.
    pub fn ms_per_move(&self) -> f64 {
        self.nanos as f64 / 1e6 / self.moves.max(1) as f64
    }
}

/// A clock for [`Effort`] (none in wasm).
struct Clock(#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))] std::time::Instant);

impl Clock {
    fn start() -> Clock {
        Clock(
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            std::time::Instant::now(),
        )
    }

    fn nanos(&self) -> u64 {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return self.0.elapsed().as_nanos() as u64;
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        0
    }
}

/// [`play_settings`] with the caller's searchers (dark's first), adding what each spent to
/// `effort`. A player with a book (`books`: the book and how its level plays from it, see
/// [`Level::book_play`]) plays from it while the position is in it, up to its last ply.
pub fn play_searchers(
    players: &mut [Searcher<Eight>; 2],
    settings: [Settings; 2],
    books: [Option<(&Book, BookPlay)>; 2],
    opening: &[u32],
    seed: u64,
    stop: &Stop<'_>,
    effort: &mut [Effort; 2],
) -> i32 {
    let mut board = Board::<Eight>::start();
    let mut dark_to_move = true;
    for &sq in opening {
        board = board.play_flips(sq, board.flips(sq));
        dark_to_move = !dark_to_move;
        if board.legal_moves().is_empty() && !board.pass().legal_moves().is_empty() {
            board = board.pass();
            dark_to_move = !dark_to_move;
        }
    }
    let mut ply = 0u64;
    loop {
        if board.legal_moves().is_empty() {
            if board.pass().legal_moves().is_empty() {
                let score = final_score(&board);
                return if dark_to_move { score } else { -score };
            }
            board = board.pass();
            dark_to_move = !dark_to_move;
            continue;
        }
        let side = usize::from(!dark_to_move);
        ply += 1;
        let clock = Clock::start();
        let move_seed = seed.wrapping_add(ply * 7919);
        let from_book = books[side].and_then(|(book, play)| book.play(&board, play, move_seed));
        let choice = match from_book {
            Some((sq, _)) => crate::search::Choice {
                best: Some(sq),
                score: 0,
                depth: 0,
                exact: false,
                nodes: 0,
            },
            None => players[side].choose(board, &settings[side], move_seed, stop),
        };
        effort[side].moves += 1;
        effort[side].nodes += choice.nodes;
        effort[side].nanos += clock.nanos();
        let sq = choice.best.unwrap_or_else(|| board.legal_moves().lowest());
        board = board.play_flips(sq, board.flips(sq));
        dark_to_move = !dark_to_move;
    }
}

/// One game of a match, from player A's side.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MatchGame {
    /// The opening in notation (`"f5d6c3"`, or `"start"`).
    pub opening: String,
    pub a_dark: bool,
    /// The final disc difference for A.
    pub for_a: i32,
}

impl std::fmt::Display for MatchGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} A-{} {:+}",
            self.opening,
            if self.a_dark { "dark" } else { "light" },
            self.for_a
        )
    }
}

/// A match's score for player A.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub discs: i64,
    /// What A and B spent.
    pub effort: [Effort; 2],
}

impl MatchScore {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Counts one game, with what A (`effort[0]`) and B spent in it.
    pub fn add(&mut self, game: &MatchGame, effort: [Effort; 2]) {
        for (total, e) in self.effort.iter_mut().zip(effort) {
            total.moves += e.moves;
            total.nodes += e.nodes;
            total.nanos += e.nanos;
        }
        match game.for_a.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
        self.discs += i64::from(game.for_a);
    }

    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The closing line of a match between levels `a` and `b` that took `seconds`.
    pub fn summary(&self, a: Level, b: Level, seconds: f64) -> String {
        format!(
            "match {} {}: wins {} draws {} losses {} (points {:.1} of {}) disc difference {:+} in {seconds:.1}s; per move A {:.1} ms {} nodes, B {:.1} ms {} nodes",
            a.get(),
            b.get(),
            self.wins,
            self.draws,
            self.losses,
            self.points(),
            self.games(),
            self.discs,
            self.effort[0].ms_per_move(),
            self.effort[0].nodes / self.effort[0].moves.max(1),
            self.effort[1].ms_per_move(),
            self.effort[1].nodes / self.effort[1].moves.max(1),
        )
    }
}

/// A player of a match: a level and an evaluation.
#[derive(Clone, Copy, Debug)]
pub struct Contender {
    pub level: Level,
    /// Pattern weights for the leaves; `None`: the hand-made evaluation.
    pub pattern: Option<&'static Weights>,
    /// The search's refinements (all on by default).
    pub tweaks: Tweaks,
    /// A node budget a move instead of the level's (to try a search's changes quickly).
    pub max_nodes: Option<u64>,
    /// The opening book it plays from at levels 6 to 11 (see [`Level::book_play`]).
    pub book: Option<&'static Book>,
    /// The threads of its own search (`None`: the caller's thread alone).
    pub threads: Option<&'static Threads>,
    /// How far from the book's best (discs) the moves it plays from the book may be,
    /// instead of its level's ([`Level::book_play`]; to measure what a margin costs).
    pub book_margin: Option<i32>,
    /// The last ply it plays from the book, instead of its level's ([`Level::book_play`]; to
    /// see where the book is worth more than the search).
    pub book_plies: Option<u32>,
}

impl Contender {
    fn settings(&self) -> Settings {
        let settings = self.level.settings();
        Settings {
            max_nodes: self.max_nodes.unwrap_or(settings.max_nodes),
            ..settings
        }
    }

    /// A level with the engine's default evaluation (the embedded weights when present),
    /// searching from the first move (no book: what a change of the search or the
    /// evaluation is measured with).
    pub fn level(level: Level) -> Contender {
        Contender {
            level,
            pattern: crate::search::weights::default_weights(),
            tweaks: Tweaks::default(),
            max_nodes: None,
            book: None,
            threads: None,
            book_margin: None,
            book_plies: None,
        }
    }

    /// A player as a command line names one: `level` 1 to 11; `eval` a weights file, `hand`
    /// for the hand-made evaluation, or `None` for the default; `search` as [`Tweaks::parse`]
    /// reads it. A weights file read here is kept for the rest of the program, since a
    /// contender's evaluation is `'static`.
    pub fn parse(level: u8, eval: Option<&str>, search: &str) -> Result<Contender, String> {
        let tweaks = Tweaks::parse(search)?;
        let level = Level::new(level).map_err(|_| "levels are 1 to 11".to_string())?;
        let pattern = match eval {
            None => crate::search::weights::default_weights(),
            Some("hand") => None,
            Some(path) => Some(&*Box::leak(Box::new(Weights::read(std::path::Path::new(
                path,
            ))?))),
        };
        Ok(Contender {
            level,
            pattern,
            tweaks,
            max_nodes: None,
            book: None,
            threads: None,
            book_margin: None,
            book_plies: None,
        })
    }

    /// The contender with the opening book a command line names: `default` for the
    /// engine's own ([`crate::book::default_book`]), `none` for none, else a book file (read
    /// here and kept for the rest of the program).
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub fn with_book(self, book: &str) -> Result<Contender, String> {
        let book = match book {
            "none" => None,
            "default" => {
                Some(crate::book::default_book().ok_or("the embedded opening book does not read")?)
            }
            path => Some(&*Box::leak(Box::new(Book::read_file(
                std::path::Path::new(path),
            )?))),
        };
        Ok(Contender { book, ..self })
    }

    /// The contender searching on `threads` threads (kept for the rest of the program, as
    /// the searchers hold them as `'static`).
    pub fn with_threads(self, threads: usize) -> Contender {
        let threads = (threads > 1).then(|| &*Box::leak(Box::new(Threads(threads))));
        Contender { threads, ..self }
    }

    fn book_play(&self) -> Option<(&'static Book, BookPlay)> {
        let level = self.level.book_play()?;
        let play = BookPlay {
            margin: self.book_margin.unwrap_or(level.margin),
            last_ply: self.book_plies.unwrap_or(level.last_ply),
        };
        Some((self.book?, play))
    }
}

/// Levels `a` and `b` play each opening twice, A dark then A light; `on_game` sees each game
/// as it ends, with what A and B spent in it.
pub fn run_match(
    a: Level,
    b: Level,
    openings: &[Vec<u32>],
    seed: u64,
    on_game: impl FnMut(&MatchGame, [Effort; 2]),
) -> MatchScore {
    run_match_contenders(
        Contender::level(a),
        Contender::level(b),
        openings,
        seed,
        on_game,
    )
}

/// [`run_match`] between contenders (to compare evaluations as well as levels).
pub fn run_match_contenders(
    a: Contender,
    b: Contender,
    openings: &[Vec<u32>],
    seed: u64,
    on_game: impl FnMut(&MatchGame, [Effort; 2]),
) -> MatchScore {
    run_match_threads(a, b, openings, seed, 1, on_game)
}

/// [`run_match_contenders`] with `threads` openings played at once (natively; 1 plays them
/// one after the other on the caller's thread). The games, their order for `on_game` and
/// the score are the same for any number of threads: each game depends only on its opening,
/// its number and the seed. Only the time a move takes changes, with the load.
pub fn run_match_threads(
    a: Contender,
    b: Contender,
    openings: &[Vec<u32>],
    seed: u64,
    threads: usize,
    mut on_game: impl FnMut(&MatchGame, [Effort; 2]),
) -> MatchScore {
    let mut score = MatchScore::default();
    let mut tally = |games: [(MatchGame, [Effort; 2]); 2]| {
        for (game, effort) in games {
            score.add(&game, effort);
            on_game(&game, effort);
        }
    };
    if threads <= 1 {
        for (k, opening) in openings.iter().enumerate() {
            tally(play_opening(a, b, k, opening, seed));
        }
        return score;
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(openings.len()) {
            let (next, send) = (&next, send.clone());
            scope.spawn(move || loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(opening) = openings.get(k) else {
                    break;
                };
                if send
                    .send((k, play_opening(a, b, k, opening, seed)))
                    .is_err()
                {
                    break;
                }
            });
        }
        drop(send);
        // Games finished out of turn wait here until those before them are in.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (k, games) in receive {
            waiting.insert(k, games);
            while let Some(games) = waiting.remove(&due) {
                tally(games);
                due += 1;
            }
        }
    });
    score
}

/// The two games of opening number `k` of a match, A dark then A light, each with what A
/// and B spent in it.
fn play_opening(
    a: Contender,
    b: Contender,
    k: usize,
    opening: &[u32],
    seed: u64,
) -> [(MatchGame, [Effort; 2]); 2] {
    let name: String = if opening.is_empty() {
        "start".to_string()
    } else {
        opening
            .iter()
            .map(|&sq| crate::Square::from_index(sq, 8).to_string())
            .collect()
    };
    [true, false].map(|a_dark| {
        let game_seed = seed
            .wrapping_mul(1000)
            .wrapping_add(k as u64 * 2 + u64::from(a_dark));
        let (dark, light) = if a_dark { (a, b) } else { (b, a) };
        let mut players = [
            Searcher::<Eight>::new(PLAY_TABLE_BITS),
            Searcher::<Eight>::new(PLAY_TABLE_BITS),
        ];
        players[0].set_pattern(dark.pattern);
        players[1].set_pattern(light.pattern);
        players[0].set_tweaks(dark.tweaks);
        players[1].set_tweaks(light.tweaks);
        players[0].set_helpers(dark.threads.map(|t| t as &dyn Helpers));
        players[1].set_helpers(light.threads.map(|t| t as &dyn Helpers));
        let mut effort = [Effort::default(); 2];
        let settings = [dark.settings(), light.settings()];
        let result = play_searchers(
            &mut players,
            settings,
            [dark.book_play(), light.book_play()],
            opening,
            game_seed,
            &crate::search::never,
            &mut effort,
        );
        if !a_dark {
            effort.swap(0, 1);
        }
        let game = MatchGame {
            opening: name.clone(),
            a_dark,
            for_a: if a_dark { result } else { -result },
        };
        (game, effort)
    })
}
