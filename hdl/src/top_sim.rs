//! The card's whole top ([`Top`]) stepped by hand, with every port as a plain number: for the
//! co-simulation (`hdl/examples/top_cosim.rs` against `verilog-out/cosim/tb_top_v2.v`), whose
//! stimulus and log lines are [`TopIn::line`] / [`TopOut::line`] (hex, port order below).

use crate::stepper::Hand;
use crate::top::Top;
use rust_hdl::prelude::*;

/// A port value from a plain number.
trait FromU64 {
    fn from_u64(v: u64) -> Self;
}
impl FromU64 for bool {
    fn from_u64(v: u64) -> Self {
        v & 1 == 1
    }
}
impl<const N: usize> FromU64 for Bits<N> {
    fn from_u64(v: u64) -> Self {
        v.into()
    }
}

/// A plain number from a port value.
trait ToU64 {
    fn to_u64(&self) -> u64;
}
impl ToU64 for bool {
    fn to_u64(&self) -> u64 {
        *self as u64
    }
}
impl<const N: usize> ToU64 for Bits<N> {
    fn to_u64(&self) -> u64 {
        Bits::<N>::to_u64(*self)
    }
}

/// Why a stimulus line was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum LineError {
    /// Fewer fields than ports.
    TooFew(usize),
    /// A field that is not hex.
    NotHex(String),
}

macro_rules! ports {
    ($name:ident, $doc:literal, $($port:ident),+ $(,)?) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name {
            $(pub $port: u64,)+
        }

        impl $name {
            /// The port names, in line order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($port)),+];

            /// The values as one line: hex without leading zeros, in port order.
            pub fn line(&self) -> String {
                [$(format!("{:x}", self.$port)),+].join(" ")
            }

            /// The values of a line written by [`Self::line`].
            pub fn parse(line: &str) -> Result<Self, LineError> {
                let mut it = line.split_whitespace();
                let mut n = 0;
                let mut next = || -> Result<u64, LineError> {
                    n += 1;
                    let f = it.next().ok_or(LineError::TooFew(n - 1))?;
                    u64::from_str_radix(f, 16).map_err(|_| LineError::NotHex(f.to_string()))
                };
                Ok($name { $($port: next()?,)+ })
            }
        }
    };
}

ports!(
    TopIn,
    "Values for every input port of the top.",
    csr_addr,
    csr_wdata,
    csr_write,
    csr_read,
    b2_valid,
    b2_write,
    b2_addr,
    b2_data,
    b2_strobe,
    wr_ready,
    rd_ready,
    rsp_valid,
    rsp_tag,
    rsp_data,
    tx_ready,
    otx_ready,
    rx_valid,
    rx_src,
    rx_dst,
    rx_queue,
    rx_portal,
    rx_epoch,
    rx_data,
    orx_valid,
    orx_src,
    orx_dst,
    orx_queue,
    orx_portal,
    orx_epoch,
    orx_data,
);

ports!(
    TopOut,
    "Values of every output port of the top.",
    csr_ready,
    csr_rdata,
    csr_rvalid,
    b2_ready,
    b2_rvalid,
    b2_rdata,
    wr_valid,
    wr_addr,
    wr_data,
    rd_valid,
    rd_addr,
    rd_tag,
    tx_valid,
    tx_src,
    tx_dst,
    tx_queue,
    tx_portal,
    tx_epoch,
    tx_data,
    otx_valid,
    otx_src,
    otx_dst,
    otx_queue,
    otx_portal,
    otx_epoch,
    otx_data,
    rx_ready,
    orx_ready,
    irq,
    idle,
);

/// The rust-hdl top with `QA` queue-state and `PA` portal address bits, driven by hand.
pub struct TopSim<const QA: usize, const PA: usize> {
    hand: Hand<Top<QA, PA>>,
}

impl<const QA: usize, const PA: usize> Default for TopSim<QA, PA> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const QA: usize, const PA: usize> TopSim<QA, PA> {
    pub fn new() -> Self {
        TopSim { hand: Hand::new(|t, c| t.clock.next = Clock { clk: c }) }
    }

    /// Apply inputs and settle; returns the outputs.
    pub fn eval(&mut self, i: &TopIn) -> TopOut {
        let u = &mut self.hand.uut;
        macro_rules! set {
            ($($p:ident),+) => { $(u.$p.next = FromU64::from_u64(i.$p);)+ };
        }
        set!(csr_addr, csr_wdata, csr_write, csr_read, b2_valid, b2_write, b2_addr, b2_data, b2_strobe);
        set!(wr_ready, rd_ready, rsp_valid, rsp_tag, rsp_data, tx_ready, otx_ready);
        set!(rx_valid, rx_src, rx_dst, rx_queue, rx_portal, rx_epoch, rx_data);
        set!(orx_valid, orx_src, orx_dst, orx_queue, orx_portal, orx_epoch, orx_data);
        self.hand.settle();
        self.outputs()
    }

    /// One rising clock edge with the inputs last given to `eval`, then settle.
    pub fn tick(&mut self) -> TopOut {
        self.hand.tick();
        self.outputs()
    }

    fn outputs(&self) -> TopOut {
        let u = &self.hand.uut;
        macro_rules! get {
            ($($p:ident),+) => { TopOut { $($p: ToU64::to_u64(&u.$p.val()),)+ } };
        }
        get!(
            csr_ready, csr_rdata, csr_rvalid, b2_ready, b2_rvalid, b2_rdata, wr_valid, wr_addr, wr_data, rd_valid,
            rd_addr, rd_tag, tx_valid, tx_src, tx_dst, tx_queue, tx_portal, tx_epoch, tx_data, otx_valid, otx_src,
            otx_dst, otx_queue, otx_portal, otx_epoch, otx_data, rx_ready, orx_ready, irq, idle
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_lines_are_errors() {
        let i = TopIn { csr_wdata: u64::MAX, b2_addr: 0xabc, orx_data: 7, ..TopIn::default() };
        assert_eq!(TopIn::parse(&i.line()), Ok(i));
        assert_eq!(TopIn::NAMES.len(), 30);
        assert_eq!(TopOut::NAMES.len(), 30);
        assert_eq!(TopIn::parse("1 2 3"), Err(LineError::TooFew(3)));
        let mut bad = i.line();
        bad.replace_range(0..1, "z");
        assert_eq!(TopIn::parse(&bad), Err(LineError::NotHex("z".into())));
    }
}
