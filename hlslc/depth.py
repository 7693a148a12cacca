"""How deeply hlslc's stages may recurse.

The parser is a table-driven LALR(1) automaton and does not recurse; the
stages after it (sema, code generation) walk the tree recursively, once per
nesting level of the source.  Brackets are bounded where they are read
(`-fbracket-depth`, 256 by default as in clang); nesting without brackets
(`if (a) if (b) ...`, `x + 1 + 1 + ...`) is bounded here: each stage runs
under `deep_recursion()` and turns a `RecursionError` into a located error
naming the function that is nested too deeply.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Iterator

# Python frames a stage may use.  CPython 3.11+ does not spend C stack on
# Python-to-Python calls, so this bounds memory, not the C stack.
RECURSION_LIMIT = 40000


@contextmanager
def deep_recursion() -> Iterator[None]:
    """Run a recursive stage with room for deeply nested (but legal) code."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)
