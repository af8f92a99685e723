//! Plays the viewer's sound cues ([`crate::sound`]) with Web Audio, synthesised in the page
//! (nothing is downloaded): a low knock for a piece, quick clicks for the discs turning over,
//! two falling tones for a pass, a rising chord at the end, two high beeps when a clock
//! enters low time. Browsers allow sound only after
//! the person's first gesture, so nothing plays (and no audio context exists) before a
//! click, a tap or a key. A test hook: when the page defines `window.__outflankSounds` as
//! an array, each cue played is pushed there by name.

use std::cell::RefCell;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::JsValue;
use web_sys::{AudioContext, OscillatorType};

use crate::sound::{Cue, Timed};

#[derive(Default)]
struct Audio {
    listening: bool,
    unlocked: bool,
    context: Option<AudioContext>,
}

thread_local! {
    static AUDIO: RefCell<Audio> = RefCell::new(Audio::default());
}

/// Watches for the person's first gesture (once per page).
pub fn listen_for_gesture() {
    let first = AUDIO.with_borrow_mut(|a| !std::mem::replace(&mut a.listening, true));
    if first {
        fn unlock() {
            let first = AUDIO.with_borrow_mut(|a| !std::mem::replace(&mut a.unlocked, true));
            if first {
                // Making the context takes tens of milliseconds: done after the gesture's
                // handlers, so that the click it precedes is not kept waiting.
                Timeout::new(0, || drop(context())).forget();
            }
        }
        // The page keeps these as long as it lives.
        let _ = window_event_listener(leptos::ev::pointerdown, |_| unlock());
        let _ = window_event_listener(leptos::ev::keydown, |_| unlock());
    }
}

/// The page's audio context, made the first time (only after a gesture).
fn context() -> Option<AudioContext> {
    AUDIO.with_borrow_mut(|a| {
        if !a.unlocked {
            return None;
        }
        if a.context.is_none() {
            a.context = AudioContext::new().ok();
        }
        a.context.clone()
    })
}

/// Plays `cues` at `volume` (0-100), if the person has made a gesture. The tones are built
/// in a task of their own, after the board has shown the move that made them.
pub fn play(cues: &[Timed], volume: u8) {
    if cues.is_empty() || volume == 0 || !AUDIO.with_borrow(|a| a.unlocked) {
        return;
    }
    let cues = cues.to_vec();
    Timeout::new(0, move || schedule(&cues, volume)).forget();
}

fn schedule(cues: &[Timed], volume: u8) {
    let Some(context) = context() else {
        return;
    };
    // A context made outside a gesture may start suspended (some browsers).
    if context.state() == web_sys::AudioContextState::Suspended {
        let _ = context.resume();
    }
    let gain = f32::from(volume.min(100)) / 100.0;
    let now = context.current_time();
    for timed in cues {
        let at = now + f64::from(timed.at_ms) / 1000.0;
        if let Err(e) = sound(&context, timed.cue, at, gain) {
            let why = crate::js::describe(&e, "the browser refused it");
            leptos::logging::warn!("outflank: a sound failed: {why}");
        }
        hook(timed.cue);
    }
}

fn sound(context: &AudioContext, cue: Cue, at: f64, gain: f32) -> Result<(), JsValue> {
    use OscillatorType::{Sine, Triangle};
    match cue {
        Cue::Place => tone(context, at, (180.0, 90.0), 0.09, 0.8 * gain, Sine),
        Cue::Flip(n) => (0..n.min(6)).try_for_each(|k| {
            let at = at + 0.035 * k as f64;
            tone(context, at, (1400.0, 900.0), 0.03, 0.25 * gain, Triangle)
        }),
        Cue::Pass => {
            tone(context, at, (440.0, 440.0), 0.12, 0.35 * gain, Sine)?;
            tone(context, at + 0.14, (330.0, 330.0), 0.16, 0.35 * gain, Sine)
        }
        // Two short high beeps, as a chess clock's warning.
        Cue::LowTime => (0..2).try_for_each(|k| {
            tone(
                context,
                at + 0.18 * f64::from(k),
                (1760.0, 1760.0),
                0.07,
                0.3 * gain,
                Sine,
            )
        }),
        Cue::End => [523.25, 659.25, 783.99]
            .iter()
            .enumerate()
            .try_for_each(|(k, f)| {
                tone(
                    context,
                    at + 0.15 * k as f64,
                    (*f, *f),
                    0.18,
                    0.4 * gain,
                    Sine,
                )
            }),
    }
}

/// One tone from `at`: its pitch sliding over `(from, to)` Hz, fading out over `seconds`.
fn tone(
    context: &AudioContext,
    at: f64,
    (from, to): (f32, f32),
    seconds: f64,
    gain: f32,
    kind: OscillatorType,
) -> Result<(), JsValue> {
    let oscillator = context.create_oscillator()?;
    oscillator.set_type(kind);
    oscillator.frequency().set_value_at_time(from, at)?;
    oscillator
        .frequency()
        .exponential_ramp_to_value_at_time(to, at + seconds)?;
    let envelope = context.create_gain()?;
    envelope.gain().set_value_at_time(gain.max(0.001), at)?;
    envelope
        .gain()
        .exponential_ramp_to_value_at_time(0.001, at + seconds)?;
    oscillator.connect_with_audio_node(&envelope)?;
    envelope.connect_with_audio_node(&context.destination())?;
    oscillator.start_with_when(at)?;
    oscillator.stop_with_when(at + seconds + 0.02)
}

/// Pushes the cue's name onto `window.__outflankSounds` when a test defined it.
fn hook(cue: Cue) {
    let Ok(hook) = js_sys::Reflect::get(&window(), &JsValue::from_str("__outflankSounds")) else {
        return;
    };
    if let Some(sounds) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Array>(&hook) {
        sounds.push(&JsValue::from_str(&cue.name()));
    }
}
