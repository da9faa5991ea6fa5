//! `renq`: the command line a newcomer meets first. See `renq --help`.

mod args;
mod bench;
mod cycles;
mod goodput;
mod hol;
mod load;
mod modeled;
mod node;
mod node_verdict;
mod overflow;
mod pace;
mod perf;
mod plot;
mod procs;
mod report;
mod run;
mod stall;
mod stats;
mod systems;
mod table;
mod take;
#[cfg(feature = "hardware")]
mod wave;

use args::{Cli, Command};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Demo(w) => {
            let w = w.with_default_items(100_000);
            w.check().and_then(|_| report::demo(&w))
        }
        Command::Bench { workload, plot } => {
            let w = workload.with_default_items(500);
            w.check().and_then(|_| args::check_plot(&plot)).and_then(|_| bench::bench(&w, &plot))
        }
        Command::Synth => report::synth(),
        Command::Wave { out } => report::wave(&out),
        Command::Node(a) => node::run(&a),
        Command::Perf(a) => perf::run(&a),
        Command::LinkGoodput { items, seeds } => goodput::report(items, seeds),
        Command::Hol { items, seeds } => hol::report(items, seeds),
        Command::Load(a) => load::report(&a),
        Command::OverflowCost { seeds } => overflow::report(seeds),
        Command::SimNode { node, socket, engine, card, memory_bytes, peer, udp_listen, udp_peer, link } => {
            let udp = udp_listen.map(|listen| (listen, udp_peer, link));
            procs::serve(node, socket, (card, engine), memory_bytes, peer, udp)
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(2),
        Err(e) => {
            eprintln!("renq: {e}");
            ExitCode::FAILURE
        }
    }
}
