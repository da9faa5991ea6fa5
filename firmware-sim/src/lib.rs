//! The renq card simulator: RTL and model engines, host memory, links, clusters
