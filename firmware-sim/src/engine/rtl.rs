//! The RTL engine: the hdl crate's `top`, stepped cycle by cycle through `renq_hdl::RtlCard`.
//!
//! Each transaction drives the ports for as many clock cycles as it needs and leaves the card
//! idle (receiver back in LD0, sender's output register empty), so it is interchangeable with
//! the model. Memory requests are answered from [`HostMemory`] with an acknowledge in the
//! request cycle (the request signals depend only on registers, so they are read with the ack
//! already applied). The link TX side is always ready: back-pressure is applied by the link
//! (the inbox), outside the card.

use renq_abi::packet::Packet;
use renq_abi::shadow::WINDOW_BYTES;
use renq_hdl::{PortsIn, PortsOut, RtlCard};

use super::Engine;
use crate::memory::HostMemory;

/// Cycles an enqueue may take before the engine declares the RTL hung (it takes 5).
const MAX_ENQUEUE_CYCLES: u64 = 64;

/// The RTL card and its memory's latency.
pub struct RtlEngine {
    card: RtlCard,
    mem_latency: u32,
}

/// Inputs of an idle card: nothing offered, link TX always ready.
fn idle() -> PortsIn {
    PortsIn { tx_ready: true, ..PortsIn::default() }
}

impl Default for RtlEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl RtlEngine {
    /// A card whose memory acknowledges in the request cycle (5 cycles per enqueue).
    pub fn new() -> RtlEngine {
        Self::with_mem_latency(0)
    }

    /// A card whose memory acknowledges `latency` cycles after the request (spec §6 allows
    /// any latency). While it waits, the engine checks that the card holds its request stable.
    pub fn with_mem_latency(latency: u32) -> RtlEngine {
        let mut card = RtlCard::new();
        card.eval(&idle());
        RtlEngine { card, mem_latency: latency }
    }

    /// Clock cycles simulated so far.
    pub fn cycles(&self) -> u64 {
        self.card.cycles()
    }

    /// One bus cycle with `inputs`, then back to idle inputs.
    fn cycle(&mut self, inputs: &PortsIn) -> PortsOut {
        let out = self.card.eval(inputs);
        self.card.tick();
        self.card.eval(&idle());
        out
    }

    /// Runs the receiver until it is back in LD0, answering its memory requests.
    fn run_receiver(&mut self, mem: &HostMemory) {
        let start = self.card.cycles();
        let mut inputs = PortsIn { mem_ack: true, ..idle() };
        loop {
            let out = self.card.eval(&inputs);
            if !out.mem_req {
                break; // only LD0 issues no request: the packet is done
            }
            if self.mem_latency > 0 {
                let waiting = PortsIn { mem_ack: false, ..idle() };
                for _ in 0..self.mem_latency {
                    let held = self.card.eval(&waiting);
                    assert_eq!(
                        (held.mem_req, held.mem_write, held.mem_addr, held.mem_wdata),
                        (out.mem_req, out.mem_write, out.mem_addr, out.mem_wdata),
                        "RTL changed its memory request before the acknowledge"
                    );
                    self.card.tick();
                }
                self.card.eval(&inputs);
            }
            if out.mem_write {
                mem.dma_write(out.mem_addr, out.mem_wdata);
            } else {
                inputs.mem_rdata = mem.dma_read(out.mem_addr);
                self.card.eval(&inputs);
            }
            self.card.tick();
            inputs.mem_rdata = 0;
            let limit = MAX_ENQUEUE_CYCLES * (1 + self.mem_latency as u64);
            assert!(self.card.cycles() - start < limit, "RTL receiver did not return to LD0");
        }
        self.card.eval(&idle());
    }
}

impl Engine for RtlEngine {
    fn csr_read(&mut self, offset: u64) -> u64 {
        // The CSR port is registered and counters update the cycle after their event: one idle
        // cycle lets anything pending land, then the read cycle; the value is on csr_rdata in
        // the cycle after it.
        self.cycle(&idle());
        self.cycle(&PortsIn { csr_addr: offset as u16, csr_read: true, ..idle() });
        self.card.eval(&idle()).csr_rdata
    }

    fn csr_write(&mut self, offset: u64, value: u64) {
        // The write cycle, then the cycle at whose end the write takes effect.
        self.cycle(&PortsIn { csr_addr: offset as u16, csr_wdata: value, csr_write: true, ..idle() });
        self.cycle(&idle());
    }

    fn shadow_write(&mut self, offset: u64, data: u64, byte_enable: u8) -> Option<Packet> {
        // The stepper presents an address beyond the window as a partial store (dropped and
        // counted); u32::MAX is beyond it and stands for every larger offset.
        let sh_addr = if offset < WINDOW_BYTES { offset as u32 } else { u32::MAX };
        let out = self.cycle(&PortsIn { sh_valid: true, sh_addr, sh_data: data, sh_strobe: byte_enable, ..idle() });
        assert!(out.sh_ready, "shadow port not ready with the link ready");
        // The packet (if any) is in the sender's output register now; the link takes it.
        let out = self.cycle(&idle());
        out.tx_valid.then_some(Packet { src: out.tx_src, dst: out.tx_dst, queue: out.tx_queue, data: out.tx_data })
    }

    fn deliver(&mut self, mem: &HostMemory, pkt: Packet) -> bool {
        let offer = PortsIn {
            rx_valid: true,
            rx_src: pkt.src,
            rx_dst: pkt.dst,
            rx_queue: pkt.queue,
            rx_data: pkt.data,
            ..idle()
        };
        if !self.card.eval(&offer).rx_ready {
            self.card.eval(&idle()); // withdrawn: it stays on the link
            return false;
        }
        self.card.tick(); // LD0 takes it
        self.run_receiver(mem);
        true
    }

    fn irq(&mut self) -> bool {
        self.card.eval(&idle()).irq
    }
}
