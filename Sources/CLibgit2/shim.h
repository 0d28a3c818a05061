#include <git2.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
