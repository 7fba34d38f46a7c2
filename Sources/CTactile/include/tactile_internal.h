/* Internal helpers shared by the Swift implementation of tactile.h. Not installed; not public API. */
#ifndef TACTILE_INTERNAL_H
#define TACTILE_INTERNAL_H
#include <stdatomic.h>
#include "tactile.h"

/** Copies `message` into the calling thread's last-error buffer (truncated to 511 bytes). */
void tactile_internal_set_error(const char *message);

/** Sets the last error to "<what> handle <id> is null, <gone>, stale or foreign" (static strings `what` and
 * `gone`), formatted only when the message is read: a caller retrying with a stale handle pays no allocation
 * and no formatting per call. */
void tactile_internal_set_handle_error(const char *what, uint64_t id, const char *gone);

/* The app handle table. A handle id is `generation << 16 | (slot + 1)`; a slot's word is
 * `generation << 1 | live`. It lives in C so the post path reads it with plain inlined loads (a Swift global
 * would pay a lazy-initialisation check on every call). Writers (create/destroy) hold the Swift-side lock. */
#define TACTILE_INTERNAL_APP_SLOTS 1024
extern _Atomic uint64_t tactile_internal_app_words[TACTILE_INTERNAL_APP_SLOTS];
/** Per slot: the app object (retained by the Swift side) and its event queue (unretained). */
extern void *_Atomic tactile_internal_app_objects[TACTILE_INTERNAL_APP_SLOTS];
extern void *_Atomic tactile_internal_app_queues[TACTILE_INTERNAL_APP_SLOTS];

/** The slot of a live handle id, or -1 for a null, stale, destroyed or foreign id. */
static inline int tactile_internal_app_slot(uint64_t id) {
    uint64_t slot = (id & 0xFFFF) - 1;
    uint64_t generation = id >> 16;
    if (slot >= TACTILE_INTERNAL_APP_SLOTS || generation == 0) return -1;
    uint64_t word = atomic_load_explicit(&tactile_internal_app_words[slot], memory_order_acquire);
    return word == ((generation << 1) | 1) ? (int)slot : -1;
}

static inline void *tactile_internal_app_queue(uint64_t id) {
    int slot = tactile_internal_app_slot(id);
    return slot < 0 ? 0 : atomic_load_explicit(&tactile_internal_app_queues[slot], memory_order_relaxed);
}

static inline void *tactile_internal_app_object(uint64_t id) {
    int slot = tactile_internal_app_slot(id);
    return slot < 0 ? 0 : atomic_load_explicit(&tactile_internal_app_objects[slot], memory_order_relaxed);
}

static inline uint64_t tactile_internal_app_word(int slot) {
    return atomic_load_explicit(&tactile_internal_app_words[slot], memory_order_relaxed);
}

/** Publishes (or clears, with objects NULL) a slot: objects first, then the word (release). */
static inline void tactile_internal_app_publish(int slot, uint64_t word, void *object, void *queue) {
    atomic_store_explicit(&tactile_internal_app_objects[slot], object, memory_order_relaxed);
    atomic_store_explicit(&tactile_internal_app_queues[slot], queue, memory_order_relaxed);
    atomic_store_explicit(&tactile_internal_app_words[slot], word, memory_order_release);
}

#endif
