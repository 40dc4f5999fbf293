//! Where a written file comes from: the provenance block every JSON file of amoba
//! opens with, and the command line recorded in it.
//!
//! Every JSON document amoba writes — the enumeration summary, the graph-export
//! sidecar, the analysis, the estimate, `amoba verify --json`, `amoba reproduce
//! --json` — starts with the same object under the key `provenance`:
//!
//! ```json
//! "provenance": {
//!   "format": "amoba-analysis",
//!   "format_version": 1,
//!   "amoba_version": "0.1.0",
//!   "command": "amoba reproduce",
//!   "board": "square9",
//!   "catalogue_sha256": "5f1d…"
//! }
//! ```
//!
//! `format` and `format_version` name the layout of the rest of the document (a
//! [`JsonFormat`]; the version is bumped when a key changes meaning or goes away) and
//! its JSON Schema in `docs/schemas/`. `catalogue_sha256` is the SHA-256 of the
//! catalogue file (docs/spec.md §4) the document was computed from, or `null` when no
//! catalogue was involved (the estimate of a board too large to enumerate). The
//! module sits beside [`crate::core::io`], below every stage, so that each stage can stamp
//! the files it writes.
//!
//! # Determinism
//!
//! A committed file must have the same bytes whoever runs the command, on whatever
//! machine and thread count. [`command_line`] therefore drops the directory of the
//! executable (`target/release/amoba` and `amoba` are the same program) and the
//! options that by design never change what is written (`--threads`, `--progress`).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{self, Write};
use std::path::Path;

/// The layout of one kind of JSON document: its name, version and schema file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonFormat {
    /// Name, e.g. `amoba-analysis`.
    pub name: &'static str,
    /// Version of the layout; bumped when a key changes meaning or is removed.
    pub version: u32,
    /// File name of its JSON Schema in `docs/schemas/`.
    pub schema: &'static str,
}

/// `results/enumerate-<tag>.json`: the enumeration summary.
pub const ENUMERATE: JsonFormat = JsonFormat {
    name: "amoba-enumerate",
    version: 1,
    schema: "enumerate.schema.json",
};

/// `results/graph-<tag>.json`: the sidecar of the graph exports.
pub const GRAPH_EXPORT: JsonFormat = JsonFormat {
    name: "amoba-graph-export",
    version: 2,
    schema: "graph-export.schema.json",
};

/// `results/analysis-<tag>.json`: the analysis of the pairing graph.
pub const ANALYSIS: JsonFormat = JsonFormat {
    name: "amoba-analysis",
    version: 1,
    schema: "analysis.schema.json",
};

/// `results/estimate-<board>.json`: the estimate for a board too large to enumerate.
pub const ESTIMATE: JsonFormat = JsonFormat {
    name: "amoba-estimate",
    version: 1,
    schema: "estimate.schema.json",
};

/// The document `amoba verify --json` prints.
pub const VERIFY: JsonFormat = JsonFormat {
    name: "amoba-verify",
    version: 1,
    schema: "verify.schema.json",
};

/// The document `amoba verify --placements --json` prints.
pub const PLACEMENTS: JsonFormat = JsonFormat {
    name: "amoba-verify-placements",
    version: 1,
    schema: "placements.schema.json",
};

/// The document `amoba reproduce --json` prints.
pub const REPRODUCE: JsonFormat = JsonFormat {
    name: "amoba-reproduce",
    version: 1,
    schema: "reproduce.schema.json",
};

/// The document `amoba scan --json` writes.
pub const SCAN: JsonFormat = JsonFormat {
    name: "amoba-scan",
    version: 1,
    schema: "scan.schema.json",
};

/// The document `amoba count` writes: classes and labelled pairings without a
/// catalogue, for a board or one shard of its search.
pub const COUNT: JsonFormat = JsonFormat {
    name: "amoba-count",
    version: 1,
    schema: "count.schema.json",
};

/// `amoba query`'s document format.
pub const QUERY: JsonFormat = JsonFormat {
    name: "amoba-query",
    version: 1,
    schema: "query.schema.json",
};

/// `amoba path`'s document format.
pub const PATH: JsonFormat = JsonFormat {
    name: "amoba-path",
    version: 1,
    schema: "path.schema.json",
};

/// `amoba canon`'s document format.
pub const CANON: JsonFormat = JsonFormat {
    name: "amoba-canon",
    version: 1,
    schema: "canon.schema.json",
};

/// `amoba select --format json`'s first line.
pub const SELECT: JsonFormat = JsonFormat {
    name: "amoba-select",
    version: 1,
    schema: "select.schema.json",
};

/// `amoba placement-table --json`: the k-versus-t table of good t-placements.
pub const PLACEMENT_TABLE: JsonFormat = JsonFormat {
    name: "amoba-placement-table",
    version: 1,
    schema: "placement-table.schema.json",
};

/// `amoba blocking --json`: the largest blocking numbers of t-cookies.
pub const BLOCKING: JsonFormat = JsonFormat {
    name: "amoba-blocking",
    version: 3,
    schema: "blocking.schema.json",
};

/// stdout of `amoba solve --json`: who wins a Maker–Breaker game.
pub const SOLVE: JsonFormat = JsonFormat {
    name: "amoba-solve",
    version: 1,
    schema: "solve.schema.json",
};

/// stdout of `amoba solve --shard I/N --json` and `amoba solve --merge PART… --json`:
/// one part of a split search of a Maker–Breaker game, or the parts merged.
pub const SOLVE_PARTS: JsonFormat = JsonFormat {
    name: "amoba-solve-parts",
    version: 1,
    schema: "solve-parts.schema.json",
};

/// The document `amoba verify --strategy GAME FILE --json` prints: the verdict on a
/// strategy certificate of a Maker–Breaker game.
pub const STRATEGY_CHECK: JsonFormat = JsonFormat {
    name: "amoba-strategy-check",
    version: 1,
    schema: "strategy-check.schema.json",
};

/// `amoba game info --json`: what a game file holds, and its blocking power.
pub const GAME_INFO: JsonFormat = JsonFormat {
    name: "amoba-game-info",
    version: 1,
    schema: "game-info.schema.json",
};

/// `amoba game power --json`: the blocking power and counting bound of a sub-board
/// known by the sizes of its sets.
pub const GAME_POWER: JsonFormat = JsonFormat {
    name: "amoba-game-power",
    version: 1,
    schema: "game-power.schema.json",
};

/// `results/games.json`, written by `scripts/games_report.py`: who wins each shipped
/// Maker–Breaker game, with the certificate's size and the checker's verdict, and
/// nothing that depends on the run.
pub const GAMES: JsonFormat = JsonFormat {
    name: "amoba-games",
    version: 1,
    schema: "games.schema.json",
};

/// `amoba search --json`, `tight --json`, `covering --json` (and `search`,
/// `enumerate`, `scan` with `--t --json`): the answer of a search for one good pairing
/// or placement, with each lattice searched.
pub const SEARCH: JsonFormat = JsonFormat {
    name: "amoba-search",
    version: 1,
    schema: "search.schema.json",
};

/// `amoba directions --json`: a set of directions up to `GL(d, Z)`, or every class of
/// the sets of a box.
pub const DIRECTIONS: JsonFormat = JsonFormat {
    name: "amoba-directions",
    version: 1,
    schema: "directions.schema.json",
};

/// Every JSON format amoba writes.
pub const JSON_FORMATS: [JsonFormat; 23] = [
    ENUMERATE,
    GRAPH_EXPORT,
    ANALYSIS,
    ESTIMATE,
    VERIFY,
    PLACEMENTS,
    REPRODUCE,
    SCAN,
    COUNT,
    QUERY,
    PATH,
    CANON,
    SELECT,
    PLACEMENT_TABLE,
    BLOCKING,
    SOLVE,
    SOLVE_PARTS,
    STRATEGY_CHECK,
    GAME_INFO,
    GAME_POWER,
    GAMES,
    SEARCH,
    DIRECTIONS,
];

/// The schema of the provenance block itself, referenced by every other schema.
pub const PROVENANCE_SCHEMA: &str = "provenance.schema.json";

/// The provenance block (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// Name of the document's layout ([`JsonFormat::name`]).
    pub format: String,
    /// Version of the layout ([`JsonFormat::version`]).
    pub format_version: u32,
    /// Version of amoba that wrote it.
    pub amoba_version: String,
    /// The command that wrote it ([`command_line`]).
    pub command: String,
    /// Board name (docs/spec.md, appendix A).
    pub board: String,
    /// SHA-256 (lowercase hex) of the catalogue file it was computed from, if any.
    pub catalogue_sha256: Option<String>,
}

impl Provenance {
    /// The provenance of a run on `board` by `command`, from the catalogue with digest
    /// `catalogue_sha256` ([`crate::report::results::catalogue_sha256`]), not yet
    /// stamped with a format: every file one command writes shares these fields, and
    /// each writer stamps its own [`JsonFormat`] with [`Provenance::stamped`].
    pub fn new(board: &str, command: &str, catalogue_sha256: Option<String>) -> Provenance {
        Provenance {
            format: String::new(),
            format_version: 0,
            amoba_version: env!("CARGO_PKG_VERSION").into(),
            command: command.into(),
            board: board.into(),
            catalogue_sha256,
        }
    }

    /// This run's provenance for a document of `format`.
    pub fn stamped(&self, format: &JsonFormat) -> Provenance {
        Provenance {
            format: format.name.into(),
            format_version: format.version,
            ..self.clone()
        }
    }

    /// `amoba <version>`, the generator string of the XML and DOT exports.
    pub fn generator(&self) -> String {
        format!("amoba {}", self.amoba_version)
    }
}

/// Options whose value never changes the bytes of a file: left out of
/// [`command_line`], so that `amoba reproduce --threads 1` writes what `amoba
/// reproduce` writes.
pub const IGNORED_OPTIONS: [&str; 2] = ["--threads", "--progress"];

/// Flags that change only what goes to standard output or the exit code, never the
/// bytes of a file: left out of [`command_line`] too, so that `amoba reproduce --json`
/// writes what `amoba reproduce` writes.
pub const IGNORED_FLAGS: [&str; 2] = ["--json", "--check-published"];

/// A command line for [`Provenance::command`]: the executable's file name (not its
/// directory, which differs between machines) followed by the arguments, each quoted
/// for a POSIX shell when it needs it, without the options of [`IGNORED_OPTIONS`]
/// (`--threads 4` and `--threads=4` alike).
///
/// ```
/// use amoba::core::provenance::command_line;
/// let args = ["target/release/amoba", "graph", "--threads", "1", "--out-dir", "my dir"];
/// assert_eq!(command_line(args.map(String::from)), "amoba graph --out-dir 'my dir'");
/// ```
pub fn command_line(args: impl IntoIterator<Item = String>) -> String {
    let mut out = Vec::new();
    let mut skip_value = false;
    for (i, a) in args.into_iter().enumerate() {
        if skip_value {
            skip_value = false;
            continue;
        }
        if i > 0 {
            if IGNORED_OPTIONS.contains(&a.as_str()) {
                skip_value = true;
                continue;
            }
            if IGNORED_FLAGS.contains(&a.as_str()) {
                continue;
            }
            if IGNORED_OPTIONS
                .iter()
                .any(|o| a.strip_prefix(o).is_some_and(|rest| rest.starts_with('=')))
            {
                continue;
            }
        }
        let a = if i == 0 {
            Path::new(&a)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or(a)
        } else {
            a
        };
        let plain = !a.is_empty()
            && a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
        out.push(if plain {
            a
        } else {
            format!("'{}'", a.replace('\'', r"'\''"))
        });
    }
    out.join(" ")
}

/// The command line of this process ([`command_line`] of its arguments; arguments
/// that are not UTF-8 are recorded lossily rather than refused here).
pub fn this_command() -> String {
    command_line(std::env::args_os().map(|a| a.to_string_lossy().into_owned()))
}

/// True when `path` is a regular file holding the JSON document `doc` apart from its
/// `provenance.command`: such a file is left as it is rather than rewritten, so that
/// a result recomputed by another command (`amoba enumerate` after `amoba reproduce`)
/// keeps its bytes, and its command, which writes the same document.
pub fn same_document_but_command(path: &Path, doc: &impl Serialize) -> bool {
    if !path.is_file() {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let (Ok(mut old), Ok(mut new)) = (
        serde_json::from_str::<serde_json::Value>(&text),
        serde_json::to_value(doc),
    ) else {
        return false;
    };
    for v in [&mut old, &mut new] {
        match v.pointer_mut("/provenance/command") {
            Some(c) => *c = serde_json::Value::Null,
            None => return false,
        }
    }
    old == new
}

/// SHA-256, lowercase hex, of the bytes `body` writes.
///
/// # Errors
/// What `body` returns.
pub fn sha256_of(body: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<String> {
    struct Hasher(Sha256);
    impl Write for Hasher {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.update(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut h = Hasher(Sha256::new());
    {
        let mut w = io::BufWriter::with_capacity(1 << 16, &mut h);
        body(&mut w)?;
        w.flush()?;
    }
    Ok(hex(&h.0.finalize()))
}

/// Lowercase hexadecimal digits of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_drops_the_directory_and_quotes() {
        let args = ["/x/y/amoba", "graph", "--out", "my dir", "it's"].map(String::from);
        assert_eq!(command_line(args), r"amoba graph --out 'my dir' 'it'\''s'");
    }

    #[test]
    fn command_line_drops_options_that_cannot_change_the_output() {
        let c = |a: &[&str]| command_line(a.iter().map(|s| s.to_string()));
        assert_eq!(
            c(&["amoba", "reproduce", "--threads", "1"]),
            "amoba reproduce"
        );
        assert_eq!(c(&["amoba", "reproduce", "--threads=1"]), "amoba reproduce");
        assert_eq!(
            c(&["amoba", "enumerate", "--progress", "log", "--board", "hex7"]),
            "amoba enumerate --board hex7"
        );
        assert_eq!(
            c(&["amoba", "reproduce", "--json", "--board", "hex7"]),
            "amoba reproduce --board hex7"
        );
        assert_eq!(
            c(&[
                "amoba",
                "blocking",
                "--check-published",
                "--json-out",
                "b.json"
            ]),
            "amoba blocking --json-out b.json"
        );
        // Only the option itself: a file named like it is kept.
        assert_eq!(
            c(&["amoba", "verify", "--threadsx"]),
            "amoba verify --threadsx"
        );
    }

    #[test]
    fn sha256_of_known_text() {
        // `printf abc | sha256sum`
        assert_eq!(
            sha256_of(|w| w.write_all(b"abc")).unwrap(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn stamped_keeps_the_run_and_changes_the_format() {
        let p = Provenance::new("square9", "amoba reproduce", None);
        assert_eq!((p.format.as_str(), p.format_version), ("", 0));
        let q = p.stamped(&ANALYSIS).stamped(&GRAPH_EXPORT);
        assert_eq!(q.format, "amoba-graph-export");
        assert_eq!(q.format_version, 2);
        assert_eq!((q.board, q.command), (p.board, p.command));
    }
}
