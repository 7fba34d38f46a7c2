// CTactileCoreSupport is header-only (include/tactile_core_support.h); SwiftPM needs one source file.
#include "tactile_core_support.h"
