#include "CBuildInfo.h"

#ifndef BUNDLEDIFF_COMMIT
#define BUNDLEDIFF_COMMIT ""
#endif

const char *bundlediff_build_commit(void) {
    return BUNDLEDIFF_COMMIT;
}
