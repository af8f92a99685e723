//! The page's ways to the server: JSON requests to `api/...` (relative to the page, which
//! the server serves at its root) and sockets that reopen when they close.

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

/// A WebSocket to `path` that reopens a second after it closes, until dropped.
pub struct Socket {
    inner: Rc<Inner>,
}

struct Inner {
    url: String,
    on_text: Box<dyn Fn(String)>,
    on_open: Box<dyn Fn()>,
    socket: RefCell<Option<web_sys::WebSocket>>,
    closed: Cell<bool>,
    /// The open socket's event handlers, kept alive with it.
    handlers: RefCell<Vec<Handler>>,
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
    /// Opens `path` (relative to the page); `on_open` runs on every (re)opening, `on_text`
    /// for every text frame.
    pub fn open(
        path: &str,
        on_open: impl Fn() + 'static,
        on_text: impl Fn(String) + 'static,
    ) -> Socket {
        let inner = Rc::new(Inner {
            url: ws_url(path),
            on_text: Box::new(on_text),
            on_open: Box::new(on_open),
            socket: RefCell::new(None),
            closed: Cell::new(false),
            handlers: RefCell::new(Vec::new()),
        });
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
                (inner.on_open)();
            }
        });
        let weak = Rc::downgrade(this);
        let on_close = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            let Some(inner) = weak.upgrade() else { return };
            if inner.closed.get() {
                return;
            }
            // The network or the server went away: try again shortly, for as long as the
            // page shows the game.
            let weak = Rc::downgrade(&inner);
            gloo_timers::callback::Timeout::new(1_000, move || {
                if let Some(inner) = weak.upgrade() {
                    if !inner.closed.get() {
                        Inner::connect(&inner);
                    }
                }
            })
            .forget();
        });
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        let mut handlers = this.handlers.borrow_mut();
        handlers.clear();
        handlers.extend([on_message, on_open, on_close]);
        *this.socket.borrow_mut() = Some(socket);
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.inner.closed.set(true);
        if let Some(socket) = self.inner.socket.borrow_mut().take() {
            socket.set_onclose(None);
            socket.set_onmessage(None);
            let _ = socket.close();
        }
    }
}
