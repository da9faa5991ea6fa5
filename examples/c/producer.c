/* producer: enqueues COUNT items to queue QUEUE on node DST, as producer ID, then flushes.
 *
 *   producer SPEC DST QUEUE ID COUNT
 *
 * SPEC names this node (renq_open: sim:PATH, uio, vfio, rdma-shm:dir=PATH,node=N). Item i is
 * (ID << 32 | i), so the consumer can check each producer's items arrive once and in order.
 * Prints the rate and the stores each enqueue cost (the simulator counts them). */
#include <renq.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int fail(const char *what, renq_status st) {
    fprintf(stderr, "producer: %s: %s (%s)\n", what, renq_strerror(st), renq_last_error());
    return 1;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: producer SPEC DST QUEUE ID COUNT\n");
        return 2;
    }
    uint16_t dst = (uint16_t)atoi(argv[2]), queue = (uint16_t)atoi(argv[3]);
    uint64_t id = strtoull(argv[4], NULL, 10), count = strtoull(argv[5], NULL, 10);
    renq_node *node = NULL;
    renq_sender *tx = NULL;
    renq_status st = renq_open(argv[1], &node);
    if (st != RENQ_OK) return fail("renq_open", st);
    if ((st = renq_sender_open(node, dst, queue, &tx)) != RENQ_OK) return fail("renq_sender_open", st);
    renq_metrics before, after;
    renq_node_metrics(node, &before);
    double t0 = now();
    for (uint64_t i = 0; i < count; i++) {
        if ((st = renq_enqueue(tx, id << 32 | i)) != RENQ_OK) return fail("renq_enqueue", st);
    }
    if ((st = renq_flush(tx)) != RENQ_OK) return fail("renq_flush", st);
    double secs = now() - t0;
    renq_node_metrics(node, &after);
    uint64_t stores = after.bar2_stores - before.bar2_stores;
    printf("produced %" PRIu64 " in %.3f s: %.0f items/s, %.3f stores per enqueue, ring_kept=%u mapped=%d\n",
           count, secs, (double)count / secs, (double)stores / (double)(count ? count : 1), tx->ring_kept,
           tx->portal != NULL);
    if ((st = renq_sender_close(tx)) != RENQ_OK) return fail("renq_sender_close", st);
    renq_node_close(node);
    return 0;
}
