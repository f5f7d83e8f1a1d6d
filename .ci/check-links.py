#!/usr/bin/env python3
"""Every relative link in the repository's Markdown and DocC files resolves to a file (or a
folder holding files) in the repository.

Reads the Markdown files git knows (tracked, or new and not ignored): inline links
`[text](target)`, images `![alt](target)`, reference definitions `[label]: target` and
`<img src="target">`, outside fenced code blocks and code spans. Web addresses (`scheme:`),
anchors within the same file (`#…`) and DocC links (`<doc:…>`, ``Symbol``, which docc checks
itself) are skipped; an anchor or query after a path is dropped before the path is checked.
Prints every broken link as FILE:LINE: TARGET and exits 1 if there is one.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
IMG = re.compile(r"<img\b[^>]*\bsrc=\"([^\"]+)\"")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def repository_files():
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split("\0")
    files = {path for path in listed if path and os.path.exists(os.path.join(ROOT, path))}
    folders = set()
    for path in files:
        parent = os.path.dirname(path)
        while parent:
            folders.add(parent)
            parent = os.path.dirname(parent)
    return files, folders


def links(text):
    fence = None
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.lstrip()
        marker = re.match(r"(```+|~~~+)", stripped)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * 3
            elif stripped.startswith(fence):
                fence = None
            continue
        if fence is not None:
            continue
        plain = CODE_SPAN.sub("", line)
        for pattern in (INLINE, IMG):
            for match in pattern.finditer(plain):
                yield number, match.group(1)
        match = REFERENCE.match(plain)
        if match:
            yield number, match.group(1)


def main():
    files, folders = repository_files()
    broken = []
    checked = 0
    for path in sorted(files):
        if not path.endswith(".md"):
            continue
        with open(os.path.join(ROOT, path), encoding="utf-8") as markdown:
            text = markdown.read()
        for number, target in links(text):
            if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            relative = re.split(r"[#?]", target, maxsplit=1)[0]
            if not relative:
                continue
            if relative.startswith("/"):
                resolved = os.path.normpath(relative.lstrip("/"))
            else:
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), relative))
            checked += 1
            if resolved.startswith("..") or (resolved not in files and resolved not in folders):
                broken.append(f"{path}:{number}: {target}")
    for line in broken:
        print(line, file=sys.stderr)
    if broken:
        print(f"check-links: {len(broken)} broken relative link(s)", file=sys.stderr)
        sys.exit(1)
    print(f"check-links: {checked} relative links resolve")


if __name__ == "__main__":
    main()
