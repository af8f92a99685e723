//! Accounts and sessions: registration, log-in (limited per name and per address), log-out,
//! and who is asking ([`Viewer`]).
//!
//! A session is a random token in an HttpOnly cookie; the database keeps only its SHA-256, so
//! a copy of the database opens no session. Passwords are argon2id hashes. A failed log-in
//! says "wrong name or password" whether the name exists or not, and takes as long either way.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine;
use rand::RngCore;
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::http::Body;
use crate::store::UserRow;
use crate::{now_ms, Shared};

mod viewer;

use viewer::session_token;
pub use viewer::{client_ip, ClientAddr, Viewer};

/// The session cookie's name.
pub const COOKIE_NAME: &str = "outflank_session";

/// How long a session lasts, in milliseconds (30 days).
pub const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;

pub const NAME_MIN: usize = 2;
pub const NAME_MAX: usize = 24;
pub const PASSWORD_MIN: usize = 8;
/// Longer passwords are refused: hashing them is the server's time.
pub const PASSWORD_MAX: usize = 128;
pub const EMAIL_MAX: usize = 254;

/// Hashes and checks passwords.
pub struct Passwords {
    argon: Argon2<'static>,
    /// A hash of nothing anyone knows, checked when the name does not exist so that a wrong
    /// name costs as long as a wrong password.
    dummy: String,
}

impl Passwords {
    pub fn new(memory_kib: u32) -> Result<Passwords, argon2::Error> {
        let params = Params::new(memory_kib, 2, 1, None)?;
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let mut passwords = Passwords {
            argon,
            dummy: String::new(),
        };
        passwords.dummy = passwords
            .hash(&random_token())
            .map_err(|_| argon2::Error::AlgorithmInvalid)?;
        Ok(passwords)
    }

    pub fn hash(&self, password: &str) -> Result<String, argon2::password_hash::Error> {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Ok(self
            .argon
            .hash_password(password.as_bytes(), &salt)?
            .to_string())
    }

    /// Whether `password` matches `hash` (the dummy hash when `hash` is None: always false).
    pub fn verify(&self, password: &str, hash: Option<&str>) -> bool {
        let stored = hash.unwrap_or(&self.dummy);
        let ok = PasswordHash::new(stored)
            .map(|h| self.argon.verify_password(password.as_bytes(), &h).is_ok())
            .unwrap_or(false);
        ok && hash.is_some()
    }
}

/// 32 random bytes, base64url.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A random id below 2^53, so JavaScript reads it exactly.
pub fn random_id() -> i64 {
    (rand::rngs::OsRng.next_u64() >> 11).max(1) as i64
}

/// Whether `name` may be an account's: 2-24 characters of letters, digits, `_`, `-`, `.`,
/// starting with a letter or a digit. The reason in words if not.
pub fn check_name(name: &str) -> Result<(), String> {
    let n = name.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&n) {
        return Err(format!("A name has {NAME_MIN} to {NAME_MAX} characters."));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    {
        return Err("A name uses only letters a-z, digits, '_', '-' and '.'.".into());
    }
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err("A name starts with a letter or a digit.".into());
    }
    Ok(())
}

fn check_password(password: &str) -> Result<(), String> {
    let n = password.chars().count();
    if n < PASSWORD_MIN {
        return Err(format!(
            "A password has at least {PASSWORD_MIN} characters."
        ));
    }
    if n > PASSWORD_MAX {
        return Err(format!("A password has at most {PASSWORD_MAX} characters."));
    }
    Ok(())
}

fn check_email(email: &str) -> Result<(), String> {
    let ok = email.len() <= EMAIL_MAX
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && matches!(email.split_once('@'), Some((a, b)) if !a.is_empty() && b.contains('.') && !b.contains('@'));
    if ok {
        Ok(())
    } else {
        Err("That is not an e-mail address.".into())
    }
}

/// An account as the API shows it (`email` only to its owner).
pub fn user_json(user: &UserRow, with_email: bool) -> Value {
    let mut v = json!({
        "id": user.id,
        "name": user.name,
        "rating": crate::board::shown_rating(user.rating),
        "wins": user.wins,
        "losses": user.losses,
        "draws": user.draws,
        "discDiff": user.disc_diff,
    });
    if with_email {
        v["email"] = json!(user.email);
    }
    v
}

fn cookie(app: &Shared, value: &str, max_age_secs: i64) -> HeaderValue {
    let secure = if app.secure_cookies { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE_NAME}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_secs}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// A new session for `user`: the response with its cookie.
async fn open_session(
    app: &Shared,
    user: &UserRow,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let token = random_token();
    app.store
        .insert_session(&token_hash(&token), user.id, now_ms() + SESSION_MS)
        .await?;
    let mut response = (status, Json(json!({ "user": user_json(user, true) }))).into_response();
    response
        .headers_mut()
        .insert(SET_COOKIE, cookie(app, &token, SESSION_MS / 1000));
    Ok(response)
}

/// 429 if `key` has had `limit` attempts within `window_ms`.
async fn limit(app: &Shared, key: &str, limit: u32, window_ms: i64) -> Result<(), ApiError> {
    if limit == 0 {
        return Ok(());
    }
    let now = now_ms();
    let since = now - window_ms;
    if app.store.count_attempts(key, since).await? < i64::from(limit) {
        return Ok(());
    }
    let oldest = app.store.oldest_attempt(key, since).await?.unwrap_or(now);
    let wait = ((oldest + window_ms - now).max(1000) + 999) / 1000;
    let mut e = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too-many-attempts",
        format!("Too many attempts; try again in {wait} seconds."),
    );
    e.retry_after = Some(wait as u64);
    Err(e)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    name: String,
    password: String,
    #[serde(default)]
    email: Option<String>,
}

/// `POST /api/accounts`
pub async fn register(
    State(app): State<Shared>,
    ClientAddr(addr): ClientAddr,
    Body(req): Body<Register>,
) -> Result<Response, ApiError> {
    check_name(&req.name).map_err(|m| ApiError::bad_request("bad-name", m))?;
    check_password(&req.password).map_err(|m| ApiError::bad_request("bad-password", m))?;
    let email = match req.email.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(e) => {
            check_email(e).map_err(|m| ApiError::bad_request("bad-email", m))?;
            Some(e.to_string())
        }
    };
    let key = format!("reg:{addr}");
    limit(&app, &key, app.config.register_limit, 3_600_000).await?;
    if app.store.name_taken(&req.name).await? {
        return Err(name_taken());
    }
    if app.config.register_limit > 0 {
        app.store.add_attempts(&[&key]).await?;
    }
    let hash = hash_blocking(&app, req.password).await?;
    let id = random_id();
    if !app
        .store
        .insert_user(id, &req.name, email.as_deref(), &hash)
        .await?
    {
        return Err(name_taken());
    }
    let user = app
        .store
        .user_by_name(&req.name)
        .await?
        .ok_or_else(ApiError::internal)?;
    tracing::info!(user = user.id, "registered");
    open_session(&app, &user, StatusCode::CREATED).await
}

fn name_taken() -> ApiError {
    ApiError::conflict("name-taken", "That name is taken; choose another.")
}

async fn hash_blocking(app: &Shared, password: String) -> Result<String, ApiError> {
    let app = app.clone();
    tokio::task::spawn_blocking(move || app.passwords.hash(&password))
        .await
        .map_err(|_| ApiError::internal())?
        .map_err(|_| ApiError::internal())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Login {
    name: String,
    password: String,
}

/// `POST /api/session`
pub async fn login(
    State(app): State<Shared>,
    ClientAddr(addr): ClientAddr,
    Body(req): Body<Login>,
) -> Result<Response, ApiError> {
    // Longer names are no account's: the key need not keep more.
    let name_key = format!(
        "name:{}",
        req.name
            .to_lowercase()
            .chars()
            .take(NAME_MAX + 1)
            .collect::<String>()
    );
    let addr_key = format!("addr:{addr}");
    limit(&app, &name_key, app.config.login_limit_name, 60_000).await?;
    limit(&app, &addr_key, app.config.login_limit_address, 60_000).await?;
    let plausible = check_name(&req.name).is_ok() && req.password.chars().count() <= PASSWORD_MAX;
    let user = if plausible {
        app.store.user_by_name(&req.name).await?
    } else {
        None
    };
    let ok = {
        let app = app.clone();
        let password = req.password.chars().take(PASSWORD_MAX).collect::<String>();
        let hash = user.as_ref().map(|u| u.password_hash.clone());
        tokio::task::spawn_blocking(move || app.passwords.verify(&password, hash.as_deref()))
            .await
            .map_err(|_| ApiError::internal())?
    };
    match user {
        Some(user) if ok => {
            app.store.clear_attempts(&name_key).await?;
            open_session(&app, &user, StatusCode::OK).await
        }
        _ => {
            app.store.add_attempts(&[&name_key, &addr_key]).await?;
            Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "wrong-credentials",
                "Wrong name or password.",
            ))
        }
    }
}

/// `DELETE /api/session`: ends the session (if any) and clears the cookie.
pub async fn logout(State(app): State<Shared>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        app.store.delete_session(&token_hash(&token)).await?;
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    response
        .headers_mut()
        .insert(SET_COOKIE, cookie(&app, "", 0));
    Ok(response)
}

/// `GET /api/me`
pub async fn me(viewer: Viewer) -> Result<Json<Value>, ApiError> {
    let user = viewer.require()?;
    Ok(Json(json!({ "user": user_json(&user, true) })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(check_name("ann").is_ok());
        assert!(check_name("Ann_Lee-2.x").is_ok());
        assert!(check_name("a").is_err());
        assert!(check_name(&"a".repeat(25)).is_err());
        assert!(check_name("<script>").is_err());
        assert!(check_name("_ann").is_err());
        assert!(check_name("an n").is_err());
        assert!(check_name("änn").is_err());
    }

    #[test]
    fn emails() {
        assert!(check_email("a@b.c").is_ok());
        assert!(check_email("a b@c.d").is_err());
        assert!(check_email("ab.c").is_err());
        assert!(check_email("@b.c").is_err());
    }

    #[test]
    fn passwords_verify_and_a_missing_account_never_does() {
        let p = Passwords::new(1024).unwrap();
        let h = p.hash("correct horse").unwrap();
        assert!(p.verify("correct horse", Some(&h)));
        assert!(!p.verify("wrong horse", Some(&h)));
        assert!(!p.verify("correct horse", None));
    }
}
