"""Regular expressions compiled when first used.

Owns: `LazyPattern`, a stand-in for `re.compile(...)` at module level for
the patterns that most compiles never use (error paths, caches' rebuild
paths, rare literal forms).  Compiling a pattern costs 0.05 to 0.5 ms
each time a process starts, and `re` keeps no compiled pattern across
processes: 25 such patterns cost a plain compile about 3 ms of its start,
a tenth of what `hlslc` spends before its first stage (issue 28).

A pattern that every compile uses stays a plain `re.compile`: the first
call through a `LazyPattern` compiles it, and each later call costs one
attribute lookup more.

Does not own: what the patterns match (their modules).
"""

from __future__ import annotations

import re

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any


class LazyPattern:
    """`re.compile(source, flags)`, done at the first method call
    (`match`, `fullmatch`, `search`, `sub`, `finditer`, ...)."""

    __slots__ = ("source", "flags", "_compiled")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source = source
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> "re.Pattern[str]":
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.source, self.flags)
        return compiled

    def __getattr__(self, name: str) -> Any:
        # Only names the instance lacks reach here: the Pattern's methods
        # and attributes (`pattern`, `groups`, ...).
        return getattr(self.compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.source!r})"
