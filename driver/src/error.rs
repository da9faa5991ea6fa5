//! Errors the driver reports to the library.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DriverError {
    /// BAR0's ID register did not hold `renq_abi::regs::ID_VALUE`.
    NotARenqCard { id: u64 },
    /// The DMA pool has no free block of the requested size.
    OutOfDmaMemory { bytes: u64 },
    /// A node or queue id outside the card's range.
    OutOfRange { what: &'static str, value: u64 },
    /// A mapping (BAR, DMA memory) could not be set up.
    Map(String),
    /// The queue is already exported on this card.
    QueueExists(u16),
    /// A send-only handle (`Driver::attach`) cannot create queues.
    NotOwner,
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriverError::NotARenqCard { id } => write!(f, "not a renq card (ID register {id:#018x})"),
            DriverError::OutOfDmaMemory { bytes } => write!(f, "no free DMA block of {bytes} bytes"),
            DriverError::OutOfRange { what, value } => write!(f, "{what} {value} out of range"),
            DriverError::Map(m) => write!(f, "mapping failed: {m}"),
            DriverError::QueueExists(q) => write!(f, "queue {q} already exists"),
            DriverError::NotOwner => write!(f, "send-only handle: queues are created by the node's owner process"),
        }
    }
}

impl std::error::Error for DriverError {}

pub type Result<T> = std::result::Result<T, DriverError>;
