//! Two paper cards linked both ways, each with its memory, stepped together.

use super::*;

/// Two cards linked both ways: A.tx → B.rx and B.tx → A.rx, through a link that may pause.
pub struct LinkedPair {
    pub a: Node,
    pub b: Node,
    /// Whether the link moves packets (both directions) in a cycle.
    link: Flow,
    link_go: bool,
    cycle: u64,
}

impl LinkedPair {
    pub fn new(mem_latency: u32) -> Self {
        let c = Conditions { waits: WaitStates::Fixed(mem_latency), ..Conditions::idle() };
        Self::with_conditions(c)
    }

    /// Both memories with the condition's wait states, the link paused as its flow says.
    pub fn with_conditions(c: Conditions) -> Self {
        let mut link = c.link;
        let link_go = link.go(0);
        LinkedPair { a: Node::with_waits(c.waits.clone()), b: Node::with_waits(c.waits), link, link_go, cycle: 0 }
    }

    /// A paused link offers nothing and takes nothing.
    fn connect(from: &PaperPortsOut, to: &mut PaperPortsIn, go: bool) {
        to.rx_valid = from.tx_valid && go;
        to.rx_src = from.tx_src;
        to.rx_dst = from.tx_dst;
        to.rx_queue = from.tx_queue;
        to.rx_data = from.tx_data;
    }

    /// Settle both cards and the links between them.
    pub fn eval(&mut self) {
        // TX outputs are registered and RX ready does not depend on valid, so this converges
        // in two rounds; the third checks it.
        let go = self.link_go;
        for _ in 0..3 {
            self.a.eval();
            Self::connect(&self.a.out, &mut self.b.inp, go);
            self.b.eval();
            Self::connect(&self.b.out, &mut self.a.inp, go);
            self.a.inp.tx_ready = self.b.out.rx_ready && go;
            self.b.inp.tx_ready = self.a.out.rx_ready && go;
        }
        self.a.eval();
        self.b.eval();
    }

    /// The clock edge of both cards; the link's flow for the next cycle is drawn.
    fn tick(&mut self) {
        self.a.tick();
        self.b.tick();
        self.cycle += 1;
        self.link_go = self.link.go(self.cycle);
    }

    /// One clock cycle of both cards.
    pub fn step(&mut self) {
        self.eval();
        self.tick();
        self.eval();
    }

    pub fn run(&mut self, cycles: u64) {
        for _ in 0..cycles {
            self.step();
        }
    }

    /// A CSR write on card A (`on_a`) or B while the other card runs on.
    pub fn csr_write(&mut self, on_a: bool, offset: u64, value: u64) {
        PairCsr { pair: self, on_a }.csr_write(offset, value);
    }

    /// A shadow store on card A: held until the shadow port takes it (bounded).
    /// Returns whether it was taken.
    pub fn store_a(&mut self, shadow_offset: u32, data: u64, strobe: u8, max_cycles: u64) -> bool {
        self.a.inp.sh_valid = true;
        self.a.inp.sh_addr = shadow_offset;
        self.a.inp.sh_data = data;
        self.a.inp.sh_strobe = strobe;
        let mut taken = false;
        for _ in 0..max_cycles {
            self.eval();
            taken = self.a.out.sh_ready;
            self.tick();
            if taken {
                break;
            }
        }
        self.a.inp.sh_valid = false;
        self.eval();
        taken
    }
}

/// The CSR port of one card of a pair, both cards clocked (the links keep flowing).
struct PairCsr<'a> {
    pair: &'a mut LinkedPair,
    on_a: bool,
}

impl CsrMaster for PairCsr<'_> {
    fn csr_cycle(&mut self, op: CsrOp) {
        let n = if self.on_a { &mut self.pair.a } else { &mut self.pair.b };
        op.apply(&mut n.inp);
        self.pair.step();
        let n = if self.on_a { &mut self.pair.a } else { &mut self.pair.b };
        CsrOp::Idle.apply(&mut n.inp);
    }

    fn csr_rdata(&mut self) -> u64 {
        if self.on_a {
            self.pair.a.out.csr_rdata
        } else {
            self.pair.b.out.csr_rdata
        }
    }
}
