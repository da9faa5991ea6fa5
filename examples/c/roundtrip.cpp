// roundtrip: renq from C++ — two nodes in one process, RAII handles, the inline enqueue, a
// batch dequeue, and the typed errors (never an exception or a crash).
//
//   roundtrip SPEC_SENDER SPEC_RECEIVER COUNT
#include <renq.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

struct NodeClose {
    void operator()(renq_node *n) const { renq_node_close(n); }
};
struct ReceiverClose {
    void operator()(renq_receiver *r) const { renq_receiver_close(r); }
};
struct SenderClose {
    void operator()(renq_sender *s) const { renq_sender_close(s); }
};
using Node = std::unique_ptr<renq_node, NodeClose>;
using Receiver = std::unique_ptr<renq_receiver, ReceiverClose>;
using Sender = std::unique_ptr<renq_sender, SenderClose>;

[[noreturn]] void die(const char *what, renq_status st) {
    std::fprintf(stderr, "roundtrip: %s: %s (%s)\n", what, renq_strerror(st), renq_last_error());
    std::exit(1);
}

void check(const char *what, renq_status st, renq_status want = RENQ_OK) {
    if (st != want) die(what, st);
}

Node open(const char *spec) {
    renq_node *n = nullptr;
    check("renq_open", renq_open(spec, &n));
    return Node(n);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: roundtrip SPEC_SENDER SPEC_RECEIVER COUNT\n");
        return 2;
    }
    const std::uint64_t count = std::strtoull(argv[3], nullptr, 10);
    Node a = open(argv[1]), b = open(argv[2]);
    std::uint16_t home = 0;
    check("renq_node_id", renq_node_id(b.get(), &home));
    const std::uint16_t queue = 7;
    renq_receiver *r = nullptr;
    check("renq_create_queue", renq_create_queue(b.get(), queue, 9, &r));
    Receiver rx(r);
    check("second create", renq_create_queue(b.get(), queue, 9, &r), RENQ_E_QUEUE_EXISTS);
    check("bad size", renq_create_queue(b.get(), 8, 99, &r), RENQ_E_SIZE);
    check("NULL out", renq_create_queue(b.get(), 8, 9, nullptr), RENQ_E_INVALID);
    renq_sender *s = nullptr;
    check("renq_sender_open", renq_sender_open(a.get(), home, queue, &s));
    Sender tx(s);
    for (std::uint64_t i = 0; i < count; i++) check("renq_enqueue", renq_enqueue(tx.get(), i));
    check("renq_flush", renq_flush(tx.get()));
    std::vector<std::uint64_t> got;
    std::vector<std::uint64_t> buf(512);
    while (got.size() < count) {
        std::size_t n = 0;
        check("renq_dequeue_batch_timeout",
              renq_dequeue_batch_timeout(rx.get(), buf.data(), buf.size(), 20000000000ull, &n));
        if (n == 0) die("no item in 20 s", RENQ_EMPTY);
        got.insert(got.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
    }
    for (std::uint64_t i = 0; i < count; i++) {
        if (got[i] != i) {
            std::fprintf(stderr, "roundtrip: item %llu is %llu\n", (unsigned long long)i, (unsigned long long)got[i]);
            return 1;
        }
    }
    // After close: the receiver says closed, the sender's next items are rejected.
    check("renq_close_queue", renq_close_queue(b.get(), queue));
    std::uint64_t v = 0;
    check("try_dequeue after close", renq_try_dequeue(rx.get(), &v), RENQ_E_CLOSED);
    check("enqueue after close", renq_enqueue(tx.get(), 1));
    check("flush after close", renq_flush(tx.get()), RENQ_E_REJECTED);
    std::printf("c++ roundtrip: %llu items in order; errors typed\n", (unsigned long long)count);
    return 0;
}
