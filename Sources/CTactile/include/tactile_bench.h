/* tactile_bench.h — the references Tactile's own benchmarks measure against, exported by libtactile.so but
 * not part of its API: this header is not installed (CMake installs tactile.h only). Benchmarks/ and the
 * C API tests include it. */
#ifndef TACTILE_BENCH_H
#define TACTILE_BENCH_H

#include "tactile.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An empty exported call: measures the cost of crossing the C boundary. Any thread. */
void tactile_noop(void);

/** A serial DispatchQueue used as the reference consumer (`DispatchQueue.async` of one closure per
 *  event), so benchmarks compare the queue against Dispatch in the same process. */
typedef struct tactile_ref_dispatch tactile_ref_dispatch;
typedef void (*tactile_ref_fn)(void *context);
/** Creates a serial queue. Returns NULL on failure. Any thread. */
tactile_ref_dispatch *tactile_ref_dispatch_create(void);
/** `queue.async { fn(context) }`. Any thread. */
void tactile_ref_dispatch_async(tactile_ref_dispatch *queue, tactile_ref_fn fn, void *context);
/** Waits for every submitted closure, then frees the queue. Any thread. */
void tactile_ref_dispatch_destroy(tactile_ref_dispatch *queue);

#ifdef __cplusplus
}
#endif

#endif /* TACTILE_BENCH_H */
