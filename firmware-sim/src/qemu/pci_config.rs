//! The card's PCI configuration space (type 0 header, no capabilities), as the guest and the
//! proxy see it: identity from `renq_abi`, BAR0 = registers, BAR2 = shadow window (paper card,
//! 1 MiB) or portal window (the card, 16 MiB; the revision is the ABI version), both 32-bit
//! non-prefetchable memory BARs (the 7.2 proxy registers every BAR as 32-bit, so a 64-bit BAR
//! would disagree with the proxy's own copy of the header).

use renq_abi::csr::BAR0_BYTES;
use renq_abi::{PCI_DEVICE_ID, PCI_VENDOR_ID};

use crate::engine::CardKind;

pub const CONFIG_BYTES: usize = 256;

const VENDOR_ID: usize = 0x00;
const DEVICE_ID: usize = 0x02;
const COMMAND: usize = 0x04;
const REVISION: usize = 0x08;
const CLASS_PROG_IF: usize = 0x09;
const HEADER_TYPE: usize = 0x0e;
const BAR_FIRST: usize = 0x10;
const SUBSYSTEM_VENDOR_ID: usize = 0x2c;
const SUBSYSTEM_ID: usize = 0x2e;
const INTERRUPT_LINE: usize = 0x3c;
const INTERRUPT_PIN: usize = 0x3d;

/// Command register bits the guest may set: memory space, bus master, INTx disable (the last
/// one writable so uio_pci_generic's INTx-masking probe accepts the card).
pub const COMMAND_MEMORY: u16 = 1 << 1;
pub const COMMAND_BUS_MASTER: u16 = 1 << 2;
pub const COMMAND_INTX_DISABLE: u16 = 1 << 10;
const COMMAND_WRITABLE: u16 = COMMAND_MEMORY | COMMAND_BUS_MASTER | COMMAND_INTX_DISABLE;

/// Class code: network controller (0x02), "other" (0x80), programming interface 0.
pub const CLASS_NETWORK_OTHER: [u8; 3] = [0x00, 0x80, 0x02];

/// The BAR holding the registers and the one holding the shadow window.
pub const REGS_BAR: usize = 0;
pub const SHADOW_BAR: usize = 2;

/// Sizes of the six BARs of `card` (0 = not implemented).
pub fn bar_sizes(card: CardKind) -> [u64; 6] {
    [BAR0_BYTES, 0, card.spec().bar2_bytes, 0, 0, 0]
}

/// The ABI version a card's ID register names, also its PCI revision.
fn revision(card: CardKind) -> u8 {
    card.spec().abi
}

/// The config space plus, per byte, which bits the guest may change.
pub struct ConfigSpace {
    bytes: [u8; CONFIG_BYTES],
    writable: [u8; CONFIG_BYTES],
    bar_sizes: [u64; 6],
}

impl ConfigSpace {
    /// The header of `card` at power-up: memory decoding and bus mastering off, BARs at 0.
    pub fn new(card: CardKind) -> ConfigSpace {
        let bar_sizes = bar_sizes(card);
        let mut c = ConfigSpace { bytes: [0; CONFIG_BYTES], writable: [0; CONFIG_BYTES], bar_sizes };
        c.put16(VENDOR_ID, PCI_VENDOR_ID);
        c.put16(DEVICE_ID, PCI_DEVICE_ID);
        c.bytes[REVISION] = revision(card);
        c.bytes[CLASS_PROG_IF..CLASS_PROG_IF + 3].copy_from_slice(&CLASS_NETWORK_OTHER);
        c.bytes[HEADER_TYPE] = 0;
        c.put16(SUBSYSTEM_VENDOR_ID, PCI_VENDOR_ID);
        c.put16(SUBSYSTEM_ID, PCI_DEVICE_ID);
        c.bytes[INTERRUPT_PIN] = 1;
        c.writable[COMMAND..COMMAND + 2].copy_from_slice(&COMMAND_WRITABLE.to_le_bytes());
        c.writable[INTERRUPT_LINE] = 0xff;
        for (i, &size) in bar_sizes.iter().enumerate() {
            if size != 0 {
                assert!(size.is_power_of_two() && (16..=1 << 31).contains(&size));
                // Address bits above the size are writable; type bits (0 = 32-bit memory) are not.
                let mask = !(size as u32 - 1) & !0xf;
                c.writable[BAR_FIRST + 4 * i..BAR_FIRST + 4 * i + 4].copy_from_slice(&mask.to_le_bytes());
            }
        }
        c
    }

    fn put16(&mut self, off: usize, v: u16) {
        self.bytes[off..off + 2].copy_from_slice(&v.to_le_bytes());
    }

    /// A config read of `len` (1, 2 or 4) bytes; bytes past the header read 0.
    pub fn read(&self, addr: u32, len: u32) -> u32 {
        (0..len.min(4)).fold(0u32, |v, i| {
            let b = self.bytes.get((addr + i) as usize).copied().unwrap_or(0);
            v | (b as u32) << (8 * i)
        })
    }

    /// A config write: only writable bits change (BAR sizing works by writing all ones).
    pub fn write(&mut self, addr: u32, val: u32, len: u32) {
        for i in 0..len.min(4) {
            let off = (addr + i) as usize;
            if off >= CONFIG_BYTES {
                break;
            }
            let b = (val >> (8 * i)) as u8;
            let w = self.writable[off];
            self.bytes[off] = (self.bytes[off] & !w) | (b & w);
        }
    }

    pub fn command(&self) -> u16 {
        u16::from_le_bytes([self.bytes[COMMAND], self.bytes[COMMAND + 1]])
    }

    /// Base address BAR `bar` is programmed to.
    pub fn bar_base(&self, bar: usize) -> u64 {
        (self.read((BAR_FIRST + 4 * bar) as u32, 4) & !0xf) as u64
    }

    /// Which BAR (and the offset in it) a memory access at bus address `addr` hits, if any.
    /// Like hardware, nothing decodes while memory space is disabled or a BAR is still at 0.
    pub fn decode(&self, addr: u64) -> Option<(usize, u64)> {
        if self.command() & COMMAND_MEMORY == 0 {
            return None;
        }
        self.bar_sizes.iter().enumerate().find_map(|(bar, &size)| {
            let base = self.bar_base(bar);
            (size != 0 && base != 0 && addr >= base && addr - base < size).then(|| (bar, addr - base))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_and_bar_sizing() {
        for card in [CardKind::Paper, CardKind::Renq] {
            identity_and_bar_sizing_of(card);
        }
        assert_eq!(ConfigSpace::new(CardKind::Paper).read(0x08, 1), 1, "revision: ABI 1");
        assert_eq!(ConfigSpace::new(CardKind::Renq).read(0x08, 1), 2, "revision: ABI 2");
        assert_eq!(bar_sizes(CardKind::Renq)[SHADOW_BAR], 16 << 20, "4 096 portal pages of 4 KiB");
    }

    fn identity_and_bar_sizing_of(card: CardKind) {
        let window = bar_sizes(card)[SHADOW_BAR];
        let mut c = ConfigSpace::new(card);
        assert_eq!(c.read(0, 4), (PCI_DEVICE_ID as u32) << 16 | PCI_VENDOR_ID as u32);
        assert_eq!(c.read(0x0a, 2), 0x0280);
        for (bar, &size) in bar_sizes(card).iter().enumerate() {
            let reg = (BAR_FIRST + 4 * bar) as u32;
            c.write(reg, 0xffff_ffff, 4);
            let probed = c.read(reg, 4);
            let decoded = (!(probed & !0xf)).wrapping_add(1) as u64;
            assert_eq!(if size == 0 { 0 } else { decoded }, size, "bar {bar}");
        }
        c.write(0x10, 0xfebf_0000, 4);
        c.write(0x18, 0xfe00_0000, 4);
        assert_eq!(c.decode(0xfebf_0008), None, "memory space still disabled");
        c.write(0x04, 0xffff, 2);
        assert_eq!(c.command(), COMMAND_WRITABLE);
        assert_eq!(c.decode(0xfebf_0008), Some((REGS_BAR, 8)));
        assert_eq!(c.decode(0xfe00_0000 + window - 8), Some((SHADOW_BAR, window - 8)));
        assert_eq!(c.decode(0xfe00_0000 + window), None);
        c.write(0x00, 0, 4);
        assert_eq!(c.read(0, 2), PCI_VENDOR_ID as u32, "ids are read-only");
    }
}
