//! Per-handle operation counters (the Remus "metrics" idea): every `RemoteMemory`
//! implementation counts what it issues, so the cost of an algorithm is measured in verbs
//! operations, not guessed from wall-clock time.

use std::fmt;
use std::ops::Sub;

/// Counts of the operations one handle (one thread, one queue pair) has issued.
///
/// `round_trips` counts *dependent* round trips: operations whose result the caller waited
/// for before it could continue (READ, FAA, CAS). A posted WRITE is not one. Consumer-local
/// loads and stores are plain CPU accesses to the consumer's own memory, not verbs operations;
/// they are counted apart so that the verbs columns stay honest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpCounters {
    /// RDMA READs (each one word).
    pub reads: u64,
    /// RDMA WRITEs (posted; one WRITE may carry several consecutive words).
    pub writes: u64,
    /// Atomic fetch-and-adds.
    pub faas: u64,
    /// Atomic compare-and-swaps (successful or not).
    pub cases: u64,
    /// SENDs posted (the SEND/SRQ mode, `send`: one per enqueue, inline, not waited for).
    pub sends: u64,
    /// Receive WRs the consumer posted to its shared receive queue (`send`), in `recv_batches`
    /// calls (the consumer reposts in batches).
    pub recvs: u64,
    pub recv_batches: u64,
    /// Operations the caller had to wait for (READ + FAA + CAS), less `overlapped`.
    pub round_trips: u64,
    /// READs/FAAs posted while another operation of the same caller was in flight and
    /// awaited within that operation's round trip (pipelined senders, `pipeline`): counted
    /// in `reads`/`faas`, not in `round_trips`.
    pub overlapped: u64,
    /// Bytes moved by READs and WRITEs (atomics excluded, as in Remus).
    pub bytes_read: u64,
    pub bytes_written: u64,
    /// Waits for posted writes to complete (explicit `flush`).
    pub flushes: u64,
    /// Consumer-local loads/stores of its own memory (not verbs operations).
    pub local_loads: u64,
    pub local_stores: u64,
}

impl OpCounters {
    /// Verbs operations issued (READ + WRITE + FAA + CAS + SEND).
    pub fn verbs_ops(&self) -> u64 {
        self.reads + self.writes + self.faas + self.cases + self.sends
    }

    /// Adds another handle's counts (to total several threads).
    pub fn add(&mut self, o: &OpCounters) {
        self.reads += o.reads;
        self.writes += o.writes;
        self.faas += o.faas;
        self.cases += o.cases;
        self.sends += o.sends;
        self.recvs += o.recvs;
        self.recv_batches += o.recv_batches;
        self.round_trips += o.round_trips;
        self.overlapped += o.overlapped;
        self.bytes_read += o.bytes_read;
        self.bytes_written += o.bytes_written;
        self.flushes += o.flushes;
        self.local_loads += o.local_loads;
        self.local_stores += o.local_stores;
    }

    /// Average per operation (e.g. per enqueue) of each count.
    pub fn per(&self, n: u64) -> PerOp {
        let d = n.max(1) as f64;
        PerOp {
            reads: self.reads as f64 / d,
            writes: self.writes as f64 / d,
            faas: self.faas as f64 / d,
            cases: self.cases as f64 / d,
            sends: self.sends as f64 / d,
            round_trips: self.round_trips as f64 / d,
        }
    }

    // Recording helpers for implementations.
    pub(crate) fn read(&mut self) {
        self.reads += 1;
        self.round_trips += 1;
        self.bytes_read += 8;
    }
    pub(crate) fn write(&mut self, words: usize) {
        self.writes += 1;
        self.bytes_written += 8 * words as u64;
    }
    pub(crate) fn faa(&mut self) {
        self.faas += 1;
        self.round_trips += 1;
    }
    pub(crate) fn cas(&mut self) {
        self.cases += 1;
        self.round_trips += 1;
    }
}

impl Sub for OpCounters {
    type Output = OpCounters;
    /// Difference of two snapshots of the same handle (after − before).
    fn sub(self, b: OpCounters) -> OpCounters {
        OpCounters {
            reads: self.reads - b.reads,
            writes: self.writes - b.writes,
            faas: self.faas - b.faas,
            cases: self.cases - b.cases,
            sends: self.sends - b.sends,
            recvs: self.recvs - b.recvs,
            recv_batches: self.recv_batches - b.recv_batches,
            round_trips: self.round_trips - b.round_trips,
            overlapped: self.overlapped - b.overlapped,
            bytes_read: self.bytes_read - b.bytes_read,
            bytes_written: self.bytes_written - b.bytes_written,
            flushes: self.flushes - b.flushes,
            local_loads: self.local_loads - b.local_loads,
            local_stores: self.local_stores - b.local_stores,
        }
    }
}

/// Averages per operation.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PerOp {
    pub reads: f64,
    pub writes: f64,
    pub faas: f64,
    pub cases: f64,
    pub sends: f64,
    pub round_trips: f64,
}

impl fmt::Display for OpCounters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "reads={} writes={} faas={} cases={} sends={} round_trips={} overlapped={} flushes={} local_loads={} local_stores={}",
            self.reads,
            self.writes,
            self.faas,
            self.cases,
            self.sends,
            self.round_trips,
            self.overlapped,
            self.flushes,
            self.local_loads,
            self.local_stores
        )
    }
}
