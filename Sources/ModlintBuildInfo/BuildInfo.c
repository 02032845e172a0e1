#include "ModlintBuildInfo.h"

#ifndef MODLINT_BUILD_COMMIT
#define MODLINT_BUILD_COMMIT ""
#endif

const char *modlint_build_commit(void) {
    return MODLINT_BUILD_COMMIT;
}
