//! The out-of-band connection exchange over TCP (feature `verbs`): RC queue pairs need the
//! peer's endpoint (LID, QPN, PSN, GID) and the remote region's descriptor (address, rkey,
//! length) before they can connect. One text line per message; endpoints travel as 52 hex
//! digits (`Endpoint::to_bytes`), descriptors as three decimal words `addr rkey len`.
//! Used by `rdma-verbs-demo --serve/--connect` and by the library's verbs backend (renq).

use crate::remote::Error;
use crate::verbs::{Endpoint, RegionDesc};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

/// An I/O error on the out-of-band link.
pub fn io(e: std::io::Error) -> Error {
    Error::Os(format!("out-of-band link: {e}"))
}

/// One text line per message.
pub struct Link {
    r: BufReader<TcpStream>,
    w: TcpStream,
}

impl Link {
    pub fn new(s: TcpStream) -> Result<Link, Error> {
        s.set_nodelay(true).map_err(io)?;
        Ok(Link { r: BufReader::new(s.try_clone().map_err(io)?), w: s })
    }
    pub fn send(&mut self, line: &str) -> Result<(), Error> {
        writeln!(self.w, "{line}").map_err(io)
    }
    pub fn recv(&mut self) -> Result<String, Error> {
        let mut l = String::new();
        if self.r.read_line(&mut l).map_err(io)? == 0 {
            return Err(Error::Os("out-of-band link closed".into()));
        }
        Ok(l.trim_end().to_string())
    }
    /// Receives a line whose first word is `tag`; returns the other words.
    pub fn expect(&mut self, tag: &str) -> Result<Vec<String>, Error> {
        let l = self.recv()?;
        let mut w = l.split_whitespace().map(String::from);
        if w.next().as_deref() != Some(tag) {
            return Err(Error::Os(format!("expected {tag}, got `{l}`")));
        }
        Ok(w.collect())
    }
}

/// An endpoint as one word (52 hex digits).
pub fn ep_hex(e: &Endpoint) -> String {
    e.to_bytes().iter().map(|b| format!("{b:02x}")).collect()
}
/// The inverse of `ep_hex`.
pub fn ep_parse(s: &str) -> Result<Endpoint, Error> {
    let bad = || Error::Os(format!("bad endpoint {s}"));
    if s.len() != 52 || !s.is_ascii() {
        return Err(bad());
    }
    let mut b = [0u8; 26];
    for (i, x) in b.iter_mut().enumerate() {
        *x = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
    }
    Ok(Endpoint::from_bytes(&b))
}
/// A region descriptor as three words `addr rkey len`.
pub fn desc_words(d: &RegionDesc) -> String {
    format!("{} {} {}", d.addr, d.rkey, d.len)
}
/// The inverse of `desc_words` (its three words).
pub fn desc_parse(w: &[String]) -> Result<RegionDesc, Error> {
    let n = |i: usize| -> Result<u64, Error> {
        w.get(i).and_then(|s| s.parse().ok()).ok_or_else(|| Error::Os(format!("bad region descriptor {w:?}")))
    };
    Ok(RegionDesc { addr: n(0)?, rkey: n(1)? as u32, len: n(2)? })
}

/// A fast-queue producer over verbs whose claim word brackets each FAA (`claims`, the verbs
/// fence of docs/spec.md R.11).
pub type VerbsProducer = crate::fast::Producer<crate::claims::Claiming<crate::verbs::VerbsMemory>>;

/// Connects a fast-queue producer to `queue` through a node's connection server on `link`:
/// `CONNECT <queue> <endpoint>` → `OK <addr> <rkey> <len> <endpoint> <claim offset>`; then the
/// QP is connected, the receive for the consumer's close notice posted, and the queue attached
/// (calibration, header READs). `Ok(Err(reply))`: the node refused (`NOQUEUE`, `CLOSED`, …).
/// Also returns the producer QP's number (what `STATUS <queue> <qpn>` names).
pub fn fast_producer(
    dev: &std::sync::Arc<crate::verbs::Device>,
    link: &mut Link,
    queue: u16,
    after_faa: Option<crate::claims::AfterFaa>,
) -> Result<Result<(VerbsProducer, u32), String>, Error> {
    let mut qp = crate::verbs::Qp::create(dev)?;
    link.send(&format!("CONNECT {queue} {}", ep_hex(&qp.endpoint())))?;
    let reply = link.recv()?;
    let w: Vec<String> = reply.split_whitespace().map(String::from).collect();
    if w.first().map(String::as_str) != Some("OK") || w.len() != 6 {
        return Ok(Err(reply));
    }
    let desc = desc_parse(&w[1..4])?;
    let claim: u64 = w[5].parse().map_err(|_| Error::Os(format!("bad claim offset in `{reply}`")))?;
    qp.post_notice_recv()?;
    qp.connect(&ep_parse(&w[4])?, desc)?;
    let qpn = qp.qpn();
    let mut mem = crate::claims::Claiming::new(qp.into_memory(), claim);
    mem.set_after_faa(after_faa);
    Ok(Ok((crate::fast::Producer::attach(mem, 0)?, qpn)))
}
