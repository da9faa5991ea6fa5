/* Every entry point of the C ABI with NULLs, bad ids and sizes, after close and after the
 * other side was closed: each answers a typed renq_status; none crashes, aborts or hangs.
 * Each case runs in a fork()ed child, so an abort is seen (capi/tests/c_examples.rs runs this).
 *
 *   no_panic RDMA_DIR SPEC_A0 SPEC_B0 SPEC_A1 SPEC_B1 ...   (two fresh cards per card case) */
#include <renq.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

#define EXPECT(call, want)                                                                          \
    do {                                                                                            \
        renq_status got_ = (call);                                                                  \
        if (got_ != (want)) {                                                                       \
            fprintf(stderr, "%s:%d: %s = %d (%s: %s), expected %s\n", __FILE__, __LINE__, #call, got_, \
                    renq_strerror(got_), renq_last_error(), #want);                                 \
            failures++;                                                                             \
        }                                                                                           \
    } while (0)

/* Every entry point with NULL handles and NULL out-pointers. */
static void nulls(void) {
    uint64_t v = 0, buf[4];
    size_t n = 0;
    uint16_t id = 0;
    renq_node *node = NULL;
    renq_limits l;
    renq_metrics m;
    renq_receiver *rx = NULL;
    renq_sender *tx = NULL;
    renq_grant *g = NULL;
    renq_ticket t;
    renq_send_status ss;
    EXPECT(renq_open(NULL, &node), RENQ_E_INVALID);
    EXPECT(renq_open("sim:/nonexistent", NULL), RENQ_E_INVALID);
    EXPECT(renq_open_send_only(NULL, NULL, 0, &node), RENQ_E_INVALID);
    EXPECT(renq_node_id(NULL, &id), RENQ_E_INVALID);
    EXPECT(renq_node_limits(NULL, &l), RENQ_E_INVALID);
    EXPECT(renq_node_metrics(NULL, &m), RENQ_E_INVALID);
    EXPECT(renq_create_queue(NULL, 1, 10, &rx), RENQ_E_INVALID);
    EXPECT(renq_receiver_open(NULL, 1, &rx), RENQ_E_INVALID);
    EXPECT(renq_close_queue(NULL, 1), RENQ_E_INVALID);
    EXPECT(renq_sender_open(NULL, 0, 1, &tx), RENQ_E_INVALID);
    EXPECT(renq_grant_portal(NULL, 0, 1, &g), RENQ_E_INVALID);
    EXPECT(renq_grant_ticket(NULL, &t), RENQ_E_INVALID);
    EXPECT(renq_enqueue_slow(NULL, 1), RENQ_E_INVALID);
    EXPECT(renq_portal_store(NULL, 1), RENQ_E_INVALID);
    EXPECT(renq_flush(NULL), RENQ_E_INVALID);
    EXPECT(renq_sender_status(NULL, &ss), RENQ_E_INVALID);
    EXPECT(renq_try_dequeue(NULL, &v), RENQ_E_INVALID);
    EXPECT(renq_dequeue(NULL, &v), RENQ_E_INVALID);
    EXPECT(renq_dequeue_timeout(NULL, 0, &v), RENQ_E_INVALID);
    EXPECT(renq_dequeue_batch(NULL, buf, 4, &n), RENQ_E_INVALID);
    EXPECT(renq_dequeue_batch_timeout(NULL, buf, 4, 0, &n), RENQ_E_INVALID);
    EXPECT(renq_receiver_len(NULL, &n), RENQ_E_INVALID);
    EXPECT(renq_receiver_close_queue(NULL), RENQ_E_INVALID);
    EXPECT(renq_node_close(NULL), RENQ_OK);
    EXPECT(renq_sender_close(NULL), RENQ_OK);
    EXPECT(renq_receiver_close(NULL), RENQ_OK);
    EXPECT(renq_grant_close(NULL), RENQ_OK);
    for (int s = -1000; s <= 1000; s++)
        if (renq_strerror(s) == NULL) failures++;
}

/* Specs that do not parse or name nothing. */
static void bad_specs(void) {
    renq_node *node = NULL;
    const char *invalid[] = {"", "bogus", "rdma-shm:", "rdma-shm:dir=/tmp", "rdma-shm:node=1",
                             "rdma-shm:node=70000,dir=/tmp", "rdma-shm:dir=/tmp,node=1,color=red", "\xff\xfe"};
    for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) EXPECT(renq_open(invalid[i], &node), RENQ_E_INVALID);
    EXPECT(renq_open("sim:/nonexistent/socket", &node), RENQ_E_DEVICE);
    EXPECT(renq_open("rdma-shm:dir=/nonexistent/renq,node=0,rtt_us=18446744073709551615", &node), RENQ_E_TRANSPORT);
    renq_ticket t = {0, 0, 0};
    EXPECT(renq_open_send_only("sim:/nonexistent/socket", &t, 1, &node), RENQ_E_DEVICE);
    EXPECT(renq_open_send_only("bogus", NULL, 0, &node), RENQ_E_INVALID);
}

/* Queue 1 on B, a sender on A: bad arguments, then everything after the queue is closed,
 * then after B's handle is closed. `card`: 1 the card (portals), 2 the paper card (shadow
 * stores: a sender is told nothing), 0 the RDMA fallback. */
static void queue_lifecycle(const char *spec_a, const char *spec_b, int card) {
    renq_node *a = NULL, *b = NULL;
    EXPECT(renq_open(spec_a, &a), RENQ_OK);
    EXPECT(renq_open(spec_b, &b), RENQ_OK);
    if (!a || !b) return;
    uint16_t home = 0;
    renq_limits l;
    EXPECT(renq_node_id(b, &home), RENQ_OK);
    EXPECT(renq_node_limits(a, &l), RENQ_OK);
    renq_receiver *rx = NULL, *rx2 = NULL;
    renq_sender *tx = NULL, *tx2 = NULL;
    EXPECT(renq_create_queue(b, 1, 0, &rx), RENQ_E_SIZE);
    EXPECT(renq_create_queue(b, 1, 99, &rx), RENQ_E_SIZE);
    EXPECT(renq_create_queue(b, 1, 10, &rx), RENQ_OK);
    EXPECT(renq_create_queue(b, 1, 10, &rx2), RENQ_E_QUEUE_EXISTS);
    EXPECT(renq_receiver_open(b, 1, &rx2), RENQ_E_DOUBLE_CONSUMER);
    EXPECT(renq_receiver_open(b, 77, &rx2), RENQ_E_UNKNOWN_QUEUE);
    EXPECT(renq_close_queue(b, 77), RENQ_E_UNKNOWN_QUEUE);
    if (l.nodes <= 0xffff) EXPECT(renq_sender_open(a, (uint16_t)l.nodes, 1, &tx2), RENQ_E_UNKNOWN_NODE);
    if (l.queues <= 0xffff) EXPECT(renq_sender_open(a, home, (uint16_t)l.queues, &tx2), RENQ_E_UNKNOWN_QUEUE);
    EXPECT(renq_sender_open(a, home, 1, &tx), RENQ_OK);
    renq_send_status ss;
    EXPECT(renq_sender_status(tx, &ss), card == 1 ? RENQ_OK : RENQ_E_INVALID);
    EXPECT(renq_sender_status(tx, NULL), RENQ_E_INVALID);
    for (uint64_t i = 0; i < 600; i++) EXPECT(renq_enqueue(tx, i), RENQ_OK);
    EXPECT(renq_flush(tx), RENQ_OK);
    uint64_t v = 0, buf[8];
    size_t n = 99;
    EXPECT(renq_dequeue_batch(rx, NULL, 8, &n), RENQ_E_INVALID);
    EXPECT(renq_dequeue_batch(rx, NULL, 0, &n), RENQ_OK);
    EXPECT(renq_dequeue(rx, &v), RENQ_OK);
    EXPECT(renq_dequeue_timeout(rx, UINT64_MAX, &v), RENQ_OK);
    EXPECT(renq_dequeue_batch_timeout(rx, buf, 8, 0, &n), RENQ_OK);
    EXPECT(renq_receiver_len(rx, &n), RENQ_OK);
    renq_metrics m;
    EXPECT(renq_node_metrics(a, &m), RENQ_OK);
    /* Closed: the receiver drains what came, then RENQ_E_CLOSED from every dequeue. */
    EXPECT(renq_close_queue(b, 1), RENQ_OK);
    for (;;) {
        renq_status st = renq_try_dequeue(rx, &v);
        if (st == RENQ_E_CLOSED) break;
        if (st != RENQ_OK) {
            EXPECT(st, RENQ_E_CLOSED);
            break;
        }
    }
    EXPECT(renq_dequeue(rx, &v), RENQ_E_CLOSED);
    EXPECT(renq_dequeue_timeout(rx, UINT64_MAX, &v), RENQ_E_CLOSED);
    EXPECT(renq_dequeue_batch(rx, buf, 8, &n), RENQ_E_CLOSED);
    EXPECT(renq_dequeue_batch_timeout(rx, buf, 8, 1000, &n), RENQ_E_CLOSED);
    renq_receiver_close_queue(rx); /* again: OK or a typed error */
    EXPECT(renq_close_queue(b, 1), RENQ_E_UNKNOWN_QUEUE);
    if (card == 1) {
        EXPECT(renq_enqueue(tx, 1), RENQ_OK); /* the store; the outcome says rejected */
        EXPECT(renq_flush(tx), RENQ_E_REJECTED);
    } else if (card == 2) {
        EXPECT(renq_enqueue(tx, 1), RENQ_OK); /* the paper card counts the rejected store */
        EXPECT(renq_flush(tx), RENQ_OK);
    } else {
        EXPECT(renq_enqueue(tx, 1), RENQ_E_CLOSED);
        EXPECT(renq_flush(tx), RENQ_OK);
    }
    /* B's node handle closed while its receiver and A's sender live. */
    EXPECT(renq_node_close(b), RENQ_OK);
    renq_try_dequeue(rx, &v);
    renq_enqueue(tx, 2);
    renq_flush(tx);
    EXPECT(renq_receiver_close(rx), RENQ_OK);
    renq_sender_close(tx);
    EXPECT(renq_node_close(a), RENQ_OK);
}

/* The card's grants: a send-only handle with and without tickets. */
static void send_only(const char *spec_a, const char *spec_b) {
    renq_node *a = NULL, *b = NULL, *so = NULL;
    EXPECT(renq_open(spec_a, &a), RENQ_OK);
    EXPECT(renq_open(spec_b, &b), RENQ_OK);
    if (!a || !b) return;
    uint16_t home = 0;
    renq_node_id(b, &home);
    renq_receiver *rx = NULL;
    EXPECT(renq_create_queue(b, 3, 10, &rx), RENQ_OK);
    renq_grant *g = NULL;
    renq_ticket t;
    EXPECT(renq_grant_portal(a, home, 3, &g), RENQ_OK);
    EXPECT(renq_grant_ticket(g, &t), RENQ_OK);
    EXPECT(renq_grant_ticket(g, NULL), RENQ_E_INVALID);
    EXPECT(renq_open_send_only(spec_a, NULL, 1, &so), RENQ_E_INVALID);
    EXPECT(renq_open_send_only(spec_a, NULL, 0, &so), RENQ_E_TRANSPORT); /* the card needs tickets */
    EXPECT(renq_open_send_only(spec_a, &t, 1, &so), RENQ_OK);
    renq_receiver *r2 = NULL;
    renq_sender *tx = NULL, *tx2 = NULL;
    EXPECT(renq_create_queue(so, 4, 10, &r2), RENQ_E_NOT_OWNER);
    EXPECT(renq_close_queue(so, 3), RENQ_E_NOT_OWNER);
    EXPECT(renq_sender_open(so, home, 4, &tx2), RENQ_E_NOT_GRANTED);
    EXPECT(renq_sender_open(so, home, 3, &tx), RENQ_OK);
    EXPECT(renq_sender_open(so, home, 3, &tx2), RENQ_E_NOT_GRANTED); /* one sender per ticket */
    EXPECT(renq_enqueue(tx, 42), RENQ_OK);
    EXPECT(renq_flush(tx), RENQ_OK);
    uint64_t v = 0;
    EXPECT(renq_dequeue_timeout(rx, 10000000000ull, &v), RENQ_OK);
    if (v != 42) failures++;
    /* The grant revoked: the send-only sender's stores are dropped, and its flush says so. The
     * revocation (the owner's register write) and the stores travel on different connections
     * to the card process, so a store may still beat it: within a second a flush says so. */
    EXPECT(renq_grant_close(g), RENQ_OK);
    renq_status flushed = RENQ_OK;
    for (int i = 0; i < 100 && flushed == RENQ_OK; i++) {
        EXPECT(renq_enqueue(tx, 43), RENQ_OK);
        flushed = renq_flush(tx);
        if (flushed == RENQ_OK) usleep(10000);
    }
    EXPECT(flushed, RENQ_E_TRANSPORT);
    renq_sender_close(tx);
    renq_node_close(so);
    renq_receiver_close(rx);
    renq_node_close(b);
    renq_node_close(a);
}

static int run(const char *name, void (*body)(const char *, const char *, int), const char *x, const char *y, int z) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        failures = 0;
        body(x, y, z);
        _exit(failures ? 1 : 0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    printf("%s: %s\n", name, ok ? "ok" : WIFSIGNALED(status) ? "killed by a signal" : "failed");
    return ok;
}

static void nulls3(const char *x, const char *y, int z) { (void)x, (void)y, (void)z, nulls(); }
static void bad_specs3(const char *x, const char *y, int z) { (void)x, (void)y, (void)z, bad_specs(); }
static void send_only3(const char *x, const char *y, int z) { (void)z, send_only(x, y); }

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: no_panic RDMA_DIR SPEC_A0 SPEC_B0 SPEC_A1 SPEC_B1 SPEC_A2 SPEC_B2\n");
        return 2;
    }
    char ra[512], rb[512];
    snprintf(ra, sizeof ra, "rdma-shm:dir=%s,node=0", argv[1]);
    snprintf(rb, sizeof rb, "rdma-shm:dir=%s,node=1", argv[1]);
    int ok = 1;
    ok &= run("NULL handles and pointers", nulls3, NULL, NULL, 0);
    ok &= run("bad specs", bad_specs3, NULL, NULL, 0);
    ok &= run("card: bad arguments, after close, after the other side closed", queue_lifecycle, argv[2], argv[3], 1);
    ok &= run("rdma-shm: bad arguments, after close, after the other side closed", queue_lifecycle, ra, rb, 0);
    ok &= run("card: send-only handles and grants", send_only3, argv[4], argv[5], 0);
    ok &= run("paper card: bad arguments, after close", queue_lifecycle, argv[6], argv[7], 2);
    printf(ok ? "all cases ok\n" : "some cases failed\n");
    return ok ? 0 : 1;
}
