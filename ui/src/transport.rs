//! How the viewer and its host talk: typed events both ways. The viewer sends
//! [`ViewerEvent`]s through a [`Transport`]; the host delivers [`HostEvent`]s to the viewer's
//! [`Inbox`]. The hot-seat page's host lives in the same wasm module and answers by direct
//! calls (`components::app`); an embedding platform is reached through JavaScript, where the
//! events become names and JSON payloads (`embed`, the only place that does).

use std::cell::RefCell;
use std::rc::Rc;

use crate::protocol::{HostEvent, ViewerEvent};

/// Where the viewer's events go.
pub trait Transport {
    fn send(&self, event: ViewerEvent);
}

type Handler = Rc<dyn Fn(HostEvent)>;

#[derive(Default)]
struct Inner {
    handler: Option<Handler>,
    /// Events delivered before the viewer was mounted, in order.
    queue: Vec<HostEvent>,
}

/// Where a host delivers its events to a viewer. Events that arrive before the viewer is
/// mounted are kept and handed over, in order, when it is; after it is gone they are
/// dropped. Clones share the inbox.
#[derive(Clone, Default)]
pub struct Inbox {
    inner: Rc<RefCell<Inner>>,
}

impl Inbox {
    pub fn new() -> Inbox {
        Inbox::default()
    }

    /// Hands `event` to the viewer (or keeps it until the viewer is mounted).
    pub fn deliver(&self, event: HostEvent) {
        // The handler may deliver again (a host answering at once): no borrow is held.
        let handler = self.inner.borrow().handler.clone();
        match handler {
            Some(handle) => handle(event),
            None => self.inner.borrow_mut().queue.push(event),
        }
    }

    /// The viewer is mounted: `handler` takes every event from now on, the kept ones first.
    pub fn connect(&self, handler: impl Fn(HostEvent) + 'static) {
        let handler: Handler = Rc::new(handler);
        self.inner.borrow_mut().handler = Some(handler.clone());
        let kept = std::mem::take(&mut self.inner.borrow_mut().queue);
        for event in kept {
            handler(event);
        }
    }

    /// The viewer is gone: later events are dropped.
    pub fn disconnect(&self) {
        let mut inner = self.inner.borrow_mut();
        inner.handler = Some(Rc::new(|_| {}));
        inner.queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_before_mounting_are_kept_in_order_and_none_after_leaving() {
        let inbox = Inbox::new();
        inbox.deliver(HostEvent::ReplayStart);
        inbox.deliver(HostEvent::ReplayEnd);
        let seen = Rc::new(RefCell::new(Vec::new()));
        let log = seen.clone();
        let again = inbox.clone();
        inbox.connect(move |e| {
            // A handler may deliver while handling (a host that answers at once).
            if e == HostEvent::ReplayEnd {
                again.deliver(HostEvent::StateUpdated);
            }
            log.borrow_mut().push(e);
        });
        inbox.deliver(HostEvent::Theme { dark: true });
        assert_eq!(
            *seen.borrow(),
            [
                HostEvent::ReplayStart,
                HostEvent::StateUpdated,
                HostEvent::ReplayEnd,
                HostEvent::Theme { dark: true }
            ]
        );
        inbox.disconnect();
        inbox.deliver(HostEvent::ReplayStart);
        assert_eq!(seen.borrow().len(), 4);
    }
}
