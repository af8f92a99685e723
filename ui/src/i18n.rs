//! The viewer's words in every language it speaks: the `i18n` module that build.rs
//! generates from `ui/locales/*.json` (leptos_i18n), and the link between a [`Language`]
//! preference and the generated [`Locale`]. Views use `t!(i18n, key)`; plain functions take a
//! `Locale` and use `td_string!(locale, key)` (see [`crate::say`]).

// The generated code is one module named `i18n` inside this one (re-exported flat below).
#![allow(clippy::module_inception)]

include!(concat!(env!("OUT_DIR"), "/i18n/mod.rs"));

pub use i18n::*;

use crate::protocol::Language;

impl From<Language> for Locale {
    fn from(language: Language) -> Locale {
        match language {
            Language::English => Locale::en,
            Language::French => Locale::fr,
            Language::Japanese => Locale::ja,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    /// leptos_i18n only warns about a key one locale lacks: this test fails instead, naming
    /// the key and the language (and an empty text counts as missing).
    #[test]
    fn every_string_is_in_every_language() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/locales");
        let read = |lang: &str| -> BTreeMap<String, serde_json::Value> {
            let text = std::fs::read_to_string(format!("{dir}/{lang}.json")).unwrap();
            serde_json::from_str(&text).unwrap()
        };
        let langs = ["en", "fr", "ja"];
        let files: Vec<_> = langs.iter().map(|l| read(l)).collect();
        let mut missing = Vec::new();
        for (a, file) in langs.iter().zip(&files) {
            for key in file.keys() {
                for (b, other) in langs.iter().zip(&files) {
                    match other.get(key) {
                        None => missing.push(format!("{key} is missing from {b} (it is in {a})")),
                        Some(serde_json::Value::String(s)) if s.trim().is_empty() => {
                            missing.push(format!("{key} is empty in {b}"))
                        }
                        _ => {}
                    }
                }
            }
        }
        missing.dedup();
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }
}
