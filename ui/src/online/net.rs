//! The page's ways to the server: JSON requests to `api/...` (relative to the page, which
//! the server serves at its root) and sockets that reopen when they close, waiting longer
//! while the server stays away.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use serde::de::DeserializeOwned;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::ApiError;

/// Whether the page is served by the Outflank server. `api/health` is a file of the
/// static build too, saying `{"ok": false}`: a static host answers it (so no missing file
/// shows in the console), the service worker answers it from its cache when offline, and
/// only the server says `"ok": true`.
pub async fn served_by_server() -> bool {
    call::<Value>("GET", "api/health", None)
        .await
        .is_ok_and(|health| health["ok"] == true)
}

async fn fetch(url: &str, init: &web_sys::RequestInit) -> Result<web_sys::Response, JsValue> {
    let promise = web_sys::window()
        .ok_or("no window")?
        .fetch_with_str_and_init(url, init);
    JsFuture::from(promise).await?.dyn_into()
}

/// A request to the API: the answer's JSON read as `T`, or the API's error.
pub async fn call<T: DeserializeOwned>(
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Result<T, ApiError> {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    init.set_cache(web_sys::RequestCache::NoStore);
    if let Some(body) = body {
        let headers = web_sys::Headers::new().map_err(|_| ApiError::local("headers"))?;
        let _ = headers.set("content-type", "application/json");
        init.set_headers(&headers);
        init.set_body(&JsValue::from_str(&body.to_string()));
    }
    let response = fetch(path, &init)
        .await
        .map_err(|_| ApiError::local("The server could not be reached."))?;
    let text = match response.text() {
        Ok(promise) => JsFuture::from(promise)
            .await
            .ok()
            .and_then(|t| t.as_string()),
        Err(_) => None,
    }
    .unwrap_or_default();
    let text = if text.is_empty() { "null" } else { &text };
    if response.ok() {
        serde_json::from_str(text).map_err(|e| ApiError::local(format!("answer: {e}")))
    } else {
        Err(serde_json::from_str(text)
            .unwrap_or_else(|_| ApiError::local(format!("HTTP {}", response.status()))))
    }
}

type Handler = Closure<dyn FnMut(JsValue)>;

/// A socket's connection, as the page tells the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Link {
    /// Open (or opening for the first time).
    Up,
    /// Lost: the next try is `retry_ms` after the last one failed or the connection dropped.
    Down { retry_ms: u32 },
}

/// A WebSocket to `path` that reopens when it closes, until dropped: a second after a
/// connection drops, then longer after each try that fails ([`super::retry_delay_ms`]),
/// and at once when the browser says it is online again or the page is shown again.
pub struct Socket {
    inner: Rc<Inner>,
}

struct Inner {
    url: String,
    on_text: Box<dyn Fn(String)>,
    on_link: Box<dyn Fn(Link)>,
    socket: RefCell<Option<web_sys::WebSocket>>,
    closed: Cell<bool>,
    /// The open socket opened (so its close is a drop, not a failed try).
    opened: Cell<bool>,
    /// Tries in a row that did not open.
    failures: Cell<u32>,
    /// The number of the try waiting for its time, if one is; a try made sooner (the
    /// browser is online again) makes the waiting one's timer do nothing.
    waiting: Cell<Option<u32>>,
    tries: Cell<u32>,
    /// The open socket's event handlers, kept alive with it.
    handlers: RefCell<Vec<Handler>>,
    /// The window's `online` and the document's `visibilitychange` handlers.
    wake: RefCell<Vec<(web_sys::EventTarget, &'static str, Handler)>>,
}

fn ws_url(path: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let href = location
        .as_ref()
        .and_then(|l| l.href().ok())
        .unwrap_or_default();
    web_sys::Url::new_with_base(path, &href)
        .map(|u| {
            u.set_protocol(if u.protocol() == "https:" {
                "wss:"
            } else {
                "ws:"
            });
            u.set_hash("");
            u.href()
        })
        .unwrap_or_default()
}

impl Socket {
    /// Opens `path` (relative to the page); `on_text` runs for every text frame, `on_link`
    /// when the connection is lost and when it is back.
    pub fn open(
        path: &str,
        on_text: impl Fn(String) + 'static,
        on_link: impl Fn(Link) + 'static,
    ) -> Socket {
        let inner = Rc::new(Inner {
            url: ws_url(path),
            on_text: Box::new(on_text),
            on_link: Box::new(on_link),
            socket: RefCell::new(None),
            closed: Cell::new(false),
            opened: Cell::new(false),
            failures: Cell::new(0),
            waiting: Cell::new(None),
            tries: Cell::new(0),
            handlers: RefCell::new(Vec::new()),
            wake: RefCell::new(Vec::new()),
        });
        Inner::listen_for_wake(&inner);
        Inner::connect(&inner);
        Socket { inner }
    }

    pub fn send(&self, text: &str) {
        if let Some(socket) = &*self.inner.socket.borrow() {
            if socket.ready_state() == web_sys::WebSocket::OPEN {
                let _ = socket.send_with_str(text);
            }
        }
    }
}

impl Inner {
    fn connect(this: &Rc<Inner>) {
        this.opened.set(false);
        let Ok(socket) = web_sys::WebSocket::new(&this.url) else {
            return;
        };
        let weak = Rc::downgrade(this);
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let Some(inner) = weak.upgrade() else { return };
            if let Some(text) = e
                .dyn_into::<web_sys::MessageEvent>()
                .ok()
                .and_then(|e| e.data().as_string())
            {
                (inner.on_text)(text);
            }
        });
        let weak = Rc::downgrade(this);
        let on_open = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if let Some(inner) = weak.upgrade() {
                inner.opened.set(true);
                inner.failures.set(0);
                (inner.on_link)(Link::Up);
            }
        });
        let weak = Rc::downgrade(this);
        let on_close = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            let Some(inner) = weak.upgrade() else { return };
            if !inner.closed.get() {
                Inner::retry_later(&inner);
            }
        });
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        let mut handlers = this.handlers.borrow_mut();
        handlers.clear();
        handlers.extend([on_message, on_open, on_close]);
        *this.socket.borrow_mut() = Some(socket);
    }

    /// The connection dropped or a try failed: the next try waits its time.
    fn retry_later(this: &Rc<Inner>) {
        let failures = if this.opened.get() {
            0
        } else {
            this.failures.get()
        };
        let delay = super::retry_delay_ms(failures);
        this.failures.set(failures.saturating_add(1));
        let try_number = this.tries.get().wrapping_add(1);
        this.tries.set(try_number);
        this.waiting.set(Some(try_number));
        (this.on_link)(Link::Down { retry_ms: delay });
        let weak = Rc::downgrade(this);
        // Forgotten rather than kept: a timer dropped inside its own callback would free
        // the code that is running. A try made sooner leaves this one with nothing to do.
        gloo_timers::callback::Timeout::new(delay, move || {
            if let Some(inner) = weak.upgrade() {
                if !inner.closed.get() && inner.waiting.get() == Some(try_number) {
                    inner.waiting.set(None);
                    Inner::connect(&inner);
                }
            }
        })
        .forget();
    }

    /// Tries at once if a try is waiting: the network is back, or the player looks at the
    /// page again.
    fn wake(this: &Rc<Inner>) {
        if !this.closed.get() && this.waiting.take().is_some() {
            Inner::connect(this);
        }
    }

    fn listen_for_wake(this: &Rc<Inner>) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let document = window.document();
        let mut wake = this.wake.borrow_mut();
        let weak = Rc::downgrade(this);
        let online = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if let Some(inner) = weak.upgrade() {
                Inner::wake(&inner);
            }
        });
        wake.push((window.into(), "online", online));
        if let Some(document) = document {
            let weak = Rc::downgrade(this);
            let shown = document.clone();
            let visible = Closure::<dyn FnMut(JsValue)>::new(move |_| {
                if let Some(inner) = weak.upgrade() {
                    if !shown.hidden() {
                        Inner::wake(&inner);
                    }
                }
            });
            wake.push((document.into(), "visibilitychange", visible));
        }
        for (target, name, handler) in wake.iter() {
            let _ = target.add_event_listener_with_callback(name, handler.as_ref().unchecked_ref());
        }
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.inner.closed.set(true);
        for (target, name, handler) in self.inner.wake.borrow_mut().drain(..) {
            let _ =
                target.remove_event_listener_with_callback(name, handler.as_ref().unchecked_ref());
        }
        if let Some(socket) = self.inner.socket.borrow_mut().take() {
            socket.set_onclose(None);
            socket.set_onmessage(None);
            socket.set_onopen(None);
            let _ = socket.close();
        }
    }
}
