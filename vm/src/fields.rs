//! The `key=value` lines guest programs and the card's BAR log print.

use std::collections::HashMap;

/// `key=value` pairs of one line.
pub fn pairs(line: &str) -> HashMap<String, String> {
    line.split_whitespace().filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The pairs of the first line of `out` that starts with `prefix` and contains every string of
/// `with`; panics with the whole output when there is none.
pub fn fields(out: &str, prefix: &str, with: &[&str]) -> HashMap<String, String> {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix) && with.iter().all(|w| l.contains(w)))
        .unwrap_or_else(|| panic!("no line `{prefix} … {with:?}` in the guest output:\n{out}"));
    pairs(line)
}

/// A numeric field.
pub fn num(f: &HashMap<String, String>, k: &str) -> f64 {
    f.get(k)
        .unwrap_or_else(|| panic!("no field {k} in {f:?}"))
        .parse()
        .unwrap_or_else(|_| panic!("field {k} not a number in {f:?}"))
}

/// `key` of a `a:1,b:2` list.
pub fn sub_field(s: &str, key: &str) -> u64 {
    s.split(',')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix(':')?.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {key} in {s}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lines_and_lists() {
        let out = "x\nRDMA-RUN algo=fast mode=concurrent lost=0\nRDMA-RUN algo=seed lost=2\n";
        assert_eq!(fields(out, "RDMA-RUN", &["algo=seed"])["lost"], "2");
        assert_eq!(num(&fields(out, "RDMA-RUN", &[]), "lost"), 0.0);
        assert_eq!(sub_field("irqs:3,handler_runs:12", "handler_runs"), 12);
    }
}
