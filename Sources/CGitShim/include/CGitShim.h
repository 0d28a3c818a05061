#ifndef BUNDLEDIFF_CGITSHIM_H
#define BUNDLEDIFF_CGITSHIM_H

/// Non-variadic wrappers around libgit2's variadic `git_libgit2_opts`, which Swift
/// cannot call, and a repository without references. Only the `Git` module uses this
/// target.

#include <git2.h>

/// `git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path)`.
int bundlediff_git_set_search_path(int level, const char *path);

/// `git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled)`.
int bundlediff_git_set_strict_hash_verification(int enabled);

/// A repository over `odb` whose reference database is empty and refuses writes (a
/// custom `git_refdb_backend`): libgit2's pack builder lists every tag of its
/// repository to order the pack, which costs one file lookup per tag. Free with
/// `git_repository_free`.
int bundlediff_git_repository_without_references(git_repository **out, git_odb *odb);

#endif
