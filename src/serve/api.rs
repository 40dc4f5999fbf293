//! The routes of the explorer: the page and its assets, and the JSON and SVG API
//! (module docs of [`super`]).

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
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::Arc;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

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
        "method not allowed here (the API reads with GET; /api/verify, /api/game and \
         /api/placement take a POST)",
    )
}

/// `GET /api/boards`.
#[derive(Serialize)]
struct BoardsDoc {
    default: String,
    boards: Vec<BoardEntry>,
}

#[derive(Serialize)]
struct BoardEntry {
    name: String,
    /// Why the explorer cannot show it (no catalogue or graph), or null.
    unavailable: Option<String>,
    /// Classes, when loaded.
    classes: Option<usize>,
}

async fn boards(State(app): State<Shared>) -> Response {
    let boards = app
        .boards
        .iter()
        .map(|(name, slot)| BoardEntry {
            name: name.clone(),
            unavailable: slot.unavailable.clone(),
            classes: slot
                .loaded
                .get()
                .and_then(|r| r.as_ref().ok())
                .map(|l| l.answers.classes()),
        })
        .collect();
    json(&BoardsDoc {
        default: app.default.clone(),
        boards,
    })
}

/// `GET /api/pairing/ID`: `amoba query ID --json`.
async fn pairing(
    State(app): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (Path(id), Query(q)) = (id?, q?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        let id = id_of(&id, "ID", b.answers.classes())?;
        Ok(json(&b.answers.query(&Target::Id(id))?))
    })
    .await
}

/// `GET /api/pairing/ID/svg`: the drawing of the canonical form, its stabiliser noted.
async fn pairing_svg(
    State(app): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (Path(id), Query(q)) = (id?, q?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        let a = &b.answers;
        let id = id_of(&id, "ID", a.classes())?;
        let codes = a.data.catalogue.codes_of(id);
        let caption = format!(
            "{} pairing ID {id} · stabiliser order {}",
            a.board.name(),
            a.data.catalogue.stabiliser(id)
        );
        let svg = svg_with_notes(&a.geom, codes, View::Torus, &caption, &[]).map_err(draw_error)?;
        Ok(svg_response(
            svg,
            &q,
            &format!("{}-pairing-{id}.svg", a.board.tag()),
        ))
    })
    .await
}

/// The cells a move's slides cover afterwards (the dominoes it slid), as `amoba path
/// --svg` marks them.
fn slid_cells(slides: &[crate::pairing::graph::moves::Slide]) -> Vec<usize> {
    slides.iter().flat_map(|s| [s.pivot, s.to]).collect()
}

/// `GET /api/pairing/ID/move/TO/svg`: the pairing after the move from the canonical
/// form of ID to class TO, the slid dominoes highlighted.
async fn move_svg(
    State(app): State<Shared>,
    ids: Result<Path<(String, String)>, PathRejection>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (Path((id, to)), Query(q)) = (ids?, q?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        let a = &b.answers;
        let id = id_of(&id, "ID", a.classes())?;
        let to = id_of(&to, "neighbour", a.classes())?;
        let codes = a.data.catalogue.codes_of(id);
        let moves = crate::pairing::graph::query::moves_from(&a.board, &a.data.catalogue, codes)
            .map_err(AskError::from)?;
        let n = moves
            .neighbours
            .iter()
            .find(|n| n.id == to)
            .ok_or_else(|| {
                ApiError::missing(format!(
                    "ID {to} is not a neighbour of ID {id} in the pairing graph"
                ))
            })?;
        let caption = format!(
            "ID {id} → ID {to} · move at {} · {} slides",
            a.board.cell_name(n.cells[0]),
            n.slides.len()
        );
        let svg = svg_marked(
            &a.geom,
            &n.codes,
            View::Torus,
            &caption,
            &[],
            &slid_cells(&n.slides),
        )
        .map_err(draw_error)?;
        Ok(svg_response(
            svg,
            &q,
            &format!("{}-move-{id}-to-{to}.svg", a.board.tag()),
        ))
    })
    .await
}

/// The two ends of a path request.
fn ends(b: &Loaded, q: &Params) -> Result<(usize, usize), ApiError> {
    let classes = b.answers.classes();
    let get = |k: &str| {
        q.get(k)
            .ok_or_else(|| ApiError::bad(format!("expected the parameter {k} (a catalogue ID)")))
    };
    Ok((
        id_of(get("from")?, "from", classes)?,
        id_of(get("to")?, "to", classes)?,
    ))
}

/// `GET /api/path?from=A&to=B`: `amoba path A B --json`.
async fn path(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q?;
    blocking(move || {
        let b = board_of(&app, &q)?;
        let (from, to) = ends(&b, &q)?;
        let (doc, _) = b.answers.path(&Target::Id(from), &Target::Id(to))?;
        Ok(json(&doc))
    })
    .await
}

/// `GET /api/path/svg?from=A&to=B&step=K`: step K of the path (0 = the start), the
/// dominoes its move slid highlighted.
async fn path_svg(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q?;
    blocking(move || {
        let b = board_of(&app, &q)?;
        let a = &b.answers;
        let (from, to) = ends(&b, &q)?;
        let step = number(&q, "step", 0)?;
        let (doc, steps) = a.path(&Target::Id(from), &Target::Id(to))?;
        if !doc.connected {
            return Err(ApiError::bad(format!(
                "ID {from} (component {}) and ID {to} (component {}) lie in different \
                 components: no path joins them",
                doc.from.component, doc.to.component
            )));
        }
        let total = steps.len();
        let (codes, marked, caption) = if step == 0 {
            (
                a.data.catalogue.codes_of(from).to_vec(),
                Vec::new(),
                format!("ID {from} · start of a path of {total} moves to ID {to}"),
            )
        } else {
            let s = steps.get(step - 1).ok_or_else(|| {
                ApiError::missing(format!(
                    "step: found {step}, expected 0 to {total} (the path has {total} moves)"
                ))
            })?;
            (
                s.codes.clone(),
                slid_cells(&s.slides),
                format!(
                    "step {step} of {total} · move at {} · {} slides · ID {}",
                    a.board.cell_name(s.cell),
                    s.slides.len(),
                    s.id
                ),
            )
        };
        let svg =
            svg_marked(&a.geom, &codes, View::Torus, &caption, &[], &marked).map_err(draw_error)?;
        Ok(svg_response(
            svg,
            &q,
            &format!("{}-path-{from}-{to}-step-{step:03}.svg", a.board.tag()),
        ))
    })
    .await
}

/// `GET /api/select?…`: one page of `amoba select --format json`.
#[derive(Serialize)]
struct SelectPage {
    /// The first line of `amoba select --format json`.
    head: SelectHead,
    /// Classes selected in all.
    total: usize,
    /// This page (1-based) and its size.
    page: usize,
    per_page: usize,
    /// The rows of this page, ascending ID.
    rows: Vec<SelectRow>,
}

async fn select(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q?;
    blocking(move || {
        let b = board_of(&app, &q)?;
        let a = &b.answers;
        let range = |k: &str| match q.get(k).map(|s| s.trim()) {
            None | Some("") => Ok(None),
            Some(s) => parse_range(s)
                .map(Some)
                .map_err(|e| ApiError::bad(format!("{k}: {e}"))),
        };
        let symmetry = match q.get("symmetry").map(|s| s.trim()) {
            None | Some("") => None,
            Some(s) => Some(
                SymmetryFilter::parse(&a.board, s)
                    .map_err(|e| ApiError::bad(format!("symmetry: {e}")))?,
            ),
        };
        let filter = Filter {
            ids: range("ids")?,
            stabiliser: range("stabiliser")?,
            component: range("component")?,
            degree: range("degree")?,
            symmetry,
        };
        let page = number(&q, "page", 1)?.max(1);
        let per_page = number(&q, "per_page", 50)?;
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return Err(ApiError::bad(format!(
                "per_page: found {per_page}, expected 1 to {MAX_PER_PAGE}"
            )));
        }
        let ids = a.select(&filter);
        let rows = ids
            .iter()
            .skip((page - 1).saturating_mul(per_page))
            .take(per_page)
            .map(|&id| a.select_row(id))
            .collect();
        Ok(json(&SelectPage {
            head: a.select_head(),
            total: ids.len(),
            page,
            per_page,
            rows,
        }))
    })
    .await
}

/// The verifier's document of a pasted text, and the text's first pairing that is
/// not refused outright (for drawing). 400 when the text holds no well-formed pairing.
fn verify_text(b: &Loaded, app: &App, text: &str) -> Result<VerifyDoc, ApiError> {
    // A request that panicked while holding the lock leaves the state usable: its
    // catalogue is either loaded whole or not at all.
    let mut classes = b
        .classes
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let file = check_text(&mut classes, "pasted", text, MAX_PASTED_PAIRINGS)?;
    if file.reports.is_empty() {
        // A malformed pairing and nothing else: the first error is the answer.
        let e = file.errors.first();
        return Err(ApiError {
            status: StatusCode::BAD_REQUEST,
            message: match e {
                Some(e) => format!(
                    "pasted:{}:{}: {}",
                    e.line.unwrap_or(1),
                    e.column.unwrap_or(1),
                    e.message
                ),
                None => "found no pairing, expected at least one".into(),
            },
            at: e.map(|e| (e.line.unwrap_or(1), e.column.unwrap_or(1))),
        });
    }
    let total = file.reports.len();
    let good = file.reports.iter().filter(|r| r.good).count();
    let bad_lines = file.errors.len() + file.errors_not_listed;
    let malformed = usize::from(bad_lines > 0);
    let a = &b.answers;
    Ok(VerifyDoc {
        provenance: crate::core::provenance::Provenance::new(
            a.board.name(),
            &app.command,
            classes
                .catalogue()
                .map(crate::report::results::catalogue_sha256),
        )
        .stamped(&crate::core::provenance::VERIFY),
        catalogue: classes.describe(),
        inputs: vec![file],
        pairings: total,
        good_pairings: good,
        not_good_pairings: total - good,
        malformed_files: malformed,
        malformed_lines: bad_lines,
        exit_code: exit_code(malformed, good, total),
    })
}

/// `POST /api/verify` (body: the text): `amoba verify --json` of the text.
async fn verify(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    let (Query(q), text) = (q?, body?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        Ok(json(&verify_text(&b, &app, &text)?))
    })
    .await
}

/// The cells of board line `l` (the verifier's numbering).
fn line_cells(geom: &Geometry, l: usize) -> Vec<usize> {
    let f = geom.line_family(l);
    (0..geom.ncells())
        .filter(|&c| geom.line_through(f, c).0 == l)
        .collect()
}

/// `POST /api/verify/svg?pick=K` (body: the text): pairing K of the text (default 1),
/// the cells of every line it gets wrong ringed in red.
async fn verify_svg(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    let (Query(q), text) = (q?, body?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        let a = &b.answers;
        let pick = number(&q, "pick", 1)?;
        let doc = verify_text(&b, &app, &text)?;
        let reports = &doc.inputs[0].reports;
        let r = pick
            .checked_sub(1)
            .and_then(|i| reports.get(i))
            .ok_or_else(|| {
                ApiError::missing(format!(
                    "pick: found {pick}, expected 1 to {} (the well-formed pairings of the text)",
                    reports.len()
                ))
            })?;
        let codes = crate::core::board::pairing::Pairing::parse_line(&a.board, &r.pairing)
            .map_err(|e| ApiError::bad(e.to_string()))?
            .codes()
            .to_vec();
        let an = &r.analysis;
        let wrong: BTreeSet<usize> = an
            .lines_without_domino
            .iter()
            .chain(&an.lines_with_several)
            .chain(&an.lines_misplaced)
            .map(|l| l.index)
            .collect();
        let flagged: Vec<usize> = wrong.iter().flat_map(|&l| line_cells(&a.geom, l)).collect();
        let verdict = if r.good {
            "good".to_string()
        } else {
            format!("not good: {} lines wrong (ringed)", wrong.len())
        };
        let caption = format!("pasted pairing {pick} (line {}) · {verdict}", r.line);
        let svg = svg_flagged(&a.geom, &codes, View::Torus, &caption, &[], &[], &flagged)
            .map_err(draw_error)?;
        Ok(svg_response(svg, &q, &format!("pasted-{pick}.svg")))
    })
    .await
}

/// `GET /api/graph`: the components of the pairing graph.
#[derive(Serialize)]
struct GraphDoc {
    board: String,
    vertices: usize,
    edges: usize,
    /// Every component, largest first: its number and size.
    components: Vec<ComponentEntry>,
}

#[derive(Serialize)]
struct ComponentEntry {
    component: usize,
    size: usize,
}

async fn graph(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q?;
    blocking(move || {
        let b = board_of(&app, &q)?;
        let g = &b.answers.data.graph;
        Ok(json(&GraphDoc {
            board: b.answers.board.name().to_string(),
            vertices: g.vertex_count(),
            edges: g.edge_count(),
            components: g
                .component_sizes()
                .iter()
                .enumerate()
                .map(|(i, &size)| ComponentEntry {
                    component: i + 1,
                    size,
                })
                .collect(),
        }))
    })
    .await
}

/// A drawn piece of the graph: a component or a neighbourhood.
#[derive(Serialize)]
struct SubgraphDoc {
    board: String,
    /// What it is, e.g. `component 3` or `neighbourhood of ID 5, radius 2`.
    title: String,
    /// Its vertices, ascending ID, with their distance from the centre of a
    /// neighbourhood (null for a component).
    vertices: Vec<VertexEntry>,
    /// Its edges, as ID pairs `[a, b]` with `a < b`, ascending.
    edges: Vec<[usize; 2]>,
}

#[derive(Serialize)]
struct VertexEntry {
    id: usize,
    distance: Option<usize>,
}

impl SubgraphDoc {
    fn svg(&self, centre: Option<usize>) -> String {
        let index: HashMap<usize, usize> = self
            .vertices
            .iter()
            .enumerate()
            .map(|(i, v)| (v.id, i))
            .collect();
        let labels: Vec<String> = self
            .vertices
            .iter()
            .map(|v| {
                if Some(v.id) == centre {
                    format!("[{}]", v.id)
                } else {
                    v.id.to_string()
                }
            })
            .collect();
        let edges: Vec<(usize, usize)> = self
            .edges
            .iter()
            .map(|e| (index[&e[0]], index[&e[1]]))
            .collect();
        graph_drawing(&labels, &edges, &self.title)
    }
}

/// The edges of the pairing graph among `ids` (ascending).
fn edges_among(g: &crate::pairing::graph::PairingGraph, ids: &BTreeSet<usize>) -> Vec<[usize; 2]> {
    ids.iter()
        .flat_map(|&u| {
            g.neighbors(u)
                .filter(move |&v| v > u && ids.contains(&v))
                .map(move |v| [u, v])
        })
        .collect()
}

fn component_doc(b: &Loaded, c: &str) -> Result<SubgraphDoc, ApiError> {
    let g = &b.answers.data.graph;
    let count = g.component_count();
    let c: usize = c
        .trim()
        .parse()
        .ok()
        .filter(|c| (1..=count).contains(c))
        .ok_or_else(|| {
            ApiError::missing(format!(
                "found component {c:?}, expected a component number from 1 to {count}"
            ))
        })?;
    let size = g.component_size(c);
    if size > MAX_DRAWN {
        return Err(ApiError::bad(format!(
            "component {c} has {size} vertices, more than the {MAX_DRAWN} drawn whole: ask \
             the neighbourhood of one of its vertices (/neighbourhood/ID?radius=R)"
        )));
    }
    let ids: BTreeSet<usize> = g.component_members(c).into_iter().collect();
    let edges = edges_among(g, &ids);
    Ok(SubgraphDoc {
        board: b.answers.board.name().to_string(),
        title: format!(
            "Component {c} of the pairing graph: {size} vertices, {} edges",
            edges.len()
        ),
        vertices: ids
            .iter()
            .map(|&id| VertexEntry { id, distance: None })
            .collect(),
        edges,
    })
}

/// `GET /api/component/C`: a component of at most [`MAX_DRAWN`] vertices.
async fn component(
    State(app): State<Shared>,
    c: Result<Path<String>, PathRejection>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (Path(c), Query(q)) = (c?, q?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        Ok(json(&component_doc(&b, &c)?))
    })
    .await
}

/// `GET /api/component/C/svg`: its drawing.
async fn component_svg(
    State(app): State<Shared>,
    c: Result<Path<String>, PathRejection>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (Path(c), Query(q)) = (c?, q?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        let doc = component_doc(&b, &c)?;
        let name = format!("{}-component-{}.svg", b.answers.board.tag(), c.trim());
        Ok(svg_response(doc.svg(None), &q, &name))
    })
    .await
}

fn neighbourhood_doc(b: &Loaded, id: &str, q: &Params) -> Result<(SubgraphDoc, usize), ApiError> {
    let g = &b.answers.data.graph;
    let id = id_of(id, "ID", b.answers.classes())?;
    let radius = number(q, "radius", 1)?;
    if radius > MAX_RADIUS {
        return Err(ApiError::bad(format!(
            "radius: found {radius}, expected 0 to {MAX_RADIUS}"
        )));
    }
    let mut dist: HashMap<usize, usize> = HashMap::from([(id, 0)]);
    let mut queue = VecDeque::from([id]);
    while let Some(u) = queue.pop_front() {
        let d = dist[&u];
        if d == radius {
            continue;
        }
        for v in g.neighbors(u) {
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(v) {
                e.insert(d + 1);
                if dist.len() > MAX_DRAWN {
                    return Err(ApiError::bad(format!(
                        "the neighbourhood of ID {id} of radius {radius} has more than \
                         {MAX_DRAWN} vertices, the most drawn: ask a smaller radius"
                    )));
                }
                queue.push_back(v);
            }
        }
    }
    let ids: BTreeSet<usize> = dist.keys().copied().collect();
    let edges = edges_among(g, &ids);
    let doc = SubgraphDoc {
        board: b.answers.board.name().to_string(),
        title: format!(
            "Neighbourhood of ID {id} (in brackets), radius {radius}: {} vertices, {} edges \
             (component {})",
            ids.len(),
            edges.len(),
            g.component(id)
        ),
        vertices: ids
            .iter()
            .map(|&v| VertexEntry {
                id: v,
                distance: Some(dist[&v]),
            })
            .collect(),
        edges,
    };
    Ok((doc, id))
}

/// `GET /api/neighbourhood/ID?radius=R`: the vertices within distance R of ID.
async fn neighbourhood(
    State(app): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (Path(id), Query(q)) = (id?, q?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        Ok(json(&neighbourhood_doc(&b, &id, &q)?.0))
    })
    .await
}

/// `GET /api/neighbourhood/ID/svg?radius=R`: its drawing, the centre in brackets.
async fn neighbourhood_svg(
    State(app): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (Path(id), Query(q)) = (id?, q?);
    blocking(move || {
        let b = board_of(&app, &q)?;
        let (doc, id) = neighbourhood_doc(&b, &id, &q)?;
        let name = format!(
            "{}-neighbourhood-{id}-r{}.svg",
            b.answers.board.tag(),
            number(&q, "radius", 1)?
        );
        Ok(svg_response(doc.svg(Some(id)), &q, &name))
    })
    .await
}

/// The sample games of `data/games/` the game page offers, compiled in.
const GAMES: [(&str, &str); 4] = [
    ("seven.game", include_str!("../../data/games/seven.game")),
    (
        "tictactoe.game",
        include_str!("../../data/games/tictactoe.game"),
    ),
    (
        "square4-k4.game",
        include_str!("../../data/games/square4-k4.game"),
    ),
    (
        "strip4-8.game",
        include_str!("../../data/games/strip4-8.game"),
    ),
];

#[derive(Serialize)]
struct GameEntry {
    file: &'static str,
    text: &'static str,
}

/// `GET /api/games`: the sample games, each with its file's text.
async fn games() -> Response {
    json(
        &GAMES
            .iter()
            .map(|&(file, text)| GameEntry { file, text })
            .collect::<Vec<_>>(),
    )
}

/// `POST /api/game?moves=1` (body: a game file): `amoba solve --json` of it, within
/// [`MAX_GAME_NODES`] nodes per search; `moves=1` also decides every first move.
async fn game(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    use crate::game::decide::{Request, SolveDoc, decide};
    use sha2::{Digest, Sha256};
    let (Query(q), text) = (q?, body?);
    blocking(move || {
        let game = crate::game::file::parse_bytes(text.as_bytes())
            .map_err(|e| ApiError::bad(format!("pasted game: {e}")))?;
        let _one = match app.solving.try_lock() {
            Ok(guard) => guard,
            Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "another game is being solved: ask again when it is done",
                ));
            }
        };
        let request = Request {
            memory: GAME_MEMORY_MIB << 20,
            node_limit: Some(MAX_GAME_NODES),
            moves: q.get("moves").is_some_and(|v| v == "1"),
            certificate: false,
        };
        let start = std::time::Instant::now();
        let answer = decide(&game, &request, None)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let name = if game.name.is_empty() {
            "pasted"
        } else {
            game.name.as_str()
        };
        let sha256 = crate::core::provenance::hex(&Sha256::digest(text.as_bytes()));
        Ok(json(&SolveDoc::new(
            name,
            &sha256,
            &game,
            &answer,
            &app.command,
            None,
            start.elapsed().as_secs_f64(),
        )))
    })
    .await
}

/// The sample placements of `data/placements/` the placement page offers, compiled in
/// (no file is read at run time, and no path from a request).
const PLACEMENTS: [(&str, &str); 6] = [
    (
        "pairing-1.txt",
        include_str!("../../data/placements/pairing-1.txt"),
    ),
    (
        "tight-3-7.txt",
        include_str!("../../data/placements/tight-3-7.txt"),
    ),
    (
        "covering-3-6-three.txt",
        include_str!("../../data/placements/covering-3-6-three.txt"),
    ),
    (
        "covering-4-6.txt",
        include_str!("../../data/placements/covering-4-6.txt"),
    ),
    (
        "covering-5-6.txt",
        include_str!("../../data/placements/covering-5-6.txt"),
    ),
    (
        "covering-6-5.txt",
        include_str!("../../data/placements/covering-6-5.txt"),
    ),
];

/// `GET /api/placements`: the sample placements, each with its file's text.
async fn placements() -> Response {
    json(
        &PLACEMENTS
            .iter()
            .map(|&(file, text)| GameEntry { file, text })
            .collect::<Vec<_>>(),
    )
}

impl From<PlacementError> for ApiError {
    fn from(e: PlacementError) -> ApiError {
        match e {
            PlacementError::Verify(e @ VerifyError::Malformed { .. }) => e.into(),
            other => ApiError::bad(crate::core::io::error_chain(&other)),
        }
    }
}

/// What a placement request says about the game, as `amoba verify --placements` takes
/// it: `?board=` names a board whose game is used even for a file that records its own
/// (as `--board`); without it, the game the file records, else square9's (the board of
/// a command given none); `?k=` and `?t=` as `--k` and `--t`. With the name the
/// provenance gives the game.
fn placement_choice(app: &App, q: &Params) -> Result<(String, GameChoice), ApiError> {
    let opt = |key: &str| -> Result<Option<usize>, ApiError> {
        match q.get(key).map(|t| t.trim()) {
            None | Some("") => Ok(None),
            Some(t) => t
                .parse()
                .map(Some)
                .map_err(|_| ApiError::bad(format!("{key}: found {t:?}, expected a whole number"))),
        }
    };
    let (k, t) = (opt("k")?, opt("t")?);
    let named = q.get("board").filter(|b| !b.trim().is_empty());
    let board = match named {
        Some(name) => app
            .boards
            .get(name.as_str())
            .map(|slot| slot.board.clone())
            .ok_or_else(|| {
                ApiError::missing(format!(
                    "found board {name:?}, expected one of {}",
                    app.boards.keys().cloned().collect::<Vec<_>>().join(", ")
                ))
            })?,
        None => crate::core::board::Board::square9(),
    };
    let options = board_game(&board, k, t)?;
    Ok((
        board.name().to_string(),
        GameChoice {
            options,
            explicit: named.is_some(),
            k,
            t,
        },
    ))
}

/// `POST /api/placement?board=&k=&t=` (body: a placement file): the document of `amoba
/// verify --placements --json` for the body as one input named `pasted`; a malformed
/// placement is a 400.
async fn placement(
    State(app): State<Shared>,
    q: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    let (Query(q), text) = (q?, body?);
    blocking(move || {
        let (board, choice) = placement_choice(&app, &q)?;
        let checked = choice.check("pasted", &text)?;
        let board = if checked.own_game { "plane" } else { &board };
        Ok(json(&PlacementsDoc::new(
            board,
            &app.command,
            vec![PlacementInput {
                file: "pasted".into(),
                report: Some(checked.report),
                error: None,
            }],
        )))
    })
    .await
}

/// `POST /api/placement/svg?window=N` (body: a placement file): the picture `amoba show
/// --placement --format svg` draws, an N × N window (default as there, at most
/// [`MAX_PLACEMENT_WINDOW`]).
async fn placement_svg(
    q: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    let (Query(q), text) = (q?, body?);
    blocking(move || {
        let placement = crate::check::placement::parse_placement("pasted", &text)
            .map_err(PlacementError::from)?;
        let tiling = crate::check::placement::tile("pasted", &placement, None)
            .map_err(PlacementError::from)?;
        let max = MAX_PLACEMENT_WINDOW;
        let n = match q.get("window") {
            None => crate::report::placement::default_window(&tiling),
            Some(_) => number(&q, "window", 0)?,
        };
        if !(1..=max).contains(&n) {
            return Err(ApiError::bad(format!(
                "window: found {n}, expected 1 to {max}"
            )));
        }
        Ok(svg_response(
            crate::report::placement::svg(&placement, &tiling, n),
            &q,
            "placement.svg",
        ))
    })
    .await
}
