#ifndef BUNDLEDIFF_CBUILDINFO_H
#define BUNDLEDIFF_CBUILDINFO_H

/// The commit bundlediff was built from, as scripts/package.sh writes it into the header
/// `bundlediff_commit.h` on the include path; an empty string for any other build. Product
/// code never runs git.
const char *bundlediff_build_commit(void);

#endif
