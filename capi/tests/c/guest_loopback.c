/* In a QEMU guest with the simulated card on its PCI bus (uio_pci_generic): a C program opens
 * the card ("uio"), creates a queue, and enqueues COUNT items to it from a sender whose portal
 * page is mapped — each renq_enqueue is the inline volatile store itself, an MMIO write to the
 * card's BAR2 — then flushes and dequeues them all, in order (capi/tests/c_qemu.rs runs this).
 *
 *   guest_loopback COUNT */
#include <renq.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int fail(const char *what, renq_status st) {
    printf("RENQ-C-FAIL %s: %s (%s)\n", what, renq_strerror(st), renq_last_error());
    return 1;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000;
    renq_node *node = NULL;
    renq_receiver *rx = NULL;
    renq_sender *tx = NULL;
    uint16_t id = 0;
    renq_status st;
    if ((st = renq_open("uio", &node)) != RENQ_OK) return fail("renq_open(uio)", st);
    if ((st = renq_node_id(node, &id)) != RENQ_OK) return fail("renq_node_id", st);
    if ((st = renq_create_queue(node, 3, 10, &rx)) != RENQ_OK) return fail("renq_create_queue", st);
    if ((st = renq_sender_open(node, id, 3, &tx)) != RENQ_OK) return fail("renq_sender_open", st);
    printf("RENQ-C node=%u\nRENQ-C mapped=%d\nRENQ-C ring_kept=%u\n", id, tx->portal != NULL, tx->ring_kept);
    double t0 = now();
    for (uint64_t i = 0; i < count; i++)
        if ((st = renq_enqueue(tx, i)) != RENQ_OK) return fail("renq_enqueue", st);
    double t1 = now();
    if ((st = renq_flush(tx)) != RENQ_OK) return fail("renq_flush", st);
    for (uint64_t i = 0; i < count; i++) {
        uint64_t v = 0;
        if ((st = renq_dequeue_timeout(rx, 30ull * 1000 * 1000 * 1000, &v)) != RENQ_OK) return fail("dequeue", st);
        if (v != i) {
            printf("RENQ-C-FAIL item %" PRIu64 " is %" PRIu64 "\n", i, v);
            return 1;
        }
    }
    uint64_t extra;
    if ((st = renq_try_dequeue(rx, &extra)) != RENQ_EMPTY) return fail("an extra item", st);
    printf("RENQ-C items=%" PRIu64 "\nRENQ-C ns_per_enqueue=%.0f\n", count, (t1 - t0) * 1e9 / (double)count);
    renq_sender_close(tx);
    renq_receiver_close(rx);
    renq_node_close(node);
    printf("RENQ-C-OK\n");
    fflush(stdout);
    return 0;
}
