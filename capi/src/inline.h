
/* ---- The inline fast path (hand-written: capi/src/inline.h, appended by cbindgen) ---- */

#ifndef RENQ_INLINE_H
#define RENQ_INLINE_H

#if defined(__GNUC__) || defined(__clang__)
#define RENQ_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define RENQ_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define RENQ_UNLIKELY(x) (x)
#define RENQ_LIKELY(x) (x)
#endif

/**
 * Appends `item` to the sender's remote queue.
 *
 * The card, portal page mapped (UIO, VFIO): ONE volatile 8-byte store to the portal page —
 * an uncached MMIO write the CPU posts (it does not wait for it; tens of ns to leave the
 * core) — plus keeping the item in the sender's ring of unconfirmed items (a store to
 * ordinary memory and two counter updates). No call into the library. The card turns the
 * store into a packet; the destination's OUTCOME updates the portal's status, which only
 * renq_flush() (or a full ring) reads.
 *
 * The slow paths, each a call: the ring is full (RENQ_UNCONFIRMED_MAX items stored and not
 * yet settled) — renq_enqueue_slow() settles it first (waits for the outcomes, stores
 * refused items again in order); the page is not mapped (the simulator) —
 * renq_portal_store() makes the store a call; any sender that is not a card portal (the
 * paper card, the RDMA fallback) — renq_enqueue_slow() does the library's enqueue.
 *
 * Returns RENQ_OK, or the slow path's error (RENQ_E_REJECTED, RENQ_E_CLOSED, ...). An item
 * is known accepted only after renq_flush() returns RENQ_OK. One thread at a time per sender.
 */
static inline renq_status renq_enqueue(renq_sender *s, uint64_t item) {
    if (RENQ_UNLIKELY(!s->ring_kept || s->ring_len >= RENQ_UNCONFIRMED_MAX))
        return renq_enqueue_slow(s, item);
    s->ring[(s->ring_start + s->ring_len) & (RENQ_UNCONFIRMED_MAX - 1)] = item;
    s->ring_len += 1;
    if (RENQ_LIKELY(s->portal != NULL)) {
        *(volatile uint64_t *)s->portal = item;
        return RENQ_OK;
    }
    return renq_portal_store(s, item);
}

#endif /* RENQ_INLINE_H */
