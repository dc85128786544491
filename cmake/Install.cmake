# SPDX-License-Identifier: MIT OR Apache-2.0
# Install rules and the packages other projects use bindery through
# (docs/GUIDE.md, "Installing and linking"). `cmake --install <build> --prefix P`:
#   P/include/bindery/**                    the public headers, version.h included
#   P/<libdir>/libbindery.so.<VERSION>      the shared library (SONAME below)
#   P/<libdir>/libbindery.a                 the static library
#   P/<libdir>/cmake/bindery/               find_package(bindery CONFIG): bindery::bindery
#   P/<libdir>/pkgconfig/bindery.pc         pkg-config
#   P/bin/bindery                           the CLI (when BINDERY_BUILD_EXAMPLES)
#   P/share/doc/bindery/                    README, guide, licenses
#
# Both libraries are linked from the object files that the in-tree static
# targets have already compiled (bindery and every static library of this
# project it links: bindery_wgsl, the backends, the SPIR-V writer), so the two
# variants cost two links and no compilation. External dependencies (fmt,
# SPIRV-Tools, ...) stay external: the shared library links them privately; the
# static library lists them for its users, and the package config finds them
# (find_dependency) when the static library is chosen; bindery.pc names them
# in Requires.private for `pkg-config --static`.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# bindery::version() and the generated bindery/version.h (top-level
# CMakeLists.txt), a public header.
target_sources(bindery PRIVATE ${PROJECT_SOURCE_DIR}/src/core/base/version.cpp)
target_include_directories(bindery PUBLIC $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>)

# _bindery_link_closure(TARGET OBJECTS_VAR DEPS_VAR): the object files of
# TARGET and of every static or object library of this project it links, and
# the external libraries (imported targets, plain names) they link.
function(_bindery_link_closure target objects_var deps_var)
  set(objects "")
  set(deps "")
  set(queue ${target})
  set(seen "")
  while(queue)
    list(POP_FRONT queue t)
    if(t IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${t})
    list(APPEND objects "$<TARGET_OBJECTS:${t}>")
    get_target_property(libs ${t} LINK_LIBRARIES)
    get_target_property(interface_libs ${t} INTERFACE_LINK_LIBRARIES)
    foreach(lib IN LISTS libs interface_libs)
      # "::@(directory)" markers: target_link_libraries called from another folder.
      if(NOT lib OR lib MATCHES "-NOTFOUND$" OR lib MATCHES "^::@")
        continue()
      endif()
      if(lib MATCHES "^\\$<LINK_ONLY:(.+)>$")  # a static library's private dependency
        set(lib "${CMAKE_MATCH_1}")
      endif()
      if(lib MATCHES "^\\$<")  # another generator expression: a build-tree setting
        continue()
      endif()
      if(NOT TARGET ${lib})
        list(APPEND deps ${lib})  # a plain library name (dl, pthread)
        continue()
      endif()
      get_target_property(imported ${lib} IMPORTED)
      get_target_property(type ${lib} TYPE)
      if(imported)
        get_target_property(links ${lib} INTERFACE_LINK_LIBRARIES)
        get_target_property(location ${lib} IMPORTED_LOCATION)
        if(type STREQUAL "INTERFACE_LIBRARY" AND NOT links)
          continue()  # header-only (fmt with BINDERY_FMT_HEADER_ONLY): compiled in
        endif()
        list(APPEND deps ${lib})
      elseif(type MATCHES "^(STATIC|OBJECT)_LIBRARY$")
        list(APPEND queue ${lib})
      elseif(NOT type STREQUAL "INTERFACE_LIBRARY")  # bindery_warnings: options only
        message(FATAL_ERROR "cmake/Install.cmake: ${t} links ${lib}, a ${type} of this "
                            "project; only static and object libraries can be folded into "
                            "the installed libbindery.")
      endif()
    endforeach()
  endwhile()
  list(REMOVE_DUPLICATES deps)
  set(${objects_var} "${objects}" PARENT_SCOPE)
  set(${deps_var} "${deps}" PARENT_SCOPE)
endfunction()

_bindery_link_closure(bindery _bindery_objects _bindery_deps)

# What each external dependency means to the package config (find_dependency)
# and to pkg-config (Requires.private / Libs.private). A new dependency gets a
# line here (configuring warns until it has one).
set(_bindery_find_dependencies "")
set(_bindery_pc_requires "")
set(_bindery_pc_libs "")
# The Vulkan backend opens the loader at run time (src/backends/vulkan/
# functions.h): it is built in when BINDERY_VULKAN is ON, and adds only dl.
if(BINDERY_VULKAN)
  set(BINDERY_HAS_VULKAN ON)
else()
  set(BINDERY_HAS_VULKAN OFF)
endif()
foreach(dep IN LISTS _bindery_deps)
  if(dep MATCHES "^fmt::")
    list(APPEND _bindery_find_dependencies "fmt")
    list(APPEND _bindery_pc_requires "fmt")
  elseif(dep MATCHES "^SPIRV-Tools")
    list(APPEND _bindery_find_dependencies "SPIRV-Tools")
    list(APPEND _bindery_pc_requires "SPIRV-Tools")
  elseif(dep MATCHES "^nlohmann_json::")
    list(APPEND _bindery_find_dependencies "nlohmann_json")
    list(APPEND _bindery_pc_requires "nlohmann_json")
  elseif(dep STREQUAL "Threads::Threads")
    list(APPEND _bindery_find_dependencies "Threads")
    list(APPEND _bindery_pc_libs "-pthread")
  elseif(dep MATCHES "^(dl|m|pthread|rt)$")
    list(APPEND _bindery_pc_libs "-l${dep}")
  elseif(NOT TARGET ${dep})
    list(APPEND _bindery_pc_libs "-l${dep}")
  else()
    # Warn rather than fail, so a new dependency never blocks a build; the
    # static package is incomplete until the table says how to find it.
    message(WARNING "cmake/Install.cmake: bindery links ${dep}; say how users of the static "
                    "library find it (find_dependency and pkg-config) in the table there.")
  endif()
endforeach()
list(REMOVE_DUPLICATES _bindery_find_dependencies)
list(REMOVE_DUPLICATES _bindery_pc_requires)

# SONAME: libbindery.so.0.<minor> before 1.0 (every minor may change the ABI),
# libbindery.so.<major> after.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(BINDERY_SOVERSION "0.${PROJECT_VERSION_MINOR}")
else()
  set(BINDERY_SOVERSION "${PROJECT_VERSION_MAJOR}")
endif()

foreach(kind shared static)
  string(TOUPPER ${kind} type)
  add_library(bindery_${kind} ${type} ${_bindery_objects})
  set_target_properties(bindery_${kind} PROPERTIES
    OUTPUT_NAME bindery
    EXPORT_NAME bindery_${kind}
    LINKER_LANGUAGE CXX
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
    ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
  target_link_libraries(bindery_${kind} PRIVATE ${_bindery_deps})
  target_include_directories(bindery_${kind} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(bindery_${kind} INTERFACE cxx_std_20)
endforeach()
# A sanitizer build is not one to install: its build skips the two links.
if(BINDERY_SANITIZE)
  set_target_properties(bindery_shared bindery_static PROPERTIES EXCLUDE_FROM_ALL ON)
endif()
set_target_properties(bindery_shared PROPERTIES
  VERSION ${PROJECT_VERSION}
  SOVERSION ${BINDERY_SOVERSION})
# Every symbol the library needs is resolved when it is linked, not by its users.
target_link_options(bindery_shared PRIVATE LINKER:--no-undefined)

install(TARGETS bindery_shared EXPORT bindery-shared-targets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT bindery)
install(TARGETS bindery_static EXPORT bindery-static-targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT bindery)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/bindery
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT bindery
  FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_BINARY_DIR}/include/bindery/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/bindery COMPONENT bindery)
if(TARGET bindery_cli)
  install(TARGETS bindery_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT bindery)
endif()
install(FILES
  ${PROJECT_SOURCE_DIR}/README.md
  ${PROJECT_SOURCE_DIR}/LICENSE
  ${PROJECT_SOURCE_DIR}/LICENSE-MIT
  ${PROJECT_SOURCE_DIR}/LICENSE-APACHE
  DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT bindery)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/
  DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT bindery
  FILES_MATCHING PATTERN "*.md")

# The CMake package.
set(_bindery_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/bindery)
install(EXPORT bindery-shared-targets NAMESPACE bindery::
  DESTINATION ${_bindery_cmake_dir} COMPONENT bindery)
install(EXPORT bindery-static-targets NAMESPACE bindery::
  DESTINATION ${_bindery_cmake_dir} COMPONENT bindery)
set(BINDERY_FIND_DEPENDENCIES "")
foreach(dep IN LISTS _bindery_find_dependencies)
  string(APPEND BINDERY_FIND_DEPENDENCIES "  find_dependency(${dep})\n")
endforeach()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/bindery-config.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/bindery-config.cmake
  INSTALL_DESTINATION ${_bindery_cmake_dir})
# 0.x: a minor version may break the API, so only the same minor is compatible.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_bindery_compatibility SameMinorVersion)
else()
  set(_bindery_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/bindery-config-version.cmake
  COMPATIBILITY ${_bindery_compatibility})
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/bindery-config.cmake
  ${PROJECT_BINARY_DIR}/cmake/bindery-config-version.cmake
  DESTINATION ${_bindery_cmake_dir} COMPONENT bindery)

# pkg-config: relocatable (paths from ${pcfiledir}), so `--prefix` at install
# time needs no reconfiguration.
set(_bindery_pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  message(FATAL_ERROR "cmake/Install.cmake: bindery.pc wants CMAKE_INSTALL_LIBDIR and "
                      "CMAKE_INSTALL_INCLUDEDIR relative to the prefix.")
endif()
file(RELATIVE_PATH BINDERY_PC_PREFIX /root/${_bindery_pc_dir} /root)
string(REGEX REPLACE "/$" "" BINDERY_PC_PREFIX "${BINDERY_PC_PREFIX}")
list(JOIN _bindery_pc_requires " " BINDERY_PC_REQUIRES_PRIVATE)
list(JOIN _bindery_pc_libs " " BINDERY_PC_LIBS_PRIVATE)
configure_file(${PROJECT_SOURCE_DIR}/cmake/bindery.pc.in ${PROJECT_BINARY_DIR}/bindery.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/bindery.pc DESTINATION ${_bindery_pc_dir} COMPONENT bindery)
