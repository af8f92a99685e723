//! The hot-seat page's first mount, in steps short enough that the browser never freezes
//! (each well under 50 ms on a desktop, so a phone's four times slower CPU stays under
//! 200 ms):
//! 1. the page with its viewer: the panels, the status and the board;
//! 2. after the browser's next task, the parts that wait for [`later`]: the host's toolbar
//!    and the history, actions and move list beside (on a phone, below) the board;
//! 3. after one more task, the live page takes the place of the one the HTML painted (the
//!    same components rendered at build time, src/bin/prerender.rs), in one swap.
//!
//! Until the swap the live page is built outside the document, so nothing on screen moves
//! while it is built; after it, the page shows a returning player's saved game and
//! preferences.

use std::cell::RefCell;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

use super::App;
use crate::storage::Stored;

/// Whether the parts that wait for [`later`] are built yet.
#[derive(Clone, Copy)]
struct Later(RwSignal<bool>);

/// A part of the page built in the second step of the first mount: at once where the page
/// is not mounted in steps (rendered at build time, the embeddable viewer, an online game).
pub fn later<V: IntoView + 'static>(build: impl FnOnce() -> V + 'static) -> AnyView {
    match use_context::<Later>() {
        Some(Later(ready)) if !ready.get_untracked() => {
            let build = SendWrapper::new(RefCell::new(Some(build)));
            (move || {
                ready
                    .get()
                    .then(|| build.borrow_mut().take().map(|b| b().into_any()))
                    .flatten()
            })
            .into_any()
        }
        _ => build().into_any(),
    }
}

/// Waits for the browser's next task (a zero-delay timeout): input and painting go first.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Mounts the hot-seat page with what storage holds, in the steps above.
pub async fn mount(stored: Stored) {
    let ready = RwSignal::new(false);
    let holder: web_sys::HtmlElement = document()
        .create_element("div")
        .expect("a div")
        .unchecked_into();
    leptos::mount::mount_to(holder.clone(), move || {
        provide_context(Later(ready));
        view! { <App stored=stored /> }
    })
    .forget();
    next_task().await;
    ready.set(true);
    next_task().await;
    let Some(live) = holder.first_element_child() else {
        return;
    };
    // The page the HTML painted, if the build rendered one.
    match document().query_selector("body > main").ok().flatten() {
        Some(painted) => {
            let _ = painted.replace_with_with_node_1(&live);
        }
        None => {
            let _ = document().body().map(|body| body.append_child(&live));
        }
    }
}
