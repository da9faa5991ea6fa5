//! Command-line arguments, and the checks that turn impossible settings into one-line errors.

use crate::systems::Kind;
use clap::{Args, Parser, Subcommand};
use renq_abi::buffer;
use renq_sim::{CardKind, EngineKind};

#[derive(Parser, Debug)]
#[command(
    name = "renq",
    version,
    about = "renq: append a word to a queue in another node's memory with one store",
    long_about = "renq: append a word to a queue in another node's memory with one store.\n\n\
        Runs a simulated cluster of renq cards (or the RDMA fallback), benchmarks them side by side,\n\
        and drives the card's hardware flow (synthesis report, waveforms)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a simulated cluster: producers on several nodes enqueue into a queue on node 0,
    /// a consumer dequeues, and every item is checked (exactly once, FIFO per producer).
    Demo(Workload),
    /// Same workload on every backend, one after another; prints throughput and operations
    /// per enqueue side by side, with ratios against the card, modeled figures, and a plot.
    Bench {
        #[command(flatten)]
        workload: Workload,
        /// SVG file to write the plot to (cycles per enqueue against memory latency, and
        /// every system's throughput, wall-clock and modeled).
        #[arg(long, default_value = "bench.svg")]
        plot: std::path::PathBuf,
    },
    /// Run the Verilog flow (yosys + nextpnr for both parts, the iCE40-HX8K and the ECP5-85F,
    /// placer seeds 1-5) and print resources and Fmax.
    Synth,
    /// Write a VCD (GTKWave-ready) and an SVG of one enqueue going through the receiver.
    Wave {
        /// Output file stem: writes STEM.vcd and STEM.svg.
        #[arg(long, default_value = "renq-enqueue")]
        out: String,
    },
    /// One node of a cluster whose cards exchange link frames over UDP (so it spans hosts):
    /// the node's card plus one role, consumer (--consume N --from IDS) or producer
    /// (--produce N --to NODE:QUEUE); faults (--link-*) are injected on what it sends.
    Node(crate::node::NodeArgs),
    /// Goodput of a 3-node cluster over UDP on 127.0.0.1-3 with no fault, 1 % and 5 % frame
    /// drop and 30 % reordering (items/s, packets per DATA frame, resends; medians over seeds),
    /// and the wire bytes a packet costs at saturation and at idle.
    LinkGoodput {
        /// Items each of the two producers sends per run.
        #[arg(long, default_value_t = 50_000)]
        items: u64,
        /// Runs (seeds 1..=N) per fault case; the median is printed.
        #[arg(long, default_value_t = 3)]
        seeds: u64,
    },
    /// Head-of-line blocking on the card: queue B's rate from one sender alone, and with queue A
    /// (same link, same sender) full and never served; medians over runs and their ratio.
    Hol {
        /// Items sent to queue B per run.
        #[arg(long, default_value_t = 200_000)]
        items: u64,
        /// Runs of each kind (alone, with A stalled); medians are printed.
        #[arg(long, default_value_t = 7)]
        seeds: u64,
    },
    /// The driver's work per overflow against the buffer size, paper card and the card: items
    /// moved and handler time per overflow (an extension, or the card's switch into a spare;
    /// medians over runs).
    OverflowCost {
        /// Runs per card and buffer size; the median is printed.
        #[arg(long, default_value_t = 3)]
        seeds: u64,
    },
    /// The card against the paper card across loads: `renq demo`'s workload on both cards for
    /// each queue size (--queue-log2 3,6,10,14) x producer count (--producers 1,8,32), unpaced
    /// and paced at half the paper card's unpaced rate; prints per configuration the card's
    /// stores and packets per enqueue, the ratio of items/s, and both cards' latency p50/p99;
    /// then the card with its consumer stopped for 1 s at the queue's memory limit (refusals per
    /// stall, how soon the paced rate recovers).
    Load(crate::load::LoadArgs),
    /// Measure the RDMA fallback between two hosts (like perftest): `renq perf server --listen
    /// ADDR` on one, `renq perf client --connect ADDR --mode faa|send --producers 1,2,4 --items N`
    /// on the other; prints throughput and enqueue latency p50/p99 per producer count, and the
    /// items the server verified (exactly once, FIFO per producer). `--transport shm` runs it on
    /// one host over shared memory; `--transport verbs` needs the `verbs` feature.
    Perf(crate::perf::PerfArgs),
    /// One node's card as a process (what `--processes` starts; not for direct use).
    #[command(hide = true)]
    SimNode {
        #[arg(long)]
        node: u16,
        #[arg(long)]
        socket: std::path::PathBuf,
        #[arg(long, value_parser = engine_parser())]
        engine: EngineKind,
        #[arg(long, value_parser = card_parser())]
        card: CardKind,
        #[arg(long)]
        memory_bytes: usize,
        /// N=PATH of another node's card process (repeat).
        #[arg(long)]
        peer: Vec<String>,
        /// Link over UDP from this address instead of UNIX sockets (with --link-* faults).
        #[arg(long)]
        udp_listen: Option<std::net::SocketAddr>,
        /// N=IP:PORT of another node's UDP links (repeat; with --udp-listen).
        #[arg(long)]
        udp_peer: Vec<String>,
        #[command(flatten)]
        link: LinkOptions,
    },
}

/// `--card` values: renq_sim::CardKind's names, parsed by its `FromStr`.
pub fn card_parser() -> impl clap::builder::TypedValueParser<Value = CardKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(CardKind::ALL.map(|(_, name)| name))
        .try_map(|name| name.parse::<CardKind>())
}

/// `--engine` values: renq_sim::EngineKind's names, parsed by its `FromStr` (clap lists them).
pub fn engine_parser() -> impl clap::builder::TypedValueParser<Value = EngineKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(EngineKind::ALL.map(|(_, name)| name))
        .try_map(|name| name.parse::<EngineKind>())
}

/// `--backend` values: the names `renq::Backend` gives its card and shared-memory RDMA variants.
const BACKENDS: [&str; 2] = ["card", "rdma-shm"];

#[derive(Args, Debug, Clone)]
pub struct Workload {
    /// Nodes in the cluster (the queue lives on node 0).
    #[arg(long, default_value_t = 4)]
    pub nodes: usize,
    /// Producer threads, spread round-robin over nodes 1.. (node 0 too when it is alone).
    #[arg(long, default_value_t = 8)]
    pub producers: usize,
    /// Items each producer enqueues [default: 100000 for demo, 500 for bench, whose RTL
    /// engine simulates every clock cycle].
    #[arg(long)]
    pub items: Option<u64>,
    /// log2 of the queue's buffer size in 64-bit words (3..=16); small sizes overflow often.
    #[arg(long = "queue-log2", default_value_t = 10)]
    pub queue_log2: u32,
    /// Card engine: model (fast behavioural model, proven equal to the RTL by a differential
    /// test), rtl (the card's RustHDL logic, simulated cycle by cycle: ~thousands of cycles/s)
    /// or verilator (the checked-in Verilog compiled by Verilator: millions of cycles/s).
    #[arg(long, default_value = "model", value_parser = engine_parser())]
    pub engine: EngineKind,
    /// Card: renq (the card: queue state on the card, portals with status, O(1) overflow, no
    /// head-of-line blocking; `v2` is accepted too) or paper (the paper's FSM card, kept as the
    /// reference). Both run on every engine, in threads or --processes, and behind QEMU guests
    /// (`renq-qemu-dev`).
    #[arg(long, default_value = "renq", value_parser = card_parser())]
    pub card: CardKind,
    /// Transport: card (the renq card, simulated) or rdma-shm (the RDMA fallback's fast
    /// algorithm over shared memory).
    #[arg(long, default_value = "card", value_parser = BACKENDS)]
    pub backend: String,
    /// The card: the consumer rings the card's head doorbell every K dequeued items, so the
    /// card need not read HEAD (docs/spec.md §9b) [default: a quarter of the buffer's
    /// capacity]; 0 turns it off.
    #[arg(long = "head-doorbell", value_name = "K")]
    pub head_doorbell: Option<u32>,
    /// Run each node's card in its own process (renq-sim) instead of threads.
    #[arg(long)]
    pub processes: bool,
    /// Offer N items/s in total, spread evenly over the producers, so latency is the path's
    /// and not queueing behind a saturated queue [default: as fast as they can].
    #[arg(long, value_name = "N")]
    pub rate: Option<u64>,
    /// Round trip time the RDMA fallback's senders wait on each dependent verbs operation,
    /// standing in for a NIC (0: shared-memory speed).
    #[arg(long = "rdma-rtt-ns", default_value_t = 2000, value_name = "NS")]
    pub rdma_rtt_ns: u64,
    #[command(flatten)]
    pub link: LinkOptions,
}

/// The link fault injector's options (`demo` and `node`). Negative values parse, so that the
/// range check (`check`) says what is wrong with them.
#[derive(Args, Debug, Clone)]
pub struct LinkOptions {
    /// Probability that a link drops a frame; any --link-* fault carries packets in frames
    /// through the reliable link layer (spec §7b: go-back-N between threads, selective repeat
    /// over UDP with --processes and in `renq node`), which must lose nothing.
    #[arg(long = "link-drop", default_value_t = 0.0, value_name = "P", allow_negative_numbers = true)]
    pub drop: f64,
    /// Probability that a link duplicates a frame.
    #[arg(long = "link-dup", default_value_t = 0.0, value_name = "P", allow_negative_numbers = true)]
    pub dup: f64,
    /// Probability that a link delays a frame behind later ones.
    #[arg(long = "link-reorder", default_value_t = 0.0, value_name = "P", allow_negative_numbers = true)]
    pub reorder: f64,
    /// Probability that a link flips a bit of a frame (caught by the frame's CRC).
    #[arg(long = "link-corrupt", default_value_t = 0.0, value_name = "P", allow_negative_numbers = true)]
    pub corrupt: f64,
    /// Seed of the link fault injector (the same seed replays the same faults per link).
    #[arg(long = "link-seed", default_value_t = 1)]
    pub seed: u64,
}

impl LinkOptions {
    /// The faults asked for (all zero: clean links), with no outage.
    pub fn faults(&self) -> renq_sim::faults::Faults {
        let (drop, dup, reorder, corrupt) = (self.drop, self.dup, self.reorder, self.corrupt);
        renq_sim::faults::Faults { drop, dup, reorder, corrupt, down: None }
    }

    /// Every rate must be a probability in [0, 1).
    pub fn check(&self) -> Result<(), String> {
        let f = self.faults();
        for (name, p) in [("drop", f.drop), ("dup", f.dup), ("reorder", f.reorder), ("corrupt", f.corrupt)] {
            if !(0.0..1.0).contains(&p) {
                return Err(format!("--link-{name} {p} is not a probability in [0, 1)"));
            }
        }
        Ok(())
    }
}

/// Longest `--rdma-rtt-ns`: a millisecond is already far beyond any NIC, and the run waits it
/// several times per item.
const MAX_RDMA_RTT_NS: u64 = 1_000_000;

impl Workload {
    /// Items per producer: the one given, else the command's default.
    pub fn items(&self) -> u64 {
        self.items.expect("items filled in by with_default_items")
    }

    pub fn with_default_items(mut self, items: u64) -> Self {
        self.items.get_or_insert(items);
        self
    }

    /// `renq demo`'s workload with every option at its default and `items` per producer.
    pub fn demo_defaults(items: u64) -> Workload {
        use clap::FromArgMatches;
        let cmd = Workload::augment_args(clap::Command::new("demo"));
        let matches = cmd.try_get_matches_from(["demo"]).expect("the demo's defaults parse");
        Workload::from_arg_matches(&matches).expect("the demo's defaults parse").with_default_items(items)
    }

    /// The link faults asked for (all zero: the lossless in-process links).
    pub fn link_faults(&self) -> renq_sim::faults::Faults {
        self.link.faults()
    }

    fn check_link_faults(&self) -> Result<(), String> {
        self.link.check()?;
        if !self.link_faults().is_clean() && self.backend != "card" {
            return Err("--link-* faults apply to --backend card only".into());
        }
        Ok(())
    }

    /// Rejects settings that cannot run, with one line saying why.
    pub fn check(&self) -> Result<(), String> {
        self.check_link_faults()?;
        if self.nodes == 0 {
            return Err("--nodes must be at least 1".into());
        }
        if self.backend == "card" && self.nodes > self.card.max_nodes() {
            let (max, card) = (self.card.max_nodes(), self.card.name());
            return Err(format!("--nodes {} is more than the {card} card addresses ({max})", self.nodes));
        }
        if self.nodes > 1 << 16 {
            return Err(format!("--nodes {} is more than node ids can name (2^16)", self.nodes));
        }
        if self.producers == 0 {
            return Err("--producers must be at least 1".into());
        }
        if self.producers > 1 << (64 - renq::check::SEQ_BITS) {
            return Err(format!("--producers {} is more than items can name", self.producers));
        }
        if self.items() == 0 {
            return Err("--items must be at least 1".into());
        }
        if self.items() >= 1 << renq::check::SEQ_BITS {
            return Err(format!("--items must be below 2^{}", renq::check::SEQ_BITS));
        }
        if !buffer::valid_log2(self.queue_log2) {
            return Err(format!(
                "--queue-log2 {} is outside {}..={} (head and tail are {}-bit indices)",
                self.queue_log2,
                buffer::MIN_LOG2_WORDS,
                buffer::MAX_LOG2_WORDS,
                buffer::INDEX_BITS
            ));
        }
        if self.processes && self.nodes == 1 && self.card.spec().self_enqueue_can_block {
            return Err("--processes with --card paper needs --nodes 2 or more: producers on the consumer's own node \
                        can block its overflow handler behind their stores (docs/spec.md §5; the card has no such \
                        limit)"
                .into());
        }
        if self.processes && self.backend != "card" {
            return Err("--processes applies to --backend card only".into());
        }
        if self.backend != "card" && self.engine != EngineKind::Model {
            return Err(format!("--engine {} applies to --backend card only", self.engine));
        }
        if self.rate == Some(0) {
            return Err("--rate must be at least 1 item/s".into());
        }
        if self.head_doorbell.is_some() && (!self.card.spec().head_doorbell || self.backend != "card") {
            return Err("--head-doorbell is the card's (--card renq)".into());
        }
        if self.rdma_rtt_ns > MAX_RDMA_RTT_NS {
            return Err(format!("--rdma-rtt-ns {} is more than {MAX_RDMA_RTT_NS} (1 ms)", self.rdma_rtt_ns));
        }
        if !self.engine.available() {
            let why = match self.engine {
                EngineKind::Verilator if cfg!(feature = "hardware") => {
                    "Verilator or g++ was missing when renq was built (bash scripts/setup installs them; then rebuild)"
                }
                _ => "this renq was built without it (feature `hardware`)",
            };
            return Err(format!("--engine {}: {why}", self.engine));
        }
        Ok(())
    }

    /// The RDMA senders' round trip time.
    pub fn rdma_rtt(&self) -> std::time::Duration {
        std::time::Duration::from_nanos(self.rdma_rtt_ns)
    }

    /// The system the options name.
    pub fn kind(&self) -> Kind {
        match self.backend.as_str() {
            "card" => Kind::Card(self.card, self.engine),
            _ => Kind::RdmaFast,
        }
    }

    /// Node a producer runs on: spread over the nodes other than the consumer's.
    pub fn producer_node(&self, producer: usize) -> usize {
        if self.nodes == 1 {
            0
        } else {
            1 + producer % (self.nodes - 1)
        }
    }
}

/// Rejects a `--plot` path the SVG writer cannot honour, with one line saying why.
pub fn check_plot(path: &std::path::Path) -> Result<(), String> {
    let is_svg = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if !is_svg {
        return Err(format!("--plot {}: the plot is an SVG, name a .svg file", path.display()));
    }
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
            Err(format!("--plot {}: no directory {}", path.display(), dir.display()))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Workload {
        let mut v = vec!["renq", "demo"];
        v.extend_from_slice(args);
        match Cli::try_parse_from(v).unwrap().command {
            Command::Demo(w) => w.with_default_items(100),
            _ => unreachable!(),
        }
    }

    #[test]
    fn impossible_settings_are_refused() {
        assert!(parse(&[]).check().is_ok());
        assert!(parse(&["--nodes", "0"]).check().unwrap_err().contains("at least 1"));
        assert!(parse(&["--nodes", "17", "--card", "paper"])
            .check()
            .unwrap_err()
            .contains("paper card addresses (16)"));
        assert!(parse(&["--nodes", "64"]).check().is_ok(), "the card is the default");
        assert!(parse(&["--nodes", "1025"]).check().unwrap_err().contains("renq card addresses (1024)"));
        assert!(parse(&["--queue-log2", "17"]).check().unwrap_err().contains("16-bit"));
        assert!(parse(&["--queue-log2", "2"]).check().is_err());
        assert!(parse(&["--items", "0"]).check().is_err());
        assert!(parse(&["--backend", "rdma-shm", "--engine", "rtl"]).check().is_err());
        assert!(parse(&["--processes", "--nodes", "1", "--card", "paper"]).check().unwrap_err().contains("own node"));
        assert!(parse(&["--processes", "--nodes", "1"]).check().is_ok(), "the card has no self-enqueue deadlock");
        assert!(parse(&["--processes", "--nodes", "2"]).check().is_ok());
    }

    #[test]
    fn rate_and_rtt_are_checked() {
        assert_eq!(parse(&[]).rate, None);
        assert_eq!(parse(&["--rate", "20000"]).rate, Some(20000));
        assert!(parse(&["--rate", "0"]).check().unwrap_err().contains("--rate"));
        assert!(Cli::try_parse_from(["renq", "demo", "--rate", "-5"]).is_err());
        assert!(Cli::try_parse_from(["renq", "demo", "--rate", "fast"]).is_err());
        assert_eq!(parse(&[]).rdma_rtt_ns, 2000);
        assert_eq!(parse(&["--rdma-rtt-ns", "0"]).rdma_rtt(), std::time::Duration::ZERO);
        assert!(parse(&["--rdma-rtt-ns", "1000001"]).check().unwrap_err().contains("1 ms"));
    }

    #[test]
    fn link_faults_are_probabilities() {
        assert!(parse(&[]).link_faults().is_clean());
        let all = ["--link-drop", "0.05", "--link-dup", "0.01", "--link-reorder", "0.02", "--link-corrupt", "0.01"];
        assert_eq!(parse(&all).link_faults().drop, 0.05);
        assert!(parse(&all).check().is_ok());
        assert!(parse(&["--link-drop", "1"]).check().unwrap_err().contains("--link-drop"));
        assert!(parse(&["--link-corrupt=-0.1"]).check().unwrap_err().contains("[0, 1)"));
        assert!(parse(&["--link-drop", "-0.1"]).check().unwrap_err().contains("--link-drop -0.1 is not a probability"));
        assert!(parse(&["--link-dup", "NaN"]).check().is_err());
        assert!(parse(&["--link-drop", "0.1", "--processes", "--nodes", "2"]).check().is_ok());
        assert!(parse(&["--link-drop", "0.1", "--backend", "rdma-shm"]).check().unwrap_err().contains("card only"));
    }

    #[test]
    fn plot_path_is_checked() {
        let bench = |args: &[&str]| {
            let mut v = vec!["renq", "bench"];
            v.extend_from_slice(args);
            match Cli::try_parse_from(v).unwrap().command {
                Command::Bench { plot, .. } => plot,
                _ => unreachable!(),
            }
        };
        let default = bench(&[]);
        assert_eq!(default, std::path::PathBuf::from("bench.svg"));
        assert!(check_plot(&default).is_ok());
        assert!(check_plot(&bench(&["--plot", "out.PNG"])).unwrap_err().contains(".svg"));
        assert!(check_plot(&bench(&["--plot", "/no/such/dir/b.svg"])).unwrap_err().contains("no directory"));
        assert!(check_plot(&std::env::temp_dir().join("b.svg")).is_ok());
    }

    #[test]
    fn demo_defaults_are_the_demos() {
        let (d, w) = (Workload::demo_defaults(7), parse(&["--items", "7"]));
        assert_eq!(format!("{d:?}"), format!("{w:?}"));
    }

    #[test]
    fn producers_avoid_the_consumer_node() {
        let w = parse(&["--nodes", "4", "--producers", "8"]);
        let nodes: Vec<usize> = (0..8).map(|p| w.producer_node(p)).collect();
        assert_eq!(nodes, vec![1, 2, 3, 1, 2, 3, 1, 2]);
        assert_eq!(parse(&["--nodes", "1"]).producer_node(5), 0);
    }
}
