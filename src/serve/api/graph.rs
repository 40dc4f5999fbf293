//! The routes of the pairing graph (`/api/graph`, `/api/component/…`,
//! `/api/neighbourhood/…`): its components, and one component or neighbourhood as
//! a subgraph with its drawing.

use super::*;

/// `GET /api/graph`: the components of the pairing graph.
#[derive(Serialize)]
pub(super) struct GraphDoc {
    board: String,
    vertices: usize,
    edges: usize,
    /// Every component, largest first: its number and size.
    components: Vec<ComponentEntry>,
}

#[derive(Serialize)]
pub(super) struct ComponentEntry {
    component: usize,
    size: usize,
}

pub(super) async fn graph(State(app): State<Shared>, Args(q): Args) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, _| {
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
pub(super) struct SubgraphDoc {
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
pub(super) struct VertexEntry {
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
pub(super) fn edges_among(
    g: &crate::pairing::graph::PairingGraph,
    ids: &BTreeSet<usize>,
) -> Vec<[usize; 2]> {
    ids.iter()
        .flat_map(|&u| {
            g.neighbors(u)
                .filter(move |&v| v > u && ids.contains(&v))
                .map(move |v| [u, v])
        })
        .collect()
}

pub(super) fn component_doc(b: &Loaded, c: &str) -> Result<SubgraphDoc, ApiError> {
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
pub(super) async fn component(
    State(app): State<Shared>,
    Segments(c): Segments<String>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, _| Ok(json(&component_doc(&b, &c)?))).await
}

/// `GET /api/component/C/svg`: its drawing.
pub(super) async fn component_svg(
    State(app): State<Shared>,
    Segments(c): Segments<String>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
        let doc = component_doc(&b, &c)?;
        let name = format!("{}-component-{}.svg", b.answers.board.tag(), c.trim());
        Ok(svg_response(doc.svg(None), &q, &name))
    })
    .await
}

pub(super) fn neighbourhood_doc(
    b: &Loaded,
    id: &str,
    q: &Params,
) -> Result<(SubgraphDoc, usize), ApiError> {
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
pub(super) async fn neighbourhood(
    State(app): State<Shared>,
    Segments(id): Segments<String>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
        Ok(json(&neighbourhood_doc(&b, &id, &q)?.0))
    })
    .await
}

/// `GET /api/neighbourhood/ID/svg?radius=R`: its drawing, the centre in brackets.
pub(super) async fn neighbourhood_svg(
    State(app): State<Shared>,
    Segments(id): Segments<String>,
    Args(q): Args,
) -> Result<Response, ApiError> {
    on_board(app, q, move |_, b, q| {
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
