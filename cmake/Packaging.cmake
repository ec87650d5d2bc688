# What `cmake --install` puts where, the generated man page and shell completions, and the
# Debian package (cpack; scripts/package.sh). See docs/PACKAGING.md.
include(GNUInstallDirs)
# Installing (and cpack, which installs through the `preinstall` target) does not build `all`
# first: it installs what was built. Otherwise packaging a tree with the tests configured would
# build every test (scripts/package.sh --no-build in tests/dist/). Build, then install.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

install(TARGETS hostmark RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# hostmark(1) and the completions are generated from the option definitions that print each
# command's --help, by a program linked with the same library (support/hostmark_docgen.cc), so
# they cannot drift. Cross-compiled, it runs under CMAKE_CROSSCOMPILING_EMULATOR, or not at all.
set(HOSTMARK_GENERATED_DOCS ${CMAKE_BINARY_DIR}/generated/docs)
set(HOSTMARK_MAN_PAGE ${HOSTMARK_GENERATED_DOCS}/hostmark.1)
set(HOSTMARK_BASH_COMPLETION ${HOSTMARK_GENERATED_DOCS}/hostmark.bash)
set(HOSTMARK_ZSH_COMPLETION ${HOSTMARK_GENERATED_DOCS}/_hostmark)
if(CMAKE_CROSSCOMPILING AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
  message(STATUS "hostmark: cross-compiling without CMAKE_CROSSCOMPILING_EMULATOR: the man page "
                 "and the shell completions are not generated nor installed")
else()
  include(cmake/GeneratedDocs.cmake)
endif()

# The Debian package: hostmark_<version>_<arch>.deb. Depends come from dpkg-shlibdeps only (the
# binary links most libraries statically, see CMakeLists.txt); the client libraries it opens at
# run time (src/db/shared_library.h, src/mpi/) are recommended or suggested, never required.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hostmark)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "measure and watch a Linux host")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "measure and watch a Linux host: CPU, memory, disks, filesystems, databases\n"
    "One program, one result format, for what hdparm, dd, fio, sysbench, bonnie++, iostat,\n"
    "sar and iotop do: drop-in faces for fio and sysbench, native commands (cpu, memory, disk,\n"
    "fs, db, stat, top, record, suite, compare, report, doctor) and a results store.")
string(REPLACE ";" "" CPACK_DEBIAN_PACKAGE_DESCRIPTION "${CPACK_DEBIAN_PACKAGE_DESCRIPTION}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "hostmark developers <hostmark@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libmariadb3, libpq5")  # hostmark db, results stores
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libopenmpi3")  # distributed runs under mpirun (docs/MPI.md)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
include(CPack)
