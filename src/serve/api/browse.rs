//! The routes of the catalogue: the boards, a pairing and its moves, a shortest path
//! between two pairings, and the classes that pass a filter (`/api/boards`,
//! `/api/pairing/…`, `/api/path`, `/api/select`).

use super::*;

/// `GET /api/boards`.
#[derive(Serialize)]
pub(super) struct BoardsDoc {
    default: String,
    boards: Vec<BoardEntry>,
}

#[derive(Serialize)]
pub(super) struct BoardEntry {
    name: String,
    /// Why the explorer cannot show it (no catalogue or graph), or null.
    unavailable: Option<String>,
    /// Classes, when loaded.
    classes: Option<usize>,
}

pub(super) async fn boards(State(app): State<Shared>) -> Response {
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
pub(super) async fn pairing(
    State(app): State<Shared>,
    Segments(id): Segments<String>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, _| {
        let id = id_of(&id, "ID", b.answers.classes())?;
        Ok(json(&b.answers.query(&Target::Id(id))?))
    })
    .await
}

/// `GET /api/pairing/ID/svg`: the drawing of the canonical form, its stabiliser noted.
pub(super) async fn pairing_svg(
    State(app): State<Shared>,
    Segments(id): Segments<String>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
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
pub(super) fn slid_cells(slides: &[crate::pairing::graph::moves::Slide]) -> Vec<usize> {
    slides.iter().flat_map(|s| [s.pivot, s.to]).collect()
}

/// `GET /api/pairing/ID/move/TO/svg`: the pairing after the move from the canonical
/// form of ID to class TO, the slid dominoes highlighted.
pub(super) async fn move_svg(
    State(app): State<Shared>,
    Segments((id, to)): Segments<(String, String)>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
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
pub(super) fn ends(b: &Loaded, q: &Params) -> Result<(usize, usize), ApiError> {
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
pub(super) async fn path(State(app): State<Shared>, Args(q): Args) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
        let (from, to) = ends(&b, &q)?;
        let (doc, _) = b.answers.path(&Target::Id(from), &Target::Id(to))?;
        Ok(json(&doc))
    })
    .await
}

/// `GET /api/path/svg?from=A&to=B&step=K`: step K of the path (0 = the start), the
/// dominoes its move slid highlighted.
pub(super) async fn path_svg(
    State(app): State<Shared>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
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
pub(super) struct SelectPage {
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

pub(super) async fn select(State(app): State<Shared>, Args(q): Args) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
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
