#ifndef BUNDLEDIFF_CBUILDINFO_H
#define BUNDLEDIFF_CBUILDINFO_H

/// The commit bundlediff was built from, as scripts/package.sh passes it to the C compiler
/// (`-Xcc -DBUNDLEDIFF_COMMIT="..."`); an empty string for any other build. A C macro,
/// because Swift's `-D` cannot carry a value and product code never runs git.
const char *bundlediff_build_commit(void);

#endif
