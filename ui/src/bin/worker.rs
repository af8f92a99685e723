//! The computer opponent's Web Worker: it receives requests as JSON text, answers each with
//! the engine's search (see `outflank_ui::ai`), and posts the answer back. The page cancels
//! a search by terminating the worker and starting a new one.
//!
//! Before it says it is ready, the worker loads the trained pattern evaluation for 8x8
//! Reversi (`reversi8.bin`, beside the worker's script; the offline cache holds it too). The
//! page starts the worker with its first request to the computer, so the weights never delay
//! the page's first paint. Without the file the computer plays with the hand-made evaluation.

#[cfg(target_arch = "wasm32")]
fn main() {
    use outflank_engine::Computer;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    wasm_bindgen_futures::spawn_local(async move {
        let mut computer = Computer::new();
        match load_weights(&scope).await {
            Ok(weights) => computer.set_pattern(Some(weights)),
            Err(why) => web_sys::console::warn_1(&JsValue::from_str(&format!(
                "outflank: the computer plays without its trained evaluation ({why})"
            ))),
        }
        listen(scope, computer);
    });
}

/// Fetches and reads the weights file; they live as long as the worker.
#[cfg(target_arch = "wasm32")]
async fn load_weights(
    scope: &web_sys::DedicatedWorkerGlobalScope,
) -> Result<&'static outflank_engine::search::weights::Weights, String> {
    use outflank_engine::search::weights::Weights;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;

    let describe = |e: wasm_bindgen::JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
    let response: web_sys::Response = JsFuture::from(scope.fetch_with_str(WEIGHTS))
        .await
        .map_err(describe)?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("{WEIGHTS}: HTTP {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(describe)?)
        .await
        .map_err(describe)?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    let weights = Weights::from_bytes(&bytes).map_err(|e| format!("{WEIGHTS}: {e}"))?;
    Ok(Box::leak(Box::new(weights)))
}

/// The weights file, relative to the worker's script (trunk copies it into the build).
#[cfg(target_arch = "wasm32")]
const WEIGHTS: &str = "reversi8.bin";

/// Answers the page's requests with `computer`, then tells the page it is ready.
#[cfg(target_arch = "wasm32")]
fn listen(scope: web_sys::DedicatedWorkerGlobalScope, computer: outflank_engine::Computer) {
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    let computer = RefCell::new(computer);
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let request = outflank_ui::js::from_js(event.data());
            let post = |response: &outflank_ui::ai::Response| match outflank_ui::js::to_js(response)
            {
                // Posting plain data to our own page cannot fail.
                Ok(message) => drop(reply_to.post_message(&message)),
                Err(e) => web_sys::console::error_1(&format!("outflank worker: {e}").into()),
            };
            // What is known on the way (each move's exact value) reaches the page at once,
            // while the search goes on.
            let answer =
                outflank_ui::ai::answer_message(request, &mut computer.borrow_mut(), &mut |r| {
                    post(&r)
                });
            post(&answer);
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
