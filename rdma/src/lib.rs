//! renq over RDMA one-sided verbs: RemoteMemory, seed and fast queue algorithms
