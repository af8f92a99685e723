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
//!
//! The same worker is also built with WebAssembly threads (`cargo xtask worker-threads`,
//! `outflank-worker-mt_*`), which the page starts when it is cross-origin isolated: that
//! worker starts helper workers (web/outflank-helper.js) that run this module on its shared
//! memory, and the computer's searches use them ([`team::Team`]; the midgame search at levels
//! 10 and 11, the exact solver at every level that solves): one thread a core, at most
//! [`team::MOST_THREADS`] (or `?threads=N` in the worker's URL).

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
        #[cfg(target_feature = "atomics")]
        computer.set_helpers(team::start());
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

/// The helper threads of the worker built with WebAssembly threads.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
mod team {
    use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

    use outflank_engine::search::{Helpers, Job};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// The most threads of one search (the worker's own included): past four, the parallel
    /// solver gains little, and a phone's cores are better left some rest.
    pub const MOST_THREADS: usize = 4;

    /// The helpers' script, beside the worker's (the xtask copies it into the build).
    const HELPER_SCRIPT: &str = "outflank-helper.js";

    /// The worker's team, in the memory its helpers share.
    static TEAM: OnceLock<Team> = OnceLock::new();

    struct State {
        job: Option<Job>,
        /// Counts the jobs given: a helper takes each one once.
        round: u64,
        /// How many helpers may still take the current job.
        places: usize,
        /// Helpers running a job.
        running: usize,
    }

    /// The helper workers of this worker, waiting for the jobs of its searches.
    pub struct Team {
        size: usize,
        state: Mutex<State>,
        /// Rung when a job is given.
        wake: Condvar,
        /// Rung when the last helper running a job is done.
        done: Condvar,
    }

    impl Team {
        fn lock(&self) -> MutexGuard<'_, State> {
            self.state.lock().unwrap_or_else(|e| e.into_inner())
        }

        /// A helper's life: takes each job given, once, until the worker ends.
        fn serve(&self) {
            let mut seen = 0;
            let mut state = self.lock();
            loop {
                while state.round == seen {
                    state = self.wake.wait(state).unwrap_or_else(|e| e.into_inner());
                }
                seen = state.round;
                let Some(job) = state.job.clone().filter(|_| state.places > 0) else {
                    continue;
                };
                state.places -= 1;
                state.running += 1;
                drop(state);
                job();
                drop(job);
                state = self.lock();
                state.running -= 1;
                if state.running == 0 {
                    self.done.notify_all();
                }
            }
        }
    }

    impl Helpers for Team {
        fn helpers(&self) -> usize {
            self.size
        }

        fn run(&self, help: Job, main: &mut dyn FnMut()) {
            {
                let mut state = self.lock();
                state.job = Some(help);
                state.places = self.size;
                state.round += 1;
                self.wake.notify_all();
            }
            main();
            let mut state = self.lock();
            // A helper that was not yet up for it does not take it now.
            state.job = None;
            state.places = 0;
            while state.running > 0 {
                state = self.done.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        }
    }

    /// Starts the helpers (none where the memory cannot be shared, or on one core), and
    /// returns the team that gives them work.
    pub fn start() -> Option<&'static dyn Helpers> {
        let global = js_sys::global();
        let get = |object: &JsValue, key: &str| {
            js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
        };
        if get(&global, "crossOriginIsolated").as_bool() != Some(true) {
            return None;
        }
        let cores = get(&get(&global, "navigator"), "hardwareConcurrency")
            .as_f64()
            .unwrap_or(1.0);
        let asked = get(&get(&global, "location"), "search")
            .as_string()
            .and_then(|q| {
                q.trim_start_matches('?')
                    .split('&')
                    .find_map(|kv| kv.strip_prefix("threads=")?.parse::<usize>().ok())
            });
        let threads = asked.unwrap_or((cores as usize).min(MOST_THREADS)).max(1);
        if threads < 2 {
            return None;
        }
        let team = TEAM.get_or_init(|| Team {
            size: threads - 1,
            state: Mutex::new(State {
                job: None,
                round: 0,
                places: 0,
                running: 0,
            }),
            wake: Condvar::new(),
            done: Condvar::new(),
        });
        let message = js_sys::Array::of2(&wasm_bindgen::module(), &wasm_bindgen::memory());
        let options = web_sys::WorkerOptions::new();
        options.set_name("outflank-helper");
        let failed = |e: JsValue| {
            web_sys::console::warn_2(
                &"outflank: a thread of the search could not start".into(),
                &e,
            )
        };
        for _ in 1..threads {
            match web_sys::Worker::new_with_options(HELPER_SCRIPT, &options) {
                Ok(worker) => {
                    if let Err(e) = worker.post_message(&message) {
                        failed(e);
                    }
                    // It lives as long as this worker, which ends it when it ends.
                    std::mem::forget(worker.unchecked_into::<JsValue>());
                }
                Err(e) => failed(e),
            }
        }
        Some(team)
    }

    /// A helper worker's entry (web/outflank-helper.js): serves the worker's team until the
    /// worker ends.
    #[wasm_bindgen]
    pub fn outflank_help() {
        if let Some(team) = TEAM.get() {
            team.serve();
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("outflank-worker runs in a browser's Web Worker (built by trunk)");
}
