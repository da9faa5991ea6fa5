/* consumer: creates queue QUEUE on this node and takes PRODUCERS × COUNT items, checking that
 * each producer's items (ID << 32 | i) arrive exactly once and in order.
 *
 *   consumer SPEC QUEUE LOG2_WORDS PRODUCERS COUNT
 *
 * Prints "ready" once the queue exists (start the producers then), "consumed N" at the end;
 * exits 1 on a lost, duplicated, reordered or foreign item, or after 20 s without one. */
#include <renq.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static int fail(const char *what, renq_status st) {
    fprintf(stderr, "consumer: %s: %s (%s)\n", what, renq_strerror(st), renq_last_error());
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: consumer SPEC QUEUE LOG2_WORDS PRODUCERS COUNT\n");
        return 2;
    }
    uint16_t queue = (uint16_t)atoi(argv[2]);
    uint32_t log2_words = (uint32_t)atoi(argv[3]);
    uint64_t producers = strtoull(argv[4], NULL, 10), count = strtoull(argv[5], NULL, 10);
    renq_node *node = NULL;
    renq_receiver *rx = NULL;
    renq_status st = renq_open(argv[1], &node);
    if (st != RENQ_OK) return fail("renq_open", st);
    if ((st = renq_create_queue(node, queue, log2_words, &rx)) != RENQ_OK) return fail("renq_create_queue", st);
    printf("ready\n");
    fflush(stdout);
    uint64_t *next = calloc(producers, sizeof *next);
    uint64_t got = 0, want = producers * count, batch[256];
    while (got < want) {
        size_t n = 0;
        st = renq_dequeue_batch_timeout(rx, batch, 256, 20ull * 1000 * 1000 * 1000, &n);
        if (st != RENQ_OK) return fail("renq_dequeue_batch_timeout", st);
        if (n == 0) {
            fprintf(stderr, "consumer: no item for 20 s after %" PRIu64 " of %" PRIu64 "\n", got, want);
            return 1;
        }
        for (size_t k = 0; k < n; k++) {
            uint64_t p = batch[k] >> 32, i = batch[k] & 0xffffffffu;
            if (p >= producers || i != next[p]) {
                fprintf(stderr, "consumer: item %#" PRIx64 ": producer %" PRIu64 " expected %" PRIu64 "\n", batch[k],
                        p, p < producers ? next[p] : 0);
                return 1;
            }
            next[p]++;
            got++;
        }
    }
    uint64_t extra;
    if ((st = renq_try_dequeue(rx, &extra)) != RENQ_EMPTY) {
        fprintf(stderr, "consumer: an extra item or an error: %s\n", renq_strerror(st));
        return 1;
    }
    /* Closed: drained at once, then RENQ_E_CLOSED (never a crash). */
    if ((st = renq_receiver_close_queue(rx)) != RENQ_OK) return fail("renq_receiver_close_queue", st);
    if ((st = renq_dequeue(rx, &extra)) != RENQ_E_CLOSED) return fail("renq_dequeue after close", st);
    printf("consumed %" PRIu64 "\n", got);
    free(next);
    renq_receiver_close(rx);
    renq_node_close(node);
    return 0;
}
