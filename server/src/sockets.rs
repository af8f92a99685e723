//! How many WebSockets (lobby and games together) one client address may hold open on this
//! instance: a page needs two or three, a household a few more; a script that opens
//! thousands would hold a task and its buffers for each.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;

use crate::error::ApiError;

/// The open sockets of each address.
pub struct SocketLimit {
    /// Sockets allowed per address; 0: no limit.
    max: u32,
    open: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

/// One open socket, counted until dropped (when its task ends, or when an upgrade that was
/// granted never happens).
pub struct SocketSlot {
    ip: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

impl SocketLimit {
    pub fn new(max: u32) -> SocketLimit {
        SocketLimit {
            max,
            open: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// A slot for one more socket from `ip`, or `429 too-many-sockets`.
    pub fn take(&self, ip: IpAddr) -> Result<SocketSlot, ApiError> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry(ip).or_insert(0);
        if self.max > 0 && *n >= self.max {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-sockets",
                format!(
                    "Your address has {} connections open to the server already; close a tab \
                     and try again.",
                    self.max
                ),
            ));
        }
        *n += 1;
        Ok(SocketSlot {
            ip,
            open: self.open.clone(),
        })
    }

    /// Sockets open from `ip` now.
    pub fn open(&self, ip: IpAddr) -> u32 {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_per_address_until_dropped() {
        let limit = SocketLimit::new(2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let one = limit.take(a).unwrap();
        let _two = limit.take(a).unwrap();
        let refused = limit.take(a).err().unwrap();
        assert_eq!(
            (refused.status, refused.code),
            (StatusCode::TOO_MANY_REQUESTS, "too-many-sockets")
        );
        let _other = limit.take(b).unwrap();
        drop(one);
        assert_eq!(limit.open(a), 1);
        let _three = limit.take(a).unwrap();
        assert!(SocketLimit::new(0).take(a).is_ok());
    }
}
