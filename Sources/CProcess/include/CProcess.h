#ifndef BUNDLEDIFF_CPROCESS_H
#define BUNDLEDIFF_CPROCESS_H

#include <pthread.h>

/// Tunes glibc's allocator for a short process that builds large lists (see
/// `prepareProcess` in BundleDiffCLI): blocks up to `mmap_threshold` bytes come from the
/// heap, up to `trim_threshold` bytes freed at its top are kept, the heap grows by at least
/// `top_pad` bytes at a time, and the part it grows by now is advised for transparent huge
/// pages. Nothing elsewhere.
void bundlediff_tune_allocator(int mmap_threshold, int trim_threshold, int top_pad);

/// Advises the heap glibc gives the calling thread (when it is not the first thread's)
/// for transparent huge pages; for threads that build large lists. Call it first thing on
/// the thread, after `bundlediff_tune_allocator`. Nothing elsewhere.
void bundlediff_tune_thread_heap(void);

/// The process's environment (`environ`): `NAME=value` strings, then NULL.
char *const *bundlediff_environment(void);

/// Sets `attr` so that a thread created with it starts on a CPU other than the calling
/// thread's, when the process may run on another; 1 when it did, 0 when it left `attr` as
/// it was (one CPU, or not Linux). Left to itself, Linux may queue a new thread behind its
/// creator, on the creator's CPU, until the idle CPU's next balancing tick: 2 to 3 ms on a
/// 2-CPU machine measured, while the other CPU idled. The thread calls
/// `bundlediff_thread_run_anywhere` first thing.
int bundlediff_attr_start_elsewhere(pthread_attr_t *attr);

/// Lets the calling thread run on every CPU the process's first thread may run on (undoes
/// `bundlediff_attr_start_elsewhere` once the thread has started). Nothing elsewhere.
void bundlediff_thread_run_anywhere(void);

/// Faults in the executable's writable data (`.data` to the end of `.bss`) at once, each page
/// written: before a second thread runs, a page's first write needs no other CPU's TLB
/// flushed. Nothing where the kernel lacks MADV_POPULATE_WRITE (before Linux 5.14).
void bundlediff_prefault_data(void);

/// How many CPUs the calling thread may run on; -1 when unknown (not Linux).
int bundlediff_thread_cpu_count(void);

#endif
