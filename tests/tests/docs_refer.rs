//! The docs name only things that exist: every README, `docs/**/*.md` and the `//!` module docs
//! of the crates are scanned, and a reference fails the test when it names
//! (a) a repository path that does not exist,
//! (b) a `make` target that `verilog-out/Makefile` does not define,
//! (c) a binary (after `--bin`) that no crate builds,
//! (d) a `renq SUBCOMMAND` that `cli/src/args.rs` does not define, or
//! (e) an issue number the tracker does not have.
//! Every bad reference is listed with its file and line.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The issue numbers of the project's tracker (the known set; add a number when its issue is
/// opened).
const KNOWN_ISSUES: &[u32] = &[2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 28, 29, 30, 31, 32, 33];

/// Crate directories whose `//!` module docs are checked.
const CRATE_DIRS: &[&str] =
    &["abi", "os", "hdl", "verilated", "firmware-sim", "driver", "host-lib", "rdma", "cli", "tests", "vm", "guest"];

/// File name endings that make a word a path even when it does not start at a top-level entry.
const PATH_EXTS: &[&str] =
    &[".rs", ".v", ".sv", ".vh", ".md", ".sh", ".py", ".toml", ".vlt", ".pcf", ".lpf", ".stim", ".cpp", ".h"];

/// Files outside the repository that the docs name on purpose (tool sources, system headers),
/// and prose words that only look like paths.
const NOT_PATHS: &[&str] = &["ice40/cells_sim.v", "verbs.h", "driver/app"];

/// Directories never scanned and never searched for paths.
const SKIP_DIRS: &[&str] = &["target", "build", ".git", "node_modules"];

fn repo_root() -> PathBuf {
    // at run time first (so the file also runs when compiled by plain rustc), else cargo's
    let manifest = std::env::var("CARGO_MANIFEST_DIR")
        .ok()
        .or(option_env!("CARGO_MANIFEST_DIR").map(String::from))
        .expect("CARGO_MANIFEST_DIR (the renq-tests crate's directory)");
    Path::new(&manifest).join("..")
}

/// Every file and directory of the repository, relative to the root, `/`-separated.
fn walk(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let Ok(entries) = fs::read_dir(root.join(&rel)) else { continue };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = rel.join(&name);
            let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(false);
            if is_dir && (SKIP_DIRS.contains(&name.as_str()) || (name.starts_with('.') && name != ".ci")) {
                continue;
            }
            out.push(path.to_string_lossy().replace('\\', "/"));
            if is_dir {
                stack.push(path);
            }
        }
    }
    out.sort();
    out
}

/// One text to check: where it comes from, and its lines with their line numbers in that file.
struct Doc {
    file: String,
    lines: Vec<(usize, String)>,
}

fn docs(root: &Path, files: &[String]) -> Vec<Doc> {
    let mut out = Vec::new();
    for f in files {
        let name = f.rsplit('/').next().unwrap_or(f);
        let is_readme = name == "README.md" || name.ends_with("-README.md");
        if f.ends_with(".md") && (is_readme || f.starts_with("docs/")) {
            let text = fs::read_to_string(root.join(f)).unwrap_or_default();
            out.push(Doc {
                file: f.clone(),
                lines: text.lines().enumerate().map(|(i, l)| (i + 1, l.to_string())).collect(),
            });
        } else if f.ends_with(".rs") && CRATE_DIRS.iter().any(|d| f.starts_with(&format!("{d}/"))) {
            let text = fs::read_to_string(root.join(f)).unwrap_or_default();
            let lines: Vec<(usize, String)> = text
                .lines()
                .enumerate()
                .filter_map(|(i, l)| l.trim_start().strip_prefix("//!").map(|d| (i + 1, d.to_string())))
                .collect();
            if !lines.is_empty() {
                out.push(Doc { file: f.clone(), lines });
            }
        }
    }
    out
}

/// The code of a doc (inline `spans` and fenced blocks), each piece with the line it starts on.
/// A span may continue on the next line; a blank line ends it. Shell comments in fenced blocks
/// are dropped (they are prose).
fn code_pieces(lines: &[(usize, String)]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut open: Option<(usize, String)> = None;
    for (n, line) in lines {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            open = None;
            continue;
        }
        if fenced {
            let code = match line.find(" #") {
                Some(i) => &line[..i],
                None if line.trim_start().starts_with('#') => "",
                None => line,
            };
            out.push((*n, code.to_string()));
            continue;
        }
        if line.trim().is_empty() {
            open = None;
            continue;
        }
        for (i, part) in line.split('`').enumerate() {
            if i > 0 {
                // a backtick: close the open span, or open one
                match open.take() {
                    Some(piece) => out.push(piece),
                    None => open = Some((*n, String::new())),
                }
            }
            if let Some((_, text)) = open.as_mut() {
                text.push(' ');
                text.push_str(part);
            }
        }
    }
    out
}

/// Words of a text that may be paths: split at blanks, quotes, brackets and backticks; words
/// holding pattern characters are left out; trailing punctuation and `#anchors` are cut.
fn words(text: &str) -> Vec<String> {
    // URLs first: everything from a scheme to the next blank or bracket is not a path
    let mut clean = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("://") {
        let start = rest[..i].rfind(|c: char| !c.is_ascii_alphanumeric()).map_or(0, |j| j + 1);
        clean.push_str(&rest[..start]);
        let tail = &rest[i + 3..];
        let end = tail.find(|c: char| c.is_whitespace() || ")]>`\"'".contains(c)).unwrap_or(tail.len());
        clean.push(' ');
        rest = &tail[end..];
    }
    clean.push_str(rest);
    clean
        .split(|c: char| c.is_whitespace() || "`()[]\"',;=".contains(c))
        .filter(|w| !w.is_empty() && !w.contains(|c: char| "*{}<>$%|~@".contains(c)))
        .map(|w| {
            let w = w.split('#').next().unwrap_or("");
            let w = w.split("::").next().unwrap_or("");
            w.trim_end_matches(|c: char| ".:!?…".contains(c)).to_string()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Is this word a repository path, to be checked? `top` is the set of top-level entries.
fn is_path_candidate(w: &str, top: &BTreeSet<String>) -> bool {
    if w.starts_with('/') || w.starts_with("target/") || w.starts_with("build/") || w.contains("/build/") {
        return false;
    }
    if NOT_PATHS.contains(&w) {
        return false;
    }
    let has_ext = PATH_EXTS.iter().any(|e| w.ends_with(e) && w.len() > e.len());
    if !w.contains('/') {
        return has_ext;
    }
    let first = w.split('/').next().unwrap_or("");
    w.starts_with("./") || w.starts_with("../") || top.contains(first) || has_ext
}

/// Does a path named in `doc_dir`'s doc exist? At the root, beside the doc, or as the end of a
/// repository path (a crate's docs name its files from the crate's root).
fn path_exists(w: &str, doc_dir: &str, root: &Path, all: &BTreeSet<String>) -> bool {
    let w = w.trim_end_matches('/');
    if w.starts_with("./") || w.starts_with("../") {
        let mut parts: Vec<&str> = doc_dir.split('/').filter(|p| !p.is_empty()).collect();
        for p in w.split('/') {
            match p {
                "." => {}
                ".." => {
                    parts.pop();
                }
                p => parts.push(p),
            }
        }
        return all.contains(&parts.join("/"));
    }
    if root.join(w).exists() || all.contains(w) {
        return true;
    }
    let suffix = format!("/{w}");
    all.iter().any(|f| f.ends_with(&suffix))
}

/// Targets a piece of code asks `make` for: `make [-C DIR] [-jN] T...`, up to the first
/// variable assignment or non-target word.
fn make_targets(code: &str) -> Vec<String> {
    let toks: Vec<&str> = code.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i] != "make" {
            i += 1;
            continue;
        }
        i += 1;
        while i < toks.len() {
            let t = toks[i];
            if t == "-C" || t == "-j" || t == "-f" {
                i += 2;
            } else if t.starts_with('-') {
                i += 1;
            } else {
                break;
            }
        }
        while i < toks.len() {
            let t = toks[i].trim_end_matches([',', ';', '.', ')', ':']);
            let target_like = !t.is_empty()
                && t.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
                && t.starts_with(|c: char| c.is_ascii_lowercase());
            if !target_like {
                break;
            }
            out.push(t.to_string());
            i += 1;
        }
    }
    out
}

/// The targets `make` knows in a Makefile: rule heads and `.PHONY` lists.
fn makefile_targets(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with('\t') || line.starts_with('#') || line.starts_with(' ') {
            continue;
        }
        let Some(colon) = line.find(':') else { continue };
        if line[colon..].starts_with(":=") || line[..colon].contains('=') {
            continue;
        }
        let (head, rest) = (&line[..colon], &line[colon + 1..]);
        let names = if head.trim() == ".PHONY" { rest } else { head };
        for n in names.split_whitespace() {
            if !n.contains(['$', '%', '/', '.', '(']) {
                out.insert(n.to_string());
            }
        }
    }
    out
}

/// `--bin NAME` anywhere in a text.
fn bin_names(text: &str) -> Vec<String> {
    let toks: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '`').filter(|t| !t.is_empty()).collect();
    toks.windows(2)
        .filter(|w| w[0] == "--bin")
        .map(|w| w[1].trim_end_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')).to_string())
        .filter(|n| !n.is_empty() && !n.contains(['<', '$']) && n.chars().any(|c| c.is_ascii_lowercase()))
        .collect()
}

/// The binaries the workspace builds: `src/bin/*.rs`, `src/bin/*/main.rs`, `[[bin]]` names and
/// a package's own name when it has `src/main.rs`.
fn workspace_bins(root: &Path, all: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for f in all {
        let Some((_, name)) = f.rsplit_once("/src/bin/") else { continue };
        if let Some(stem) = name.strip_suffix(".rs").filter(|s| !s.contains('/')) {
            out.insert(stem.to_string());
        } else if let Some(d) = name.strip_suffix("/main.rs") {
            out.insert(d.to_string());
        }
    }
    for f in all.iter().filter(|f| f.ends_with("Cargo.toml")) {
        let text = fs::read_to_string(root.join(f)).unwrap_or_default();
        let dir = f.trim_end_matches("Cargo.toml");
        let mut in_bin = false;
        let mut in_package = false;
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                in_bin = line == "[[bin]]";
                in_package = line == "[package]";
                continue;
            }
            let Some(value) = line.strip_prefix("name").map(str::trim).and_then(|r| r.strip_prefix('=')) else {
                continue;
            };
            let value = value.trim().trim_matches('"').to_string();
            if in_bin || (in_package && all.contains(&format!("{dir}src/main.rs"))) {
                out.insert(value);
            }
        }
    }
    out
}

/// `CamelCase` → `kebab-case`, as clap names a subcommand.
fn kebab(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The subcommands of `renq`: the variants of `pub enum Command` in `cli/src/args.rs`.
fn cli_subcommands(args_rs: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let Some(start) = args_rs.find("pub enum Command {") else { return out };
    for line in args_rs[start..].lines().skip(1) {
        if line.starts_with('}') {
            break;
        }
        let Some(body) = line.strip_prefix("    ") else { continue };
        if body.starts_with(|c: char| c.is_ascii_uppercase()) {
            let name: String = body.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            out.insert(kebab(&name));
        }
    }
    out
}

/// `renq WORD` in a piece of code: the subcommand words.
fn renq_subcommands(code: &str) -> Vec<String> {
    let toks: Vec<&str> = code.split_whitespace().collect();
    toks.windows(2)
        .filter(|w| w[0] == "renq" && w[1].starts_with(|c: char| c.is_ascii_lowercase()))
        .map(|w| w[1].trim_end_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).to_string())
        .collect()
}

/// Issue numbers named in a text: `issue N`, `issue #N`, `issues N`.
fn issue_numbers(text: &str) -> Vec<u32> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("issue") {
        let after = rest[i + 5..].trim_start_matches('s').trim_start_matches([' ', '\u{a0}']).trim_start_matches('#');
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        let before_ok = rest[..i].chars().next_back().is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_');
        if before_ok {
            if let Ok(n) = digits.parse() {
                out.push(n);
            }
        }
        rest = &rest[i + 5..];
    }
    out
}

/// Every bad reference of the repository at `root`, as `file:line: what`.
fn bad_references(root: &Path) -> Vec<String> {
    let files = walk(root);
    let all: BTreeSet<String> = files.iter().cloned().collect();
    let top: BTreeSet<String> = files.iter().filter(|f| !f.contains('/')).cloned().collect();
    let targets = makefile_targets(&fs::read_to_string(root.join("verilog-out/Makefile")).unwrap_or_default());
    let bins = workspace_bins(root, &all);
    let subcommands = cli_subcommands(&fs::read_to_string(root.join("cli/src/args.rs")).unwrap_or_default());
    assert!(!targets.is_empty(), "no targets parsed from verilog-out/Makefile");
    assert!(!bins.is_empty(), "no binaries found in the workspace");
    assert!(subcommands.contains("demo"), "no subcommands parsed from cli/src/args.rs: {subcommands:?}");
    let mut bad = Vec::new();
    for doc in docs(root, &files) {
        let dir = doc.file.rsplit_once('/').map_or("", |(d, _)| d);
        for (n, line) in &doc.lines {
            for w in words(line) {
                if is_path_candidate(&w, &top) && !path_exists(&w, dir, root, &all) {
                    bad.push(format!("{}:{n}: path {w} does not exist", doc.file));
                }
            }
            for b in bin_names(line) {
                if !bins.contains(&b) {
                    bad.push(format!("{}:{n}: binary --bin {b} is built by no crate", doc.file));
                }
            }
            for i in issue_numbers(line) {
                if !KNOWN_ISSUES.contains(&i) {
                    bad.push(format!("{}:{n}: issue {i} is not in the tracker's set", doc.file));
                }
            }
        }
        for (n, code) in code_pieces(&doc.lines) {
            for t in make_targets(&code) {
                if !targets.contains(&t) {
                    bad.push(format!("{}:{n}: make target {t} is not in verilog-out/Makefile", doc.file));
                }
            }
            for s in renq_subcommands(&code) {
                if !subcommands.contains(&s) {
                    bad.push(format!("{}:{n}: `renq {s}` is not a subcommand of cli/src/args.rs", doc.file));
                }
            }
        }
    }
    bad.sort();
    bad.dedup();
    bad
}

#[test]
fn docs_name_only_what_exists() {
    let bad = bad_references(&repo_root());
    assert!(bad.is_empty(), "{} bad references in the docs:\n{}", bad.len(), bad.join("\n"));
}

#[cfg(test)]
mod rules {
    use super::*;

    fn top() -> BTreeSet<String> {
        ["hdl", "docs", "scripts", "verilog-out", "tests"].iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_path_under_a_top_level_dir_is_a_candidate_and_a_url_is_not() {
        let ws = words("see hdl/src/foo.rs, https://example.org/hdl/src/bar.rs and (docs/spec.md#x).");
        assert_eq!(
            ws.iter().filter(|w| is_path_candidate(w, &top())).collect::<Vec<_>>(),
            ["hdl/src/foo.rs", "docs/spec.md"]
        );
    }

    #[test]
    fn system_paths_patterns_and_build_outputs_are_not_candidates() {
        for w in words("/tmp/n0.sock /dev/uio0 target/vm/kernel-root build/synth/x.v docs/spec/NN-*.md node<N>.renq") {
            assert!(!is_path_candidate(&w, &top()), "{w}");
        }
        assert!(!is_path_candidate("read/write", &top()));
        assert!(is_path_candidate("renq_paper_top.v", &top()));
        assert!(is_path_candidate("../results.md", &top()));
    }

    #[test]
    fn a_missing_path_is_caught_and_an_existing_one_is_not() {
        let root = repo_root();
        let all: BTreeSet<String> = walk(&root).into_iter().collect();
        assert!(path_exists("scripts/test", "", &root, &all));
        assert!(path_exists("verilog-out/Makefile", "", &root, &all));
        assert!(path_exists("../spec.md", "docs/spec", &root, &all));
        assert!(!path_exists("hdl/src/no_such_module.rs", "", &root, &all));
        assert!(!path_exists("../nothing.md", "docs/spec", &root, &all));
    }

    #[test]
    fn make_targets_follow_make_and_its_options() {
        assert_eq!(make_targets("make -C verilog-out -j2 synth"), ["synth"]);
        assert_eq!(make_targets("make lint cosim synth formal"), ["lint", "cosim", "synth", "formal"]);
        assert_eq!(make_targets("make -C verilog-out engine-pnr SEED=3"), ["engine-pnr"]);
        assert!(make_targets("cargo make").is_empty());
        let mk = makefile_targets(".PHONY: a b\nall: a\nX := 1\n$(B)/x: y\n\tmake z\nc-d: | e\n");
        assert_eq!(mk.into_iter().collect::<Vec<_>>(), ["a", "all", "b", "c-d"]);
    }

    #[test]
    fn bins_subcommands_and_issues_are_read() {
        assert_eq!(bin_names("cargo run --release -p renq-hdl --bin cycles-report`,"), ["cycles-report"]);
        assert_eq!(renq_subcommands("renq demo --card paper; renq --help; renq perf server"), ["demo", "perf"]);
        assert_eq!(kebab("OverflowCost"), "overflow-cost");
        let args = "pub enum Command {\n    /// doc\n    Demo(W),\n    LinkGoodput {\n        items: u64,\n    },\n}\n";
        assert_eq!(cli_subcommands(args).into_iter().collect::<Vec<_>>(), ["demo", "link-goodput"]);
        assert_eq!(issue_numbers("Issue 13 and issue #28; tissue 7; issues 99"), [13, 28, 99]);
    }

    #[test]
    fn code_spans_may_continue_on_the_next_line() {
        let lines = vec![(1, "run `make -C".to_string()), (2, "verilog-out lint` now".to_string())];
        let code = code_pieces(&lines);
        assert_eq!(code.len(), 1);
        assert_eq!(make_targets(&code[0].1), ["lint"]);
    }
}
