/* Calls a Swift class's allocating initializer through a function pointer read from its class metadata — what
 * `[[cls alloc] initWithStyle:reuseIdentifier:]` does in Objective-C, which Swift cannot spell for an initializer
 * that is not `required`. Used by Tactile's UITableView to make registered cell and header-footer classes
 * (Tactile/Tables/TableCellFactory.swift says how the function is found and checked). Internal; not installed.
 *
 * The callee is a Swift allocating initializer: Swift's calling convention, its arguments lowered as Swift lowers
 * them (a payload-free enum of fewer than 256 cases as one byte, an `Optional<String>` as two words, owned), the
 * metatype in the `self` register (`swift_context` in Clang, which is LLVM's `swiftself`), an owned object back. */
#ifndef TACTILE_SWIFT_INIT_H
#define TACTILE_SWIFT_INIT_H

#include <stdint.h>

typedef void *(*tactile_swift_init_u8_string)(uint8_t, uint64_t, uint64_t, void *__attribute__((swift_context)))
    __attribute__((swiftcall));
typedef void *(*tactile_swift_init_string)(uint64_t, uint64_t, void *__attribute__((swift_context)))
    __attribute__((swiftcall));

/** `metatype.init(<one-byte enum>, <String?>)` through `fn`; returns the new object, +1. */
static inline void *tactile_swift_call_init_u8_string(const void *fn, uint8_t a, uint64_t s0, uint64_t s1,
                                                      const void *metatype) {
    return ((tactile_swift_init_u8_string)fn)(a, s0, s1, (void *)metatype);
}

/** `metatype.init(<String?>)` through `fn`; returns the new object, +1. */
static inline void *tactile_swift_call_init_string(const void *fn, uint64_t s0, uint64_t s1, const void *metatype) {
    return ((tactile_swift_init_string)fn)(s0, s1, (void *)metatype);
}

#endif
