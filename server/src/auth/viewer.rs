//! Who is asking: the session a request's cookie opens ([`Viewer`]) and the address it
//! came from ([`ClientAddr`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::COOKIE;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};

use super::{token_hash, COOKIE_NAME};
use crate::error::ApiError;
use crate::store::UserRow;
use crate::Shared;

/// Who sent a request.
#[derive(Clone, Debug)]
pub enum Viewer {
    /// No session cookie.
    Anonymous,
    /// A session cookie that opens no session (forged, expired, logged out).
    BadSession,
    User(UserRow),
}

impl Viewer {
    pub fn user(&self) -> Option<&UserRow> {
        match self {
            Viewer::User(u) => Some(u),
            _ => None,
        }
    }

    /// The account, or the 401 that says why there is none.
    pub fn require(self) -> Result<UserRow, ApiError> {
        match self {
            Viewer::User(u) => Ok(u),
            Viewer::Anonymous => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "not-logged-in",
                "Log in first.",
            )),
            Viewer::BadSession => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "bad-session",
                "Your session is not valid any more; log in again.",
            )),
        }
    }
}

/// The session token in the request's cookies, if any.
pub(super) fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .map(|(_, value)| value.to_string())
}

/// Who sent the request with `headers`: the session its cookie opens, if any.
async fn viewer(app: &Shared, headers: &HeaderMap) -> Result<Viewer, ApiError> {
    let Some(token) = session_token(headers) else {
        return Ok(Viewer::Anonymous);
    };
    // A token is 43 base64url characters; anything else is not worth a query.
    if token.len() != 43 {
        return Ok(Viewer::BadSession);
    }
    Ok(match app.store.session_user(&token_hash(&token)).await? {
        Some(user) => Viewer::User(user),
        None => Viewer::BadSession,
    })
}

impl FromRequestParts<Shared> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<Viewer, ApiError> {
        viewer(app, &parts.headers).await
    }
}

/// The client's address, for the limits per address: the connection's peer, or, when the
/// peer is a `--trusted-proxy`, the address that proxy saw (see [`client_ip`]).
pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<Shared> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<ClientAddr, ApiError> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        Ok(ClientAddr(client_ip(
            &app.config.trusted_proxies,
            &parts.headers,
            peer,
        )))
    }
}

/// Who connected through `peer`: `peer` itself, unless it is one of `trusted` proxies; then
/// the right-most address of `X-Forwarded-For` that is not a trusted proxy (each proxy
/// appends the address it saw, so entries left of the last untrusted one may be forged).
pub fn client_ip(trusted: &[IpAddr], headers: &HeaderMap, peer: IpAddr) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .map(|a| a.trim().parse::<IpAddr>())
        .find(|a| !a.as_ref().is_ok_and(|a| trusted.contains(a)))
        .and_then(Result::ok)
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn cookies_are_read_among_others() {
        let mut h = HeaderMap::new();
        h.insert(
            COOKIE,
            HeaderValue::from_static("a=1; outflank_session=xyz; b=2"),
        );
        assert_eq!(session_token(&h).as_deref(), Some("xyz"));
    }

    #[test]
    fn the_client_behind_a_trusted_proxy_is_the_one_it_saw() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let proxy = ip("10.0.0.1");
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 203.0.113.7"),
        );
        assert_eq!(client_ip(&[proxy], &h, proxy), ip("203.0.113.7"));
        // An untrusted peer is the client, whatever it says.
        assert_eq!(
            client_ip(&[proxy], &h, ip("198.51.100.2")),
            ip("198.51.100.2")
        );
        // Two proxies in a row: the address the outer one saw.
        let inner = ip("10.0.0.2");
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 203.0.113.7, 10.0.0.1"),
        );
        assert_eq!(client_ip(&[proxy, inner], &h, inner), ip("203.0.113.7"));
        // Nothing usable: the proxy's own address.
        assert_eq!(client_ip(&[proxy], &HeaderMap::new(), proxy), proxy);
    }
}
