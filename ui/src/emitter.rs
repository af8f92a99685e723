//! The event emitter between the viewer and its host, with Node's `EventEmitter`
//! semantics: `on`, `once`, `off`, `emit`; listeners run synchronously in the order they
//! were added; a listener may emit or (un)subscribe while an event is being delivered.
//!
//! Payloads are JSON values, so a JavaScript-facing wrapper (issue 5's
//! `window.outflank.launch`) only has to convert `JsValue` <-> `Value` at its edge.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::Value;

type Callback = Rc<dyn Fn(&Value)>;

struct Listener {
    id: u64,
    event: String,
    once: bool,
    callback: Callback,
}

#[derive(Default)]
struct Inner {
    next_id: u64,
    listeners: Vec<Listener>,
}

/// A handle to one shared emitter; clones share the listeners.
#[derive(Clone, Default)]
pub struct Emitter {
    inner: Rc<RefCell<Inner>>,
}

/// Identifies a listener for [`Emitter::off`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ListenerId(u64);

impl Emitter {
    pub fn new() -> Emitter {
        Emitter::default()
    }

    fn add(&self, event: &str, once: bool, callback: impl Fn(&Value) + 'static) -> ListenerId {
        let mut inner = self.inner.borrow_mut();
        inner.next_id += 1;
        let id = inner.next_id;
        inner.listeners.push(Listener {
            id,
            event: event.to_string(),
            once,
            callback: Rc::new(callback),
        });
        ListenerId(id)
    }

    /// Calls `callback` on every `event` from now on.
    pub fn on(&self, event: &str, callback: impl Fn(&Value) + 'static) -> ListenerId {
        self.add(event, false, callback)
    }

    /// Calls `callback` on the next `event` only.
    pub fn once(&self, event: &str, callback: impl Fn(&Value) + 'static) -> ListenerId {
        self.add(event, true, callback)
    }

    /// Removes a listener; false if it was already gone.
    pub fn off(&self, id: ListenerId) -> bool {
        let mut inner = self.inner.borrow_mut();
        let before = inner.listeners.len();
        inner.listeners.retain(|l| l.id != id.0);
        inner.listeners.len() != before
    }

    /// Removes every listener of `event`.
    pub fn remove_all(&self, event: &str) {
        self.inner
            .borrow_mut()
            .listeners
            .retain(|l| l.event != event);
    }

    pub fn listener_count(&self, event: &str) -> usize {
        self.inner
            .borrow()
            .listeners
            .iter()
            .filter(|l| l.event == event)
            .count()
    }

    /// Delivers `payload` to the listeners of `event` (as they were when the call began);
    /// true if there was any.
    pub fn emit(&self, event: &str, payload: &Value) -> bool {
        let callbacks: Vec<Callback> = {
            let mut inner = self.inner.borrow_mut();
            let callbacks = inner
                .listeners
                .iter()
                .filter(|l| l.event == event)
                .map(|l| l.callback.clone())
                .collect();
            // `once` listeners are removed before they run, as in Node.
            inner.listeners.retain(|l| !(l.once && l.event == event));
            callbacks
        };
        for callback in &callbacks {
            callback(payload);
        }
        !callbacks.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn recorder() -> (
        Rc<RefCell<Vec<String>>>,
        impl Fn(&'static str) -> Box<dyn Fn(&Value)>,
    ) {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let s = seen.clone();
        let make = move |tag: &'static str| -> Box<dyn Fn(&Value)> {
            let s = s.clone();
            Box::new(move |v: &Value| s.borrow_mut().push(format!("{tag}:{v}")))
        };
        (seen, make)
    }

    #[test]
    fn on_once_off_in_order() {
        let e = Emitter::new();
        let (seen, make) = recorder();
        let a = e.on("x", make("a"));
        e.once("x", make("b"));
        e.on("y", make("c"));
        assert!(e.emit("x", &json!(1)));
        assert!(e.emit("x", &json!(2)));
        assert!(e.off(a));
        assert!(!e.off(a));
        assert!(!e.emit("x", &json!(3)));
        assert!(e.emit("y", &json!(null)));
        assert_eq!(*seen.borrow(), ["a:1", "b:1", "a:2", "c:null"]);
        assert_eq!(e.listener_count("y"), 1);
        e.remove_all("y");
        assert_eq!(e.listener_count("y"), 0);
    }

    #[test]
    fn listeners_may_emit_and_subscribe_while_delivering() {
        // The hot-seat loop: move -> state:updated -> fetchState -> state, all nested.
        let e = Emitter::new();
        let (seen, make) = recorder();
        let e2 = e.clone();
        e.on("move", move |m| {
            e2.emit("state:updated", m);
        });
        let e3 = e.clone();
        e.on("state:updated", move |_| {
            e3.emit("fetchState", &Value::Null);
        });
        let e4 = e.clone();
        let log = make("state");
        e.on("fetchState", move |_| {
            e4.once("extra", |_| {});
            e4.emit("state", &json!({"ok": true}));
        });
        e.on("state", log);
        e.emit("move", &json!("f5"));
        assert_eq!(*seen.borrow(), [r#"state:{"ok":true}"#]);
        assert_eq!(e.listener_count("extra"), 1);
    }
}
