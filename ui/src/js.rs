//! Rust data as JavaScript values and back, with serde-wasm-bindgen: the one place where
//! the page's typed data meets JavaScript (the computer's worker messages, localStorage,
//! a host platform's payloads). JSON text is the browser's own `JSON`, so the viewer
//! carries no JSON parser of its own.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Whether this is a browser's wasm. Natively the page is only rendered to HTML, at build
/// time (src/bin/prerender.rs): there is no store, no clock, no timer and no window, and what
/// would ask the browser gets the defaults of a first visit instead.
pub const IN_BROWSER: bool = cfg!(target_arch = "wasm32");

/// `value` as a plain JavaScript value, as JSON would have it: structs and maps as objects
/// (never `Map`s), so that `JSON.stringify` and structured cloning see them whole. A 64-bit
/// integer beyond 2^53 is an error, not a rounded number (none of ours gets near).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, String> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).map_err(|e| e.to_string())
}

/// Reads a JavaScript value as `T`.
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// `value` as JSON text (for localStorage).
pub fn to_json_text<T: Serialize + ?Sized>(value: &T) -> Option<String> {
    js_sys::JSON::stringify(&to_js(value).ok()?)
        .ok()?
        .as_string()
}

/// Parses JSON text (from localStorage) into a JavaScript value.
pub fn parse_json_text(text: &str) -> Result<JsValue, String> {
    js_sys::JSON::parse(text).map_err(|_| "not JSON".to_string())
}

/// What a JavaScript exception says: an `Error`'s message, a thrown string, or `fallback`
/// (rather than `{:?}`, which wraps it in `JsValue(...)` with the stack).
pub fn describe(e: &JsValue, fallback: &str) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| fallback.to_string())
}

/// Copies `text` to the clipboard; `copied` or `failed` runs when the browser has answered.
pub fn copy_text(text: &str, copied: impl FnMut() + 'static, failed: impl FnMut() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let (mut copied, mut failed) = (copied, failed);
    let ok = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| copied());
    let err = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| failed());
    let _ = window
        .navigator()
        .clipboard()
        .write_text(text)
        .then2(&ok, &err);
    // Each runs at most once, after this returns: leave them to JavaScript.
    ok.forget();
    err.forget();
}

/// Milliseconds since 1970 by the page's clock: the clocks' time and a new game's id.
pub fn now_ms() -> u64 {
    if !IN_BROWSER {
        return 0;
    }
    js_sys::Date::now() as u64
}

/// Focuses the first element `selector` matches, if it is an HTML element (a roving
/// keyboard cursor's new square).
pub fn focus(selector: &str) {
    let Some(el) = leptos::prelude::document()
        .query_selector(selector)
        .ok()
        .flatten()
    else {
        return;
    };
    if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
}

/// Saves `text` as a file named `name`: a Blob behind an object URL, followed by a link
/// made for the purpose (the URL is let go once the download has had time to start).
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = leptos::prelude::document();
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    if let Some(body) = document.body() {
        body.append_child(&link)?;
    }
    link.click();
    link.remove();
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}
