// SPDX-License-Identifier: MIT OR Apache-2.0
// bindery::version(): the library's version, compiled in from the generated
// bindery/version.h (cmake/version.h.in).
#include "bindery/version.h"

namespace bindery {

Version version() {
  return Version{BINDERY_VERSION_MAJOR, BINDERY_VERSION_MINOR, BINDERY_VERSION_PATCH,
                 BINDERY_VERSION_STRING};
}

}  // namespace bindery
