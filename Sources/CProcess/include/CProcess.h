#ifndef BUNDLEDIFF_CPROCESS_H
#define BUNDLEDIFF_CPROCESS_H

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

#endif
