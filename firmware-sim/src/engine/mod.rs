//! A card engine: everything one card does, at transaction level.
//!
//! Three implementations of the card: [`model::Model`], a behavioural model written from the
//! spec (fast, for long runs); `rtl::RtlEngine`, which steps the RustHDL card (`Top`) cycle by
//! cycle and answers its memory requests (slow, for correctness); and `rtl::VerilatorEngine`,
//! the same cycle engine over the Verilator model of the checked-in Verilog (`renq_top.v`:
//! the hardware itself, fast). The differential tests drive them with the same traces and
//! require identical results. The paper card has the same three, in [`paper`]. Both cards'
//! cycle engines are one, `cycle::CycleEngine`, over each card's port bundle (`cycle::Bus`).
//!
//! Callers (the cluster worker, tests) own the engine exclusively; the engine never blocks.

use std::sync::Arc;

use renq_abi::csr::BAR0_BYTES;
use renq_abi::packet::Packet;
use renq_abi::WORD_BYTES;

use crate::memory::HostMemory;

#[cfg(feature = "rtl")]
pub mod cycle;
pub mod model;
pub mod paper;
#[cfg(feature = "rtl")]
pub mod rtl;
pub mod speed;

/// Which card a node has: the card (the pipelined engine with portals, spec §6a, §7c) or the
/// paper's FSM card (kept as the reference, spec §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CardKind {
    #[default]
    Renq,
    Paper,
}

/// What differs between the two cards, as data: the one place that looks at a card's kind
/// ([`CardKind::spec`]); everything else asks the spec.
pub struct CardSpec {
    /// What reports call it.
    pub title: &'static str,
    /// Node ids its NODE_ID and packets can hold.
    pub max_nodes: usize,
    /// Queue ids its packets can hold.
    pub max_queues: usize,
    /// BAR2: the card's portal pages or the paper card's shadow window.
    pub bar2_bytes: u64,
    /// The ABI version its ID register names (also its PCI revision).
    pub abi: u8,
    /// A node accepts links from every node id the card can name (the paper card's 16), not
    /// only from its listed peers (the card names 1 024: a link each would be a thousand
    /// empty inboxes).
    pub links_from_every_node: bool,
    /// The consumer head doorbell (spec §9b).
    pub head_doorbell: bool,
    /// Producers on the consumer's own node can block its overflow handler behind their
    /// stores (spec §5): the paper card's overflow needs the consumer's process to drain.
    pub self_enqueue_can_block: bool,
    /// Whether the card's link port can carry the packet (spec §7).
    fits: fn(&Packet) -> bool,
    /// What `engine-speed` adds to the engine's name ("engine verilator card: …").
    pub speed_suffix: &'static str,
    /// The RustHDL simulation of the card is timed on this fraction of a fast engine's items.
    pub rtl_items_divisor: u64,
    /// The register counting enqueued items (CNT_ENQUEUED).
    pub enqueued_counter: u64,
    /// Exports a buffer (base, log2 words) for queue 0 through the card's registers.
    pub export_queue0: fn(&mut dyn CardEngine, u64, u32),
    /// A card of this kind on an engine.
    new_engine: fn(EngineKind) -> Result<Box<dyn CardEngine>, String>,
}

static CARD: CardSpec = CardSpec {
    title: "card",
    max_nodes: renq_abi::MAX_NODES,
    max_queues: renq_abi::MAX_QUEUES,
    bar2_bytes: renq_abi::portal::WINDOW_BYTES,
    abi: (renq_abi::regs::ID_VALUE & 0xff) as u8,
    links_from_every_node: false,
    head_doorbell: true,
    self_enqueue_can_block: false,
    fits: |_| true,
    speed_suffix: " card",
    rtl_items_divisor: 1000,
    enqueued_counter: renq_abi::regs::CNT_ENQUEUED,
    export_queue0: |e, base, log2| {
        e.csr_write(renq_abi::regs::CMD_ARG, renq_abi::csr::ExportEntry::new(base, log2).0);
        e.csr_write(renq_abi::regs::CMD, renq_abi::regs::command(renq_abi::CMD_EXPORT, 0));
    },
    new_engine: |kind| match kind {
        EngineKind::Model => Ok(Box::new(model::Model::new())),
        #[cfg(feature = "rtl")]
        EngineKind::Rtl => Ok(Box::new(rtl::RtlEngine::new())),
        #[cfg(feature = "verilator")]
        EngineKind::Verilator => Ok(Box::new(rtl::VerilatorEngine::new()?)),
        #[allow(unreachable_patterns)]
        other => Err(other.missing()),
    },
};

static PAPER: CardSpec = CardSpec {
    title: "paper card",
    max_nodes: renq_abi::paper::MAX_NODES,
    max_queues: renq_abi::paper::MAX_QUEUES,
    bar2_bytes: renq_abi::paper::shadow::WINDOW_BYTES,
    abi: (renq_abi::paper::regs::ID_VALUE & 0xff) as u8,
    links_from_every_node: true,
    head_doorbell: false,
    self_enqueue_can_block: true,
    // 4-bit node and queue fields and no portal, epoch or kind. A packet that does not fit
    // is dropped and counted (`unfit`) before the engine sees it, never truncated.
    fits: |pkt| {
        pkt.kind == renq_abi::packet::Kind::Enqueue
            && (pkt.src as usize) < renq_abi::paper::MAX_NODES
            && (pkt.dst as usize) < renq_abi::paper::MAX_NODES
            && (pkt.queue as usize) < renq_abi::paper::MAX_QUEUES
            && pkt.portal == 0
            && pkt.epoch == 0
    },
    speed_suffix: "",
    rtl_items_divisor: 100,
    enqueued_counter: renq_abi::paper::regs::CNT_ENQUEUED,
    export_queue0: |e, base, log2| {
        e.csr_write(renq_abi::paper::regs::export_entry(0), renq_abi::csr::ExportEntry::new(base, log2).0)
    },
    new_engine: |kind| match kind {
        EngineKind::Model => Ok(Box::new(paper::model::PaperModel::new())),
        #[cfg(feature = "rtl")]
        EngineKind::Rtl => Ok(Box::new(paper::rtl::PaperRtlEngine::new())),
        #[cfg(feature = "verilator")]
        EngineKind::Verilator => Ok(Box::new(paper::rtl::PaperVerilatorEngine::new()?)),
        #[allow(unreachable_patterns)]
        other => Err(other.missing()),
    },
};

impl CardKind {
    /// Every card, by name (what [`FromStr`](std::str::FromStr) accepts).
    pub const ALL: [(CardKind, &'static str); 2] = [(CardKind::Renq, "renq"), (CardKind::Paper, "paper")];
    /// Older names still accepted by [`FromStr`](std::str::FromStr).
    pub const ALIASES: [(CardKind, &'static str); 1] = [(CardKind::Renq, "v2")];

    /// What this card is.
    pub fn spec(self) -> &'static CardSpec {
        match self {
            CardKind::Renq => &CARD,
            CardKind::Paper => &PAPER,
        }
    }

    /// The name `--card` takes.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(k, _)| *k == self).map_or("?", |(_, n)| n)
    }

    /// Node ids this card's NODE_ID and packets can hold (`renq_abi`, `renq_abi::paper`).
    pub fn max_nodes(self) -> usize {
        self.spec().max_nodes
    }

    /// `id` fits this card's node ids; else the one-line error "`what` `id` is not below
    /// `max` (`name` card)" (`what`: how the caller's user named it, e.g. "peer id").
    pub fn check_node_id(self, what: &str, id: u16) -> Result<(), String> {
        let max = self.max_nodes();
        if id as usize >= max {
            return Err(format!("{what} {id} is not below {max} ({} card)", self.name()));
        }
        Ok(())
    }

    /// Queue ids this card's packets can hold.
    pub fn max_queues(self) -> usize {
        self.spec().max_queues
    }

    /// Whether this build can run this card on `engine` (both cards' RTL and Verilog come
    /// with the same features).
    pub fn available_on(self, engine: EngineKind) -> bool {
        engine.available()
    }

    /// Whether this card's link port can carry `pkt` (spec §7).
    pub fn fits(self, pkt: &Packet) -> bool {
        (self.spec().fits)(pkt)
    }
}

impl std::fmt::Display for CardKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for CardKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL.iter().chain(&Self::ALIASES).find(|(_, n)| *n == s).map(|(k, _)| *k).ok_or_else(|| {
            let names: Vec<&str> = Self::ALL.iter().map(|(_, n)| *n).collect();
            format!("unknown card {s:?} (one of: {})", names.join(", "))
        })
    }
}

/// Which engine a card runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EngineKind {
    /// The behavioural model (fast).
    #[default]
    Model,
    /// The RTL of the hdl crate, simulated cycle by cycle (slow, ~thousands of cycles/s);
    /// needs the `rtl` feature.
    Rtl,
    /// The emitted Verilog (`verilog-out/renq_paper_top.v`) compiled by Verilator, cycle by cycle
    /// (millions of cycles/s); needs the `verilator` feature and Verilator at build time.
    Verilator,
}

impl EngineKind {
    /// Every engine, by name (what [`FromStr`](std::str::FromStr) accepts).
    pub const ALL: [(EngineKind, &'static str); 3] =
        [(EngineKind::Model, "model"), (EngineKind::Rtl, "rtl"), (EngineKind::Verilator, "verilator")];

    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(k, _)| *k == self).map_or("?", |(_, n)| n)
    }

    /// Whether this build can run it.
    pub fn available(self) -> bool {
        match self {
            EngineKind::Model => true,
            EngineKind::Rtl => cfg!(feature = "rtl"),
            EngineKind::Verilator => verilator_built(),
        }
    }

    /// Why this build cannot run this engine.
    fn missing(self) -> String {
        match self {
            EngineKind::Model => "the model engine is always built".into(),
            EngineKind::Rtl => "this build has no RTL engine: build renq-sim with its `rtl` feature".into(),
            EngineKind::Verilator => {
                "this build has no Verilator engine: build renq-sim with its `verilator` feature".into()
            }
        }
    }
}

impl std::fmt::Display for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for EngineKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL.iter().find(|(_, n)| *n == s).map(|(k, _)| *k).ok_or_else(|| {
            let names: Vec<&str> = Self::ALL.iter().map(|(_, n)| *n).collect();
            format!("unknown engine {s:?} (one of: {})", names.join(", "))
        })
    }
}

/// One card, driven by transactions.
pub trait CardEngine: Send {
    /// Gives the engine its node's host memory for what the card writes outside `deliver`
    /// (the card's commands: ARM may post a TAIL write, spec §6a). Engines that decide such
    /// writes at once or make none ignore it; a cycle engine without it holds those writes.
    fn attach_memory(&mut self, _memory: &Arc<HostMemory>) {}
    /// A BAR0 read at an 8-aligned offset below `BAR0_BYTES` (see [`csr_offset_ok`]).
    fn csr_read(&mut self, offset: u64) -> u64;
    /// A BAR0 write at an 8-aligned offset below `BAR0_BYTES`.
    fn csr_write(&mut self, offset: u64, value: u64);
    /// A store to the shadow window (BAR2). Returns the packet the sender emits, if any (a
    /// dropped store is counted in CNT_TX_DROPPED and returns None).
    fn shadow_write(&mut self, offset: u64, data: u64, byte_enable: u8) -> Option<Packet>;
    /// An 8-byte load from BAR2: the card's portal status (spec §7c); the paper card's BAR2
    /// reads 0.
    fn shadow_read(&mut self, _offset: u64) -> u64 {
        0
    }
    /// Offers one packet from the link. Returns false if the card does not accept it now (RX
    /// disabled, or — the paper card — its queue stalled): the packet stays on the link.
    /// Returns true once the card has taken it and finished with it (written, refused,
    /// rejected, or an outcome applied).
    fn deliver(&mut self, mem: &HostMemory, pkt: Packet) -> bool;
    /// Offers packets from one link in order, as [`deliver`](Self::deliver) each until the card
    /// leaves one on the link; returns how many it took. The cycle engines offer each packet the
    /// cycle after the card took the one before (back to back, as a link does) instead of
    /// running the card until it is quiet in between: the same packets taken and the same
    /// result, in fewer cycles.
    fn deliver_batch(&mut self, mem: &HostMemory, pkts: &[Packet]) -> usize {
        pkts.iter().take_while(|p| self.deliver(mem, **p)).count()
    }
    /// Moves the packets the card owes its links — the card's OUTCOMEs (spec §7c), in order —
    /// into `out`. The paper card owes none.
    fn take_replies(&mut self, _out: &mut Vec<Packet>) {}
    /// Node `node` restarted (the link's [`Kind::PeerReset`](renq_abi::packet::Kind) notice,
    /// behind every packet of its old incarnation): each portal aimed at it loses what it has in
    /// flight, as a rejection (spec §7c, "A destination that restarts"). The paper card has no
    /// portals; the RTL card has no input for it yet (spec §7b), so it keeps its counts.
    fn peer_reset(&mut self, _node: u16) {}
    /// The interrupt line: `|(IRQ_STATUS & IRQ_MASK)`.
    fn irq(&mut self) -> bool;
    /// Which card this engine is.
    fn card(&self) -> CardKind;
    /// Clock cycles simulated so far, for engines that simulate a clock.
    fn cycles(&self) -> Option<u64> {
        None
    }
}

/// Creates a card of kind `card` running on engine `kind`.
pub fn new_card(card: CardKind, kind: EngineKind) -> Result<Box<dyn CardEngine>, String> {
    (card.spec().new_engine)(kind)
}

/// Creates a paper card on engine `kind`.
pub fn new_paper_engine(kind: EngineKind) -> Result<Box<dyn CardEngine>, String> {
    new_card(CardKind::Paper, kind)
}

/// Whether the Verilator model is in this build (the feature is on and Verilator was found).
fn verilator_built() -> bool {
    #[cfg(feature = "verilator")]
    return renq_verilated::available();
    #[cfg(not(feature = "verilator"))]
    return false;
}

/// Whether a BAR0 offset reaches the card's CSR decoder. BAR0 holds 64-bit registers at
/// 8-aligned offsets; other accesses read 0 and are ignored, before any engine sees them, so
/// both engines get exactly the same register traffic.
pub fn csr_offset_ok(offset: u64) -> bool {
    offset < BAR0_BYTES && offset.is_multiple_of(WORD_BYTES)
}
