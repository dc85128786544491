# bindery_warnings: an interface target every project target links, so the
# warning set lives in one place.
add_library(bindery_warnings INTERFACE)
target_compile_options(bindery_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough -Wswitch -Wmissing-declarations
  # Descriptors are built with designated initialisers that leave defaulted
  # members out on purpose; GCC 12 would warn on every one.
  -Wno-missing-field-initializers
  # GCC 12 at -O3 (scripts/bench's Release build) reports a false -Wrestrict
  # inside libstdc++ for "literal" + std::string (GCC bug 105651).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>
  $<$<BOOL:${BINDERY_WERROR}>:-Werror>)
