// Counts heap allocations made on a thread while it asks to (AllocCount below): the harness interposes
// malloc & co. by defining them in its executable and forwarding to glibc's own entry points (__libc_*), so
// every allocation in the process — libtactile.so, the Swift runtime, the C++ reference's operator new —
// passes here. Deterministic, unlike time: route.allocs_per_event comes from it.
#include "alloc_counter.hpp"

#include <cstddef>

extern "C" {
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
void __libc_free(void *);
}

namespace tb {
thread_local bool alloc_counting = false;
thread_local uint64_t alloc_count = 0;
}  // namespace tb

namespace {
inline void note() {
    if (tb::alloc_counting) ++tb::alloc_count;
}
}  // namespace

extern "C" {
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
}
