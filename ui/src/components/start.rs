//! The hot-seat page's first mount, in steps short enough that the browser never freezes
//! (each well under 50 ms on a desktop, so a phone's four times slower CPU stays under
//! 200 ms). The browser compiles each wasm function the first time it runs, on the page's
//! thread, so a step's time is mostly the compiling of the code it runs for the first time:
//! 1. the page with its viewer around the board: the host, the game, the panels, the status;
//! 2. the board;
//! 3. the host's toolbar;
//! 4. the history, actions and move list beside (on a phone, below) the board;
//! 5. the live page takes the place of the one the HTML painted (the same components
//!    rendered at build time, src/bin/prerender.rs), in one swap.
//!
//! Each step after the first waits for the browser's next task, so input and painting go
//! between them (a task each: steps run together in one task on a fast machine would be one
//! long task on a phone). Until the swap the live page is built outside the document, so
//! nothing on screen moves while it is built; after it, the page shows a returning player's
//! saved game and preferences.

use std::cell::RefCell;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::{JsCast, JsValue};

use super::App;
use crate::storage::Stored;

/// A step of the first mount after the first: what [`later`] builds then.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Step {
    Board = 2,
    Toolbar = 3,
    Side = 4,
}

/// The last step the first mount has taken.
#[derive(Clone, Copy)]
struct Taken(RwSignal<u8>);

/// A part of the page built in `step` of the first mount: at once where the page is not
/// mounted in steps (rendered at build time, the embeddable viewer, an online game).
pub fn later<V: IntoView + 'static>(step: Step, build: impl FnOnce() -> V + 'static) -> AnyView {
    let step = step as u8;
    match use_context::<Taken>() {
        Some(Taken(taken)) if taken.get_untracked() < step => {
            // Changes once (to true), so the part is built once and kept.
            let due = Memo::new(move |_| taken.get() >= step);
            let build = SendWrapper::new(RefCell::new(Some(build)));
            (move || {
                due.get()
                    .then(|| build.borrow_mut().take().map(|b| b().into_any()))
                    .flatten()
            })
            .into_any()
        }
        _ => build().into_any(),
    }
}

/// Gives the browser its turn (input, painting), then goes on: `scheduler.yield()` where the
/// browser has it (the mount goes on before other waiting tasks, and a chain of them is not
/// slowed as nested timeouts are), else a zero-delay timeout.
async fn next_task() {
    let scheduler = js_sys::Reflect::get(&window(), &"scheduler".into()).ok();
    let yielded = scheduler.filter(JsValue::is_object).and_then(|scheduler| {
        js_sys::Reflect::get(&scheduler, &"yield".into())
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?
            .call0(&scheduler)
            .ok()?
            .dyn_into::<js_sys::Promise>()
            .ok()
    });
    let promise = yielded.unwrap_or_else(|| {
        js_sys::Promise::new(&mut |resolve, _| {
            let _ = window().set_timeout_with_callback(&resolve);
        })
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Mounts the hot-seat page with what storage holds, in the steps above.
pub async fn mount(stored: Stored) {
    // Apart from the task that instantiated the wasm.
    next_task().await;
    let taken = RwSignal::new(1);
    let holder: web_sys::HtmlElement = document()
        .create_element("div")
        .expect("a div")
        .unchecked_into();
    leptos::mount::mount_to(holder.clone(), move || {
        provide_context(Taken(taken));
        view! { <App stored=stored /> }
    })
    .forget();
    for step in [Step::Board, Step::Toolbar, Step::Side] {
        next_task().await;
        taken.set(step as u8);
    }
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
