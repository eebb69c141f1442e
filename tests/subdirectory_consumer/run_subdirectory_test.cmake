# cmake -DSOURCE_DIR=... -DWORK_DIR=... -P run_subdirectory_test.cmake
# Configures tests/subdirectory_consumer, which adds HPGraph's source with add_subdirectory, and
# compiles its one source file (the object alone: the library itself is not built).
file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${CMAKE_CURRENT_LIST_DIR}" -B "${WORK_DIR}" -G Ninja -DCMAKE_BUILD_TYPE=Release
                        "-DHPGRAPH_SOURCE_DIR=${SOURCE_DIR}" RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "configuring the add_subdirectory consumer failed (${rc})")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}" --target CMakeFiles/subdirectory_consumer.dir/consumer.cpp.o
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "compiling a file of the add_subdirectory consumer failed (${rc}): does hpgraph carry C++20 to it?")
endif()
