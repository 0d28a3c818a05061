#include "CGitShim.h"
#include <git2.h>
#include <git2/sys/refdb_backend.h>
#include <git2/sys/refs.h>
#include <git2/sys/repository.h>
#include <stdlib.h>

int bundlediff_git_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

int bundlediff_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

int bundlediff_git_set_strict_object_creation(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, enabled);
}

/* A reference database that holds no references and refuses every write. */

static int none_next(git_reference **ref, git_reference_iterator *iter) {
    (void)ref; (void)iter;
    return GIT_ITEROVER;
}

static int none_next_name(const char **name, git_reference_iterator *iter) {
    (void)name; (void)iter;
    return GIT_ITEROVER;
}

static void none_iterator_free(git_reference_iterator *iter) { free(iter); }

static int none_iterator(git_reference_iterator **out, git_refdb_backend *backend, const char *glob) {
    (void)backend; (void)glob;
    git_reference_iterator *iter = calloc(1, sizeof(*iter));
    if (!iter) return -1;
    iter->next = none_next;
    iter->next_name = none_next_name;
    iter->free = none_iterator_free;
    *out = iter;
    return 0;
}

static int none_exists(int *exists, git_refdb_backend *backend, const char *name) {
    (void)backend; (void)name;
    *exists = 0;
    return 0;
}

static int none_lookup(git_reference **out, git_refdb_backend *backend, const char *name) {
    (void)out; (void)backend; (void)name;
    return GIT_ENOTFOUND;
}

static int none_write(git_refdb_backend *backend, const git_reference *ref, int force, const git_signature *who,
                      const char *message, const git_oid *old, const char *old_target) {
    (void)backend; (void)ref; (void)force; (void)who; (void)message; (void)old; (void)old_target;
    return GIT_ERROR;
}

static int none_rename(git_reference **out, git_refdb_backend *backend, const char *old_name, const char *new_name,
                       int force, const git_signature *who, const char *message) {
    (void)out; (void)backend; (void)old_name; (void)new_name; (void)force; (void)who; (void)message;
    return GIT_ERROR;
}

static int none_del(git_refdb_backend *backend, const char *name, const git_oid *old_id, const char *old_target) {
    (void)backend; (void)name; (void)old_id; (void)old_target;
    return GIT_ENOTFOUND;
}

static int none_has_log(git_refdb_backend *backend, const char *name) {
    (void)backend; (void)name;
    return 0;
}

static int none_ensure_log(git_refdb_backend *backend, const char *name) {
    (void)backend; (void)name;
    return GIT_ERROR;
}

static int none_reflog_read(git_reflog **out, git_refdb_backend *backend, const char *name) {
    (void)out; (void)backend; (void)name;
    return GIT_ENOTFOUND;
}

static int none_reflog_write(git_refdb_backend *backend, git_reflog *reflog) {
    (void)backend; (void)reflog;
    return GIT_ERROR;
}

static int none_reflog_rename(git_refdb_backend *backend, const char *old_name, const char *new_name) {
    (void)backend; (void)old_name; (void)new_name;
    return GIT_ERROR;
}

static int none_reflog_delete(git_refdb_backend *backend, const char *name) {
    (void)backend; (void)name;
    return GIT_ENOTFOUND;
}

static void none_free(git_refdb_backend *backend) { free(backend); }

int bundlediff_git_repository_without_references(git_repository **out, git_odb *odb) {
    git_repository *repo = NULL;
    git_refdb *refdb = NULL;
    git_refdb_backend *backend = NULL;
    int error;
    *out = NULL;
    if ((error = git_repository_new(&repo)) < 0) return error;
    if ((error = git_repository_set_odb(repo, odb)) < 0) goto fail;
    if ((error = git_refdb_new(&refdb, repo)) < 0) goto fail;
    backend = calloc(1, sizeof(*backend));
    if (!backend) { error = -1; goto fail; }
    if ((error = git_refdb_init_backend(backend, GIT_REFDB_BACKEND_VERSION)) < 0) goto fail;
    backend->exists = none_exists;
    backend->lookup = none_lookup;
    backend->iterator = none_iterator;
    backend->write = none_write;
    backend->rename = none_rename;
    backend->del = none_del;
    backend->has_log = none_has_log;
    backend->ensure_log = none_ensure_log;
    backend->free = none_free;
    backend->reflog_read = none_reflog_read;
    backend->reflog_write = none_reflog_write;
    backend->reflog_rename = none_reflog_rename;
    backend->reflog_delete = none_reflog_delete;
    if ((error = git_refdb_set_backend(refdb, backend)) < 0) goto fail;
    backend = NULL; /* the refdb owns it now */
    if ((error = git_repository_set_refdb(repo, refdb)) < 0) goto fail;
    git_refdb_free(refdb); /* the repository holds its own reference */
    *out = repo;
    return 0;
fail:
    free(backend);
    git_refdb_free(refdb);
    git_repository_free(repo);
    return error;
}
