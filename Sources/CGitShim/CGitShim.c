#include "CGitShim.h"
#include <git2.h>

int bundlediff_git_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}
