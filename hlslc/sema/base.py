"""What every sema module shares: the errors sema raises and the records
of overload resolution.

Owns: `SemaError` (a semantic error, or inside overload resolution a
substitution failure), `NoMatch` (no viable candidate), `Requirement` (a
failed `enable_if` condition), `CandidateFailure` (why one candidate was
not viable) and `Resolved` (the winner).  They live here, below the
template engine and the helpers (`wavematrix`, `textures`, `linalg`,
`atomics`), so that those raise and read them without importing the
engine or the analyzer that call them.

Does not own: raising them (the engine, the helpers, the analyzer), or
turning them into diagnostics (`analyzer`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

if TYPE_CHECKING:  # pragma: no cover
    from ..source import Span
    from . import types as T
    from .symbols import FunctionSymbol, Symbol


class SemaError(Exception):
    """A semantic error; inside overload resolution, a substitution failure."""

    def __init__(self, message: str, span: Span | None, notes: list[tuple[str, Span | None]] | None = None,
                 requirement: "Requirement | None" = None, reported: bool = False,
                 rule_id: str | None = None) -> None:
        super().__init__(message)
        self.rule_id = rule_id       # a rule from hlslc.spec.rules the error breaks, if any
        self.message = message
        self.span = span
        self.notes = notes or []
        self.requirement = requirement
        # True when the same error was already reported (a cached failure):
        # it still stops the construct, silently.
        self.reported = reported


class Requirement:
    """A failed `enable_if` condition: its source text, the substituted
    template parameters it mentions, and the clauses that were false."""

    __slots__ = ("text", "bindings", "failed_clauses", "span")

    def __init__(self, text: str, bindings: list[tuple[str, str]], failed_clauses: list[str], span: Span | None):
        self.text = text
        self.bindings = bindings
        self.failed_clauses = failed_clauses
        self.span = span

    def describe(self) -> str:
        with_part = ", ".join(f"{name} = {value}" for name, value in self.bindings)
        return f"requirement '{self.text}' was not satisfied" + (f" [with {with_part}]" if with_part else "")


class CandidateFailure:
    """Why one overload candidate was not viable (for the notes of a
    'no matching function' error)."""

    __slots__ = ("symbol", "reason", "span", "requirement", "bad_argument", "substituted")

    def __init__(self, symbol: Symbol, reason: str, span: Span | None = None,
                 requirement: Requirement | None = None, bad_argument: int | None = None,
                 substituted: bool = False) -> None:
        self.symbol = symbol
        self.reason = reason
        self.span = span
        self.requirement = requirement
        self.bad_argument = bad_argument
        # A template whose deduction succeeded but whose call did not fit.
        self.substituted = substituted


class Resolved:
    """The winner of overload resolution."""

    __slots__ = ("function", "conversions", "param_types", "return_type")

    def __init__(self, function: FunctionSymbol, conversions: list, param_types: list[T.Type],
                 return_type: T.Type) -> None:
        self.function = function
        self.conversions = conversions
        self.param_types = param_types
        self.return_type = return_type


class NoMatch(SemaError):
    def __init__(self, message: str, span: Span | None, failures: list[CandidateFailure]) -> None:
        super().__init__(message, span)
        self.failures = failures
