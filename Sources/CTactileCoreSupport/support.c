// CTactileCoreSupport is header-only (include/tactile_core_support.h) but for AddressSanitizer's poisoning calls,
// which must be compiled with the sanitizer on to see whether it is (Swift does not pass its sanitizer to the C
// headers it imports: a `static inline` version never poisoned anything).
//
// `nodebug`: this file then has no debug information at all. With it (DWARF 5, beside CTactile's
// tactile_support.c), Valgrind 3.19 — Debian 12's; perf/check-ceilings runs callgrind on libtactile.so — gave up
// reading the library ("ensure_valid failed … exceeds valid image size"); built as DWARF 4 or without debug
// information it reads it.
#include "tactile_core_support.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TACTILE_ASAN 1
#include <sanitizer/asan_interface.h>
#endif
#endif

__attribute__((nodebug)) void tactile_poison_region(const void *p, size_t n) {
#ifdef TACTILE_ASAN
    __asan_poison_memory_region(p, n);
#else
    (void)p; (void)n;
#endif
}

__attribute__((nodebug)) void tactile_unpoison_region(const void *p, size_t n) {
#ifdef TACTILE_ASAN
    __asan_unpoison_memory_region(p, n);
#else
    (void)p; (void)n;
#endif
}
