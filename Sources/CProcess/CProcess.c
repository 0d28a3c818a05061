#define _GNU_SOURCE
#include "CProcess.h"

#include <stdint.h>
#include <stdlib.h> /* defines __GLIBC__ under glibc */

#ifdef __GLIBC__
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

void bundlediff_tune_allocator(int mmap_threshold, int trim_threshold, int top_pad) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
    mallopt(M_TOP_PAD, top_pad);
#ifdef MADV_HUGEPAGE
    /* Grow the heap once now (by the block and `top_pad`), then ask for transparent huge
       pages over the grown part: a 2 MiB page faults in once where 512 small ones each
       fault. Freeing the block keeps `top_pad` bytes at the top. Where the kernel has
       transparent huge pages off, or the break cannot move, nothing changes. */
    uintptr_t start = (uintptr_t)sbrk(0);
    void *volatile block = malloc(1 << 20); /* volatile: the pair is not elided */
    uintptr_t end = (uintptr_t)sbrk(0);
    free(block);
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t from = (start + huge - 1) & ~(huge - 1);
    if (start != (uintptr_t)-1 && end != (uintptr_t)-1 && end > from) {
        (void)madvise((void *)from, end - from, MADV_HUGEPAGE);
    }
#endif
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    (void)top_pad;
#endif
}
