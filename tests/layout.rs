//! The module layout of the library, checked on the source text (no `amoba::` item is
//! used): every `crate::X` path of `src/` must name a top-level module that `X`'s
//! module may use (the table below, the order of `src/lib.rs` and of the README's
//! *Layout*), and the second implementations of `tests/independent/` use no `amoba::`
//! item at all.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module of the library and the other top-level modules it may use.
/// A module never uses one listed after it.
const ALLOWED: &[(&str, &[&str])] = &[
    // Board data and file plumbing: no engine, no checker, no report.
    ("core", &[]),
    // Generic solvers: no domain at all.
    ("solvers", &[]),
    // The independent checkers: board data from core only, never an engine.
    ("check", &["core"]),
    // The three engines; a placement found is certified by the checker.
    ("pairing", &["core", "solvers"]),
    ("placement", &["core", "solvers", "check"]),
    ("game", &["core"]),
    // Enrichment of a checked pairing: its class, ID and graph facts.
    ("verify", &["core", "check", "pairing"]),
    // What is written, and the web explorer over it.
    (
        "report",
        &["core", "check", "pairing", "placement", "game", "verify"],
    ),
    (
        "serve",
        &[
            "core",
            "check",
            "pairing",
            "placement",
            "game",
            "verify",
            "report",
        ],
    ),
];

/// Files of `check/` that belong to the strategy checker, which uses nothing of amoba
/// outside `check/` (not even core's board: it reads game files of its own); a path
/// ending in `/` stands for every file under it.
const STRATEGY_CHECKER: &[&str] = &["check/mod.rs", "check/game.rs", "check/strategy/"];

/// Is `rel` (a path under `src/`) a file of the strategy checker?
fn strategy_checker(rel: &str) -> bool {
    STRATEGY_CHECKER
        .iter()
        .any(|f| rel == *f || (f.ends_with('/') && rel.starts_with(f)))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a source text names as `PREFIX::X`, comments left out.
fn named(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().next_back();
            let after = &rest[at + prefix.len()..];
            rest = after;
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                continue;
            }
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

#[test]
fn every_module_uses_only_the_modules_before_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<&str> = ALLOWED.iter().map(|(m, _)| *m).collect();
    let mut faults = Vec::new();
    let mut seen = BTreeSet::new();
    for file in &files {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let top = rel.split('/').next().unwrap().trim_end_matches(".rs");
        // The binary (main.rs, cmd/) and the crate root list the modules; they may use
        // any of them.
        if top == "lib" || top == "main" || top == "cmd" {
            continue;
        }
        assert!(
            modules.contains(top),
            "src/{rel}: top-level module {top} is not in the layout table"
        );
        seen.insert(top.to_string());
        let allowed = ALLOWED.iter().find(|(m, _)| *m == top).unwrap().1;
        let text = fs::read_to_string(file).unwrap();
        for used in named(&text, "crate::") {
            if used == top {
                continue;
            }
            if strategy_checker(&rel) {
                faults.push(format!(
                    "src/{rel}: the strategy checker uses crate::{used}"
                ));
            } else if !allowed.contains(&used.as_str()) {
                faults.push(format!("src/{rel}: {top} uses crate::{used}"));
            }
        }
    }
    assert!(faults.is_empty(), "layout faults:\n{}", faults.join("\n"));
    assert_eq!(seen, modules.iter().map(|m| m.to_string()).collect());
}

#[test]
fn lib_rs_declares_the_modules_in_the_table_order() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    let table: Vec<&str> = ALLOWED.iter().map(|(m, _)| *m).collect();
    assert_eq!(declared, table);
}

#[test]
fn the_independent_implementations_use_nothing_of_amoba() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/independent");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    assert!(!files.is_empty());
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        let used = named(&text, "amoba::");
        assert!(used.is_empty(), "{}: uses amoba::{used:?}", file.display());
    }
}
