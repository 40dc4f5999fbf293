//! Shared fixtures: the square9 catalogue, built once per test binary.
#![allow(dead_code)]

use amoba::core::board::Board;
use amoba::pairing::catalogue::Catalogue;
use amoba::pairing::catalogue::enumerate::{self, EnumerateOutput};
use std::sync::OnceLock;

pub fn square9() -> &'static Board {
    static B: OnceLock<Board> = OnceLock::new();
    B.get_or_init(Board::square9)
}

pub fn enumeration() -> &'static EnumerateOutput {
    static E: OnceLock<EnumerateOutput> = OnceLock::new();
    E.get_or_init(|| enumerate::run(square9(), 0, None, &|_, _| {}))
}

pub fn catalogue() -> &'static Catalogue {
    &enumeration().catalogue
}

/// A small deterministic PRNG (xorshift64*), so tests need no extra crate state.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub mod brute;
pub mod schema;

/// A fresh, empty temporary directory for one test, named after it, and removed with
/// what it holds when dropped — at the test's end, passed or failed.
pub fn temp_dir(name: &str) -> TempDir {
    TempDir(
        tempfile::Builder::new()
            .prefix(&format!("amoba-{name}-"))
            .tempdir()
            .unwrap(),
    )
}

/// A folder for the files that a test binary writes once and its tests share (a
/// catalogue, an index), under Cargo's `target/tmp`: emptied when a run first asks
/// for it (later asks, from any test of the binary, get it as it is), so each run
/// starts clean and no run leaves more than one behind.
pub fn shared_dir(name: &str) -> std::path::PathBuf {
    static EMPTIED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let mut emptied = EMPTIED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !emptied.iter().any(|n| n == name) {
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        emptied.push(name.to_owned());
    }
    d
}

/// A directory of [`temp_dir`], used as a path.
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    /// The directory's path.
    pub fn path(&self) -> &std::path::Path {
        self.0.path()
    }

    /// The path, the directory kept: its caller removes it.
    pub fn keep(self) -> std::path::PathBuf {
        self.0.keep()
    }
}

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// The binary under test, its standard input empty (a command that reads stdin sees
/// the end at once instead of waiting on the test runner's).
pub fn amoba() -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_amoba"));
    c.stdin(std::process::Stdio::null());
    c
}

/// Runs `cmd` to its end: stdout, stderr and exit code, as [`output_text`].
pub fn run(cmd: &mut std::process::Command) -> (String, String, i32) {
    output_text(&cmd.output().unwrap())
}

/// A finished command's stdout, stderr (lossy UTF-8) and exit code (−1 if killed).
pub fn output_text(o: &std::process::Output) -> (String, String, i32) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code().unwrap_or(-1),
    )
}

/// [`interrupted`] after 1.5 s, and again after 4 and 10 s until `ready` accepts
/// the run (a loaded machine may deliver the signal before the command is ready for
/// it, or before it has done what the test looks for); the last run in any case.
#[cfg(unix)]
pub fn interrupted_when(
    mut cmd: impl FnMut() -> std::process::Command,
    signal: &str,
    ready: impl Fn(&str) -> bool,
) -> (
    std::process::ExitStatus,
    String,
    String,
    std::time::Duration,
) {
    let mut run = None;
    for ms in [1500, 4000, 10_000] {
        let r = interrupted(&mut cmd(), signal, std::time::Duration::from_millis(ms));
        let done = ready(&r.1);
        run = Some(r);
        if done {
            break;
        }
    }
    run.unwrap()
}

/// Starts `cmd` (stdout and stderr captured), sends it `signal` (`INT`, `TERM`, …)
/// after `after`, and waits for its end: its status, stdout and stderr, and how long it
/// took to end after the signal.
#[cfg(unix)]
pub fn interrupted(
    cmd: &mut std::process::Command,
    signal: &str,
    after: std::time::Duration,
) -> (
    std::process::ExitStatus,
    String,
    String,
    std::time::Duration,
) {
    use std::process::Stdio;
    let child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = std::time::Instant::now();
    let killed = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success(), "kill -{signal}");
    let o = child.wait_with_output().unwrap();
    let (out, err, _) = output_text(&o);
    (o.status, out, err, sent.elapsed())
}

/// The 8 king steps of the 8×8 torus by code (docs/spec.md §2), written out here so
/// that the tests do not take them from the engine.
pub const STEP: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Codes from a string of digits.
pub fn digits(s: &str) -> Vec<u8> {
    s.bytes().map(|b| b - b'0').collect()
}

/// The independent checker's report (`amoba verify --placements --t T --k K FILE`) on
/// the placement in `file`, and its exit code.
pub fn verify_placement(file: &std::path::Path, t: &str, k: &str) -> (String, i32) {
    let out = amoba()
        .args(["verify", "--placements", "--t", t, "--k", k])
        .arg(file)
        .output()
        .unwrap();
    let (report, _, code) = output_text(&out);
    (report, code)
}
