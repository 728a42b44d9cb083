"""Every `import` of a package target is one of the importing target's declared dependencies,
and no target that ships imports Foundation.

    python3 scripts/lib/imports.py [--unused]

Reads Package.swift's targets (name, dependencies, path) and each target's Swift files' import
lines; prints each import of another target that the importer does not declare, and exits 1 if
there is one. With --unused, also lists declared dependencies that no file imports (not an
error: a dependency may be there for linking). Imports of modules that are not targets
(FoundationEssentials, Glibc, Testing…) are not checked, except Foundation in the targets
under Sources/: it would link FoundationInternationalization and ICU's 30 MB of data into
breezed and breezectl (FoundationEssentials is what they use). Tests may import it.
"""
import os
import re
import sys

TARGET = re.compile(
    r'\.(target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(.*?)\)(?=,\s*\n|\s*\n\s*\])',
    re.S)
# Only Swift import lines at the start of a line: Python fixtures embedded in strings are
# indented inside the string and import lower-case modules, so they never name a target.
IMPORT = re.compile(
    r'^(?:@testable\s+|@_spi\([^)]*\)\s+)?import\s+(?:(?:struct|enum|class|func|protocol|typealias)\s+)?'
    r'([A-Za-z_][A-Za-z_0-9]*)')


# Modules the shipped targets must not import, and what they use instead.
SHIPPED_NOT = {"Foundation": "FoundationEssentials"}


def targets(root):
    """{name: (kind, dependencies, path)} from Package.swift."""
    text = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
    found = {}
    for match in TARGET.finditer(text):
        kind, name, rest = match.groups()
        listed = re.search(r'dependencies:\s*\[(.*?)\]', rest, re.S)
        dependencies = re.findall(r'"([^"]+)"', listed.group(1)) if listed else []
        path = re.search(r'path:\s*"([^"]+)"', rest)
        default = ("Tests/" if kind == "testTarget" else "Sources/") + name
        found[name] = (kind, dependencies, path.group(1) if path else default)
    return found


def imports(folder):
    """{module: [files]} of the Swift files under folder."""
    found = {}
    for directory, _, names in os.walk(folder):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            for line in open(path, encoding="utf-8"):
                match = IMPORT.match(line)
                if match:
                    found.setdefault(match.group(1), []).append(path)
    return found


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    package = targets(root)
    undeclared = 0
    for name, (kind, dependencies, path) in sorted(package.items()):
        if kind == "systemLibrary":
            continue
        used = imports(os.path.join(root, path))
        for module, files in sorted(used.items()):
            if module in package and module != name and module not in dependencies:
                undeclared += 1
                print(f"{name}: imports {module} without declaring it ({os.path.relpath(files[0], root)})")
            if module in SHIPPED_NOT and path.startswith("Sources/"):
                undeclared += 1
                print(f"{name}: imports {module} ({os.path.relpath(files[0], root)}); "
                      f"shipped targets use {SHIPPED_NOT[module]}")
        if "--unused" in argv:
            unused = [dependency for dependency in dependencies if dependency not in used]
            if unused:
                print(f"{name}: declares without importing {', '.join(unused)}")
    print(f"{undeclared} undeclared or unshipped import(s)")
    return 1 if undeclared else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
