#include "ModlintBuildInfo.h"

// `make dist` writes this header into its build folder and puts that folder on the include
// path, so that a new commit recompiles this file alone (a `-D` flag would change every
// module's compiler arguments and rebuild everything). The Homebrew formula defines the
// macro directly.
#if __has_include("modlint_build_commit.h")
#include "modlint_build_commit.h"
#endif

#ifndef MODLINT_BUILD_COMMIT
#define MODLINT_BUILD_COMMIT ""
#endif

const char *modlint_build_commit(void) {
    return MODLINT_BUILD_COMMIT;
}
