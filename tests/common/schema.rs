//! Validation of amoba's JSON documents against their JSON Schemas in `docs/schemas/`
//! (draft 2020-12, by the `jsonschema` crate; the schemas refer to each other by file
//! name, resolved here from that directory and nowhere else).

use amoba::core::provenance::{JSON_FORMATS, JsonFormat};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// `docs/schemas/` of this repository.
pub fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schemas")
}

/// Serves `<base>/<name>` from `docs/schemas/<name>`.
struct LocalSchemas;

impl jsonschema::Retrieve for LocalSchemas {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = uri
            .as_str()
            .rsplit('/')
            .next()
            .and_then(|n| n.split('#').next())
            .unwrap_or_default()
            .to_string();
        let text = std::fs::read_to_string(schema_dir().join(&name))
            .map_err(|e| format!("{name}: {e}"))?;
        Ok(serde_json::from_str(&text)?)
    }
}

/// Reads `docs/schemas/<name>` as JSON.
pub fn schema(name: &str) -> Value {
    let path = schema_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The errors of `doc` against the schema of `format`, one line each (empty: valid).
/// Also checks that the document names its own format in its provenance.
pub fn errors(format: &JsonFormat, doc: &Value) -> Vec<String> {
    let validator = jsonschema::options()
        .with_base_uri(format!("file:///amoba/docs/schemas/{}", format.schema))
        .with_retriever(LocalSchemas)
        .build(&schema(format.schema))
        .unwrap_or_else(|e| panic!("{} does not compile: {e}", format.schema));
    let mut out: Vec<String> = validator
        .iter_errors(doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    if doc["provenance"]["format"] != format.name {
        out.push(format!(
            "provenance.format is {}, expected {}",
            doc["provenance"]["format"], format.name
        ));
    }
    out
}

/// Panics with every error when `doc` does not satisfy the schema of `format`.
pub fn assert_valid(format: &JsonFormat, doc: &Value) {
    let errs = errors(format, doc);
    assert!(
        errs.is_empty(),
        "{} does not satisfy {}:\n{}",
        format.name,
        format.schema,
        errs.join("\n")
    );
}

/// Parses `text` as JSON and checks it against the schema of the format its
/// provenance names; returns the document.
pub fn assert_valid_text(text: &str) -> Value {
    let doc: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON: {e}"));
    let name = doc["provenance"]["format"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let format = JSON_FORMATS
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("unknown format {name:?}"));
    assert_valid(format, &doc);
    doc
}
