#define _GNU_SOURCE
#include "CProcess.h"

#include <stdint.h>
#include <stdlib.h> /* defines __GLIBC__ under glibc */

#include <unistd.h>

/* Declared here too: Darwin's headers do not declare it. */
extern char **environ;

#ifdef __GLIBC__
#include <malloc.h>
#include <sys/mman.h>
#endif

#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
static const uintptr_t huge_page = (uintptr_t)2 << 20;
/* glibc's heaps for threads other than the first: regions of this size, aligned to it
   (HEAP_MAX_SIZE, twice the largest mmap threshold on 64-bit systems). */
static const uintptr_t thread_heap = (uintptr_t)64 << 20;
/* Set once the first thread's heap is tuned. */
static int tuned;

/* When the calling thread's heap would place its next block of 64 KiB (a size no
   per-thread cache holds) below `boundary`, but within 4 MiB of it, a block that is never
   freed (and never touched past its two headers) takes the stretch up to it: what the
   thread allocates next starts on a huge page instead of in small pages. */
static void skip_to(uintptr_t boundary) {
    void *probe = malloc(65536);
    uintptr_t at = (uintptr_t)probe;
    free(probe);
    if (at == 0 || at >= boundary || boundary - at <= 65536 || boundary - at > 2 * huge_page) return;
    void *volatile filler = malloc(boundary - at - 4096); /* volatile: not elided */
    (void)filler;
}
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
    uintptr_t from = (start + huge_page - 1) & ~(huge_page - 1);
    if (start != (uintptr_t)-1 && end != (uintptr_t)-1 && end > from) {
        (void)madvise((void *)from, end - from, MADV_HUGEPAGE);
        tuned = 1;
        skip_to(from);
    }
#endif
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    (void)top_pad;
#endif
}

void bundlediff_tune_thread_heap(void) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    /* A thread's blocks come from the heap glibc gives that thread. When that is not the
       first thread's heap, it is a region of `thread_heap` bytes aligned to its size,
       reserved whole and made usable as it grows: advising all of it lets each 2 MiB the
       thread's work touches fault in once. Its first 2 MiB, where glibc keeps the heap's
       header, are skipped when the heap is new; a heap a thread that ended left behind is
       only advised again. Every block of the first thread's heap lies below the break,
       and the mappings that hold the other heaps above it (where they do not, nothing is
       advised). */
    if (!tuned) return;
    void *probe = malloc(16);
    uintptr_t at = (uintptr_t)probe;
    free(probe);
    if (at == 0 || at < (uintptr_t)sbrk(0)) return;
    uintptr_t heap = at & ~(thread_heap - 1);
    (void)madvise((void *)heap, thread_heap, MADV_HUGEPAGE);
    if (at - heap < huge_page) skip_to(heap + huge_page);
#endif
}

char *const *bundlediff_environment(void) {
    return environ;
}

#ifdef __linux__
#include <sched.h>

int bundlediff_attr_start_elsewhere(pthread_attr_t *attr) {
    cpu_set_t allowed, others;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    int here = sched_getcpu();
    CPU_ZERO(&others);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (cpu != here && CPU_ISSET(cpu, &allowed)) CPU_SET(cpu, &others);
    }
    if (here < 0 || CPU_COUNT(&others) == 0) return 0;
    return pthread_attr_setaffinity_np(attr, sizeof others, &others) == 0;
}

void bundlediff_thread_run_anywhere(void) {
    cpu_set_t allowed;
    /* The first thread's set (its id is the process's): never narrowed by this file. */
    if (sched_getaffinity(getpid(), sizeof allowed, &allowed) == 0) {
        (void)sched_setaffinity(0, sizeof allowed, &allowed);
    }
}

#if defined(__GLIBC__) && defined(MADV_POPULATE_WRITE)
/* glibc's start files define __data_start (the first byte of .data); the linker, _end. */
extern char __data_start[], _end[];
#endif

void bundlediff_prefault_data(void) {
#if defined(__GLIBC__) && defined(MADV_POPULATE_WRITE)
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t from = (uintptr_t)__data_start & ~(page - 1);
    uintptr_t to = ((uintptr_t)_end + page - 1) & ~(page - 1);
    if (to > from) (void)madvise((void *)from, to - from, MADV_POPULATE_WRITE);
#endif
}

int bundlediff_thread_cpu_count(void) {
    cpu_set_t allowed;
    return sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : -1;
}
#else
int bundlediff_attr_start_elsewhere(pthread_attr_t *attr) {
    (void)attr;
    return 0;
}

void bundlediff_thread_run_anywhere(void) {}

void bundlediff_prefault_data(void) {}

int bundlediff_thread_cpu_count(void) {
    return -1;
}
#endif
