//! The card's emitted Verilog, run by Verilator.
//!
//! `build.rs` turns the checked-in `verilog-out/renq_top.v` — the file lint, cosim, synthesis
//! and formal check — into a C++ model and links it here. [`VerilatedCard`] steps it through
//! renq-hdl's [`CycleCard`], the same trait the RustHDL simulation ([`renq_hdl::RtlCard`])
//! implements, so the card simulator's cycle engine runs either one. The model runs millions
//! of cycles per second against the RustHDL simulation's tens of thousands.
//!
//! Why not a crate for this: `marlin-verilator` builds the model at run time (Verilator and a
//! C++ compiler invoked from the running program, then `dlopen`), which the CLI and the QEMU
//! device server should not do; `verilated`/`verilator` 0.1 (2021) need nightly proc-macros
//! and syn 0.13. A cargo build script and a 150-line shim are the smaller dependency.

use renq_hdl::{CycleCard, PortsIn, PortsOut};
use std::ptr::NonNull;

/// Whether this build has the Verilator model (`verilator` was on PATH when it was built).
pub fn available() -> bool {
    !cfg!(no_verilator)
}

/// Inputs as the shim reads them (field order = `csrc/card.cpp`).
#[repr(C)]
#[derive(Default)]
struct PortsInC {
    csr_wdata: u64,
    sh_data: u64,
    mem_rdata: u64,
    rx_data: u64,
    sh_addr: u32,
    csr_addr: u16,
    csr_write: u8,
    csr_read: u8,
    sh_valid: u8,
    sh_strobe: u8,
    mem_ack: u8,
    tx_ready: u8,
    rx_valid: u8,
    rx_src: u8,
    rx_dst: u8,
    rx_queue: u8,
}

/// Outputs as the shim writes them (field order = `csrc/card.cpp`).
#[repr(C)]
#[derive(Default, Clone, Copy)]
struct PortsOutC {
    csr_rdata: u64,
    mem_addr: u64,
    mem_wdata: u64,
    tx_data: u64,
    sh_ready: u8,
    mem_req: u8,
    mem_write: u8,
    tx_valid: u8,
    tx_src: u8,
    tx_dst: u8,
    tx_queue: u8,
    rx_ready: u8,
    irq: u8,
}

impl From<&PortsIn> for PortsInC {
    fn from(p: &PortsIn) -> Self {
        PortsInC {
            csr_wdata: p.csr_wdata,
            sh_data: p.sh_data,
            mem_rdata: p.mem_rdata,
            rx_data: p.rx_data,
            sh_addr: p.sh_addr,
            csr_addr: p.csr_addr,
            csr_write: p.csr_write as u8,
            csr_read: p.csr_read as u8,
            sh_valid: p.sh_valid as u8,
            sh_strobe: p.sh_strobe,
            mem_ack: p.mem_ack as u8,
            tx_ready: p.tx_ready as u8,
            rx_valid: p.rx_valid as u8,
            rx_src: p.rx_src,
            rx_dst: p.rx_dst,
            rx_queue: p.rx_queue,
        }
    }
}

impl From<PortsOutC> for PortsOut {
    fn from(o: PortsOutC) -> Self {
        PortsOut {
            csr_rdata: o.csr_rdata,
            sh_ready: o.sh_ready != 0,
            mem_req: o.mem_req != 0,
            mem_write: o.mem_write != 0,
            mem_addr: o.mem_addr,
            mem_wdata: o.mem_wdata,
            tx_valid: o.tx_valid != 0,
            tx_src: o.tx_src,
            tx_dst: o.tx_dst,
            tx_queue: o.tx_queue,
            tx_data: o.tx_data,
            rx_ready: o.rx_ready != 0,
            irq: o.irq != 0,
        }
    }
}

#[cfg(not(no_verilator))]
mod ffi {
    use super::{PortsInC, PortsOutC};
    use std::ffi::c_void;
    extern "C" {
        pub fn renq_vtop_new() -> *mut c_void;
        pub fn renq_vtop_free(card: *mut c_void);
        pub fn renq_vtop_eval(card: *mut c_void, inputs: *const PortsInC, outputs: *mut PortsOutC);
        pub fn renq_vtop_tick(card: *mut c_void, outputs: *mut PortsOutC);
    }
}

/// The Verilator model of `top`, driven cycle by cycle.
pub struct VerilatedCard {
    model: NonNull<std::ffi::c_void>,
    cycles: u64,
    /// Inputs the logic is settled with: evaluating the same inputs again needs no work.
    settled_with: Option<PortsIn>,
    out: PortsOut,
}

// The model is owned by this value alone and holds no thread-local state between calls (each
// card has its own VerilatedContext), so it may move to another thread.
unsafe impl Send for VerilatedCard {}

impl VerilatedCard {
    /// A card in its initial state (every register as its initial block sets it).
    pub fn new() -> Result<VerilatedCard, String> {
        #[cfg(no_verilator)]
        {
            Err("this build has no Verilator model: install verilator (bash scripts/setup) and rebuild".into())
        }
        #[cfg(not(no_verilator))]
        {
            // SAFETY: the shim returns an owned model or null.
            let model = NonNull::new(unsafe { ffi::renq_vtop_new() })
                .ok_or_else(|| "out of memory creating the Verilator model".to_string())?;
            let mut card = VerilatedCard { model, cycles: 0, settled_with: None, out: PortsOut::default() };
            card.eval(&PortsIn::default());
            Ok(card)
        }
    }
}

#[cfg(not(no_verilator))]
impl CycleCard for VerilatedCard {
    fn eval(&mut self, inputs: &PortsIn) -> PortsOut {
        if self.settled_with != Some(*inputs) {
            let mut out = PortsOutC::default();
            // SAFETY: `model` is live (freed only in Drop) and both structs match the shim's.
            unsafe { ffi::renq_vtop_eval(self.model.as_ptr(), &PortsInC::from(&inputs.at_ports()), &mut out) };
            self.out = out.into();
            self.settled_with = Some(*inputs);
        }
        self.out
    }

    fn tick(&mut self) -> PortsOut {
        let mut out = PortsOutC::default();
        // SAFETY: as in eval.
        unsafe { ffi::renq_vtop_tick(self.model.as_ptr(), &mut out) };
        self.out = out.into();
        self.cycles += 1;
        self.out
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }
}

#[cfg(no_verilator)]
impl CycleCard for VerilatedCard {
    fn eval(&mut self, _: &PortsIn) -> PortsOut {
        unreachable!("VerilatedCard::new fails in a build without Verilator")
    }
    fn tick(&mut self) -> PortsOut {
        unreachable!("VerilatedCard::new fails in a build without Verilator")
    }
    fn cycles(&self) -> u64 {
        self.cycles
    }
}

impl Drop for VerilatedCard {
    fn drop(&mut self) {
        #[cfg(not(no_verilator))]
        // SAFETY: the model was created by renq_vtop_new and is freed once, here.
        unsafe {
            ffi::renq_vtop_free(self.model.as_ptr())
        };
    }
}
