#ifndef BUNDLEDIFF_CPROCESS_H
#define BUNDLEDIFF_CPROCESS_H

/// Tunes glibc's allocator for a short process that builds large lists (see
/// `prepareProcess` in BundleDiffCLI): blocks up to `mmap_threshold` bytes come from the
/// heap, and up to `trim_threshold` bytes freed at its top are kept. Nothing elsewhere.
void bundlediff_tune_allocator(int mmap_threshold, int trim_threshold);

#endif
