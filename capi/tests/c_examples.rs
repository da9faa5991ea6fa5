//! The C examples (examples/c: a producer and a consumer in C, a round trip in C++) built as
//! a C user builds them — installed header and libraries, `cc $(pkg-config --cflags --libs
//! renq)` — and run against a simulated cluster: each node's card is a `renq-sim` process on
//! its own socket, and the C programs reach the cards through the sockets. Checked:
//! every item exactly once and in order, the typed errors, and a clean valgrind run.

mod common;

use common::{build, build_with, cargo_build, install, run};
use renq_sim::CardKind;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

/// Card processes: `renq-sim` (firmware-sim's binary, what `cli/src/procs.rs` and
/// `tests/src/bin/renq-node.rs` start) for cards 0..n (`card` each), each linked to all the
/// others; killed when this is dropped.
struct Cluster {
    children: Vec<Child>,
    specs: Vec<String>,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// The `renq-sim` binary: built without the RTL engines (the model engine is all these tests
/// run) into a target directory of its own beside the tests' — built into theirs, it would
/// replace the workspace's `renq-sim` (built with the RTL and Verilator engines) under the
/// other tests that start it with `--engine rtl`.
fn renq_sim() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let tests_profile = Path::new(env!("CARGO_BIN_EXE_renq-c-install")).parent().unwrap();
            let profile = tests_profile.file_name().unwrap();
            let own = tests_profile.parent().unwrap().join("capi-sim").join(profile);
            cargo_build(&own, &["-p", "renq-sim", "--no-default-features", "--bin", "renq-sim"]);
            own.join("renq-sim")
        })
        .clone()
}

fn cluster(dir: &Path, n: u16, card: CardKind) -> Cluster {
    std::fs::create_dir_all(dir).unwrap();
    let sock = |i: u16| dir.join(format!("card{i}.sock"));
    let mut cluster = Cluster { children: vec![], specs: vec![] };
    for i in 0..n {
        let mut cmd = Command::new(renq_sim());
        cmd.args(["--node", &i.to_string(), "--memory", "16M", "--engine", "model", "--card", card.name()]);
        cmd.arg("--socket").arg(sock(i)).arg("--die-with-parent");
        for j in (0..n).filter(|&j| j != i) {
            cmd.arg("--peer").arg(format!("{j}={}", sock(j).display()));
        }
        let mut child = cmd.stdout(Stdio::piped()).spawn().expect("start renq-sim");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        cluster.children.push(child);
        assert!(line.contains("listening"), "card process {i} said {line:?}");
        cluster.specs.push(format!("sim:{}", sock(i).display()));
    }
    cluster
}

struct Programs {
    producer: PathBuf,
    consumer: PathBuf,
    roundtrip: PathBuf,
    lib: PathBuf,
}

impl Programs {
    fn command(&self, valgrind: bool, program: &Path) -> Command {
        let mut c = if valgrind {
            let mut c = Command::new("valgrind");
            c.args(["-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite"]);
            c.arg(program);
            c
        } else {
            Command::new(program)
        };
        c.env("LD_LIBRARY_PATH", &self.lib);
        c
    }
}

/// The consumer on `specs[0]` (node `home`, a queue of 2^`log2` words), one producer on each
/// other spec; every item once, in order. Returns the producers' report lines.
fn producers_and_consumer(
    p: &Programs,
    valgrind: bool,
    (specs, home): (&[String], u16),
    log2: u32,
    count: u64,
) -> Vec<String> {
    let producers = specs.len() - 1;
    let mut consumer = p
        .command(valgrind, &p.consumer)
        .args([&specs[0], "2", &log2.to_string(), &producers.to_string(), &count.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(consumer.stdout.take().unwrap()).lines();
    assert_eq!(lines.next().and_then(|l| l.ok()).as_deref(), Some("ready"), "the consumer made its queue");
    let runs: Vec<_> = (1..=producers)
        .map(|i| {
            p.command(valgrind, &p.producer)
                .args([&specs[i], &home.to_string(), "2", &(i - 1).to_string(), &count.to_string()])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let reports: Vec<String> = runs
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "producer: {}: {text}", out.status);
            text
        })
        .collect();
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let out = consumer.wait_with_output().unwrap();
    assert!(out.status.success(), "consumer: {}: {rest:?} {}", out.status, String::from_utf8_lossy(&out.stderr));
    assert_eq!(rest, vec![format!("consumed {}", producers as u64 * count)], "exactly once, in order");
    reports
}

#[test]
fn c_and_cxx_programs_build_against_the_installed_library_and_run_on_a_simulated_cluster() {
    let dir = std::env::temp_dir().join(format!("renq-c-examples-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join("prefix");
    install(&prefix);
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/c");
    let p = Programs {
        producer: dir.join("producer"),
        consumer: dir.join("consumer"),
        roundtrip: dir.join("roundtrip"),
        lib: prefix.join("lib"),
    };
    build(&prefix, "cc", &["-std=c11", "-D_POSIX_C_SOURCE=200809L"], &examples.join("producer.c"), &p.producer);
    // The consumer links librenq.a: it runs without LD_LIBRARY_PATH.
    build_with(&prefix, "renq-static", "cc", &["-std=c11"], &examples.join("consumer.c"), &p.consumer);
    let needed = run(Command::new("sh").arg("-c").arg(format!("ldd {} || true", p.consumer.display())));
    assert!(!String::from_utf8_lossy(&needed.stdout).contains("librenq"), "the consumer is linked statically");
    build(&prefix, "c++", &["-std=c++17"], &examples.join("roundtrip.cpp"), &p.roundtrip);

    // The inline fast path alone: no call into the library while the ring has room.
    let inline = dir.join("inline_path");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/inline_path.c");
    build(&prefix, "cc", &["-std=c11", "-D_POSIX_C_SOURCE=200809L"], &source, &inline);
    let out = run(&mut p.command(false, &inline));
    println!("{}", String::from_utf8_lossy(&out.stdout).trim());

    let cards = cluster(&dir.join("cards"), 9, CardKind::Renq);
    let specs = &cards.specs;
    // Natively: 2 producers × 200 000 items into node 0, and the C++ round trip (node 3 → 4).
    let t0 = Instant::now();
    let reports = producers_and_consumer(&p, false, (&specs[0..3], 0), 14, 200_000);
    for r in &reports {
        println!("{}", r.trim());
        assert!(r.contains("ring_kept=1 mapped=0"), "a card portal sender, page not mapped (simulator): {r}");
    }
    println!("native run: {:.2} s", t0.elapsed().as_secs_f64());
    let out = run(p.command(false, &p.roundtrip).args([&specs[3], &specs[4], "5000"]));
    println!("{}", String::from_utf8_lossy(&out.stdout).trim());

    // Under valgrind (memcheck): no error, no definite leak, the same checks.
    if Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success()) {
        // A small queue: the refusals, retries and queue extensions run under memcheck too.
        producers_and_consumer(&p, true, (&specs[5..7], 5), 6, 3_000);
        run(p.command(true, &p.roundtrip).args([&specs[7], &specs[8], "2000"]));
        println!("valgrind: clean");
    } else {
        assert!(
            std::env::var_os("RENQ_C_REQUIRE_VALGRIND").is_none(),
            "valgrind is required (scripts/test installs it)"
        );
        println!("valgrind not installed: the memcheck runs did not run");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// capi/tests/c/no_panic.c: every entry point with NULLs, bad specs, ids and sizes, after
/// close and after the other side closed, on the card, the paper card and the RDMA fallback
/// over shared memory, each case in a fork()ed child: a typed status every time.
#[test]
fn every_c_entry_point_answers_a_typed_status_never_a_crash() {
    let dir = std::env::temp_dir().join(format!("renq-c-no-panic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join("prefix");
    install(&prefix);
    let program = dir.join("no_panic");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/no_panic.c");
    build(&prefix, "cc", &["-std=c11", "-D_DEFAULT_SOURCE"], &source, &program);
    let card = cluster(&dir.join("card"), 4, CardKind::Renq);
    let paper = cluster(&dir.join("paper"), 2, CardKind::Paper);
    let (card, paper) = (&card.specs, &paper.specs);
    let rdma = dir.join("rdma");
    let mut cmd = Command::new(&program);
    cmd.env("LD_LIBRARY_PATH", prefix.join("lib")).arg(&rdma).args(card).args(paper);
    let out = run(&mut cmd);
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}");
    assert!(text.contains("all cases ok"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
