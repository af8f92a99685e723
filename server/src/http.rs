//! The routes, the limits every request meets, and the JSON body extractor whose refusals
//! are the API's own errors.

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde_json::json;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::error::ApiError;
use crate::{auth, board, games, live, lobby, Shared};

/// Largest request body, in bytes (the largest real one, a registration, is a few hundred).
pub const MAX_BODY: usize = 16 * 1024;

pub fn router(app: Shared) -> Router {
    let api = Router::new()
        .route("/accounts", post(auth::register))
        .route("/session", post(auth::login).delete(auth::logout))
        .route("/me", get(auth::me))
        .route("/lobby", get(lobby::get))
        .route("/lobby/ws", get(lobby::upgrade))
        .route("/games", post(games::create))
        .route("/games/{id}", get(games::get))
        .route("/games/{id}/join", post(games::join))
        .route("/games/{id}/cancel", post(games::cancel))
        .route("/games/{id}/log", get(games::log))
        .route("/games/{id}/ws", get(live::upgrade))
        .route("/leaderboard", get(board::leaderboard))
        .route("/players/{name}", get(board::player))
        .route("/health", get(health))
        .route("/{*rest}", any(no_route))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(app.clone(), same_origin))
        .layer(SetResponseHeaderLayer::overriding(
            axum::http::header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ));
    // Cross-origin isolation: the computer's search shares memory between threads, which a
    // browser allows only on an isolated page. Every file of the site is same-origin and may
    // be embedded elsewhere (the viewer runs in a host platform's frame).
    let site = Router::new()
        .fallback_service(ServeDir::new(&app.config.site).append_index_html_on_directories(true))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("cross-origin-embedder-policy"),
            HeaderValue::from_static("require-corp"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("cross-origin-resource-policy"),
            HeaderValue::from_static("cross-origin"),
        ));
    Router::new()
        .nest("/api", api)
        .fallback_service(site)
        .layer(SetResponseHeaderLayer::overriding(
            axum::http::header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .with_state(app)
}

async fn health(State(app): State<Shared>) -> Json<serde_json::Value> {
    Json(json!({
        "ok": true,
        "watchedGames": app.hub.watched_games(),
        "database": app.store.kind(),
        "instance": app.instance,
    }))
}

async fn no_route() -> ApiError {
    ApiError::not_found("route")
}

/// Whether the request comes from a page of this server (or of an allowed origin). A request
/// without `Origin` is not from a browser's cross-site page (browsers send it on every
/// WebSocket and on every cross-origin request), so it passes.
pub fn check_origin(app: &Shared, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(ORIGIN).and_then(|o| o.to_str().ok()) else {
        return Ok(());
    };
    let host = headers
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .unwrap_or("");
    let same = !host.is_empty() && authority.eq_ignore_ascii_case(host);
    if same
        || app
            .config
            .allowed_origins
            .iter()
            .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "bad-origin",
            "Requests come only from this site's own pages.",
        ))
    }
}

/// Every request that changes something must come from this site's pages.
async fn same_origin(State(app): State<Shared>, request: Request, next: Next) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        if let Err(e) = check_origin(&app, request.headers()) {
            return e.into_response();
        }
    }
    next.run(request).await
}

/// A JSON body read with the API's own errors: 415 without a JSON content type, 413 over
/// [`MAX_BODY`], 400 for what is not JSON, 422 for JSON that does not fit the schema.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(rejection) => Err(match rejection {
                JsonRejection::MissingJsonContentType(_) => ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "bad-content-type",
                    "Send JSON, with Content-Type: application/json.",
                ),
                JsonRejection::JsonSyntaxError(e) => ApiError::bad_request(
                    "bad-json",
                    format!("That is not JSON: {}", e.body_text()),
                ),
                JsonRejection::JsonDataError(e) => ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "bad-request",
                    e.body_text(),
                ),
                JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                    ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "too-large",
                        format!("A request body has at most {MAX_BODY} bytes."),
                    )
                }
                other => ApiError::bad_request("bad-request", other.body_text()),
            }),
        }
    }
}
