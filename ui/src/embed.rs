//! The viewer embedded in a host platform's page (SPEC "Viewer protocol"): the wasm side of
//! `window.outflank.launch(selector)`. The classic script `web/embed/outflank-viewer.js`
//! owns the JavaScript emitter the host talks to (and buffers what arrives before the wasm
//! is ready); this mounts a [`Viewer`] on an element. It is the one place where events are
//! names and JSON: host events arrive as (name, payload) and are read into [`HostEvent`]s
//! for the viewer's inbox; the viewer's [`ViewerEvent`]s leave as (name, payload) for the
//! host. Payloads cross with serde-wasm-bindgen. Nothing here can change a game: the viewer
//! only asks the host.

use std::rc::Rc;

use leptos::prelude::*;
use outflank_engine::Quoted;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::components::Viewer;
use crate::js;
use crate::protocol::json::host;
use crate::protocol::{HostEvent, ViewerEvent};
use crate::transport::{Inbox, Transport};

/// The viewer's events, to the host's JavaScript listener `to_host(name, payload)`.
struct ToHost(js_sys::Function);

impl Transport for ToHost {
    fn send(&self, event: ViewerEvent) {
        let name = event.name();
        let payload = js::to_js(&event.payload()).unwrap_or(JsValue::UNDEFINED);
        if let Err(e) = self
            .0
            .call2(&JsValue::NULL, &JsValue::from_str(name), &payload)
        {
            let why = js::describe(&e, "it threw");
            leptos::logging::warn!("outflank: the host's listener for {name} failed: {why}");
        }
    }
}

/// A mounted viewer.
pub struct Embedded {
    inbox: Inbox,
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
    fn watch(inbox: &Inbox) -> Option<DarkClass> {
        let html = web_sys::window()?.document()?.document_element()?;
        let is_dark = {
            let html = html.clone();
            move || html.class_list().contains("dark")
        };
        if is_dark() {
            inbox.deliver(HostEvent::Theme { dark: true });
        }
        let mut was = is_dark();
        let inbox = inbox.clone();
        let callback = Closure::<dyn FnMut()>::new(move || {
            let now = is_dark();
            if now != was {
                was = now;
                inbox.deliver(HostEvent::Theme { dark: now });
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
        let inbox = Inbox::new();
        let transport: Rc<dyn Transport> = Rc::new(ToHost(to_host));
        let view_inbox = inbox.clone();
        let unmount = leptos::mount::mount_to(element, move || {
            view! { <Viewer transport=transport.clone() inbox=view_inbox.clone() /> }.into_any()
        });
        let dark_class = DarkClass::watch(&inbox);
        Embedded {
            inbox,
            unmount: Some(unmount),
            dark_class,
        }
    }

    /// A host event (`state`, `player`, `gamelog`, ...); anything else is ignored with a warning.
    pub fn deliver(&self, name: &str, payload: JsValue) {
        if !host::ALL.contains(&name) {
            leptos::logging::warn!("outflank: ignored an unknown host event {}", Quoted(name));
            return;
        }
        let event = from_js(&payload).and_then(|value| HostEvent::parse(name, &value));
        match event {
            Ok(event) => self.inbox.deliver(event),
            Err(e) => leptos::logging::warn!("outflank: ignored host event {name}: {e}"),
        }
    }

    /// Removes the viewer from the page; later events are ignored.
    pub fn unmount(&mut self) {
        if let Some(dark) = self.dark_class.take() {
            dark.observer.disconnect();
        }
        self.unmount.take();
        self.inbox.disconnect();
    }
}

/// What JSON makes of a JavaScript value (`undefined` is `null`; a function or a cycle is
/// an error).
fn from_js(value: &JsValue) -> Result<Value, String> {
    if value.is_undefined() || value.is_null() {
        return Ok(Value::Null);
    }
    js::from_js(value.clone()).map_err(|e| format!("not JSON-safe: {e}"))
}
