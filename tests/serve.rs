//! `amoba serve`, from outside: the binary is started with `--port 0` on hex7 (26
//! classes, its catalogue enumerated in a temporary cache in well under a second), the
//! URL read from its stderr, and every endpoint asked over loopback HTTP: the JSON
//! documents parse and satisfy their schemas, the pictures are SVG, every bad request
//! is a 4xx with a JSON error, no file of the machine can be reached. A browser test
//! drives a real headless Chromium through chromedriver (the WebDriver protocol spoken
//! over plain HTTP); a bounded load test reports requests per second and latencies.
//!
//! One file for one subject, the explorer over HTTP, past the usual 600 lines: its
//! cases share the server harness and the HTTP and schema helpers below.

mod common;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `amoba serve`, stopped when dropped.
struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT` (no trailing slash).
    base: String,
    dir: PathBuf,
    /// Whether the directory is this server's, removed when it stops.
    owns_dir: bool,
}

impl Server {
    /// Starts the explorer on `board` in a fresh directory (its own cache, no
    /// `results/`), waiting for the URL on stderr.
    fn start(name: &str, board: &str) -> Server {
        Server::start_in(common::temp_dir(name).keep(), board, true)
    }

    /// Starts the explorer on `board` in `dir` (its cache `dir/cache`).
    fn start_in(dir: PathBuf, board: &str, owns_dir: bool) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_amoba"))
            .args(["serve", "--board", board, "--port", "0"])
            .current_dir(&dir)
            .env("AMOBA_CACHE_DIR", dir.join("cache"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("amoba serve starts");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let mut seen = Vec::new();
        let base = loop {
            let Some(Ok(line)) = lines.next() else {
                let _ = child.kill();
                panic!(
                    "amoba serve ended without printing its URL:\n{}",
                    seen.join("\n")
                );
            };
            if let Some(at) = line.find("http://") {
                let url = line[at..].split_whitespace().next().unwrap();
                break url.trim_end_matches('/').to_string();
            }
            seen.push(line);
        };
        // Keep draining stderr so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        assert!(base.starts_with("http://127.0.0.1:"), "{base}");
        Server {
            child,
            base,
            dir,
            owns_dir,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn addr(&self) -> String {
        self.base.trim_start_matches("http://").to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if self.owns_dir {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

/// Status, content type and body of a GET.
fn get(a: &ureq::Agent, url: &str) -> (u16, String, String) {
    let mut r = a
        .get(url)
        .call()
        .unwrap_or_else(|e| panic!("GET {url}: {e}"));
    let ct = header(&r, "content-type");
    let body = r
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_string()
        .unwrap();
    (r.status().as_u16(), ct, body)
}

/// Status, content type and body of a POST of `body` as text.
fn post(a: &ureq::Agent, url: &str, body: &[u8]) -> (u16, String, String) {
    let mut r = a
        .post(url)
        .header("content-type", "text/plain; charset=utf-8")
        .send(body)
        .unwrap_or_else(|e| panic!("POST {url}: {e}"));
    let ct = header(&r, "content-type");
    let body = r.body_mut().read_to_string().unwrap();
    (r.status().as_u16(), ct, body)
}

fn header(r: &ureq::http::Response<ureq::Body>, name: &str) -> String {
    r.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

/// A JSON answer with status 200.
fn ok_json(a: &ureq::Agent, url: &str) -> Value {
    let (status, ct, body) = get(a, url);
    assert_eq!(status, 200, "GET {url}: {body}");
    assert!(ct.starts_with("application/json"), "GET {url}: {ct}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("GET {url}: not JSON: {e}"))
}

/// A picture with status 200.
fn ok_svg(a: &ureq::Agent, url: &str) -> String {
    let (status, ct, body) = get(a, url);
    assert_eq!(status, 200, "GET {url}: {body}");
    assert!(ct.starts_with("image/svg+xml"), "GET {url}: {ct}");
    assert!(body.starts_with("<svg") && body.trim_end().ends_with("</svg>"));
    body
}

/// A 4xx (`status`) whose body is `{"error": "..."}` containing `needle`.
fn assert_error(status: u16, ct: &str, body: &str, expected: u16, needle: &str, what: &str) {
    assert_eq!(status, expected, "{what}: {body}");
    assert!(ct.starts_with("application/json"), "{what}: {ct}");
    let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{what}: {e}: {body}"));
    let msg = v["error"].as_str().unwrap_or_else(|| panic!("{what}: {v}"));
    assert!(msg.contains(needle), "{what}: {msg:?} lacks {needle:?}");
}

fn get_error(a: &ureq::Agent, url: &str, expected: u16, needle: &str) {
    let (s, ct, b) = get(a, url);
    assert_error(s, &ct, &b, expected, needle, url);
}

/// A consistent hex7 pairing that is not good: every domino horizontal, so each row
/// holds three and no diagonal or column holds any.
const ALL_HORIZONTAL: &str =
    "# every domino horizontal\n030303\n030303\n030303\n030303\n030303\n030303\n";

#[test]
fn every_endpoint_answers_with_its_document_or_a_json_error() {
    let s = Server::start("serve-api", "hex7");
    let a = agent();

    // The page and its assets, compiled in.
    for page in [
        "/",
        "/pairing/5",
        "/path?from=1&to=26",
        "/select",
        "/verify",
        "/graph",
        "/placement",
    ] {
        let (st, ct, body) = get(&a, &s.url(page));
        assert_eq!(st, 200, "{page}");
        assert!(ct.starts_with("text/html"), "{page}: {ct}");
        assert!(body.contains("/assets/app.js") && !body.contains("https://"));
    }
    let (st, ct, js) = get(&a, &s.url("/assets/app.js"));
    assert!(st == 200 && ct.starts_with("text/javascript"), "{ct}");
    assert!(js.contains("/api/pairing/") && !js.contains("https://"));
    let (st, ct, _) = get(&a, &s.url("/assets/style.css"));
    assert!(st == 200 && ct.starts_with("text/css"));

    // Boards.
    let boards = ok_json(&a, &s.url("/api/boards"));
    assert_eq!(boards["default"], "hex7");
    let names: Vec<&str> = boards["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"hex7") && names.contains(&"square9") && names.contains(&"cube7"));
    let hex7 = boards["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "hex7")
        .unwrap();
    assert_eq!(hex7["classes"], 26);

    // A class: the document of `amoba query 5 --json`.
    let q = ok_json(&a, &s.url("/api/pairing/5"));
    let q = common::schema::assert_valid_text(&q.to_string());
    assert_eq!(q["id"], 5);
    // Its kind, from the lattice: hex7 is the 6×6 torus.
    assert_eq!(q["kind"], "6-toroidal");
    let degree = q["degree"].as_u64().unwrap() as usize;
    let neighbours = q["neighbours"].as_array().unwrap();
    assert_eq!(neighbours.len(), degree);
    assert!((2..=6).contains(&degree), "hex7 degrees are 2 to 6");
    // The same document as the command line's, apart from the command.
    let cli = Command::new(env!("CARGO_BIN_EXE_amoba"))
        .args(["query", "5", "--board", "hex7", "--json"])
        .current_dir(&s.dir)
        .env("AMOBA_CACHE_DIR", s.dir.join("cache"))
        .output()
        .unwrap();
    let mut cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let mut served = q.clone();
    cli["provenance"]["command"] = json!("");
    served["provenance"]["command"] = json!("");
    assert_eq!(cli, served, "the API and `amoba query --json` differ");

    let svg = ok_svg(&a, &s.url("/api/pairing/5/svg"));
    assert!(svg.contains("hex7 pairing ID 5"));
    let n = neighbours[0]["id"].as_u64().unwrap();
    let moved = ok_svg(&a, &s.url(&format!("/api/pairing/5/move/{n}/svg")));
    assert!(
        moved.contains("class=\"marked\""),
        "the slid dominoes are highlighted"
    );
    // Downloadable: the same picture as an attachment.
    let r = a
        .get(&s.url("/api/pairing/5/svg?download=1"))
        .call()
        .unwrap();
    assert!(header(&r, "content-disposition").contains("attachment"));
    assert!(header(&r, "content-security-policy").contains("default-src 'self'"));

    // A path: the document of `amoba path --json`, and every step drawn.
    let p = ok_json(&a, &s.url("/api/path?from=1&to=26"));
    let p = common::schema::assert_valid_text(&p.to_string());
    assert_eq!(p["connected"], true);
    let len = p["length"].as_u64().unwrap();
    assert!((1..=7).contains(&len), "hex7's diameter is 7");
    assert_eq!(p["steps"].as_array().unwrap().len() as u64, len);
    assert!(ok_svg(&a, &s.url("/api/path/svg?from=1&to=26&step=0")).contains("start"));
    let last = ok_svg(
        &a,
        &s.url(&format!("/api/path/svg?from=1&to=26&step={len}")),
    );
    assert!(last.contains("class=\"marked\""));
    get_error(
        &a,
        &s.url(&format!("/api/path/svg?from=1&to=26&step={}", len + 1)),
        404,
        "step",
    );

    // Select, a page at a time.
    let all = ok_json(&a, &s.url("/api/select?per_page=10"));
    assert_eq!(all["total"], 26);
    assert_eq!(all["rows"].as_array().unwrap().len(), 10);
    common::schema::assert_valid(
        &amoba::core::provenance::SELECT,
        &json!({ "provenance": all["head"]["provenance"] }),
    );
    let page3 = ok_json(&a, &s.url("/api/select?per_page=10&page=3"));
    let ids: Vec<u64> = page3["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, (21..=26).collect::<Vec<_>>());
    let row = &page3["rows"][0];
    for k in ["id", "canonical", "stabiliser_order", "component", "degree"] {
        assert!(row.get(k).is_some(), "a select row has {k}");
    }
    let d2 = ok_json(&a, &s.url("/api/select?degree=2&ids=1..26"));
    assert!(
        d2["rows"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["degree"] == 2)
    );
    let sym = ok_json(&a, &s.url("/api/select?symmetry=0,1%201,0"));
    assert!(sym["total"].as_u64().unwrap() <= 26);

    // Verify a pasted text: the document of `amoba verify --json`.
    let canonical = q["canonical"].as_str().unwrap();
    let (st, _, body) = post(&a, &s.url("/api/verify"), canonical.as_bytes());
    assert_eq!(st, 200, "{body}");
    let v = common::schema::assert_valid_text(&body);
    assert_eq!(v["good_pairings"], 1);
    assert_eq!(v["exit_code"], 0);
    assert_eq!(v["inputs"][0]["reports"][0]["class"]["id"], 5);
    let (st, _, body) = post(&a, &s.url("/api/verify"), ALL_HORIZONTAL.as_bytes());
    assert_eq!(st, 200, "{body}");
    let v = common::schema::assert_valid_text(&body);
    assert_eq!(v["exit_code"], 1);
    let an = &v["inputs"][0]["reports"][0]["analysis"];
    assert_eq!(an["lines_with_several"].as_array().unwrap().len(), 6);
    assert_eq!(an["lines_without_domino"].as_array().unwrap().len(), 12);
    let (st, ct, svg) = post(&a, &s.url("/api/verify/svg"), ALL_HORIZONTAL.as_bytes());
    assert!(st == 200 && ct.starts_with("image/svg+xml"), "{svg}");
    assert!(svg.contains("class=\"flagged\"") && svg.contains("not good"));
    // A text with one malformed line among good pairings: listed, the rest checked.
    let mixed = format!("{canonical}\nnot a pairing\n");
    let (st, _, body) = post(&a, &s.url("/api/verify"), mixed.as_bytes());
    assert_eq!(st, 200, "{body}");
    let v = common::schema::assert_valid_text(&body);
    assert_eq!(v["exit_code"], 2);
    assert_eq!(v["inputs"][0]["errors"][0]["line"], 2);

    // The same documents as `amoba verify --json` of a file named `pasted`.
    for text in [mixed.as_str(), ALL_HORIZONTAL, canonical] {
        std::fs::write(s.dir.join("pasted"), text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_amoba"))
            .args(["verify", "--board", "hex7", "--json", "pasted"])
            .current_dir(&s.dir)
            .env("AMOBA_CACHE_DIR", s.dir.join("cache"))
            .output()
            .unwrap();
        let mut cli: Value = serde_json::from_slice(&out.stdout).unwrap();
        let (_, _, body) = post(&a, &s.url("/api/verify"), text.as_bytes());
        let mut served: Value = serde_json::from_str(&body).unwrap();
        cli["provenance"]["command"] = json!("");
        served["provenance"]["command"] = json!("");
        // The command line names the catalogue only when a good pairing made it load
        // one; the server has loaded it for an earlier request.
        if cli["provenance"]["catalogue_sha256"].is_null() {
            served["provenance"]["catalogue_sha256"] = Value::Null;
        }
        assert_eq!(
            cli, served,
            "the API and `amoba verify --json` differ on {text:?}"
        );
    }

    // The graph, a component drawn whole, a neighbourhood.
    let g = ok_json(&a, &s.url("/api/graph"));
    assert_eq!(g["vertices"], 26);
    assert_eq!(g["edges"], 53);
    assert_eq!(g["components"], json!([{ "component": 1, "size": 26 }]));
    let c = ok_json(&a, &s.url("/api/component/1"));
    assert_eq!(c["vertices"].as_array().unwrap().len(), 26);
    assert_eq!(c["edges"].as_array().unwrap().len(), 53);
    assert!(ok_svg(&a, &s.url("/api/component/1/svg")).contains("Component 1"));
    let ball = ok_json(&a, &s.url("/api/neighbourhood/5?radius=1"));
    assert_eq!(ball["vertices"].as_array().unwrap().len(), degree + 1);
    let at1 = ball["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["distance"] == 1)
        .count();
    assert_eq!(at1, degree);
    let whole = ok_json(&a, &s.url("/api/neighbourhood/5?radius=7"));
    assert_eq!(whole["vertices"].as_array().unwrap().len(), 26);
    assert!(ok_svg(&a, &s.url("/api/neighbourhood/5/svg?radius=2")).contains("[5]"));

    // Another built-in board, loaded at its first request.
    let sq5 = ok_json(&a, &s.url("/api/select?board=square5"));
    assert_eq!(sq5["total"], 2);
    ok_svg(&a, &s.url("/api/pairing/2/svg?board=square5"));
    assert_eq!(
        ok_json(&a, &s.url("/api/pairing/2?board=square5"))["kind"],
        "4-toroidal"
    );
    // hex7 is drawn on the hexagonal grid, square5 on the square one.
    let hex = ok_svg(&a, &s.url("/api/pairing/5/svg"));
    assert!(hex.contains("<polygon") && hex.contains("hexagonal grid"));
    assert!(!ok_svg(&a, &s.url("/api/pairing/2/svg?board=square5")).contains("<polygon"));

    // Placements: the samples, a verdict as `amoba verify --placements --json` gives
    // it, the picture of `amoba show --placement`.
    let samples = ok_json(&a, &s.url("/api/placements"));
    let files: Vec<&str> = samples
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["file"].as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 6, "{files:?}");
    let pairing1 = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/placements/pairing-1.txt"),
    )
    .unwrap();
    assert_eq!(samples[0]["file"], "pairing-1.txt");
    assert_eq!(samples[0]["text"].as_str().unwrap(), pairing1);
    std::fs::write(s.dir.join("pasted"), &pairing1).unwrap();
    for (query, extra, exit) in [("", None, 0), ("?k=8", Some("8"), 1)] {
        let (st, _, body) = post(
            &a,
            &s.url(&format!("/api/placement{query}")),
            pairing1.as_bytes(),
        );
        assert_eq!(st, 200, "{body}");
        let mut served = common::schema::assert_valid_text(&body);
        assert_eq!(served["exit_code"], exit, "{body}");
        let report = &served["inputs"][0]["report"];
        assert_eq!(report["good"], exit == 0);
        assert_eq!(
            report["witnesses"].as_array().unwrap().is_empty(),
            exit == 0
        );
        let mut args = vec!["verify", "--placements", "--json", "pasted"];
        if let Some(k) = extra {
            args.extend(["--k", k]);
        }
        let out = Command::new(env!("CARGO_BIN_EXE_amoba"))
            .args(&args)
            .current_dir(&s.dir)
            .output()
            .unwrap();
        let mut cli: Value = serde_json::from_slice(&out.stdout).unwrap();
        cli["provenance"]["command"] = json!("");
        served["provenance"]["command"] = json!("");
        assert_eq!(cli, served, "the API and `amoba {}` differ", args.join(" "));
    }
    let (st, ct, svg) = post(&a, &s.url("/api/placement/svg"), pairing1.as_bytes());
    assert!(st == 200 && ct.starts_with("image/svg+xml"), "{svg}");
    let shown = Command::new(env!("CARGO_BIN_EXE_amoba"))
        .args(["show", "--placement", "pasted", "--format", "svg"])
        .current_dir(&s.dir)
        .output()
        .unwrap();
    assert_eq!(
        svg,
        String::from_utf8(shown.stdout).unwrap(),
        "the API and `amoba show --placement` draw differently"
    );
    let malformed = "lattice 8,0 0,8\n0,0:a 1,0:q\n";
    let (st, ct, body) = post(&a, &s.url("/api/placement"), malformed.as_bytes());
    assert_error(st, &ct, &body, 400, "pasted:", "a malformed placement");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(e["line"].as_u64().is_some(), "{e}");
    let (st, ct, body) = post(&a, &s.url("/api/placement/svg"), malformed.as_bytes());
    assert_error(
        st,
        &ct,
        &body,
        400,
        "pasted:",
        "a malformed placement drawn",
    );
    let (st, ct, body) = post(&a, &s.url("/api/placement"), b"");
    assert_error(st, &ct, &body, 400, "pasted", "an empty placement");
    let (st, ct, body) = post(&a, &s.url("/api/placement?k=1"), pairing1.as_bytes());
    assert_error(st, &ct, &body, 400, "k", "k out of range");
    let (st, ct, body) = post(
        &a,
        &s.url("/api/placement/svg?window=100000"),
        pairing1.as_bytes(),
    );
    assert_error(st, &ct, &body, 400, "window", "a window too large");
    let (st, ct, body) = post(&a, &s.url("/api/placement?board=nope"), pairing1.as_bytes());
    assert_error(st, &ct, &body, 404, "nope", "an unknown board");
    let mut big = pairing1.clone().into_bytes();
    big.resize((1 << 20) + 1, b'#');
    let (st, ct, body) = post(&a, &s.url("/api/placement"), &big);
    assert_error(
        st,
        &ct,
        &body,
        413,
        "larger than the limit",
        "an oversized placement",
    );
    get_error(&a, &s.url("/api/placement"), 405, "method");

    // A game solved: the document of `amoba solve --json`.
    let games = ok_json(&a, &s.url("/api/games"));
    let seven = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["file"] == "seven.game")
        .unwrap()["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        seven,
        std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games/seven.game")
        )
        .unwrap()
    );
    let (st, _, body) = post(&a, &s.url("/api/game?moves=1"), seven.as_bytes());
    assert_eq!(st, 200, "{body}");
    let g = common::schema::assert_valid_text(&body);
    assert_eq!(g["winner"], "maker");
    let winning: Vec<&Value> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winner"] == "maker")
        .collect();
    assert_eq!(
        winning.len(),
        1,
        "seven.game: Maker wins only by opening at 1"
    );
    assert_eq!(winning[0]["cell"], "1");
    let (st, ct, body) = post(&a, &s.url("/api/game"), b"this is not a game\n");
    assert_error(st, &ct, &body, 400, "pasted game", "a malformed game");

    // A strategy written for a game and checked against it: the certificate of `amoba
    // solve --certificate`, the document of `amoba verify --strategy --json`.
    let (st, ct, cert) = post(&a, &s.url("/api/strategy/solve"), seven.as_bytes());
    assert_eq!(
        (st, ct.as_str()),
        (200, "text/plain; charset=utf-8"),
        "{cert}"
    );
    assert!(cert.starts_with("amoba-strategy 1\n"), "{cert}");
    assert!(cert.contains("\nnode 0 move 1 "), "{cert}");
    let walk =
        |cert: &str| serde_json::to_vec(&json!({ "game": seven, "certificate": cert })).unwrap();
    let (st, _, body) = post(&a, &s.url("/api/strategy"), &walk(&cert));
    assert_eq!(st, 200, "{body}");
    let v = common::schema::assert_valid_text(&body);
    assert_eq!(
        (&v["verdict"], &v["winner"], &v["certificate"]),
        (&json!("proof"), &json!("maker"), &json!("pasted.strategy"))
    );
    // Opening at 2, the move that loses: not a proof, and the node says why.
    let wrong = cert.replace("\nnode 0 move 1 ", "\nnode 0 move 2 ");
    let (st, _, body) = post(&a, &s.url("/api/strategy"), &walk(&wrong));
    assert_eq!(st, 200, "{body}");
    let v = common::schema::assert_valid_text(&body);
    assert_eq!(v["verdict"], "not-a-proof");
    let (st, ct, body) = post(
        &a,
        &s.url("/api/strategy"),
        &walk("amoba-strategy 1\nbogus\n"),
    );
    assert_error(
        st,
        &ct,
        &body,
        400,
        "pasted.strategy:2:1:",
        "a malformed certificate",
    );
    let (st, ct, body) = post(&a, &s.url("/api/strategy"), b"{\"game\": 1}");
    assert_error(
        st,
        &ct,
        &body,
        400,
        "expected a JSON object",
        "a body that is not the two texts",
    );
    let array = serde_json::to_vec(&json!([seven, cert])).unwrap();
    let (st, ct, body) = post(&a, &s.url("/api/strategy"), &array);
    assert_error(
        st,
        &ct,
        &body,
        400,
        "not an object",
        "the two texts as an array",
    );
    // A certificate the page could not send back with its game, the two over the
    // limit of a body together: a 422 that says so, not a text the page cannot use.
    let comment = format!("# {}\n", "x".repeat(62));
    let padded = comment.repeat((1 << 20) / comment.len() - 4) + seven.as_str();
    assert!(padded.len() < 1 << 20);
    let (st, ct, body) = post(&a, &s.url("/api/strategy/solve"), padded.as_bytes());
    assert_error(
        st,
        &ct,
        &body,
        422,
        "the explorer's limit",
        "a certificate too large to send back with its game",
    );
    let (st, ct, body) = post(&a, &s.url("/api/strategy/solve"), b"this is not a game\n");
    assert_error(
        st,
        &ct,
        &body,
        400,
        "pasted game",
        "a malformed game to write a strategy for",
    );

    // The 4xx answers, each a JSON error.
    get_error(&a, &s.url("/api/pairing/0"), 404, "from 1 to 26");
    get_error(&a, &s.url("/api/pairing/27"), 404, "from 1 to 26");
    get_error(
        &a,
        &s.url("/api/pairing/abc"),
        400,
        "expected a catalogue ID",
    );
    get_error(
        &a,
        &s.url("/api/pairing/99999999999999999999999"),
        400,
        "catalogue ID",
    );
    get_error(
        &a,
        &s.url("/api/pairing/5/svg?board=nope"),
        404,
        "found board \"nope\"",
    );
    get_error(&a, &s.url("/api/pairing/1?board=cube7"), 400, "cube7");
    get_error(
        &a,
        &s.url("/api/pairing/5/move/5/svg"),
        404,
        "not a neighbour",
    );
    get_error(&a, &s.url("/api/path?from=1"), 400, "to");
    get_error(&a, &s.url("/api/path?from=1&to=x"), 400, "to");
    get_error(&a, &s.url("/api/select?degree=5..2"), 400, "empty range");
    get_error(&a, &s.url("/api/select?stabiliser=a"), 400, "whole number");
    get_error(&a, &s.url("/api/select?symmetry=nonsense"), 400, "symmetry");
    get_error(&a, &s.url("/api/select?per_page=100000"), 400, "per_page");
    // A path segment that is not UTF-8 once decoded.
    get_error(&a, &s.url("/api/pairing/%ff"), 400, "Invalid URL");
    get_error(&a, &s.url("/api/component/2"), 404, "from 1 to 1");
    get_error(&a, &s.url("/api/neighbourhood/5?radius=99"), 400, "radius");
    get_error(&a, &s.url("/api/nothing"), 404, "no page");
    let (st, ct, body) = post(&a, &s.url("/api/verify"), b"xyz\n");
    assert_error(st, &ct, &body, 400, "pasted:1:", "a malformed pairing");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(e["line"], 1);
    let (st, ct, body) = post(&a, &s.url("/api/verify"), b"");
    assert_error(st, &ct, &body, 400, "pasted:", "an empty text");
    let (st, ct, body) = post(&a, &s.url("/api/verify/svg?pick=2"), canonical.as_bytes());
    assert_error(st, &ct, &body, 404, "pick", "a pick beyond the text");
    let big = vec![b'#'; (1 << 20) + 1];
    let (st, ct, body) = post(&a, &s.url("/api/verify"), &big);
    assert_error(
        st,
        &ct,
        &body,
        413,
        "larger than the limit",
        "an oversized body",
    );
    let (st, ct, body) = post(&a, &s.url("/api/pairing/5"), b"");
    assert_error(st, &ct, &body, 405, "method", "a POST to a GET endpoint");
    let too_many = format!("{canonical}\n").repeat(1001);
    let (st, ct, body) = post(&a, &s.url("/api/verify"), too_many.as_bytes());
    assert_error(st, &ct, &body, 400, "at most", "too many pairings");

    // No file of the machine is reachable: raw requests, not normalised by a client.
    for target in [
        "/../../../../etc/passwd",
        "/assets/../../../../etc/passwd",
        "/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/assets/..%2f..%2f..%2fCargo.toml",
        "/Cargo.toml",
        "/src/serve/assets/app.js",
        "/assets/",
        "//etc/passwd",
    ] {
        let (status, body) = raw_get(&s.addr(), target);
        assert!(status == 404 || status == 400, "{target}: {status}");
        assert!(
            !body.contains("root:") && !body.contains("[package]"),
            "{target}"
        );
        if status == 404 {
            assert!(body.contains("\"error\""), "{target}: {body}");
        }
    }

    // A page elsewhere cannot read the explorer through a name of its own (DNS
    // rebinding): the Host must be a loopback one.
    let (status, body) = raw_request(&s.addr(), "/api/pairing/1", "evil.example:80");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("\"error\"") && body.contains("loopback"));
    let port = s.addr().rsplit_once(':').unwrap().1.to_string();
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        assert_eq!(
            raw_request(&s.addr(), "/api/pairing/1", &host).0,
            200,
            "{host}"
        );
    }

    // Still serving after all that.
    ok_json(&a, &s.url("/api/pairing/1"));
}

/// Status and body of a GET sent byte for byte as given.
fn raw_get(addr: &str, target: &str) -> (u16, String) {
    raw_request(addr, target, addr)
}

/// Status and body of a GET of `target` naming `host`, sent byte for byte.
fn raw_request(addr: &str, target: &str, host: &str) -> (u16, String) {
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        c,
        "GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = Vec::new();
    let _ = c.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

/// Four clients of 500 requests each over loopback, a mix of the pages' calls, after
/// as many to warm up; reports requests per second, latency percentiles and the
/// server's resident memory, which must stay flat (BENCHMARKS.md, *The explorer*).
/// Every answer must be a 200. Then a second server on the same cache: the time from
/// its start to the first page's data, at most a second.
#[test]
fn load_of_four_clients_is_served() {
    let s = Server::start("serve-load", "hex7");
    const CLIENTS: usize = 4;
    const REQUESTS: usize = 500;
    let pid = s.child.id();
    let rss_start = resident_kib(pid);
    // A first round warms the server up (its thread pools, the allocator's arenas);
    // the measured round must then leave the resident memory where it was.
    let warm = load(&s.base, CLIENTS, REQUESTS);
    assert_eq!(warm.len(), CLIENTS * REQUESTS);
    let rss_warm = resident_kib(pid);
    let started = Instant::now();
    let mut lat = load(&s.base, CLIENTS, REQUESTS);
    let wall = started.elapsed();
    let rss_after = resident_kib(pid);
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    let total = lat.len();
    assert_eq!(total, CLIENTS * REQUESTS);
    eprintln!(
        "amoba serve load: {CLIENTS} clients × {REQUESTS} requests on hex7 in {:.2} s: \
         {:.0} requests/s; latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        wall.as_secs_f64(),
        total as f64 / wall.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.90).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        lat[total - 1].as_secs_f64() * 1e3
    );
    eprintln!(
        "amoba serve memory: resident {:.1} MiB at start, {:.1} MiB after {} warm-up \
         requests, {:.1} MiB after {} more",
        rss_start as f64 / 1024.0,
        rss_warm as f64 / 1024.0,
        CLIENTS * REQUESTS,
        rss_after as f64 / 1024.0,
        CLIENTS * REQUESTS
    );
    assert!(wall < Duration::from_secs(50), "the load took {wall:?}");
    // Flat: the measured round may not grow the resident set by more than 16 MiB (a
    // leak of 8 KiB a request would), nor the whole run by more than 48 MiB (the
    // thread pools and arenas of a fresh server take a few MiB).
    let grown = |from: u64| rss_after.saturating_sub(from) / 1024;
    assert!(
        grown(rss_warm) < 16,
        "resident memory grew from {rss_warm} KiB to {rss_after} KiB under load"
    );
    assert!(
        grown(rss_start) < 48,
        "resident memory grew from {rss_start} KiB to {rss_after} KiB"
    );

    // Started again with the catalogue in the cache: the home page and its data.
    let started = Instant::now();
    let again = Server::start_in(s.dir.clone(), "hex7", false);
    let a = agent();
    let (st, _, _) = get(&a, &again.url("/"));
    assert_eq!(st, 200);
    ok_json(&a, &again.url("/api/graph"));
    let ready = started.elapsed();
    eprintln!(
        "amoba serve start: the first page and its data {:.1} ms after the start, the \
         catalogue cached",
        ready.as_secs_f64() * 1e3
    );
    assert!(ready < Duration::from_secs(1), "ready after {ready:?}");
}

/// The resident memory of process `pid` in KiB (`VmRSS` of /proc/PID/status).
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no VmRSS in /proc/{pid}/status"))
}

/// `clients` threads of `requests` requests each, a mix of the pages' calls; the
/// latency of each (every answer must be a 200).
fn load(base: &str, clients: usize, requests: usize) -> Vec<Duration> {
    let handles: Vec<_> = (0..clients)
        .map(|c| {
            let base = base.to_string();
            std::thread::spawn(move || {
                let a = agent();
                let mut lat = Vec::with_capacity(requests);
                for i in 0..requests {
                    let id = (c * requests + i) % 26 + 1;
                    let path = match i % 4 {
                        0 => format!("/api/pairing/{id}"),
                        1 => format!("/api/pairing/{id}/svg"),
                        2 => format!("/api/path?from={id}&to={}", 27 - id),
                        _ => format!("/api/select?degree={}", id % 5 + 2),
                    };
                    let t = Instant::now();
                    let (status, _, _) = get(&a, &format!("{base}{path}"));
                    lat.push(t.elapsed());
                    assert_eq!(status, 200, "{path}");
                }
                lat
            })
        })
        .collect();
    handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect()
}

/// A WebDriver session of chromedriver, spoken over plain HTTP.
struct Browser {
    driver: Child,
    base: String,
    session: String,
    agent: ureq::Agent,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    /// Starts chromedriver and a headless Chromium; None (with a notice) when they are
    /// not installed, except under CI, where they must be.
    fn start() -> Option<Browser> {
        let found = |p: &str| {
            Command::new(p)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        if !(found("chromedriver") && found("chromium")) {
            assert!(
                std::env::var_os("CI").is_none(),
                "chromium and chromedriver are needed under CI (.ci/run installs them)"
            );
            eprintln!(
                "serve browser test skipped: chromium or chromedriver is not installed \
                 (apt-get install chromium chromium-driver)"
            );
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let agent = agent();
        let deadline = Instant::now() + Duration::from_secs(20);
        while agent.get(&format!("{base}/status")).call().is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut b = Browser {
            driver,
            base,
            session: String::new(),
            agent,
        };
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1280,1000"]
            }
        }}});
        let v = b.call("POST", "/session", Some(caps));
        b.session = v["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        Some(b)
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let mut r = match method {
            "GET" => self.agent.get(&url).call(),
            "DELETE" => self.agent.delete(&url).call(),
            _ => self
                .agent
                .post(&url)
                .send_json(body.unwrap_or_else(|| json!({}))),
        }
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let text = r
            .body_mut()
            .with_config()
            .limit(64 << 20)
            .read_to_string()
            .unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        v["value"].clone()
    }

    fn session(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn open(&self, url: &str) {
        self.session("POST", "/url", Some(json!({ "url": url })));
        self.wait_ready();
    }

    fn script(&self, script: &str, args: Value) -> Value {
        self.session(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Waits until the page has built its view.
    fn wait_ready(&self) {
        self.wait_for(
            "the page to be ready",
            "return document.readyState === 'complete' && document.body.getAttribute('data-ready') === '1';",
        );
    }

    /// Waits until `script` returns true.
    fn wait_for(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.script(script, json!([])) != json!(true) {
            assert!(Instant::now() < deadline, "waited too long for {what}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The element of a CSS selector (which must exist).
    fn find(&self, css: &str) -> String {
        let v = self.session(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    fn text(&self, css: &str) -> String {
        let e = self.find(css);
        self.session("GET", &format!("/element/{e}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.session("POST", &format!("/element/{e}/click"), Some(json!({})));
    }

    fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.session("POST", &format!("/element/{e}/clear"), Some(json!({})));
        self.session(
            "POST",
            &format!("/element/{e}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn count(&self, css: &str) -> u64 {
        self.script(
            "return document.querySelectorAll(arguments[0]).length;",
            json!([css]),
        )
        .as_u64()
        .unwrap_or(0)
    }

    fn screenshot(&self, path: &Path) {
        let v = self.session("GET", "/screenshot", None);
        let png = base64_decode(v.as_str().expect("a screenshot"));
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self
                .agent
                .delete(&format!("{}/session/{}", self.base, self.session))
                .call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64 (the screenshot WebDriver sends).
fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for v in s.bytes().filter_map(val) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

#[test]
fn the_page_in_a_real_browser() {
    let Some(b) = Browser::start() else {
        return;
    };
    let s = Server::start("serve-browser", "hex7");

    // The home page, then an ID through the go-to box.
    b.open(&s.url("/"));
    assert!(b.text("#home-summary").contains("26 classes"));
    b.type_into("#goto-id", "3");
    b.click("#goto button");
    b.wait_for(
        "pairing 3",
        "return location.pathname === '/pairing/3' && document.body.getAttribute('data-ready') === '1';",
    );
    assert_eq!(b.text("#title"), "Pairing ID 3");
    let degree: u64 = b.text("#degree").parse().unwrap();
    assert_eq!(b.count("#neighbours li.neighbour"), degree);
    assert_eq!(b.count(".picture svg"), 1, "the drawing is inline");

    // Follow a neighbour.
    let target = b.text("#neighbours li.neighbour a.neighbour-link");
    let id = target.trim_start_matches("ID ").to_string();
    b.click("#neighbours li.neighbour a.neighbour-link");
    b.wait_for(
        "the neighbour's page",
        &format!(
            "return location.pathname === '/pairing/{id}' && document.body.getAttribute('data-ready') === '1';"
        ),
    );
    assert_eq!(b.text("#title"), format!("Pairing ID {id}"));
    // The neighbour list of the new page links back to 3.
    assert!(b.count("#neighbours li.neighbour[data-id='3']") == 1);

    // A path, stepped through.
    b.open(&s.url("/path"));
    b.type_into("#path-from", "1");
    b.type_into("#path-to", "26");
    b.click("#path-go");
    b.wait_for(
        "the path",
        "return document.body.getAttribute('data-ready') === '1' && !!document.getElementById('path-length') && !!document.querySelector('#path-picture svg');",
    );
    assert!(b.text("#path-length").contains("A shortest path from"));
    b.click("#path-next");
    b.wait_for(
        "step 1",
        "return document.getElementById('path-step').textContent.startsWith('step 1 of') && !!document.querySelector('#path-picture svg .marked');",
    );

    // Select, a page at a time; the graph, a component and a neighbourhood.
    b.open(&s.url("/select?degree=2&per_page=5"));
    let total: usize = b
        .text("#select-total")
        .trim_end_matches(" classes")
        .parse()
        .unwrap();
    assert!(total > 0);
    assert_eq!(b.count("#select-rows tr"), 1 + total.min(5) as u64);
    let degrees = b.script(
        "return [...document.querySelectorAll('#select-rows tr td:nth-child(4)')].map(t => t.textContent);",
        json!([]),
    );
    assert!(
        degrees.as_array().unwrap().iter().all(|d| d == "2"),
        "{degrees}"
    );
    b.open(&s.url("/graph"));
    assert!(
        b.text("#graph-summary")
            .starts_with("26 vertices, 53 edges")
    );
    b.click("#components a");
    b.wait_for(
        "component 1",
        "return location.pathname === '/component/1' && document.body.getAttribute('data-ready') === '1';",
    );
    assert_eq!(b.count(".picture svg"), 1);
    assert_eq!(b.count("#members a"), 26);
    b.open(&s.url(&format!("/neighbourhood/{id}?radius=1")));
    assert!(
        b.text("#title")
            .contains(&format!("Neighbourhood of ID {id}"))
    );
    assert_eq!(b.count(".picture svg"), 1);
    let first = b.text("#members li");
    assert!(first.starts_with("distance 0: ID "), "{first}");

    // A bad pairing pasted: the error, its line highlighted.
    b.open(&s.url("/verify"));
    b.type_into("#pasted", "# mine\nnot a pairing\n");
    b.click("#verify-button");
    b.wait_for(
        "the error",
        "return !!document.getElementById('verify-error');",
    );
    assert!(b.text("#verify-error").contains("pasted:2:"));
    assert_eq!(b.count("#pasted-lines li.bad-line"), 1);
    // A consistent pairing that is not good: its wrong lines listed and ringed.
    b.script(
        "document.getElementById('pasted').value = arguments[0];",
        json!([ALL_HORIZONTAL]),
    );
    b.click("#verify-button");
    b.wait_for(
        "the verdict",
        "return !!document.getElementById('verify-summary') && !!document.querySelector('#verdict svg .flagged');",
    );
    assert!(b.text("#verify-summary").contains("0 good, 1 not good"));
    assert_eq!(b.count("ul.wrong-lines li"), 18);

    // A game solved on the page; choosing a sample puts its file in the text area.
    b.open(&s.url("/game"));
    let sample = b.script(
        "const p = document.getElementById('game-sample'); \
         p.selectedIndex = [...p.options].findIndex(o => o.text === 'tictactoe.game'); \
         p.dispatchEvent(new Event('change')); \
         const text = document.getElementById('game-text').value; \
         p.selectedIndex = 0; p.dispatchEvent(new Event('change')); \
         return text;",
        json!([]),
    );
    assert!(
        sample.as_str().unwrap().contains("game tictactoe"),
        "{sample}"
    );
    b.click("#game-solve");
    b.wait_for(
        "the winner",
        "return !!document.getElementById('game-winner');",
    );
    assert!(b.text("#game-winner").contains("maker wins"));
    // Played as Breaker against the solver: it opens at 1, the one winning move, every
    // free cell then shows a Maker win, and whatever Breaker does, Maker completes a set.
    b.click("#game-play-breaker");
    let your_move = "return (document.getElementById('game-status') || {}).textContent \
                     .startsWith('Your move') || /has won/.test((document.getElementById('game-status') || {}).textContent);";
    b.wait_for("the solver's opening", your_move);
    assert_eq!(
        b.text("#game-log li"),
        "solver (maker): 1 — then maker wins"
    );
    assert_eq!(b.count("#game-board .cell.then-maker"), 6);
    assert_eq!(b.count("#game-board .cell.then-breaker"), 0);
    for _ in 0..7 {
        if b.text("#game-status").contains("has won") {
            break;
        }
        b.click("#game-board .cell:not([disabled])");
        b.wait_for("the solver's answer", your_move);
    }
    assert_eq!(b.text("#game-status"), "maker has won: the solver won.");

    // A strategy walked through: seven.game's, written by the solver on the page. Maker's
    // opening at 1 is made for the reader and each of Breaker's six replies is
    // answered; after the answer to 2, Maker holds a double threat, which the
    // certificate leaves to the checker's own rule (whatever Breaker takes, Maker then
    // completes a set at once), and the walk plays that rule too.
    b.open(&s.url("/strategy"));
    let pick = |sample: &str| {
        b.script(
            "const p = document.getElementById('strategy-sample'); \
             p.selectedIndex = [...p.options].findIndex(o => o.text === arguments[0]); \
             p.dispatchEvent(new Event('change'));",
            json!([sample]),
        );
        b.script(
            "return document.getElementById('strategy-game').value;",
            json!([]),
        )
    };
    // Choosing a sample puts its game file in the text area.
    assert!(
        pick("strip4-8.game")
            .as_str()
            .unwrap()
            .contains("game strip4-8")
    );
    assert!(pick("seven.game").as_str().unwrap().contains("game seven"));
    b.click("#strategy-walk");
    b.wait_for(
        "the strategy's verdict",
        "return !!document.getElementById('strategy-verdict') || !!document.getElementById('strategy-error');",
    );
    assert_eq!(
        b.text("#strategy-verdict"),
        "A proof: maker wins (14 nodes, depth 3)."
    );
    assert_eq!(b.text("#strategy-log li"), "maker: 1 (the strategy's move)");
    assert_eq!(b.count("#strategy-board .cell:not([disabled])"), 6);
    for _ in 0..4 {
        if b.text("#strategy-status").contains("has won") {
            break;
        }
        b.click("#strategy-board .cell:not([disabled])");
    }
    assert_eq!(
        b.text("#strategy-status"),
        "Maker owns a whole winning set: Maker has won."
    );
    assert_eq!(b.count("#strategy-log li"), 5);
    assert!(
        b.text("#strategy-log li:last-child")
            .ends_with("(completes a threat)")
    );
    b.click("#strategy-back");
    assert!(
        b.text("#strategy-status")
            .starts_with("Your move as breaker")
    );
    // Breaker's certificate of 4x4 with k = 4: each of Maker's 16 openings answered by
    // the potential rule, which the walk names.
    assert!(
        pick("square4-k4.game")
            .as_str()
            .unwrap()
            .contains("game square4-k4")
    );
    b.click("#strategy-walk");
    b.wait_for(
        "Maker's turn",
        "return /^Your move as maker/.test((document.getElementById('strategy-status') || {}).textContent || '');",
    );
    assert_eq!(
        b.text("#strategy-verdict"),
        "A proof: breaker wins (17 nodes, depth 1)."
    );
    assert_eq!(b.count("#strategy-board .cell:not([disabled])"), 16);
    b.click("#strategy-board .cell:not([disabled])");
    assert!(
        b.text("#strategy-status")
            .contains("(potential): Breaker wins")
    );

    // A placement: the first sample checked at once, drawn as `amoba show --placement`.
    b.open(&s.url("/placement"));
    b.wait_for(
        "the placement's verdict",
        "return !!document.getElementById('placement-verdict') && !!document.querySelector('#placement-answer .picture svg');",
    );
    assert_eq!(b.text("#placement-verdict"), "good and tight");
    // A malformed one: the error and its line.
    b.script(
        "document.getElementById('placement-text').value = arguments[0];",
        json!(["lattice 8,0 0,8\n0,0:a 1,0:q\n"]),
    );
    b.click("#placement-check");
    b.wait_for(
        "the placement's error",
        "return !!document.getElementById('placement-error');",
    );
    assert!(b.text("#placement-error").contains("pasted:"));
    assert_eq!(b.count("#pasted-lines li.bad-line"), 1);

    let shot = common::shared_dir("serve-shot").join("verdict.png");
    b.screenshot(&shot);
    let png = std::fs::read(&shot).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 1000);
    eprintln!(
        "serve browser test: screenshot of the verdict in {}",
        shot.display()
    );
}
