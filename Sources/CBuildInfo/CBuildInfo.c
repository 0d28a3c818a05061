#include "CBuildInfo.h"

/* scripts/package.sh writes this header (one #define) and puts its folder on the include
   path; every other build goes without it. */
#if __has_include("bundlediff_commit.h")
#include "bundlediff_commit.h"
#endif

#ifndef BUNDLEDIFF_COMMIT
#define BUNDLEDIFF_COMMIT ""
#endif

const char *bundlediff_build_commit(void) {
    return BUNDLEDIFF_COMMIT;
}
