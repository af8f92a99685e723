//! The computer opponent's Web Worker: it receives requests as JSON text, answers each with
//! the engine's search (see `outflank_ui::ai`), and posts the answer back. The page cancels
//! a search by terminating the worker and starting a new one.
//!
//! Before it says it is ready, the worker loads the trained pattern evaluation for 8x8
//! Reversi (`reversi8.bin`) and the opening book (`reversi8.book`), both beside the worker's
//! script and fetched together (the offline cache holds them too). The page starts the
//! worker with its first request to the computer, so neither delays the page's first paint.
//! Without the weights the computer plays with the hand-made evaluation; without the book it
//! searches from the first move.

#[cfg(target_arch = "wasm32")]
fn main() {
    use outflank_engine::Computer;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    wasm_bindgen_futures::spawn_local(async move {
        let mut computer = Computer::new();
        // Both requests leave before either answer is awaited.
        let weights = fetch_bytes(&scope, WEIGHTS);
        let book = fetch_bytes(&scope, BOOK);
        let warn = |what: &str, why: String| {
            web_sys::console::warn_1(&JsValue::from_str(&format!(
                "outflank: the computer plays without {what} ({why})"
            )))
        };
        match read_weights(weights.await) {
            Ok(weights) => computer.set_pattern(Some(weights)),
            Err(why) => warn("its trained evaluation", why),
        }
        match read_book(book.await) {
            Ok(book) => computer.set_book(Some(book)),
            Err(why) => warn("its opening book", why),
        }
        listen(scope, computer);
    });
}

/// Fetches the file `name` (the request leaves at once; the bytes come when awaited).
#[cfg(target_arch = "wasm32")]
fn fetch_bytes(
    scope: &web_sys::DedicatedWorkerGlobalScope,
    name: &'static str,
) -> impl std::future::Future<Output = Result<Vec<u8>, String>> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;

    let request = JsFuture::from(scope.fetch_with_str(name));
    async move {
        let describe = |e: wasm_bindgen::JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
        let response: web_sys::Response = request.await.map_err(describe)?.unchecked_into();
        if !response.ok() {
            return Err(format!("{name}: HTTP {}", response.status()));
        }
        let buffer = JsFuture::from(response.array_buffer().map_err(describe)?)
            .await
            .map_err(describe)?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }
}

/// Reads the weights file; they live as long as the worker.
#[cfg(target_arch = "wasm32")]
fn read_weights(
    bytes: Result<Vec<u8>, String>,
) -> Result<&'static outflank_engine::search::weights::Weights, String> {
    use outflank_engine::search::weights::Weights;
    let weights = Weights::from_bytes(&bytes?).map_err(|e| format!("{WEIGHTS}: {e}"))?;
    Ok(Box::leak(Box::new(weights)))
}

/// Reads the book file; it lives as long as the worker.
#[cfg(target_arch = "wasm32")]
fn read_book(
    bytes: Result<Vec<u8>, String>,
) -> Result<&'static outflank_engine::book::Book, String> {
    use outflank_engine::book::Book;
    let book = Book::from_bytes(&bytes?).map_err(|e| format!("{BOOK}: {e}"))?;
    Ok(Box::leak(Box::new(book)))
}

/// The weights file, relative to the worker's script (trunk copies it into the build).
#[cfg(target_arch = "wasm32")]
const WEIGHTS: &str = "reversi8.bin";

/// The opening book's file, beside the weights.
#[cfg(target_arch = "wasm32")]
const BOOK: &str = "reversi8.book";

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
