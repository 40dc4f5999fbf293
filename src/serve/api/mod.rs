//! The routes of the explorer: the page and its assets, and the JSON and SVG API
//! (module docs of [`super`]). This file holds the router, the checks and headers
//! of every request, the errors and the functions the routes share; the routes live in
//! `browse.rs` (boards, pairings, paths, selections), `verify.rs` (pasted pairings),
//! `graph.rs` (the pairing graph) and `games.rs` (games and placements).

mod browse;
mod games;
mod graph;
mod verify;

use super::{
    App, GAME_MEMORY_MIB, Loaded, MAX_BODY, MAX_DRAWN, MAX_GAME_NODES, MAX_PASTED_PAIRINGS,
    MAX_PER_PAGE, MAX_PLACEMENT_WINDOW, MAX_RADIUS,
};
use crate::check::exit_code;
use crate::check::pairing::{Geometry, VerifyError};
use crate::pairing::graph::query::{Filter, SymmetryFilter, parse_range};
use crate::placement::verify::{
    GameChoice, PlacementError, PlacementInput, PlacementsDoc, board_game,
};
use crate::report::draw::{View, svg_flagged, svg_marked, svg_with_notes};
use crate::report::plot::graph_drawing;
use crate::report::query::{AskError, SelectHead, SelectRow, Target};
use crate::verify::{VerifyDoc, check_text};
use axum::Router;
use axum::extract::rejection::{PathRejection, QueryRejection, StringRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use browse::*;
use games::*;
use graph::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::Arc;
use verify::*;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// What the page may load: only this server's own assets (no CDN, no inline script).
const CSP: &str = "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; \
                   object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

type Shared = Arc<App>;
type Params = HashMap<String, String>;

/// The router of the explorer.
pub(crate) fn router(app: Shared) -> Router {
    let page = || get(index);
    Router::new()
        .route("/", page())
        .route("/pairing/{id}", page())
        .route("/path", page())
        .route("/select", page())
        .route("/verify", page())
        .route("/graph", page())
        .route("/component/{c}", page())
        .route("/neighbourhood/{id}", page())
        .route("/boards", page())
        .route("/game", page())
        .route("/strategy", page())
        .route("/placement", page())
        .route("/assets/app.js", get(app_js))
        .route("/assets/style.css", get(style_css))
        .route("/api/boards", get(boards))
        .route("/api/pairing/{id}", get(pairing))
        .route("/api/pairing/{id}/svg", get(pairing_svg))
        .route("/api/pairing/{id}/move/{to}/svg", get(move_svg))
        .route("/api/path", get(path))
        .route("/api/path/svg", get(path_svg))
        .route("/api/select", get(select))
        .route("/api/verify", post(verify))
        .route("/api/verify/svg", post(verify_svg))
        .route("/api/graph", get(graph))
        .route("/api/component/{c}", get(component))
        .route("/api/component/{c}/svg", get(component_svg))
        .route("/api/neighbourhood/{id}", get(neighbourhood))
        .route("/api/neighbourhood/{id}/svg", get(neighbourhood_svg))
        .route("/api/games", get(games))
        .route("/api/game", post(game))
        .route("/api/strategy", post(strategy))
        .route("/api/strategy/solve", post(strategy_solve))
        .route("/api/placements", get(placements))
        .route("/api/placement", post(placement))
        .route("/api/placement/svg", post(placement_svg))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            check_host,
        ))
        .layer(axum::middleware::map_response(headers))
        .with_state(app)
}

/// Whether a `Host` header names this machine: a loopback address or `localhost`,
/// with or without a port.
fn loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        // [v6]:port
        rest.split(']').next().unwrap_or_default()
    } else {
        host.rsplit_once(':').map_or(host, |(h, _)| h)
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// On a loopback address, refuses a request that names another host (module docs:
/// DNS rebinding); a request without a `Host` header passes.
async fn check_host(
    State(app): State<Shared>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if app.loopback
        && let Some(host) = req.headers().get(header::HOST)
        && !host.to_str().is_ok_and(loopback_host)
    {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "found the host {:?}, expected a loopback address or localhost: the explorer \
                 listens on loopback and answers this machine only",
                String::from_utf8_lossy(host.as_bytes())
            ),
        )
        .into_response();
    }
    next.run(req).await
}

/// Headers on every response: the content security policy and no MIME sniffing.
async fn headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

/// A failed request: its status and the message of the JSON body `{"error": …}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
    /// Where in a pasted text the error is, when it is a malformed line.
    at: Option<(usize, usize)>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            at: None,
        }
    }
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
    fn missing(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match self.at {
            Some((line, column)) => {
                serde_json::json!({ "error": self.message, "line": line, "column": column })
            }
            None => serde_json::json!({ "error": self.message }),
        };
        (self.status, axum::Json(body)).into_response()
    }
}

impl From<AskError> for ApiError {
    fn from(e: AskError) -> ApiError {
        let status = match &e {
            AskError::Id { .. } => StatusCode::NOT_FOUND,
            AskError::NotGood { .. } | AskError::Input(_) | AskError::Board(_) => {
                StatusCode::BAD_REQUEST
            }
            AskError::Query(_) | AskError::Index(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, crate::core::io::error_chain(&e))
    }
}

impl From<VerifyError> for ApiError {
    fn from(e: VerifyError) -> ApiError {
        match e {
            VerifyError::Malformed {
                file,
                line,
                column,
                message,
            } => ApiError {
                status: StatusCode::BAD_REQUEST,
                message: format!("{file}:{line}:{column}: {message}"),
                at: Some((line, column)),
            },
            other => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                crate::core::io::error_chain(&other),
            ),
        }
    }
}

/// The query string of a request (`?board=…&…`); a malformed one is an [`ApiError`],
/// as every other failure of a route.
struct Args(Params);

/// The segments a route names in its path (`{id}`, or a tuple of them), likewise.
struct Segments<T>(T);

/// The body of a request, as text of at most [`MAX_BODY`] bytes, likewise.
struct Body(String);

impl<S: Send + Sync> FromRequestParts<S> for Args {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Query(q) = Query::from_request_parts(parts, state).await?;
        Ok(Args(q))
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Segments<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Path(t) = Path::from_request_parts(parts, state).await?;
        Ok(Segments(t))
    }
}

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Ok(Body(String::from_request(req, state).await?))
    }
}

impl From<PathRejection> for ApiError {
    fn from(e: PathRejection) -> ApiError {
        ApiError::new(e.status(), e.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(e: QueryRejection) -> ApiError {
        ApiError::new(e.status(), e.body_text())
    }
}

impl From<StringRejection> for ApiError {
    fn from(e: StringRejection) -> ApiError {
        let status = e.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::new(
                status,
                format!("the request body is larger than the limit of {MAX_BODY} bytes"),
            );
        }
        ApiError::new(status, e.body_text())
    }
}

/// Runs `f` on the blocking pool; a panic in it is a 500, not the end of the server.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request failed: {e}"),
        )
    })?
}

/// Runs `answer` on the blocking pool with the board the request names (`?board=`,
/// default the served one) loaded: the frame of every route that answers from a board.
/// `answer` gets the server, the board and the parameters back.
async fn on_board(
    app: Shared,
    q: Params,
    answer: impl FnOnce(Shared, Arc<Loaded>, Params) -> Result<Response, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    blocking(move || {
        let b = board_of(&app, &q)?;
        answer(app, b, q)
    })
    .await
}

/// The board a request names (`?board=`, default the served one), loaded.
fn board_of(app: &App, q: &Params) -> Result<Arc<Loaded>, ApiError> {
    let name = q.get("board").map_or(app.default.as_str(), String::as_str);
    let slot = app.boards.get(name).ok_or_else(|| {
        ApiError::missing(format!(
            "found board {name:?}, expected one of {}",
            app.boards.keys().cloned().collect::<Vec<_>>().join(", ")
        ))
    })?;
    slot.get(&app.command).map_err(ApiError::bad)
}

/// A catalogue ID from the text of a request.
fn id_of(text: &str, what: &str, classes: usize) -> Result<usize, ApiError> {
    let id: usize = text.trim().parse().map_err(|_| {
        ApiError::bad(format!(
            "{what}: found {text:?}, expected a catalogue ID (a whole number from 1 to {classes})"
        ))
    })?;
    if id == 0 || id > classes {
        return Err(AskError::Id { id, classes }.into());
    }
    Ok(id)
}

/// A whole number parameter, `default` when absent.
fn number(q: &Params, key: &str, default: usize) -> Result<usize, ApiError> {
    match q.get(key) {
        None => Ok(default),
        Some(t) if t.trim().is_empty() => Ok(default),
        Some(t) => t
            .trim()
            .parse()
            .map_err(|_| ApiError::bad(format!("{key}: found {t:?}, expected a whole number"))),
    }
}

fn json(doc: &impl Serialize) -> Response {
    axum::Json(doc).into_response()
}

/// An SVG picture; `?download=1` asks the browser to save it as `name`.
fn svg_response(svg: String, q: &Params, name: &str) -> Response {
    let mut r = (
        [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
        svg,
    )
        .into_response();
    if q.get("download").is_some_and(|v| v == "1")
        && let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
    {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

fn draw_error(e: crate::report::draw::DrawError) -> ApiError {
    ApiError::bad(e.to_string())
}

async fn index() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
        .into_response()
}

async fn app_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
        .into_response()
}

async fn style_css() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
        .into_response()
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::missing(format!(
        "no page or API endpoint at {:?} (the explorer serves its own page and /api/ only)",
        uri.path()
    ))
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed here (the API reads with GET; /api/verify, /api/game, \
         /api/strategy, /api/strategy/solve and /api/placement take a POST)",
    )
}
