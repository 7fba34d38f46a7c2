// The interposer behind tactile_alloc_counter.h: malloc & co. defined in the executable forward to glibc's own
// entry points (__libc_*), so every allocation in the process — Tactile, the Swift runtime, Foundation — passes
// here; those made on a thread that counts are counted. Linked into the C++ harness (Benchmarks/) and the Swift
// object-model benchmark.
#include "tactile_alloc_counter.h"

#include <stddef.h>

void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
void __libc_free(void *);

static _Thread_local bool counting = false;
static _Thread_local uint64_t count = 0;

void tactile_alloc_counting(bool on) { counting = on; }
uint64_t tactile_alloc_count(void) { return count; }

static inline void note(void) {
    if (counting) ++count;
}

void *malloc(size_t n) {
    note();
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t size) {
    note();
    return __libc_calloc(n, size);
}
void *realloc(void *p, size_t n) {
    note();
    return __libc_realloc(p, n);
}
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t n) {
    note();
    return __libc_memalign(alignment, n);
}
void *aligned_alloc(size_t alignment, size_t n) {
    note();
    return __libc_memalign(alignment, n);
}
int posix_memalign(void **out, size_t alignment, size_t n) {
    note();
    void *p = __libc_memalign(alignment, n);
    if (!p) return 12;  // ENOMEM
    *out = p;
    return 0;
}
