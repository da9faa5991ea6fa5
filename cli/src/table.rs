//! Plain-text tables with aligned columns (also valid Markdown, so they paste into the README).

pub fn render(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            width[i] = width[i].max(c.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells.iter().enumerate().map(|(i, c)| format!("{c:<w$}", w = width[i])).collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let mut out = line(header.iter().map(|s| s.to_string()).collect());
    out += &line(width.iter().map(|w| "-".repeat(*w)).collect());
    for r in rows {
        out += &line(r.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn aligns_columns() {
        let t = super::render(&["a", "bb"], &[vec!["ccc".into(), "d".into()]]);
        assert_eq!(t, "| a   | bb |\n| --- | -- |\n| ccc | d  |\n");
    }
}
