//! The hot-seat page's first mount, in steps short enough that the browser never freezes
//! (each well under 50 ms on a desktop, so a phone's four times slower CPU stays under
//! 200 ms). The browser compiles each wasm function the first time it runs, on the page's
//! thread, so a step's time is mostly the compiling of the code it runs for the first time:
//! 1. the page: the host, the game, the header;
//! 2. the viewer around the board: the panels, the status;
//! 3. the board;
//!
//! then the live page takes the place of the one the HTML painted (the same components
//! rendered at build time, src/bin/prerender.rs), in one swap; the painted toolbar and the
//! painted parts beside the board stay in the live page (unseen where the page's language is
//! not the one they were painted in), and a button pressed there is pressed again on its live
//! twin once that is there;
//! 4. the host's toolbar;
//! 5. the history, actions and move list beside (on a phone, below) the board.
//!
//! The code of steps 4 and 5 is asked for once the live board is painted (`super::lazy`), so
//! the first load is only what makes the board live; each live part takes its painted twin's
//! place in one frame once its code is there.
//!
//! Each step waits for the browser's next task, so input and painting go between them (a
//! task each: steps run together in one task on a fast machine would be one long task on a
//! phone). Until the swap the live page is built outside the document, so nothing on screen
//! moves while it is built; after it, the page shows a returning player's saved game and
//! preferences.

use std::cell::RefCell;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use super::{lazy, App};
use crate::protocol::Preferences;
use crate::storage::Stored;

/// A step of the first mount after the first: what [`later`] builds then.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Step {
    Viewer = 2,
    Board = 3,
    Toolbar = 4,
    Side = 5,
}

impl Step {
    /// The part's name in the page (`data-part`), painted and live.
    fn part(self) -> &'static str {
        match self {
            Step::Viewer => "viewer",
            Step::Board => "board",
            Step::Toolbar => "toolbar",
            Step::Side => "side",
        }
    }
}

/// The last step the first mount has taken.
#[derive(Clone, Copy)]
struct Taken(RwSignal<u8>);

/// A painted part kept in the live page until its live twin replaces it.
struct Painted {
    step: Step,
    element: web_sys::Element,
    /// The button last pressed on it (its `data-testid`), pressed again on the live twin's
    /// button of the same name once the live part is there.
    pressed: Option<String>,
    /// Its click listener, which lives as long as it does.
    _listener: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static PAINTED: RefCell<Vec<Painted>> = const { RefCell::new(Vec::new()) };
}

/// A part of the page built in `step` of the first mount: at once where the page is not
/// mounted in steps (rendered at build time, the embeddable viewer, an online game). Its
/// holder (`.part`, laid out as if it were not there) names it, so the swap finds its
/// painted twin.
pub fn later<V: IntoView + 'static>(step: Step, build: impl FnOnce() -> V + 'static) -> AnyView {
    let part = step.part();
    match use_context::<Taken>() {
        Some(Taken(taken)) if taken.get_untracked() < step as u8 => {
            // Changes once (to true), so the part is built once and kept.
            let due = Memo::new(move |_| taken.get() >= step as u8);
            let build = SendWrapper::new(RefCell::new(Some(build)));
            let live = move || {
                due.get()
                    .then(|| {
                        let view = build.borrow_mut().take().map(|b| b().into_any());
                        // In the same task as the live part's first render: one frame shows
                        // the painted part, the next the live one, never both or neither.
                        remove_painted(step);
                        view
                    })
                    .flatten()
            };
            view! { <div class="part" data-part=part>{live}</div> }.into_any()
        }
        _ => view! { <div class="part" data-part=part>{build()}</div> }.into_any(),
    }
}

/// Runs `f` once the first mount has taken its last step (at once where the page is not
/// mounted in steps): work that nothing on screen at start waits for.
pub fn when_live(f: impl FnOnce() + 'static) {
    let last = Step::Side as u8;
    match use_context::<Taken>() {
        Some(Taken(taken)) if taken.get_untracked() < last => {
            let f = SendWrapper::new(RefCell::new(Some(f)));
            Effect::new(move |_| {
                if taken.get() >= last {
                    if let Some(f) = f.borrow_mut().take() {
                        // In a task of its own, not in the last step's.
                        leptos::task::spawn_local(async move {
                            next_task().await;
                            f();
                        });
                    }
                }
            });
        }
        _ => f(),
    }
}

/// Removes the painted twin of `step`'s part (its live part is being rendered); the live
/// part's button of the same name takes the focus if the painted one had it, and is pressed
/// again if the painted one was pressed.
fn remove_painted(step: Step) {
    let (mut focused, mut pressed) = (None, None);
    PAINTED.with_borrow_mut(|painted| {
        painted.retain_mut(|p| {
            if p.step == step {
                focused = document()
                    .active_element()
                    .filter(|active| p.element.contains(Some(active.as_ref())))
                    .and_then(|active| button_name(&active));
                pressed = p.pressed.take();
                p.element.remove();
            }
            p.step != step
        })
    });
    if focused.is_none() && pressed.is_none() {
        return;
    }
    // Once the live part is in the page: it is rendered in this task.
    leptos::task::spawn_local(async move {
        next_task().await;
        let live = |name: &str| {
            let selector = format!(".part[data-part={}] [data-testid=\"{name}\"]", step.part());
            document()
                .query_selector(&selector)
                .ok()
                .flatten()
                .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
        };
        if let Some(button) = focused.as_deref().and_then(live) {
            let _ = button.focus();
        }
        if let Some(button) = pressed.as_deref().and_then(live) {
            button.click();
        }
    });
}

/// The name (`data-testid`) of the button `element` is in, which its painted and live twins
/// share.
fn button_name(element: &web_sys::Element) -> Option<String> {
    element
        .closest("button[data-testid]")
        .ok()
        .flatten()
        .and_then(|button| button.get_attribute("data-testid"))
}

/// What a press on a painted part does: nothing there (its code has not come), but the
/// pressed button (the nearest one with a `data-testid`) is remembered for the live part, and
/// the part shows that it is on its way.
fn listen_for_presses(
    step: Step,
    painted: &web_sys::Element,
) -> Closure<dyn FnMut(web_sys::Event)> {
    let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        event.prevent_default();
        event.stop_propagation();
        let name = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| button_name(&t));
        let Some(name) = name else {
            return;
        };
        PAINTED.with_borrow_mut(|painted| {
            if let Some(part) = painted.iter_mut().find(|p| p.step == step) {
                let _ = part.element.set_attribute("aria-busy", "true");
                part.pressed = Some(name);
            }
        });
    });
    let _ = painted.add_event_listener_with_callback_and_bool(
        "click",
        listener.as_ref().unchecked_ref(),
        true,
    );
    listener
}

/// Keeps the painted twin of each part the live page has not built yet beside its empty
/// holder: it shows what will be there, and a button pressed on it is pressed on the live
/// one when that comes.
fn keep_painted(painted: &web_sys::Element, live: &web_sys::Element, steps: &[Step]) {
    let painted_in = Preferences::default().language.key();
    let page_language = document()
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .unwrap_or_default();
    for &step in steps {
        let selector = format!(".part[data-part={}]", step.part());
        let (Ok(Some(old)), Ok(Some(holder))) = (
            painted.query_selector(&selector),
            live.query_selector(&selector),
        ) else {
            continue;
        };
        // The build painted in the default language; on a page in another one the painted
        // part keeps its place unseen rather than show words the page does not speak.
        let _ = old.set_attribute("lang", painted_in);
        let seen = if painted_in == page_language {
            ""
        } else {
            "unseen"
        };
        let _ = old.set_attribute("data-painted", seen);
        if holder.before_with_node_1(&old).is_ok() {
            let listener = listen_for_presses(step, &old);
            PAINTED.with_borrow_mut(|kept| {
                kept.push(Painted {
                    step,
                    element: old,
                    pressed: None,
                    _listener: listener,
                })
            });
        }
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

/// Waits until the browser has painted the page as it is now: the next animation frame, then
/// the task after it.
async fn next_paint() {
    let frame = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().request_animation_frame(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
    next_task().await;
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
    for step in [Step::Viewer, Step::Board] {
        next_task().await;
        taken.set(step as u8);
    }
    next_task().await;
    let Some(live) = holder.first_element_child() else {
        return;
    };
    let later_steps = [Step::Toolbar, Step::Side];
    // The page the HTML painted, if the build rendered one.
    match document().query_selector("body > main").ok().flatten() {
        Some(painted) => {
            keep_painted(&painted, &live, &later_steps);
            let _ = painted.replace_with_with_node_1(&live);
        }
        None => {
            let _ = document().body().map(|body| body.append_child(&live));
        }
    }
    // The live board is painted before the later parts' code is asked for: its first frame
    // waits for nothing else.
    next_paint().await;
    for step in later_steps {
        lazy::load(step).await;
        next_task().await;
        taken.set(step as u8);
    }
    say_live();
}

/// Tells the page's scripts that the page is whole (`data-live` on the root, and an
/// `outflank-live` event): the service worker's registration (web/register.js), whose
/// fetching of the whole site for offline play would otherwise share the processor with the
/// start.
fn say_live() {
    let document = document();
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("data-live", "");
    }
    if let Ok(event) = web_sys::Event::new("outflank-live") {
        let _ = document.dispatch_event(&event);
    }
}
