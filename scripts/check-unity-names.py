#!/usr/bin/env python3
"""The library is a unity build (CMakeLists.txt: HOSTMARK_UNITY): the sources of one folder of
src/ share one compiler run, and so one anonymous namespace; so do the tests of tests/ (and of
tests/dist/), in batches (tests/CMakeLists.txt), so their file-local names must differ across
the whole folder. Two kinds of file-local names break
there:
- one that a header also declares at namespace scope: it silently shadows the header's for every
  file after it in the run (it happened: comparison_format.cc's csv_field, which did not quote
  '\\r', replaced output/csv.h's in csv.cc);
- one that another file of the same folder also defines, at file scope or in a function: a
  redefinition, an overload that picks the other file's function, or a shadowed constant.
This lists every such name and exits 1 when there is one. Usage: scripts/check-unity-names.py"""
import collections
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
TESTS = ROOT / "tests"
ANON = re.compile(r"^namespace \{\n(.*?)\n\}  // namespace", re.S | re.M)
FUNCTION = re.compile(r"^(?!return|if|for|while|switch)[A-Za-z_][\w:<>,\s\*&]*?\b(\w+)\(", re.M)
CONSTANT = re.compile(r"^(?:inline )?(?:constexpr|const)[^=;(]*?\b(k[A-Z]\w*)\b", re.M)
TYPE = re.compile(r"^(?:class|struct|enum class|enum|union) (\w+)\b(?!;)", re.M)
ALIAS = re.compile(r"^using (\w+) =", re.M)
INLINE_FUNCTION = re.compile(r"^(?:template <[^>]*> )?inline [^;{=]*?\b(\w+)\(", re.M)
DECLARED_FUNCTION = re.compile(r"^[A-Za-z_][\w:<>,\s\*&]*?\b(\w+)\([^;{]*\)\s*(?:const)?\s*;", re.M)
LOCAL_CONSTANT = re.compile(r"^[ \t]+(?:static )?(?:constexpr|const)\b[^;(]*?\b(k[A-Z]\w*)\s*[={]", re.M)
# Aliases of one meaning everywhere (std::chrono clocks) are harmless when shadowed.
ALLOWED = {"Clock"}
# gtest's macros, at the start of a line in a test's anonymous namespace.
ALLOWED |= {"TEST", "TEST_F", "TEST_P", "TYPED_TEST", "TYPED_TEST_SUITE", "INSTANTIATE_TEST_SUITE_P"}


def names(pattern, text):
    return set(pattern.findall(text)) - ALLOWED


def main():
    defined = collections.defaultdict(set)  # name -> .cc files defining it in `namespace {`
    clashes_in_folder = []
    folders = sorted({p.parent for p in SRC.rglob("*.cc")} | {p.parent for p in TESTS.rglob("*.cc")})
    for folder in folders:
        here = collections.defaultdict(set)
        for path in sorted(folder.glob("*.cc")):
            for block in ANON.findall(path.read_text()):
                for pattern in (FUNCTION, CONSTANT, TYPE, ALIAS):
                    for name in names(pattern, block):
                        defined[name].add(path.relative_to(ROOT).as_posix())
                        here[name].add(path.name)
        # A constant of a function in another file of the folder: shadows the file-local one
        # (clang's -Wshadow, an error here).
        for path in sorted(folder.glob("*.cc")):
            for name in LOCAL_CONSTANT.findall(path.read_text()):
                if name in here and path.name not in here[name]:
                    here[name].add(path.name)
        for name, files in sorted(here.items()):
            if len(files) > 1:
                clashes_in_folder.append(name)
                print(f"check-unity-names: {name}: file-local in each of "
                      f"{', '.join(sorted(files))} ({folder.relative_to(ROOT).as_posix()}/): "
                      "rename all but one", file=sys.stderr)
    declared = collections.defaultdict(set)  # name -> headers declaring it
    for path in SRC.rglob("*.h"):
        text = path.read_text()
        for name in names(DECLARED_FUNCTION, text) | names(CONSTANT, text):
            declared[name].add(path.relative_to(ROOT).as_posix())
    # The tests' own headers (tests/*.h) define their helpers inline; only tests include them.
    for path in TESTS.rglob("*.h"):
        text = path.read_text()
        for pattern in (DECLARED_FUNCTION, INLINE_FUNCTION, CONSTANT):
            for name in names(pattern, text):
                if any(f.startswith("tests/") for f in defined.get(name, ())):
                    declared[name].add(path.relative_to(ROOT).as_posix())
    clashes = sorted(set(defined) & set(declared))
    for name in clashes:
        print(f"check-unity-names: {name}: in an anonymous namespace of "
              f"{', '.join(sorted(defined[name]))} and declared in {', '.join(sorted(declared[name]))}: "
              "rename the file-local one", file=sys.stderr)
    return 1 if clashes or clashes_in_folder else 0


if __name__ == "__main__":
    sys.exit(main())
