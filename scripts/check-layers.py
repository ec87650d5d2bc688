#!/usr/bin/env python3
"""The folders of src/ are layers (docs/ARCHITECTURE.md): a file may include the headers of its own
folder and of the layers below its own, never of its own layer's other folders or of a layer above.
LAYERS below is the order, ground first; a folder of src/ that it does not place is an error too,
so a new folder is placed on purpose. Subfolders belong to their top folder (commands/doctor/ is
commands). Prints every include that points up or sideways, with file and line, and exits 1 when
there is one. Usage: scripts/check-layers.py"""
import pathlib
import re
import sys

SRC = pathlib.Path(__file__).resolve().parent.parent / "src"
LAYERS = [
    ["core", "platform"],
    ["stats", "cli", "db", "sysinfo", "engines"],
    ["monitor"],
    ["results"],
    ["fio", "runner"],
    ["storage", "exporter"],
    ["io", "fsbench"],
    ["mpi", "workloads"],
    ["output"],
    ["commands"],
]
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include\s+"([^"/]+)/[^"]+"', re.M)


def main():
    level = {folder: i for i, layer in enumerate(LAYERS) for folder in layer}
    problems = []
    folders = sorted(p.name for p in SRC.iterdir() if p.is_dir())
    for folder in folders:
        if folder not in level:
            problems.append(f"src/{folder}/: not placed in a layer (scripts/check-layers.py LAYERS)")
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in (".cc", ".h", ".in") or path.parent == SRC:
            continue
        folder = path.relative_to(SRC).parts[0]
        if folder not in level:
            continue
        text = path.read_text(errors="replace")
        for match in INCLUDE.finditer(text):
            target = match.group(1)
            if target == folder or target not in level:
                continue
            if level[target] >= level[folder]:
                line = text.count("\n", 0, match.start()) + 1
                where = "up" if level[target] > level[folder] else "sideways"
                problems.append(f"{path.relative_to(SRC.parent)}:{line}: includes {target}/, "
                                f"which is {where} from {folder}/")
    for problem in problems:
        print(f"check-layers: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
