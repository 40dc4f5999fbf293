//! The routes of the Maker–Breaker games and the placements (`/api/games`,
//! `/api/game`, `/api/strategy`, `/api/strategy/solve`, `/api/placements`,
//! `/api/placement`): the built-in examples, a game solved within the explorer's
//! limits, a strategy certificate written for a game or checked against it, a
//! placement checked and drawn.

use super::*;

/// The sample games of `data/games/` the game page offers, compiled in.
pub(super) const GAMES: [(&str, &str); 4] = [
    ("seven.game", include_str!("../../../data/games/seven.game")),
    (
        "tictactoe.game",
        include_str!("../../../data/games/tictactoe.game"),
    ),
    (
        "square4-k4.game",
        include_str!("../../../data/games/square4-k4.game"),
    ),
    (
        "strip4-8.game",
        include_str!("../../../data/games/strip4-8.game"),
    ),
];

#[derive(Serialize)]
pub(super) struct GameEntry {
    file: &'static str,
    text: &'static str,
}

/// `GET /api/games`: the sample games, each with its file's text.
pub(super) async fn games() -> Response {
    json(
        &GAMES
            .iter()
            .map(|&(file, text)| GameEntry { file, text })
            .collect::<Vec<_>>(),
    )
}

/// `POST /api/game?moves=1` (body: a game file): `amoba solve --json` of it, within
/// [`MAX_GAME_NODES`] nodes per search; `moves=1` also decides every first move.
pub(super) async fn game(
    State(app): State<Shared>,
    Args(q): Args,
    Body(text): Body,
) -> Result<Response, ApiError> {
    use crate::game::decide::SolveDoc;
    blocking(move || {
        let moves = q.get("moves").is_some_and(|v| v == "1");
        let solved = solve_pasted(&app, &text, moves, false)?;
        let name = if solved.game.name.is_empty() {
            "pasted"
        } else {
            solved.game.name.as_str()
        };
        Ok(json(&SolveDoc::new(
            name,
            &solved.sha256,
            &solved.game,
            &solved.answer,
            &app.command,
            None,
            solved.seconds,
        )))
    })
    .await
}

/// A pasted game decided by [`solve_pasted`].
struct Solved {
    game: crate::game::Game,
    sha256: String,
    answer: crate::game::decide::Answer,
    seconds: f64,
}

/// Decides the game file `text` within [`MAX_GAME_NODES`] nodes per search and a
/// table of [`GAME_MEMORY_MIB`] MiB, one game at a time (503 while another is being
/// solved): with `moves`, every first move too; with `certificate`, the winner's
/// strategy. A malformed game is a 400.
fn solve_pasted(app: &App, text: &str, moves: bool, certificate: bool) -> Result<Solved, ApiError> {
    use crate::game::decide::{Request, decide};
    use sha2::{Digest, Sha256};
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
        moves,
        move_node_limit: None,
        certificate,
        move_certificates: false,
        stop: &[],
        narrow: None,
    };
    let start = std::time::Instant::now();
    let answer = decide(&game, &request, None)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(Solved {
        sha256: crate::core::provenance::hex(&Sha256::digest(text.as_bytes())),
        game,
        answer,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// `POST /api/strategy/solve` (body: a game file): the winner's strategy certificate
/// of the game, the file `amoba solve --certificate` writes (FORMATS.md, *Strategy
/// certificates*), as text; 422 when the game is not decided within
/// [`MAX_GAME_NODES`] nodes, or when the certificate and the game together exceed
/// [`MAX_BODY`] bytes (the page sends them back to be checked).
pub(super) async fn strategy_solve(
    State(app): State<Shared>,
    Body(text): Body,
) -> Result<Response, ApiError> {
    blocking(move || {
        let solved = solve_pasted(&app, &text, false, true)?;
        let Some(c) = &solved.answer.certificate else {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("the game is not decided within {MAX_GAME_NODES} nodes: no certificate"),
            ));
        };
        let mut out = Vec::new();
        c.write(&solved.game, &solved.sha256, &mut out)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        // The page sends the certificate back with the game to be checked, as one JSON
        // body of at most MAX_BODY bytes. Escaping only lengthens the texts, so two that
        // are already too long together are not serialised to be measured.
        let sent = if text.len() + out.len() > MAX_BODY {
            usize::MAX
        } else {
            serde_json::to_string(&(&text, String::from_utf8_lossy(&out)))
                .map_or(usize::MAX, |j| j.len() + 32)
        };
        if sent > MAX_BODY {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "the certificate has {} bytes: with the game more than the explorer's \
                     limit of {MAX_BODY} bytes (write it with amoba solve --certificate)",
                    out.len()
                ),
            ));
        }
        Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], out).into_response())
    })
    .await
}

/// The body of `POST /api/strategy`: a game file and a strategy certificate.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StrategyBody {
    game: String,
    certificate: String,
}

/// `POST /api/strategy` (body: JSON `{"game": TEXT, "certificate": TEXT}`): the
/// document of `amoba verify --strategy --json` for the two texts, named `pasted.game`
/// and `pasted.strategy`; a malformed body or file is a 400 (for a file, naming its
/// line and column).
pub(super) async fn strategy(
    State(app): State<Shared>,
    Body(text): Body,
) -> Result<Response, ApiError> {
    blocking(move || {
        let bad = |e: String| {
            ApiError::bad(format!(
                "the body: {e}; expected a JSON object {{\"game\": TEXT, \"certificate\": TEXT}}"
            ))
        };
        // An object, not the array serde would also take for the two fields.
        let b: StrategyBody = match serde_json::from_str(&text) {
            Ok(v @ serde_json::Value::Object(_)) => {
                serde_json::from_value(v).map_err(|e| bad(e.to_string()))?
            }
            Ok(_) => return Err(bad("not an object".into())),
            Err(e) => return Err(bad(e.to_string())),
        };
        let checked = crate::report::strategy_check::Checked::from_bytes(
            "pasted.game",
            b.game.as_bytes(),
            "pasted.strategy",
            b.certificate.as_bytes(),
        );
        if let Some(line) = checked.error_line() {
            return Err(ApiError::bad(line));
        }
        Ok(json(&checked.document(&app.command)))
    })
    .await
}

/// The sample placements of `data/placements/` the placement page offers, compiled in
/// (no file is read at run time, and no path from a request).
pub(super) const PLACEMENTS: [(&str, &str); 6] = [
    (
        "pairing-1.txt",
        include_str!("../../../data/placements/pairing-1.txt"),
    ),
    (
        "tight-3-7.txt",
        include_str!("../../../data/placements/tight-3-7.txt"),
    ),
    (
        "covering-3-6-three.txt",
        include_str!("../../../data/placements/covering-3-6-three.txt"),
    ),
    (
        "covering-4-6.txt",
        include_str!("../../../data/placements/covering-4-6.txt"),
    ),
    (
        "covering-5-6.txt",
        include_str!("../../../data/placements/covering-5-6.txt"),
    ),
    (
        "covering-6-5.txt",
        include_str!("../../../data/placements/covering-6-5.txt"),
    ),
];

/// `GET /api/placements`: the sample placements, each with its file's text.
pub(super) async fn placements() -> Response {
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
pub(super) fn placement_choice(app: &App, q: &Params) -> Result<(String, GameChoice), ApiError> {
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
pub(super) async fn placement(
    State(app): State<Shared>,
    Args(q): Args,
    Body(text): Body,
) -> Result<Response, ApiError> {
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
pub(super) async fn placement_svg(Args(q): Args, Body(text): Body) -> Result<Response, ApiError> {
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
