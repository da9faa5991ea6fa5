//! The whole card's ports (`Top`, spec §6b), listed once (`with_top_ports`): name,
//! direction, plain-value type and width, in `Top`'s port order. From the list come
//!
//! * `Top`'s port fields themselves (`crate::top`'s `top_struct`);
//! * [`PortsIn`] / [`PortsOut`] — every port as a plain value (`#[repr(C)]`: the Verilator shim
//!   reads and writes them as they are), how they are applied to and read from the RustHDL
//!   [`Top`], and the co-simulation's stimulus and log lines ([`PortsIn::line`],
//!   [`PortsOut::line`]);
//! * [`INPUTS`] / [`OUTPUTS`] — the list as data, from which [`super::ports_emit`] writes the
//!   Verilator shim's port copy (`verilated/csrc/card_ports.h`) and the co-simulation's and
//!   formal harness's Verilog (`verilog-out/cosim/top_*.vh`), each checked in and checked
//!   fresh by `hdl/tests/card_ports_fresh.rs`.
//!
//! A test compares the emitted module's port declarations with the list.

use super::{Top, BAR2_ADDR_W};
use crate::harness::engine::RxPacket;
use crate::*;
use rust_hdl::prelude::*;

/// One port of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Port {
    pub name: &'static str,
    /// Bits at the port.
    pub width: usize,
    /// The plain-value field's Rust type (`bool`, `u8`, `u16`, `u32`, `u64`).
    pub ty: &'static str,
    /// The field's offset in [`PortsIn`] / [`PortsOut`] (`#[repr(C)]`).
    pub offset: usize,
}

/// Why a stimulus or log line was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum LineError {
    /// Fewer fields than ports.
    TooFew(usize),
    /// A field that is not hex.
    NotHex(String),
}

/// A plain port value as a number and back (the value is cut to the type, as `as` does).
pub trait PortValue: Copy {
    fn to_u64(self) -> u64;
    fn from_u64(v: u64) -> Self;
    /// The value a `width`-bit port holds.
    fn cut(self, width: usize) -> Self {
        Self::from_u64(if width >= 64 { self.to_u64() } else { self.to_u64() & ((1 << width) - 1) })
    }
}

impl PortValue for bool {
    fn to_u64(self) -> u64 {
        self as u64
    }
    fn from_u64(v: u64) -> Self {
        v & 1 == 1
    }
}

macro_rules! port_value {
    ($($t:ty),+) => {$(
        impl PortValue for $t {
            fn to_u64(self) -> u64 {
                self as u64
            }
            fn from_u64(v: u64) -> Self {
                v as $t
            }
        }
    )+};
}
port_value!(u8, u16, u32, u64);

/// A RustHDL signal value (`bool`, `Bits<N>`) from and to a number.
trait SignalValue {
    fn from_u64(v: u64) -> Self;
    fn to_u64(&self) -> u64;
}
impl SignalValue for bool {
    fn from_u64(v: u64) -> Self {
        v & 1 == 1
    }
    fn to_u64(&self) -> u64 {
        *self as u64
    }
}
impl<const N: usize> SignalValue for Bits<N> {
    fn from_u64(v: u64) -> Self {
        v.into()
    }
    fn to_u64(&self) -> u64 {
        Bits::<N>::to_u64(*self)
    }
}

/// The next hex field of a line.
fn field(it: &mut std::str::SplitWhitespace, n: &mut usize) -> Result<u64, LineError> {
    let f = it.next().ok_or(LineError::TooFew(*n))?;
    *n += 1;
    u64::from_str_radix(f, 16).map_err(|_| LineError::NotHex(f.to_string()))
}

macro_rules! card_ports {
    (
        inputs { $( $(#[$idoc:meta])* $i:ident: $it:ident = $iw:expr ),+ $(,)? }
        outputs { $( $(#[$odoc:meta])* $o:ident: $ot:ident = $ow:expr ),+ $(,)? }
    ) => {
        /// Values for every input port of `Top` (wider values are cut to the port, as wires
        /// would: [`PortsIn::at_ports`]). The layout is the Verilator shim's
        /// (`verilated/csrc/card_ports.h`, generated from the same list).
        #[repr(C)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct PortsIn {
            $( $(#[$idoc])* pub $i: $it, )+
        }

        /// Values of every output port of `Top` (layout as [`PortsIn`]'s).
        #[repr(C)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct PortsOut {
            $( $(#[$odoc])* pub $o: $ot, )+
        }

        /// The input ports, in `Top`'s order.
        pub const INPUTS: &[Port] = &[$(
            Port { name: stringify!($i), width: $iw, ty: stringify!($it), offset: std::mem::offset_of!(PortsIn, $i) },
        )+];

        /// The output ports, in `Top`'s order.
        pub const OUTPUTS: &[Port] = &[$(
            Port { name: stringify!($o), width: $ow, ty: stringify!($ot), offset: std::mem::offset_of!(PortsOut, $o) },
        )+];

        // Every field's type holds its port.
        $( const _: () = assert!($iw <= 8 * std::mem::size_of::<$it>() && ($iw == 1) == is_bool(stringify!($it))); )+
        $( const _: () = assert!($ow <= 8 * std::mem::size_of::<$ot>() && ($ow == 1) == is_bool(stringify!($ot))); )+

        impl PortsIn {
            /// The values the input ports hold: each cut to its port's width.
            pub fn at_ports(&self) -> PortsIn {
                PortsIn { $( $i: PortValue::cut(self.$i, $iw), )+ }
            }

            /// The values as one line: hex without leading zeros, in port order.
            pub fn line(&self) -> String {
                [$( format!("{:x}", PortValue::to_u64(self.$i)) ),+].join(" ")
            }

            /// The values of a line written by [`Self::line`] (each cut to its field's type).
            pub fn parse(line: &str) -> Result<Self, LineError> {
                let (mut it, mut n) = (line.split_whitespace(), 0);
                Ok(PortsIn { $( $i: PortValue::from_u64(field(&mut it, &mut n)?), )+ })
            }

            /// Sets `Top`'s inputs (already cut to the ports).
            pub(crate) fn apply<const QA: usize, const PA: usize>(&self, top: &mut Top<QA, PA>) {
                $( top.$i.next = SignalValue::from_u64(PortValue::to_u64(self.$i)); )+
            }

            /// Sets only `Top`'s inputs whose names start with `prefix` (`"rx_"`: one link
            /// channel), each cut to its port.
            pub(crate) fn apply_some<const QA: usize, const PA: usize>(&self, top: &mut Top<QA, PA>, prefix: &str) {
                $( if stringify!($i).starts_with(prefix) {
                    top.$i.next = SignalValue::from_u64(PortValue::to_u64(PortValue::cut(self.$i, $iw)));
                } )+
            }
        }

        impl PortsOut {
            /// The values as one line: hex without leading zeros, in port order.
            pub fn line(&self) -> String {
                [$( format!("{:x}", PortValue::to_u64(self.$o)) ),+].join(" ")
            }

            /// The values of a line written by [`Self::line`].
            pub fn parse(line: &str) -> Result<Self, LineError> {
                let (mut it, mut n) = (line.split_whitespace(), 0);
                Ok(PortsOut { $( $o: PortValue::from_u64(field(&mut it, &mut n)?), )+ })
            }

            /// `Top`'s outputs as they are.
            pub(crate) fn read<const QA: usize, const PA: usize>(top: &Top<QA, PA>) -> Self {
                PortsOut { $( $o: PortValue::from_u64(SignalValue::to_u64(&top.$o.val())), )+ }
            }
        }
    };
}

const fn is_bool(ty: &str) -> bool {
    let b = ty.as_bytes();
    b.len() == 4 && b[0] == b'b' && b[1] == b'o' && b[2] == b'o' && b[3] == b'l'
}

/// The one list of `Top`'s ports, in its port order (after `clock`): `name: Dir Type = width`,
/// `Type` the plain-value field's. Calls `$m! { ports { ... } <rest> }`: `split_ports` here
/// (the plain-value structs and [`INPUTS`] / [`OUTPUTS`]), `top_struct` in `crate::top` (the
/// RustHDL struct's port fields).
macro_rules! with_top_ports {
    ($m:ident! { $($rest:tt)* }) => {
        $m! {
            ports {
                // BAR0: the CSR handshake of spec §6b.
                csr_addr: In u16 = CSR_ADDR_W,
                csr_wdata: In u64 = WORD_W,
                csr_write: In bool = 1,
                csr_read: In bool = 1,
                csr_ready: Out bool = 1,
                csr_rdata: Out u64 = WORD_W,
                csr_rvalid: Out bool = 1,
                // BAR2: an access moves when b2_valid & b2_ready; a load is answered by one b2_rvalid.
                b2_valid: In bool = 1,
                b2_ready: Out bool = 1,
                /// A store (else a load).
                b2_write: In bool = 1,
                /// Offset in BAR2.
                b2_addr: In u32 = BAR2_ADDR_W,
                b2_data: In u64 = WORD_W,
                /// Byte enables of the store (0xff: a full 8-byte store).
                b2_strobe: In u8 = 8,
                b2_rvalid: Out bool = 1,
                b2_rdata: Out u64 = WORD_W,
                // Host memory: posted writes and tagged reads (the engine's port, spec §6a).
                wr_valid: Out bool = 1,
                wr_ready: In bool = 1,
                wr_addr: Out u64 = ADDR_W,
                wr_data: Out u64 = WORD_W,
                rd_valid: Out bool = 1,
                rd_ready: In bool = 1,
                rd_addr: Out u64 = ADDR_W,
                rd_tag: Out u8 = TAG_W,
                rsp_valid: In bool = 1,
                rsp_tag: In u8 = TAG_W,
                rsp_data: In u64 = WORD_W,
                // Link TX, ENQUEUE channel (`PortsOut::tx`).
                tx_valid: Out bool = 1,
                tx_ready: In bool = 1,
                tx_src: Out u16 = NODE_W,
                tx_dst: Out u16 = NODE_W,
                tx_queue: Out u16 = QUEUE_W,
                tx_portal: Out u16 = PORTAL_W,
                tx_epoch: Out u8 = EPOCH_W,
                tx_data: Out u64 = WORD_W,
                // Link TX, OUTCOME channel (`PortsOut::otx`; data: the outcome word,
                // `renq_abi::packet::Outcome`).
                otx_valid: Out bool = 1,
                otx_ready: In bool = 1,
                otx_src: Out u16 = NODE_W,
                otx_dst: Out u16 = NODE_W,
                otx_queue: Out u16 = QUEUE_W,
                otx_portal: Out u16 = PORTAL_W,
                otx_epoch: Out u8 = EPOCH_W,
                otx_data: Out u64 = WORD_W,
                // Link RX, ENQUEUE channel (`PortsIn::offer_rx`).
                rx_valid: In bool = 1,
                rx_ready: Out bool = 1,
                rx_src: In u16 = NODE_W,
                rx_dst: In u16 = NODE_W,
                rx_queue: In u16 = QUEUE_W,
                rx_portal: In u16 = PORTAL_W,
                rx_epoch: In u8 = EPOCH_W,
                rx_data: In u64 = WORD_W,
                // Link RX, OUTCOME channel (`PortsIn::offer_orx`; src and queue are carried for
                // tracing).
                orx_valid: In bool = 1,
                orx_ready: Out bool = 1,
                orx_src: In u16 = NODE_W,
                orx_dst: In u16 = NODE_W,
                orx_queue: In u16 = QUEUE_W,
                orx_portal: In u16 = PORTAL_W,
                orx_epoch: In u8 = EPOCH_W,
                orx_data: In u64 = WORD_W,
                irq: Out bool = 1,
                /// The engine is idle and no OUTCOME is owed (for tests and drivers of the
                /// simulation).
                idle: Out bool = 1,
            }
            $($rest)*
        }
    };
}
pub(crate) use with_top_ports;

/// The list split by direction (order kept), then `card_ports`.
macro_rules! split_ports {
    (ports { $($list:tt)* }) => {
        split_ports!(@split [] [] $($list)*);
    };
    (@split [$($i:tt)*] [$($o:tt)*]) => {
        card_ports! { inputs { $($i)* } outputs { $($o)* } }
    };
    (@split [$($i:tt)*] [$($o:tt)*] $(#[$d:meta])* $p:ident: In $t:ident = $w:expr, $($rest:tt)*) => {
        split_ports!(@split [$($i)* $(#[$d])* $p: $t = $w,] [$($o)*] $($rest)*);
    };
    (@split [$($i:tt)*] [$($o:tt)*] $(#[$d:meta])* $p:ident: Out $t:ident = $w:expr, $($rest:tt)*) => {
        split_ports!(@split [$($i)*] [$($o)* $(#[$d])* $p: $t = $w,] $($rest)*);
    };
}

with_top_ports!(split_ports! {});

/// A packet channel's ports as a packet (`valid` high) or nothing.
macro_rules! channel {
    ($p:expr, $valid:ident, $src:ident, $dst:ident, $queue:ident, $portal:ident, $epoch:ident, $data:ident) => {
        $p.$valid.then_some(RxPacket {
            src: $p.$src,
            dst: $p.$dst,
            queue: $p.$queue,
            portal: $p.$portal,
            epoch: $p.$epoch,
            data: $p.$data,
        })
    };
}

/// Sets a packet channel's ports: `valid` and the packet's fields, or all zero.
macro_rules! offer {
    ($p:expr, $pkt:expr, $valid:ident, $src:ident, $dst:ident, $queue:ident, $portal:ident, $epoch:ident, $data:ident) => {{
        let q = $pkt.unwrap_or_default();
        $p.$valid = $pkt.is_some();
        ($p.$src, $p.$dst, $p.$queue, $p.$portal, $p.$epoch, $p.$data) =
            (q.src, q.dst, q.queue, q.portal, q.epoch, q.data);
    }};
}

impl PortsIn {
    /// The link's ENQUEUE channel offers `p` (`rx_valid` high), or nothing (all `rx_*` 0).
    pub fn offer_rx(&mut self, p: Option<RxPacket>) {
        offer!(self, p, rx_valid, rx_src, rx_dst, rx_queue, rx_portal, rx_epoch, rx_data);
    }

    /// The link's OUTCOME channel offers `p` (`orx_valid` high), or nothing.
    pub fn offer_orx(&mut self, p: Option<RxPacket>) {
        offer!(self, p, orx_valid, orx_src, orx_dst, orx_queue, orx_portal, orx_epoch, orx_data);
    }

    /// The packet the ENQUEUE channel offers.
    pub fn rx(&self) -> Option<RxPacket> {
        channel!(self, rx_valid, rx_src, rx_dst, rx_queue, rx_portal, rx_epoch, rx_data)
    }

    /// The packet the OUTCOME channel offers.
    pub fn orx(&self) -> Option<RxPacket> {
        channel!(self, orx_valid, orx_src, orx_dst, orx_queue, orx_portal, orx_epoch, orx_data)
    }
}

impl PortsOut {
    /// The ENQUEUE channel's packet (`tx_valid` high).
    pub fn tx(&self) -> Option<RxPacket> {
        channel!(self, tx_valid, tx_src, tx_dst, tx_queue, tx_portal, tx_epoch, tx_data)
    }

    /// The OUTCOME channel's packet (`otx_valid` high).
    pub fn otx(&self) -> Option<RxPacket> {
        channel!(self, otx_valid, otx_src, otx_dst, otx_queue, otx_portal, otx_epoch, otx_data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_lines_are_errors() {
        let i = PortsIn { csr_wdata: u64::MAX, b2_addr: 0xabc, orx_data: 7, rx_valid: true, ..PortsIn::default() };
        assert_eq!(PortsIn::parse(&i.line()), Ok(i));
        let o = PortsOut { wr_addr: 1 << 47, otx_epoch: 3, idle: true, ..PortsOut::default() };
        assert_eq!(PortsOut::parse(&o.line()), Ok(o));
        assert_eq!((INPUTS.len(), OUTPUTS.len()), (30, 30));
        assert_eq!(PortsIn::parse("1 2 3"), Err(LineError::TooFew(3)));
        let mut bad = i.line();
        bad.replace_range(0..1, "z");
        assert_eq!(PortsIn::parse(&bad), Err(LineError::NotHex("z".into())));
    }

    #[test]
    fn packets_on_channels_round_trip() {
        let p = RxPacket { src: 1, dst: 2, queue: 3, portal: 4, epoch: 5, data: 6 };
        let mut i = PortsIn::default();
        i.offer_rx(Some(p));
        assert_eq!((i.rx(), i.orx()), (Some(p), None));
        i.offer_rx(None);
        assert_eq!(i, PortsIn::default());
    }

    /// The list is `Top`'s ports: the emitted module's declarations, per direction, in order,
    /// with the same widths.
    #[test]
    fn the_list_is_tops_ports() {
        let verilog = crate::top_verilog::<2, 2>();
        let mut ins = Vec::new();
        let mut outs = Vec::new();
        for line in verilog.lines().map(str::trim).take_while(|l| !l.starts_with("// Constant")) {
            let (dir, rest) = match line.split_once(' ') {
                Some(("input", rest)) => (&mut ins, rest),
                Some(("output", rest)) => (&mut outs, rest),
                _ => continue,
            };
            let decl = rest.trim_end_matches(';');
            let name = decl.rsplit(' ').next().unwrap().to_string();
            let width = match decl.split_once('[') {
                Some((_, r)) => r.split(':').next().unwrap().parse::<usize>().unwrap() + 1,
                None => 1,
            };
            if name != "clock" {
                dir.push((name, width));
            }
        }
        let list = |ports: &[Port]| ports.iter().map(|p| (p.name.to_string(), p.width)).collect::<Vec<_>>();
        assert_eq!(ins, list(INPUTS), "Top's inputs and the port list (hdl/src/top/ports.rs) differ");
        assert_eq!(outs, list(OUTPUTS), "Top's outputs and the port list (hdl/src/top/ports.rs) differ");
    }
}
