//! The computer opponent's Web Worker: it receives requests as JSON text, answers each with
//! the engine's search (see `outflank_ui::ai`), and posts the answer back. The page cancels
//! a search by terminating the worker and starting a new one.

#[cfg(target_arch = "wasm32")]
fn main() {
    use outflank_engine::Computer;
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let computer = RefCell::new(Computer::new());
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            let answer = outflank_ui::ai::answer_text(&text, &mut computer.borrow_mut());
            // Posting a string to our own page cannot fail.
            let _ = reply_to.post_message(&JsValue::from_str(&answer));
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page keeps it; so does its handler.
    on_message.forget();
    // Messages that arrived while the wasm was loading found no handler: the page waits
    // for this before it sends anything.
    let _ = scope.post_message(&JsValue::from_str(outflank_ui::ai::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("outflank-worker runs in a browser's Web Worker (built by trunk)");
}
