#ifndef BUNDLEDIFF_CGITSHIM_H
#define BUNDLEDIFF_CGITSHIM_H

/// Non-variadic wrappers around libgit2's variadic `git_libgit2_opts`, which Swift
/// cannot call. Only the `Git` module uses this target.

/// `git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path)`.
int bundlediff_git_set_search_path(int level, const char *path);

#endif
