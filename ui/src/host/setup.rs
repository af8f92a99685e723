//! The New game form's settings: which game, size, variant, a set-up position, names, who
//! starts, a record to start from, the computer's seat and level, and the clocks; checked
//! into a new hot-seat host.

use outflank_engine::{is_ggf, AnyGame, Error, Game, GameKind, GameOptions, Ggf, Player, Variant};

use crate::backend::{HotSeat, Opponent};
use crate::clock::TimeControl;
use crate::host::editor::{Editor, Problem};
use crate::i18n::{td_string, Locale};
use crate::say;

/// What the New game dialog edits.
#[derive(Clone, PartialEq, Debug)]
pub struct Setup {
    pub game: GameKind,
    pub size: u8,
    pub bombs: bool,
    pub exact_five: bool,
    /// Reversi from a set-up position (standard rules): the board editor, when open.
    pub position: Option<Editor>,
    pub names: [String; 2],
    /// The second name's player moves first (the names swap seats).
    pub second_starts: bool,
    pub record: String,
    /// Against the computer: which player it is, and its level.
    pub computer: Option<Player>,
    pub level: u8,
    /// The clocks' time control, if any, and whether they stop while the page is hidden.
    pub clock: Option<TimeControl>,
    pub pause_when_hidden: bool,
}

impl Setup {
    pub fn of(h: &HotSeat) -> Setup {
        let o = h.game().options();
        Setup {
            game: o.game,
            size: o.size.unwrap_or(3),
            bombs: o.variant == Some(Variant::Bombs),
            exact_five: o.exact_five.unwrap_or(false),
            position: o.start.map(Editor::of),
            names: [0, 1].map(|i| {
                h.data()
                    .players
                    .get(i)
                    .map(|p| p.name.clone())
                    .unwrap_or_default()
            }),
            second_starts: false,
            record: String::new(),
            computer: h.computer().map(|c| c.player),
            level: h.computer().map_or(5, |c| c.level),
            clock: h.clocks().map(|c| c.control),
            pause_when_hidden: h.clocks().is_some_and(|c| c.pause_when_hidden),
        }
    }

    pub fn sizes(game: GameKind) -> &'static [u8] {
        match game {
            GameKind::Reversi => &[6, 8, 10],
            GameKind::Gomoku => &[15, 19],
            GameKind::TicTacToe => &[3],
        }
    }

    /// A board size chosen: a set-up being edited starts again from that size's start.
    pub fn set_size(&mut self, size: u8) {
        self.size = size;
        if let Some(editor) = &mut self.position {
            editor.resize(size);
        }
    }

    /// Opens the board editor on the standard start of the chosen size, or closes it.
    pub fn edit_position(&mut self, open: bool) {
        self.position = open.then(|| Editor::standard(self.size));
    }

    /// The set-up position, when the game is Reversi and one is being set up.
    fn editor(&self) -> Option<&Editor> {
        self.position
            .as_ref()
            .filter(|_| self.game == GameKind::Reversi)
    }

    /// What is wrong with the set-up position, if there is one that cannot start a game.
    pub fn position_problem(&self) -> Option<Problem> {
        self.editor().and_then(|e| e.check().err())
    }

    pub fn options(&self) -> GameOptions {
        if let Some(editor) = self.editor() {
            // A set-up is played with the standard rules on its own board.
            return GameOptions {
                game: GameKind::Reversi,
                size: Some(editor.size()),
                variant: Some(Variant::Standard),
                exact_five: None,
                start: Some(editor.start()),
            };
        }
        match self.game {
            GameKind::Reversi => GameOptions {
                game: self.game,
                size: Some(self.size),
                variant: Some(if self.bombs {
                    Variant::Bombs
                } else {
                    Variant::Standard
                }),
                exact_five: None,
                start: None,
            },
            GameKind::Gomoku => GameOptions {
                game: self.game,
                size: Some(self.size),
                variant: None,
                exact_five: Some(self.exact_five),
                start: None,
            },
            GameKind::TicTacToe => GameOptions {
                game: self.game,
                ..GameOptions::default()
            },
        }
    }

    /// The game to replay: the form's options and record, or a GGF game pasted in the record
    /// field (an Othello game whatever the form says, with the players' names if it has them).
    fn replay(&self, l: Locale) -> Result<(GameOptions, String, [Option<String>; 2]), String> {
        if !is_ggf(&self.record) {
            return Ok((self.options(), self.record.clone(), [None, None]));
        }
        let said = |e: Error| {
            let reason = match e {
                // What the GGF reader says is wrong with the file, as it words it.
                Error::MalformedState { reason } | Error::BadOption { reason } => {
                    say::reason(l, &reason)
                }
                e => say::error(l, GameKind::Reversi, &e),
            };
            td_string!(l, ggf_unreadable, reason).to_string()
        };
        let ggf = Ggf::parse(&self.record).map_err(said)?;
        let game = AnyGame::Reversi(ggf.game().map_err(said)?);
        Ok((game.options(), game.record(), ggf.names))
    }

    /// The new game, its clocks (if any) starting `now` (ms since 1970).
    /// A set-up position that cannot start a game is refused here too, in words the page
    /// replaces with its own ([`Setup::position_problem`]).
    /// Errors are in the viewer's language `l`.
    pub fn build(&self, now: u64, l: Locale) -> Result<HotSeat, String> {
        if let Some(Problem::EmptyCentre(squares)) = self.position_problem() {
            let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
            return Err(format!(
                "The centre squares {} must hold discs",
                names.join(", ")
            ));
        }
        let (options, record, recorded) = self.replay(l)?;
        let [a, b] = &self.names;
        let mut names = if self.second_starts && self.computer.is_none() {
            [b.to_string(), a.to_string()]
        } else {
            [a.to_string(), b.to_string()]
        };
        // A GGF game's players fill the names left blank.
        for (name, recorded) in names.iter_mut().zip(recorded) {
            if let Some(recorded) = recorded.filter(|_| name.trim().is_empty()) {
                *name = recorded;
            }
        }
        if let Some(c) = self.computer {
            if names[c.index()].trim().is_empty() {
                names[c.index()] = td_string!(l, computer_name, level = self.level).to_string();
            }
        }
        let computer = self.computer.map(|player| Opponent {
            player,
            level: self.level,
        });
        HotSeat::new(&options, [names[0].as_str(), names[1].as_str()], &record)
            .and_then(|h| h.with_computer(computer))
            .map(|h| h.with_clocks(self.clock, self.pause_when_hidden, now))
            .map_err(|e| say::error(l, options.game, &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_repeats_the_game_and_builds_new_ones() {
        let h = HotSeat::new(
            &GameOptions {
                game: GameKind::Reversi,
                size: Some(6),
                variant: Some(Variant::Bombs),
                exact_five: None,
                start: None,
            },
            ["Ann", "Bo"],
            "",
        )
        .unwrap();
        let mut s = Setup::of(&h);
        assert_eq!((s.game, s.size, s.bombs), (GameKind::Reversi, 6, true));
        assert_eq!(s.build(0, Locale::en).unwrap().data(), h.data());
        // The second name moves first; the computer gets a name when it has none.
        s.second_starts = true;
        assert_eq!(
            s.build(0, Locale::en)
                .unwrap()
                .data()
                .name(Player::First)
                .as_deref(),
            Some("Bo")
        );
        s.computer = Some(Player::Second);
        s.names[1].clear();
        let against = s.build(0, Locale::en).unwrap();
        assert_eq!(
            against.data().name(Player::Second).as_deref(),
            Some("Computer (level 5)")
        );
        // In the viewer's language (the name stays as given: it is the game's).
        assert_eq!(
            s.build(0, Locale::fr)
                .unwrap()
                .data()
                .name(Player::Second)
                .as_deref(),
            Some("Ordinateur (niveau 5)")
        );
        assert_eq!(against.computer().map(|c| c.level), Some(5));
        s.record = "f5f5".into();
        assert!(s.build(0, Locale::en).is_err());
        s.record = "a1".into();
        assert!(s.build(0, Locale::en).unwrap_err().contains("a1"));
        s.record.clear();
        s.game = GameKind::Gomoku;
        s.size = 15;
        assert_eq!(s.build(0, Locale::en).unwrap().game().size(), 15);
        // With clocks: the first player's runs from the start; the form repeats them.
        s.clock = TimeControl::from_key("5+3");
        let clocked = s.build(1_000, Locale::en).unwrap();
        let clocks = clocked.clocks().unwrap();
        assert_eq!(clocks.running(), Some(Player::First));
        assert_eq!(clocks.left(Player::First, 11_000), 290_000);
        assert_eq!(Setup::of(&clocked).clock, s.clock);
    }

    const GGF: &str = "(;GM[Othello]PC[NBoard]PB[Ann]PW[Bo]TY[8]
        BO[8 ---------------------------O*------*O--------------------------- *]
        B[F5]W[d6//0.5]B[C3/1.0/2];)";

    #[test]
    fn a_ggf_game_in_the_record_field_is_replayed_with_its_names() {
        let mut s = Setup::of(&HotSeat::default());
        // Whatever game the form was set to: GGF is Othello.
        (s.game, s.size, s.bombs) = (GameKind::Gomoku, 15, true);
        s.names = [String::new(), "Cy".into()];
        s.record = format!("  {GGF}\n");
        let h = s.build(0, Locale::en).unwrap();
        assert_eq!(h.game().kind(), GameKind::Reversi);
        assert_eq!(h.game().options().variant, Some(Variant::Standard));
        assert_eq!(
            (h.game().size(), h.game().record()),
            (8, "f5d6c3".to_string())
        );
        // The blank name comes from PB, the typed one stays.
        assert_eq!(h.data().name(Player::First).as_deref(), Some("Ann"));
        assert_eq!(h.data().name(Player::Second).as_deref(), Some("Cy"));
        // A bad GGF game starts nothing and says why.
        s.record = GGF.replace("C3", "A1");
        let e = s.build(0, Locale::en).unwrap_err();
        assert!(
            e.starts_with("The GGF game could not be read") && e.contains("a1"),
            "{e}"
        );
        // A set-up (light to move at the start) is played from, and repeated by the form.
        s.record = GGF
            .replace("*]", "O]")
            .replace("B[F5]W[d6//0.5]B[C3/1.0/2]", "W[e3]");
        let h = s.build(0, Locale::en).unwrap();
        let start = h.game().options().start.expect("a set-up");
        assert_eq!(
            (start.to_move(), h.game().record()),
            (Player::Second, "e3".to_string())
        );
        assert_eq!(Setup::of(&h).position, Some(Editor::of(start)));
        // A set-up the game refuses says why.
        s.record = GGF.replace("---O*---", "---O----");
        let e = s.build(0, Locale::en).unwrap_err();
        assert!(e.contains("empty here: e4"), "{e}");
        s.record = "(;GM[Othello]B[f5]".into();
        assert!(s.build(0, Locale::en).unwrap_err().contains("TAG[value]"));
        // In the viewer's language, what the GGF reader found too.
        s.record = "(;GM[Othello]PB[Ann]oops;)".into();
        let e = s.build(0, Locale::fr).unwrap_err();
        assert!(e.starts_with("La partie GGF est illisible"), "{e}");
        assert!(e.ends_with("TAG[valeur] ou ;) attendu à « oops;) »"), "{e}");
    }

    #[test]
    fn a_position_from_the_editor_starts_the_game_there() {
        let mut s = Setup::of(&HotSeat::default());
        s.game = GameKind::Reversi;
        s.bombs = true;
        s.edit_position(true);
        let editor = s.position.as_mut().unwrap();
        editor.brush = crate::host::editor::Brush::Dark;
        editor.click("e5".parse().unwrap());
        editor.click("d4".parse().unwrap());
        editor.set_to_move(Player::Second);
        // Four dark discs, light to move: nobody can move, the game is over at once.
        let h = s.build(0, Locale::en).unwrap();
        assert_eq!(
            h.game().options().variant,
            Some(Variant::Standard),
            "set-ups are standard"
        );
        assert!(h.game().ended());
        assert_eq!(h.game().scores(), [4, 0]);
        // Another size starts the editor again from that size's start.
        s.set_size(6);
        assert_eq!(
            s.position.as_ref().map(|e| (e.size(), e.counts())),
            Some((6, [2, 2]))
        );
        assert_eq!(
            s.build(0, Locale::en).unwrap().game().options().start,
            None,
            "the standard start is a plain game"
        );
        // An empty centre is refused with the squares, and nothing starts.
        s.position.as_mut().unwrap().clear();
        assert!(matches!(s.position_problem(), Some(Problem::EmptyCentre(sq)) if sq.len() == 4));
        assert!(s
            .build(0, Locale::en)
            .unwrap_err()
            .contains("c3, d3, c4, d4"));
        // Closing the editor (or choosing another game) forgets the set-up.
        s.game = GameKind::Gomoku;
        assert_eq!(s.position_problem(), None);
        s.game = GameKind::Reversi;
        s.edit_position(false);
        assert_eq!(s.options().start, None);
    }
}
