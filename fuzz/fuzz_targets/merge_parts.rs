//! Fuzz target: arbitrary bytes through the merges of sharded documents: `amoba count
//! --merge` (`amoba::report::count::merge`) and `amoba scan --merge`
//! (`amoba::report::scan::merge`).
//!
//! The input is split at every `0xFF` byte into the documents of one merge (JSON, as
//! the command reads them).
//!
//! Properties checked on every input, besides "no panic, no hang": a count merged is
//! a whole count (`shard: null`) that passes its own check, with as many classes as
//! its parts together.
#![no_main]

use amoba::report::{count::CountDoc, scan::ScanDoc};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let docs: Vec<&[u8]> = data.split(|&b| b == 0xFF).take(64).collect();
    let counts: Vec<(String, CountDoc)> = docs
        .iter()
        .enumerate()
        .filter_map(|(i, d)| Some((format!("part{i}"), serde_json::from_slice(d).ok()?)))
        .collect();
    if !counts.is_empty()
        && let Ok(whole) = amoba::report::count::merge(&counts)
    {
        assert_eq!(whole.shard, None);
        assert!(whole.check().is_ok());
        let sum: u64 = counts.iter().map(|(_, d)| d.classes).sum();
        assert_eq!(whole.classes, sum);
    }
    let scans: Vec<(String, ScanDoc)> = docs
        .iter()
        .enumerate()
        .filter_map(|(i, d)| Some((format!("part{i}"), serde_json::from_slice(d).ok()?)))
        .collect();
    if !scans.is_empty() {
        let _ = amoba::report::scan::merge(&scans);
    }
});
