# Warnings and optional sanitizers for every target of the project.
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(-Wall -Wextra -Wpedantic -Wno-unused-parameter)
endif()
if(CF_SANITIZE)
  message(STATUS "Building with sanitizers: ${CF_SANITIZE}")
  add_compile_options(-fsanitize=${CF_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${CF_SANITIZE})
endif()
