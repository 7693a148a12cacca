"""Preprocessing tokens: what the preprocessor hands to the parser.

Owns: the `PPToken` record and the token kinds.  Every token keeps the span
of its spelling (file and character range); tokens produced by a macro
expansion also carry the invocation site in `span.expanded_from`.
"""

from __future__ import annotations

import sys

from ..source import Span

# Token kinds.
IDENT = "ident"      # identifiers and keywords (the parser tells them apart)
NUMBER = "number"    # a C preprocessing number: 1, 1.0f, 0x1F, 1e-3, 2u, 1.0h
STRING = "string"    # "..."
CHAR = "char"        # '...'
PUNCT = "punct"      # operators and punctuation, longest match (">>" is one token)
OTHER = "other"      # a character that starts no token (a stray '$', '@', '`', ...)


class PPToken:
    """One token after preprocessing.

    `bol` is True for the first token on a source line and `space` when
    whitespace precedes the token; both matter for `#` directives, for
    re-spelling the preprocessed text (`-P`) and for stringising.
    """

    __slots__ = ("kind", "text", "span", "bol", "space", "hideset")

    def __init__(self, kind: str, text: str, span: Span, bol: bool = False, space: bool = False,
                 hideset: frozenset[str] = frozenset()) -> None:
        self.kind = kind
        self.text = text
        self.span = span
        self.bol = bol
        self.space = space
        self.hideset = hideset

    def __repr__(self) -> str:
        return f"PPToken({self.kind}, {self.text!r})"

    def __reduce__(self) -> tuple:
        # Kinds are compared by identity (`tok.kind is IDENT`): a token read
        # back from the header cache must get the interned constant again.
        return (_restore_token, (self.kind, self.text, self.span, self.bol, self.space, self.hideset))


def _restore_token(kind: str, text: str, span: Span, bol: bool, space: bool, hideset: frozenset[str]) -> PPToken:
    return PPToken(sys.intern(kind), text, span, bol, space, hideset)
