//! Check 6: the class of a good pairing.

use super::*;

/// Where a class sits in the pairing graph (docs/spec.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GraphFacts {
    /// 1-based component number (by decreasing size, then smallest member ID).
    pub component: usize,
    /// Vertices in that component.
    pub component_size: usize,
    /// Degree of the class.
    pub degree: usize,
}

/// The pairing-graph facts of class `id` (1-based), `None` when `graph` has no
/// such vertex.
pub fn graph_facts(graph: &crate::pairing::graph::PairingGraph, id: usize) -> Option<GraphFacts> {
    if id == 0 || id > graph.vertex_count() {
        return None;
    }
    let component = graph.component(id);
    Some(GraphFacts {
        component,
        component_size: graph.component_size(component),
        degree: graph.degree(id),
    })
}

/// The class of a good pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassReport {
    /// Canonical one-line form (docs/spec.md §4).
    pub canonical: String,
    /// A symmetry taking the pairing as given to its canonical form.
    pub to_canonical: SymmetryReport,
    /// Catalogue ID (1-based line number), when a catalogue was consulted and holds it.
    pub id: Option<usize>,
    /// Order of the stabiliser of the pairing as given.
    pub stabiliser_order: usize,
    /// The symmetries fixing the pairing as given, identity first.
    pub stabiliser: Vec<SymmetryReport>,
    /// Pairing-graph facts, when the graph was available.
    pub graph: Option<GraphFacts>,
    /// Why there is no ID: the board has no catalogue ([`no_catalogue_reason`]), its
    /// catalogue file is missing, or the pairing belongs to the coarser board
    /// ([`Periodicity`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_catalogue: Option<String>,
    /// On a board that refines a coarser one (square9-16 refines square9): whether the
    /// pairing is periodic with the coarser lattice, and if so its class there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub periodicity: Option<Periodicity>,
}

/// `Some(reason)` when `geom`'s board has no catalogue ([`BoardData::has_catalogue`]:
/// its description says its classes are out of reach, as on cube7): no ID and no
/// pairing-graph facts can be given.
pub fn no_catalogue_reason(geom: &Geometry) -> Option<String> {
    (!geom.has_catalogue).then(|| {
        format!(
            "board {} ({} cells) has no catalogue: its classes are not enumerated (the \
             count is out of reach), so there is no ID and no pairing-graph facts",
            geom.name,
            geom.ncells()
        )
    })
}

/// The canonical form and stabiliser of a pairing, by brute force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BruteClass {
    /// The least image (docs/spec.md §4): the canonical form.
    pub canonical: Vec<u8>,
    /// The first symmetry `(m, t)` (point-group element, translation cell) reaching it.
    pub to_canonical: (usize, usize),
    /// The symmetries fixing the pairing, in order of `(m, t)`.
    pub stabiliser: Vec<(usize, usize)>,
}

/// The canonical form and stabiliser of `codes` with the verifier's own arithmetic:
/// every one of the `|M|·N` images, compared as code sequences. *Complexity*:
/// `O(|M|·N²)` (1,024 images of 128 cells on square9-16).
pub fn brute_force_class(geom: &Geometry, codes: &[u8]) -> BruteClass {
    let n = geom.ncells();
    let mut img = vec![0u8; n];
    let mut best: Vec<u8> = Vec::new();
    let mut to_canonical = (0, 0);
    let mut stabiliser = Vec::new();
    for m in 0..geom.npoint() {
        for t in 0..n {
            geom.apply(codes, m, t, &mut img);
            if img == codes {
                stabiliser.push((m, t));
            }
            if best.is_empty() || img < best {
                best.clone_from(&img);
                to_canonical = (m, t);
            }
        }
    }
    BruteClass {
        canonical: best,
        to_canonical,
        stabiliser,
    }
}

/// Check 6 for a good pairing: canonical form and stabiliser, computed both by
/// [`symmetry::canonical`] and by brute force with the verifier's own arithmetic,
/// cross-checked; the canonical form re-verified by [`analyse`]; the ID looked up in
/// `catalogue` (if given) and the catalogue's codes compared with the canonical
/// text. Graph facts are left empty for the caller.
pub fn classify(
    geom: &Geometry,
    board: &Board,
    codes: &[u8],
    catalogue: Option<&Catalogue>,
) -> Result<ClassReport, VerifyError> {
    let n = geom.ncells();
    let mut img = vec![0u8; n];
    let BruteClass {
        canonical: own_canon,
        stabiliser: stab,
        ..
    } = brute_force_class(geom, codes);
    // The machinery's answer.
    let pairing = crate::core::board::pairing::Pairing::from_codes(codes.to_vec());
    let lib = symmetry::canonical(board, &pairing);
    let text = codes_text;
    if lib.codes != own_canon {
        return Err(VerifyError::CrossCheck(format!(
            "canonical form of {}: amoba::pairing::symmetry::canonical gives {}, the brute-force \
             minimum over all {} images is {}",
            text(codes),
            text(&lib.codes),
            geom.npoint() * n,
            text(&own_canon)
        )));
    }
    let mut lib_stab: Vec<(usize, usize)> = lib.stabiliser.iter().map(|g| (g.m, g.t)).collect();
    lib_stab.sort_unstable();
    if lib_stab != stab {
        return Err(VerifyError::CrossCheck(format!(
            "stabiliser of {}: amoba::pairing::symmetry::canonical finds {} symmetries {:?}, the \
             brute force {} {:?}",
            text(codes),
            lib_stab.len(),
            lib_stab,
            stab.len(),
            stab
        )));
    }
    let (tm, tt) = (lib.to_canonical.m, lib.to_canonical.t);
    geom.apply(codes, tm, tt, &mut img);
    if img != own_canon {
        return Err(VerifyError::CrossCheck(format!(
            "the symmetry returned by amoba::pairing::symmetry::canonical does not map {} to its \
             canonical form",
            text(codes)
        )));
    }
    let again = analyse(geom, &own_canon);
    if !again.good {
        return Err(VerifyError::CrossCheck(format!(
            "the canonical form {} of a good pairing is not good",
            text(&own_canon)
        )));
    }
    let canonical = text(&own_canon);
    let id = match catalogue {
        None => None,
        Some(cat) => {
            if cat.ncells() != n {
                return Err(VerifyError::CrossCheck(format!(
                    "the catalogue holds pairings of {} cells, board {} has {n}",
                    cat.ncells(),
                    geom.name
                )));
            }
            match cat.id_of(&own_canon) {
                None => None,
                Some(id) => {
                    if text(cat.codes_of(id)) != canonical {
                        return Err(VerifyError::CrossCheck(format!(
                            "catalogue line {id} reads {}, expected {canonical}",
                            text(cat.codes_of(id))
                        )));
                    }
                    Some(id)
                }
            }
        }
    };
    let stabiliser = stab
        .iter()
        .map(|&(m, t)| geom.describe_symmetry(m, t))
        .collect();
    Ok(ClassReport {
        canonical,
        to_canonical: geom.describe_symmetry(tm, tt),
        id,
        stabiliser_order: stab.len(),
        stabiliser,
        graph: None,
        no_catalogue: None,
        periodicity: None,
    })
}

/// Confirms that line `id` of the catalogue file at `path` reads `canonical`.
///
/// Catalogue lines all have the same length (`N` codes and `\n`, docs/spec.md §4), so line
/// `id` starts at byte `(id − 1)(N + 1)`; that line is read from the file itself, not
/// from memory, and compared as text.
pub fn check_catalogue_line(path: &Path, id: usize, canonical: &str) -> Result<(), VerifyError> {
    let file_name = path.display().to_string();
    let read_err = |source: io::Error| VerifyError::Read {
        file: file_name.clone(),
        source,
    };
    let mut f = std::fs::File::open(path).map_err(read_err)?;
    let len = canonical.len() + 1;
    let offset = (id.saturating_sub(1) as u64) * len as u64;
    f.seek(SeekFrom::Start(offset)).map_err(read_err)?;
    let mut line = Vec::with_capacity(len);
    f.take(len as u64)
        .read_to_end(&mut line)
        .map_err(read_err)?;
    let expected = format!("{canonical}\n");
    if line != expected.as_bytes() {
        return Err(VerifyError::CrossCheck(format!(
            "{}:{id}: the catalogue line reads {:?}, expected {canonical}",
            path.display(),
            String::from_utf8_lossy(&line).trim_end()
        )));
    }
    Ok(())
}
