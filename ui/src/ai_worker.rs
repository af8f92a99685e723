//! The page's side of the computer opponent: a Web Worker running the engine's search
//! (`src/bin/worker.rs`), asked with [`crate::ai::Request`]s and answering
//! [`crate::ai::Response`]s. A search cannot be interrupted inside the worker, so
//! [`AiWorker::cancel`] terminates a worker that is searching (the next request starts a fresh
//! one): the answer of a cancelled request never arrives. An idle worker is kept, with its
//! tables, so the next request does not wait for a worker to start and load the evaluation.
//!
//! The code that reads the worker's answers is a split point of the page's build: it loads
//! with the first answer, so a game between two people never fetches it. Answers wait in an
//! inbox meanwhile and are read in the order they came.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::ai::{Request, Response, READY};

/// The worker's loader script, next to the page (trunk's `data-loader-shim` output).
pub const WORKER_SCRIPT: &str = "./outflank-worker_loader.js";

/// The loader of the same worker built with WebAssembly threads (`cargo xtask
/// worker-threads`): its exact solves use every core, up to four.
pub const THREADS_WORKER_SCRIPT: &str = "./outflank-worker-mt_loader.js";

/// The worker to start here: the one with threads where the page is cross-origin isolated
/// (shared memory needs it) on a machine of several cores, else the single-thread one.
fn worker_script() -> &'static str {
    let isolated = js_sys::Reflect::get(&js_sys::global(), &"crossOriginIsolated".into())
        .ok()
        .and_then(|v| v.as_bool())
        == Some(true);
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    if isolated && cores > 1.0 {
        THREADS_WORKER_SCRIPT
    } else {
        WORKER_SCRIPT
    }
}

/// Hears a request's responses: those on the way ([`Response::is_final`] false), then the
/// answer.
type Callback = Box<dyn FnMut(Response)>;

struct Inner {
    worker: Option<web_sys::Worker>,
    /// Whether it may be the worker with threads ([`worker_script`]).
    threads: bool,
    /// Whether the running worker has said it listens; requests wait in `queue` until then.
    ready: bool,
    queue: Vec<JsValue>,
    /// The worker's answers not read yet, oldest first; `reading` while they are being read.
    inbox: VecDeque<JsValue>,
    reading: bool,
    next_id: u32,
    /// The callbacks waiting, by request id (a few at most: a list does).
    pending: Vec<(u32, Callback)>,
    /// The requests sent and not yet answered (a callback may be out of `pending` while it
    /// runs, its search still going on after a response on the way).
    unanswered: Vec<u32>,
    /// How many times the requests were cancelled (a callback may cancel its own).
    cancels: u64,
    /// Keeps the worker's handlers alive as long as the worker. Handlers of terminated
    /// workers are kept too: one may be running (an answer's callback that cancels), and
    /// dropping a closure while it runs is not allowed.
    handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

/// A handle on the computer's worker (cheap to clone; clones share the worker).
#[derive(Clone)]
pub struct AiWorker {
    inner: Rc<RefCell<Inner>>,
}

impl Default for AiWorker {
    fn default() -> Self {
        AiWorker::new()
    }
}

impl AiWorker {
    /// A handle; the worker itself starts with the first request. Its exact solves use
    /// every core where the page can share memory between threads ([`worker_script`]).
    pub fn new() -> AiWorker {
        AiWorker::with_threads(true)
    }

    /// A handle on a worker that searches on one thread: one of several sharing a job
    /// ([`AiWorkers`]), which already keep the cores busy.
    pub fn single_thread() -> AiWorker {
        AiWorker::with_threads(false)
    }

    fn with_threads(threads: bool) -> AiWorker {
        AiWorker {
            inner: Rc::new(RefCell::new(Inner {
                worker: None,
                threads,
                ready: false,
                queue: Vec::new(),
                inbox: VecDeque::new(),
                reading: false,
                next_id: 1,
                pending: Vec::new(),
                unanswered: Vec::new(),
                cancels: 0,
                handlers: Vec::new(),
            })),
        }
    }

    /// How many times the requests were cancelled: a request prepared before a cancel (its
    /// code loading, say) sees the count change and is not sent.
    pub fn cancels(&self) -> u64 {
        self.inner.borrow().cancels
    }

    /// Whether a request is waiting for its answer.
    pub fn busy(&self) -> bool {
        !self.inner.borrow().pending.is_empty()
    }

    /// Sends the request `make(id)`; `on_answer` runs with each response on the way and
    /// then with the answer (an `Error` response if the worker could not be started or
    /// failed).
    pub fn ask(
        &self,
        make: impl FnOnce(u32) -> Request,
        on_answer: impl FnMut(Response) + 'static,
    ) {
        let id = {
            let mut inner = self.inner.borrow_mut();
            let id = inner.next_id;
            inner.next_id = inner.next_id.wrapping_add(1).max(1);
            inner.pending.push((id, Box::new(on_answer)));
            inner.unanswered.push(id);
            id
        };
        let sent = crate::js::to_js(&make(id)).and_then(|message| {
            let worker = self.worker()?;
            let mut inner = self.inner.borrow_mut();
            if inner.ready {
                worker.post_message(&message).map_err(describe)
            } else {
                inner.queue.push(message);
                Ok(())
            }
        });
        if let Err(message) = sent {
            self.finish(Response::Error { id, message });
        }
    }

    /// Stops the search under way (a new game, an undo): its answer will never come. A
    /// worker with nothing to answer is left running.
    pub fn cancel(&self) {
        if !self.inner.borrow().unanswered.is_empty() {
            self.cancel_quietly();
        }
        let mut inner = self.inner.borrow_mut();
        inner.pending.clear();
        inner.cancels += 1;
    }

    fn finish(&self, response: Response) {
        let id = response.id();
        if response.is_final() {
            self.inner.borrow_mut().unanswered.retain(|&u| u != id);
        }
        let callback = {
            let mut inner = self.inner.borrow_mut();
            let at = inner.pending.iter().position(|(p, _)| *p == id);
            at.map(|at| inner.pending.remove(at).1)
        };
        if let Some(mut callback) = callback {
            let (more, cancels) = (!response.is_final(), self.inner.borrow().cancels);
            callback(response);
            // Kept for the answer, unless the request was cancelled meanwhile.
            let mut inner = self.inner.borrow_mut();
            if more && inner.cancels == cancels {
                inner.pending.push((id, callback));
            }
        }
    }

    /// The running worker, started if needed.
    fn worker(&self) -> Result<web_sys::Worker, String> {
        if let Some(worker) = self.inner.borrow().worker.clone() {
            return Ok(worker);
        }
        let script = if self.inner.borrow().threads {
            worker_script()
        } else {
            WORKER_SCRIPT
        };
        let worker = web_sys::Worker::new(script).map_err(describe)?;
        let me = self.clone();
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
            let data = event.unchecked_into::<web_sys::MessageEvent>().data();
            if data.as_string().as_deref() == Some(READY) {
                me.flush();
                return;
            }
            me.heard(data);
        });
        let me = self.clone();
        let on_error = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
            let message = event
                .dyn_ref::<web_sys::ErrorEvent>()
                .map(|e| e.message())
                .unwrap_or_else(|| "the computer's worker failed".to_string());
            // Every waiting request fails; the next one starts a new worker.
            let pending: Vec<u32> = me
                .inner
                .borrow()
                .pending
                .iter()
                .map(|(id, _)| *id)
                .collect();
            me.cancel_quietly();
            for id in pending {
                me.finish(Response::Error {
                    id,
                    message: message.clone(),
                });
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let mut inner = self.inner.borrow_mut();
        inner.handlers.push(on_message);
        inner.handlers.push(on_error);
        inner.worker = Some(worker.clone());
        Ok(worker)
    }

    /// An answer came: it is read after those before it.
    fn heard(&self, data: JsValue) {
        let start = {
            let mut inner = self.inner.borrow_mut();
            inner.inbox.push_back(data);
            !std::mem::replace(&mut inner.reading, true)
        };
        if start {
            wasm_bindgen_futures::spawn_local(self.clone().read_inbox());
        }
    }

    /// Reads the inbox's answers one by one, each to its request's callback.
    async fn read_inbox(self) {
        loop {
            let next = {
                let mut inner = self.inner.borrow_mut();
                let next = inner.inbox.pop_front();
                inner.reading = next.is_some();
                next
            };
            let Some(data) = next else {
                return;
            };
            match split_call!(read_response(data)) {
                Ok(response) => self.finish(response),
                Err(e) => {
                    leptos::logging::warn!("outflank: an unreadable answer from the computer: {e}")
                }
            }
        }
    }

    /// The worker listens now: sends what waited.
    fn flush(&self) {
        let (worker, queue) = {
            let mut inner = self.inner.borrow_mut();
            inner.ready = true;
            (inner.worker.clone(), std::mem::take(&mut inner.queue))
        };
        if let Some(worker) = worker {
            for message in queue {
                let _ = worker.post_message(&message);
            }
        }
    }

    /// Terminates the worker but keeps the pending callbacks (to fail them).
    fn cancel_quietly(&self) {
        let mut inner = self.inner.borrow_mut();
        inner.ready = false;
        inner.queue.clear();
        // A terminated worker's answers are not read (an answer being read finds no
        // callback: `cancel` drops them, an error fails them first).
        inner.inbox.clear();
        inner.unanswered.clear();
        if let Some(worker) = inner.worker.take() {
            worker.terminate();
        }
    }
}

/// The workers of one use of the computer (the hints, the review) that shares its jobs out,
/// started as they are needed and kept: one a core, each on one thread.
#[derive(Default)]
pub struct AiWorkers(Vec<AiWorker>);

impl AiWorkers {
    /// The first `n` workers, made as needed (a worker starts with its first request).
    pub fn first(&mut self, n: usize) -> Vec<AiWorker> {
        self.0
            .resize_with(self.0.len().max(n), AiWorker::single_thread);
        self.0[..n].to_vec()
    }

    /// Stops every search under way ([`AiWorker::cancel`]).
    pub fn cancel(&self) {
        self.0.iter().for_each(AiWorker::cancel);
    }
}

/// How many workers share out one job (a position's exact move values, a game's review)
/// on this machine: [`crate::ai::parts_for`] its logical cores.
pub fn workers_here() -> u8 {
    crate::ai::parts_for(web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency()))
}

/// Reads one of the worker's answers (a split point: see the module's comment).
#[cfg_attr(feature = "split", leptos::lazy)]
fn read_response(data: JsValue) -> Result<Response, String> {
    crate::js::from_js::<Response>(data)
}

fn describe(e: JsValue) -> String {
    crate::js::describe(&e, "the computer's worker could not start")
}
