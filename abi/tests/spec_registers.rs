//! Spec §8's register table and `renq_abi::paper::regs::REGISTERS` name the same registers at the same
//! offsets with the same access (the abi table is normative; the spec describes it).

use renq_abi::paper::regs::REGISTERS;

/// The spec's chapters (`docs/spec/NN-*.md`) in order, as one text.
fn spec_text() -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/spec");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("docs/spec")
        .map(|e| e.expect("docs/spec entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read_to_string(p).expect("spec chapter") + "\n").collect()
}

/// (offset, name, access) of every row of spec §8's table.
fn spec_rows() -> Vec<(u64, String, String)> {
    let spec = spec_text();
    let section = spec.split("\n## 8.").nth(1).expect("spec has a §8").split("\n## ").next().unwrap();
    section
        .lines()
        .filter(|l| l.starts_with("| 0x"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            // "0x100 + 8q" is a table: its first entry's offset
            let off = cells[1].split_whitespace().next().unwrap();
            let off = u64::from_str_radix(off.trim_start_matches("0x"), 16).expect(cells[1]);
            (off, cells[2].trim_end_matches("[q]").to_string(), cells[3].to_string())
        })
        .collect()
}

#[test]
fn spec_register_table_matches_the_abi_table() {
    let rows = spec_rows();
    assert!(rows.len() >= 10, "spec §8 table not found: {rows:?}");
    for (off, name, access) in &rows {
        let r = REGISTERS.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("spec names {name}, abi does not"));
        assert_eq!(r.offset, *off, "{name}: spec offset {off:#x}, abi {:#x}", r.offset);
        assert_eq!(r.access.spec_name(), access, "{name}: access");
    }
    for r in REGISTERS {
        assert!(rows.iter().any(|(_, n, _)| n == r.name), "abi register {} missing from spec §8", r.name);
    }
}

/// Spec §8b (the card) against `renq_abi::regs::REGISTERS`, both ways.
#[test]
fn spec_card_register_table_matches_the_abi_table() {
    let spec = spec_text();
    let section = spec.split("\n## 8b.").nth(1).expect("spec has a §8b").split("\n## ").next().unwrap();
    let rows: Vec<(u64, String, String)> = section
        .lines()
        .filter(|l| l.starts_with("| 0x"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let off = u64::from_str_radix(cells[1].trim_start_matches("0x"), 16).expect(cells[1]);
            (off, cells[2].to_string(), cells[3].to_string())
        })
        .collect();
    let table = renq_abi::regs::REGISTERS;
    assert_eq!(rows.len(), table.len(), "spec §8b rows: {rows:?}");
    for (off, name, access) in &rows {
        let r = table.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("spec names {name}, abi does not"));
        assert_eq!(r.offset, *off, "{name}: spec offset {off:#x}, abi {:#x}", r.offset);
        assert_eq!(r.access.spec_name(), access, "{name}: access");
    }
}
