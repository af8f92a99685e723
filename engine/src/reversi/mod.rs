//! Reversi: the game a player plays, around a [`Position`].

mod board;
mod data;
mod options;
mod position;
mod start;
mod turn;

pub use board::Board;
pub use options::ReversiOptions;
pub use position::{AnyBoard, Placed, Position, Variant, SIZES};
pub use start::StartPosition;
pub use turn::{Action, PlayerStats, Turn};

use crate::log::Log;
use crate::{Error, Game, LogEvent, LogItem, Move, Outcome, Player, Reason, Resignation, Square};

/// A game of Reversi: options, the current position, the log of turns, a concession.
/// Moves are played through [`Game::play_move`], as in every game.
///
/// ```
/// use outflank_engine::{Game, Move, Reversi, Player, Outcome};
/// let mut game = Reversi::default();
/// game.play_move(Player::First, Move::Place("f5".parse().unwrap())).unwrap();
/// assert_eq!(game.scores(), [4, 1]);
/// assert_eq!(game.to_move(), Some(Player::Second));
/// // The shortest game: dark wipes out light in nine moves.
/// let game = Reversi::from_record(Default::default(), "c4c3c2c5c6d6e6f6g7").unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
/// assert_eq!(game.scores(), [13, 0]);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reversi {
    options: ReversiOptions,
    position: Position,
    turns: Vec<Turn>,
    resigned: Option<Resignation>,
    stats: [PlayerStats; 2],
    /// Kept as the game is played: each turn with the discs it turned over, the
    /// resignation, the end.
    log: Log,
}

impl Default for Reversi {
    fn default() -> Reversi {
        // 8x8 standard always exists.
        Reversi::new(ReversiOptions::default()).unwrap_or_else(|_| unreachable!())
    }
}

impl Reversi {
    /// A new game from the standard start position, or from `options.start` when set: a
    /// set-up checked by [`StartPosition::check`]. A set-up where the side to move has no
    /// move starts with their pass; one where neither side can move is a finished game. A
    /// set-up that is the standard start is dropped from the options: it is a plain game.
    ///
    /// ```
    /// use outflank_engine::{Game, Player, Reversi, ReversiOptions, Variant};
    ///
    /// // 6x6, standard rules, dark (X) to move:
    /// //
    /// //   a b c d e f
    /// // 1 - - - - - -
    /// // 2 - - - - - -
    /// // 3 - - O X - -
    /// // 4 - - X O - -
    /// // 5 - - - - - -
    /// // 6 - - - - - -
    /// let game = Reversi::new(ReversiOptions { size: 6, ..ReversiOptions::default() })?;
    /// assert_eq!(
    ///     game.position().to_rows(),
    ///     ["------", "------", "--OX--", "--XO--", "------", "------"]
    /// );
    /// assert_eq!(game.to_move(), Some(Player::First));
    /// assert_eq!(game.legal_moves().len(), 4);
    ///
    /// // A set-up position (standard rules only), here with light (O) to move:
    /// let options = ReversiOptions {
    ///     size: 6,
    ///     start: Some("------ ------ --OX-- --XX-- ---X-- ------ O".parse()?),
    ///     ..ReversiOptions::default()
    /// };
    /// let game = Reversi::new(options)?;
    /// assert_eq!(game.to_move(), Some(Player::Second));
    ///
    /// // Options no game has are an error, with the reason in words:
    /// let err = Reversi::new(ReversiOptions { size: 12, ..ReversiOptions::default() }).unwrap_err();
    /// assert_eq!(err.code(), "bad-option");
    /// # Ok::<(), outflank_engine::Error>(())
    /// ```
    pub fn new(mut options: ReversiOptions) -> Result<Reversi, Error> {
        let standard = Position::start(options.size, options.variant)?;
        let position = match options.start {
            Some(start) => start.check(options.size, options.variant)?,
            None => standard,
        };
        if position == standard {
            options.start = None;
        }
        let mut game = Reversi {
            options,
            position,
            turns: Vec::new(),
            resigned: None,
            stats: Default::default(),
            log: Log::new(),
        };
        game.pass_if_forced();
        game.log.end(game.outcome(), game.scores());
        Ok(game)
    }

    /// Replays a record such as `"f5d6c3d3c4"` (passes are implied, as in standard
    /// notation; spaces are ignored). An illegal move `k` (1-based) is an error naming it.
    pub fn from_record(options: ReversiOptions, record: &str) -> Result<Reversi, Error> {
        let mut game = Reversi::new(options)?;
        for (k, text) in crate::notation::split_record(record).enumerate() {
            let fail = |reason: Error| Error::BadRecord {
                index: k + 1,
                text: text.to_string(),
                reason: Box::new(reason),
            };
            let sq = text.parse::<Square>().map_err(fail)?;
            game.place(sq).map_err(fail)?;
        }
        Ok(game)
    }

    pub fn options(&self) -> ReversiOptions {
        self.options
    }

    pub fn size(&self) -> u8 {
        self.options.size
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Who owns the disc on `sq`, if anyone.
    pub fn disc(&self, sq: Square) -> Option<Player> {
        self.position.disc(sq)
    }

    /// Whether the game has ended (no move for either side, a concession or a dropped player).
    pub fn ended(&self) -> bool {
        self.resigned.is_some() || self.position.is_over()
    }

    /// The player to move; `None` once the game has ended.
    pub fn to_move(&self) -> Option<Player> {
        (!self.ended()).then(|| self.position.to_move())
    }

    /// Legal moves of the player to move, in reading order; empty once the game has ended.
    pub fn legal_moves(&self) -> Vec<Square> {
        if self.ended() {
            Vec::new()
        } else {
            self.position.legal_moves()
        }
    }

    pub fn is_legal(&self, sq: Square) -> bool {
        !self.ended() && self.position.check(sq).is_ok()
    }

    /// The discs a move on `sq` would turn over (toggle, in bombs), in reading order;
    /// empty if the move is not legal.
    pub fn flips(&self, sq: Square) -> Vec<Square> {
        if self.ended() {
            return Vec::new();
        }
        self.position.squares(self.position.changes(sq))
    }

    /// Plays a disc for the player to move (whose turn it is was checked by
    /// [`Game::play_move`], or is the record's). On error nothing changes. If the next player
    /// has no legal move, their pass is recorded and the turn comes back.
    fn place(&mut self, sq: Square) -> Result<(), Error> {
        if self.ended() {
            return Err(Error::GameOver);
        }
        let placed = self.position.check(sq)?;
        let mover = self.position.to_move();
        self.record_stats(mover, placed);
        self.turns.push(Turn {
            player: mover,
            action: Action::Place(sq),
        });
        let flipped = self.position.squares(placed.changed);
        self.log.push(LogItem::Move {
            player: mover,
            square: sq,
            flipped,
        });
        self.position = self.position.after(placed);
        self.pass_if_forced();
        self.log.end(self.outcome(), self.scores());
        Ok(())
    }

    /// Records the pass of a player to move who has no legal move while the game goes on
    /// (after a move, or at a set-up start), and gives the turn back.
    fn pass_if_forced(&mut self) {
        if self.position.must_pass() {
            let passer = self.position.to_move();
            self.stats[passer.index()].passes += 1;
            self.turns.push(Turn {
                player: passer,
                action: Action::Pass,
            });
            self.log
                .push(LogItem::Event(LogEvent::Pass { player: passer }));
            self.position = self.position.passed();
        }
    }

    fn record_stats(&mut self, mover: Player, placed: Placed) {
        let size = self.size();
        let (col, row) = (placed.square.col(), placed.square.row());
        let edge = |v: u8| v == 0 || v == size - 1;
        let (lo, hi) = (size / 2 - 2, size / 2 + 1);
        let stats = &mut self.stats[mover.index()];
        stats.moves += 1;
        if edge(col) && edge(row) {
            stats.corners += 1;
        } else if edge(col) || edge(row) {
            stats.borders += 1;
        } else if (lo..=hi).contains(&col) && (lo..=hi).contains(&row) {
            stats.centre += 1;
        }
        // Every disc the move turned over; in bombs that is every neighbour it toggled, the
        // mover's own too (counted as the move's announcement counts them).
        stats.turned_over += placed.changed.count_ones();
    }

    /// `player` (whose turn it is) gives up; only allowed while they have fewer discs.
    fn concede(&mut self, player: Player) -> Result<(), Error> {
        let counts = self.discs();
        if counts[player.index()] >= counts[player.other().index()] {
            return Err(Error::CannotConcede {
                reason: Reason::ConcedeAhead,
            });
        }
        self.resigned = Some(Resignation::Conceded(player));
        self.log.push(LogItem::Event(LogEvent::Concede { player }));
        self.log.end(self.outcome(), self.scores());
        Ok(())
    }

    /// The log: every disc placed and every pass, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The player who conceded, if one did.
    pub fn conceded(&self) -> Option<Player> {
        match self.resigned {
            Some(Resignation::Conceded(p)) => Some(p),
            _ => None,
        }
    }

    /// The player who was dropped, if one was.
    pub fn dropped(&self) -> Option<Player> {
        match self.resigned {
            Some(Resignation::Dropped(p)) => Some(p),
            _ => None,
        }
    }

    /// Ends the game for a player who left or ran out of time (a concession has rules of
    /// its own: [`Reversi::concede`]).
    fn forfeit(&mut self, how: Resignation) -> Result<(), Error> {
        if self.ended() {
            return Err(Error::GameOver);
        }
        self.resigned = Some(how);
        self.log.push(LogItem::Event(match how {
            Resignation::OutOfTime(player) => LogEvent::Timeout { player },
            _ => LogEvent::Drop {
                player: how.player(),
            },
        }));
        self.log.end(self.outcome(), self.scores());
        Ok(())
    }

    /// Disc counts on the board, indexed by player.
    pub fn discs(&self) -> [u32; 2] {
        self.position.counts()
    }

    /// The scores (what a host such as BGS records), indexed by player: the disc counts,
    /// except after a player left the game ([`Game::drop_player`]): the player who left
    /// scores 0 and the one who stayed their disc count, at least 1, so the scores always
    /// agree with the result (the stayer wins). A concession needs no such rule: only a
    /// player who is behind may concede.
    ///
    /// ```
    /// use outflank_engine::{Game, Reversi, Player, Outcome};
    /// let mut game = Reversi::from_record(Default::default(), "f5d6c3").unwrap();
    /// assert_eq!(game.scores(), [5, 2]);
    /// game.drop_player(Player::First).unwrap(); // dark leaves while ahead
    /// assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
    /// assert_eq!(game.scores(), [0, 2]);
    /// assert_eq!(game.discs(), [5, 2]);
    /// ```
    pub fn scores(&self) -> [u32; 2] {
        let discs = self.discs();
        let forfeited = match self.resigned {
            Some(Resignation::Dropped(p) | Resignation::OutOfTime(p)) => Some(p),
            _ => None,
        };
        match forfeited {
            Some(left) => {
                let mut scores = [0; 2];
                scores[left.other().index()] = discs[left.other().index()].max(1);
                scores
            }
            None => discs,
        }
    }

    /// The result once the game has ended: a concession or leaving loses, otherwise more
    /// discs win.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(r) = self.resigned {
            return Some(Outcome::Win(r.player().other()));
        }
        if !self.position.is_over() {
            return None;
        }
        let [a, b] = self.discs();
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    pub fn stats(&self) -> [PlayerStats; 2] {
        self.stats
    }

    /// How far the game has got, 0-100: the share of the initially empty squares filled,
    /// 100 once it has ended.
    pub fn progression(&self) -> u8 {
        if self.ended() {
            return 100;
        }
        let cells = u32::from(self.size()) * u32::from(self.size());
        let [a, b] = self.discs();
        // A game that goes on has an empty square, so more cells than discs at the start.
        let at_start = self.start_discs();
        ((a + b - at_start) * 100 / (cells - at_start)) as u8
    }

    /// The number of discs the game started with: 4, or the set-up's.
    pub(super) fn start_discs(&self) -> u32 {
        match self.options.start {
            Some(_) => self.start().counts().iter().sum(),
            None => 4,
        }
    }

    /// The position the game started from (before any pass forced at the start).
    pub fn start(&self) -> Position {
        let start = match self.options.start {
            Some(start) => start.check(self.size(), self.options.variant),
            None => Position::start(self.size(), self.options.variant),
        };
        // The options were checked when the game was made, so this never falls back.
        start.unwrap_or(self.position)
    }

    /// The record of the game: the squares played, concatenated (`"f5d6c3"`).
    pub fn record(&self) -> String {
        crate::notation::write_record(self.turns.iter().filter_map(|t| match t.action {
            Action::Place(sq) => Some(sq),
            Action::Pass => None,
        }))
    }
}

impl Game for Reversi {
    fn size(&self) -> u8 {
        Reversi::size(self)
    }
    fn to_move(&self) -> Option<Player> {
        Reversi::to_move(self)
    }
    fn ended(&self) -> bool {
        Reversi::ended(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Reversi::outcome(self)
    }
    fn scores(&self) -> [u32; 2] {
        Reversi::scores(self)
    }
    fn progression(&self) -> u8 {
        Reversi::progression(self)
    }
    fn legal_moves(&self) -> Vec<Square> {
        Reversi::legal_moves(self)
    }
    fn piece(&self, sq: Square) -> Option<Player> {
        self.disc(sq)
    }
    fn play_move(&mut self, player: Player, mv: Move) -> Result<(), Error> {
        match self.to_move() {
            None => return Err(Error::GameOver),
            Some(p) if p != player => return Err(Error::NotYourTurn { player }),
            Some(_) => {}
        }
        match mv {
            Move::Place(sq) => self.place(sq),
            Move::Concede => self.concede(player),
        }
    }
    /// The player who left scores 0 (see [`Reversi::scores`]).
    fn drop_player(&mut self, player: Player) -> Result<(), Error> {
        self.forfeit(Resignation::Dropped(player))
    }
    /// The player whose time ran out scores 0, as one who left.
    fn time_out(&mut self, player: Player) -> Result<(), Error> {
        self.forfeit(Resignation::OutOfTime(player))
    }
    fn resigned(&self) -> Option<Resignation> {
        self.resigned
    }
    /// Takes back the last disc played (and the automatic pass after it, if any), or a
    /// concession or dropped player. The game is rebuilt by replaying the remaining moves.
    fn undo(&mut self) -> Result<(), Error> {
        if self.resigned.take().is_some() {
            self.log.take_back();
            return Ok(());
        }
        let last = self
            .turns
            .iter()
            .rposition(|t| matches!(t.action, Action::Place(_)))
            .ok_or(Error::NothingToUndo)?;
        let mut game = Reversi::new(self.options)?;
        for turn in &self.turns[..last] {
            if let Action::Place(sq) = turn.action {
                game.place(sq)?;
            }
        }
        *self = game;
        Ok(())
    }
    fn log(&self) -> &[LogItem] {
        self.log.items()
    }
    fn record(&self) -> String {
        Reversi::record(self)
    }
}
