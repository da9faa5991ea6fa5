//! The command line every per-cycle co-simulation example shares (`examples/*_cosim.rs`, run by
//! `verilog-out/Makefile`): `--gen SEED STIM` writes a seeded stimulus; `STIM LOG` replays one
//! through the RustHDL model, writes the per-cycle log the Verilog's must equal and prints a
//! one-line summary.

/// Runs one example's command line (`args` without the program name). `gen` makes the stimulus
/// of a seed; `run` replays a stimulus into (log, summary line). `name` is the program's name
/// with any arguments of its own before these (`link_cosim <card|paper>`). A bad command line
/// exits 2 with the usage, a stimulus `run` rejects exits 1 with its reason.
pub fn cosim_cli(
    name: &str,
    args: &[String],
    gen: impl FnOnce(u64) -> String,
    run: impl FnOnce(&str) -> Result<(String, String), String>,
) {
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["--gen", seed, out] => {
            let seed = seed.parse().unwrap_or_else(|e| fail(2, &format!("seed {seed}: {e}")));
            write(out, gen(seed));
        }
        [stim, out] => {
            let text = std::fs::read_to_string(stim).unwrap_or_else(|e| fail(1, &format!("reading {stim}: {e}")));
            let (log, summary) = run(&text).unwrap_or_else(|e| fail(1, &e));
            write(out, log);
            if !summary.is_empty() {
                println!("{summary}");
            }
        }
        _ => usage(name),
    }
}

/// Prints the usage of a cosim example called `name` (as for [`cosim_cli`]) and exits 2.
pub fn usage(name: &str) -> ! {
    fail(2, &format!("usage: {name} <stimulus> <log> | {name} --gen <seed> <stimulus>"))
}

fn write(path: &str, text: String) {
    std::fs::write(path, text).unwrap_or_else(|e| fail(1, &format!("writing {path}: {e}")));
}

fn fail(code: i32, why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(code)
}
