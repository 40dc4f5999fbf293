//! The native half of the `amoba` Python package: the engine's library
//! ([`amoba::report::query::Answers`]) behind a handful of functions that return JSON
//! text (the very documents of the CLI's `--json`) or raw little-endian arrays, which
//! `amoba/__init__.py` turns into dicts, NumPy arrays, SciPy matrices and NetworkX
//! graphs.
//!
//! The answers of a board (its catalogue and graph) are kept per board and catalogue path for
//! the life of the interpreter, so only the first call on a board pays for loading.
//! Every error is an `amoba.AmobaError` (a `ValueError`) carrying the CLI's message,
//! with its causes. The work that may take long (loading or enumerating a catalogue,
//! building the graph, verifying) runs with the GIL released, so other Python threads
//! go on meanwhile, and on a thread of its own, so that Ctrl-C interrupts the call.

use amoba::pairing::graph::query::{Filter, SymmetryFilter};
use amoba::report::query::{Answers, Target, read_pairings};
use amoba::verify::Classes;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};
use std::sync::{Arc, Mutex};

create_exception!(_native, AmobaError, PyValueError);

/// Values made once per key and kept for the life of the interpreter.
type Cache<K, V> = Mutex<Vec<(K, Arc<V>)>>;

/// The answers opened so far, per (board, catalogue path).
static OPEN: Cache<(String, Option<String>), Answers> = Mutex::new(Vec::new());

/// The verifier's state per (board, catalogue, coarser catalogue, graph facts wanted).
type ClassesKey = (String, Option<String>, Option<String>, bool);
static CLASSES: Cache<ClassesKey, Mutex<Classes>> = Mutex::new(Vec::new());

/// An engine error, with its causes (`outer: cause: root cause`).
fn err(e: impl std::error::Error) -> PyErr {
    AmobaError::new_err(amoba::core::io::error_chain(&e))
}

/// An error of this module's own, from its message.
fn msg(m: impl std::fmt::Display) -> PyErr {
    AmobaError::new_err(m.to_string())
}

/// The value of `key` among the values made so far.
fn found<K: PartialEq, V>(made: &[(K, Arc<V>)], key: &K) -> Option<Arc<V>> {
    made.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| Arc::clone(v))
}

/// The value of `key` in `cache`, made by `make` the first time.
fn cached<K: PartialEq, V>(
    cache: &Cache<K, V>,
    key: K,
    make: impl FnOnce() -> PyResult<V>,
) -> PyResult<Arc<V>> {
    let mut open = cache.lock().map_err(|_| msg("a previous call panicked"))?;
    if let Some(v) = found(&open, &key) {
        return Ok(v);
    }
    let v = Arc::new(make()?);
    open.push((key, Arc::clone(&v)));
    Ok(v)
}

/// Runs `work` on a thread of its own, without the GIL, while this thread checks for
/// signals every 100 ms: Ctrl-C raises `KeyboardInterrupt` at once instead of when the
/// work is done. The abandoned work runs to its end in the background (it may fill a
/// cache, which a later call then finds); nothing is left half-written, since files
/// are written atomically.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> PyResult<T> + Send + 'static,
) -> PyResult<T> {
    use std::sync::mpsc::{RecvTimeoutError, channel};
    let (send, receive) = channel();
    std::thread::Builder::new()
        .name("amoba".into())
        .spawn(move || {
            let _ = send.send(work());
        })
        .map_err(err)?;
    let mut receive = receive;
    loop {
        // The receiver goes with the wait (it is Send, not Sync) and comes back.
        let (back, received) = py.detach(move || {
            let r = receive.recv_timeout(std::time::Duration::from_millis(100));
            (receive, r)
        });
        receive = back;
        match received {
            Ok(result) => return result,
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(msg("the computation stopped without an answer (a panic)"));
            }
        }
    }
}

/// The answers of `board` (a name or a board file) with its catalogue from `catalogue`
/// or where the CLI finds it.
fn answers(py: Python<'_>, board: &str, catalogue: Option<&str>) -> PyResult<Arc<Answers>> {
    let key = (board.to_string(), catalogue.map(str::to_string));
    // A board already open is answered at once, when the cache is free; otherwise
    // without the GIL, the wait for the cache's lock included: a thread holding the
    // GIL never waits for it.
    if let Some(v) = OPEN.try_lock().ok().and_then(|open| found(&open, &key)) {
        return Ok(v);
    }
    interruptible(py, move || {
        let (board, catalogue) = key.clone();
        cached(&OPEN, key, || {
            let b = amoba::core::board::Board::by_name(&board).map_err(err)?;
            let command = format!("python: amoba (board {board})");
            Answers::open(
                b,
                catalogue.as_deref().map(std::path::Path::new),
                &command,
                &|s| eprintln!("amoba: {s}"),
            )
            .map_err(err)
        })
    })
}

/// A pairing argument: an int is a catalogue ID, a str the text of one pairing.
fn target(s: &Answers, what: &Bound<'_, PyAny>) -> PyResult<Target> {
    if what.is_instance_of::<PyInt>() {
        // Any integer names an ID; one below 1 or beyond the machine's integers names
        // no class (not an error of type).
        let id = what.extract::<i64>().ok().filter(|&id| id >= 1);
        return match id.and_then(|id| usize::try_from(id).ok()) {
            Some(id) => Ok(Target::Id(id)),
            None => Err(msg(format!(
                "found ID {what}, expected a catalogue ID from 1 to {}",
                s.classes()
            ))),
        };
    }
    let text: String = what
        .extract()
        .map_err(|_| msg("expected a catalogue ID (int) or the text of a pairing (str)"))?;
    let mut all = read_pairings(&s.geom, "<string>", text.as_bytes()).map_err(err)?;
    Ok(all.swap_remove(0))
}

fn json(doc: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(doc).map_err(err)
}

/// Classes and cells, then the codes (n × cells bytes) and stabiliser orders (u16).
#[pyfunction]
#[pyo3(signature = (board, catalogue=None))]
fn catalogue_data<'py>(
    py: Python<'py>,
    board: &str,
    catalogue: Option<&str>,
) -> PyResult<(usize, usize, Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let s = answers(py, board, catalogue)?;
    let cat = &s.data.catalogue;
    let stab: Vec<u8> = (1..=cat.len())
        .flat_map(|id| (cat.stabiliser(id) as u16).to_le_bytes())
        .collect();
    Ok((
        cat.len(),
        cat.ncells(),
        PyBytes::new(py, cat.flat_codes()),
        PyBytes::new(py, &stab),
    ))
}

/// The graph: CSR offsets (u64), 0-based targets (u32), component of each vertex (u32).
#[pyfunction]
#[pyo3(signature = (board, catalogue=None))]
fn graph_data<'py>(
    py: Python<'py>,
    board: &str,
    catalogue: Option<&str>,
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    let s = answers(py, board, catalogue)?;
    let g = &s.data.graph;
    let (offsets, targets) = g.csr();
    let o: Vec<u8> = offsets
        .iter()
        .flat_map(|&x| (x as u64).to_le_bytes())
        .collect();
    let t: Vec<u8> = targets.iter().flat_map(|&x| x.to_le_bytes()).collect();
    let c: Vec<u8> = (1..=g.vertex_count())
        .flat_map(|id| (g.component(id) as u32).to_le_bytes())
        .collect();
    Ok((
        PyBytes::new(py, &o),
        PyBytes::new(py, &t),
        PyBytes::new(py, &c),
    ))
}

/// `amoba query --json`.
#[pyfunction]
#[pyo3(signature = (board, what, catalogue=None))]
fn query(board: &str, what: &Bound<'_, PyAny>, catalogue: Option<&str>) -> PyResult<String> {
    let s = answers(what.py(), board, catalogue)?;
    let t = target(&s, what)?;
    json(&s.query(&t).map_err(err)?)
}

/// `amoba path --json`.
#[pyfunction]
#[pyo3(signature = (board, a, b, catalogue=None))]
fn path(
    board: &str,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    catalogue: Option<&str>,
) -> PyResult<String> {
    let s = answers(a.py(), board, catalogue)?;
    let (ta, tb) = (target(&s, a)?, target(&s, b)?);
    json(&s.path(&ta, &tb).map_err(err)?.0)
}

/// `amoba canon --json` on the pairings of a text (or one ID).
#[pyfunction]
#[pyo3(signature = (board, what, catalogue=None))]
fn canon(board: &str, what: &Bound<'_, PyAny>, catalogue: Option<&str>) -> PyResult<String> {
    let s = answers(what.py(), board, catalogue)?;
    let targets = match what.extract::<String>() {
        Ok(text) => read_pairings(&s.geom, "<string>", text.as_bytes()).map_err(err)?,
        Err(_) => vec![target(&s, what)?],
    };
    json(&s.canon(&targets).map_err(err)?)
}

/// The verifier's reports on the pairings of a text, on any board (as `amoba verify
/// --json`, with `--coarser-catalogue` and `--no-graph`).
#[pyfunction]
#[pyo3(signature = (board, text, catalogue=None, coarser_catalogue=None, graph=true))]
fn verify(
    py: Python<'_>,
    board: &str,
    text: &str,
    catalogue: Option<&str>,
    coarser_catalogue: Option<&str>,
    graph: bool,
) -> PyResult<String> {
    let key = (
        board.to_string(),
        catalogue.map(str::to_string),
        coarser_catalogue.map(str::to_string),
        graph,
    );
    let text = text.to_string();
    interruptible(py, move || {
        let (board, catalogue, coarser, graph) = key.clone();
        let classes = cached(&CLASSES, key, || {
            let b = amoba::core::board::Board::by_name(&board).map_err(err)?;
            let c = Classes::new(
                b,
                catalogue.as_deref().map(std::path::Path::new),
                coarser.as_deref().map(std::path::Path::new),
                graph,
                |s| eprintln!("amoba: {s}"),
            )
            .map_err(err)?;
            Ok(Mutex::new(c))
        })?;
        let mut classes = classes
            .lock()
            .map_err(|_| msg("a previous call panicked"))?;
        json(&classes.reports("<string>", &text).map_err(err)?)
    })
}

/// `amoba select`: the IDs passing the filter (ranges as (lo, hi), inclusive).
#[pyfunction]
#[pyo3(signature = (board, catalogue=None, ids=None, stabiliser=None, component=None, degree=None, symmetry=None))]
#[allow(clippy::too_many_arguments)]
fn select(
    py: Python<'_>,
    board: &str,
    catalogue: Option<&str>,
    ids: Option<(usize, usize)>,
    stabiliser: Option<(usize, usize)>,
    component: Option<(usize, usize)>,
    degree: Option<(usize, usize)>,
    symmetry: Option<&str>,
) -> PyResult<Vec<usize>> {
    let s = answers(py, board, catalogue)?;
    let symmetry = match symmetry {
        None => None,
        Some(text) => {
            let g = amoba::pairing::symmetry::text::parse(&s.board, text).map_err(err)?;
            Some(if text.contains('+') {
                SymmetryFilter::Exact(g)
            } else {
                SymmetryFilter::Linear(g.m)
            })
        }
    };
    let r = |x: Option<(usize, usize)>| x.map(|(a, b)| a..=b);
    let filter = Filter {
        ids: r(ids),
        stabiliser: r(stabiliser),
        component: r(component),
        degree: r(degree),
        symmetry,
    };
    Ok(s.select(&filter))
}

/// A symmetry applied to the pairings of a text: their images, one-line forms.
#[pyfunction]
#[pyo3(signature = (board, text, symmetry))]
fn transform(board: &str, text: &str, symmetry: &str) -> PyResult<Vec<String>> {
    let b = amoba::core::board::Board::by_name(board).map_err(err)?;
    let g = amoba::pairing::symmetry::text::parse(&b, symmetry).map_err(err)?;
    let geom = amoba::check::pairing::Geometry::new(&b).map_err(err)?;
    let all = read_pairings(&geom, "<string>", text.as_bytes()).map_err(err)?;
    Ok(all
        .into_iter()
        .filter_map(|t| match t {
            Target::Pairing { codes, .. } => Some(
                amoba::core::board::pairing::Pairing::from_codes(amoba::pairing::symmetry::apply(
                    &b, &codes, g,
                ))
                .to_line(),
            ),
            Target::Id(_) => None,
        })
        .collect())
}

/// The names of the built-in boards.
#[pyfunction]
fn boards() -> Vec<String> {
    amoba::core::board::Board::NAMES
        .iter()
        .map(|s| s.to_string())
        .collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("AmobaError", m.py().get_type::<AmobaError>())?;
    m.add_function(wrap_pyfunction!(catalogue_data, m)?)?;
    m.add_function(wrap_pyfunction!(graph_data, m)?)?;
    m.add_function(wrap_pyfunction!(query, m)?)?;
    m.add_function(wrap_pyfunction!(path, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(select, m)?)?;
    m.add_function(wrap_pyfunction!(transform, m)?)?;
    m.add_function(wrap_pyfunction!(boards, m)?)?;
    Ok(())
}
