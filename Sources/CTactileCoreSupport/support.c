// CTactileCoreSupport is header-only (include/tactile_core_support.h) but for AddressSanitizer's poisoning calls,
// which must be compiled with the sanitizer on to see whether it is (Swift does not pass its sanitizer to the C
// headers it imports: a `static inline` version never poisoned anything).
//
// `nodebug`: this file then has no debug information at all. With it (DWARF 5, beside CTactile's
// tactile_support.c), Valgrind 3.19 — Debian 12's; perf/check-ceilings runs callgrind on libtactile.so — gave up
// reading the library ("ensure_valid failed … exceeds valid image size"); built as DWARF 4 or without debug
// information it reads it.
#include "tactile_core_support.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

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

__attribute__((nodebug)) int tactile_cpu_prefers_consumed_line_eviction(void) {
#if defined(__x86_64__)
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx) || eax < 7) return 0;
    const int amd = ebx == 0x68747541u && edx == 0x69746e65u && ecx == 0x444d4163u;  // "AuthenticAMD"
    if (!amd || !__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    unsigned family = (eax >> 8) & 0xf;
    if (family == 0xf) family += (eax >> 20) & 0xff;
    if (family < 0x17) return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    return (ebx >> 23) & 1;  // CLFLUSHOPT
#else
    return 0;
#endif
}
