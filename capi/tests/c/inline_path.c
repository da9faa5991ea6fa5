/* The inline enqueue's fast path makes no call into the library: a sender whose portal is an
 * ordinary word (standing in for the mapped portal page) and whose library part is NULL — so
 * any call into the library would answer RENQ_E_INVALID — takes RENQ_UNCONFIRMED_MAX − 1 items
 * per round with RENQ_OK, one store each to the word, every item kept in the ring in order.
 * Prints the time per inline enqueue (capi/tests/c_examples.rs runs this). */
#include <renq.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

int main(void) {
    static renq_sender s;
    static volatile uint64_t word; /* the "portal page" */
    memset(&s, 0, sizeof s);
    s.portal = (uint64_t *)&word;
    s.ring_kept = 1;
    s.inner = NULL;
    const int rounds = 200000, per = RENQ_UNCONFIRMED_MAX - 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < rounds; r++) {
        s.ring_len = 0;
        s.ring_start = (uint32_t)r;
        for (int i = 0; i < per; i++) {
            uint64_t item = (uint64_t)r << 32 | (uint64_t)i;
            if (renq_enqueue(&s, item) != RENQ_OK) {
                fprintf(stderr, "inline_path: round %d item %d left the fast path\n", r, i);
                return 1;
            }
            if (word != item) {
                fprintf(stderr, "inline_path: the portal word is not the item just enqueued\n");
                return 1;
            }
        }
        for (int i = 0; i < per; i++) {
            if (s.ring[((uint32_t)r + (uint32_t)i) & (RENQ_UNCONFIRMED_MAX - 1)] != ((uint64_t)r << 32 | (uint64_t)i)) {
                fprintf(stderr, "inline_path: ring slot %d of round %d\n", i, r);
                return 1;
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / ((double)rounds * per);
    /* The 256th item with a full ring goes to the slow path: the library part is NULL here. */
    s.ring_len = RENQ_UNCONFIRMED_MAX;
    if (renq_enqueue(&s, 1) != RENQ_E_INVALID) {
        fprintf(stderr, "inline_path: a full ring did not take the slow path\n");
        return 1;
    }
    printf("inline enqueue: %.2f ns per item (store to ordinary memory, ring kept), 0 library calls in %d\n", ns,
           rounds * per);
    return 0;
}
