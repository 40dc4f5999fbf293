//! Where output goes and what it never harms: devices, FIFOs and links written
//! through, `-` for standard output, no temporary file left behind (failed writes,
//! SIGTERM), closed pipes that change no exit code, paths that are not UTF-8, error
//! messages that name their cause once, and a catalogue that comes from
//! `--catalogue`, `results/` or the per-user cache but never from the current
//! directory unasked. Everything happens inside temporary directories.

mod common;
use common::temp_dir;
use common::{amoba, run};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The catalogue of square5 (2 classes), as `amoba enumerate` writes it.
fn square5_catalogue(dir: &Path) -> Vec<u8> {
    let path = dir.join("reference.txt");
    let (_, err, code) = run(amoba()
        .args(["enumerate", "--board", "square5", "--out"])
        .arg(&path)
        .arg("--summary")
        .arg(dir.join("reference.json")));
    assert_eq!(code, 0, "{err}");
    std::fs::read(path).unwrap()
}

/// Names in `dir` that look like temporary files.
fn temp_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect()
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp_dir("out-fifo");
    let want = square5_catalogue(&dir);
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let (_, err, code) = run(amoba()
        .args(["enumerate", "--board", "square5", "--out"])
        .arg(&fifo)
        .arg("--summary")
        .arg(dir.join("s.json")));
    assert_eq!(code, 0, "{err}");
    assert_eq!(reader.join().unwrap(), want);
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert!(temp_files(&dir).is_empty());
}

#[cfg(unix)]
#[test]
fn links_stay_links() {
    use std::os::unix::fs::{FileTypeExt, symlink};
    let dir = temp_dir("out-links");
    let want = square5_catalogue(&dir);
    // A link to a regular file: the file is replaced, the link stays.
    std::fs::write(dir.join("real.txt"), "old contents").unwrap();
    symlink("real.txt", dir.join("link.txt")).unwrap();
    // A dangling link: its target is created.
    symlink("sub/new.txt", dir.join("dangling.txt")).unwrap();
    // A link to /dev/null: written through, /dev/null stays a device.
    symlink("/dev/null", dir.join("null")).unwrap();
    for (out, summary) in [("link.txt", "null"), ("dangling.txt", "null")] {
        let (_, err, code) = run(amoba()
            .args(["enumerate", "--board", "square5", "--out"])
            .arg(dir.join(out))
            .arg("--summary")
            .arg(dir.join(summary)));
        assert_eq!(code, 0, "{err}");
    }
    for link in ["link.txt", "dangling.txt", "null"] {
        let m = std::fs::symlink_metadata(dir.join(link)).unwrap();
        assert!(m.file_type().is_symlink(), "{link} is still a link");
    }
    assert_eq!(std::fs::read(dir.join("real.txt")).unwrap(), want);
    assert_eq!(std::fs::read(dir.join("sub/new.txt")).unwrap(), want);
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device());
    assert!(temp_files(&dir).is_empty() && temp_files(&dir.join("sub")).is_empty());
}

#[test]
fn dash_is_standard_output() {
    let dir = temp_dir("out-dash");
    let want = square5_catalogue(&dir);
    let o = amoba()
        .args(["enumerate", "--board", "square5", "--out", "-", "--summary"])
        .arg(dir.join("s.json"))
        .output()
        .unwrap();
    let (_, err, code) = common::output_text(&o);
    assert_eq!(code, 0, "{err}");
    assert_eq!(o.stdout, want, "only the catalogue on stdout");
    assert!(
        err.contains("board square5: 2 classes"),
        "summary on stderr: {err}"
    );
    assert!(dir.join("s.json").is_file());
    assert!(!dir.join("-").exists());
    // The summary to stdout instead.
    let o = amoba()
        .args(["enumerate", "--board", "square5", "--summary", "-", "--out"])
        .arg(dir.join("c.txt"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["classes"], 2);
    // Both to stdout: refused before any work.
    let (out, err, code) = run(amoba()
        .args([
            "enumerate",
            "--board",
            "square5",
            "--out",
            "-",
            "--summary",
            "-",
        ])
        .current_dir(&dir));
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("both write to standard output"), "{err}");
    assert!(!dir.join("results").exists());
    // Directory options do not take '-'.
    let (_, err, code) = run(amoba()
        .args(["graph", "--board", "line3", "--out-dir", "-"])
        .current_dir(&dir));
    assert_eq!(code, 2);
    assert!(err.contains("--out-dir names a directory"), "{err}");
    // show and merge.
    let o = amoba()
        .args([
            "show",
            "--board",
            "square5",
            "1",
            "--out",
            "-",
            "--catalogue",
        ])
        .arg(dir.join("reference.txt"))
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("square5 pairing ID 1"));
    // `-` is standard output even beside a file named `-` that holds the very document
    // (a JSON file holding the same document is otherwise left as it is).
    let blocking = [
        "blocking",
        "--t-max",
        "2",
        "--k-max",
        "3",
        "--progress",
        "none",
    ];
    let first = amoba().args(blocking).arg("--json").output().unwrap();
    assert!(first.status.success() && !first.stdout.is_empty());
    std::fs::write(dir.join("-"), &first.stdout).unwrap();
    for json in [&["--json"][..], &["--json-out", "-"][..]] {
        let o = amoba()
            .args(blocking)
            .args(json)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(o.status.success());
        // The same document; only the command line it records differs.
        let doc = |b: &[u8]| {
            let mut v: serde_json::Value = serde_json::from_slice(b).unwrap();
            v["provenance"]["command"] = serde_json::Value::Null;
            v
        };
        assert_eq!(doc(&o.stdout), doc(&first.stdout), "{json:?}");
    }
}

#[test]
fn a_failed_write_leaves_no_temporary_file() {
    let dir = temp_dir("out-fail");
    let path = dir.join("x.txt");
    std::fs::write(&path, "old").unwrap();
    let err = amoba::core::io::write_atomic(&path, |w| {
        w.write_all(&[b'x'; 1 << 21])?;
        Err(std::io::Error::other("disk on fire"))
    })
    .unwrap_err();
    // The path is the message, the failure its source: named once each.
    assert_eq!(err.to_string(), path.display().to_string());
    let source = std::error::Error::source(&err).map(|s| s.to_string());
    assert_eq!(source.as_deref(), Some("disk on fire"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    assert!(temp_files(&dir).is_empty());
}

/// SIGTERM while `amoba graph` writes its exports (about 150 MB on square9): the
/// process ends by the signal and no temporary file is left. The signal is sent as
/// soon as a temporary file appears, so it lands during a write.
#[cfg(unix)]
#[test]
fn sigterm_during_a_write_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    let dir = temp_dir("out-sigterm");
    let cat = dir.join("catalogue-9.txt");
    common::catalogue().write(&cat).unwrap();
    let out = dir.join("out");
    let mut child = amoba()
        .args(["graph", "--catalogue"])
        .arg(&cat)
        .arg("--out-dir")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let seen = loop {
        if out.is_dir() && !temp_files(&out).is_empty() {
            break true;
        }
        if child.try_wait().unwrap().is_some() || start.elapsed().as_secs() > 120 {
            break false;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    };
    assert!(seen, "no temporary file was seen while amoba graph ran");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(15), "ended by SIGTERM: {status:?}");
    assert!(temp_files(&out).is_empty(), "{:?}", temp_files(&out));
}

/// Runs `cmd` with stdout closed before its first write.
fn with_stdout_closed(cmd: &mut Command) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_stdout_is_not_an_error_for_any_subcommand() {
    let dir = temp_dir("out-pipes");
    let cat = dir.join("c.txt");
    std::fs::write(&cat, square5_catalogue(&dir)).unwrap();
    let parts = dir.join("parts");
    let mut cases: Vec<(Vec<std::ffi::OsString>, i32, Option<PathBuf>)> = Vec::new();
    let os = |v: &[&str]| {
        v.iter()
            .map(Into::into)
            .collect::<Vec<std::ffi::OsString>>()
    };
    let mut with = |args: &[&str], paths: &[&Path], code: i32, written: Option<PathBuf>| {
        let mut v = os(args);
        v.extend(paths.iter().map(|p| p.as_os_str().to_owned()));
        cases.push((v, code, written));
    };
    with(
        &["enumerate", "--board", "square5", "--summary"],
        &[&dir.join("e.json"), Path::new("--out"), &dir.join("e.txt")],
        0,
        Some(dir.join("e.txt")),
    );
    // The catalogue to the closed stdout; the summary file is still written.
    with(
        &["enumerate", "--board", "square5", "--out", "-", "--summary"],
        &[&dir.join("f.json")],
        0,
        Some(dir.join("f.json")),
    );
    for i in 0..2 {
        with(
            &[
                "enumerate",
                "--board",
                "square5",
                "--shard",
                &format!("{i}/2"),
            ],
            &[Path::new("--parts-dir"), &parts],
            0,
            None,
        );
    }
    with(
        &["graph", "--board", "hex7", "--out-dir"],
        &[
            &dir.join("g"),
            Path::new("--catalogue"),
            &dir.join("hex7.txt"),
        ],
        0,
        Some(dir.join("g/report-hex7.md")),
    );
    with(
        &["show", "--board", "square5", "2", "--catalogue"],
        &[&cat],
        0,
        None,
    );
    with(
        &["show", "--board", "square5", "--catalogue"],
        &[&cat, Path::new("--figures"), &dir.join("fig")],
        0,
        Some(dir.join("fig/pairing-1.svg")),
    );
    with(&["reproduce", "--board", "line3"], &[], 0, None);
    with(&["--help"], &[], 0, None);
    for (args, want, written) in cases {
        let o = with_stdout_closed(amoba().args(&args).current_dir(&dir));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(want), "{args:?}: {err}");
        assert!(
            !err.contains("Broken pipe") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
        if let Some(w) = written {
            assert!(w.is_file(), "{args:?} wrote {}", w.display());
        }
    }
    // merge, with the parts just written.
    let mut parts_list: Vec<PathBuf> = std::fs::read_dir(&parts)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    parts_list.sort();
    let o = with_stdout_closed(
        amoba()
            .args(["merge", "--board", "square5", "--out"])
            .arg(dir.join("merged.txt"))
            .args(&parts_list),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(
        std::fs::read(dir.join("merged.txt")).unwrap(),
        std::fs::read(&cat).unwrap()
    );
}

#[cfg(unix)]
#[test]
fn paths_need_not_be_utf8() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = temp_dir("out-utf8");
    let name = |s: &[u8]| dir.join(OsStr::from_bytes(s));
    // A pairing file with a Latin-1 name.
    std::fs::write(name(b"caf\xe9.txt"), "01\n").unwrap();
    let (out, err, code) = run(amoba()
        .args(["verify", "--board", "line3", "--brief"])
        .arg(name(b"caf\xe9.txt"))
        .current_dir(&dir)
        .env("AMOBA_CACHE_DIR", dir.join("cache")));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("caf\u{fffd}.txt:1: pairing 1: good, ID 1"),
        "{out}"
    );
    let (out, err, code) = run(amoba()
        .args(["show", "--board", "line3"])
        .arg(name(b"caf\xe9.txt")));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("good"), "{out}");
    // A missing one: a clear message, exit 2.
    let (_, err, code) = run(amoba()
        .args(["verify", "--board", "line3"])
        .arg(name(b"n\xffo.txt")));
    assert_eq!(code, 2);
    assert!(
        err.contains("n\u{fffd}o.txt: cannot open: No such file"),
        "{err}"
    );
    // Outputs, and an argument recorded in the exports' provenance.
    let (_, err, code) = run(amoba()
        .args(["enumerate", "--board", "line3", "--out"])
        .arg(name(b"c\xff.txt"))
        .arg("--summary")
        .arg(name(b"s\xff.json")));
    assert_eq!(code, 0, "{err}");
    assert!(name(b"c\xff.txt").is_file() && name(b"s\xff.json").is_file());
    let (_, err, code) = run(amoba()
        .args(["graph", "--board", "line3", "--catalogue"])
        .arg(name(b"c\xff.txt"))
        .arg("--out-dir")
        .arg(name(b"g\xff")));
    assert_eq!(code, 0, "{err}");
    let sidecar = std::fs::read_to_string(name(b"g\xff").join("graph-line3.json")).unwrap();
    assert!(sidecar.contains("--out-dir"), "{sidecar}");
    // A non-UTF-8 value where a name is expected: exit 2, no panic.
    let (_, err, code) = run(amoba()
        .arg("verify")
        .arg("--board")
        .arg(OsStr::from_bytes(b"sq\xffare9"))
        .arg("x.txt"));
    assert_eq!(code, 2);
    assert!(err.contains("invalid UTF-8"), "{err}");
}

#[test]
fn error_messages_name_their_cause_once() {
    let dir = temp_dir("out-errors");
    for args in [
        vec!["merge".into(), dir.join("missing.part").into_os_string()],
        vec![
            "show".into(),
            "1".into(),
            "--catalogue".into(),
            dir.as_os_str().to_owned(),
        ],
        vec![
            "graph".into(),
            "--board".into(),
            "line3".into(),
            "--catalogue".into(),
            dir.join("missing.txt").into_os_string(),
            "--out-dir".into(),
            dir.join("missing.txt").into_os_string(),
        ],
    ] {
        let (_, err, code) = run(amoba().args(&args));
        assert_eq!(code, 2, "{args:?}: {err}");
        let cause = err.find("(os error").map(|i| &err[i..]).unwrap_or("");
        let cause = &cause[..cause.find(')').map_or(0, |i| i + 1)];
        assert!(!cause.is_empty(), "{args:?}: {err}");
        assert_eq!(err.matches(cause).count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn verify_and_show_never_write_into_the_current_directory_unasked() {
    let dir = temp_dir("out-cache");
    let (work, cache) = (dir.join("work"), dir.join("cache"));
    std::fs::create_dir_all(&work).unwrap();
    let pairing = "0123012301230123\n"; // not good, so no catalogue needed
    std::fs::write(dir.join("p.txt"), pairing).unwrap();
    let show = |id: &str| {
        run(amoba()
            .args(["show", "--board", "square5", id])
            .current_dir(&work)
            .env("AMOBA_CACHE_DIR", &cache))
    };
    // First use: enumerated into the cache, nothing in the working directory.
    let (out, err, code) = show("2");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("square5 pairing ID 2"), "{out}");
    assert!(err.contains("enumerating board square5"), "{err}");
    assert!(cache.join("catalogue-square5.txt").is_file());
    assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0);
    // Second use: read from the cache.
    let (_, err, code) = show("1");
    assert_eq!(code, 0);
    assert!(!err.contains("enumerating"), "{err}");
    // verify finds the cache too.
    let good = std::fs::read_to_string(cache.join("catalogue-square5.txt")).unwrap();
    std::fs::write(dir.join("good.txt"), good.lines().next().unwrap()).unwrap();
    let (out, err, code) = run(amoba()
        .args(["verify", "--board", "square5", "--brief"])
        .arg(dir.join("good.txt"))
        .current_dir(&work)
        .env("AMOBA_CACHE_DIR", &cache));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("good, ID 1"), "{out}");
    assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0);
    // results/catalogue-<tag>.txt in the working directory wins and is only read.
    std::fs::create_dir_all(work.join("results")).unwrap();
    std::fs::copy(
        cache.join("catalogue-square5.txt"),
        work.join("results/catalogue-square5.txt"),
    )
    .unwrap();
    std::fs::remove_dir_all(&cache).unwrap();
    let (_, err, code) = show("2");
    assert_eq!(code, 0, "{err}");
    assert!(!cache.exists(), "the cache is not used");
    // A cache directory that cannot be made: the catalogue lives in memory.
    std::fs::remove_dir_all(work.join("results")).unwrap();
    std::fs::write(&cache, "a file, not a directory").unwrap();
    let (out, err, code) = show("2");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("square5 pairing ID 2"));
    assert!(err.contains("cannot cache the catalogue"), "{err}");
    assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0);
}

#[test]
fn a_directory_or_an_empty_stdin_is_an_input_error() {
    let dir = temp_dir("out-dir-input");
    let (_, err, code) = run(amoba().args(["verify", "--no-graph"]).arg(&dir));
    assert_eq!(code, 2);
    assert_eq!(err.matches("Is a directory").count(), 1, "{err}");
    let (_, err, code) = run(amoba().args(["verify", "--no-graph", "-"]));
    assert_eq!(code, 2);
    assert!(err.contains("<stdin>:1:1: found an empty file"), "{err}");
}
