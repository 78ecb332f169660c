#!/usr/bin/env python3
"""Checks the layout rules of ARCHITECTURE.md over Sources/ (or the folders given):

- no source file over 400 lines, except the readers' state machines listed below;
- no function, initializer or accessor body over 80 lines;
- no type spread over more than three files (`T.swift` and `T+Part.swift`).

Prints one line per breach and exits 1 if there is any.

    Scripts/check-structure.py [FOLDER ...]
"""
import collections
import os
import re
import sys

MAXIMUM_FILE_LINES = 400
MAXIMUM_FUNCTION_LINES = 80
MAXIMUM_FILES_PER_TYPE = 3
# Readers' state machines: one switch over the elements of a format, kept whole.
FILE_LENGTH_EXCEPTIONS = {"TCXParser.swift"}

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|static|class|mutating|nonmutating|"
    r"override|final|nonisolated|convenience|required)\s+)*"
    r"(?:func\s|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])"
)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def code_of(line):
    """The line without string literals and comments, for counting braces."""
    return STRING.sub('""', line).split("//")[0]


def long_functions(path, lines):
    """(line number, length, declaration) of every body over the limit."""
    found = []
    for start, line in enumerate(lines):
        if not DECLARATION.match(line):
            continue
        depth, opened, end = 0, False, start
        while end < len(lines):
            for character in code_of(lines[end]):
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                break
            if not opened and end > start + 12:  # a protocol requirement: no body
                break
            end += 1
        length = end - start + 1
        if opened and length > MAXIMUM_FUNCTION_LINES:
            found.append((start + 1, length, line.strip()[:80]))
    return found


def main(folders):
    breaches = []
    files_per_type = collections.defaultdict(list)
    for folder in folders:
        for directory, _, names in os.walk(folder):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    lines = file.read().split("\n")
                if lines and lines[-1] == "":
                    lines.pop()
                if len(lines) > MAXIMUM_FILE_LINES and name not in FILE_LENGTH_EXCEPTIONS:
                    breaches.append(f"{path}: {len(lines)} lines (at most {MAXIMUM_FILE_LINES})")
                for number, length, declaration in long_functions(path, lines):
                    breaches.append(
                        f"{path}:{number}: {length} lines (at most {MAXIMUM_FUNCTION_LINES}): "
                        f"{declaration}")
                type_name = name[: -len(".swift")].split("+")[0]
                target = os.path.relpath(path, folder).split(os.sep)[0]
                files_per_type[(target, type_name)].append(path)
    for (_, type_name), paths in sorted(files_per_type.items()):
        if len(paths) > MAXIMUM_FILES_PER_TYPE:
            breaches.append(
                f"{type_name}: {len(paths)} files (at most {MAXIMUM_FILES_PER_TYPE}): "
                + ", ".join(sorted(paths)))
    for breach in breaches:
        print(breach)
    print(f"check-structure: {len(breaches)} breach(es)")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["Sources"]))
