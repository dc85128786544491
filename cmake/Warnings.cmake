# bindery_warnings: an interface target every project target links, so the
# warning set lives in one place.
add_library(bindery_warnings INTERFACE)
target_compile_options(bindery_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough -Wswitch -Wmissing-declarations
  # Descriptors are built with designated initialisers that leave defaulted
  # members out on purpose; GCC 12 would warn on every one.
  -Wno-missing-field-initializers
  $<$<BOOL:${BINDERY_WERROR}>:-Werror>)
