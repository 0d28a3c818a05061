/*
 * libgit2 1.5 (Debian's) uses GSSAPI for HTTP "Negotiate" (Kerberos) authentication only,
 * through eight functions and one constant. Linked as a shared library, libgssapi_krb5
 * and the five Kerberos libraries it needs were mapped and relocated at the start of every
 * command (about 0.4 ms, a tenth of `bundlediff --version`), and a machine without them
 * could not start the binary at all.
 *
 * So the installed binary (scripts/package.sh) no longer links it: libgit2's calls reach
 * the definitions below, which load libgssapi_krb5.so.2 on first use (dlopen) and forward
 * every call to the library's own function. Where the library is missing, every call fails
 * with GSS_S_UNAVAILABLE: a fetch or push to a server that asks for "Negotiate" fails with
 * libgit2's message, as for any client without Kerberos; nothing else changes. In builds
 * against the shared libgit2 (development, the tests) the library is loaded with libgit2,
 * and the forwarding reaches the same functions.
 *
 * GSS_C_NT_HOSTBASED_SERVICE is the name type libgit2 passes to gss_import_name: RFC 2744
 * fixes its value (the OID 1.2.840.113554.1.2.1.4), and GSSAPI compares name types by
 * value, so it is defined here rather than read from the library.
 */
#include "CGitShim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t gss_status;

/* RFC 2744's routine error for a mechanism (here: a library) that is not available. */
#define GSS_UNAVAILABLE ((gss_status)16 << 16)

struct gss_oid_value {
    gss_status length;
    void *elements;
};

static struct gss_oid_value hostbased_service = {10, (void *)"\x2a\x86\x48\x86\xf7\x12\x01\x02\x01\x04"};
void *GSS_C_NT_HOSTBASED_SERVICE = &hostbased_service;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *library;

static void load(void) { library = dlopen("libgssapi_krb5.so.2", RTLD_NOW | RTLD_LOCAL); }

/* The library's own `name`, or NULL when it cannot be loaded. */
static void *real(const char *name) {
    pthread_once(&load_once, load);
    return library ? dlsym(library, name) : NULL;
}

int bundlediff_gssapi_loaded(void) { return library != NULL; }

/* Each function: the library's, called with the same arguments; GSS_S_UNAVAILABLE (minor
   status 0) without it. Pointer arguments are passed as `void *`, which the ABI passes as
   the library's typed pointers. */
#define FORWARD(name, params, args)                                   \
    gss_status name params {                                          \
        typedef gss_status (*function) params;                        \
        function f = (function)real(#name);                           \
        if (f) return f args;                                         \
        if (minor) *minor = 0;                                        \
        return GSS_UNAVAILABLE;                                       \
    }

FORWARD(gss_init_sec_context,
        (gss_status *minor, void *credential, void *context, void *target, void *mechanism, gss_status flags,
         gss_status time, void *bindings, void *input, void *actual_mechanism, void *output, gss_status *returned_flags,
         gss_status *time_left),
        (minor, credential, context, target, mechanism, flags, time, bindings, input, actual_mechanism, output,
         returned_flags, time_left))
FORWARD(gss_delete_sec_context, (gss_status *minor, void *context, void *output), (minor, context, output))
FORWARD(gss_display_status,
        (gss_status *minor, gss_status status, int type, void *mechanism, gss_status *message_context, void *text),
        (minor, status, type, mechanism, message_context, text))
FORWARD(gss_import_name, (gss_status *minor, void *name, void *type, void *output), (minor, name, type, output))
FORWARD(gss_indicate_mechs, (gss_status *minor, void *mechanisms), (minor, mechanisms))
FORWARD(gss_release_buffer, (gss_status *minor, void *buffer), (minor, buffer))
FORWARD(gss_release_name, (gss_status *minor, void *name), (minor, name))
FORWARD(gss_release_oid_set, (gss_status *minor, void *set), (minor, set))

int bundlediff_gssapi_mechanism_count(void) {
    struct {
        size_t count;
        void *elements;
    } *set = NULL;
    gss_status minor = 0;
    if (gss_indicate_mechs(&minor, &set) != 0 || set == NULL) return -1;
    int count = (int)set->count;
    gss_release_oid_set(&minor, &set);
    return count;
}
