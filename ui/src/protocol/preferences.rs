//! The viewer's display preferences: their values, one preference at a time as hosts send
//! them and the page stores them ([`Preference`]), and how a batch of them is read
//! ([`PreferencesUpdate`]: what was read, and what could not be).

/// The user's display preferences.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Preferences {
    pub skin: Skin,
    /// Show the legal moves of the player to move.
    pub highlights: bool,
    pub speed: Speed,
    pub theme: ThemePref,
    /// Sounds for moves, flips, passes and the end (never before the person's first
    /// gesture, as browsers require). On by default in the hot-seat page; an embedded
    /// viewer starts with it off.
    pub sound: bool,
    /// Sound volume, 0-100.
    pub volume: u8,
    /// The language of every word the viewer shows (see [`Language::pick`] for the default).
    pub language: Language,
}

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences {
            skin: Skin::default(),
            highlights: true,
            speed: Speed::default(),
            theme: ThemePref::default(),
            sound: true,
            volume: 60,
            language: Language::default(),
        }
    }
}

/// The choices of a preference that is one of a few words: each has its word (`key`), as
/// hosts send it and the page stores it.
macro_rules! choices {
    ($(#[$doc:meta])* $name:ident { $($variant:ident = $key:literal),+ $(,)? } default $default:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum $name {
            $(#[doc = $key] $variant,)+
        }

        impl Default for $name {
            fn default() -> $name {
                $name::$default
            }
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn key(self) -> &'static str {
                match self {
                    $($name::$variant => $key,)+
                }
            }

            pub fn from_key(key: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|c| c.key() == key)
            }
        }
    };
}

choices!(Skin { Classic = "classic", Wooden = "wooden" } default Classic);
choices!(
    /// Animation speed; `prefers-reduced-motion` makes any speed `Off`.
    Speed { Off = "off", Fast = "fast", Normal = "normal" } default Normal
);
choices!(
    /// Dark theme: follow the host (or the system), or force it on or off.
    ThemePref { Auto = "auto", Light = "light", Dark = "dark" } default Auto
);

choices!(
    /// The viewer's language: English, French or Japanese.
    Language { English = "en", French = "fr", Japanese = "ja" } default English
);

impl Language {
    /// The language of the first of the browser's languages (`navigator.languages`, most
    /// wanted first) that the viewer speaks, by primary subtag ("fr-CA" is French); English
    /// when none is.
    pub fn pick<S: AsRef<str>>(wanted: &[S]) -> Language {
        wanted
            .iter()
            .find_map(|tag| {
                let primary = tag.as_ref().split(['-', '_']).next()?.to_ascii_lowercase();
                Language::from_key(&primary)
            })
            .unwrap_or_default()
    }

    /// The language as written in itself, for the Preferences list.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "Français",
            Language::Japanese => "日本語",
        }
    }
}

/// One preference with its value, as the viewer's settings change it and hosts send it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Preference {
    Skin(Skin),
    Highlights(bool),
    Speed(Speed),
    Theme(ThemePref),
    Sound(bool),
    /// 0-100.
    Volume(u8),
    Language(Language),
}

/// A preference's value before it is checked: a word, a yes/no or a number (anything else
/// is described for the error).
#[derive(Clone, PartialEq, Debug)]
pub enum PreferenceValue<'a> {
    Word(&'a str),
    Flag(bool),
    Number(f64),
    Other(String),
}

/// A number as a message shows it: whole numbers as they are, others to three decimals
/// (`12.5`, `-0.333`). Written out rather than with `f64`'s `Display`, whose tables and code
/// would be part of the page's first load for this message alone.
fn number_text(n: f64) -> String {
    if !n.is_finite() || n.abs() >= 1e15 {
        return "a number out of range".to_string();
    }
    let thousandths = (n.abs() * 1000.0).round() as u64;
    let sign = if n < 0.0 && thousandths > 0 { "-" } else { "" };
    let (whole, fraction) = (thousandths / 1000, thousandths % 1000);
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{fraction:03}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

/// Every preference's name, as hosts and the page's storage spell it.
pub const PREFERENCE_NAMES: [&str; 7] = [
    "skin",
    "highlights",
    "speed",
    "theme",
    "sound",
    "volume",
    "language",
];

impl Preference {
    pub fn name(self) -> &'static str {
        match self {
            Preference::Skin(_) => "skin",
            Preference::Highlights(_) => "highlights",
            Preference::Speed(_) => "speed",
            Preference::Theme(_) => "theme",
            Preference::Sound(_) => "sound",
            Preference::Volume(_) => "volume",
            Preference::Language(_) => "language",
        }
    }

    pub fn value(self) -> PreferenceValue<'static> {
        match self {
            Preference::Skin(s) => PreferenceValue::Word(s.key()),
            Preference::Highlights(on) => PreferenceValue::Flag(on),
            Preference::Speed(s) => PreferenceValue::Word(s.key()),
            Preference::Theme(t) => PreferenceValue::Word(t.key()),
            Preference::Sound(on) => PreferenceValue::Flag(on),
            Preference::Volume(v) => PreferenceValue::Number(f64::from(v)),
            Preference::Language(l) => PreferenceValue::Word(l.key()),
        }
    }

    /// Reads preference `name` set to `value`: `Ok(None)` for a name this viewer does not
    /// know (hosts send the preferences of every game), an error for a value it does not
    /// allow.
    pub fn read(name: &str, value: PreferenceValue<'_>) -> Result<Option<Preference>, String> {
        let word = |value: &PreferenceValue<'_>| match value {
            PreferenceValue::Word(w) => Some(w.to_string()),
            _ => None,
        };
        let read = match name {
            "skin" => word(&value)
                .and_then(|w| Skin::from_key(&w))
                .map(Preference::Skin),
            "speed" => word(&value)
                .and_then(|w| Speed::from_key(&w))
                .map(Preference::Speed),
            "theme" => word(&value)
                .and_then(|w| ThemePref::from_key(&w))
                .map(Preference::Theme),
            "language" => word(&value)
                .and_then(|w| Language::from_key(&w))
                .map(Preference::Language),
            "highlights" => match value {
                PreferenceValue::Flag(on) => Some(Preference::Highlights(on)),
                _ => None,
            },
            "sound" => match value {
                PreferenceValue::Flag(on) => Some(Preference::Sound(on)),
                _ => None,
            },
            "volume" => match value {
                PreferenceValue::Number(n) if (0.0..=100.0).contains(&n) && n.fract() == 0.0 => {
                    Some(Preference::Volume(n as u8))
                }
                _ => None,
            },
            _ => return Ok(None),
        };
        read.map(Some).ok_or_else(|| {
            let shown = match value {
                PreferenceValue::Word(w) => outflank_engine::Quoted(w).to_string(),
                PreferenceValue::Flag(on) => on.to_string(),
                PreferenceValue::Number(n) => number_text(n),
                PreferenceValue::Other(text) => text,
            };
            format!("preference {name}: {shown} is not allowed")
        })
    }
}

impl Preferences {
    pub fn set(&mut self, preference: Preference) {
        match preference {
            Preference::Skin(s) => self.skin = s,
            Preference::Highlights(on) => self.highlights = on,
            Preference::Speed(s) => self.speed = s,
            Preference::Theme(t) => self.theme = t,
            Preference::Sound(on) => self.sound = on,
            Preference::Volume(v) => self.volume = v.min(100),
            Preference::Language(l) => self.language = l,
        }
    }

    /// Every preference, as the host tells a viewer when it starts.
    pub fn all(&self) -> Vec<Preference> {
        vec![
            Preference::Skin(self.skin),
            Preference::Highlights(self.highlights),
            Preference::Speed(self.speed),
            Preference::Theme(self.theme),
            Preference::Sound(self.sound),
            Preference::Volume(self.volume),
            Preference::Language(self.language),
        ]
    }

    /// Preferences read one by one (from storage or a host): the readable ones applied over
    /// the defaults, and what could not be read.
    pub fn read<'a>(
        entries: impl IntoIterator<Item = (&'a str, PreferenceValue<'a>)>,
    ) -> PreferencesUpdate {
        let mut update = PreferencesUpdate::default();
        for (name, value) in entries {
            match Preference::read(name, value) {
                Ok(Some(p)) => update.set.push(p),
                Ok(None) => {}
                Err(e) => update.bad.push(e),
            }
        }
        update
    }
}

/// A `preferences` event: the preferences read, and what could not be read (the viewer
/// applies the first and warns about the second).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PreferencesUpdate {
    pub set: Vec<Preference>,
    pub bad: Vec<String>,
}

impl PreferencesUpdate {
    /// Applies the readable preferences to `prefs`; `Err` names the unreadable ones.
    pub fn apply_to(&self, prefs: &mut Preferences) -> Result<(), String> {
        for p in &self.set {
            prefs.set(*p);
        }
        if self.bad.is_empty() {
            Ok(())
        } else {
            Err(self.bad.join("; "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_messages_read_as_written() {
        for (n, text) in [
            (150.0, "150"),
            (-3.0, "-3"),
            (12.5, "12.5"),
            (-0.3333, "-0.333"),
            (0.0004, "0"),
            (7.25, "7.25"),
        ] {
            assert_eq!(number_text(n), text, "{n}");
        }
        assert_eq!(number_text(f64::NAN), "a number out of range");
        assert_eq!(number_text(1e300), "a number out of range");
    }

    #[test]
    fn preferences_are_read_one_by_one_and_bad_values_reported() {
        use PreferenceValue::{Flag, Other, Word};
        let update = Preferences::read([
            ("skin", Word("wooden")),
            ("speed", Word("fast")),
            ("other", Flag(true)),
            ("highlights", Word("yes")),
            ("theme", Other("3".into())),
            ("volume", PreferenceValue::Number(150.0)),
            ("sound", Flag(false)),
        ]);
        assert_eq!(
            update.set,
            [
                Preference::Skin(Skin::Wooden),
                Preference::Speed(Speed::Fast),
                Preference::Sound(false)
            ]
        );
        assert_eq!(
            update.bad,
            [
                "preference highlights: \"yes\" is not allowed",
                "preference theme: 3 is not allowed",
                "preference volume: 150 is not allowed"
            ]
        );
        let mut p = Preferences::default();
        assert!(update.apply_to(&mut p).is_err());
        assert_eq!(
            (p.skin, p.speed, p.highlights, p.theme),
            (Skin::Wooden, Speed::Fast, true, ThemePref::Auto)
        );
        // Every preference reads back as itself by its name and value.
        let back = Preferences::read(p.all().into_iter().map(|q| (q.name(), q.value())));
        assert_eq!(back.bad, Vec::<String>::new());
        let mut q = Preferences::default();
        back.apply_to(&mut q).unwrap();
        assert_eq!(q, p);
        assert_eq!(
            PREFERENCE_NAMES.to_vec(),
            p.all().iter().map(|x| x.name()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_language_is_the_first_of_the_browsers_that_the_viewer_speaks() {
        assert_eq!(Language::pick(&["fr-CA", "en"]), Language::French);
        assert_eq!(Language::pick(&["ja"]), Language::Japanese);
        assert_eq!(Language::pick(&["de", "fr"]), Language::French);
        assert_eq!(Language::pick(&["en-GB", "ja"]), Language::English);
        assert_eq!(Language::pick(&["JA-jp"]), Language::Japanese);
        assert_eq!(Language::pick::<&str>(&[]), Language::English);
        assert_eq!(Language::pick(&["de", "es"]), Language::English);
        let read = Preferences::read([("language", PreferenceValue::Word("ja"))]);
        assert_eq!(read.set, [Preference::Language(Language::Japanese)]);
        let bad = Preferences::read([("language", PreferenceValue::Word("de"))]);
        assert_eq!(bad.bad, ["preference language: \"de\" is not allowed"]);
    }

    #[test]
    fn choices_have_one_word_each() {
        for s in Speed::ALL {
            assert_eq!(Speed::from_key(s.key()), Some(*s));
        }
        assert_eq!(Skin::from_key("wooden"), Some(Skin::Wooden));
        assert_eq!(ThemePref::from_key("Dark"), None);
        assert_eq!(Speed::default(), Speed::Normal);
        assert_eq!(ThemePref::default(), ThemePref::Auto);
        assert_eq!(Skin::default(), Skin::Classic);
    }
}
