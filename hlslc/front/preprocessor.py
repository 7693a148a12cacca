"""The C-style preprocessor: source text in, macro-expanded tokens out.

Owns:
  * lexing source buffers into preprocessing tokens (`PPToken`): line
    splices, comments, pp-numbers, literals, longest-match punctuators, and
    the lexical errors that come with them (unterminated comment / literal);
  * reading files: `#include "..."` and `<...>` search, `#pragma once`, the
    include depth limit, the per-instance token cache;
  * directives: `#define`/`#undef`, conditional inclusion with C integer
    constant expressions, `#error`, `#warning`, `#line`, `#pragma`;
  * macro expansion by the C standard's algorithm (hide sets, argument
    pre-expansion, rescanning, `#` and `##`, `__VA_ARGS__`), and the builtin
    macros `__LINE__`, `__FILE__`, `__COUNTER__`;
  * spelling a token stream back as text (`spell_tokens`, for `-P`).

Does not own: telling keywords from identifiers or decoding literal values
(the lexer/parser do), choosing predefined macros, -D/-U or include
directories (the driver passes them in `PreprocessorOptions`), rendering
diagnostics (`diagnostics`).

Every token keeps the span of its spelling.  A token produced by a macro
expansion gets `span.expanded_from = MacroOrigin(name, invocation, definition)`;
tokens substituted from macro *arguments* keep their own spans (they are
spelled at the call site already), so a diagnostic on them points there.
Output tokens read straight from a file are the cached lexer tokens (a file
included twice yields the same objects twice): consumers treat tokens as
read-only.
"""

from __future__ import annotations

import bisect
import os
import re
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from ..diagnostics import Diagnostic, Diagnostics, Note, Severity
from ..records import ValueRecord
from ..source import MacroOrigin, SourceFile, Span, decode_source_bytes
from .tokens import CHAR, IDENT, NUMBER, OTHER, PUNCT, STRING, PPToken
from ..patterns import LazyPattern

if TYPE_CHECKING:
    from .header_cache import HeaderEntry

__all__ = ["PreprocessorOptions", "Preprocessor", "spell_tokens", "MAX_INCLUDE_DEPTH"]

MAX_INCLUDE_DEPTH = 200
# Guards that turn pathological input into a diagnostic instead of a Python
# RecursionError or an endless run.
_MAX_ARGUMENT_NESTING = 120     # macro calls nested inside macro arguments
_MAX_EXPRESSION_NESTING = 120   # parentheses / unary operators in #if
_MAX_EXPANDED_TOKENS = 2_000_000   # ~100 times a large real shader
# spell_tokens: a jump of more lines than this within a file gets a #line marker.
_LINE_JUMP_LIMIT = 8

_EMPTY_HIDESET: frozenset[str] = frozenset()

# Internal token kind for a string/char literal missing its closing quote.
# It never leaves this module: the error is reported (and the kind turned
# into STRING/CHAR) only when the token is actually used, because text in
# skipped `#if 0` blocks and `#error` lines may hold stray apostrophes.
_UNTERMINATED = "unterminated"


# ==========================================================================
# Lexing

_PUNCTUATORS = (
    "...", "<<=", ">>=",
    "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##",
)
# A lone '/' is a punctuator only when no '*' follows: "/*" without its "*/"
# must reach the problem group below.
_PUNCTUATOR_PATTERN = ("|".join(re.escape(p) for p in _PUNCTUATORS)
                       + r"|/(?!\*)|[-+*%&|^~!=<>?:;,.()\[\]{}#]")

# findall() on this gives (space, token, problem) triples and no match
# objects, which is what makes lexing cheap; the token's kind comes from its
# first character (`_KIND_OF_FIRST_CHAR`).  Alternatives are tried in order.
# Every character except trailing horizontal space is matched by something,
# so offsets can be counted from the lengths.  The catch-all must exclude
# that space: otherwise, at the end of the text, the leading space run would
# backtrack and hand its last character to the catch-all as a token.
_TOKEN_RE = re.compile(
    r"([ \t\f\v\r]*)(?:("
    r'(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*"'          # string literal
    r"|(?:u8|[uUL])?'(?:[^'\\\n]|\\.)*'"         # character literal
    r"|[A-Za-z_][A-Za-z0-9_]*"                   # identifier
    r"|\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_])*"     # pp-number (DXC's: one '.' at most,
    r"(?:\.(?![xr])(?:\#INF)?(?:[eEpP][+-]|[0-9A-Za-z_])*)?"  # and none before a swizzle: `1.0.xxx`, `4.xx`;
                                                  # `1.#INF`, DXC's infinity)
    r"|\n[ \t\f\v\r\n]*"                         # newline(s)
    r"|//[^\n]*|/\*[\s\S]*?\*/"                  # comment
    rf"|{_PUNCTUATOR_PATTERN}"                   # punctuator
    r"""|[^"'/ \t\f\v\r]"""                       # any other character (not space: see above)
    r""")|(/\*|(?:u8|[uUL])?["'][^\r\n]*))"""    # problem: /* or a literal without its end
)

# Kind by first character; None marks the characters that need a second look.
_KIND_OF_FIRST_CHAR: dict[str, str | None] = {}
for _c in "abcdefghijklmnopqrstvwxyzABCDEFGHIJKMNOPQRSTVWXYZ_":
    _KIND_OF_FIRST_CHAR[_c] = IDENT
for _c in "0123456789":
    _KIND_OF_FIRST_CHAR[_c] = NUMBER
for _c in "-+*%&|^~!=<>?:;,()[]{}#":
    _KIND_OF_FIRST_CHAR[_c] = PUNCT
_KIND_OF_FIRST_CHAR.update({'"': STRING, "'": CHAR, "\n": None, "/": None, ".": None,
                            "u": None, "U": None, "L": None})
del _c


def _classify(token: str) -> str | None:
    """Kind of a token whose first character is ambiguous; None for a
    newline run or a comment."""
    first = token[0]
    if first == "\n":
        return None
    if first == "/":
        return None if token[1:2] in ("/", "*") else PUNCT
    if first == ".":
        return NUMBER if len(token) > 1 and token[1] != "." else PUNCT
    # u, U, L: an identifier, or the prefix of a literal.
    last = token[-1]
    return STRING if last == '"' else CHAR if last == "'" else IDENT


# Backslash-newline.  Whitespace between the two is accepted, as GCC and
# clang do, because editors strip it invisibly.
_SPLICE_RE = re.compile(r"\\[ \t]*\r?\n")


class _LexedFile:
    """A buffer's tokens, cached per Preprocessor so re-includes are free.

    `directive_positions` lists the index of every `#` that starts a line:
    the expansion loop runs between them without looking at `bol`, and
    skipping a false `#if` group jumps from one to the next.
    """

    __slots__ = ("source", "tokens", "directive_positions", "problems")

    def __init__(self, source: SourceFile, tokens: list[PPToken], directive_positions: list[int],
                 problems: list[tuple[Span, str]]) -> None:
        self.source = source
        self.tokens = tokens
        self.directive_positions = directive_positions
        self.problems = problems


def _remove_splices(text: str) -> tuple[str, list[int], list[int]] | None:
    """The text without backslash-newlines, plus what maps offsets back:
    `cuts[i]` is where splice i was (in spliced-text offsets) and `shifts[i]`
    the characters removed up to and including it."""
    pieces: list[str] = []
    cuts: list[int] = []
    shifts: list[int] = []
    last = 0
    removed = 0
    for m in _SPLICE_RE.finditer(text):
        start, end = m.span()
        pieces.append(text[last:start])
        cuts.append(start - removed)
        removed += end - start
        shifts.append(removed)
        last = end
    if not cuts:
        return None
    pieces.append(text[last:])
    return "".join(pieces), cuts, shifts


def _lex(source: SourceFile) -> _LexedFile:
    """Tokenize a whole buffer.  Lexical problems are returned, not reported,
    so the caller reports them each time the file is entered."""
    text = source.text
    cuts: list[int] | None = None
    shifts: list[int] = []
    if "\\" in text:
        spliced = _remove_splices(text)
        if spliced is not None:
            text, cuts, shifts = spliced

    def original(offset: int) -> int:
        i = bisect.bisect_right(cuts, offset) - 1  # type: ignore[arg-type]
        return offset + shifts[i] if i >= 0 else offset

    tokens: list[PPToken] = []
    append = tokens.append
    directive_positions: list[int] = []
    problems: list[tuple[Span, str]] = []
    kind_of_first = _KIND_OF_FIRST_CHAR.get
    pos = 1 if text.startswith("\ufeff") else 0
    prev_end = pos
    bol = True
    for space, token, problem in _TOKEN_RE.findall(text, pos):
        begin = pos + len(space)
        if token:
            end = begin + len(token)
            kind = kind_of_first(token[0], OTHER)
            if kind is None:
                kind = _classify(token)
                if kind is None:        # newline run or comment
                    if token[0] == "\n":
                        bol = True
                    pos = end
                    continue
        elif problem == "/*":
            # Unterminated: the comment swallows the rest of the file, as in clang.
            if cuts is not None:
                begin = original(begin)
            problems.append((Span(source, begin, begin + 2), "unterminated /* comment"))
            break
        elif problem:
            token = problem
            end = begin + len(token)
            kind = _UNTERMINATED
        else:
            break   # unreachable: every match holds a token or a problem
        if cuts is None:
            span = Span(source, begin, end)
        else:
            span = Span(source, original(begin), original(end - 1) + 1)
        if bol:
            if token == "#":
                directive_positions.append(len(tokens))
            append(PPToken(kind, token, span, True, begin != prev_end))
            bol = False
        else:
            append(PPToken(kind, token, span, False, begin != prev_end))
        pos = prev_end = end
    return _LexedFile(source, tokens, directive_positions, problems)


def _lexes_as_one_token(text: str) -> str | None:
    """The kind of the single token `text` spells, or None if it spells
    zero, several, a comment or an unterminated literal."""
    m = _TOKEN_RE.match(text)
    if m is None or m.group(1) or m.end() != len(text) or not m.group(2):
        return None
    token = m.group(2)
    kind = _KIND_OF_FIRST_CHAR.get(token[0], OTHER)
    return _classify(token) if kind is None else kind


# ==========================================================================
# Macros

# Elements of a function-like macro's replacement plan (built once at #define).
_PLAN_TOKEN, _PLAN_ARG, _PLAN_STRINGIZE, _PLAN_PASTE = range(4)

_BUILTIN_MACROS = ("__LINE__", "__FILE__", "__COUNTER__")


class _Macro:
    """One macro definition.

    `params` is None for object-like macros; for variadic ones the last
    parameter is the variadic one (`__VA_ARGS__`, or the GNU `name...`).
    `plan` is None when the body needs only copying (object-like without
    `##`); `copy_body` is the body pre-split for that fast path.
    """

    __slots__ = ("name", "name_span", "params", "variadic", "body", "plan", "copy_body",
                 "self_hideset", "builtin")

    def __init__(self, name: str, name_span: Span | None, params: tuple[str, ...] | None,
                 variadic: bool, body: list[PPToken], builtin: str | None = None) -> None:
        self.name = name
        self.name_span = name_span
        self.params = params
        self.variadic = variadic
        self.body = body
        self.builtin = builtin
        self.self_hideset = frozenset((name,))
        self.plan: list[tuple] | None = None
        self.copy_body: list[tuple] = []
        has_paste = any(t.kind is PUNCT and t.text == "##" for t in body)
        if params is None and not has_paste:
            self.copy_body = [(t.kind, t.text, t.span.file, t.span.start, t.span.end, t.space) for t in body]
        else:
            self.plan = self._make_plan()

    def __reduce__(self) -> tuple:
        # The header cache keeps macros; the plan is rebuilt from the body.
        return (_Macro, (self.name, self.name_span, self.params, self.variadic, self.body, self.builtin))

    def _make_plan(self) -> list[tuple]:
        body = self.body
        index_of = {name: i for i, name in enumerate(self.params or ())}
        function_like = self.params is not None
        plan: list[tuple] = []
        i = 0
        n = len(body)
        while i < n:
            tok = body[i]
            if tok.kind is PUNCT and tok.text == "##":
                plan.append((_PLAN_PASTE, tok))
            elif function_like and tok.kind is PUNCT and tok.text == "#":
                # Validated at #define: a parameter follows.
                param = body[i + 1]
                plan.append((_PLAN_STRINGIZE, index_of[param.text], tok, param))
                i += 1
            elif tok.kind is IDENT and tok.text in index_of:
                # Next to ## the argument is used as written, not expanded.
                raw = ((i > 0 and body[i - 1].kind is PUNCT and body[i - 1].text == "##")
                       or (i + 1 < n and body[i + 1].kind is PUNCT and body[i + 1].text == "##"))
                plan.append((_PLAN_ARG, index_of[tok.text], tok, raw))
            else:
                plan.append((_PLAN_TOKEN, tok))
            i += 1
        return plan

    def same_definition(self, other: "_Macro") -> bool:
        """C's rule for a benign redefinition: same parameters, same tokens,
        same whitespace separation."""
        if self.builtin or other.builtin:
            return False
        if self.params != other.params or self.variadic != other.variadic:
            return False
        if len(self.body) != len(other.body):
            return False
        for i, (a, b) in enumerate(zip(self.body, other.body)):
            if a.text != b.text or (i and a.space != b.space):
                return False
        return True


def _stringize(tokens: list[PPToken]) -> str:
    """The `#param` string: spellings joined by single spaces where the
    argument had whitespace; quotes and backslashes inside literals escaped."""
    parts = ['"']
    first = True
    for tok in tokens:
        if not first and (tok.space or tok.bol):
            parts.append(" ")
        first = False
        if tok.kind is STRING or tok.kind is CHAR:
            parts.append(tok.text.replace("\\", "\\\\").replace('"', '\\"'))
        else:
            parts.append(tok.text)
    parts.append('"')
    return "".join(parts)


def _quote_path(path: str) -> str:
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ==========================================================================
# #if expressions

_U64_MASK = (1 << 64) - 1
_INT64_MAX = (1 << 63) - 1
_INT64_MIN = -(1 << 63)

_BINARY_PRECEDENCE = {
    "*": 10, "/": 10, "%": 10,
    "+": 9, "-": 9,
    "<<": 8, ">>": 8,
    "<": 7, ">": 7, "<=": 7, ">=": 7,
    "==": 6, "!=": 6,
    "&": 5, "^": 4, "|": 3, "&&": 2, "||": 1,
}
# Tokens that end a binary-operator chain without being an error there.
_EXPRESSION_STOPPERS = frozenset((")", ":", "?", ","))
_HEX_DIGITS_RE = LazyPattern(r"[0-9a-fA-F]*")
_DECIMAL_DIGITS_RE = LazyPattern(r"[0-9]*")   # binary too: '2' in 0b2 is then a bad digit, not a suffix
_INTEGER_SUFFIXES = frozenset(("", "u", "l", "ul", "lu", "ll", "ull", "llu"))
_SIMPLE_ESCAPES = {"n": 10, "t": 9, "r": 13, "a": 7, "b": 8, "f": 12, "v": 11, "e": 27,
                   "\\": 92, "'": 39, '"': 34, "?": 63}
_ESCAPE_RE = LazyPattern(r"\\(?:([0-7]{1,3})|x([0-9a-fA-F]+)|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|([\s\S]))|([\s\S])")


def _wrap(value: int, unsigned: bool) -> int:
    """Reduce to 64 bits: uintmax_t or intmax_t, the types of #if arithmetic."""
    value &= _U64_MASK
    if not unsigned and value > _INT64_MAX:
        value -= 1 << 64
    return value


class _ExpressionError(Exception):
    """Abandons an #if expression after its (single) error was reported."""


class _ConditionEvaluator:
    """Evaluates one #if/#elif expression (macros already expanded).

    Values are (int, unsigned) pairs with C's usual arithmetic conversions;
    `live` is False inside the unevaluated side of `&&`, `||` and `?:`, where
    division by zero and overflow are not diagnosed.
    """

    __slots__ = ("tokens", "pos", "end_span", "diags", "macros", "depth")

    def __init__(self, tokens: list[PPToken], end_span: Span, diags: Diagnostics, macros: dict) -> None:
        self.tokens = tokens
        self.pos = 0
        self.end_span = end_span
        self.diags = diags
        self.macros = macros
        self.depth = 0

    def evaluate(self) -> int | None:
        """The value, or None after an error (the group is then not taken)."""
        try:
            value, _ = self._comma(True)
            if self.pos < len(self.tokens):
                self._fail(self.tokens[self.pos].span, "expected end of line in preprocessor expression")
            return value
        except _ExpressionError:
            return None

    # -- helpers
    def _fail(self, span: Span, message: str) -> None:
        self.diags.error(span, message)
        raise _ExpressionError

    def _peek_punct(self, text: str) -> PPToken | None:
        if self.pos < len(self.tokens):
            tok = self.tokens[self.pos]
            if tok.kind is PUNCT and tok.text == text:
                return tok
        return None

    def _here(self) -> Span:
        return self.tokens[self.pos].span if self.pos < len(self.tokens) else self.end_span

    def _enter(self, tok: PPToken) -> None:
        self.depth += 1
        if self.depth > _MAX_EXPRESSION_NESTING:
            self._fail(tok.span, "preprocessor expression is nested too deeply")

    # -- grammar: comma < conditional < binary (precedence climbing) < unary
    def _comma(self, live: bool) -> tuple[int, bool]:
        value = self._conditional(live)
        while self._peek_punct(","):
            self.pos += 1
            value = self._conditional(live)
        return value

    def _conditional(self, live: bool) -> tuple[int, bool]:
        condition = self._binary(1, live)
        if not self._peek_punct("?"):
            return condition
        self.pos += 1
        chosen = condition[0] != 0
        if_true = self._comma(live and chosen)
        if not self._peek_punct(":"):
            self._fail(self._here(), "expected ':' in preprocessor expression")
        self.pos += 1
        if_false = self._conditional(live and not chosen)
        unsigned = if_true[1] or if_false[1]
        return _wrap(if_true[0] if chosen else if_false[0], unsigned), unsigned

    def _binary(self, min_precedence: int, live: bool) -> tuple[int, bool]:
        lhs = self._unary(live)
        tokens = self.tokens
        while self.pos < len(tokens):
            op = tokens[self.pos]
            precedence = _BINARY_PRECEDENCE.get(op.text) if op.kind is PUNCT else None
            if precedence is None:
                if op.kind is PUNCT and op.text in _EXPRESSION_STOPPERS:
                    break
                self._fail(op.span, "token is not a valid binary operator in a preprocessor subexpression")
            if precedence < min_precedence:  # type: ignore[operator]
                break
            self.pos += 1
            if op.text == "&&":
                rhs = self._binary(precedence + 1, live and lhs[0] != 0)  # type: ignore[operator]
                lhs = (int(lhs[0] != 0 and rhs[0] != 0), False)
            elif op.text == "||":
                rhs = self._binary(precedence + 1, live and lhs[0] == 0)  # type: ignore[operator]
                lhs = (int(lhs[0] != 0 or rhs[0] != 0), False)
            else:
                rhs = self._binary(precedence + 1, live)  # type: ignore[operator]
                lhs = self._apply(op, lhs, rhs, live)
        return lhs

    def _unary(self, live: bool) -> tuple[int, bool]:
        if self.pos >= len(self.tokens):
            self._fail(self.end_span, "expected value in expression")
        tok = self.tokens[self.pos]
        kind = tok.kind
        text = tok.text
        if kind is PUNCT and text == ")":
            self._fail(tok.span, "expected value in expression")
        self.pos += 1
        if kind is NUMBER:
            return self._integer_literal(tok)
        if kind is CHAR:
            return self._char_literal(tok)
        if kind is IDENT:
            if text == "defined":
                return self._defined(tok)
            # C++ semantics (HLSL is C++-like): true is 1.  Every other
            # identifier left after expansion is 0.
            return (1 if text == "true" else 0), False
        if kind is PUNCT:
            if text == "(":
                self._enter(tok)
                value = self._comma(live)
                if not self._peek_punct(")"):
                    self._fail(self._here(), "expected ')' in preprocessor expression")
                self.pos += 1
                self.depth -= 1
                return value
            if text in ("+", "-", "~", "!"):
                self._enter(tok)
                value, unsigned = self._unary(live)
                self.depth -= 1
                if text == "+":
                    return value, unsigned
                if text == "-":
                    if live and not unsigned and value == _INT64_MIN:
                        self.diags.warning(tok.span, "integer overflow in preprocessor expression")
                    return _wrap(-value, unsigned), unsigned
                if text == "~":
                    return _wrap(~value, unsigned), unsigned
                return int(value == 0), False
        self._fail(tok.span, "invalid token at start of a preprocessor expression")
        raise AssertionError  # unreachable: _fail raises

    def _defined(self, tok: PPToken) -> tuple[int, bool]:
        # Only reached for a `defined` produced by macro expansion (undefined
        # behaviour in C; evaluated like clang does).
        paren = self._peek_punct("(") is not None
        if paren:
            self.pos += 1
        if self.pos >= len(self.tokens) or self.tokens[self.pos].kind is not IDENT:
            self._fail(self._here(), "macro name must be an identifier")
        name = self.tokens[self.pos].text
        self.pos += 1
        if paren:
            if not self._peek_punct(")"):
                self._fail(self._here(), "missing ')' after 'defined'")
            self.pos += 1
        return int(name in self.macros), False

    def _apply(self, op: PPToken, lhs: tuple[int, bool], rhs: tuple[int, bool], live: bool) -> tuple[int, bool]:
        text = op.text
        x, x_unsigned = lhs
        y, y_unsigned = rhs
        if text == "<<" or text == ">>":
            # No usual arithmetic conversion: the result has the left type.
            unsigned = x_unsigned
            amount = y if y >= 0 else 64   # a negative count acts as a huge one
            overflow = False
            if text == "<<":
                if amount >= 64:
                    result, overflow = 0, x != 0
                else:
                    result = x << amount
                    overflow = result > _U64_MASK if unsigned else not (_INT64_MIN <= result <= _INT64_MAX)
            else:
                if amount >= 64:
                    result, overflow = (-1 if x < 0 else 0), True
                else:
                    result = x >> amount
            if overflow and live:
                self.diags.warning(op.span, "integer overflow in preprocessor expression")
            return _wrap(result, unsigned), unsigned
        unsigned = x_unsigned or y_unsigned
        if unsigned:
            x &= _U64_MASK
            y &= _U64_MASK
        if text == "==":
            return int(x == y), False
        if text == "!=":
            return int(x != y), False
        if text == "<":
            return int(x < y), False
        if text == ">":
            return int(x > y), False
        if text == "<=":
            return int(x <= y), False
        if text == ">=":
            return int(x >= y), False
        if text == "+":
            result = x + y
        elif text == "-":
            result = x - y
        elif text == "*":
            result = x * y
        elif text == "/" or text == "%":
            if y == 0:
                if live:
                    what = "division" if text == "/" else "remainder"
                    self._fail(op.span, f"{what} by zero in preprocessor expression")
                return 0, unsigned
            # C truncates toward zero; Python's // floors.
            quotient = abs(x) // abs(y)
            if (x < 0) != (y < 0):
                quotient = -quotient
            result = quotient if text == "/" else x - quotient * y
        elif text == "&":
            result = x & y
        elif text == "|":
            result = x | y
        else:  # "^"
            result = x ^ y
        wrapped = _wrap(result, unsigned)
        if live and not unsigned and wrapped != result:
            self.diags.warning(op.span, "integer overflow in preprocessor expression")
        return wrapped, unsigned

    def _integer_literal(self, tok: PPToken) -> tuple[int, bool]:
        text = tok.text
        lower = text.lower()
        if lower.startswith("0x"):
            base, digits_at, digit_re = 16, 2, _HEX_DIGITS_RE
        elif lower.startswith("0b"):
            base, digits_at, digit_re = 2, 2, _DECIMAL_DIGITS_RE
        else:
            base, digits_at, digit_re = 10, 0, _DECIMAL_DIGITS_RE
        if "." in text or (base == 10 and "e" in lower) or (base == 16 and "p" in lower):
            self._fail(tok.span, "floating point literal in preprocessor expression")
        m = digit_re.match(text, digits_at)
        digits = m.group()
        suffix = text[m.end():]
        if not digits:
            # "0x" / "0b" alone: clang reads the 0 and complains about the rest.
            digits, suffix, base = "0", text[1:], 10
        if suffix.lower() not in _INTEGER_SUFFIXES:
            self._fail(tok.span, f"invalid suffix '{suffix}' on integer constant")
        if base == 10 and len(digits) > 1 and digits[0] == "0":
            base = 8
            bad = next((d for d in digits if d in "89"), None)
            if bad:
                self._fail(tok.span, f"invalid digit '{bad}' in octal constant")
        if base == 2:
            bad = next((d for d in digits if d not in "01"), None)
            if bad:
                self._fail(tok.span, f"invalid digit '{bad}' in binary constant")
        # More than 64 bits' worth of digits is too large however it reads
        # (and int() refuses strings of over 4,300 digits).
        if len(digits.lstrip("0")) > {2: 64, 8: 22, 10: 20, 16: 16}[base] or int(digits, base) > _U64_MASK:
            self._fail(tok.span, "integer literal is too large to be represented in any integer type")
        value = int(digits, base)
        unsigned = "u" in suffix.lower()
        if not unsigned and value > _INT64_MAX:
            self.diags.warning(tok.span, "integer literal is too large to be represented in a signed "
                                         "integer type, interpreting as unsigned")
            unsigned = True
        return value, unsigned

    def _char_literal(self, tok: PPToken) -> tuple[int, bool]:
        text = tok.text
        quote = text.index("'")
        prefix = text[:quote]
        values: list[int] = []
        for m in _ESCAPE_RE.finditer(text, quote + 1, len(text) - 1):
            octal, hexa, ucn4, ucn8, simple, plain = m.groups()
            if plain is not None:
                values.append(ord(plain))
            elif octal is not None:
                values.append(int(octal, 8))
            elif hexa is not None:
                values.append(int(hexa, 16))
            elif ucn4 is not None or ucn8 is not None:
                values.append(int(ucn4 or ucn8, 16))
            else:
                values.append(_SIMPLE_ESCAPES.get(simple, ord(simple)))
        if not values:
            self._fail(tok.span, "empty character constant")
        if prefix == "":
            if len(values) == 1:
                value = values[0]
                # Plain char is signed (as on the targets clang/DXC run on).
                return (value - 256 if 128 <= value < 256 else value), False
            value = 0
            for v in values:
                value = ((value << 8) | (v & 0xFF)) & 0xFFFFFFFF
            return (value - (1 << 32) if value >= 1 << 31 else value), False
        return values[-1], prefix != "L"


# ==========================================================================
# Token sources the expander reads from

class _ListReader:
    """Tokens of one isolated list (a macro argument, a directive line):
    an invocation cannot reach beyond the list's end."""

    __slots__ = ("pending",)

    def __init__(self, tokens: list[PPToken]) -> None:
        self.pending = tokens[::-1]   # next token last: pop() is O(1)

    def next_token(self) -> PPToken | None:
        return self.pending.pop() if self.pending else None

    def take_lparen(self) -> bool:
        pending = self.pending
        if pending and pending[-1].kind is PUNCT and pending[-1].text == "(":
            pending.pop()
            return True
        return False


class _FileContext:
    """One file being read: its tokens, where we are, its open conditionals.

    `stop` is the index of the next directive (or the end): the expansion
    loop may run freely up to it.
    """

    __slots__ = ("source", "tokens", "n", "pos", "stop", "directive_positions", "directive_index",
                 "conditionals", "is_main", "once_key", "line_delta", "presumed_path", "cache")

    def __init__(self, lexed: _LexedFile, is_main: bool, once_key: str) -> None:
        self.source = lexed.source
        self.tokens = lexed.tokens
        self.n = len(lexed.tokens)
        self.pos = 0
        self.directive_positions = lexed.directive_positions
        self.directive_index = 0
        self.stop = lexed.directive_positions[0] if lexed.directive_positions else self.n
        self.conditionals: list[_Conditional] = []
        self.is_main = is_main
        self.once_key = once_key
        self.line_delta = 0                    # from #line: presumed minus physical line
        self.presumed_path: str | None = None  # from #line "file"
        # A built-in header being read for the header cache: (key, the
        # macros before it, diagnostics before it, files entered before it).
        self.cache: tuple[str, dict, int, int, set[str]] | None = None

    def passed_directive(self) -> None:
        """Step past the directive at `stop` (pos already moved beyond it)."""
        self.directive_index += 1
        positions = self.directive_positions
        self.stop = positions[self.directive_index] if self.directive_index < len(positions) else self.n


class _FileReader:
    """The main token source: pushed-back expansion results first, then the
    current file, processing directives met inside macro arguments.  It
    never leaves the current file: an invocation cannot span files."""

    __slots__ = ("pp", "pending")

    def __init__(self, pp: "Preprocessor") -> None:
        self.pp = pp
        self.pending: list[PPToken] = []

    def next_token(self) -> PPToken | None:
        if self.pending:
            return self.pending.pop()
        pp = self.pp
        while True:
            ctx = pp._stack[-1]
            pos = ctx.pos
            if pos < ctx.stop:
                ctx.pos = pos + 1
                tok = ctx.tokens[pos]
                if tok.kind is _UNTERMINATED:
                    tok = pp._report_unterminated(tok)
                return tok
            if pos >= ctx.n or pp._aborted:
                return None
            pp._handle_directive(ctx, in_macro_args=True)

    def take_lparen(self) -> bool:
        pending = self.pending
        if pending:
            if pending[-1].kind is PUNCT and pending[-1].text == "(":
                pending.pop()
                return True
            return False
        ctx = self.pp._stack[-1]
        if ctx.pos < ctx.stop:
            tok = ctx.tokens[ctx.pos]
            if tok.kind is PUNCT and tok.text == "(":
                ctx.pos += 1
                return True
        return False


class _Conditional:
    """An open #if chain.  `taken` once one of its groups was selected: every
    later #elif/#else group is then skipped unevaluated."""

    __slots__ = ("span", "taken", "seen_else")

    def __init__(self, span: Span, taken: bool) -> None:
        self.span = span
        self.taken = taken
        self.seen_else = False


# ==========================================================================
# The preprocessor

class PreprocessorOptions(ValueRecord):
    include_dirs: list[str]                 # -I, in order
    defines: list[tuple[str, str | None]]   # -D NAME[=VALUE]; None means "1"
    undefines: list[str]                    # -U NAME, applied last
    predefined: dict[str, str]              # the driver's predefined macros
    builtin_include_dir: str | None         # searched last
    header_cache: str                       # "off", "memory" or "disk" (hlslc/front/header_cache.py)
    # --confine-includes: an #include may only read files inside the
    # include_dirs and the built-in include folder (symbolic links
    # resolved); anything else is "file not found", without looking.
    confine_includes: bool
    _fields = ("include_dirs", "defines", "undefines", "predefined", "builtin_include_dir", "header_cache",
               "confine_includes")

    def __init__(self, include_dirs: list[str] | None = None, defines: list[tuple[str, str | None]] | None = None,
                 undefines: list[str] | None = None, predefined: dict[str, str] | None = None,
                 builtin_include_dir: str | None = None, header_cache: str = "off",
                 confine_includes: bool = False) -> None:
        self.include_dirs = [] if include_dirs is None else include_dirs
        self.defines = [] if defines is None else defines
        self.undefines = [] if undefines is None else undefines
        self.predefined = {} if predefined is None else predefined
        self.builtin_include_dir = builtin_include_dir
        self.header_cache = header_cache
        self.confine_includes = confine_includes

    __hash__ = None  # type: ignore[assignment]


class Preprocessor:
    """Preprocesses one translation unit per `run_file`/`run_text` call.

    Diagnostics go to the sink given; nothing raises for bad input.  `files`
    holds every file read (main file included) by the path used in spans.
    """

    def __init__(self, options: PreprocessorOptions, diags: Diagnostics) -> None:
        self.options = options
        self.diags = diags
        self.files: dict[str, SourceFile] = {}
        self._lexed: dict[str, _LexedFile] = {}
        # After a run: (number of leading tokens, entry) when the output
        # starts with a built-in header the cache holds or can now hold.
        self.header_prefix: tuple[int, HeaderEntry] | None = None
        # What the header cache did in the last run (see `CompileResult`).
        self.header_cache_status = "off"
        self._confined_roots: list[str] | None = None
        # The file an #include found only by ignoring case (for the warning).
        self.include_case_differs: str | None = None
        self._handlers = {
            "define": self._directive_define,
            "undef": self._directive_undef,
            "include": self._directive_include,
            "if": self._directive_if,
            "ifdef": self._directive_ifdef,
            "ifndef": self._directive_ifndef,
            "elif": self._directive_elif,
            "else": self._directive_else,
            "endif": self._directive_endif,
            "error": self._directive_error,
            "warning": self._directive_warning,
            "line": self._directive_line,
            "pragma": self._directive_pragma,
        }
        self._reset()

    # ------------------------------------------------------------------
    # Public entry points

    def run_file(self, path: str) -> list[PPToken] | None:
        """Preprocess the file at `path`; None if it cannot be read."""
        loaded = self._load(path, is_builtin=False)
        if isinstance(loaded, str):
            self.diags.report(Diagnostic(Severity.ERROR, loaded, path=path))
            return None
        return self._run(loaded)

    def run_text(self, text: str, path: str) -> list[PPToken]:
        """Preprocess `text` as if it were the file `path` (quoted includes
        are searched next to `path`)."""
        source = SourceFile(path, text)
        self.files[path] = source
        self._lexed.pop(path, None)
        return self._run(source)

    def release(self) -> None:
        """Let go of what only a run reads: the lexed files (every token of
        the main file, which the output holds only until it is parsed) and
        the run's state.  The handlers and the reader refer back to the
        preprocessor, so nothing but the cyclic collector frees it, and the
        `hlslc` command pauses that collector for the whole process: a
        10,000-line file's tokens were 26 MiB kept to the end."""
        self._lexed = {}
        self._reset()

    # ------------------------------------------------------------------
    # Run state

    def _reset(self) -> None:
        self._macros: dict[str, _Macro] = {name: _Macro(name, None, None, False, [], builtin=name)
                                           for name in _BUILTIN_MACROS}
        self._stack: list[_FileContext] = []
        self._reader = _FileReader(self)
        self._pending = self._reader.pending
        self._out: list[PPToken] = []
        self._once: set[str] = set()
        self._counter = 0
        self._expanded_tokens = 0
        self._argument_nesting = 0
        self._aborted = False
        self._hideset_unions: dict[tuple[frozenset, frozenset], frozenset] = {}
        self._entered = 0
        # While a built-in header the cache may keep is read: the includes
        # it runs (see `HeaderEntry.includes`); None otherwise.
        self._cache_includes: list[tuple] | None = None

    def _run(self, main: SourceFile) -> list[PPToken]:
        self._reset()
        self.header_prefix = None
        self.header_cache_status = "off" if self.options.header_cache == "off" else "not used"
        try:
            self._define_initial_macros()
            self._enter_file(main, is_main=True, once_key=self._once_key(main.path))
            self._drive()
        except RecursionError:
            # Last resort; the explicit nesting limits should fire first.
            self.diags.fatal(Span(main, 0, 0), "preprocessing nested too deeply")
        out = self._out
        self._reset()
        return out

    def _define_initial_macros(self) -> None:
        """Predefined macros, then -D, then -U, each set read as a buffer of
        directives so their definitions have spans to point at."""
        options = self.options

        def define_line(name: str, value: str) -> str:
            line = f"#define {name} {value.replace(chr(13), ' ').replace(chr(10), ' ')}\n"
            # A value ending in a backslash would splice the next line in.
            return line + "\n" if line.rstrip().endswith("\\") else line

        builtin_text = "".join(define_line(k, v) for k, v in options.predefined.items())
        command_text = "".join(define_line(k, "1" if v is None else v) for k, v in options.defines)
        command_text += "".join(f"#undef {name}\n" for name in options.undefines)
        for source in (SourceFile("<built-in>", builtin_text, is_builtin=True),
                       SourceFile("<command line>", command_text)):
            if source.text:
                self._enter_file(source, is_main=False, once_key=source.path)
                self._drive()
        # These buffers hold only directives; drop anything a bad value left.
        self._out.clear()

    # ------------------------------------------------------------------
    # Files

    @staticmethod
    def _once_key(path: str) -> str:
        try:
            return os.path.realpath(path)
        except (OSError, ValueError):
            return path

    def _load(self, path: str, is_builtin: bool) -> SourceFile | str:
        """The file's SourceFile, or the message saying why it cannot be read."""
        source = self.files.get(path)
        if source is not None:
            return source
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            return f"cannot open file '{path}': {exc.strerror or exc}"
        except ValueError as exc:   # e.g. a NUL byte in the path
            return f"cannot open file '{path}': {exc}"
        text, why = decode_source_bytes(data)
        if text is None:
            return f"file '{path}' {why}"
        source = SourceFile(path, text, is_builtin=is_builtin)
        self.files[path] = source
        return source

    def _lexed_file(self, source: SourceFile) -> _LexedFile:
        lexed = self._lexed.get(source.path)
        if lexed is None or lexed.source is not source:
            lexed = _lex(source)
            self._lexed[source.path] = lexed
        return lexed

    def _enter_file(self, source: SourceFile, is_main: bool, once_key: str) -> None:
        lexed = self._lexed_file(source)
        for span, message in lexed.problems:
            self.diags.error(span, message)
        self._stack.append(_FileContext(lexed, is_main, once_key))
        self._entered += 1

    def _leave_file(self) -> None:
        ctx = self._stack.pop()
        # Innermost first, as clang reports them.
        for conditional in reversed(ctx.conditionals):
            self.diags.error(conditional.span, "unterminated conditional directive")
        if ctx.cache is not None:
            self._header_read(ctx)

    # ------------------------------------------------------------------
    # The header cache (hlslc/front/header_cache.py)

    def _header_cacheable(self, ctx: _FileContext, is_builtin: bool) -> bool:
        """A built-in header included before the main file produced any token."""
        # Only one: after a hit the output is still empty, but the next
        # header's declarations would come after the cached ones.
        return (is_builtin and self.options.header_cache != "off" and ctx.is_main
                and len(self._stack) == 1 and not self._out and not self._pending
                and self.header_prefix is None)

    def _macro_state(self) -> str:
        """Every macro in force, as text: part of the header cache's key."""
        parts = []
        for name in sorted(self._macros):
            m = self._macros[name]
            body = " ".join(("_" if t.space else "") + t.text for t in m.body)
            parts.append(f"{name}({','.join(m.params) if m.params is not None else '-'}"
                         f"{'...' if m.variadic else ''}){m.builtin or ''}={body}")
        return "\n".join(parts)

    def _include_cached(self, source: SourceFile, once_key: str) -> str | None:
        """Use the cached header when there is one (returns None); otherwise
        the key under which to cache it once read."""
        from . import header_cache   # late: loaded only by a compile that includes a built-in header
        key = header_cache.make_key(source.path, source.text, self._macro_state())
        found = header_cache.lookup(key, use_disk=self.options.header_cache == "disk")
        if found is None:
            self.header_cache_status = "miss"
            return key
        entry, where = found
        if not self._nested_includes_match(entry):
            self.header_cache_status = "miss"
            return key
        self.header_cache_status = f"hit ({where})"
        self.files[entry.path] = entry.source
        for _name, _angled, _includer, path, _skipped, nested in entry.includes:
            if nested is not None:
                self.files[path] = nested       # the spans of its declarations point into it
        self._once.update(entry.once_added)
        macros = self._macros
        for name in entry.macros_removed:
            macros.pop(name, None)
        macros.update(entry.macros_set)
        if entry.once:
            self._once.add(once_key)
        # The header's tokens are not kept: the parser takes its declarations
        # from the entry, and -P runs without the cache.
        self.header_prefix = (0, entry)
        return None

    def _nested_includes_match(self, entry: "HeaderEntry") -> bool:
        """Whether the includes of a cached header would read the same
        files now: found again in the same place (the include directories
        may differ), with the same text, and none already included."""
        for name, angled, includer, path, skipped, nested in entry.includes:
            if self._find_include(name, angled, includer) != (path, True):
                return False
            if not skipped:
                if self._once_key(path) in self._once:
                    return False
                loaded = self._load(path, True)
                if isinstance(loaded, str) or nested is None or loaded.text != nested.text:
                    return False
        return True

    def _header_read(self, ctx: _FileContext) -> None:
        """The header has been read in full: offer it to the parser for
        caching when what it read was built in and it said nothing."""
        from .header_cache import HeaderEntry   # late: as in `_include_cached`
        key, before, diagnostics_before, entered_before, once_before = ctx.cache  # type: ignore[misc]
        includes = self._cache_includes or []
        self._cache_includes = None
        entered = 1 + sum(1 for include in includes if not include[4])
        if (len(self.diags.items) != diagnostics_before or self._entered != entered_before + entered
                or self._aborted or not self._out
                or any(include[3] is None for include in includes)
                or any(include[4] and self._once_key(include[3]) in once_before for include in includes)):
            # Something not built in, or a header the main file had already
            # included: what a hit would replay may differ.
            self.header_cache_status = "miss (not cacheable)"
            return
        macros = self._macros
        defined = {name: m for name, m in macros.items() if before.get(name) is not m}
        removed = tuple(name for name in before if name not in macros)
        entry = HeaderEntry(key, ctx.source.path, ctx.source, defined, removed, ctx.once_key in self._once)
        entry.includes = tuple(includes)
        entry.once_added = tuple(sorted(k for k in self._once - once_before if k != ctx.once_key))
        self.header_prefix = (len(self._out), entry)

    def _find_include(self, name: str, angled: bool, includer: str) -> tuple[str, bool] | None:
        """(path, found in the builtin dir) for an include name, or None.

        A name with backslashes is also tried with '/' for them, as DXC
        reads `#include "dir\\file.hlsli"` on Windows.  Under
        `confine_includes` a candidate outside the include folders is
        skipped before the file system is asked about it."""
        names = [name]
        if "\\" in name and os.sep != "\\":
            names.append(name.replace("\\", "/"))
        roots = self._include_roots() if self.options.confine_includes else None
        self.include_case_differs = None
        for fold_case in (False, True):
            for spelling in names:
                found = self._find_spelling(spelling, angled, includer, roots, fold_case)
                if found is not None:
                    return found
        return None

    @staticmethod
    def _case_folded(directory: str, name: str) -> str | None:
        """`directory/name` found by comparing each component without case,
        as on the Windows file systems DXC projects are written on; None
        when no entry (or more than one) matches."""
        path = directory or "."
        for part in name.replace("\\", "/").split("/"):
            if part in ("", "."):
                continue
            if part == "..":
                path = os.path.join(path, part)
                continue
            try:
                entries = [e for e in os.listdir(path) if e.lower() == part.lower()]
            except (OSError, ValueError):
                return None
            if len(entries) != 1:
                return None
            path = os.path.join(path, entries[0])
        return os.path.normpath(path)

    def _include_roots(self) -> list[str]:
        """The folders a confined #include may read from, resolved."""
        roots = self._confined_roots
        if roots is None:
            folders = list(self.options.include_dirs)
            if self.options.builtin_include_dir:
                folders.append(self.options.builtin_include_dir)
            roots = []
            for folder in folders:
                try:
                    roots.append(os.path.join(os.path.realpath(folder), ""))
                except (OSError, ValueError):
                    continue
            self._confined_roots = roots
        return roots

    @staticmethod
    def _inside(candidate: str, roots: list[str]) -> bool:
        try:
            real = os.path.realpath(candidate)
        except (OSError, ValueError):
            return False
        return any(real.startswith(root) for root in roots)

    def _find_spelling(self, name: str, angled: bool, includer: str,
                       roots: list[str] | None, fold_case: bool = False) -> tuple[str, bool] | None:
        if os.path.isabs(name) and fold_case:
            return None
        if os.path.isabs(name):
            if roots is not None and not self._inside(name, roots):
                return None
            try:
                return (name, False) if os.path.isfile(name) else None
            except (OSError, ValueError):
                return None
        directories: list[tuple[str, bool]] = []
        if not angled:
            directories.append((os.path.dirname(includer), False))
        directories.extend((d, False) for d in self.options.include_dirs)
        if self.options.builtin_include_dir:
            directories.append((self.options.builtin_include_dir, True))
        builtin_root = self.options.builtin_include_dir
        for directory, is_builtin in directories:
            candidate = os.path.normpath(os.path.join(directory, name))
            if fold_case:
                if is_builtin:
                    continue
                folded = self._case_folded(directory, name)
                if folded is None or folded == candidate:
                    continue
                self.include_case_differs = os.path.relpath(folded, directory or ".")
                candidate = folded
            if roots is not None and not self._inside(candidate, roots):
                continue
            try:
                if os.path.isfile(candidate):
                    # Anything under hlslc's own include tree is built in,
                    # however it was reached (a revision's directory, or a
                    # quoted include from a built-in header).
                    if not is_builtin and builtin_root:
                        root = os.path.join(os.path.normpath(builtin_root), "")
                        is_builtin = candidate.startswith(root)
                    return candidate, is_builtin
            except (OSError, ValueError):
                continue
        return None

    # ------------------------------------------------------------------
    # The main loop

    def _drive(self) -> None:
        """Expand until the include stack is empty."""
        stack = self._stack
        append = self._out.append
        pending = self._pending
        macros = self._macros
        reader = self._reader
        while stack:
            if pending:
                self._drain_pending()
                continue
            if self._aborted:
                break
            ctx = stack[-1]
            tokens = ctx.tokens
            pos = ctx.pos
            stop = ctx.stop
            # The hot loop: plain tokens up to the next directive.
            while pos < stop:
                tok = tokens[pos]
                kind = tok.kind
                if kind is IDENT:
                    if tok.text in macros:
                        break
                elif kind is _UNTERMINATED:
                    break
                append(tok)
                pos += 1
            if pos < stop:
                ctx.pos = pos + 1
                if tok.kind is _UNTERMINATED:
                    append(self._report_unterminated(tok))
                else:
                    replacement = self._expand(tok, reader)
                    if replacement is None:
                        append(tok)
                    else:
                        pending.extend(reversed(replacement))
                continue
            ctx.pos = pos
            if pos >= ctx.n:
                self._leave_file()
            else:
                self._handle_directive(ctx, in_macro_args=False)
        if self._aborted:
            stack.clear()
            pending.clear()

    def _drain_pending(self) -> None:
        """Rescan pushed-back expansion results (reading on into the file
        when a function-like macro's arguments continue there)."""
        pending = self._pending
        append = self._out.append
        macros = self._macros
        reader = self._reader
        while pending:
            tok = pending.pop()
            if tok.kind is IDENT and tok.text in macros and tok.text not in tok.hideset:
                replacement = self._expand(tok, reader)
                if replacement is None:
                    append(tok)
                else:
                    pending.extend(reversed(replacement))
            else:
                append(tok)

    def _expand_isolated(self, tokens: list[PPToken]) -> list[PPToken]:
        """Fully macro-expand a token list on its own (a macro argument, an
        #if or #include line)."""
        macros = self._macros
        if not any(t.kind is IDENT and t.text in macros for t in tokens):
            return tokens
        self._argument_nesting += 1
        try:
            if self._argument_nesting > _MAX_ARGUMENT_NESTING:
                self.diags.error(tokens[0].span, "macro invocations nested too deeply")
                return tokens
            reader = _ListReader(tokens)
            pending = reader.pending
            out: list[PPToken] = []
            while pending and not self._aborted:
                tok = pending.pop()
                if tok.kind is IDENT and tok.text in macros and tok.text not in tok.hideset:
                    replacement = self._expand(tok, reader)
                    if replacement is None:
                        out.append(tok)
                    else:
                        pending.extend(reversed(replacement))
                else:
                    out.append(tok)
            return out
        finally:
            self._argument_nesting -= 1

    def _report_unterminated(self, tok: PPToken) -> PPToken:
        text = tok.text
        quote = text.lstrip("u8UL")[:1]
        shown = "'\"'" if quote == '"' else "'"
        self.diags.error(tok.span, f"missing terminating {shown} character")
        return PPToken(STRING if quote == '"' else CHAR, text, tok.span, tok.bol, tok.space, tok.hideset)

    def _checked(self, tokens: list[PPToken]) -> list[PPToken]:
        """Directive tokens with unterminated literals reported."""
        if any(t.kind is _UNTERMINATED for t in tokens):
            return [self._report_unterminated(t) if t.kind is _UNTERMINATED else t for t in tokens]
        return tokens

    # ------------------------------------------------------------------
    # Macro expansion

    def _union(self, a: frozenset, b: frozenset) -> frozenset:
        if not a:
            return b
        if not b or a is b:
            return a
        key = (a, b)
        result = self._hideset_unions.get(key)
        if result is None:
            result = self._hideset_unions[key] = a | b
        return result

    def _expand(self, tok: PPToken, reader) -> list[PPToken] | None:
        """The replacement for macro name `tok` (to be rescanned), or None
        when it is not an invocation (a function-like name without `(`)."""
        macro = self._macros[tok.text]
        if macro.builtin is not None:
            return [self._builtin_token(macro, tok)]
        if macro.params is None:
            hideset = self._union(tok.hideset, macro.self_hideset)
            return self._substitute(macro, tok, None, hideset)
        if not reader.take_lparen():
            return None
        collected = self._collect_arguments(macro, tok, reader)
        if collected is None:
            return []
        args, rparen = collected
        # Prosser: the invocation's hide set is what the name and the closing
        # parenthesis share, plus the macro itself.
        shared = tok.hideset & rparen.hideset if tok.hideset and rparen.hideset else _EMPTY_HIDESET
        return self._substitute(macro, tok, args, self._union(shared, macro.self_hideset))

    def _collect_arguments(self, macro: _Macro, name_tok: PPToken,
                           reader) -> tuple[list[list[PPToken]], PPToken] | None:
        """The arguments after `(` up to the matching `)`, or None after
        reporting a wrong count or a missing `)`."""
        params = macro.params or ()
        count = len(params)
        # Commas in the variadic part belong to the last argument.
        last_split = count - 1 if macro.variadic else -1
        args: list[list[PPToken]] = []
        current: list[PPToken] = []
        depth = 0
        while True:
            tok = reader.next_token()
            if tok is None:
                if not self._aborted:
                    self._macro_call_error(macro, name_tok, "unterminated function-like macro invocation")
                return None
            if tok.kind is PUNCT:
                text = tok.text
                if text == "(":
                    depth += 1
                elif text == ")":
                    if depth == 0:
                        args.append(current)
                        break
                    depth -= 1
                elif text == "," and depth == 0 and len(args) != last_split:
                    args.append(current)
                    current = []
                    continue
            current.append(tok)
        if count == 0:
            if len(args) == 1 and not args[0]:
                return [], tok
            self._macro_call_error(macro, name_tok, "too many arguments provided to function-like macro invocation")
            return None
        if len(args) < count:
            if macro.variadic and len(args) == count - 1:
                args.append([])   # the variadic part may be left out entirely
            else:
                self._macro_call_error(macro, name_tok, "too few arguments provided to function-like macro invocation")
                return None
        elif len(args) > count:
            self._macro_call_error(macro, name_tok, "too many arguments provided to function-like macro invocation")
            return None
        return args, tok

    def _macro_call_error(self, macro: _Macro, name_tok: PPToken, message: str) -> None:
        diag = self.diags.error(name_tok.span, message)
        if macro.name_span is not None:
            diag.with_note(f"macro '{macro.name}' defined here", macro.name_span)

    def _substitute(self, macro: _Macro, name_tok: PPToken, args: list[list[PPToken]] | None,
                    hideset: frozenset) -> list[PPToken]:
        if self._aborted:
            return []
        origin = MacroOrigin(macro.name, name_tok.span, macro.name_span)
        if macro.plan is None:
            result = [PPToken(kind, text, Span(file, start, end, origin), False, space, hideset)
                      for kind, text, file, start, end, space in macro.copy_body]
        else:
            result = self._apply_plan(macro, args or [], origin, hideset)
        if result:
            # The expansion sits where the name was.
            first = result[0]
            first.bol = name_tok.bol
            first.space = name_tok.space
        self._expanded_tokens += len(result)
        if self._expanded_tokens > _MAX_EXPANDED_TOKENS and not self._aborted:
            self.diags.fatal(name_tok.span, f"macro expansion produced more than {_MAX_EXPANDED_TOKENS} tokens")
            self._aborted = True
        if self._aborted:   # here or in a nested argument expansion
            self._pending.clear()
            return []
        return result

    def _apply_plan(self, macro: _Macro, args: list[list[PPToken]], origin: MacroOrigin,
                    hideset: frozenset) -> list[PPToken]:
        """Substitute arguments, stringize and paste (C 6.10.3.1-3)."""
        result: list[PPToken] = []
        expanded: list[list[PPToken] | None] = [None] * len(args)
        union = self._union
        variadic_index = len(macro.params) - 1 if macro.variadic and macro.params else -1
        paste_tok: PPToken | None = None   # set when the previous element was ##
        left_empty = False                  # the previous operand was an empty argument (placemarker)
        after_comma = False                 # the previous element was a literal ','
        for element in macro.plan or ():
            tag = element[0]
            if tag == _PLAN_PASTE:
                paste_tok = element[1]
                continue
            if tag == _PLAN_TOKEN:
                body_tok = element[1]
                span = body_tok.span
                operand = [PPToken(body_tok.kind, body_tok.text, Span(span.file, span.start, span.end, origin),
                                   False, body_tok.space, hideset)]
            elif tag == _PLAN_ARG:
                index = element[1]
                if paste_tok is not None and index == variadic_index and after_comma:
                    # GNU `, ## __VA_ARGS__`: the comma goes when there are no
                    # variadic arguments; otherwise nothing is pasted.
                    if args[index]:
                        result.extend(PPToken(t.kind, t.text, t.span, False, t.space, union(t.hideset, hideset))
                                      for t in args[index])
                    else:
                        result.pop()
                    paste_tok = None
                    after_comma = False
                    left_empty = not result
                    continue
                if element[3]:
                    source = args[index]
                else:
                    source = expanded[index]
                    if source is None:
                        source = expanded[index] = self._expand_isolated(args[index])
                operand = [PPToken(t.kind, t.text, t.span, False, t.space, union(t.hideset, hideset))
                           for t in source]
                if operand:
                    operand[0].space = element[2].space
            else:  # _PLAN_STRINGIZE
                _, index, hash_tok, param_tok = element
                span = Span(hash_tok.span.file, hash_tok.span.start, param_tok.span.end, origin)
                operand = [PPToken(STRING, _stringize(args[index]), span, False, hash_tok.space, hideset)]
            after_comma = tag == _PLAN_TOKEN and element[1].text == ","
            if paste_tok is None:
                result.extend(operand)
                left_empty = not operand
            else:
                if left_empty:
                    result.extend(operand)
                    left_empty = not operand
                elif operand:
                    pasted = self._paste(result[-1], operand[0], paste_tok, origin)
                    if pasted is None:
                        result.extend(operand)
                    else:
                        result[-1] = pasted
                        result.extend(operand[1:])
                paste_tok = None
        return result

    def _paste(self, left: PPToken, right: PPToken, paste_tok: PPToken, origin: MacroOrigin) -> PPToken | None:
        text = left.text + right.text
        kind = _lexes_as_one_token(text)
        if kind is None:
            span = paste_tok.span
            self.diags.error(Span(span.file, span.start, span.end, origin),
                             f"pasting formed '{text}', an invalid preprocessing token")
            return None
        span = left.span
        return PPToken(kind, text, Span(span.file, span.start, span.end, origin), False, left.space, left.hideset)

    def _builtin_token(self, macro: _Macro, tok: PPToken) -> PPToken:
        span = Span(tok.span.file, tok.span.start, tok.span.end, MacroOrigin(macro.name, tok.span, None))
        where = tok.span.user_span()
        ctx = next((c for c in reversed(self._stack) if c.source is where.file), None)
        if macro.builtin == "__LINE__":
            line = where.line + (ctx.line_delta if ctx else 0)
            return PPToken(NUMBER, str(line), span, tok.bol, tok.space, tok.hideset)
        if macro.builtin == "__FILE__":
            path = ctx.presumed_path if ctx and ctx.presumed_path is not None else where.file.path
            return PPToken(STRING, _quote_path(path), span, tok.bol, tok.space, tok.hideset)
        value = self._counter
        self._counter += 1
        return PPToken(NUMBER, str(value), span, tok.bol, tok.space, tok.hideset)

    # ------------------------------------------------------------------
    # Directives

    def _handle_directive(self, ctx: _FileContext, in_macro_args: bool) -> None:
        """Process the directive whose `#` is at ctx.pos (== ctx.stop)."""
        tokens = ctx.tokens
        hash_pos = ctx.pos
        end = hash_pos + 1
        n = ctx.n
        while end < n and not tokens[end].bol:
            end += 1
        ctx.pos = end
        ctx.passed_directive()
        if end == hash_pos + 1:
            return   # the null directive
        name_tok = tokens[hash_pos + 1]
        args = tokens[hash_pos + 2:end]
        if name_tok.kind is IDENT:
            handler = self._handlers.get(name_tok.text)
            if handler is None:
                self.diags.error(name_tok.span, f"invalid preprocessing directive '#{name_tok.text}'")
                return
            handler(ctx, name_tok, args, in_macro_args)
        elif name_tok.kind is NUMBER:
            # GNU line marker: # 12 "file" flags...
            self._apply_line(ctx, name_tok, [name_tok] + self._checked(args), allow_flags=True)
        else:
            self.diags.error(name_tok.span, "invalid preprocessing directive")

    def _extra_tokens(self, directive: str, extra: list[PPToken]) -> None:
        if extra:
            self.diags.warning(extra[0].span, f"extra tokens at end of #{directive} directive")

    def _macro_name(self, name_tok: PPToken, args: list[PPToken], directive: str) -> PPToken | None:
        """The identifier a #define/#undef/#ifdef/#ifndef names, or None after an error."""
        if not args:
            self.diags.error(name_tok.span.after(), "macro name missing")
            return None
        tok = args[0]
        if tok.kind is not IDENT:
            self.diags.error(tok.span, "macro name must be an identifier")
            return None
        if tok.text == "defined" and directive in ("define", "undef"):
            self.diags.error(tok.span, "'defined' cannot be used as a macro name")
            return None
        return tok

    # -- #define / #undef

    def _directive_define(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        macro = self._parse_define(name_tok, self._checked(args))
        if macro is None:
            return
        old = self._macros.get(macro.name)
        if old is not None and not old.same_definition(macro):
            diag = self.diags.warning(macro.name_span, f"'{macro.name}' macro redefined")
            if old.name_span is not None:
                diag.with_note("previous definition is here", old.name_span)
        self._macros[macro.name] = macro

    def _parse_define(self, name_tok: PPToken, args: list[PPToken]) -> _Macro | None:
        name = self._macro_name(name_tok, args, "define")
        if name is None:
            return None
        n = len(args)
        i = 1
        params: list[str] | None = None
        variadic = False
        # Function-like only when '(' touches the name.
        if i < n and args[i].kind is PUNCT and args[i].text == "(" and not args[i].space:
            params = []
            i += 1
            while True:
                if i >= n:
                    self.diags.error(args[-1].span.after(), "missing ')' in macro parameter list")
                    return None
                tok = args[i]
                if tok.kind is PUNCT and tok.text == ")" and not params:
                    i += 1
                    break
                if tok.kind is PUNCT and tok.text == "...":
                    variadic = True
                    params.append("__VA_ARGS__")
                    i += 1
                elif tok.kind is IDENT:
                    if tok.text == "__VA_ARGS__":
                        self.diags.error(tok.span, "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro")
                        return None
                    if tok.text in params:
                        self.diags.error(tok.span, f"duplicate macro parameter name '{tok.text}'")
                        return None
                    params.append(tok.text)
                    i += 1
                    if i < n and args[i].kind is PUNCT and args[i].text == "...":
                        variadic = True   # GNU named variadic parameter: `args...`
                        i += 1
                else:
                    self.diags.error(tok.span, "invalid token in macro parameter list")
                    return None
                if i >= n:
                    self.diags.error(args[-1].span.after(), "missing ')' in macro parameter list")
                    return None
                tok = args[i]
                if tok.kind is PUNCT and tok.text == ")":
                    i += 1
                    break
                if variadic:
                    self.diags.error(tok.span, "missing ')' in macro parameter list")
                    return None
                if tok.kind is PUNCT and tok.text == ",":
                    i += 1
                    continue
                self.diags.error(tok.span, "expected comma in macro parameter list")
                return None
        body = args[i:]
        if body:
            for edge in (body[0], body[-1]):
                if edge.kind is PUNCT and edge.text == "##":
                    self.diags.error(edge.span, "'##' cannot appear at either end of a macro expansion")
                    return None
        if params is not None:
            for j, tok in enumerate(body):
                if tok.kind is PUNCT and tok.text == "#":
                    following = body[j + 1] if j + 1 < len(body) else None
                    if following is None or following.kind is not IDENT or following.text not in params:
                        self.diags.error(tok.span, "'#' is not followed by a macro parameter")
                        return None
        if not (variadic and params and params[-1] == "__VA_ARGS__"):
            for tok in body:
                if tok.kind is IDENT and tok.text == "__VA_ARGS__":
                    self.diags.warning(tok.span, "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro")
                    break
        return _Macro(name.text, name.span, tuple(params) if params is not None else None, variadic, body)

    def _directive_undef(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        name = self._macro_name(name_tok, args, "undef")
        if name is None:
            return
        self._extra_tokens("undef", args[1:])
        self._macros.pop(name.text, None)

    # -- #include

    def _directive_include(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], in_args: bool) -> None:
        if in_args:
            self.diags.error(name_tok.span, "embedding a #include directive within macro arguments is not supported")
            return
        parsed = self._include_name(name_tok, self._checked(args))
        if parsed is None:
            return
        name, angled, name_span = parsed
        if len(self._stack) >= MAX_INCLUDE_DEPTH:
            self.diags.fatal(name_span, "#include nested too deeply")
            self._aborted = True
            return
        found = self._find_include(name, angled, ctx.source.path)
        if found is None:
            diag = Diagnostic(Severity.ERROR, f"'{name}' file not found", name_span)
            if self.options.confine_includes:
                diag.notes.append(Note("--confine-includes: only files inside the include folders (-I) "
                                       "may be included", None))
            self.diags.report(diag)
            return
        path, is_builtin = found
        if self.include_case_differs is not None:
            # clang's -Wnonportable-include-path: found, with another case.
            self.diags.warning(name_span, f"non-portable path to file '{self.include_case_differs}'; specified path "
                                          f"differs in case from file name on disk")
        once_key = self._once_key(path)
        recording = self._cache_includes
        if once_key in self._once:
            if recording is not None:
                recording.append((name, angled, ctx.source.path, path if is_builtin else None, True, None))
            return
        loaded = self._load(path, is_builtin)
        if isinstance(loaded, str):
            self.diags.error(name_span, loaded)
            return
        if recording is not None:
            # Inside a header the cache may keep (see `_header_read`).
            recording.append((name, angled, ctx.source.path, path if is_builtin else None, False, loaded))
        cache_key = None
        if self._header_cacheable(ctx, is_builtin):
            cache_key = self._include_cached(loaded, once_key)
            if cache_key is None:
                return
        self._enter_file(loaded, is_main=False, once_key=once_key)
        if cache_key is not None:
            self._stack[-1].cache = (cache_key, dict(self._macros), len(self.diags.items), self._entered - 1,
                                     set(self._once))
            self._cache_includes = []

    def _include_name(self, name_tok: PPToken, args: list[PPToken]) -> tuple[str, bool, Span] | None:
        """(name, angled, span of the name) of an #include line, or None after an error."""
        for attempt in (0, 1):
            if args and args[0].kind is STRING and args[0].text.startswith('"'):
                first = args[0]
                self._extra_tokens("include", args[1:])
                name, angled, span = first.text[1:-1], False, first.span
                break
            if args and args[0].kind is PUNCT and args[0].text == "<":
                close = next((j for j in range(1, len(args)) if args[j].kind is PUNCT and args[j].text == ">"), None)
                if close is not None:
                    lt, gt = args[0], args[close]
                    if attempt == 0 and lt.span.file is gt.span.file:
                        # As written: the lexer split the name into tokens.
                        name = lt.span.file.text[lt.span.end:gt.span.start]
                        name = _SPLICE_RE.sub("", name)
                    else:
                        name = "".join((" " if t.space and j else "") + t.text
                                       for j, t in enumerate(args[1:close]))
                    self._extra_tokens("include", args[close + 1:])
                    angled, span = True, lt.span.cover(gt.span)
                    break
            if attempt == 0 and args:
                args = self._expand_isolated(args)   # #include MACRO
                continue
            where = args[0].span if args else name_tok.span.after()
            self.diags.error(where, "expected \"FILENAME\" or <FILENAME>")
            return None
        if not name:
            self.diags.error(span, "empty filename")
            return None
        return name, angled, span

    # -- conditionals

    def _directive_if(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        self._open_conditional(ctx, name_tok, self._evaluate_condition(name_tok, args))

    def _directive_ifdef(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        self._ifdef(ctx, name_tok, args, negate=False)

    def _directive_ifndef(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        self._ifdef(ctx, name_tok, args, negate=True)

    def _ifdef(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], negate: bool) -> None:
        name = self._macro_name(name_tok, args, name_tok.text)
        if name is None:
            # Like clang: skip the whole chain, #else included, to avoid
            # cascading errors.
            ctx.conditionals.append(_Conditional(name_tok.span, True))
            self._skip_false_group(ctx)
            return
        self._extra_tokens(name_tok.text, args[1:])
        self._open_conditional(ctx, name_tok, (name.text in self._macros) != negate)

    def _open_conditional(self, ctx: _FileContext, name_tok: PPToken, taken: bool) -> None:
        ctx.conditionals.append(_Conditional(name_tok.span, taken))
        if not taken:
            self._skip_false_group(ctx)

    def _directive_elif(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        if not ctx.conditionals:
            self.diags.error(name_tok.span, "#elif without #if")
            return
        conditional = ctx.conditionals[-1]
        if conditional.seen_else:
            self.diags.error(name_tok.span, "#elif after #else")
        if conditional.taken or conditional.seen_else:
            self._skip_false_group(ctx)
        elif self._evaluate_condition(name_tok, args):
            conditional.taken = True
        else:
            self._skip_false_group(ctx)

    def _directive_else(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        if not ctx.conditionals:
            self.diags.error(name_tok.span, "#else without #if")
            return
        conditional = ctx.conditionals[-1]
        self._extra_tokens("else", args)
        if conditional.seen_else:
            self.diags.error(name_tok.span, "#else after #else")
        conditional.seen_else = True
        if conditional.taken:
            self._skip_false_group(ctx)
        else:
            conditional.taken = True

    def _directive_endif(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        if not ctx.conditionals:
            self.diags.error(name_tok.span, "#endif without #if")
            return
        self._extra_tokens("endif", args)
        ctx.conditionals.pop()

    def _skip_false_group(self, ctx: _FileContext) -> None:
        """Jump to the #elif/#else/#endif ending the current group; the main
        loop then processes that directive.  Only directive names are
        looked at: nothing in a skipped group is diagnosed."""
        tokens = ctx.tokens
        positions = ctx.directive_positions
        count = len(positions)
        n = ctx.n
        nested: list[PPToken] = []   # #if names opened inside the skipped group
        index = ctx.directive_index
        while index < count:
            name_pos = positions[index] + 1
            if name_pos < n:
                name = tokens[name_pos]
                if not name.bol and name.kind is IDENT:
                    directive = name.text
                    if directive == "if" or directive == "ifdef" or directive == "ifndef":
                        nested.append(name)
                    elif directive == "endif":
                        if not nested:
                            break
                        nested.pop()
                    elif not nested and (directive == "else" or directive == "elif"):
                        break
            index += 1
        ctx.directive_index = index
        ctx.pos = ctx.stop = positions[index] if index < count else n
        if index >= count:
            # End of file inside skipped #ifs: they are unterminated too.
            ctx.conditionals.extend(_Conditional(name.span, True) for name in nested)

    def _evaluate_condition(self, name_tok: PPToken, args: list[PPToken]) -> bool:
        args = self._checked(args)
        if not args:
            self.diags.error(name_tok.span.after(), f"#{name_tok.text} with no expression")
            return False
        end_span = args[-1].span.after()
        replaced = self._replace_defined(args)
        if replaced is None:
            return False
        errors_before = self.diags.error_count
        expanded = self._expand_isolated(replaced)
        if self.diags.error_count != errors_before:
            return False   # a bad macro call: the rest would only cascade
        return bool(_ConditionEvaluator(expanded, end_span, self.diags, self._macros).evaluate())

    def _replace_defined(self, tokens: list[PPToken]) -> list[PPToken] | None:
        """`defined X` / `defined(X)` turned into 1 or 0 before expansion,
        so the operand is never expanded."""
        if not any(t.kind is IDENT and t.text == "defined" for t in tokens):
            return tokens
        out: list[PPToken] = []
        i = 0
        n = len(tokens)
        while i < n:
            tok = tokens[i]
            i += 1
            if tok.kind is not IDENT or tok.text != "defined":
                out.append(tok)
                continue
            paren = i < n and tokens[i].kind is PUNCT and tokens[i].text == "("
            if paren:
                i += 1
            if i >= n:
                self.diags.error(tokens[-1].span.after(), "macro name missing")
                return None
            name = tokens[i]
            if name.kind is not IDENT:
                self.diags.error(name.span, "macro name must be an identifier")
                return None
            i += 1
            if paren:
                if i >= n or tokens[i].kind is not PUNCT or tokens[i].text != ")":
                    where = tokens[i].span if i < n else name.span.after()
                    self.diags.error(where, "missing ')' after 'defined'")
                    return None
                i += 1
            value = "1" if name.text in self._macros else "0"
            out.append(PPToken(NUMBER, value, tok.span, tok.bol, tok.space))
        return out

    # -- diagnostics directives, #line, #pragma

    def _directive_error(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        self.diags.error(name_tok.span, self._rest_of_line(name_tok, args) or "#error")

    def _directive_warning(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        self.diags.warning(name_tok.span, self._rest_of_line(name_tok, args) or "#warning")

    @staticmethod
    def _rest_of_line(name_tok: PPToken, args: list[PPToken]) -> str:
        """The directive's text as written (not tokenized: it may hold
        apostrophes and other lone characters)."""
        if not args:
            return ""
        text = name_tok.span.file.text[name_tok.span.end:args[-1].span.end]
        return _SPLICE_RE.sub("", text).strip()

    def _directive_line(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        tokens = self._expand_isolated(self._checked(args))
        if not tokens:
            self.diags.error(name_tok.span.after(), "#line directive requires a positive integer argument")
            return
        self._apply_line(ctx, name_tok, tokens, allow_flags=False, last_raw=args[-1])

    def _apply_line(self, ctx: _FileContext, name_tok: PPToken, tokens: list[PPToken], allow_flags: bool,
                    last_raw: PPToken | None = None) -> None:
        """#line N ["file"] and `# N "file" flags`: change what __LINE__ and
        __FILE__ say for the rest of this file.  (Spans, and so diagnostic
        locations, stay physical.)"""
        number = tokens[0]
        if number.kind is not NUMBER or not number.text.isdigit():
            self.diags.error(number.span, "#line directive requires a simple digit sequence")
            return
        if len(number.text.lstrip("0")) > 10 or int(number.text) > 2147483647:
            self.diags.error(number.span, "line number out of range")
            return
        value = int(number.text)
        path = None
        if len(tokens) > 1:
            file_tok = tokens[1]
            if file_tok.kind is not STRING or not file_tok.text.startswith('"'):
                self.diags.error(file_tok.span, "invalid filename for #line directive")
                return
            path = re.sub(r"\\(.)", r"\1", file_tok.text[1:-1])
            if not allow_flags:
                self._extra_tokens("line", tokens[2:])
        last = last_raw or tokens[-1]
        source = ctx.source
        next_line = source.line_col(last.span.user_span().end)[0] + 1
        ctx.line_delta = value - next_line
        if path is not None:
            ctx.presumed_path = path

    def _directive_pragma(self, ctx: _FileContext, name_tok: PPToken, args: list[PPToken], _in_args: bool) -> None:
        # Only `once` means anything; other pragmas are dropped silently.
        if args and args[0].kind is IDENT and args[0].text == "once":
            if ctx.is_main:
                self.diags.warning(args[0].span, "#pragma once in main file")
            self._extra_tokens("pragma once", args[1:])
            self._once.add(ctx.once_key)


# ==========================================================================
# -P output

def _line_marker(line: int, path: str) -> str:
    return f"#line {line} {_quote_path(path)}\n"


def _would_merge(previous: PPToken, tok: PPToken) -> bool:
    """Whether spelling the two tokens with nothing between would lex
    differently (`+` `+` -> `++`); tokens adjacent in the source never do."""
    ps, ts = previous.span, tok.span
    if ps.file is ts.file and ps.end == ts.start and ps.end - ps.start == len(previous.text):
        return False
    text = previous.text + tok.text
    m = _TOKEN_RE.match(text)
    return m is None or not m.group(2) or m.end() != len(previous.text) or _lexes_as_one_token(m.group(2)) is None


def spell_tokens(tokens: list[PPToken]) -> str:
    """The preprocessed text: tokens re-spelled on their lines, with
    `#line N "file"` markers where the file changes or lines jump far."""
    parts: list[str] = []
    current_file: SourceFile | None = None
    current_line = 0
    previous: PPToken | None = None
    for tok in tokens:
        where = tok.span.user_span()
        file = where.file
        line, column = file.line_col(where.start)
        if previous is None:
            parts.append(_line_marker(line, file.path))
            parts.append(" " * (column - 1))
            current_file, current_line = file, line
        elif file is not current_file or tok.bol or line > current_line:
            gap = line - current_line
            if file is current_file and 0 < gap <= _LINE_JUMP_LIMIT:
                parts.append("\n" * gap)
                parts.append(" " * (column - 1))   # keep the indentation
                current_line = line
            elif file is current_file and gap == 0:
                parts.append(" ")
            else:
                parts.append("\n")
                parts.append(_line_marker(line, file.path))
                parts.append(" " * (column - 1))
                current_file, current_line = file, line
        elif tok.space or _would_merge(previous, tok):
            parts.append(" ")
        parts.append(tok.text)
        previous = tok
    if parts:
        parts.append("\n")
    return "".join(parts)
