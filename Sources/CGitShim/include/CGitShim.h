#ifndef BUNDLEDIFF_CGITSHIM_H
#define BUNDLEDIFF_CGITSHIM_H

/// Non-variadic wrappers around libgit2's variadic `git_libgit2_opts`, which Swift
/// cannot call, a repository without references, and libgit2's set-up with the CA
/// bundle's parsing deferred. Only the `Git` module uses this target.

#include <git2.h>

/// `git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path)`.
int bundlediff_git_set_search_path(int level, const char *path);

/// `git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled)`.
int bundlediff_git_set_strict_hash_verification(int enabled);

/// `git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, enabled)`: whether each tree
/// entry, commit and tag libgit2 creates has the objects it names looked up first.
int bundlediff_git_set_strict_object_creation(int enabled);

/// A repository over `odb` whose reference database is empty and refuses writes (a
/// custom `git_refdb_backend`): libgit2's pack builder lists every tag of its
/// repository to order the pack, which costs one file lookup per tag. Free with
/// `git_repository_free`.
int bundlediff_git_repository_without_references(git_repository **out, git_odb *odb);

/// `git_libgit2_init()`, with the parsing of the default CA bundle deferred to
/// `bundlediff_git_load_certificates` (a libgit2 built with mbedTLS; see
/// DeferredCertificates.c).
int bundlediff_git_init(void);

/// Parses the CA bundle whose parsing `bundlediff_git_init` deferred into the chain
/// libgit2 installed; 0 when done or when nothing was deferred, else mbedTLS's error. Call
/// before contacting any remote.
int bundlediff_git_load_certificates(void);

/// 1 when `bundlediff_git_init` deferred a CA bundle (for tests).
int bundlediff_git_certificates_deferred(void);

/// What parsing the deferred CA bundle returned (mbedTLS: 0 or more when it parsed, the
/// count of certificates it skipped); `INT_MIN` until it was parsed (for tests).
int bundlediff_git_certificates_loaded(void);

/// 1 when the process has mbedTLS loaded (libgit2 built with it; for tests).
int bundlediff_git_uses_mbedtls(void);

/// How many GSSAPI mechanisms the library loaded on first use reports (LazyGSSAPI.c), or -1
/// when it cannot be loaded (for tests).
int bundlediff_gssapi_mechanism_count(void);

/// 1 once libgssapi_krb5 has been loaded on first use (for tests).
int bundlediff_gssapi_loaded(void);

#endif
