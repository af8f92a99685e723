//! The players' clocks, as a chess clock keeps them: a time per player, an optional
//! increment per move, one clock running at a time. The host keeps them (the hot-seat
//! backend, [`crate::backend::HotSeat`]), reading the time it is given: milliseconds since
//! 1970, so a saved game's running clock goes on counting while the page is closed or
//! reloading, and nothing is gained or lost by a reload. Plain data, tested natively.

use outflank_engine::Player;
use serde::{Deserialize, Serialize};

/// A time per player and an increment per move, in seconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TimeControl {
    pub seconds: u32,
    #[serde(default)]
    pub increment: u32,
}

impl TimeControl {
    /// The New game form's choices, the fastest first.
    pub const CHOICES: [TimeControl; 8] = [
        TimeControl::new(60, 0),
        TimeControl::new(3 * 60, 0),
        TimeControl::new(3 * 60, 2),
        TimeControl::new(5 * 60, 0),
        TimeControl::new(5 * 60, 3),
        TimeControl::new(10 * 60, 0),
        TimeControl::new(15 * 60, 10),
        TimeControl::new(30 * 60, 0),
    ];

    pub const fn new(seconds: u32, increment: u32) -> TimeControl {
        TimeControl { seconds, increment }
    }

    /// The form's key: minutes, and the increment after a `+` ("5+3", "10").
    pub fn key(self) -> String {
        match self.increment {
            0 => format!("{}", self.seconds / 60),
            inc => format!("{}+{inc}", self.seconds / 60),
        }
    }

    pub fn from_key(key: &str) -> Option<TimeControl> {
        TimeControl::CHOICES.into_iter().find(|c| c.key() == key)
    }

    /// "5 min + 3 s", "10 min".
    pub fn label(self) -> String {
        match self.increment {
            0 => format!("{} min", self.seconds / 60),
            inc => format!("{} min + {inc} s", self.seconds / 60),
        }
    }

    /// Below this a clock shows low time (and sounds once): a tenth of the time, at least
    /// 10 s and at most a minute.
    pub fn low_ms(self) -> u64 {
        (u64::from(self.seconds) * 100).clamp(10_000, 60_000)
    }
}

/// Both players' clocks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Clocks {
    pub control: TimeControl,
    /// What each player had left when their clock last stopped (or started), in ms.
    left: [u64; 2],
    /// Whose clock runs: the player to move; `None` once the game has ended.
    turn: Option<Player>,
    /// When the running clock started (ms since 1970); `None` while the clocks are paused.
    since: Option<u64>,
    /// The players chose to stop the clocks while the page is hidden.
    pub pause_when_hidden: bool,
}

impl Clocks {
    /// Clocks for a game that starts now with `turn` to move.
    pub fn new(
        control: TimeControl,
        pause_when_hidden: bool,
        turn: Option<Player>,
        now: u64,
    ) -> Clocks {
        let full = u64::from(control.seconds) * 1000;
        Clocks {
            control,
            left: [full; 2],
            turn,
            since: turn.map(|_| now),
            pause_when_hidden,
        }
    }

    /// What `player` has left at `now`, in ms.
    pub fn left(&self, player: Player, now: u64) -> u64 {
        let left = self.left[player.index()];
        match (self.turn, self.since) {
            (Some(p), Some(since)) if p == player => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// The running clock's player, if one runs (not paused, the game not over).
    pub fn running(&self) -> Option<Player> {
        self.turn.filter(|_| self.since.is_some())
    }

    pub fn paused(&self) -> bool {
        self.turn.is_some() && self.since.is_none()
    }

    /// The player whose flag has fallen at `now`: the running clock shows no time left.
    pub fn fallen(&self, now: u64) -> Option<Player> {
        self.running().filter(|&p| self.left(p, now) == 0)
    }

    /// When the running clock's flag falls (ms since 1970).
    pub fn falls_at(&self) -> Option<u64> {
        let p = self.running()?;
        Some(self.since? + self.left[p.index()])
    }

    /// Whether `player` is in low time at `now` (and still has some).
    pub fn low(&self, player: Player, now: u64) -> bool {
        let left = self.left(player, now);
        left > 0 && left <= self.control.low_ms()
    }

    /// Stops the running clock at `now`, keeping what its player has left.
    fn stop(&mut self, now: u64) {
        if let Some(p) = self.running() {
            self.left[p.index()] = self.left(p, now);
        }
        self.since = None;
    }

    /// `mover` has moved at `now`: their clock stops and gains the increment, `next`'s
    /// (the same player after a pass; `None` when the game is over) starts, unless paused.
    pub fn moved(&mut self, mover: Player, next: Option<Player>, now: u64) {
        let paused = self.paused();
        self.stop(now);
        self.left[mover.index()] += u64::from(self.control.increment) * 1000;
        self.start(next, paused, now);
    }

    /// The player to move changed without a move (an undo, a redo, a resignation): the
    /// running clock stops with its time spent, `next`'s starts, unless paused.
    pub fn turn_to(&mut self, next: Option<Player>, now: u64) {
        let paused = self.paused();
        self.stop(now);
        self.start(next, paused, now);
    }

    fn start(&mut self, next: Option<Player>, paused: bool, now: u64) {
        self.turn = next;
        self.since = next.filter(|_| !paused).map(|_| now);
    }

    /// Pauses the running clock (the page is hidden); false if none runs.
    pub fn pause(&mut self, now: u64) -> bool {
        if self.running().is_none() {
            return false;
        }
        self.stop(now);
        true
    }

    /// Starts the paused clock again; false if none was paused.
    pub fn resume(&mut self, now: u64) -> bool {
        if !self.paused() {
            return false;
        }
        self.since = Some(now);
        true
    }

    /// Stored clocks read back at `now` for a game with `to_move` to move: an error unless
    /// the time control is at most a day and that player's clock is the one meant to run. A
    /// clock that started after `now` (the device's time was set back since the save) runs
    /// from `now`: the game is kept and nobody loses time to the change.
    pub fn checked(mut self, to_move: Option<Player>, now: u64) -> Result<Clocks, String> {
        if self.turn != to_move {
            return Err("the clock of the player who is not to move is running".into());
        }
        if !(1..=86_400).contains(&self.control.seconds) || self.control.increment > 3_600 {
            let TimeControl { seconds, increment } = self.control;
            return Err(format!(
                "an unknown time control: {seconds} s, {increment} s a move"
            ));
        }
        if let Some(since) = &mut self.since {
            *since = (*since).min(now);
        }
        Ok(self)
    }
}

/// A clock face: "4:59", "0:09.4" under ten seconds, "1:00:00" from an hour.
pub fn face(ms: u64) -> String {
    if ms < 10_000 {
        return format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100);
    }
    // Whole seconds, rounded up: a clock shows 0:10 until 10 s are gone.
    let s = ms.div_ceil(1000);
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: u64 = 1_800_000_000_000;

    #[test]
    fn one_clock_runs_the_mover_gains_the_increment_and_a_flag_falls() {
        let control = TimeControl::from_key("5+3").unwrap();
        assert_eq!(control, TimeControl::new(300, 3));
        let mut c = Clocks::new(control, false, Some(Player::First), T0);
        assert_eq!(c.running(), Some(Player::First));
        assert_eq!(c.left(Player::First, T0 + 10_000), 290_000);
        assert_eq!(c.left(Player::Second, T0 + 10_000), 300_000);
        c.moved(Player::First, Some(Player::Second), T0 + 10_000);
        assert_eq!(
            c.left(Player::First, T0 + 50_000),
            293_000,
            "stopped, plus 3 s"
        );
        assert_eq!(c.left(Player::Second, T0 + 50_000), 260_000);
        // Light moves and dark must pass: light's clock runs again.
        c.moved(Player::Second, Some(Player::Second), T0 + 50_000);
        assert_eq!(c.running(), Some(Player::Second));
        assert_eq!(c.left(Player::Second, T0 + 50_000), 263_000);
        assert_eq!(c.falls_at(), Some(T0 + 50_000 + 263_000));
        assert_eq!(c.fallen(T0 + 50_000 + 262_999), None);
        assert!(c.low(Player::Second, T0 + 50_000 + 263_000 - 30_000));
        assert!(!c.low(Player::Second, T0 + 50_000 + 263_000 - 30_001));
        assert_eq!(c.fallen(T0 + 50_000 + 263_000), Some(Player::Second));
        assert_eq!(c.left(Player::Second, T0 + 10_000_000), 0, "never below 0");
        // The game ends: no clock runs.
        c.turn_to(None, T0 + 60_000);
        assert_eq!((c.running(), c.falls_at()), (None, None));
        assert_eq!(c.left(Player::Second, T0 + 10_000_000), 253_000);
    }

    #[test]
    fn paused_clocks_keep_their_time_through_moves_and_undos() {
        let mut c = Clocks::new(TimeControl::new(60, 0), true, Some(Player::First), T0);
        assert!(c.pause(T0 + 5_000));
        assert!(!c.pause(T0 + 6_000), "already paused");
        assert!(c.paused());
        assert_eq!(c.left(Player::First, T0 + 99_000), 55_000);
        assert_eq!(c.fallen(T0 + 99_000), None);
        // An undo while paused hands the turn over and stays paused.
        c.turn_to(Some(Player::Second), T0 + 99_000);
        assert!(c.paused());
        assert!(c.resume(T0 + 100_000));
        assert!(!c.resume(T0 + 100_000));
        assert_eq!(c.left(Player::Second, T0 + 101_000), 59_000);
        // Through JSON, as the autosave keeps them.
        let back: Clocks = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
        assert_eq!(
            back.clone().checked(Some(Player::Second), T0 + 101_000),
            Ok(c.clone())
        );
        assert!(back
            .clone()
            .checked(Some(Player::First), T0 + 101_000)
            .is_err());
        // The device's time set back ten minutes since the save: the clock runs from now,
        // with the time it had.
        let set_back = back.checked(Some(Player::Second), T0 - 500_000).unwrap();
        assert_eq!(set_back.left(Player::Second, T0 - 500_000), 60_000);
        assert_eq!(set_back.left(Player::Second, T0 - 499_000), 59_000);
    }

    #[test]
    fn keys_labels_and_faces() {
        for c in TimeControl::CHOICES {
            assert_eq!(TimeControl::from_key(&c.key()), Some(c));
        }
        assert_eq!(TimeControl::from_key("10").unwrap().label(), "10 min");
        assert_eq!(
            TimeControl::from_key("15+10").unwrap().label(),
            "15 min + 10 s"
        );
        assert_eq!(TimeControl::from_key("7"), None);
        assert_eq!(TimeControl::new(60, 0).low_ms(), 10_000);
        assert_eq!(TimeControl::new(1800, 0).low_ms(), 60_000);
        assert_eq!(face(300_000), "5:00");
        assert_eq!(face(299_001), "5:00");
        assert_eq!(face(59_000), "0:59");
        assert_eq!(face(9_460), "0:09.4");
        assert_eq!(face(0), "0:00.0");
        assert_eq!(face(3_600_000), "1:00:00");
    }
}
