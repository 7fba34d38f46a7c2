/* Internal helpers shared by the Swift implementation of tactile.h. Not installed; not public API. */
#ifndef TACTILE_INTERNAL_H
#define TACTILE_INTERNAL_H
#include "tactile.h"

/** Copies `message` into the calling thread's last-error buffer (truncated to 511 bytes). */
void tactile_internal_set_error(const char *message);

#endif
