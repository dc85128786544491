# Runs `bindery compile` once in WORKDIR and checks the exit status, the whole
# output (stdout then stderr, with the fixture folder written <dir>) against
# EXPECT_FILE or a regex, and that each of EXPECT_SPV starts with the SPIR-V
# magic number.
#   -DCLI=path -DARGS=a;b -DEXPECT_RC=N -DWORKDIR=dir -DFIXTURES=dir
#   [-DEXPECT_FILE=file] [-DEXPECT_REGEX=re] [-DEXPECT_SPV=a.spv;b.spv]
file(REMOVE_RECURSE ${WORKDIR})
file(MAKE_DIRECTORY ${WORKDIR})
execute_process(COMMAND ${CLI} compile ${ARGS} WORKING_DIRECTORY ${WORKDIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
string(REPLACE "${FIXTURES}" "<dir>" all "${all}")
if(NOT "${rc}" STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_RC}\n${all}")
endif()
if(EXPECT_FILE)
  file(READ ${EXPECT_FILE} want)
  if(NOT all STREQUAL want)
    message(FATAL_ERROR "output differs from ${EXPECT_FILE}\n--- got:\n${all}--- want:\n${want}")
  endif()
endif()
if(EXPECT_REGEX AND NOT all MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "output does not match ${EXPECT_REGEX}\n${all}")
endif()
foreach(spv IN LISTS EXPECT_SPV)
  if(NOT EXISTS ${WORKDIR}/${spv})
    message(FATAL_ERROR "${spv} was not written\n${all}")
  endif()
  file(READ ${WORKDIR}/${spv} magic LIMIT 4 HEX)
  if(NOT magic STREQUAL "03022307")
    message(FATAL_ERROR "${spv} does not start with the SPIR-V magic number (${magic})")
  endif()
endforeach()
