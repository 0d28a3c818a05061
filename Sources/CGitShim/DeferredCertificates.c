/*
 * libgit2 1.5 built with mbedTLS (as Debian's is) parses the system's CA bundle inside
 * git_libgit2_init, whatever the command: mbedTLS's constant-time base64 decoder takes
 * 5-8 ms of CPU over the 214 KB bundle, and a command that only reads a local history
 * waited for it before its first read.
 *
 * So libgit2's call to mbedtls_x509_crt_parse_file reaches deferring_parse_file first:
 *   - linked against the shared libgit2 (development builds, the tests), through the
 *     executable's own (weak) mbedtls_x509_crt_parse_file, which the dynamic linker binds
 *     libgit2's call to; mbedTLS's is then found with dlsym(RTLD_NEXT);
 *   - linked against the static libraries (scripts/package.sh, the installed binary),
 *     through the linker's --wrap=mbedtls_x509_crt_parse_file, which sends libgit2's call to
 *     __wrap_mbedtls_x509_crt_parse_file and names mbedTLS's __real_mbedtls_x509_crt_parse_file.
 *     Without that flag, mbedTLS's strong definition wins over the weak one here, and
 *     nothing is deferred.
 * deferring_parse_file forwards every call to mbedTLS but one: the call made while
 * bundlediff_git_init runs git_libgit2_init, which loads the default bundle. That call only
 * notes the chain libgit2 handed over, which libgit2 then installs as its (for now empty)
 * CA chain; the bundle is parsed into that same chain by bundlediff_git_load_certificates,
 * which runs before any remote is contacted. Forgetting it fails closed: with an empty
 * chain, every HTTPS certificate is refused.
 *
 * A libgit2 built with OpenSSL never calls this function; then nothing is deferred.
 */
#include "CGitShim.h"
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct mbedtls_x509_crt;
typedef int (*parse_file_function)(struct mbedtls_x509_crt *chain, const char *path);

static pthread_mutex_t deferred_lock = PTHREAD_MUTEX_INITIALIZER;
/* Set only while bundlediff_git_init runs git_libgit2_init. */
static int deferring;
static int deferred_any;
static struct mbedtls_x509_crt *deferred_chain;
static char *deferred_path;
/* What parsing the deferred bundle returned; INT_MIN until it was parsed. */
static int load_result = INT_MIN;

/* mbedTLS's own, when the static libraries are linked with --wrap (else a null weak reference). */
extern int __real_mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain, const char *path) __attribute__((weak));

static parse_file_function mbedtls_parse_file(void) {
    if (__real_mbedtls_x509_crt_parse_file != NULL) return __real_mbedtls_x509_crt_parse_file;
    return (parse_file_function)dlsym(RTLD_NEXT, "mbedtls_x509_crt_parse_file");
}

static int deferring_parse_file(struct mbedtls_x509_crt *chain, const char *path) {
    pthread_mutex_lock(&deferred_lock);
    if (deferring && deferred_chain == NULL && chain != NULL && path != NULL) {
        char *copy = strdup(path);
        if (copy != NULL) {
            deferred_chain = chain;
            deferred_path = copy;
            deferred_any = 1;
            pthread_mutex_unlock(&deferred_lock);
            return 0;
        }
    }
    parse_file_function parse = mbedtls_parse_file();
    int result = parse != NULL ? parse(chain, path) : -1;
    if (result == 0 && deferred_chain != NULL && chain != deferred_chain) {
        /* libgit2 is replacing its CA chain (a new certificate location) and frees the
           one it installed at start-up: never parse into it. */
        free(deferred_path);
        deferred_chain = NULL;
        deferred_path = NULL;
    }
    pthread_mutex_unlock(&deferred_lock);
    return result;
}

__attribute__((weak)) int mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain, const char *path) {
    return deferring_parse_file(chain, path);
}

int __wrap_mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain, const char *path) {
    return deferring_parse_file(chain, path);
}

int bundlediff_git_init(void) {
    pthread_mutex_lock(&deferred_lock);
    deferring = 1;
    pthread_mutex_unlock(&deferred_lock);
    int result = git_libgit2_init();
    pthread_mutex_lock(&deferred_lock);
    deferring = 0;
    pthread_mutex_unlock(&deferred_lock);
    return result;
}

int bundlediff_git_load_certificates(void) {
    pthread_mutex_lock(&deferred_lock);
    int result = 0;
    if (deferred_chain != NULL) {
        parse_file_function parse = mbedtls_parse_file();
        result = parse != NULL ? parse(deferred_chain, deferred_path) : -1;
        load_result = result;
        free(deferred_path);
        deferred_chain = NULL;
        deferred_path = NULL;
    }
    pthread_mutex_unlock(&deferred_lock);
    return result;
}

int bundlediff_git_certificates_deferred(void) {
    pthread_mutex_lock(&deferred_lock);
    int result = deferred_any;
    pthread_mutex_unlock(&deferred_lock);
    return result;
}

int bundlediff_git_certificates_loaded(void) {
    pthread_mutex_lock(&deferred_lock);
    int result = load_result;
    pthread_mutex_unlock(&deferred_lock);
    return result;
}

int bundlediff_git_uses_mbedtls(void) {
    return dlsym(RTLD_DEFAULT, "mbedtls_ssl_init") != NULL;
}
