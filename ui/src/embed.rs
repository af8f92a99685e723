//! The viewer embedded in a host platform's page (SPEC "Viewer protocol"): the wasm side of
//! `window.outflank.launch(selector)`. The classic script `web/embed/outflank-viewer.js`
//! owns the JavaScript emitter the host talks to (and buffers what arrives before the wasm
//! has loaded); this mounts a [`Viewer`] on an element, hands the host's events to it, and
//! passes the viewer's events back as plain JSON values. Nothing here can change a game: the
//! viewer only asks the host.

use leptos::prelude::*;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::components::Viewer;
use crate::emitter::Emitter;
use crate::protocol::{host, viewer};

/// Viewer -> host events, forwarded to the page's emitter.
const VIEWER_EVENTS: [&str; 9] = [
    viewer::READY,
    viewer::MOVE,
    viewer::FETCH_STATE,
    viewer::FETCH_LOG,
    viewer::ADD_LOG,
    viewer::REPLACE_LOG,
    viewer::REPLAY_INFO,
    viewer::UPDATE_PREFERENCE,
    viewer::PLAYER_CLICKED,
];

/// A mounted viewer.
pub struct Embedded {
    emitter: Emitter,
    unmount: Option<leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>>,
    dark_class: Option<DarkClass>,
}

/// Follows the class `dark` on the page's `<html>`: boardgamers.space's iframe page toggles
/// it for its dark mode (its `theme` message goes to the page, not to the viewer), so the
/// viewer takes it as the host's theme.
struct DarkClass {
    observer: web_sys::MutationObserver,
    _callback: Closure<dyn FnMut()>,
}

impl DarkClass {
    fn watch(emitter: &Emitter) -> Option<DarkClass> {
        let html = web_sys::window()?.document()?.document_element()?;
        let is_dark = {
            let html = html.clone();
            move || html.class_list().contains("dark")
        };
        let theme = |dark: bool| serde_json::json!({ "dark": dark });
        if is_dark() {
            emitter.emit(host::THEME, &theme(true));
        }
        let mut was = is_dark();
        let emitter = emitter.clone();
        let callback = Closure::<dyn FnMut()>::new(move || {
            let now = is_dark();
            if now != was {
                was = now;
                emitter.emit(host::THEME, &theme(now));
            }
        });
        let observer = web_sys::MutationObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        let options = web_sys::MutationObserverInit::new();
        options.set_attributes(true);
        options.set_attribute_filter(&js_sys::Array::of1(&JsValue::from_str("class")));
        observer.observe_with_options(&html, &options).ok()?;
        Some(DarkClass {
            observer,
            _callback: callback,
        })
    }
}

impl Embedded {
    /// Mounts a viewer in `element`; `to_host(name, payload)` receives the viewer's events.
    pub fn mount(element: web_sys::HtmlElement, to_host: js_sys::Function) -> Embedded {
        let emitter = Emitter::new();
        for name in VIEWER_EVENTS {
            let to_host = to_host.clone();
            emitter.on(name, move |payload| {
                let js = to_js(payload);
                if let Err(e) = to_host.call2(&JsValue::NULL, &JsValue::from_str(name), &js) {
                    leptos::logging::warn!(
                        "outflank: the host's listener for {name} failed: {e:?}"
                    );
                }
            });
        }
        let view_emitter = emitter.clone();
        let unmount = leptos::mount::mount_to(element, move || {
            view! { <Viewer emitter=view_emitter.clone() /> }.into_any()
        });
        let dark_class = DarkClass::watch(&emitter);
        Embedded {
            emitter,
            unmount: Some(unmount),
            dark_class,
        }
    }

    /// A host event (`state`, `player`, `gamelog`, ...); anything else is ignored with a warning.
    pub fn deliver(&self, name: &str, payload: JsValue) {
        if !host::ALL.contains(&name) {
            leptos::logging::warn!("outflank: ignored an unknown host event {name:?}");
            return;
        }
        match from_js(&payload) {
            Ok(value) => {
                self.emitter.emit(name, &value);
            }
            Err(e) => leptos::logging::warn!("outflank: ignored host event {name}: {e}"),
        }
    }

    /// Removes the viewer from the page; later events are ignored.
    pub fn unmount(&mut self) {
        if let Some(dark) = self.dark_class.take() {
            dark.observer.disconnect();
        }
        self.unmount.take();
        for name in host::ALL {
            self.emitter.remove_all(name);
        }
    }
}

/// A JSON value as a plain JavaScript value.
fn to_js(value: &Value) -> JsValue {
    serde_json::to_string(value)
        .ok()
        .and_then(|text| js_sys::JSON::parse(&text).ok())
        .unwrap_or(JsValue::UNDEFINED)
}

/// What JSON makes of a JavaScript value (`undefined` is `null`).
fn from_js(value: &JsValue) -> Result<Value, String> {
    if value.is_undefined() {
        return Ok(Value::Null);
    }
    let text = js_sys::JSON::stringify(value).map_err(|_| "not JSON-safe".to_string())?;
    match text.as_string() {
        None => Ok(Value::Null),
        Some(text) => serde_json::from_str(&text).map_err(|e| e.to_string()),
    }
}
