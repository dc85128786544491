# With BINDERY_SANITIZE every target is built and linked with ASan + UBSan;
# UBSan findings abort so a test cannot pass over undefined behaviour.
if(BINDERY_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
