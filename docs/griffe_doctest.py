"""Griffe extension: show the docstrings' doctest examples as code in the API reference.

The package's docstrings are plain text in a reST-ish style with doctest examples (``>>>``
lines and their output, which ``tests/test_doctests.py`` runs). Rendered as Markdown as they
are, a ``>>>`` line would be a blockquote three deep; this extension, loaded by mkdocstrings
(``extensions:`` in ``mkdocs.yml``), rewrites each docstring as it is loaded, before it is
rendered:

* every doctest block (a ``>>>`` line up to the next blank line) is put in a ``pycon`` code
  fence, at the block's own indentation;
* a reST role (``:func:`x```, ``:class:`~a.B```) becomes the code span ``x`` (the name as
  written);
* a paragraph ending in a reST literal-block marker ``::`` ends in ``:`` (the indented block
  after it is a Markdown code block already);
* a reST simple table (rows between ``=====  ====`` rules; a second rule ends the header)
  becomes a Markdown table.

The code itself is untouched: only what the site shows changes.

>>> fence_doctests("Add:\\n>>> 1 + 1\\n2\\n\\nSee :func:`omahanash.iterate`.").split("\\n")
['Add:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'See `omahanash.iterate`.']
>>> print(fence_doctests("=  ===\\na  b c\\n=  ===\\n1  2\\n=  ==="))
| a | b c |
|---|---|
| 1 | 2 |
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")
RULE = re.compile(r"^(\s*)=+( +=+)+\s*$")


def simple_table(rows: list[str], rule: str) -> list[str]:
    """The reST simple table ``rows`` (with their ``rule`` lines) as Markdown table lines."""
    indent = rule[: len(rule) - len(rule.lstrip())]
    starts = [m.start() for m in re.finditer(r"=+", rule)]
    table: list[list[str]] = []
    header = 0
    for row in rows:
        if RULE.match(row):
            if table and not header:
                header = len(table)
            continue
        bounds = [*starts[1:], None]
        table.append([row[a:b].strip().replace("|", "\\|") for a, b in zip(starts, bounds)])
    if header != 1:  # no header row (or several): an empty header
        table.insert(0, [""] * len(starts))
    lines = [indent + "| " + " | ".join(table[0]) + " |",
             indent + "|" + "---|" * len(starts)]
    lines += [indent + "| " + " | ".join(cells) + " |" for cells in table[1:]]
    return lines


def fence_doctests(text: str) -> str:
    """``text`` with its doctest blocks fenced, its reST roles as code spans and its ``::``
    literal-block markers as ``:``."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    in_fence = False
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if not in_fence and RULE.match(line):
            end = index + 1
            while end < len(lines) and lines[end].strip():
                end += 1
            out.extend(simple_table(lines[index:end], line))
            index = end
            continue
        if not in_fence and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            if out and out[-1].strip():
                out.append("")
            out.append(f"{indent}```pycon")
            out.extend(lines[index:end])
            out.append(f"{indent}```")
            index = end
            continue
        if not in_fence:
            line = ROLE.sub(lambda m: f"`{m.group(1)}`", line)
            if line.endswith("::") and not line.strip() == "::":
                line = line[:-1]
        out.append(line)
        index += 1
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Rewrite every docstring with :func:`fence_doctests` when its object is loaded (the
    rewriting is idempotent: a second pass changes nothing)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
