//! What both cards' Verilator models share: an owned model behind an FFI shim, settled by
//! `eval` (skipped when the inputs are those it is settled with) and clocked by `tick` — or a
//! whole cycle, settle, outputs and edge, in one call across the FFI (`step`). Each card says how
//! its ports cross the FFI in a [`Shim`].

use renq_hdl::cycle::CycleCard;
use std::ffi::c_void;
use std::ptr::NonNull;

/// One model's port structs and shim functions (`csrc/card.cpp`, `csrc/paper_card.cpp`).
pub trait Shim {
    /// Every input port, as renq-hdl's cycle trait gives them.
    type In: Copy + Default + PartialEq;
    /// Every output port.
    type Out: Copy + Default;
    /// The inputs as the shim reads them (`#[repr(C)]`).
    type InC;
    /// The outputs as the shim writes them (`#[repr(C)]`).
    type OutC: Default;
    /// The inputs as the ports hold them (each cut to its port's width) in the shim's layout.
    fn inputs(inputs: &Self::In) -> Self::InC;
    fn outputs(out: Self::OutC) -> Self::Out;
    /// # Safety
    /// Returns an owned model or null.
    unsafe fn create() -> *mut c_void;
    /// # Safety
    /// `model` came from `create` and is freed once.
    unsafe fn free(model: *mut c_void);
    /// Applies `inputs` and settles (None: the inputs last applied, already settled); writes
    /// the outputs.
    ///
    /// # Safety
    /// `model` is live.
    unsafe fn eval(model: *mut c_void, inputs: Option<&Self::InC>, out: &mut Self::OutC);
    /// # Safety
    /// `model` is live.
    unsafe fn tick(model: *mut c_void, out: &mut Self::OutC);
    /// `eval`, then one rising edge (whose outputs are not read): one clock cycle.
    ///
    /// # Safety
    /// `model` is live.
    unsafe fn step(model: *mut c_void, inputs: Option<&Self::InC>, out: &mut Self::OutC);
}

/// A Verilator model, driven cycle by cycle.
pub struct Verilated<S: Shim> {
    model: NonNull<c_void>,
    cycles: u64,
    /// Inputs the logic is settled with: evaluating the same inputs again needs no work.
    settled_with: Option<S::In>,
    /// The outputs with those inputs, unless a `step` has clocked the model since.
    out: Option<S::Out>,
}

// The model is owned by this value alone and holds no thread-local state between calls (each
// card has its own VerilatedContext), so it may move to another thread.
unsafe impl<S: Shim> Send for Verilated<S> {}

impl<S: Shim> Verilated<S> {
    /// A model in its initial state (every register as its initial block sets it), settled
    /// with `idle` inputs; an error if this build has no Verilator model.
    pub(crate) fn create(idle: &S::In) -> Result<Self, String> {
        if !crate::available() {
            return Err("this build has no Verilator model: install verilator (bash scripts/setup) and rebuild".into());
        }
        // SAFETY: the shim returns an owned model or null.
        let model = NonNull::new(unsafe { S::create() })
            .ok_or_else(|| "out of memory creating the Verilator model".to_string())?;
        let mut card = Verilated { model, cycles: 0, settled_with: None, out: None };
        card.eval(idle);
        Ok(card)
    }
}

/// Either card's model behind renq-hdl's one cycle trait: settled by `eval` (skipped when the
/// inputs are those it is settled with), clocked by `tick`, or a whole cycle in one call across
/// the FFI (`step`).
impl<S: Shim> CycleCard for Verilated<S> {
    type In = S::In;
    type Out = S::Out;

    fn eval(&mut self, inputs: &S::In) -> S::Out {
        let same = self.settled_with == Some(*inputs);
        if let (true, Some(out)) = (same, self.out) {
            return out;
        }
        let mut out = S::OutC::default();
        let applied = (!same).then(|| S::inputs(inputs));
        // SAFETY: `model` is live (freed only in Drop).
        unsafe { S::eval(self.model.as_ptr(), applied.as_ref(), &mut out) };
        let out = S::outputs(out);
        (self.out, self.settled_with) = (Some(out), Some(*inputs));
        out
    }

    fn tick(&mut self) -> S::Out {
        let mut out = S::OutC::default();
        // SAFETY: as in eval.
        unsafe { S::tick(self.model.as_ptr(), &mut out) };
        let out = S::outputs(out);
        self.out = Some(out);
        self.cycles += 1;
        out
    }

    /// `eval(inputs)`, then `tick()`, in one call across the FFI; returns the outputs before
    /// the edge (those `eval` returns).
    fn step(&mut self, inputs: &S::In) -> S::Out {
        let same = self.settled_with == Some(*inputs);
        let mut out = S::OutC::default();
        let applied = (!same).then(|| S::inputs(inputs));
        // SAFETY: as in eval.
        unsafe { S::step(self.model.as_ptr(), applied.as_ref(), &mut out) };
        (self.out, self.settled_with) = (None, Some(*inputs));
        self.cycles += 1;
        S::outputs(out)
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }
}

impl<S: Shim> Drop for Verilated<S> {
    fn drop(&mut self) {
        // SAFETY: the model was created by S::create (only when available) and is freed once.
        unsafe { S::free(self.model.as_ptr()) };
    }
}

/// The [`Shim`] of one model from its FFI functions. Without Verilator the functions are
/// never called (`Verilated::create` fails first).
macro_rules! shim {
    ($shim:ident, $in:ty, $out:ty, $new:ident, $free:ident, $eval:ident, $tick:ident, $step:ident) => {
        #[cfg(not(no_verilator))]
        mod ffi {
            use super::{PortsInC, PortsOutC};
            use std::ffi::c_void;
            extern "C" {
                pub fn $new() -> *mut c_void;
                pub fn $free(card: *mut c_void);
                pub fn $eval(card: *mut c_void, inputs: *const PortsInC, outputs: *mut PortsOutC);
                pub fn $tick(card: *mut c_void, outputs: *mut PortsOutC);
                pub fn $step(card: *mut c_void, inputs: *const PortsInC, outputs: *mut PortsOutC);
            }
        }

        impl $crate::model::Shim for $shim {
            type In = $in;
            type Out = $out;
            type InC = PortsInC;
            type OutC = PortsOutC;

            fn inputs(inputs: &$in) -> PortsInC {
                #[allow(clippy::useless_conversion)]
                PortsInC::from(inputs.at_ports())
            }
            fn outputs(out: PortsOutC) -> $out {
                #[allow(clippy::useless_conversion)]
                out.into()
            }
            unsafe fn create() -> *mut std::ffi::c_void {
                #[cfg(not(no_verilator))]
                return ffi::$new();
                #[cfg(no_verilator)]
                return std::ptr::null_mut();
            }
            unsafe fn free(_model: *mut std::ffi::c_void) {
                #[cfg(not(no_verilator))]
                ffi::$free(_model)
            }
            unsafe fn eval(_model: *mut std::ffi::c_void, _inputs: Option<&PortsInC>, _out: &mut PortsOutC) {
                #[cfg(not(no_verilator))]
                ffi::$eval(_model, _inputs.map_or(std::ptr::null(), |i| i as *const PortsInC), _out)
            }
            unsafe fn tick(_model: *mut std::ffi::c_void, _out: &mut PortsOutC) {
                #[cfg(not(no_verilator))]
                ffi::$tick(_model, _out)
            }
            unsafe fn step(_model: *mut std::ffi::c_void, _inputs: Option<&PortsInC>, _out: &mut PortsOutC) {
                #[cfg(not(no_verilator))]
                ffi::$step(_model, _inputs.map_or(std::ptr::null(), |i| i as *const PortsInC), _out)
            }
        }

        impl $crate::model::Verilated<$shim> {
            /// A card in its initial state (every register as its initial block sets it).
            pub fn new() -> Result<Self, String> {
                Self::create(&<$in>::default())
            }
        }
    };
}
pub(crate) use shim;
