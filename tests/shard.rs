//! Sharded enumeration and merge (on square9, the real tree).

use amoba::core::board::Board;
use amoba::pairing::catalogue::enumerate::{run, run_with};
use amoba::pairing::catalogue::parts::{merge, part_name, read_part, write_part};
use amoba::pairing::search::{Options, Shard};
use std::path::PathBuf;

mod common;
use common::temp_dir;
use std::process::Command;

fn shard(index: usize, count: usize) -> Shard {
    Shard { index, count }
}

/// The enumeration of shard `s` of `board`.
fn shard_run(board: &Board, s: Shard) -> amoba::pairing::catalogue::enumerate::EnumerateOutput {
    run_with(
        board,
        Options {
            threads: 0,
            shard: Some(s),
            ..Options::default()
        },
        None,
        &|_, _| {},
    )
}

fn part(board: &Board, dir: &std::path::Path, s: Shard) -> PathBuf {
    let out = shard_run(board, s);
    let path = dir.join(part_name(board.tag(), s));
    write_part(&path, board, s, &out.catalogue).unwrap();
    path
}

/// Asserts that `parts` merge into the bytes of the unsharded catalogue of `board`;
/// returns its number of classes.
fn merges_into_the_catalogue(board: &Board, parts: &[PathBuf]) -> usize {
    let merged = merge(board, parts).unwrap();
    let whole = run(board, 0, None, &|_, _| {}).catalogue;
    let (mut x, mut y) = (Vec::new(), Vec::new());
    merged.write_to(&mut x).unwrap();
    whole.write_to(&mut y).unwrap();
    assert_eq!(x, y);
    whole.len()
}

#[test]
fn merged_shards_are_the_bytes_of_the_unsharded_catalogue() {
    let b = Board::square9();
    let dir = temp_dir("merge");
    let parts: Vec<PathBuf> = (0..3).map(|i| part(&b, &dir, shard(i, 3))).collect();
    merges_into_the_catalogue(&b, &parts);

    // Refusals: a missing part, a duplicate, a part of another split count, damage.
    assert!(
        merge(&b, &parts[..2])
            .unwrap_err()
            .to_string()
            .contains("missing parts: 2/3")
    );
    let dup = [parts.clone(), vec![parts[0].clone()]].concat();
    assert!(merge(&b, &dup).unwrap_err().to_string().contains("twice"));
    let other = part(&b, &dir, shard(0, 2));
    assert!(merge(&b, &[other, parts[1].clone(), parts[2].clone()]).is_err());
    let mut text = std::fs::read_to_string(&parts[1]).unwrap();
    let last = text.len() - 2;
    text.replace_range(
        last..last + 1,
        if &text[last..last + 1] == "0" {
            "1"
        } else {
            "0"
        },
    );
    std::fs::write(&parts[1], text).unwrap();
    assert!(
        read_part(&b, &parts[1]).is_err(),
        "a damaged part is refused"
    );
}

#[test]
fn shard_i_of_n_is_shards_i_and_i_plus_n_of_2n() {
    let b = Board::square9();
    let codes = |s: Shard| {
        shard_run(&b, s)
            .catalogue
            .flat_codes()
            .chunks(64)
            .map(|c| c.to_vec())
            .collect::<std::collections::BTreeSet<_>>()
    };
    for i in 0..2 {
        let mut both = codes(shard(i, 4));
        both.extend(codes(shard(i + 2, 4)));
        assert_eq!(codes(shard(i, 2)), both);
    }
}

#[test]
fn slurm_array_variables_choose_the_shard_and_reruns_resume() {
    let dir = temp_dir("slurm");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_amoba"))
            .args(["enumerate", "--board", "hex7", "--parts-dir"])
            .arg(&dir)
            .env("SLURM_ARRAY_TASK_ID", "1")
            .env("SLURM_ARRAY_TASK_COUNT", "4")
            .output()
            .unwrap()
    };
    let first = run();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(dir.join("catalogue-hex7.part-1-of-4.txt").is_file());
    let again = run();
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("skipped"));
}

/// The 16-toroidal board's catalogue comes from the rooted search, whose frontier is cut
/// at a depth, not along the first row: its shards still merge into the catalogue, and
/// their parts say how the tree was split.
#[test]
fn shards_of_the_rooted_search_merge_into_its_catalogue() {
    let b = Board::square9_16();
    let dir = temp_dir("merge16");
    let parts: Vec<PathBuf> = (0..3).map(|i| part(&b, &dir, shard(i, 3))).collect();
    assert!(
        shard_run(&b, shard(0, 3)).left_out.is_none(),
        "a shard counts no left-out classes"
    );
    let (header, _) = read_part(&b, &parts[0]).unwrap();
    assert_eq!(header.split, "rooted-4");
    assert_eq!(merges_into_the_catalogue(&b, &parts), 5740);
}
