# hostmark(1) and the bash and zsh completions, written at build time by hostmark_docgen
# (support/hostmark_docgen.cc, linked with hostmark_lib) from the option definitions that print
# each command's --help, then installed. Included by cmake/Packaging.cmake, which sets the paths.
add_executable(hostmark_docgen support/hostmark_docgen.cc)
target_link_libraries(hostmark_docgen PRIVATE hostmark_lib hostmark_warnings)
set(HOSTMARK_DOCS_man ${HOSTMARK_MAN_PAGE})
set(HOSTMARK_DOCS_bash ${HOSTMARK_BASH_COMPLETION})
set(HOSTMARK_DOCS_zsh ${HOSTMARK_ZSH_COMPLETION})
set(outputs)
foreach(kind man bash zsh)
  # A target name as COMMAND: CMake runs it under the emulator when cross-compiling.
  add_custom_command(OUTPUT ${HOSTMARK_DOCS_${kind}}
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${HOSTMARK_GENERATED_DOCS}
                     COMMAND hostmark_docgen ${kind} ${HOSTMARK_DOCS_${kind}}
                     DEPENDS hostmark_docgen COMMENT "Generating ${HOSTMARK_DOCS_${kind}}" VERBATIM)
  list(APPEND outputs ${HOSTMARK_DOCS_${kind}})
endforeach()
add_custom_target(hostmark_docs ALL DEPENDS ${outputs})
install(FILES ${HOSTMARK_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${HOSTMARK_BASH_COMPLETION} RENAME hostmark
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${HOSTMARK_ZSH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
