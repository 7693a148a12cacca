"""The LALR(1) tables of hlslc's grammar, as plain data.

Owns: building the tables from `grammar/hlsl.lark` with Lark's LALR
analysis, flattening them into ints, tuples and dicts, and storing them so
a compile loads them in a few milliseconds without importing Lark at all.

Why not Lark's own `cache=`: loading Lark and its cached parser costs about
95 ms per process, more than the whole parse of a small shader; the tables
alone load in under 10 ms.  The grammar stays the source of truth: the
tables carry the SHA-256 of the grammar text, a packaged copy
(`grammar/hlsl.tables`, written by `python -m hlslc.front.parse_tables`) is used
when it matches, and otherwise the tables are rebuilt once and kept in the
user's cache directory.

Table encoding: `states[s][symbol]` is an int; >= 0 is the state to shift to
(for a terminal) or to go to (after reducing to a nonterminal); < 0 is a
reduction by rule `~entry`.  `rules[i]` is (size, nonterminal, mode,
callback name, flatten), where mode is one of the RULE_* constants below and
`flatten` says the children include inlined `_rule` results to splice.

Does not own: driving the tables (`parser`).
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from ..paths import grammar_dir, user_cache_dir, write_atomically

GRAMMAR_FILE = "hlsl.lark"
TABLES_FILE = "hlsl.tables"
FORMAT_VERSION = 2      # 2: marshal, CRC-32 key

# How a reduction builds its value.
RULE_CALL = 0          # call the builder method named by the rule
RULE_PASS = 1          # a single-symbol `?rule`: the child is the value
RULE_MAYBE_PASS = 2    # a longer `?rule`: pass through when one child remains
RULE_INLINE = 3        # a `_rule` (Lark's expansion of `x*` and friends): splice into the parent


class Tables:
    """Loaded tables; see the module docstring for the encoding."""

    __slots__ = ("key", "states", "rules", "start_state", "end_state", "terminals", "nonterminal_names",
                 "pass_chains")

    def __init__(self, data: dict[str, Any]) -> None:
        self.key: str = data["key"]
        self.states: dict[int, dict[str, int]] = data["states"]
        self.rules: list[tuple[int, str, int, str, bool]] = data["rules"]
        self.start_state: int = data["start_state"]
        self.end_state: int = data["end_state"]
        # Terminal name -> the literal it stands for ("SEMICOLON" -> ";"),
        # or None for the classifier's named terminals (NAME, TLT, ...).
        self.terminals: dict[str, str | None] = data["terminals"]
        self.nonterminal_names: set[str] = {rule[1] for rule in self.rules}
        # (state below, state, terminal) -> (state, action) after the unit
        # reductions that terminal triggers there (see parser._run), filled
        # as the parser meets them.
        self.pass_chains: dict[tuple[int, int, str], tuple[int, int | None]] = {}


def grammar_text() -> str:
    with open(os.path.join(grammar_dir(), GRAMMAR_FILE), encoding="utf-8") as f:
        return f.read()


def grammar_key(text: str) -> str:
    # A staleness check, not a signature: CRC-32 and the length tell an
    # edited grammar from the one the tables were built for, and zlib is
    # built in, where hashlib's import alone cost 2 ms of every start-up.
    data = f"{FORMAT_VERSION}\n{text}".encode()
    return f"{zlib.crc32(data):08x}{len(data):08x}"


def build_lark(strict: bool = False):
    """Lark's LALR parser for the grammar (used to compute the tables; the
    tests build it with strict=True so any conflict is an error)."""
    # late: Lark is needed only to rebuild the tables, never to load them
    from lark import Lark
    from lark.lexer import Lexer

    class TokensFromClassifier(Lexer):
        """Tokens come from `lexer.Classifier`; Lark never scans text."""

        def __init__(self, conf: Any) -> None:
            pass

        def lex(self, lexer_state: Any, parser_state: Any):  # pragma: no cover - never called
            return iter(())

    return Lark(grammar_text(), parser="lalr", lexer=TokensFromClassifier, keep_all_tokens=True,
                strict=strict, maybe_placeholders=False)


def build_tables(text: str | None = None) -> dict[str, Any]:
    """Compute the tables with Lark and flatten them to plain data."""
    from lark.parsers.lalr_analysis import Shift   # late: as in `build_lark`

    text = grammar_text() if text is None else text
    lark = build_lark()
    table = lark.parser.parser.parser.parse_table
    rule_index: dict[int, int] = {}
    rules: list[tuple[int, str, int, str, bool]] = []
    for rule in lark.rules:
        # str(): Lark's names can be its own Token objects, and the table file
        # must not need Lark to load.
        origin = str(rule.origin.name)
        name = str(rule.alias or rule.options.template_source or origin)
        size = len(rule.expansion)
        flatten = any(not sym.is_term and sym.name.startswith("_") for sym in rule.expansion)
        if origin.startswith("_"):
            mode = RULE_INLINE
        elif rule.options.expand1 and not rule.alias:
            mode = RULE_PASS if size == 1 and not flatten else RULE_MAYBE_PASS
        else:
            mode = RULE_CALL
        rule_index[id(rule)] = len(rules)
        rules.append((size, origin, mode, str(name), flatten))

    states: dict[int, dict[str, int]] = {}
    for state, actions in table.states.items():
        row: dict[str, int] = {}
        for symbol, (action, arg) in actions.items():
            row[str(symbol)] = arg if action is Shift else ~rule_index[id(arg)]
        states[state] = row

    terminals: dict[str, str | None] = {str(t.name): str(t.pattern.value) for t in lark.terminals}
    for actions in table.states.values():
        for symbol in actions:
            if symbol.isupper() and symbol not in terminals:
                terminals[str(symbol)] = None     # declared terminals and $END
    states, start, end = _canonical(states, table.start_states["start"], table.end_states["start"])
    return {
        "key": grammar_key(text),
        "states": states,
        "rules": rules,
        "start_state": start,
        "end_state": end,
        "terminals": dict(sorted(terminals.items())),
    }


def _canonical(states: dict[int, dict[str, int]], start: int,
               end: int) -> tuple[dict[int, dict[str, int]], int, int]:
    """The same automaton with its states numbered in breadth-first order
    from the start state (symbols in sorted order) and each row sorted, so
    the table file is the same bytes on every run: Lark numbers states in
    the iteration order of string sets, which changes with Python's hash
    seed."""
    number = {start: 0}
    order = [start]
    for state in order:
        for symbol in sorted(states[state]):
            target = states[state][symbol]
            if target >= 0 and target not in number:
                number[target] = len(order)
                order.append(target)
    for state in sorted(states):        # unreachable states, if any, keep a place
        if state not in number:
            number[state] = len(order)
            order.append(state)
    renumbered = {number[state]: {symbol: (number[target] if target >= 0 else target)
                                  for symbol, target in sorted(states[state].items())}
                  for state in order}
    return renumbered, number[start], number[end]


def _read(path: str, key: str) -> dict[str, Any] | None:
    try:
        with open(path, "rb") as f:
            data = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    return data


def encode(data: dict[str, Any]) -> bytes:
    """The table file's bytes: the same for the same tables on every run."""
    # marshal writes a back-reference for an object it meets twice, and
    # whether two equal strings (or numbers) are one object depends on how
    # Lark happened to build them.  Rebuilt with one object per value, the
    # same tables are the same bytes (and the file loads fast, unlike
    # marshal's version 2 without references).
    memo: dict[Any, Any] = {}

    def shared(value: Any) -> Any:
        if isinstance(value, dict):
            return {shared(k): shared(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(shared(v) for v in value)
        return memo.setdefault((type(value), value), value)

    return marshal.dumps(shared(data))


def _write(path: str, data: dict[str, Any]) -> None:
    write_atomically(path, encode(data), ".tables-")


def packaged_tables_path() -> str:
    return os.path.join(grammar_dir(), TABLES_FILE)


_LOADED: Tables | None = None


def load_tables() -> Tables:
    """The tables for the current grammar: the packaged copy when current,
    else the user cache, else built now (and cached when possible)."""
    global _LOADED
    if _LOADED is not None:
        return _LOADED
    text = grammar_text()
    key = grammar_key(text)
    data = _read(packaged_tables_path(), key)
    if data is None:
        cached = os.path.join(user_cache_dir(), f"grammar-{key[:20]}.tables")
        data = _read(cached, key)
        if data is None:
            data = build_tables(text)
            try:
                _write(cached, data)
            except OSError:
                pass      # a read-only home directory only costs speed
    _LOADED = Tables(data)
    return _LOADED


def main(argv: list[str] | None = None) -> int:
    """`python -m hlslc.front.parse_tables`: rewrite the packaged tables after a
    grammar change (a test fails until they match the grammar again)."""
    data = build_tables()
    path = packaged_tables_path()
    _write(path, data)
    print(f"wrote {path}: {len(data['states'])} states, {len(data['rules'])} rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
