"""Turns preprocessing tokens into the parser's terminals.

Owns: keyword and literal classification and the two decisions C++ cannot
leave to an LALR(1) grammar (architecture note 3):

* whether `<` after a name opens a template argument list: it does when the
  name was declared as a template (or is a built-in template such as
  `vector`); the brackets then become TLT/TGT, and `>>` is split when it
  closes two lists.  A `>` inside parentheses within the list is a
  comparison, as in C++.
* whether a name denotes a type: names declared by `struct`, `class`,
  `enum`, `typedef`, `using X =` or as template type parameters become
  TYPE_NAME.  Template type parameters are visible only in their template
  declaration; names declared in a function body only until its `}`; names
  declared in namespaces and classes stay visible (qualified lookup is
  sema's job; the lexer only needs to know the spelling denotes a type).

Declarations are recognised from the token stream itself, as each one is
read, so a name can be used as a template on the very next token.

Does not own: name lookup (sema), macro expansion (preprocessor).
"""

from __future__ import annotations

import re

from . import tokens as T
from ..diagnostics import Diagnostic, Diagnostics, Note, Severity
from ..spec.resource_types import (BUILTIN_TYPEDEF_NAMES, NODE_OBJECT_TEMPLATES, NODE_OBJECT_TYPES, PLAIN_RESOURCES,
                                   RAY_TRACING_TYPES, TEMPLATED_RESOURCES)
from ..patterns import LazyPattern

_SCALARS = (
    "bool int uint dword half float double int16_t uint16_t int32_t uint32_t "
    "int64_t uint64_t float16_t float32_t float64_t min16float min10float "
    "min16int min12int min16uint"
).split()

BUILTIN_TYPES: frozenset[str] = frozenset(
    ["void", "int8_t4_packed", "uint8_t4_packed", "string",
     # The opaque matrix handle of `--linalg-revision=dxc` (DXC's builtin type).
     "__builtin_LinAlgMatrix"]
    + sorted(PLAIN_RESOURCES) + sorted(RAY_TRACING_TYPES) + sorted(NODE_OBJECT_TYPES)
    + _SCALARS
    + [f"{s}{n}" for s in _SCALARS for n in range(1, 5)]
    + [f"{s}{r}x{c}" for s in _SCALARS for r in range(1, 5) for c in range(1, 5)]
)

# The built-in type names that are no C++ keywords (DXC looks them up only
# when no declaration has the name): the vector and matrix shorthands and
# HLSL's own scalar names.  A block variable may take one (`float int1`).
_SOFT_BUILTIN_TYPES: frozenset[str] = frozenset(
    [f"{s}{n}" for s in _SCALARS for n in range(1, 5)]
    + [f"{s}{r}x{c}" for s in _SCALARS for r in range(1, 5) for c in range(1, 5)]
    + [s for s in _SCALARS if s not in ("bool", "int", "float", "double")])

BUILTIN_TEMPLATES: frozenset[str] = frozenset(
    "vector matrix "
    "WaveMatrixLeft WaveMatrixRight WaveMatrixAccumulator WaveMatrixLeftColAcc "
    "WaveMatrixRightRowAcc RayQuery "
    "InputPatch OutputPatch PointStream LineStream TriangleStream".split()
) | TEMPLATED_RESOURCES | NODE_OBJECT_TEMPLATES

# Parameter modifiers of geometry and mesh shaders (`triangle float4 v[3]`,
# `out vertices V verts[32]`): keywords only at the start of a parameter,
# before its type, so `line` and `point` stay names everywhere else.
CONTEXTUAL_MODIFIERS = frozenset({"vertices", "indices", "primitives", "payload", "point", "line", "triangle",
                                  "lineadj", "triangleadj"})
_PARAM_STARTS = frozenset({"(", ",", "in", "out", "inout", "const", "uniform"})

# Interpolation modes (`linear float2 uv : TEXCOORD0;`, `sample float4 c`):
# keywords only right before a type or another modifier, as DXC parses
# them, so `sample`, `linear` and `center` stay names of variables
# (`float4 sample = t.Sample(s, uv);`).
INTERPOLATION_MODIFIERS = frozenset({"linear", "centroid", "noperspective", "sample", "center"})
_MODIFIER_WORDS = INTERPOLATION_MODIFIERS | {
    "const", "static", "uniform", "precise", "nointerpolation", "row_major", "column_major", "snorm", "unorm",
    "in", "out", "inout", "groupshared", "globallycoherent", "unsigned", "signed", "extern", "volatile"}

# The C++11 type attribute of DXC's matrix handle type (`--linalg-revision=dxc`).
LINALG_MATRIX_ATTRIBUTE = "__LinAlgMatrix_Attributes"

# Built-in methods that take template arguments: `buf.Load<float4>(0)`.
_TEMPLATED_METHODS = frozenset({"Load", "Store"})

# Integer literals: hexadecimal, decimal, octal and (as clang, so DXC)
# binary `0b1010`; float literals with HLSL's suffixes (`f`, `h`, `l`, and
# the fixed-size `f16`/`f32`/`f64` of HLSL 202x, which DXC accepts earlier
# with a warning), decimal or (as clang, so DXC) hexadecimal with a binary
# exponent, which C requires of them: `0x1.0p-24f` is 2^-24.
_INT_RE = re.compile(r"(?:0[xX][0-9a-fA-F]+|0[bB][01]+|[1-9][0-9]*|0[0-7]*)(?:[uU](?:ll|LL|[lL])?|(?:ll|LL|[lL])[uU]?)?\Z")
_FLOAT_RE = LazyPattern(r"(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?(?:[fF](?:16|32|64)|[fFhHlL])?\Z"
                        r"|[0-9]+[eE][+-]?[0-9]+(?:[fF](?:16|32|64)|[fFhHlL])?\Z"
                        r"|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+"
                        r"(?:[fF](?:16|32|64)|[fFhHlL])?\Z")

def _too_large(text: str) -> bool:
    """Whether an integer literal (well formed) needs more than 64 bits.
    Digits are counted before converting: int() refuses more than 4,300."""
    if len(text) < 20 and text.isdigit():
        return False        # the common case: at most 19 decimal (or octal) digits
    digits = text.rstrip("uUlL")
    if digits[:2] in ("0x", "0X"):
        digits, base, most = digits[2:], 16, 16
    elif digits[:2] in ("0b", "0B"):
        digits, base, most = digits[2:], 2, 64
    elif len(digits) > 1 and digits[0] == "0":
        base, most = 8, 22
    else:
        base, most = 10, 20
    significant = digits.lstrip("0")
    return len(significant) > most or (bool(significant) and int(significant, base) >= 1 << 64)


_IDENT = LazyPattern(r"[A-Za-z_]\w*\Z")


def _after_class_key_attribute(pptokens: list[T.PPToken], i: int) -> bool:
    """Whether token i follows `struct [attribute]` (`struct [raypayload]
    Payload { ... }`): the name the struct declares."""
    depth = 0
    j = i - 1
    while j > 0 and i - j < 64:
        text = pptokens[j].text
        if text == "]":
            depth += 1
        elif text == "[":
            depth -= 1
            if depth == 0:
                return pptokens[j - 1].text in ("struct", "class")
        j -= 1
    return False
# Words after a type that are no declarator's name.
_NOT_DECLARATORS = frozenset({"in", "out", "inout", "const", "register", "packoffset"})

# A declarator's name follows a type's last token and comes before one of these.
_TYPE_ENDINGS = frozenset({"BUILTIN_TYPE", "TYPE_NAME", "TGT"})
_DECLARATOR_ENDINGS = frozenset({"=", ";", ",", "[", ":"})


class ParserToken:
    """A terminal for the parser: its grammar name, its text, and its index
    in the token list (which is also its index in the list of origins)."""

    __slots__ = ("type", "value", "start_pos")

    def __init__(self, type: str, value: str, start_pos: int) -> None:
        self.type = type
        self.value = value
        self.start_pos = start_pos

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"ParserToken({self.type}, {self.value!r})"


# Scope kinds of the lexer's scope stack.
_NAMESPACE, _CLASS, _BLOCK, _TEMPLATE, _OTHER = range(5)


class _Scope:
    __slots__ = ("kind", "types", "values", "depth_mark", "is_function")

    def __init__(self, kind: int) -> None:
        self.kind = kind
        self.types: set[str] = set()
        # Variables of a block that hide a type of their name (`float3 L1 =
        # ...;` beside `struct L1`): a value until the block ends.
        self.values: set[str] = set()
        self.is_function = False


class Classifier:
    """Classifies a whole token list; keeps the template and type name sets."""

    def __init__(self, keyword_terminals: dict[str, str], punct_terminals: dict[str, str],
                 diags: Diagnostics, bracket_depth: int = 256) -> None:
        self.keywords = keyword_terminals
        # How deeply '(', '[' and '{' may nest (-fbracket-depth).
        self.bracket_depth = bracket_depth
        self.puncts = punct_terminals
        self.diags = diags
        self.template_names: set[str] = set()
        self.class_templates: set[str] = set()
        # Enumerator names: after `::` they are values even when a type of
        # the same spelling is in scope (`MatrixUse::A` next to `using A = ...`).
        self.enumerators: set[str] = set()
        # Type names declared at file scope; kept across `classify` calls, so
        # a translation unit can be classified in pieces (the header cache).
        # DXC's own typedefs (`sampler`, `RAY_FLAG`, ...) are there from the start.
        self.global_types: set[str] = set(BUILTIN_TYPEDEF_NAMES)
        # Whether the last `classify` ended between two top-level
        # declarations with nothing pending, where a next piece may start.
        self.ended_clean = False

    def names(self) -> tuple[frozenset[str], ...]:
        """The name sets a later piece of the same unit depends on (see
        `ended_clean`), frozen: the header cache keeps them."""
        return (frozenset(self.global_types), frozenset(self.template_names),
                frozenset(self.class_templates), frozenset(self.enumerators))

    def add_names(self, names: tuple[frozenset[str], ...]) -> None:
        """Continue after a piece whose `names()` these are."""
        for mine, theirs in zip((self.global_types, self.template_names, self.class_templates, self.enumerators),
                                names):
            mine.update(theirs)

    def classify(self, pptokens: list[T.PPToken]) -> tuple[list[ParserToken], list[T.PPToken]]:
        """The parser's tokens, and for each the preprocessing token it came
        from (a Lark token's `start_pos` is its index in both lists)."""
        out: list[ParserToken] = []
        origins: list[T.PPToken] = []
        append = out.append
        add_origin = origins.append

        def emit(ttype: str, text: str, source: T.PPToken) -> None:
            index = len(out)
            append(ParserToken(ttype, text, index))
            add_origin(source)
        keywords = self.keywords
        puncts = self.puncts
        template_names = self.template_names
        class_templates = self.class_templates

        # Bracket stack: '(', '[', '{', or '<' for a template argument list.
        brackets: list[str] = []
        scopes: list[_Scope] = [_Scope(_NAMESPACE)]
        scopes[0].types = self.global_types
        scope_of_brace: list[_Scope | None] = []   # parallel to '{' entries

        pending_brace = _BLOCK        # what the next '{' opens
        enum_next = False             # the next '{' opens an enum body
        enum_depth = -1               # len(brackets) inside the enum body being read
        enumerators = self.enumerators
        after_template_header = False  # next tokens declare a template
        template_scope: _Scope | None = None
        template_depth = 0            # len(brackets) where the template decl lives
        last_decl_name: str | None = None
        declaring_kind: str | None = None  # 'class' | 'enum' | 'typedef' | 'using' | 'namespace'
        typedef_last: str | None = None
        prev_text = ""
        prev_type = ""                # the terminal of the last token emitted by the main path
        has_values = False            # some block declared a variable hiding a type
        local_decl_depth = -1         # len(brackets) of the block declaration being read
        typedef_record_depth = -1     # len(brackets) of `typedef struct {` being read
        n = len(pptokens)

        def is_type(name: str, qualified: bool = False) -> bool:
            for scope in reversed(scopes):
                if name in scope.values and not qualified:
                    return False
                if name in scope.types:
                    return True
            return False

        def is_hidden(name: str) -> bool:
            """A local variable hides the type or template of its name."""
            for scope in reversed(scopes):
                if name in scope.values:
                    return True
                if name in scope.types:
                    return False
            return False

        def declare_type(name: str) -> None:
            # A name declared directly inside a template header's declaration
            # belongs to the scope outside the template parameters.
            for scope in reversed(scopes):
                if scope.kind != _TEMPLATE:
                    scope.types.add(name)
                    return

        def end_template_scope() -> None:
            nonlocal template_scope, after_template_header
            while scopes and scopes[-1].kind == _TEMPLATE and len(brackets) == scopes[-1].depth_mark:
                scopes.pop()
            template_scope = None
            after_template_header = False

        i = 0
        while i < n:
            tok = pptokens[i]
            kind = tok.kind
            text = tok.text
            nxt = pptokens[i + 1].text if i + 1 < n else ""
            ttype: str

            if kind is T.IDENT or kind == T.IDENT:
                kw = keywords.get(text)
                if kw is not None and text in CONTEXTUAL_MODIFIERS and not (
                        brackets and brackets[-1] == "(" and prev_text in _PARAM_STARTS
                        and i + 1 < n and pptokens[i + 1].kind == T.IDENT):
                    kw = None       # `line`, `point`, ... are names outside a parameter's modifiers
                if kw is not None and text in INTERPOLATION_MODIFIERS and not (
                        nxt in _MODIFIER_WORDS or nxt in BUILTIN_TYPES or nxt in BUILTIN_TEMPLATES
                        or (is_type(nxt) and not is_hidden(nxt))):
                    kw = None       # `float4 sample = ...`: a name
                if kw is not None and text in ("struct", "class") and brackets and brackets[-1] == "(" \
                        and _IDENT.match(nxt) and nxt not in keywords and not is_type(nxt) \
                        and i + 2 < n and _IDENT.match(pptokens[i + 2].text) and pptokens[i + 2].text not in keywords:
                    # `void f(struct P p);` before P is defined: as in C++, the
                    # elaborated specifier declares P (its definition follows).
                    declare_type(nxt)
                if kw is not None and text in ("struct", "class", "enum") and prev_text not in ("enum", "typename") \
                        and is_type(nxt) and i + 2 < n and _IDENT.match(pptokens[i + 2].text) \
                        and pptokens[i + 2].text not in keywords \
                        and not (brackets and brackets[-1] == "<"):
                    # An elaborated type specifier, `struct P p` / `void f(struct P p)`:
                    # the type P itself (C++ allows the key before a declared name).
                    i += 1
                    continue
                if kw is not None:
                    ttype = kw
                    if text in ("struct", "class", "interface") and prev_text != "enum":
                        if not (brackets and brackets[-1] == "<") and prev_text not in ("typename",):
                            if declaring_kind == "typedef":
                                # `typedef struct { ... } Name;`: the typedef
                                # resumes after the struct's body.
                                typedef_record_depth = len(brackets)
                            declaring_kind = "class"
                            pending_brace = _CLASS
                    elif text == "enum":
                        declaring_kind = "enum"
                        pending_brace = _CLASS
                        enum_next = True
                    elif text == "namespace":
                        declaring_kind = "namespace"
                        pending_brace = _NAMESPACE
                    elif text == "typedef":
                        declaring_kind = "typedef"
                        typedef_last = None
                    elif text == "using" and nxt != "namespace":
                        declaring_kind = "using"
                    elif text == "operator":
                        last_decl_name = None
                    elif text == "template" and nxt == "<":
                        # A template header: push the scope of its parameters.
                        tmpl = _Scope(_TEMPLATE)
                        tmpl.depth_mark = len(brackets)
                        scopes.append(tmpl)
                        template_scope = tmpl
                        template_depth = len(brackets)
                        emit(ttype, text, tok)
                        emit("TLT", "<", pptokens[i + 1])
                        brackets.append("<")
                        prev_text = "<"; prev_type = "TLT"
                        i += 2
                        continue
                elif nxt == "<" and (text in template_names or text in BUILTIN_TEMPLATES
                                     or prev_text == "template"
                                     or (prev_text == "." and text in _TEMPLATED_METHODS)
                                     # DXC's built-in `std::is_same<T, U>` (sema declares it)
                                     or (text == "is_same" and prev_text == "::" and i >= 2
                                         and pptokens[i - 2].text == "std")
                                     # Vulkan's `vk::RawBufferLoad<T>(address)`
                                     or (text in ("RawBufferLoad", "RawBufferStore") and prev_text == "::"
                                         and i >= 2 and pptokens[i - 2].text == "vk")) \
                        and not (has_values and is_hidden(text)):
                    ttype = "BUILTIN_TEMPLATE" if text in BUILTIN_TEMPLATES and not is_type(text) else "TEMPLATE_NAME"
                    emit(ttype, text, tok)
                    emit("TLT", "<", pptokens[i + 1])
                    brackets.append("<")
                    if declaring_kind == "class":
                        declaring_kind = None  # `struct X<...>`: a specialisation head
                    prev_text = "<"; prev_type = "TLT"
                    i += 2
                    continue
                elif text in _SOFT_BUILTIN_TYPES and (
                        (has_values and is_hidden(text))
                        or (prev_type in _TYPE_ENDINGS and nxt in _DECLARATOR_ENDINGS and brackets
                            and brackets[-1] == "{" and scopes[-1].kind == _BLOCK)):
                    # `float int1 = ...;`: DXC's shorthand type names are no
                    # keywords (it looks them up only when nothing else has
                    # the name), so a block variable may take one; it hides
                    # the type until the block ends.
                    ttype = "NAME"
                    if prev_type in _TYPE_ENDINGS:
                        scopes[-1].values.add(text)
                        has_values = True
                        local_decl_depth = len(brackets)
                elif text in BUILTIN_TYPES:
                    ttype = "BUILTIN_TYPE"
                    if declaring_kind == "typedef":
                        typedef_last = text
                elif text in BUILTIN_TEMPLATES and not is_type(text):
                    ttype = "BUILTIN_TYPE"
                elif prev_text == "::" and text in enumerators:
                    ttype = "NAME"
                elif len(brackets) == enum_depth and prev_text in ("{", ","):
                    enumerators.add(text)
                    ttype = "NAME"
                elif text in BUILTIN_TYPEDEF_NAMES and text in self.global_types \
                        and not (_IDENT.match(nxt) and nxt not in keywords and nxt not in _NOT_DECLARATORS) \
                        and not (prev_text == "<" or nxt in (">", ">>")):
                    # DXC's own typedef (`sampler`, `RAY_FLAG`) names a type
                    # where a declarator follows (`sampler s : register(s0)`);
                    # elsewhere it is the variable or parameter a declaration
                    # named so (`SamplerState sampler` hides the typedef).
                    ttype = "NAME"
                elif is_type(text, prev_text == "::") \
                        or (text in class_templates and not (has_values and is_hidden(text))):
                    ttype = "TYPE_NAME"
                    if declaring_kind == "typedef":
                        typedef_last = text
                    if (prev_type in _TYPE_ENDINGS or (prev_text == "," and len(brackets) == local_decl_depth)) \
                            and nxt in _DECLARATOR_ENDINGS and brackets and brackets[-1] == "{" \
                            and scopes[-1].kind == _BLOCK:
                        # `float3 L1 = ...;` in a block: the variable hides
                        # the type `L1` until the block ends (C++'s rule).
                        scopes[-1].values.add(text)
                        has_values = True
                        local_decl_depth = len(brackets)
                else:
                    ttype = "NAME"
                    if declaring_kind == "typedef":
                        typedef_last = text
                    if prev_type in _TYPE_ENDINGS and nxt in _DECLARATOR_ENDINGS and brackets \
                            and brackets[-1] == "{":
                        local_decl_depth = len(brackets)    # a declaration: `, NAME` declares too

                # Declarations that introduce names.
                if ttype in ("NAME", "TYPE_NAME"):
                    in_header = bool(brackets) and brackets[-1] == "<" and template_scope is not None \
                        and len(brackets) == template_depth + 1
                    if in_header and prev_text in ("typename", "class") and nxt in (",", "=", ">", ">>", ""):
                        template_scope.types.add(text)
                        ttype = "TYPE_NAME"
                    elif declaring_kind == "class" and (prev_text in ("struct", "class", "interface") or (
                            prev_text == "]" and _after_class_key_attribute(pptokens, i))):
                        declare_type(text)
                        if after_template_header and len(brackets) == template_depth:
                            template_names.add(text)
                            class_templates.add(text)
                        declaring_kind = None
                    elif declaring_kind == "enum" and prev_text in ("enum", "class", "struct"):
                        declare_type(text)
                        declaring_kind = None
                    elif declaring_kind == "using" and prev_text == "using" and nxt == "=":
                        declare_type(text)
                        if after_template_header and len(brackets) == template_depth:
                            template_names.add(text)
                            class_templates.add(text)
                        declaring_kind = None
                    elif declaring_kind == "namespace":
                        declaring_kind = None
                    if after_template_header and len(brackets) == template_depth:
                        last_decl_name = text
            elif kind == T.PUNCT:
                top = brackets[-1] if brackets else ""
                if top == "<" and text in (">", ">>", ">>="):
                    # Closes a template argument list (C++11 rule for `>>`).
                    closes = 2 if text == ">>" and len(brackets) >= 2 and brackets[-2] == "<" else 1
                    for _ in range(closes):
                        brackets.pop()
                        emit("TGT", ">", tok)
                        # Closing the `template <...>` header itself?
                        if template_scope is not None and len(brackets) == template_depth \
                                and not after_template_header:
                            after_template_header = True
                            last_decl_name = None
                    if text == ">>" and closes == 1:
                        emit(puncts[">"], ">", tok)
                    elif text == ">>=":
                        emit(puncts[">="], ">=", tok)
                    prev_text = ">"; prev_type = "TGT"
                    i += 1
                    continue
                ttype = puncts.get(text, "")
                if not ttype:
                    self.diags.error(tok.span, f"unexpected token '{text}'")
                    i += 1
                    continue
                if text in ("(", "[", "{") and len(brackets) >= self.bracket_depth \
                        and sum(b != "<" for b in brackets) >= self.bracket_depth:
                    # Every later stage walks the tree recursively: bound it
                    # here, at the bracket, as clang does.
                    diag = Diagnostic(Severity.ERROR, f"bracket nesting level exceeded maximum of "
                                      f"{self.bracket_depth}", tok.span)
                    diag.notes.append(Note("use -fbracket-depth=N to increase maximum nesting level", None))
                    self.diags.report(diag)
                    self.ended_clean = False
                    return [], []
                if text == "(":
                    if after_template_header and len(brackets) == template_depth and last_decl_name:
                        template_names.add(last_decl_name)
                        last_decl_name = None
                    brackets.append("(")
                elif text == "[":
                    brackets.append("[")
                    if nxt == "[" and i + 2 < n and pptokens[i + 2].text == LINALG_MATRIX_ATTRIBUTE:
                        # `T [[__LinAlgMatrix_Attributes(...)]]`: a type's
                        # attribute, a terminal of its own so that `[` after
                        # a type stays an array suffix everywhere else.
                        ttype = "TYPE_ATTR"
                elif text == "{":
                    opened = _Scope(pending_brace)
                    brackets.append("{")
                    if enum_next:
                        enum_depth = len(brackets)
                        enum_next = False
                    scopes.append(opened)
                    scope_of_brace.append(opened)
                    pending_brace = _BLOCK
                    declaring_kind = None if declaring_kind != "typedef" else declaring_kind
                elif text in (")", "]"):
                    want = "(" if text == ")" else "["
                    # Unbalanced input: unwind to the matching bracket, if any.
                    if want in brackets:
                        while brackets and brackets.pop() != want:
                            pass
                elif text == "}":
                    if len(brackets) == enum_depth:
                        enum_depth = -1
                    if "{" in brackets:
                        while brackets and brackets.pop() != "{":
                            pass
                        closed = scope_of_brace.pop() if scope_of_brace else None
                        if closed is not None and closed in scopes:
                            while scopes and scopes[-1] is not closed:
                                scopes.pop()
                            scopes.pop()
                            if closed.kind in (_NAMESPACE, _CLASS):
                                # Members stay visible by their spelling.
                                for scope in reversed(scopes):
                                    if scope.kind != _TEMPLATE:
                                        scope.types |= closed.types
                                        break
                        if template_scope is not None and len(brackets) == template_depth \
                                and after_template_header:
                            end_template_scope()
                        if len(brackets) == typedef_record_depth:
                            declaring_kind = "typedef"
                            typedef_last = None
                            typedef_record_depth = -1
                elif text == ";":
                    enum_next = False
                    if len(brackets) == local_decl_depth:
                        local_decl_depth = -1
                    if declaring_kind == "typedef" and typedef_last and not (brackets and brackets[-1] in "([<"):
                        declare_type(typedef_last)
                        declaring_kind = None
                    elif declaring_kind in ("class", "enum", "using", "namespace"):
                        declaring_kind = None
                    if pending_brace != _BLOCK:
                        pending_brace = _BLOCK
                    if template_scope is not None and after_template_header and len(brackets) == template_depth:
                        end_template_scope()
                elif text in ("=", ")") and declaring_kind == "class":
                    declaring_kind = None
                    pending_brace = _BLOCK
                if declaring_kind == "typedef" and text == "," and typedef_last and len(brackets) == 0:
                    declare_type(typedef_last)
            elif kind == T.NUMBER:
                if _INT_RE.match(text):
                    ttype = "INT_LITERAL"
                    if _too_large(text):
                        self.diags.error(tok.span, "integer literal is too large to be represented in any "
                                                   "integer type")
                        text = "0"
                elif _FLOAT_RE.match(text):
                    ttype = "FLOAT_LITERAL"
                elif "#INF" in text:
                    # DXC's (and FXC's) infinity literal: `1.#INF`, with a
                    # float suffix if any; no other mantissa.
                    ttype = "FLOAT_LITERAL"
                    if not (text.startswith("1.#INF") and _FLOAT_RE.match("1.0" + text[6:])):
                        self.diags.error(tok.span, f"invalid suffix '{text[text.index('#'):]}' on floating "
                                                   "constant (the infinity literal is `1.#INF`)")
                        text = "0.0"
                elif text[:2] in ("0x", "0X") and "." in text and not re.search(r"[pP]", text):
                    self.diags.error(tok.span, "hexadecimal floating constants require an exponent")
                    ttype, text = "INT_LITERAL", "0"
                else:
                    self.diags.error(tok.span, f"invalid numeric literal '{text}'")
                    # Parse on with a harmless stand-in; the error stands.
                    ttype, text = "INT_LITERAL", "0"
            elif kind == T.STRING:
                ttype = "STRING_LITERAL"
            elif kind == T.CHAR:
                ttype = "CHAR_LITERAL"
            else:
                shown = text if text.isprintable() else repr(text)[1:-1]
                self.diags.error(tok.span, f"unexpected character '{shown}'")
                i += 1
                continue

            emit(ttype, text, tok)
            prev_text = text
            prev_type = ttype
            i += 1
        self.ended_clean = (not brackets and len(scopes) == 1 and pending_brace == _BLOCK
                            and not enum_next and enum_depth == -1 and not after_template_header
                            and template_scope is None and declaring_kind is None
                            and prev_text in ("", ";", "}"))
        return out, origins
