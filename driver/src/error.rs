//! Errors the driver reports to the library: each says which operation failed.

use std::fmt;
use std::time::Duration;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DriverError {
    /// BAR0's ID register did not hold a renq card's ID.
    NotARenqCard { id: u64 },
    /// The DMA pool has no free block of the requested size.
    OutOfDmaMemory { bytes: u64 },
    /// A node or queue id, a size or a count outside the card's range.
    OutOfRange { what: &'static str, value: u64 },
    /// Finding or binding the card's PCI device failed (sysfs, the UIO or VFIO driver).
    Discovery(String),
    /// Mapping a BAR, a shadow page or DMA memory failed.
    Map(String),
    /// Setting up the card's interrupt path failed (UIO, the ivshmem doorbell, MSI-X).
    Interrupt(String),
    /// The card did not take a command (or answer a wait) in time.
    CommandTimeout { what: String, after: Duration },
    /// The driver's interrupt thread could not be started.
    Thread(String),
    /// The queue is already exported on this card.
    QueueExists(u16),
    /// A send-only handle (`PaperDriver::attach`) cannot create queues.
    NotOwner,
    /// Portals are the card's: the paper card sends by shadow stores and grants none.
    NoPortals,
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriverError::NotARenqCard { id } => write!(f, "not a renq card (ID register {id:#018x})"),
            DriverError::OutOfDmaMemory { bytes } => write!(f, "no free DMA block of {bytes} bytes"),
            DriverError::OutOfRange { what, value } => write!(f, "{what} {value} out of range"),
            DriverError::Discovery(m) => write!(f, "finding the card failed: {m}"),
            DriverError::Map(m) => write!(f, "mapping failed: {m}"),
            DriverError::Interrupt(m) => write!(f, "interrupt setup failed: {m}"),
            DriverError::CommandTimeout { what, after } => {
                write!(f, "timeout: the card did not answer {what} within {after:?}")
            }
            DriverError::Thread(m) => write!(f, "starting the interrupt thread failed: {m}"),
            DriverError::QueueExists(q) => write!(f, "queue {q} already exists"),
            DriverError::NotOwner => write!(f, "send-only handle: queues are created by the node's owner process"),
            DriverError::NoPortals => write!(f, "the paper card has no portals (it sends by shadow stores)"),
        }
    }
}

impl std::error::Error for DriverError {}

pub type Result<T> = std::result::Result<T, DriverError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_names_its_operation() {
        let timeout = DriverError::CommandTimeout { what: "EXPORT of queue 3".into(), after: Duration::from_secs(1) };
        assert_eq!(timeout.to_string(), "timeout: the card did not answer EXPORT of queue 3 within 1s");
        assert!(DriverError::Discovery("no PCI device".into()).to_string().starts_with("finding the card failed"));
        assert!(DriverError::Interrupt("no uio0".into()).to_string().starts_with("interrupt setup failed"));
        assert!(DriverError::Thread("EAGAIN".into()).to_string().contains("interrupt thread"));
    }
}
