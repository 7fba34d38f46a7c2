// CTactileCoreSupport is header-only (include/tactile_core_support.h) but for AddressSanitizer's poisoning calls,
// which must be compiled with the sanitizer on to see whether it is.
#include "tactile_core_support.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TACTILE_ASAN 1
#include <sanitizer/asan_interface.h>
#endif
#endif

void tactile_poison_region(const void *p, size_t n) {
#ifdef TACTILE_ASAN
    __asan_poison_memory_region(p, n);
#else
    (void)p; (void)n;
#endif
}

void tactile_unpoison_region(const void *p, size_t n) {
#ifdef TACTILE_ASAN
    __asan_unpoison_memory_region(p, n);
#else
    (void)p; (void)n;
#endif
}
