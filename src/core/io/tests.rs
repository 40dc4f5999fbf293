//! The tests of the atomic writes: stale temporary files of dead processes removed, a
//! failed or panicking writer leaving the old file and no trace, staged files committed
//! or abandoned, permissions kept, a write in progress removed, directories refused.

use super::*;
use std::sync::mpsc;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("amoba-io-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn stale_temporary_files_of_dead_processes_are_removed() {
    let dir = temp_dir("stale");
    // Left by a killed run (no process has that id: Linux's pid_max is at most
    // 2^22), by a live one (pid 1), and another file's.
    for f in [
        ".x.txt.4294967-AbCdEf.tmp",
        ".x.txt.1-AbCdEf.tmp",
        ".y.txt.4294967-AbCdEf.tmp",
    ] {
        fs::write(dir.join(f), "partial").unwrap();
    }
    write_atomic(&dir.join("x.txt"), |w| w.write_all(b"new")).unwrap();
    let expected: &[&str] = if Path::new("/proc/self").exists() {
        &[".x.txt.1-AbCdEf.tmp", ".y.txt.4294967-AbCdEf.tmp", "x.txt"]
    } else {
        &[
            ".x.txt.1-AbCdEf.tmp",
            ".x.txt.4294967-AbCdEf.tmp",
            ".y.txt.4294967-AbCdEf.tmp",
            "x.txt",
        ]
    };
    assert_eq!(names(&dir), expected);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn failed_body_keeps_the_old_file() {
    let dir = temp_dir("fail");
    let path = dir.join("x.txt");
    write_atomic(&path, |w| w.write_all(b"old")).unwrap();
    let err = write_atomic(&path, |w| {
        w.write_all(b"new")?;
        Err(io::Error::other("boom"))
    })
    .unwrap_err();
    assert_eq!(err.to_string(), path.display().to_string());
    assert_eq!(err.source.to_string(), "boom");
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(names(&dir), ["x.txt"], "temp file removed");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_panicking_writer_leaves_no_file_and_no_registration() {
    let dir = temp_dir("panic");
    let path = dir.join("x.txt");
    let result = std::panic::catch_unwind(|| {
        let _ = write_atomic(&path, |w| {
            w.write_all(b"half")?;
            panic!("the writer fails")
        });
    });
    assert!(result.is_err());
    assert!(names(&dir).is_empty(), "no file, not even a temporary one");
    assert_eq!(pending().iter().filter(|p| p.starts_with(&dir)).count(), 0);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_staged_file_appears_on_commit_and_an_abandoned_one_leaves_no_trace() {
    let dir = temp_dir("staged");
    let path = dir.join("x.txt");
    write_atomic(&path, |w| w.write_all(b"old")).unwrap();
    // Larger than one writeback request, so that the early writeback runs too.
    let big = vec![b'7'; (2 * WriteBack::EVERY + 5) as usize];
    let staged = write_staged(&path, |w| w.write_all(&big)).unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "old",
        "not yet in place"
    );
    assert_eq!(names(&dir).len(), 2, "the temporary file beside it");
    assert_eq!(pending().iter().filter(|p| p.starts_with(&dir)).count(), 1);
    staged.commit().unwrap();
    assert_eq!(fs::read(&path).unwrap(), big);
    assert_eq!(names(&dir), ["x.txt"]);
    let abandoned = write_staged(&path, |w| w.write_all(b"new")).unwrap();
    drop(abandoned);
    assert_eq!(fs::read(&path).unwrap(), big, "the old file stays");
    assert_eq!(names(&dir), ["x.txt"], "temp file removed");
    assert_eq!(pending().iter().filter(|p| p.starts_with(&dir)).count(), 0);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_replaced_file_keeps_its_permissions_and_a_new_one_is_not_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("mode");
    let path = dir.join("x.txt");
    write_atomic(&path, |w| w.write_all(b"a")).unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_ne!(
        mode & 0o044,
        0,
        "readable by others as File::create makes it"
    );
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    write_atomic(&path, |w| w.write_all(b"b")).unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn remove_temp_files_removes_a_write_in_progress() {
    let dir = temp_dir("pending");
    let path = dir.join("slow.txt");
    let (started_tx, started_rx) = mpsc::channel();
    let (go_tx, go_rx) = mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        write_atomic(&path, |w| {
            w.write_all(b"partial")?;
            started_tx.send(()).unwrap();
            go_rx.recv().unwrap();
            w.write_all(b" rest")
        })
    });
    started_rx.recv().unwrap();
    let tmp = names(&dir);
    assert_eq!(tmp.len(), 1, "{tmp:?}");
    assert!(tmp[0].starts_with(".slow.txt.") && tmp[0].ends_with(".tmp"));
    // What remove_temp_files does, restricted to this test's directory so that
    // the writes of tests running alongside are left alone.
    assert_eq!(remove_listed(&mut pending(), |p| p.starts_with(&dir)), 1);
    assert!(
        names(&dir).is_empty(),
        "temp file removed while being written"
    );
    go_tx.send(()).unwrap();
    // The rename then fails (its source is gone) and nothing is left behind.
    assert!(writer.join().unwrap().is_err());
    assert!(names(&dir).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_temporary_file_that_cannot_be_made_is_not_named() {
    let dir = temp_dir("no-temp-name").join("missing");
    let e = tempfile::Builder::new()
        .prefix(".x.txt.")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .unwrap_err();
    assert!(e.to_string().contains(".tmp"), "{e}");
    let e = without_temp_path(e);
    assert_eq!(e.kind(), io::ErrorKind::NotFound);
    assert!(!e.to_string().contains(".tmp"), "{e}");
    assert!(e.to_string().contains("os error 2"), "{e}");
    fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

#[test]
fn a_directory_is_refused() {
    let dir = temp_dir("dir");
    let err = write_atomic(&dir, |w| w.write_all(b"x")).unwrap_err();
    assert_eq!(err.source.kind(), io::ErrorKind::IsADirectory);
    assert!(dir.is_dir());
    fs::remove_dir_all(&dir).unwrap();
}
