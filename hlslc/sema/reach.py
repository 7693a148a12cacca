"""What an entry point reaches: the functions it calls (transitively), the
call chain to each, and the global variables they use.

DXC checks a shader's stage-specific rules and binds its resources on the
code the entry point reaches, after unreached functions are gone: a helper
in a shared header may call a ray-tracing intrinsic or name a resource on
the register of another, as long as the entry never calls it.  `Reach`
answers those questions from the call graph sema records.

Owns: the walk from the roots (the entry point; a library's exported
functions), the chain of calls that reaches a function (for notes that say
how the entry gets there), and the global variables the reached code names.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Iterable

from ..diagnostics import Note

if TYPE_CHECKING:  # pragma: no cover
    from .symbols import FunctionSymbol


class Reach:
    """The functions reachable from `roots` through `call_graph` (id of a
    caller -> [(callee, call expression)]), each with the call that first
    reached it (breadth first, so the chain is a shortest one)."""

    def __init__(self, call_graph: dict[int, list], roots: Iterable["FunctionSymbol"]) -> None:
        self.functions: dict[int, "FunctionSymbol"] = {}
        self._parent: dict[int, tuple["FunctionSymbol", Any] | None] = {}
        work: list["FunctionSymbol"] = []
        for root in roots:
            if id(root) not in self.functions:
                self.functions[id(root)] = root
                self._parent[id(root)] = None
                work.append(root)
        i = 0
        while i < len(work):
            fn = work[i]
            i += 1
            for callee, call in call_graph.get(id(fn), ()):
                if id(callee) not in self.functions:
                    self.functions[id(callee)] = callee
                    self._parent[id(callee)] = (fn, call)
                    work.append(callee)

    def __contains__(self, fn: Any) -> bool:
        return fn is not None and id(fn) in self.functions

    def chain(self, fn: "FunctionSymbol") -> list[tuple["FunctionSymbol", "FunctionSymbol", Any]]:
        """(caller, callee, call expression) from `fn` back to its root."""
        out = []
        step = self._parent.get(id(fn))
        while step is not None:
            caller, call = step
            out.append((caller, fn, call))
            fn = caller
            step = self._parent.get(id(fn))
        return out

    def chain_notes(self, fn: "FunctionSymbol", root_word: str = "the entry point") -> list[Note]:
        """Notes at each call from the root down to `fn`, innermost first:
        "'helper' is called from 'shade' here", ..., "'shade' is called from
        the entry point 'main' here"."""
        notes = []
        steps = self.chain(fn)
        for k, (caller, callee, call) in enumerate(steps):
            whose = f"{root_word} '{caller.name}'" if k == len(steps) - 1 else f"'{caller.name}'"
            notes.append(Note(f"'{callee.name}' is called from {whose} here", getattr(call, "span", None)))
        return notes

    def globals_used(self, uses: dict[Any, set[int]]) -> set[int]:
        """The ids of the global variables the reached functions name, and
        those named outside any function (initialisers of globals), from
        `uses` (id of a function or None -> ids of the globals it names)."""
        out = set(uses.get(None, ()))
        for key in self.functions:
            out |= uses.get(key, set())
        # What a used global's initializer names (`static const P c =
        # tParams[0];`), and so on: an unused global's initializer uses
        # nothing (DXC removes it with the global).
        work = list(out)
        while work:
            for named in uses.get(("init", work.pop()), ()):
                if named not in out:
                    out.add(named)
                    work.append(named)
        return out
