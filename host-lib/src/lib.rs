//! renq: enqueue to a queue in another node's memory with one store
