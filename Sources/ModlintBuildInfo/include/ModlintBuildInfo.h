#ifndef MODLINT_BUILD_INFO_H
#define MODLINT_BUILD_INFO_H

/// The commit a release build was made from (`make dist` defines it, see BuildInfo.c);
/// an empty string in any other build.
/// A C string because Swift's conditional compilation cannot carry a value.
const char *modlint_build_commit(void);

#endif
