#!/usr/bin/env python3
"""Prints the table of every option in fio's HOWTO.rst and what `hostmark fio` does with it.

    scripts/fio-howto-table.py FIO_SRC_DIR HOSTMARK_BINARY > table.md

FIO_SRC_DIR is an unpacked fio source tree (fio 3.33, the version Debian 12 ships; the script
reads its HOWTO.rst and fetches nothing). Each option's status comes from hostmark itself:
`hostmark fio --cmdhelp=NAME` succeeds for an implemented job option and names the reason for a
refused one; a command line option (--debug) is given alone, without a job, and hostmark either
parses it (then stops: no jobs) or refuses it with its reason. So the table
is regenerated, not edited: docs/COMPATIBILITY.md holds its output.
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

def howto_options(howto):
    """Yields (section, names, engines) for each `.. option::` of HOWTO.rst, in order."""
    lines = howto.read_text(encoding="utf-8", errors="replace").splitlines()
    section = ""
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and re.fullmatch(r"[-~=]{3,}", lines[i + 1]) and line.strip():
            if not line.startswith(".."):
                section = line.strip()
        m = re.match(r"\.\. option:: (.*)", line)
        if not m:
            continue
        text = m.group(1)
        engines = re.findall(r"\[([^\]]+)\]", text.split(" : ", 1)[1]) if " : " in text else []
        if not engines:  # some put the engine on a line of its own: "   [dfs]"
            after = [l.strip() for l in lines[i + 1:i + 4] if l.strip()]
            if after and re.fullmatch(r"(\[[\w-]+\]\s*)+", after[0]):
                engines = re.findall(r"\[([^\]]+)\]", after[0])
        if section.endswith(" profile options"):  # act, tiobench: options of profile=NAME
            engines = ["profile " + section.split()[0].lower()]
        spec = text.split(" : ", 1)[0]
        names = []
        for part in spec.split(", "):
            name = re.split(r"[=\[ ]", part.strip(), maxsplit=1)[0]
            if name and re.fullmatch(r"-{0,2}[A-Za-z][\w-]*", name):
                names.append(name)
        if names:
            yield section, names, engines


def hostmark_engines(binary):
    out = subprocess.run([binary, "fio", "--enghelp"], capture_output=True, text=True).stdout
    return {line.strip() for line in out.splitlines()[1:] if line.strip()}


def job_option_status(binary, name):
    r = subprocess.run([binary, "fio", f"--cmdhelp={name}"], capture_output=True, text=True)
    if r.returncode == 0:
        return "implemented", ""
    err = r.stderr.strip()
    m = re.search(r"is not implemented by hostmark \((.*)\); only (\S+) \(fio's default\) is accepted$",
                  err)
    if m:  # spelling out fio's default runs: it asks for what hostmark does
        return f"refused (`{m.group(2)}` accepted)", m.group(1)
    m = re.search(r"is not implemented by hostmark \((.*)\)$", err)
    if m:
        return "refused", m.group(1)
    return "unknown", err


def run_option_status(binary, name, cwd):
    """Gives the option alone, without a job: hostmark parses it, then stops at "no jobs"."""
    r = subprocess.run([binary, "fio", name], capture_output=True, text=True, cwd=cwd)
    m = re.search(r"not implemented by hostmark \((.*)\)$", r.stderr.strip())
    if m:
        return "refused", m.group(1)
    if "unknown option" in r.stderr:
        return "unknown", r.stderr.strip()
    return "implemented", ""


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: fio-howto-table.py FIO_SRC_DIR HOSTMARK_BINARY")
    src, binary = Path(sys.argv[1]), str(Path(sys.argv[2]).resolve())
    howto = src / "HOWTO.rst"
    if not howto.is_file():
        sys.exit(f"fio-howto-table.py: {howto}: no such file (give an unpacked fio source tree)")
    engines = hostmark_engines(binary)
    scratch = tempfile.TemporaryDirectory()
    rows, other_engines, counts = [], {}, {}
    for section, names, option_engines in howto_options(howto):
        name = names[0]
        if option_engines and not engines & set(option_engines):
            for e in option_engines:
                other_engines.setdefault(e, []).append(name)
            continue
        if name.startswith("--"):
            status, why = run_option_status(binary, name, scratch.name)
        else:
            status, why = job_option_status(binary, name)
        counted = "refused but for fio's default" if status.endswith("accepted)") else status
        counts[counted] = counts.get(counted, 0) + 1
        shown = ", ".join(f"`{n}`" for n in names)
        if option_engines:
            shown += " [" + ", ".join(option_engines) + "]"
        rows.append((section, shown, status, why))
    print(f"{sum(counts.values())} options of fio 3.33's HOWTO.rst for the engines hostmark has "
          f"({', '.join(sorted(engines))}): " +
          ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) + ".\n")
    print("| section | option | hostmark | why not |")
    print("|---|---|---|---|")
    for section, shown, status, why in rows:
        print(f"| {section} | {shown} | {status} | {why} |")
    print("\nOptions of engines hostmark does not have, and of fio's profiles (profile= is "
          "refused; the engines' options are refused with `not implemented by hostmark (an "
          "option of an ioengine hostmark does not have ...)`):\n")
    for engine in sorted(other_engines):
        print(f"- {engine}: " + ", ".join(f"`{n}`" for n in other_engines[engine]))
    return 1 if counts.get("unknown") else 0


if __name__ == "__main__":
    sys.exit(main())
