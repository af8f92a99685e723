//! Compiles the locale files (locales/en.json, fr.json, ja.json) into the `i18n` module that
//! `src/i18n.rs` includes: every key checked at compile time, nothing fetched at build time.

use std::path::PathBuf;

use leptos_i18n_build::{Config, ParseOptions, TranslationsInfos};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("i18n");
    let config = Config::new("en")
        .and_then(|c| c.add_locales(["fr", "ja"]))
        .expect("the locales are known")
        .parse_options(ParseOptions::default().interpolate_display(true));
    let infos = TranslationsInfos::parse(config).expect("the locale files parse");
    infos.rerun_if_locales_changed();
    infos
        .generate_i18n_module(out)
        .expect("the i18n module is written");
}
