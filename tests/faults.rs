//! Faults while files are written: a full disk, a run killed outright (SIGKILL) at
//! any moment, two runs writing the same directory at once, and an output directory
//! that cannot be written. In every case each output is absent, the earlier version
//! or the complete new one — never a torn file — and no `.NAME.PID-XXXXXX.tmp` stays
//! behind for good (README, *Where output goes*). Linux only: the full disk is
//! simulated with a file size limit, the dead writer is recognised through `/proc`.
//! Everything happens inside temporary directories.
#![cfg(target_os = "linux")]

mod common;
use common::temp_dir;
use common::{amoba, run};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The regular files of `dir` (not its temporary files) with their bytes.
fn outputs(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !is_temp(n))
        .map(|n| {
            let bytes = std::fs::read(dir.join(&n)).unwrap();
            (n, bytes)
        })
        .collect()
}

/// Whether `name` is a temporary file of an atomic write, `.NAME.PID-XXXXXX.tmp`.
fn is_temp(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".tmp")
}

/// The temporary files in `dir`.
fn temp_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| is_temp(n))
        .collect()
}

/// Every file of `dir` and below, sorted, with its bytes.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(tree(&p));
        } else {
            let bytes = std::fs::read(&p).unwrap_or_default();
            v.push((p, bytes));
        }
    }
    v.sort();
    v
}

/// Each file of `now` is the earlier version (`old`) or the complete new one
/// (`new`); none is torn, none is unexpected.
fn old_or_new(
    now: &BTreeMap<String, Vec<u8>>,
    old: &BTreeMap<String, Vec<u8>>,
    new: &BTreeMap<String, Vec<u8>>,
    when: &str,
) {
    for (name, bytes) in now {
        let is_new = new.get(name) == Some(bytes);
        let is_old = old.get(name) == Some(bytes);
        assert!(
            is_new || is_old,
            "{when}: {name} ({} bytes) is neither the earlier version nor the complete new one",
            bytes.len()
        );
    }
}

/// `amoba graph --board square5 --out-dir OUT`: 13 files in a tenth of a second.
fn graph_square5(out: &Path) -> Command {
    let mut c = amoba();
    c.args([
        "graph",
        "--board",
        "square5",
        "--progress",
        "none",
        "--out-dir",
    ])
    .arg(out);
    c
}

/// `amoba enumerate --board square9 --out-dir OUT`: a search of a second or more,
/// then a catalogue of 12 MB and its summary.
fn enumerate_square9(out: &Path) -> Command {
    let mut c = amoba();
    c.args([
        "enumerate",
        "--board",
        "square9",
        "--progress",
        "none",
        "--out-dir",
    ])
    .arg(out)
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    c
}

/// A full disk, simulated by a file size limit (RLIMIT_FSIZE, `ulimit -f`) with
/// SIGXFSZ ignored, so that a write beyond it fails with EFBIG as on a full disk,
/// in the middle of a run that replaces the outputs of an earlier one.
#[test]
fn a_full_disk_keeps_every_earlier_output() {
    let dir = temp_dir("faults-full-disk");
    let out = dir.join("out");
    // The complete new outputs, as a run without a limit writes them.
    let (_, err, code) = run(graph_square5(&out).current_dir(&dir));
    assert_eq!(code, 0, "{err}");
    let new = outputs(&out);
    // The earlier outputs: the same files from the same command spelt with a
    // relative --out-dir, so that the documents quoting the command line differ.
    let (_, err, code) = run(amoba()
        .args(["graph", "--board", "square5", "--out-dir", "out"])
        .current_dir(&dir));
    assert_eq!(code, 0, "{err}");
    let old = outputs(&out);
    assert_eq!(
        old.keys().collect::<Vec<_>>(),
        new.keys().collect::<Vec<_>>()
    );
    assert!(
        old != new,
        "the earlier outputs must differ from the new ones"
    );
    // One block of `ulimit -f` is 512 bytes (dash, POSIX) or 1024 (bash): the limit
    // is at most 1024 bytes, less than the largest output, so a write fails.
    let largest = new.values().map(Vec::len).max().unwrap();
    assert!(largest > 1024, "largest output {largest} bytes");
    let mut limited = Command::new("sh");
    limited
        .args(["-c", r#"trap "" XFSZ; ulimit -f 1; exec "$0" "$@""#])
        .arg(env!("CARGO_BIN_EXE_amoba"))
        .args([
            "graph",
            "--board",
            "square5",
            "--progress",
            "none",
            "--out-dir",
        ])
        .arg(&out)
        .current_dir(&dir)
        .stdin(Stdio::null());
    let (_, err, code) = run(&mut limited);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("File too large"), "{err}");
    let named = new
        .keys()
        .any(|n| err.contains(&out.join(n).display().to_string()));
    assert!(named, "the message names the file: {err}");
    assert!(!err.contains("panicked"), "{err}");
    let now = outputs(&out);
    assert_eq!(
        now.keys().collect::<Vec<_>>(),
        new.keys().collect::<Vec<_>>()
    );
    old_or_new(&now, &old, &new, "after the failed run");
    assert!(temp_files(&out).is_empty(), "{:?}", temp_files(&out));
    // A run with room again writes them all.
    let (_, err, code) = run(graph_square5(&out).current_dir(&dir));
    assert_eq!(code, 0, "{err}");
    assert!(outputs(&out) == new, "the new outputs, complete");
}

/// Waits until a temporary file of `child` appears in `dir` (true) or `child` ends
/// (false). Those of earlier, killed runs do not count.
fn wait_for_temp_file(child: &mut Child, dir: &Path) -> bool {
    let start = Instant::now();
    let ours = format!(".{}-", child.id());
    loop {
        if dir.is_dir() && temp_files(dir).iter().any(|n| n.contains(&ours)) {
            return true;
        }
        if child.try_wait().unwrap().is_some() || start.elapsed() > Duration::from_secs(120) {
            return false;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// SIGKILL at several moments of `amoba enumerate`: during the search, as a file
/// starts being written, and a little later. Whatever the moment, every output is
/// absent, the earlier version or the complete new one; the temporary files a
/// killed run leaves are removed by the next run writing the same files.
#[test]
fn sigkill_at_any_moment_leaves_old_or_complete_files() {
    let dir = temp_dir("faults-sigkill");
    let out = dir.join("out");
    let status = enumerate_square9(&out).status().unwrap();
    assert!(status.success());
    let new = outputs(&out);
    assert_eq!(new.len(), 2, "{:?}", new.keys());
    // An earlier version of each file, different from the new one.
    let old: BTreeMap<String, Vec<u8>> = new
        .keys()
        .map(|n| (n.clone(), format!("earlier version of {n}\n").into_bytes()))
        .collect();
    // When to kill: after a fixed delay, or once a temporary file has appeared (then
    // after a further delay).
    let moments: [(&str, Option<u64>, u64); 6] = [
        ("during the search", None, 300),
        ("later in the search", None, 900),
        ("as a file is being written", Some(0), 0),
        ("just after", Some(2), 0),
        ("a little later", Some(20), 0),
        ("later still", Some(60), 0),
    ];
    let mut left = 0;
    for (i, (when, after_temp, delay)) in moments.iter().enumerate() {
        // Half the kills hit a directory holding the earlier version, half an empty one.
        for n in new.keys() {
            let _ = std::fs::remove_file(out.join(n));
            if i % 2 == 0 {
                std::fs::write(out.join(n), &old[n]).unwrap();
            }
        }
        let mut child = enumerate_square9(&out).spawn().unwrap();
        match after_temp {
            Some(ms) => {
                let seen = wait_for_temp_file(&mut child, &out);
                assert!(seen, "{when}: no temporary file was seen");
                std::thread::sleep(Duration::from_millis(*ms));
            }
            None => std::thread::sleep(Duration::from_millis(*delay)),
        }
        child.kill().unwrap();
        let status = child.wait().unwrap();
        let now = outputs(&out);
        old_or_new(&now, &old, &new, when);
        if i % 2 == 1 {
            // Nothing before: each file absent or complete.
            assert!(now.iter().all(|(n, b)| new[n] == *b), "{when}");
        }
        let ours = format!(".{}-", child.id());
        left += temp_files(&out)
            .iter()
            .filter(|n| n.contains(&ours))
            .count();
        eprintln!(
            "killed {when}: {status:?}, files {:?}, temporary files {:?}",
            now.keys(),
            temp_files(&out)
        );
    }
    assert!(
        left > 0,
        "no kill landed during a write: the cleanup below is not exercised"
    );
    // The next run completes every file and removes the killed runs' temporary files
    // (their processes are gone).
    let status = enumerate_square9(&out).status().unwrap();
    assert!(status.success());
    assert!(outputs(&out) == new, "the new outputs, complete");
    assert!(temp_files(&out).is_empty(), "{:?}", temp_files(&out));
}

/// Two runs of the same command writing into one directory at once: both succeed
/// and every file is complete, each written whole by one of them.
#[test]
fn two_concurrent_runs_into_one_directory() {
    let dir = temp_dir("faults-concurrent");
    let out = dir.join("out");
    // References, each from a run alone.
    let status = enumerate_square9(&out).status().unwrap();
    assert!(status.success());
    let square9: Vec<String> = outputs(&out).into_keys().collect();
    let (_, err, code) = run(&mut graph_square5(&out));
    assert_eq!(code, 0, "{err}");
    let reference = outputs(&out);
    let square5: Vec<&String> = reference.keys().filter(|n| !square9.contains(n)).collect();
    std::fs::remove_dir_all(&out).unwrap();
    // The long run: two searches of a second or more, their writes at about the same
    // time; then the short one (13 files), a few times over, from an empty directory
    // and from a full one.
    let mut pairs: Vec<[Command; 2]> = vec![[enumerate_square9(&out), enumerate_square9(&out)]];
    for _ in 0..6 {
        let mut a = graph_square5(&out);
        let mut b = graph_square5(&out);
        for c in [&mut a, &mut b] {
            c.stdout(Stdio::null()).stderr(Stdio::piped());
        }
        pairs.push([a, b]);
    }
    for (round, [mut a, mut b]) in pairs.into_iter().enumerate() {
        if round == 2 {
            std::fs::remove_dir_all(&out).unwrap();
        }
        let (ca, cb) = (a.spawn().unwrap(), b.spawn().unwrap());
        for child in [ca, cb] {
            let o = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(o.status.success(), "round {round}: {:?} {err}", o.status);
        }
        let now = outputs(&out);
        for (name, bytes) in &now {
            assert!(
                reference.get(name) == Some(bytes),
                "round {round}: {name} ({} bytes) differs from the reference",
                bytes.len()
            );
        }
        assert!(temp_files(&out).is_empty(), "{:?}", temp_files(&out));
    }
    // The last rounds started from an empty directory: the files of square5, all there.
    assert_eq!(outputs(&out).keys().collect::<Vec<_>>(), square5);
}

/// The runs that write into `out`: exit 2, a message naming a file there and
/// `cause`, and nothing written in `dir`. `wrap` runs the binary (e.g. as another
/// user).
fn refused_to_write(dir: &Path, out: &Path, wrap: &[&str], cause: &str) {
    let before = tree(dir);
    let runs: [Vec<std::ffi::OsString>; 2] = [
        vec![
            "graph".into(),
            "--board".into(),
            "square5".into(),
            "--out-dir".into(),
            out.into(),
        ],
        vec![
            "enumerate".into(),
            "--board".into(),
            "square5".into(),
            "--out".into(),
            out.join("c.txt").into(),
            "--summary".into(),
            out.join("s.json").into(),
        ],
    ];
    for args in runs {
        let mut cmd = match wrap.split_first() {
            Some((program, rest)) => {
                let mut c = Command::new(program);
                c.args(rest).arg(env!("CARGO_BIN_EXE_amoba"));
                c
            }
            None => amoba(),
        };
        let (_, err, code) = run(cmd.args(&args).stdin(Stdio::null()));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(cause), "{args:?}: {err}");
        assert!(
            err.contains(&format!("amoba: error: {}/", out.display())),
            "{args:?}: the message names the file: {err}"
        );
        assert!(
            !err.contains(".tmp"),
            "{args:?}: the temporary file is no concern of the reader: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(tree(dir), before, "{args:?} wrote something");
    }
}

/// An output directory that cannot be written. Two ways: a directory below a regular
/// file (ENOTDIR, whoever runs the test), and a directory without write permission
/// (EACCES). Root may write anywhere, so as root the second runs amoba as the user
/// `nobody` through `setpriv` (util-linux), when that works; otherwise it is skipped
/// with a note. Nothing simulates a read-only file system (EROFS), which needs a
/// mount.
#[test]
fn an_unwritable_output_directory_is_an_input_error() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = temp_dir("faults-unwritable");
    std::fs::write(dir.join("file"), "a regular file").unwrap();
    refused_to_write(&dir, &dir.join("file/out"), &[], "Not a directory");

    let ro = dir.join("read-only");
    std::fs::create_dir(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    // A file made now belongs to the effective user.
    let root = std::fs::metadata(dir.join("file")).unwrap().uid() == 0;
    let wrap: &[&str] = if root {
        &[
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--",
        ]
    } else {
        &[]
    };
    let usable = !root
        || Command::new(wrap[0])
            .args(&wrap[1..])
            .arg(env!("CARGO_BIN_EXE_amoba"))
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if usable {
        refused_to_write(&dir, &ro, wrap, "Permission denied");
    } else {
        eprintln!("running as root without a usable setpriv: the permission case is skipped");
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
}
