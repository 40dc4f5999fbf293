//! The route of pasted pairings (`/api/verify`): checked as `amoba verify` checks a
//! file, and drawn with the lines they leave open.

use super::*;

/// The verifier's document of a pasted text, and the text's first pairing that is
/// not refused outright (for drawing). 400 when the text holds no well-formed pairing.
pub(super) fn verify_text(b: &Loaded, app: &App, text: &str) -> Result<VerifyDoc, ApiError> {
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
pub(super) async fn verify(
    State(app): State<Shared>,
    Args(q): Args,
    Body(text): Body,
) -> Result<Response, ApiError> {
    on_board(app, q, move |app, b, _| {
        Ok(json(&verify_text(&b, &app, &text)?))
    })
    .await
}

/// The cells of board line `l` (the verifier's numbering).
pub(super) fn line_cells(geom: &Geometry, l: usize) -> Vec<usize> {
    let f = geom.line_family(l);
    (0..geom.ncells())
        .filter(|&c| geom.line_through(f, c).0 == l)
        .collect()
}

/// `POST /api/verify/svg?pick=K` (body: the text): pairing K of the text (default 1),
/// the cells of every line it gets wrong ringed in red.
pub(super) async fn verify_svg(
    State(app): State<Shared>,
    Args(q): Args,
    Body(text): Body,
) -> Result<Response, ApiError> {
    on_board(app, q, move |app, b, q| {
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
