# Cross-compiling hostmark for 64-bit ARM Linux (Raspberry Pi 4/5 with a 64-bit OS) with
# Debian's crossbuild-essential-arm64 and the arm64 -dev libraries of multiarch
# (scripts/setup-debian.sh --arm64). Used by the arm64 preset: scripts/build.sh arm64.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(HOSTMARK_CROSS_TRIPLE aarch64-linux-gnu)

set(CMAKE_C_COMPILER ${HOSTMARK_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${HOSTMARK_CROSS_TRIPLE}-g++)

# Multiarch: the arm64 libraries live in /usr/lib/aarch64-linux-gnu, their arch-specific headers
# in /usr/include/aarch64-linux-gnu, next to the host's. The cross compiler searches those
# itself; find_library and find_path are told to look there too, and only there for libraries,
# so an x86-64 liburing.a in /usr/lib/x86_64-linux-gnu is never picked.
set(CMAKE_LIBRARY_ARCHITECTURE ${HOSTMARK_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH /usr/${HOSTMARK_CROSS_TRIPLE} /usr/lib/${HOSTMARK_CROSS_TRIPLE})
set(CMAKE_SYSTEM_LIBRARY_PATH /usr/lib/${HOSTMARK_CROSS_TRIPLE} /lib/${HOSTMARK_CROSS_TRIPLE})
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
# pkg-config (LuaJIT) reads the arm64 .pc files of multiarch, not the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${HOSTMARK_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig)

# Tests and try_run() run the arm64 programs under qemu-user, named explicitly (binfmt_misc need
# not be registered). One glibc must serve a program: with the multiarch libc6:arm64 installed
# (the arm64 -dev libraries bring it), its loader /lib/ld-linux-aarch64.so.1 and the host's
# ld.so.cache give a consistent set. `-L /usr/aarch64-linux-gnu` would take the cross
# toolchain's loader (libc6-arm64-cross) but still find the multiarch libc.so.6 through that
# cache: the two Debian builds of glibc 2.36 mixed deadlock in the first pthread_create.
find_program(HOSTMARK_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(HOSTMARK_QEMU_AARCH64 AND EXISTS /lib/ld-linux-aarch64.so.1)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${HOSTMARK_QEMU_AARCH64})
elseif(HOSTMARK_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${HOSTMARK_QEMU_AARCH64} -L /usr/${HOSTMARK_CROSS_TRIPLE})
endif()
