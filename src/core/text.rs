//! Numbers in running text: thousands separators, a count with its noun.

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

/// A count and its noun, singular or plural, the count with thousands separators:
/// `counted(1, "class", "classes")` is `1 class`, `counted(194543, …)` `194,543 classes`.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", fmt_int(n), if n == 1 { one } else { many })
}
