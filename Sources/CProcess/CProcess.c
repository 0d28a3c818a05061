#include "CProcess.h"

#include <stdlib.h> /* defines __GLIBC__ under glibc */

#ifdef __GLIBC__
#include <malloc.h>
#endif

void bundlediff_tune_allocator(int mmap_threshold, int trim_threshold) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
#else
    (void)mmap_threshold;
    (void)trim_threshold;
#endif
}
