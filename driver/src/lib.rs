//! User-space PCI driver for the renq card: Device trait, sim/UIO/VFIO backends, overflow handler
