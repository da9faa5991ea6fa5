//! The model memory with RDMA semantics, and the handle one thread's steps run against.

use renq_rdma::{Error, LocalMemory, OpCounters, RemoteMemory, SlotWrite};
use std::collections::VecDeque;

/// A posted write not yet placed: one word of a WRITE, or a whole fenced slot WRITE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Posted {
    Word(u64, u64),
    Slot { off: u64, data: u64, stamp: u64 },
}

/// Region words plus each handle's in-flight (posted, not yet placed) writes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Mem {
    pub(crate) words: Vec<u64>,
    pub(crate) inflight: Vec<VecDeque<Posted>>,
}

/// Placement order of the words of one multi-word WRITE.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    AddressOrder,
    /// Last word first: violates the documented assumption; used to show the check bites.
    Reversed,
    /// A slot WRITE placed whole but unconditionally: no fence; shows the fence is needed.
    Unfenced,
}

pub(crate) struct Handle<'a> {
    pub(crate) mem: &'a mut Mem,
    pub(crate) tid: usize,
    pub(crate) placement: Placement,
    pub(crate) ops: OpCounters,
}

impl Handle<'_> {
    fn idx(off: u64) -> usize {
        assert_eq!(off % 8, 0);
        (off / 8) as usize
    }
}

impl RemoteMemory for Handle<'_> {
    fn read(&mut self, off: u64) -> Result<u64, Error> {
        self.ops.reads += 1;
        Ok(self.mem.words[Self::idx(off)])
    }
    fn write(&mut self, off: u64, words: &[u64]) -> Result<(), Error> {
        self.ops.writes += 1;
        let mut ws: Vec<Posted> = words.iter().enumerate().map(|(i, v)| Posted::Word(off + 8 * i as u64, *v)).collect();
        if self.placement == Placement::Reversed {
            ws.reverse();
        }
        self.mem.inflight[self.tid].extend(ws);
        Ok(())
    }
    fn write_slot(&mut self, off: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.ops.writes += 1;
        if self.placement == Placement::Reversed {
            // The mutant: the two words placed separately, stamp first, unfenced.
            self.mem.inflight[self.tid].extend([Posted::Word(off + 8, stamp), Posted::Word(off, data)]);
        } else {
            self.mem.inflight[self.tid].push_back(Posted::Slot { off, data, stamp });
        }
        Ok(SlotWrite::Posted)
    }
    /// Lets the fast queue's READ of HEAD beside its FAA run: a separate step here, as
    /// other requests may reach the responder between the FAA and the READ.
    fn can_read_beside(&self) -> bool {
        true
    }
    fn fetch_and_add(&mut self, off: u64, add: u64) -> Result<u64, Error> {
        self.ops.faas += 1;
        let w = &mut self.mem.words[Self::idx(off)];
        let old = *w;
        *w = old.wrapping_add(add);
        Ok(old)
    }
    fn compare_and_swap(&mut self, off: u64, exp: u64, new: u64) -> Result<u64, Error> {
        self.ops.cases += 1;
        let w = &mut self.mem.words[Self::idx(off)];
        let old = *w;
        if old == exp {
            *w = new;
        }
        Ok(old)
    }
    fn flush(&mut self) -> Result<(), Error> {
        unreachable!("the algorithms never flush inside an operation")
    }
    fn counters(&self) -> OpCounters {
        self.ops
    }
}

impl LocalMemory for Handle<'_> {
    fn load(&mut self, off: u64) -> u64 {
        self.ops.local_loads += 1;
        self.mem.words[Self::idx(off)]
    }
    fn store(&mut self, off: u64, v: u64) {
        self.ops.local_stores += 1;
        self.mem.words[Self::idx(off)] = v;
    }
    fn fence_slot(&mut self, off: u64, expected: u64, new: u64) -> Option<u64> {
        self.ops.local_stores += 1;
        let w = &mut self.mem.words[Self::idx(off) + 1];
        let found = *w;
        if found == expected {
            *w = new;
        }
        Some(found)
    }
    fn local_counters(&self) -> OpCounters {
        self.ops
    }
}
