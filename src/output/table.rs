//! Reports: the published figures beside the computed ones (SPEC §6).

/// One line of the side-by-side table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// What is compared.
    pub figure: String,
    /// The published value, as printed.
    pub published: String,
    /// The computed value, as printed.
    pub computed: String,
    /// Whether they agree.
    pub status: Status,
}

/// How a computed figure relates to the published one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Equal.
    Match,
    /// Different.
    Differ,
    /// Not comparable (e.g. run times on different machines).
    Info,
}

impl Status {
    fn of(equal: bool) -> Status {
        if equal { Status::Match } else { Status::Differ }
    }
    /// `match`, `DIFFER` or `info`.
    pub fn label(self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Differ => "DIFFER",
            Status::Info => "info",
        }
    }
}

impl Row {
    /// An integer figure that must match exactly.
    pub fn exact(figure: &str, published: u64, computed: u64) -> Row {
        Row {
            figure: figure.into(),
            published: fmt_int(published),
            computed: fmt_int(computed),
            status: Status::of(published == computed),
        }
    }

    /// A figure compared as text (distributions, lists, rounded means).
    pub fn text(figure: &str, published: &str, computed: &str) -> Row {
        Row {
            figure: figure.into(),
            published: published.into(),
            computed: computed.into(),
            status: Status::of(published == computed),
        }
    }

    /// A figure shown for reference only, never marked match or differ.
    pub fn info(figure: &str, published: &str, computed: &str) -> Row {
        Row {
            figure: figure.into(),
            published: published.into(),
            computed: computed.into(),
            status: Status::Info,
        }
    }
}

/// An integer row: exact comparison, or computed only when nothing is published.
pub fn int_row(figure: &str, published: Option<u64>, computed: u64) -> Row {
    match published {
        Some(p) => Row::exact(figure, p, computed),
        None => Row::info(figure, "—", &fmt_int(computed)),
    }
}

/// A text row: compared as text, or computed only when nothing is published.
pub fn text_row(figure: &str, published: Option<&str>, computed: &str) -> Row {
    match published {
        Some(p) => Row::text(figure, p, computed),
        None => Row::info(figure, "—", computed),
    }
}

/// Formats an integer with thousands separators: `194,543`.
pub fn fmt_int(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The side-by-side table as Markdown.
pub fn published_table(rows: &[Row]) -> String {
    let mut s = String::from("| figure | published | computed | |\n|---|---|---|---|\n");
    for r in rows {
        s += &format!(
            "| {} | {} | {} | {} |\n",
            r.figure,
            r.published,
            r.computed,
            r.status.label()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands() {
        assert_eq!(super::fmt_int(194_543), "194,543");
        assert_eq!(super::fmt_int(12), "12");
        assert_eq!(super::fmt_int(6_210_560), "6,210,560");
    }
}
