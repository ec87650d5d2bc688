#!/usr/bin/env bash
# The Debian package of hostmark, hostmark_<version>_<arch>.deb (cmake/Packaging.cmake; Depends
# from dpkg-shlibdeps only), built with cpack; prints the path of the .deb.
#   scripts/package.sh                     configure and build the release preset, then cpack
#   scripts/package.sh --check             also inspect the .deb (Depends, Recommends, files) and
#                                          run its extracted binary in a scratch HOME
#   --no-build --build-dir DIR             package DIR as it is already built (tests/dist/)
#   --out DIR                              where the .deb goes (default: the build directory)
# Exit status 77 (and the reason on stdout) without dpkg-deb or dpkg-shlibdeps; 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/release out="" build_it=1 check=0
while (($#)); do
  case $1 in
    --no-build) build_it=0 ;;
    --check) check=1 ;;
    --build-dir) build=${2:?--build-dir needs a directory}; shift ;;
    --out) out=${2:?--out needs a directory}; shift ;;
    *) echo "package.sh: $1: unknown option (see the comment at the top)" >&2; exit 2 ;;
  esac
  shift
done
for tool in dpkg-deb dpkg-shlibdeps cpack; do
  if ! command -v "$tool" >/dev/null; then
    echo "skip: $tool is not installed (Debian: apt-get install dpkg-dev cmake)"
    exit 77
  fi
done
if ((build_it)); then
  cmake --preset release >/dev/null
  cmake --build --preset release -j "$(nproc)"
fi
out=${out:-$build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! cpack --config "$build/CPackConfig.cmake" -B "$work/cpack" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log" >&2
  exit 1
fi
debs=("$work"/cpack/*.deb)
deb=$out/$(basename "${debs[0]}")
mv "${debs[0]}" "$deb"

fail() {
  echo "package.sh: $deb: $*" >&2
  exit 1
}

# Depends: libraries only (what dpkg-shlibdeps found the binary linked to), never a server, a
# browser or a compiler; the client libraries opened at run time are recommended or suggested.
check_fields() {
  local depends optional name
  depends=$(dpkg-deb -f "$deb" Depends)
  optional="$(dpkg-deb -f "$deb" Recommends), $(dpkg-deb -f "$deb" Suggests)"
  echo "Depends: $depends"
  echo "Recommends: $(dpkg-deb -f "$deb" Recommends)"
  echo "Suggests: $(dpkg-deb -f "$deb" Suggests)"
  [[ -n $depends ]] || fail "no Depends (did dpkg-shlibdeps run?)"
  for name in $(tr ',|' '\n\n' <<<"$depends" | sed 's/(.*//; s/:.*//'); do
    case $name in
      *mariadb-server* | *mysql-server* | postgresql* | chromium* | clang* | gcc* | g++* | cpp*)
        fail "Depends names $name (a server, browser or compiler)" ;;
    esac
    # A library package: named lib*, or shipping a shared object (zlib1g). With a second
    # architecture installed (setup-debian.sh --arm64), dpkg -L needs the architecture too.
    if [[ $name != lib* ]] &&
      ! { dpkg -L "$name" 2>/dev/null || dpkg -L "$name:$(dpkg --print-architecture)" 2>/dev/null; } |
      grep -q '/lib.*\.so\.[0-9]'; then
      fail "Depends names $name, which is not a shared library package"
    fi
  done
  for name in libmariadb3 libpq5; do
    grep -qw "$name" <<<"$optional" || fail "neither Recommends nor Suggests names $name"
  done
}

check_contents() {
  local listing file
  listing=$(dpkg-deb -c "$deb")
  for file in ./usr/bin/hostmark ./usr/share/man/man1/hostmark.1 \
    ./usr/share/bash-completion/completions/hostmark ./usr/share/zsh/vendor-completions/_hostmark; do
    grep -q " $file\$" <<<"$listing" || fail "has no $file"
  done
}

# The extracted binary runs, and saves its result under the scratch XDG_DATA_HOME.
check_binary() {
  local root=$work/root
  dpkg-deb -x "$deb" "$root"
  mkdir -p "$work/home" "$work/data"
  export HOME=$work/home XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/data
  "$root/usr/bin/hostmark" --version | grep -q '^hostmark ' || fail "hostmark --version"
  "$root/usr/bin/hostmark" cpu --time=1 --threads=1 --output-format=json >"$work/cpu.json" ||
    fail "hostmark cpu --time=1 --threads=1 failed"
  grep -q '"events_per_s"' "$work/cpu.json" || fail "hostmark cpu printed no events_per_s"
  [[ -f $XDG_DATA_HOME/hostmark/results.db ]] || fail "hostmark cpu saved no result"
  echo "ran: hostmark --version, hostmark cpu --time=1 --threads=1 (extracted)"
}

if ((check)); then
  check_fields
  check_contents
  check_binary
fi
echo "$deb"
