"""A reader of DXIL-like LLVM IR text, in its typed-pointer spelling.

Owns: turning the text of a module into plain records: named struct types,
globals, function declarations and definitions (parameters, basic blocks,
instructions with typed operands), and metadata (named lists and numbered
nodes).  Only what the validator needs is interpreted; every instruction
keeps its text and the local values it mentions, so dataflow passes work on
any instruction.

Why our own reader and not `llvmlite.binding`: parsing the text in a fresh
LLVM context gives opaque pointers with the LLVM llvmlite links, so
`%dx.types.MatrixRef*` becomes `ptr` and the operand types the rules are
about disappear; it also rejects IR from other producers for reasons that
have nothing to do with DXIL (unknown attributes, an older syntax).  The
subset hlslc and DXC emit (one instruction per line, quoted or bare names)
is small and regular, and a reader of our own reports problems with the
line they are on.

Does not own: any rule (see `checks` and `uniformity`).
"""

from __future__ import annotations

import re
from itertools import chain

from ..records import Record, ValueRecord
from ..patterns import LazyPattern


class ParseError(ValueError):
    """The text is not IR this reader understands; `line` is 1-based.
    `truncated`: the text ends inside a function body (a module cut off)."""

    def __init__(self, message: str, line: int, truncated: bool = False) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.truncated = truncated


class Operand(ValueRecord):
    """One typed operand: `type` is the LLVM type text, `value` the value
    text with local/global names unquoted (`%x`, `@g`), `const` the integer
    value when it is an integer constant."""

    type: str
    value: str
    _fields = ("type", "value")

    def __init__(self, type: str, value: str) -> None:
        self.type = type
        self.value = value

    __hash__ = None  # type: ignore[assignment]

    @property
    def is_local(self) -> bool:
        return self.value.startswith("%")

    @property
    def const(self) -> int | None:
        try:
            return self._const          # read many times by the checks: computed once
        except AttributeError:
            pass
        v = self.value
        if (v[1:] if v[:1] == "-" else v).isdigit() and v.isascii():
            value: int | None = int(v)
            if self.type == "i1":
                value &= 1              # `i1 -1` is true (LLVM prints i1 constants signed)
        elif v in ("true", "false") and self.type == "i1":
            value = 1 if v == "true" else 0
        else:
            value = None
        self._const = value
        return value

    @property
    def is_constant(self) -> bool:
        """A constant operand (integer, aggregate, global): not a local value, not undef."""
        return not self.value.startswith("%") and self.value not in ("undef", "poison")

    @property
    def is_undef(self) -> bool:
        return self.value == "undef"


class Instruction(Record):
    text: str                 # the instruction as written, names unquoted
    line: int
    block: "Block"
    result: str | None        # "%name" or None
    opcode: str               # "call", "load", "br", ...
    type: str | None   # result type where the reader knows it
    callee: str | None           # calls: "@name" unquoted
    args: list[Operand]   # calls: typed arguments
    uses: list[str]       # local values mentioned (not labels)
    targets: list[str]    # branches: successor block names
    cond: str | None              # conditional br / switch: the condition value
    pointer: str | None           # load/store: the address; gep: the base
    stored: str | None            # store: the value
    incoming: list[tuple[str, str]]  # phi: (value, block)
    attachments: dict[str, str]     # "dbg" -> "!12"
    pointer_type: str | None        # atomicrmw/cmpxchg: the address's type (`i32 addrspace(3)*`)
    _fields = ("text", "line", "block", "result", "opcode", "type", "callee", "args", "uses", "targets", "cond", "pointer", "stored", "incoming", "attachments", "pointer_type")
    __slots__ = _fields

    def __init__(self, text: str, line: int, block: "Block", result: str | None, opcode: str, type: str | None = None, callee: str | None = None, args: list[Operand] | None = None, uses: list[str] | None = None, targets: list[str] | None = None, cond: str | None = None, pointer: str | None = None, stored: str | None = None, incoming: list[tuple[str, str]] | None = None, attachments: dict[str, str] | None = None, pointer_type: str | None = None) -> None:
        self.text = text
        self.line = line
        self.block = block
        self.result = result
        self.opcode = opcode
        self.type = type
        self.callee = callee
        self.args = [] if args is None else args
        self.uses = [] if uses is None else uses
        self.targets = [] if targets is None else targets
        self.cond = cond
        self.pointer = pointer
        self.stored = stored
        self.incoming = [] if incoming is None else incoming
        self.attachments = {} if attachments is None else attachments
        self.pointer_type = pointer_type

    def describe(self) -> str:
        return _ATTACHMENT.sub("", self.text).strip()


class Block(Record):
    name: str
    function: "Function"
    instructions: list[Instruction]
    _fields = ("name", "function", "instructions")
    __slots__ = _fields

    def __init__(self, name: str, function: "Function", instructions: list[Instruction] | None = None) -> None:
        self.name = name
        self.function = function
        self.instructions = [] if instructions is None else instructions

    @property
    def terminator(self) -> Instruction | None:
        return self.instructions[-1] if self.instructions else None


class Function(Record):
    name: str                  # "@name", unquoted
    result: str
    params: list[Operand]
    line: int
    blocks: list[Block]
    defined: bool
    # Names an instruction mentions that the function does not define
    # (an undefined value, or a type name: `checks` tells them apart).
    unresolved: list[tuple[Instruction, str]]
    end_line: int              # the line of the closing `}` (0: none yet)
    _fields = ("name", "result", "params", "line", "blocks", "defined", "unresolved", "end_line")

    def __init__(self, name: str, result: str, params: list[Operand], line: int, blocks: list[Block] | None = None, defined: bool = False, unresolved: list[tuple[Instruction, str]] | None = None, end_line: int = 0) -> None:
        self.name = name
        self.result = result
        self.params = params
        self.line = line
        self.blocks = [] if blocks is None else blocks
        self.defined = defined
        self.unresolved = [] if unresolved is None else unresolved
        self.end_line = end_line

    def block(self, name: str) -> Block | None:
        for b in self.blocks:
            if b.name == name:
                return b
        return None

    def instructions(self):
        try:
            return iter(self._read)     # read whole by `read_module`: its instructions, once listed
        except AttributeError:
            return chain.from_iterable([b.instructions for b in self.blocks])


class Global(ValueRecord):
    name: str
    type: str                 # the value type (e.g. "[1024 x half]")
    addrspace: int
    line: int
    init: str | None          # the initializer's text ("[2 x i32] [i32 1, i32 2]" less its type), if any
    _fields = ("name", "type", "addrspace", "line", "init")

    def __init__(self, name: str, type: str, addrspace: int, line: int, init: str | None = None) -> None:
        self.name = name
        self.type = type
        self.addrspace = addrspace
        self.line = line
        self.init = init

    __hash__ = None  # type: ignore[assignment]


class Module(ValueRecord):
    structs: dict[str, str]         # "%name" -> body text
    globals: dict[str, Global]
    functions: dict[str, Function]
    named_metadata: dict[str, list[str]]  # "dx.x" -> ["!0", ...]
    metadata: dict[str, list[str]]        # "!0" -> raw elements
    special_metadata: dict[str, str]      # "!7" -> "!DILocation(...)"
    metadata_lines: dict[str, int]        # "!0" and "dx.x" -> the line defining it
    _fields = ("structs", "globals", "functions", "named_metadata", "metadata", "special_metadata", "metadata_lines")

    def __init__(self, structs: dict[str, str] | None = None, globals: dict[str, Global] | None = None, functions: dict[str, Function] | None = None, named_metadata: dict[str, list[str]] | None = None, metadata: dict[str, list[str]] | None = None, special_metadata: dict[str, str] | None = None, metadata_lines: dict[str, int] | None = None) -> None:
        self.structs = {} if structs is None else structs
        self.globals = {} if globals is None else globals
        self.functions = {} if functions is None else functions
        self.named_metadata = {} if named_metadata is None else named_metadata
        self.metadata = {} if metadata is None else metadata
        self.special_metadata = {} if special_metadata is None else special_metadata
        self.metadata_lines = {} if metadata_lines is None else metadata_lines

    __hash__ = None  # type: ignore[assignment]

    def md_node(self, ref: str | None) -> list[str] | None:
        if ref is None or ref == "null":
            return None
        return self.metadata.get(ref.strip())

    def md_int(self, element: str) -> int | None:
        m = re.fullmatch(r"i\d+\s+(-?\d+)", element.strip())
        return int(m.group(1)) if m else None

    def md_string(self, element: str) -> str | None:
        m = re.fullmatch(r'!"(.*)"', element.strip())
        return m.group(1) if m else None


# --------------------------------------------------------------------------
# Lexical helpers

_PLAIN = LazyPattern(r"[-a-zA-Z$._0-9]+")
# A local or global name: bare, or quoted when it has other characters.
NAME = r'(?:[-a-zA-Z$._0-9]+|"[^"]*")'
_LOCAL = re.compile(r"%" + NAME)


_QUOTED_PLAIN = re.compile(r'([%@])"([-a-zA-Z$._0-9]+)"')


def unquote_names(text: str) -> str:
    """`%"a.b"` -> `%a.b`; a name with other characters (`@"f(int, int)"`)
    keeps its quotes."""
    if '"' not in text:
        return text
    # split() with the sigil and the name as groups, joined back, is the
    # text without those quotes, at C speed (a sub() calls Python per name).
    # Only names of plain characters match; the others keep their quotes.
    return "".join(_QUOTED_PLAIN.split(text))


def _strip_comment(line: str) -> str:
    cut = line.find(";")
    if cut < 0:
        return line.rstrip()
    if '"' not in line:
        return line[:cut].rstrip()
    out, quote = [], False
    for ch in line:
        if ch == '"':
            quote = not quote
        if ch == ";" and not quote:
            break
        out.append(ch)
    return "".join(out).rstrip()


_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
_NESTING = re.compile(r'[()\[\]{}<>"]')


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split at `sep` outside brackets and quotes."""
    if not _NESTING.search(text):
        parts = [p.strip() for p in text.split(sep)]
        return parts if len(parts) > 1 or parts[0] else []
    # Visit only the characters that matter (brackets, quotes, separators):
    # a Python loop over every character was the validator's hottest spot.
    scanner = _SPLIT_SCANNERS.get(sep)
    if scanner is None:
        scanner = _SPLIT_SCANNERS[sep] = re.compile('[][(){}<>"' + re.escape(sep) + "]")
    parts, depth, quote, start = [], 0, False, 0
    for m in scanner.finditer(text):
        ch = m.group()
        if ch == '"':
            quote = not quote
        elif quote:
            continue
        elif ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:m.start()].strip())
            start = m.end()
    tail = text[start:].strip()
    if tail or parts:
        parts.append(tail)
    return parts


_SPLIT_SCANNERS: dict[str, "re.Pattern[str]"] = {}


def _matching(text: str, start: int) -> int:
    """Index of the bracket closing the one at `start`."""
    depth = 0
    # Only the brackets matter: visited at C speed, not character by character.
    for m in _BRACKETS.finditer(text, start):
        if m.group() in "([{<":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return m.start()
    raise ValueError(f"unbalanced brackets in {text!r}")


_BRACKETS = re.compile(r"[][(){}<>]")


_BASE_TYPE = LazyPattern(r'(void|half|float|double|i\d+|label|metadata|x86_mmx|%(?:[-a-zA-Z$._0-9]+|"[^"]*"))')


# Most types are a scalar or named struct with pointer stars, and need
# neither bracket matching nor normalising.
_SIMPLE_TYPE_TEXT = r"(?:void|half|float|double|i\d+|label|metadata|%[-a-zA-Z$._0-9]+)(?: addrspace\(\d+\))?\**"
_SIMPLE_TYPE = re.compile(_SIMPLE_TYPE_TEXT)


def take_type(text: str) -> tuple[str, str]:
    """Read one type from the start of `text`: (type, rest)."""
    text = text.lstrip()
    m = _SIMPLE_TYPE.match(text)
    if m:
        rest = text[m.end():]
        if not rest.lstrip().startswith(("(", "*", "addrspace")):
            return m.group(0), rest
    if not text:
        raise ValueError("expected a type")
    if text[0] in "[{<(":
        end = _matching(text, 0)
        base, rest = text[:end + 1], text[end + 1:]
        if text.startswith("<{"):
            pass
    else:
        m = _BASE_TYPE.match(text)
        if not m:
            raise ValueError(f"expected a type at {text[:30]!r}")
        base, rest = m.group(1), text[m.end():]
    while True:
        stripped = rest.lstrip()
        m = _ADDRSPACE.match(stripped) if stripped.startswith("addrspace") else None
        if m:
            base += " " + m.group(0)
            rest = stripped[m.end():]
            continue
        if stripped.startswith("*"):
            base += "*"
            rest = stripped[1:]
            continue
        if stripped.startswith("(") and base not in ("label",):
            # a function type such as `void ()*`: only when a `*` follows
            end = _matching(stripped, 0)
            after = stripped[end + 1:].lstrip()
            if after.startswith("*"):
                base += " " + stripped[:end + 1]
                rest = stripped[end + 1:]
                continue
        return normalize_type(base), rest


_ADDRSPACE = LazyPattern(r"addrspace\(\d+\)")
_ATTRIBUTE = re.compile(r"[a-z_]+(\(\d+\))?")
_SPACES = re.compile(r"\s+")
_COMMA = re.compile(r"\s*,\s*")
_LBRACE = re.compile(r"\{\s*")
_RBRACE = re.compile(r"\s*\}")
_NEEDS_NORMALIZING = re.compile(r"[\s,{}]")


def normalize_type(t: str) -> str:
    t = t.strip()
    if not _NEEDS_NORMALIZING.search(t):
        return t
    t = _SPACES.sub(" ", t)
    t = _COMMA.sub(", ", t)
    t = _LBRACE.sub("{ ", t)
    t = _RBRACE.sub(" }", t)
    t = t.replace("{  }", "{}")
    return t


def take_operand(text: str) -> Operand:
    t, rest = take_type(text)
    rest = rest.strip()
    # parameter attributes between type and value (`i32 noundef %x`)
    words = rest.split()
    while len(words) > 1 and _ATTRIBUTE.fullmatch(words[0]) and words[0] not in (
            "undef", "null", "true", "false", "zeroinitializer", "poison") and words[0] not in _CONSTANT_EXPRESSIONS:
        rest = rest[len(words[0]):].strip()
        words = rest.split()
    return Operand(t, rest)


# The operators of constant expressions (`getelementptr inbounds ([64 x
# float], [64 x float] addrspace(3)* @g, i32 0, i32 0)`): a value, not
# parameter attributes.
_CONSTANT_EXPRESSIONS = frozenset({"getelementptr", "inbounds", "bitcast", "addrspacecast", "inttoptr", "ptrtoint",
                                   "trunc", "zext", "sext", "select", "extractelement"})

# `i32 400`, `%dx.types.MatrixRef* %matrix`, `half addrspace(3)* %.5`: an
# argument of a simple type with a plain value.
_SIMPLE_ARGUMENT = re.compile("(" + _SIMPLE_TYPE_TEXT + r") ([%@]?[-a-zA-Z$._0-9]+)")


def _take_argument(text: str) -> Operand:
    # A module passes the same arguments (`i32 400`, a handle) in call
    # after call: one record each, shared (records no one changes; the
    # table is emptied when a module's reading starts).
    found = _ARGUMENTS.get(text)
    if found is not None:
        return found
    m = _SIMPLE_ARGUMENT.fullmatch(text)
    if m and m.group(2) not in _ARGUMENT_KEYWORDS:
        found = Operand(m.group(1), m.group(2))
    else:
        found = take_operand(text)
    _ARGUMENTS[text] = found
    return found


_ARGUMENTS: dict[str, Operand] = {}


_ARGUMENT_KEYWORDS = frozenset({"noundef", "nonnull", "immarg", "signext", "zeroext", "inreg", "byval",
                                "nocapture", "readonly", "writeonly", "returned", "align", "dereferenceable"})


def locals_in(text: str) -> list[str]:
    return _LOCAL.findall(text)


# --------------------------------------------------------------------------
# The reader

_DEFINE = re.compile(r"(define|declare)\s+(.*)$")
_CALL_ATTRIBUTES = re.compile(r"(?:(?!(?:void|half|float|double|label)\b)[a-z_]+\s+)+")
_CALLEE = re.compile(r"([@%]" + NAME + r")\s*\(")
_LABEL = re.compile(r"([-a-zA-Z$._0-9]+|\"[^\"]*\"):")
_ASSIGN = re.compile(r"(%" + NAME + r")\s*=\s*(.*)$")
_NAMED_MD = re.compile(r"!([-a-zA-Z$._0-9]+)\s*=\s*!\{(.*)\}$")
_MD = re.compile(r"(![0-9]+)\s*=\s*(?:distinct\s+)?!\{(.*)\}$")
_OLD_LABEL = re.compile(r"\s*;\s*<label>:(\d+)")
_SPECIAL_MD = LazyPattern(r"(![0-9]+)\s*=\s*(?:distinct\s+)?(!?[A-Za-z].*)$")
_ATTACHMENT = re.compile(r",\s*!([A-Za-z_.][-A-Za-z0-9_.]*)\s+(![0-9]+)")
_GLOBAL = LazyPattern(r"(@" + NAME + r")\s*=\s*(.*)$")
_STRUCT = re.compile(r"(%" + NAME + r")\s*=\s*type\s+(.*)$")
_LINKAGE = {"private", "internal", "external", "linkonce", "weak", "common", "appending", "extern_weak",
            "linkonce_odr", "weak_odr", "available_externally", "dso_local", "unnamed_addr",
            "local_unnamed_addr", "hidden", "protected", "default", "thread_local", "externally_initialized"}


def _name_numbered_entry(fn: Function) -> None:
    """An unnamed entry block is `%0` to LLVM (its values then start at
    `%1`), or the next number after numbered parameters (`%1` after `%0`):
    give it that name when a phi or branch refers to it so."""
    slot = str(sum(1 for p in fn.params if p.value[1:].isdigit()))
    if not fn.blocks or fn.blocks[0].name != "entry" or any(b.name == slot for b in fn.blocks):
        return
    for b in fn.blocks:
        for ins in b.instructions:
            if ins.targets and slot in ins.targets or ins.incoming and any(label == slot for _, label in ins.incoming):
                fn.blocks[0].name = slot
                return


def read_module(text: str) -> Module:
    mod = Module()
    seen: dict[str, tuple] = {}     # instruction text (less its result) -> its operands, read once
    fn: Function | None = None
    block: Block | None = None
    # Names unquoted in the whole text at once (one C call, not one a
    # line): a name `%"x"` holds no `;` or quote, so a comment is cut at
    # the same place, and no name spans two lines.
    lines = unquote_names(text).splitlines()
    _ARGUMENTS.clear()
    pending = ""
    pending_line = 0
    for number, raw in enumerate(lines, 1):
        old_label = _OLD_LABEL.match(raw) if ";" in raw else None
        if old_label and fn is not None:
            # LLVM 3.7 (DXC) writes unnamed blocks as `; <label>:4` comments.
            block = Block(old_label.group(1), fn)
            fn.blocks.append(block)
            continue
        line = _strip_comment(raw).strip() if ";" in raw else raw.strip()
        if pending:
            line = pending + " " + line
            number = pending_line
            pending = ""
        if not line:
            continue
        # a switch's case list may span lines
        if "[" in line and line.count("[") > line.count("]"):
            pending, pending_line = line, number
            continue
        if fn is not None:
            if line == "{" and not fn.blocks:
                continue
            if line == "}":
                # The validator's passes each walk every instruction: listed
                # once, here, where the function is read whole.
                fn._read = [ins for b in fn.blocks for ins in b.instructions]
                _name_numbered_entry(fn)
                fn.end_line = number
                _restrict_uses(fn)
                fn = None
                block = None
                continue
            m = _LABEL.fullmatch(line) if line[-1] == ":" else None
            if m:
                block = Block(m.group(1).strip('"'), fn)
                fn.blocks.append(block)
                continue
            if block is None:
                block = Block("entry", fn)
                fn.blocks.append(block)
            # `_read_instruction`, its usual case inline (an instruction whose
            # text, less its result, is known: most of a module's).
            result, body = None, line
            if line[0] == "%":
                m = _ASSIGN.match(line)
                if m:
                    result, body = m.group(1), m.group(2).strip()
            known = seen.get(body)
            if known is not None:
                block.instructions.append(Instruction(line, number, block, result, *known))
                continue
            try:
                block.instructions.append(_read_body(line, number, block, result, body, seen))
            except ParseError as exc:
                if not any(_strip_comment(rest).strip() for rest in lines[number:]):
                    # the last line, cut in the middle: the module was cut off
                    raise ParseError(f"the text ends inside the body of {fn.name} (begun at line {fn.line}), in "
                                     f"the middle of an instruction: {line[:60]!r}", number, truncated=True) from None
                raise exc
            continue
        if line.startswith(("source_filename", "target ", "attributes ")) or line.startswith("!llvm"):
            continue
        m = _DEFINE.match(line)
        if m:
            f = _read_function_header(m.group(2), number)
            f.defined = m.group(1) == "define"
            mod.functions[f.name] = f
            if f.defined:
                fn = f      # the `{` ends this line or is on the next (llvmlite)
            continue
        if line == "{":
            continue
        m = _STRUCT.match(line)
        if m:
            mod.structs[m.group(1)] = normalize_type(m.group(2))
            continue
        m = _NAMED_MD.match(line)
        if m and not line.startswith("!0") and not re.match(r"![0-9]", line):
            mod.named_metadata[m.group(1)] = [e for e in split_top(m.group(2)) if e]
            mod.metadata_lines[m.group(1)] = number
            continue
        m = _MD.match(line)
        if m:
            mod.metadata[m.group(1)] = [e for e in split_top(m.group(2)) if e]
            mod.metadata_lines[m.group(1)] = number
            continue
        m = _SPECIAL_MD.match(line)
        if m:
            mod.special_metadata[m.group(1)] = m.group(2)
            continue
        m = _GLOBAL.match(line)
        if m:
            mod.globals[m.group(1)] = _read_global(m.group(1), m.group(2), number)
            continue
        raise ParseError(f"cannot read {line[:60]!r}", number)
    if pending:
        if fn is not None:
            raise ParseError(f"the text ends inside the body of {fn.name} (begun at line {fn.line}), in the middle "
                             "of an instruction", pending_line, truncated=True)
        raise ParseError("unbalanced '['", pending_line)
    if fn is not None:
        raise ParseError(f"the text ends inside the body of {fn.name} (begun at line {fn.line}): no closing '}}'",
                         len(lines), truncated=True)
    return mod


def _restrict_uses(fn: Function) -> None:
    """Keep only the names the function defines (type names such as
    `%dx.types.Handle` look like locals to the scanner)."""
    defined = {p.value for p in fn.params} | {i.result for i in fn.instructions() if i.result}
    for ins in fn.instructions():
        uses = ins.uses
        if uses and not defined.issuperset(uses):
            ins.uses = [u for u in uses if u in defined]
            fn.unresolved.extend((ins, u) for u in uses if u not in defined)


_WORD = re.compile(r"[a-z_]+")
_PLAIN_HEADER = re.compile(r"void (@[-a-zA-Z$._0-9]+)\(\)")
_FUNCTION_NAME = re.compile(r"(@" + NAME + r")\s*\(")


def _read_function_header(text: str, number: int) -> Function:
    m = _PLAIN_HEADER.fullmatch(text)
    if m:
        return Function(m.group(1), "void", [], number)     # `void @name()`: a library's exports, an entry
    words = text.split(None, 1)
    while words and (words[0] in _LINKAGE or _WORD.fullmatch(words[0]) and words[0] not in (
            "void", "half", "float", "double", "label")):
        text = text[len(words[0]):].lstrip()
        words = text.split(None, 1)
    try:
        result, rest = take_type(text)
        rest = rest.strip()
        m = _FUNCTION_NAME.match(rest)
        if not m:
            raise ValueError("expected the function name")
        open_at = m.end() - 1
        close = _matching(rest, open_at)
        params = [take_operand(p) if not p.strip().startswith("...") else Operand("...", "")
                  for p in split_top(rest[open_at + 1:close]) if p]
    except ValueError as exc:
        raise ParseError(f"cannot read the function header: {exc}", number) from None
    for p in params:
        if p.type != "..." and not p.value:
            p.value = ""
    return Function(m.group(1), result, params, number)


def _read_global(name: str, text: str, number: int) -> Global:
    words = text.split()
    addrspace = 0
    while words and (words[0] in _LINKAGE or words[0].startswith("addrspace(")):
        if words[0].startswith("addrspace("):
            addrspace = int(re.match(r"addrspace\((\d+)\)", words[0]).group(1))
        text = text[len(words[0]):].lstrip()
        words = text.split()
    if words and words[0] in ("global", "constant"):
        text = text[len(words[0]):].lstrip()
    init = None
    try:
        t, rest = take_type(text)
        # The initializer runs to the first top-level comma (`, align 4`).
        parts = split_top(rest.strip())
        if parts and parts[0].strip():
            init = parts[0].strip()
    except ValueError:
        t = "?"
    return Global(name, t, addrspace, number, init)


def _read_instruction(line: str, number: int, block: Block, seen: "dict[str, tuple] | None" = None) -> Instruction:
    result = None
    body = line
    m = _ASSIGN.match(line) if line[:1] == "%" else None
    if m:
        result, body = m.group(1), m.group(2).strip()
    return _read_body(line, number, block, result, body, seen)


def _read_body(line: str, number: int, block: Block, result: str | None, body: str,
               seen: "dict[str, tuple] | None") -> Instruction:
    if seen is not None:
        # What an instruction's operands are depends only on its text after
        # the result: a module repeats the same calls (handles, matrices,
        # constants) in function after function, each read once.
        known = seen.get(body)
        if known is not None:
            # The operands, and the lists holding them, are shared: nothing
            # changes an instruction's lists once read (`_restrict_uses`
            # gives an instruction a new list of its own), and what `const`
            # computes is then computed once.
            return Instruction(line, number, block, result, *known)
        ins = _read_body(line, number, block, result, body, None)
        seen[body] = (ins.opcode, ins.type, ins.callee, ins.args, ins.uses, ins.targets, ins.cond,
                      ins.pointer, ins.stored, ins.incoming, ins.attachments, ins.pointer_type)
        return ins
    words = body.split(None, 1)
    if not words:
        raise ParseError(f"{result} is assigned no instruction", number)
    opcode = words[0]
    rest = words[1] if len(words) > 1 else ""
    if opcode in ("tail", "musttail", "notail") and rest.startswith("call"):
        opcode, rest = "call", rest[4:].strip()
    ins = Instruction(line, number, block, result, opcode)
    # metadata attachments (`, !dbg !12`) are not operands
    if "!" in rest:
        for name, ref in _ATTACHMENT.findall(rest):
            ins.attachments[name] = ref
        rest = _ATTACHMENT.sub("", rest)
    try:
        _fill(ins, rest)
    except ValueError as exc:
        raise ParseError(f"cannot read the instruction {line[:60]!r}: {exc}", number) from None
    except IndexError:
        raise ParseError(f"cannot read the instruction {line[:60]!r}: too few operands", number) from None
    return ins


def _fill(ins: Instruction, rest: str) -> None:
    op = ins.opcode
    if op == "br":
        parts = split_top(rest)
        if len(parts) == 1:
            ins.targets = [parts[0].split()[-1].lstrip("%")]
        else:
            ins.cond = take_operand(parts[0]).value
            ins.targets = [p.split()[-1].lstrip("%") for p in parts[1:]]
        ins.uses = [ins.cond] if ins.cond and ins.cond.startswith("%") else []
        return
    if op == "switch":
        head, _, cases = rest.partition("[")
        parts = split_top(head)
        ins.cond = take_operand(parts[0]).value
        ins.targets = [parts[1].split()[-1].lstrip("%")]
        ins.targets += [t.lstrip("%") for t in re.findall(r"label\s+(%" + NAME + ")", cases)]
        ins.uses = [ins.cond] if ins.cond.startswith("%") else []
        return
    if op == "call":
        # call [attrs] <ret type> [fnty] @callee(args) [attrs]
        text = _CALL_ATTRIBUTES.match(rest)
        text = rest[text.end():] if text else rest
        ins.type, text = take_type(text)
        text = text.strip()
        if text[:1] == "(":
            # The callee's type after the result's, which LLVM writes for a
            # call of a variadic function: `call void (i32, ...) @f(...)`.
            text = text[_matching(text, 0) + 1:].strip()
        m = _CALLEE.match(text)
        if not m:
            raise ValueError("expected the called function")
        ins.callee = m.group(1)
        args_text = text[m.end():]
        if args_text.endswith(")") and "(" not in args_text and ")" not in args_text[:-1]:
            args_text = args_text[:-1]          # the common case: nothing nested, no attributes after
        else:
            args_text = text[m.end():_matching(text, m.end() - 1)]
        ins.args = [_take_argument(a) for a in split_top(args_text) if a]
        ins.uses = [v for v in [a.value for a in ins.args] if v[:1] == "%"] + (
            [ins.callee] if ins.callee.startswith("%") else [])
        if ins.type == "void":
            ins.type = None
        return
    ins.uses = locals_in(rest)
    if op == "load":
        parts = split_top(rest)
        ins.type = take_type(parts[0])[0]
        ins.pointer = take_operand(parts[1]).value
    elif op == "store":
        parts = split_top(rest)
        value = take_operand(parts[0])
        ins.stored = value.value
        ins.type = value.type
        ins.pointer = take_operand(parts[1]).value
    elif op in ("atomicrmw", "cmpxchg"):
        # atomicrmw [volatile] OP T* ptr, T v ORDER; cmpxchg [weak] [volatile] T* ptr, T cmp, T new ORDER ORDER
        parts = split_top(rest)
        head = parts[0].split(None, 1)
        while head and head[0] in ("weak", "volatile"):
            head = head[1].split(None, 1) if len(head) > 1 else []
        if op == "atomicrmw" and head:
            head = head[1].split(None, 1) if len(head) > 1 else []
        pointer = take_operand(" ".join(head))
        ins.pointer, ins.pointer_type = pointer.value, pointer.type
        value = take_operand(parts[-1].rsplit(None, 2 if op == "cmpxchg" else 1)[0])
        ins.stored = value.value
        ins.type = value.type if op == "atomicrmw" else "{" + value.type + ", i1}"
    elif op == "alloca":
        ins.type = take_type(split_top(rest)[0])[0] + "*"
    elif op == "phi":
        t, tail = take_type(rest)
        ins.type = t
        ins.incoming = [(v.strip(), b.strip().lstrip("%"))
                        for v, b in re.findall(r"\[\s*([^,\]]+),\s*([^\]]+)\]", tail)]
        ins.uses = [v for v, _ in ins.incoming if v.startswith("%")]
    elif op == "select":
        parts = split_top(rest)
        ins.cond = take_operand(parts[0]).value
        ins.type = take_operand(parts[1]).type
    elif op == "getelementptr":
        text = rest
        if text.startswith("inbounds"):
            text = text[len("inbounds"):]
        parts = split_top(text)
        ins.pointer = take_operand(parts[1]).value
    elif op in ("bitcast", "addrspacecast", "inttoptr", "ptrtoint", "zext", "sext", "trunc", "fptrunc",
                "fpext", "fptoui", "fptosi", "uitofp", "sitofp"):
        m = re.search(r"\bto\s+(.*)$", rest)
        if m:
            ins.type = take_type(m.group(1))[0]
