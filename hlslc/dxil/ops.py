"""The DXIL operation table: every `dx.op` function hlslc emits or validates.

Owns: reading `ir/dxil_ops.json` (once, through `hlslc.paths.ir_dir()`),
checking it, and answering questions about it: an operation by name, opcode
or LLVM function name; its overload suffix, full function name and LLVM
signature for a given overload; the DXIL enumerations and named struct
types; the markdown table of `docs/operations.md` (`python -m hlslc.dxil.ops`).
Lowering, the IR validator, the docs and the tests all read this one table
(architecture decision 6), so an opcode or a signature is written once.

Types are LLVM type strings in DXIL's typed-pointer spelling (`float`,
`<16 x half>`, `%dx.types.MatrixRef*`, `float addrspace(3)*`).  Overload
names are DXIL's short names (`f16`, `f32`, `i32`).  In a table type, `$o`
stands for the overload type (`$o0`, `$o1` for the two overloads of the
`vector2` rule, `$o0` ... `$o3` for the dimensions of the `dims` rule);
inside a struct name (`%dx.types.ResRet.$o`) it stands for the overload's
short name.

The API lowering and the validator share (an overload is what
`function_name` takes after the operation: nothing, one type, or one type
per dimension of a `dims` operation, in name order):

    op = operation("LinAlgMatrixGetElement")       # or by_function(name), by_opcode(opcode)
    op.opcode                                      # -2147483630: the i32 the call passes
    m = matrix_type("I32", 5, 4, "B", "ThreadGroup")
    function_name(op, "i64", m)                    # 'dx.op.linAlgMatrixGetElement.i64.mC4M5N4U1S2'
    signature(op, "i64", m)                        # ('i64', ['i32', '%dx.types.LinAlgMatrixC4M5N4U1S2', 'i32'])
    overload_of(op, "dx.op.linAlgMatrixGetElement.i64.mC4M5N4U1S2")   # ('i64', '%dx.types.LinAlg...')
    parse_function_name("dx.op.linAlgMatrixGetElement.i64.mC4M5N4U1S2")
    overload_from_types(op, "i64", ["i32", "%dx.types.LinAlgMatrixC4M5N4U1S2", "i32"])

A type in an overload is an LLVM type string (`float`, `<4 x half>`,
`%dx.types.LinAlgMatrixC4M5N4U1S2`, quoted or not), a short name (`f32`,
`v4f32`, `mC4M5N4U1S2`) or a `MatrixType`.

Does not own: llvmlite types (this module imports only the standard library,
so the CLI can start without llvmlite), the validation rules that use the
table, or the choice of which operation a source construct lowers to.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from collections.abc import Sequence
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Mapping
from ..records import ValueRecord

from hlslc import paths as resources
from ..patterns import LazyPattern

TABLE_FILE = "dxil_ops.json"
TABLE_FORMAT = 1

# Suffix rules: how an overload becomes the function name's suffix.
SUFFIX_NONE = "none"          # no overload
SUFFIX_SCALAR = "scalar"      # float -> .f32
SUFFIX_VECTOR = "vector"      # <16 x half> -> .v16f16
SUFFIX_POINTER3 = "pointer3"  # groupshared float (float addrspace(3)*) -> .p3f32
SUFFIX_VECTOR2 = "vector2"    # (<4 x float>, <8 x half>) -> .v4f32.v8f16
# One overload per dimension, each taken from the result or a named operand
# (the entry's `dims`): (i64, %dx.types.LinAlgMatrixC4M5N4U1S2) -> .i64.mC4M5N4U1S2
SUFFIX_DIMS = "dims"
SUFFIX_RULES: tuple[str, ...] = (SUFFIX_NONE, SUFFIX_SCALAR, SUFFIX_VECTOR, SUFFIX_POINTER3, SUFFIX_VECTOR2,
                                 SUFFIX_DIMS)

# What one dimension of a `dims` overload is, and how it is named.
DIM_MATRIX = "matrix"      # a %dx.types.LinAlgMatrix... value -> mC4M5N4U1S2
DIM_SCALAR = "scalar"      # float -> f32
DIM_VECTOR = "vector"      # <4 x float> -> v4f32
DIM_ELEMENT = "element"    # the T of `$oK addrspace(3)*`, a scalar or a vector -> f32, v4f32
DIM_STRUCT = "struct"      # any named struct %S (or the S of `$oK*`) -> S, dots and all; the last dimension only
DIM_KINDS: tuple[str, ...] = (DIM_MATRIX, DIM_SCALAR, DIM_VECTOR, DIM_ELEMENT, DIM_STRUCT)
DIM_RESULT = "result"      # a dimension's source: the result, or an operand by name
MAX_DIMS = 4

# DXC's LinAlg matrix types: %dx.types.LinAlgMatrixC<component>M<rows>N<columns>U<use>S<scope> = type { i8* }
MATRIX_TYPE_PREFIX = "dx.types.LinAlgMatrix"
MATRIX_TYPE_BODY: tuple[str, ...] = ("i8*",)

ATTRIBUTES: tuple[str, ...] = ("readnone", "readonly", "noduplicate")
STAGES: tuple[str, ...] = ("pixel", "vertex", "geometry", "hull", "domain", "compute", "amplification",
                           "mesh", "node", "library", "raygeneration", "intersection", "anyhit", "closesthit",
                           "miss", "callable")
SOURCES: tuple[str, ...] = ("dxc", "hlslc")

# DXIL's short overload names and the LLVM scalar types they name.
LLVM_SCALARS: dict[str, str] = {"f16": "half", "f32": "float", "f64": "double", "i1": "i1", "i8": "i8",
                                "i16": "i16", "i32": "i32", "i64": "i64"}
SHORT_NAMES: dict[str, str] = {llvm: short for short, llvm in LLVM_SCALARS.items()}
_INTEGER_TYPES = frozenset({"i1", "i8", "i16", "i32", "i64"})

# The address space of groupshared memory in DXIL (spec-errata 10).
GROUPSHARED_ADDRSPACE = 3

_PLACEHOLDER = re.compile(r"\$o(\d?)")
_STRUCT_PLACEHOLDER = re.compile(r"(%[A-Za-z0-9_.]*?)\$o(\d?)")
_VECTOR = re.compile(r"<\s*(\d+)\s+x\s+(.+?)\s*>")
_ADDRSPACE = LazyPattern(r"(.*?)\s*addrspace\((\d+)\)")
_FUNCTION = LazyPattern(r"dx\.op\.[A-Za-z_][A-Za-z0-9_]*")
_NAME = LazyPattern(r"[A-Za-z_][A-Za-z0-9_]*")
_SUFFIX_PART = re.compile(r"(v\d+|p\d+)?(f16|f32|f64|i1|i8|i16|i32|i64)|mC\d+M\d+N\d+U\d+S\d+")
_MATRIX_NAME = LazyPattern(r'%?"?dx\.types\.LinAlgMatrixC(\d+)M(\d+)N(\d+)U(\d+)S(\d+)"?')
_MATRIX_SUFFIX = LazyPattern(r"mC(\d+)M(\d+)N(\d+)U(\d+)S(\d+)")
_VECTOR_SUFFIX = re.compile(r"v(\d+)(f16|f32|f64|i1|i8|i16|i32|i64)")
_I32 = 1 << 32


class TableError(ValueError):
    """The operation table is malformed; the message names the entry."""


class OverloadError(ValueError):
    """An overload an operation does not allow (or one it lacks)."""


class Param(ValueRecord):
    """One operand after the opcode.  `const` operands must be constants
    (DXC's immediate arguments; the validator checks it, no `immarg`)."""

    name: str
    type: str
    const: bool
    enum: str | None
    __slots__ = ("name", "type", "const", "enum")
    _fields = ("name", "type", "const", "enum")

    def __init__(self, name: str, type: str, const: bool, enum: str | None) -> None:
        self.name = name
        self.type = type
        self.const = const
        self.enum = enum


class Dim(ValueRecord):
    """One dimension of a `dims` overload: where its type is (`source`:
    "result" or the name of an operand) and what kind of type it is
    (`kind`: one of DIM_KINDS; `types`: the element types allowed, short
    names, empty for a matrix)."""

    source: str
    kind: str
    types: tuple[str, ...]
    __slots__ = ("source", "kind", "types")
    _fields = ("source", "kind", "types")

    def __init__(self, source: str, kind: str, types: tuple[str, ...] = ()) -> None:
        self.source = source
        self.kind = kind
        self.types = types


class MatrixType(ValueRecord):
    """A DXC LinAlg matrix type, `%dx.types.LinAlgMatrixC<component>M<m>N<n>U<use>S<scope>`
    (values of the ComponentType, MatrixUse and MatrixScope enums)."""

    component: int
    m: int
    n: int
    use: int
    scope: int
    __slots__ = ("component", "m", "n", "use", "scope")
    _fields = ("component", "m", "n", "use", "scope")

    def __init__(self, component: int, m: int, n: int, use: int, scope: int) -> None:
        self.component = component
        self.m = m
        self.n = n
        self.use = use
        self.scope = scope

    @property
    def mangling(self) -> str:
        return f"C{self.component}M{self.m}N{self.n}U{self.use}S{self.scope}"

    @property
    def name(self) -> str:
        """The struct's name, `dx.types.LinAlgMatrixC4M5N4U1S2`."""
        return MATRIX_TYPE_PREFIX + self.mangling

    @property
    def llvm(self) -> str:
        """The LLVM type, `%dx.types.LinAlgMatrixC4M5N4U1S2`."""
        return "%" + self.name

    @property
    def suffix(self) -> str:
        """Its part of a function name, `mC4M5N4U1S2`."""
        return "m" + self.mangling

    def definition(self) -> str:
        """`%dx.types.LinAlgMatrixC4M5N4U1S2 = type { i8* }`."""
        return f"{self.llvm} = type {{ {', '.join(MATRIX_TYPE_BODY)} }}"

    def target_type_metadata(self) -> str:
        """The operand of `!dx.targetTypes` that describes it:
        `!{%dx.types.LinAlgMatrixC4M5N4U1S2 undef, i32 4, i32 5, i32 4, i32 1, i32 2}`."""
        return (f"!{{{self.llvm} undef, i32 {self.component}, i32 {self.m}, i32 {self.n}, i32 {self.use}, "
                f"i32 {self.scope}}}")


class Operation(ValueRecord):
    """One DXIL operation.  `params` excludes the leading `i32` opcode
    operand that every `dx.op` call has; `signature()` includes it.
    `opcode` is the value of that operand: DXC's experimental opcodes
    (0x80000000 | n) are negative, as the i32 prints in IR."""

    name: str
    opcode: int
    function: str                       # base LLVM name, without the overload suffix
    overload: tuple[str, ...] | None    # allowed overload (element) types, short names
    suffix: str                         # one of SUFFIX_RULES
    params: tuple[Param, ...]
    result: str
    attributes: tuple[str, ...]
    min_shader_model: tuple[int, int]
    stages: tuple[str, ...] | None      # None: every stage
    description: str
    source: str                         # "dxc": DXC's opcode; "hlslc": hlslc's block
    errata: tuple[int, ...]        # spec-errata numbers that shaped the entry
    kind: tuple[str, str] | None  # (enum, member) numbering a shared function's opcodes
    dims: tuple[Dim, ...]         # the dimensions of a `dims` overload, in name order
    __slots__ = ("name", "opcode", "function", "overload", "suffix", "params", "result", "attributes", "min_shader_model", "stages", "description", "source", "errata", "kind", "dims")
    _fields = ("name", "opcode", "function", "overload", "suffix", "params", "result", "attributes", "min_shader_model", "stages", "description", "source", "errata", "kind", "dims")

    def __init__(self, name: str, opcode: int, function: str, overload: tuple[str, ...] | None, suffix: str, params: tuple[Param, ...], result: str, attributes: tuple[str, ...], min_shader_model: tuple[int, int], stages: tuple[str, ...] | None, description: str, source: str, errata: tuple[int, ...] = (), kind: tuple[str, str] | None = None, dims: tuple[Dim, ...] = ()) -> None:
        self.name = name
        self.opcode = opcode
        self.function = function
        self.overload = overload
        self.suffix = suffix
        self.params = params
        self.result = result
        self.attributes = attributes
        self.min_shader_model = min_shader_model
        self.stages = stages
        self.description = description
        self.source = source
        self.errata = errata
        self.kind = kind
        self.dims = dims

    @property
    def placeholders(self) -> tuple[str, ...]:
        if self.suffix == SUFFIX_NONE:
            return ()
        if self.suffix == SUFFIX_DIMS:
            return tuple(f"$o{i}" for i in range(len(self.dims)))
        return ("$o0", "$o1") if self.suffix == SUFFIX_VECTOR2 else ("$o",)

    @property
    def encoded(self) -> int:
        """The opcode as DXC's unsigned 32-bit number (table id << 16 | index)."""
        return self.opcode % _I32

    @property
    def experimental(self) -> bool:
        """An opcode of DXC's experimental table (0x80000000 | n)."""
        return self.encoded >= 1 << 31

    @property
    def opcode_text(self) -> str:
        """`80`, or `0x8000000C (-2147483636)` for an experimental opcode."""
        return f"0x{self.encoded:08X} ({self.opcode})" if self.experimental else str(self.opcode)

    def allowed_in(self, stage: str) -> bool:
        return self.stages is None or stage in self.stages

    def matches_opcode(self, value: int | None) -> bool:
        """Whether a call's opcode operand (as read, signed or not) is this operation's."""
        return value is not None and value % _I32 == self.encoded


class OperationTable(ValueRecord):
    """A checked table.  Dictionaries keep the file's order (by opcode)."""

    operations: Mapping[str, Operation]
    by_opcode: Mapping[int, Operation]
    by_function: Mapping[str, tuple[Operation, ...]]
    enums: Mapping[str, Mapping[str, int]]
    struct_types: Mapping[str, tuple[str, ...]]
    shared_functions: Mapping[str, str]
    resource_properties: Mapping[str, tuple[int, int]]
    dxc_core_opcodes: tuple[int, int]
    hlslc_opcode_block: tuple[int, int]
    document: Mapping[str, Any]         # the raw JSON, for its notes
    # A struct named through a placeholder whose real name differs:
    # `dx.types.CBufRet.f16` is DXC's `dx.types.CBufRet.f16.8` (eight halves).
    struct_names: Mapping[str, str]
    # DXC's experimental table as signed i32 opcodes (0x80000000 | n); (0, -1) when absent.
    dxc_experimental_opcodes: tuple[int, int]
    _fields = ("operations", "by_opcode", "by_function", "enums", "struct_types", "shared_functions", "resource_properties", "dxc_core_opcodes", "hlslc_opcode_block", "document", "struct_names", "dxc_experimental_opcodes")

    def __init__(self, operations: Mapping[str, Operation], by_opcode: Mapping[int, Operation], by_function: Mapping[str, tuple[Operation, ...]], enums: Mapping[str, Mapping[str, int]], struct_types: Mapping[str, tuple[str, ...]], shared_functions: Mapping[str, str], resource_properties: Mapping[str, tuple[int, int]], dxc_core_opcodes: tuple[int, int], hlslc_opcode_block: tuple[int, int], document: Mapping[str, Any], struct_names: Mapping[str, str] | None = None, dxc_experimental_opcodes: tuple[int, int] = (0, -1)) -> None:
        self.operations = operations
        self.by_opcode = by_opcode
        self.by_function = by_function
        self.enums = enums
        self.struct_types = struct_types
        self.shared_functions = shared_functions
        self.resource_properties = resource_properties
        self.dxc_core_opcodes = dxc_core_opcodes
        self.hlslc_opcode_block = hlslc_opcode_block
        self.document = document
        self.struct_names = {} if struct_names is None else struct_names
        self.dxc_experimental_opcodes = dxc_experimental_opcodes


OperationRef = Operation | str
# An overload as `function_name` and `signature` take it: None, one type, or
# a sequence of types (vector2's two vectors, a dims operation's dimensions).
Overload = str | MatrixType | Sequence[str | MatrixType] | None


# --------------------------------------------------------------------------
# Loading and checking


def load_table(path: str | None = None) -> OperationTable:
    """Read and check a table file (default: the packaged `dxil_ops.json`)."""
    import json  # a compile reads the checked table from the cache (start-up time: 1 ms)

    path = path or os.path.join(resources.ir_dir(), TABLE_FILE)
    try:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
    except (OSError, json.JSONDecodeError) as exc:
        raise TableError(f"{path}: cannot read the DXIL operation table: {exc}") from exc
    return parse_table(document, origin=os.path.basename(path))


@lru_cache(maxsize=1)
def table() -> OperationTable:
    """The packaged table, loaded and checked once per process.  Once
    checked, it is also kept (pickled) in the user cache directory, under
    a key of the file's bytes and this module's identity: reading and
    checking the JSON costs 5 ms of every compile, the pickle 2 ms."""
    path = os.path.join(resources.ir_dir(), TABLE_FILE)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return load_table(path)             # reports the problem as load_table does
    key = _table_key(data)
    found = _cached_table(key)
    if found is not None:
        return found
    import json  # a cache miss only (start-up time)

    try:
        document = json.loads(data)
    except ValueError:
        return load_table(path)
    loaded = parse_table(document, origin=os.path.basename(path))
    _keep_table(key, loaded)
    return loaded


# Bump when the pickled form of a table (its records) changes.
_CACHE_FORMAT = 1


def _table_key(data: bytes) -> str:
    """The table file's bytes (CRC-32, Adler-32, length) and the identity
    of the code that checked it and whose records it holds."""
    import sys
    import zlib
    parts = [f"ops-table {_CACHE_FORMAT}", f"python {sys.version_info[0]}.{sys.version_info[1]}",
             f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"]
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))     # the hlslc package
    for name in ("dxil/ops.py", "records.py", "_version.py"):
        try:
            st = os.stat(os.path.join(here, name))
            parts.append(f"{name} {st.st_size} {st.st_mtime_ns}")
        except OSError:
            parts.append(f"{name} ?")
    return "\n".join(parts)


def _table_cache_path(key: str) -> str:
    import zlib
    data = key.encode("utf-8", "surrogatepass")
    return os.path.join(resources.user_cache_dir(), "ops", f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.pickle")


def _cached_table(key: str) -> "OperationTable | None":
    """The table kept under `key` (the whole key is compared), or None."""
    try:
        with open(_table_cache_path(key), "rb") as f:
            data = f.read()
    except (OSError, ValueError):
        return None
    try:
        stored_key, stored = resources.read_pickle(data)  # type: ignore[misc]
    except Exception:       # a damaged or foreign file is a miss, never a crash
        return None
    if stored_key != key or not isinstance(stored, OperationTable):
        return None
    return stored


def _keep_table(key: str, loaded: OperationTable) -> None:
    import pickle
    try:
        resources.write_atomically(_table_cache_path(key), pickle.dumps((key, loaded),
                                                                         protocol=pickle.HIGHEST_PROTOCOL), ".ops-")
    except (OSError, RecursionError, pickle.PicklingError):
        pass                # a cache that cannot be written costs only speed


def parse_table(document: Any, origin: str = TABLE_FILE) -> OperationTable:
    """Check a decoded table document and build the lookups; raise
    `TableError` naming the first malformed entry."""
    return _TableChecker(document, origin).build()


class _TableChecker:
    def __init__(self, document: Any, origin: str) -> None:
        self.doc = document
        self.origin = origin
        self.structs: dict[str, tuple[str, ...]] = {}
        self.enums: dict[str, dict[str, int]] = {}

    def fail(self, where: str, message: str) -> TableError:
        return TableError(f"{self.origin}: {where}: {message}")

    def build(self) -> OperationTable:
        doc = self.doc
        if not isinstance(doc, dict):
            raise self.fail("document", "expected a JSON object")
        if doc.get("format") != TABLE_FORMAT:
            raise self.fail("format", f"expected {TABLE_FORMAT}, got {doc.get('format')!r}")
        self.structs = self.check_types(doc.get("types"))
        self.renames = self.check_struct_names(doc.get("struct_names", {}))
        self.enums = self.check_enums(doc.get("enums"))
        dxc_range = self.check_range(doc.get("dxc_core_opcodes"), "dxc_core_opcodes")
        block = self.check_range(doc.get("hlslc_opcode_block"), "hlslc_opcode_block")
        if block[0] <= dxc_range[1] and dxc_range[0] <= block[1]:
            raise self.fail("hlslc_opcode_block", f"{list(block)} overlaps DXC's core opcodes {list(dxc_range)}")
        experimental = self.check_experimental_range(doc.get("dxc_experimental_opcodes"))
        self.check_matrix_types(doc.get("matrix_types"))
        shared = self.check_string_map(doc.get("shared_functions"), "shared_functions")
        props = self.check_resource_properties(doc.get("resource_properties"))

        raw_ops = doc.get("operations")
        if not isinstance(raw_ops, list) or not raw_ops:
            raise self.fail("operations", "expected a non-empty list")
        ops: dict[str, Operation] = {}
        by_opcode: dict[int, Operation] = {}
        by_function: dict[str, list[Operation]] = {}
        for index, raw in enumerate(raw_ops):
            op = self.check_operation(raw, index)
            ranges = {"dxc": ("DXC's core opcodes", dxc_range), "hlslc": ("hlslc's opcode block", block)}
            label, (low, high) = ranges[op.source]
            in_experimental = op.source == "dxc" and experimental[0] <= op.opcode <= experimental[1]
            if not low <= op.opcode <= high and not in_experimental:
                also = (f" or DXC's experimental opcodes {experimental[0]}-{experimental[1]}"
                        if op.source == "dxc" and experimental[0] <= experimental[1] else "")
                raise self.fail(f"operation {op.name}",
                                f"source '{op.source}' needs an opcode in {label} {low}-{high}{also}, got {op.opcode}")
            if op.name in ops:
                raise self.fail(f"operation {op.name}", "duplicate name")
            if op.opcode in by_opcode:
                raise self.fail(f"operation {op.name}",
                                f"opcode {op.opcode} is already {by_opcode[op.opcode].name}")
            ops[op.name] = op
            by_opcode[op.opcode] = op
            by_function.setdefault(op.function, []).append(op)
        self.check_shared_functions(by_function, shared)
        self.check_psv(doc.get("psv_matrix_use"), ops)
        return OperationTable(
            operations=ops, by_opcode=by_opcode,
            by_function={fn: tuple(group) for fn, group in by_function.items()},
            enums=self.enums, struct_types=self.structs, shared_functions=shared,
            resource_properties=props, dxc_core_opcodes=dxc_range, hlslc_opcode_block=block,
            struct_names=self.renames, dxc_experimental_opcodes=experimental,
            document=doc)

    # ---- top-level sections ----

    def check_types(self, raw: Any) -> dict[str, tuple[str, ...]]:
        if not isinstance(raw, dict) or not raw:
            raise self.fail("types", "expected an object of named struct types")
        names = set(raw)
        structs: dict[str, tuple[str, ...]] = {}
        for name, body in raw.items():
            if not name.startswith("dx.types.") or "$" in name:
                raise self.fail(f"type {name}", "struct names start with 'dx.types.' and have no placeholder")
            if not isinstance(body, list) or not body or not all(isinstance(t, str) for t in body):
                raise self.fail(f"type {name}", "expected a non-empty list of field types")
            for field in body:
                self.check_type(field, f"type {name}", names, placeholders=(), allow_void=False)
            structs[name] = tuple(body)
        return structs

    def check_struct_names(self, raw: Any) -> dict[str, str]:
        if not isinstance(raw, dict):
            raise self.fail("struct_names", "expected an object mapping placeholder struct names to real ones")
        for name, real in raw.items():
            if not isinstance(real, str) or real not in self.structs:
                raise self.fail(f"struct_names {name}", f"{real!r} is not a declared struct type")
        return dict(raw)

    def check_enums(self, raw: Any) -> dict[str, dict[str, int]]:
        if not isinstance(raw, dict):
            raise self.fail("enums", "expected an object of enums")
        enums: dict[str, dict[str, int]] = {}
        for name, members in raw.items():
            if not _NAME.fullmatch(name) or not isinstance(members, dict) or not members:
                raise self.fail(f"enum {name}", "expected an identifier naming an object of members")
            seen: dict[int, str] = {}
            for member, value in members.items():
                if not _NAME.fullmatch(member) or type(value) is not int or value < 0:
                    raise self.fail(f"enum {name}", f"member {member!r} needs a non-negative int, got {value!r}")
                if value in seen:
                    raise self.fail(f"enum {name}", f"{member} and {seen[value]} have the same value {value}")
                seen[value] = member
            enums[name] = dict(members)
        return enums

    def check_range(self, raw: Any, where: str) -> tuple[int, int]:
        if (not isinstance(raw, list) or len(raw) != 2 or not all(type(v) is int for v in raw)
                or not 0 <= raw[0] <= raw[1]):
            raise self.fail(where, f"expected [first, last] opcodes, got {raw!r}")
        return raw[0], raw[1]

    def check_experimental_range(self, raw: Any) -> tuple[int, int]:
        """DXC's experimental opcodes, as the signed i32 values calls pass:
        [0x80000000 | first, 0x80000000 | last]; absent: none."""
        if raw is None:
            return 0, -1
        if (not isinstance(raw, list) or len(raw) != 2 or not all(type(v) is int for v in raw)
                or not -(1 << 31) <= raw[0] <= raw[1] < 0):
            raise self.fail("dxc_experimental_opcodes", f"expected [first, last] negative i32 opcodes, got {raw!r}")
        return raw[0], raw[1]

    def check_matrix_types(self, raw: Any) -> None:
        if raw is None:
            return
        if (not isinstance(raw, dict) or raw.get("prefix") != MATRIX_TYPE_PREFIX
                or raw.get("body") != list(MATRIX_TYPE_BODY) or raw.get("suffix_prefix") != "m"):
            raise self.fail("matrix_types", f"expected prefix {MATRIX_TYPE_PREFIX!r}, body "
                                            f"{list(MATRIX_TYPE_BODY)} and suffix_prefix 'm' (hlslc.dxil.ops "
                                            "spells the names)")
        for field, enum_name in (raw.get("fields") or {}).items():
            if enum_name is not None and enum_name not in self.enums:
                raise self.fail("matrix_types", f"field {field} names unknown enum {enum_name!r}")

    def check_string_map(self, raw: Any, where: str) -> dict[str, str]:
        if not isinstance(raw, dict) or not all(isinstance(v, str) and v for v in raw.values()):
            raise self.fail(where, "expected an object of non-empty strings")
        return dict(raw)

    def check_resource_properties(self, raw: Any) -> dict[str, tuple[int, int]]:
        if not isinstance(raw, dict):
            raise self.fail("resource_properties", "expected an object")
        props: dict[str, tuple[int, int]] = {}
        for name, value in raw.items():
            if not isinstance(value, list) or len(value) != 2 or not all(type(v) is int for v in value):
                raise self.fail(f"resource_properties {name}", f"expected [word0, word1], got {value!r}")
            props[name] = (value[0], value[1])
        return props

    def check_psv(self, raw: Any, ops: Mapping[str, Operation]) -> None:
        if raw is None:
            return
        names = raw.get("operations") if isinstance(raw, dict) else None
        if not isinstance(names, list):
            raise self.fail("psv_matrix_use", "expected an object with a list of operations")
        for name in names:
            if name not in ops:
                raise self.fail("psv_matrix_use", f"unknown operation {name!r}")

    # ---- one operation ----

    _FIELDS = {"name", "opcode", "function", "overload", "suffix", "params", "result", "attributes",
               "min_shader_model", "stages", "description", "source"}
    _OPTIONAL = {"errata", "kind", "dims"}

    def check_operation(self, raw: Any, index: int) -> Operation:
        where = f"operations[{index}]"
        if not isinstance(raw, dict):
            raise self.fail(where, "expected an object")
        if isinstance(raw.get("name"), str):
            where = f"operation {raw['name']}"
        missing = self._FIELDS - raw.keys()
        unknown = raw.keys() - self._FIELDS - self._OPTIONAL
        if missing or unknown:
            parts = ([f"missing {', '.join(sorted(missing))}"] if missing else []) + \
                    ([f"unknown {', '.join(sorted(unknown))}"] if unknown else [])
            raise self.fail(where, "; ".join(parts))
        name, opcode, function = raw["name"], raw["opcode"], raw["function"]
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise self.fail(where, f"bad name {name!r}")
        if type(opcode) is not int or not -(1 << 31) <= opcode < 1 << 31:
            raise self.fail(where, f"opcode must be an i32 (the value the call passes), got {opcode!r}")
        if not isinstance(function, str) or not _FUNCTION.fullmatch(function):
            raise self.fail(where, f"function must be 'dx.op.<name>' without an overload suffix, got {function!r}")
        source = raw["source"]
        if source not in SOURCES:
            raise self.fail(where, f"source must be one of {', '.join(SOURCES)}, got {source!r}")
        description = raw["description"]
        if not isinstance(description, str) or not description or "\n" in description:
            raise self.fail(where, "description must be one non-empty line")

        suffix, overload = raw["suffix"], raw["overload"]
        if suffix not in SUFFIX_RULES:
            raise self.fail(where, f"unknown suffix rule {suffix!r}; known: {', '.join(SUFFIX_RULES)}")
        if ("dims" in raw) != (suffix == SUFFIX_DIMS):
            raise self.fail(where, "an entry has dims exactly when its suffix rule is 'dims'")
        dims: tuple[Dim, ...] = ()
        if suffix in (SUFFIX_NONE, SUFFIX_DIMS):
            if overload is not None:
                raise self.fail(where, f"suffix rule {suffix!r} needs overload null")
            if suffix == SUFFIX_DIMS:
                dims = self.check_dims(raw["dims"], where)
        else:
            if (not isinstance(overload, list) or not overload or len(set(overload)) != len(overload)
                    or not all(t in LLVM_SCALARS for t in overload)):
                raise self.fail(where, f"overload must list distinct scalar types from "
                                       f"{', '.join(LLVM_SCALARS)}, got {overload!r}")
            if suffix == SUFFIX_POINTER3 or suffix in (SUFFIX_VECTOR, SUFFIX_VECTOR2):
                if "i1" in overload:
                    raise self.fail(where, f"rule {suffix!r} cannot take i1 (no such memory or vector element)")

        if suffix == SUFFIX_NONE:
            placeholders: tuple[str, ...] = ()
        elif suffix == SUFFIX_DIMS:
            placeholders = tuple(f"$o{i}" for i in range(len(dims)))
        else:
            placeholders = ("$o0", "$o1") if suffix == SUFFIX_VECTOR2 else ("$o",)
        params = self.check_params(raw["params"], where, placeholders)
        result = raw["result"]
        if not isinstance(result, str):
            raise self.fail(where, f"result must be a type string, got {result!r}")
        self.check_type(result, f"{where} result", self.structs, placeholders, allow_void=True)
        types = [result] + [p.type for p in params]
        self.check_placeholder_use(where, suffix, placeholders, types, overload)
        if dims:
            self.check_dim_sources(where, dims, result, params)

        attributes = raw["attributes"]
        if (not isinstance(attributes, list) or any(a not in ATTRIBUTES for a in attributes)
                or len(set(attributes)) != len(attributes)):
            raise self.fail(where, f"attributes must be distinct values from {', '.join(ATTRIBUTES)}")
        if "readnone" in attributes and "readonly" in attributes:
            raise self.fail(where, "readnone and readonly exclude each other")
        sm = raw["min_shader_model"]
        if not isinstance(sm, list) or len(sm) != 2 or not all(type(v) is int for v in sm) or sm[0] != 6 \
                or sm[1] < 0:
            raise self.fail(where, f"min_shader_model must be [6, minor], got {sm!r}")
        stages = raw["stages"]
        if stages is not None and (not isinstance(stages, list) or not stages
                                   or any(s not in STAGES for s in stages) or len(set(stages)) != len(stages)):
            raise self.fail(where, f"stages must be null or distinct values from {', '.join(STAGES)}")
        errata = raw.get("errata", [])
        if not isinstance(errata, list) or not all(type(e) is int and e > 0 for e in errata):
            raise self.fail(where, "errata must be a list of erratum numbers")
        kind = self.check_kind(raw.get("kind"), where)
        return Operation(
            name=name, opcode=opcode, function=function,
            overload=tuple(overload) if overload is not None else None, suffix=suffix, params=params,
            result=result, attributes=tuple(attributes), min_shader_model=(sm[0], sm[1]),
            stages=tuple(stages) if stages is not None else None, description=description, source=source,
            errata=tuple(errata), kind=kind, dims=dims)

    def check_dims(self, raw: Any, where: str) -> tuple[Dim, ...]:
        if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_DIMS:
            raise self.fail(where, f"dims must list 1 to {MAX_DIMS} dimensions")
        dims = []
        for i, d in enumerate(raw):
            here = f"{where} dims[{i}]"
            if not isinstance(d, dict) or not {"source", "kind"} <= d.keys() <= {"source", "kind", "types"}:
                raise self.fail(here, "expected {source, kind[, types]}")
            source, kind, types = d["source"], d["kind"], d.get("types")
            if not isinstance(source, str) or not (source == DIM_RESULT or _NAME.fullmatch(source)):
                raise self.fail(here, f"source must be 'result' or an operand's name, got {source!r}")
            if kind not in DIM_KINDS:
                raise self.fail(here, f"kind must be one of {', '.join(DIM_KINDS)}, got {kind!r}")
            if kind in (DIM_MATRIX, DIM_STRUCT):
                if types is not None:
                    raise self.fail(here, f"a {kind} dimension lists no types")
                types = []
                if kind == DIM_STRUCT and i != len(raw) - 1:
                    raise self.fail(here, "a struct dimension (its name may have dots) must be the last")
            elif (not isinstance(types, list) or not types or len(set(types)) != len(types)
                    or not all(t in LLVM_SCALARS for t in types)):
                raise self.fail(here, f"types must list distinct scalar types from {', '.join(LLVM_SCALARS)}")
            dims.append(Dim(source, kind, tuple(types)))
        return tuple(dims)

    def check_dim_sources(self, where: str, dims: tuple[Dim, ...], result: str, params: tuple[Param, ...]) -> None:
        """Each dimension's placeholder is the whole type of its source (the
        element of a groupshared pointer: `$oK addrspace(3)*`)."""
        types = {DIM_RESULT: result, **{p.name: p.type for p in params}}
        for i, dim in enumerate(dims):
            here = f"{where} dims[{i}]"
            if dim.source not in types:
                raise self.fail(here, f"source {dim.source!r} is neither 'result' nor an operand")
            want = f"$o{i}"
            if dim.kind == DIM_ELEMENT:
                want += f" addrspace({GROUPSHARED_ADDRSPACE})*"
            if dim.kind == DIM_STRUCT and types[dim.source] == want + "*":
                continue        # a pointer to the struct (DXC's user-defined-type overloads)
            if types[dim.source] != want:
                raise self.fail(here, f"{dim.source} must have type {want!r} for a {dim.kind} dimension, "
                                      f"not {types[dim.source]!r}")

    def check_params(self, raw: Any, where: str, placeholders: tuple[str, ...]) -> tuple[Param, ...]:
        if not isinstance(raw, list):
            raise self.fail(where, "params must be a list")
        params: list[Param] = []
        names: set[str] = set()
        for i, p in enumerate(raw):
            here = f"{where} param {i}"
            if not isinstance(p, dict) or set(p) != {"name", "type", "const", "enum"}:
                raise self.fail(here, "expected {name, type, const, enum}")
            pname, ptype, const, enum = p["name"], p["type"], p["const"], p["enum"]
            if not isinstance(pname, str) or not _NAME.fullmatch(pname) or pname in names:
                raise self.fail(here, f"bad or duplicate name {pname!r}")
            names.add(pname)
            here = f"{where} param {pname}"
            if not isinstance(ptype, str):
                raise self.fail(here, f"type must be a string, got {ptype!r}")
            self.check_type(ptype, here, self.structs, placeholders, allow_void=False)
            if not isinstance(const, bool):
                raise self.fail(here, "const must be true or false")
            if const and not self.is_integer_constant_type(ptype):
                raise self.fail(here, f"a const operand must be an integer or a struct of integers, not {ptype}")
            if enum is not None:
                if enum not in self.enums:
                    raise self.fail(here, f"unknown enum {enum!r}")
                if ptype not in _INTEGER_TYPES:
                    raise self.fail(here, f"enum {enum} on a non-integer operand of type {ptype}")
            params.append(Param(pname, ptype, const, enum))
        return tuple(params)

    def check_kind(self, raw: Any, where: str) -> tuple[str, str] | None:
        if raw is None:
            return None
        enum, _, member = raw.partition(".") if isinstance(raw, str) else ("", "", "")
        if enum not in self.enums or member not in self.enums[enum]:
            raise self.fail(where, f"kind must be 'Enum.Member' naming a known enum member, got {raw!r}")
        return enum, member

    def is_integer_constant_type(self, text: str) -> bool:
        if text in _INTEGER_TYPES:
            return True
        if text.startswith("%") and text[1:] in self.structs:
            return all(t in _INTEGER_TYPES for t in self.structs[text[1:]])
        return False

    def check_type(self, text: str, where: str, structs: Mapping[str, Any] | set[str],
                   placeholders: tuple[str, ...], allow_void: bool) -> None:
        """A type string is a scalar, a vector of scalars, a named struct, a
        pointer (optionally with an address space) to a non-void type, or a
        placeholder; `void` only as a result."""
        t = text.strip()
        if t != text or not t:
            raise self.fail(where, f"malformed type {text!r}")
        if t == "void":
            if not allow_void:
                raise self.fail(where, "void is only a result type")
            return
        if t in placeholders or t in SHORT_NAMES:
            return
        if t.endswith("*"):
            inner = t[:-1].rstrip()
            space = _ADDRSPACE.fullmatch(inner)
            if space:
                inner = space.group(1)
            if inner == "void" or not inner:
                raise self.fail(where, f"malformed pointer type {text!r}")
            self.check_type(inner, where, structs, placeholders, allow_void=False)
            return
        vector = _VECTOR.fullmatch(t)
        if vector:
            if int(vector.group(1)) < 1 or vector.group(2) not in SHORT_NAMES:
                raise self.fail(where, f"malformed vector type {text!r}")
            return
        if t.startswith("%"):
            name = t[1:]
            if "$o" in name:
                # Checked per overload in check_placeholder_use.
                if not name.startswith("dx.types.") or not _PLACEHOLDER.search(name):
                    raise self.fail(where, f"malformed struct type {text!r}")
                return
            if name not in structs:
                raise self.fail(where, f"unknown struct type {text} (declare it under \"types\")")
            return
        if "$o" in t:
            raise self.fail(where, f"{text!r} uses a placeholder, but the suffix rule gives "
                                   f"{', '.join(placeholders) if placeholders else 'no overload'}")
        raise self.fail(where, f"unknown type {text!r}")

    def check_placeholder_use(self, where: str, suffix: str, placeholders: tuple[str, ...],
                              types: list[str], overload: list[str] | None) -> None:
        used = {"$o" + m.group(1) for t in types for m in _PLACEHOLDER.finditer(t)}
        stray = used - set(placeholders)
        if stray:
            raise self.fail(where, f"suffix rule {suffix!r} has no placeholder {', '.join(sorted(stray))}")
        if set(placeholders) - used:
            raise self.fail(where, f"suffix rule {suffix!r} needs {', '.join(placeholders)} in the signature")
        for t in types:
            if "$o" not in t:
                continue
            if suffix == SUFFIX_POINTER3 and t != f"$o addrspace({GROUPSHARED_ADDRSPACE})*":
                raise self.fail(where, f"rule 'pointer3' uses $o only as '$o addrspace(3)*', not {t!r}")
            if suffix in (SUFFIX_VECTOR, SUFFIX_VECTOR2, SUFFIX_DIMS) and t not in placeholders \
                    and not (suffix == SUFFIX_DIMS and (t.endswith(f" addrspace({GROUPSHARED_ADDRSPACE})*")
                                                        or t.rstrip("*") in placeholders)) \
                    and not (suffix == SUFFIX_VECTOR and t == "%dx.types.ResRet.$o"):
                # (RawBufferVectorLoad returns `%dx.types.ResRet.v8i16`, the
                # struct named by its whole vector overload, as in DXC.)
                raise self.fail(where, f"rule {suffix!r} uses its vector overloads whole, not in {t!r}")
            if t.startswith("%"):
                for short in overload or ():
                    name = _PLACEHOLDER.sub(short, t[1:])
                    name = self.renames.get(name, name)
                    if name not in self.structs:
                        raise self.fail(where, f"overload {short} needs struct type %{name} (declare it under "
                                               f"\"types\")")

    def check_shared_functions(self, by_function: Mapping[str, list[Operation]], shared: Mapping[str, str]) -> None:
        for function, group in by_function.items():
            if len(group) == 1:
                if function in shared:
                    raise self.fail(f"shared_functions {function}",
                                    f"only {group[0].name} uses it; remove the entry")
                continue
            names = ", ".join(op.name for op in group)
            if function not in shared:
                raise self.fail(f"operation {group[1].name}",
                                f"function {function} is also {group[0].name}'s; operations may share a "
                                f"function only when shared_functions documents it ({names})")
            # One declaration serves the operations of one overload rule; a
            # function with and without an overload suffix (DXC's
            # wavePrefixOp for WavePrefixBitCount) names two declarations.
            by_rule: dict[bool, Operation] = {}
            for op in group:
                first = by_rule.setdefault(op.suffix == SUFFIX_NONE, op)
                if op is first:
                    continue
                for field in ("params", "result", "suffix", "attributes"):
                    mine = getattr(op, field)
                    theirs = getattr(first, field)
                    if field == "params":
                        mine, theirs = [p.type for p in mine], [p.type for p in theirs]
                    if mine != theirs:
                        raise self.fail(f"operation {op.name}",
                                        f"shares {function} with {first.name} but its {field} differ "
                                        f"({mine!r} vs {theirs!r}); one declaration serves both")
            kinds = [op.kind for op in group]
            if any(kinds):
                if not all(kinds) or len({k[0] for k in kinds if k}) != 1:
                    raise self.fail(f"shared_functions {function}",
                                    f"either every operation ({names}) has a kind of one enum, or none")
                bases = {op.opcode - self.enums[op.kind[0]][op.kind[1]] for op in group if op.kind}
                if len(bases) != 1:
                    raise self.fail(f"shared_functions {function}",
                                    f"opcodes of {names} must be one base plus their kind values")
        for function in shared:
            if function not in by_function:
                raise self.fail(f"shared_functions {function}", "no operation uses it")


# --------------------------------------------------------------------------
# Lookups


def operations() -> dict[str, Operation]:
    """Every operation, by name, in opcode order."""
    return dict(table().operations)


def operation(name: str) -> Operation:
    try:
        return table().operations[name]
    except KeyError:
        raise KeyError(f"unknown DXIL operation {name!r}") from None


def by_opcode(opcode: int) -> Operation:
    """The operation of an opcode operand's value; DXC's experimental
    opcodes may be given signed (as IR prints them) or unsigned."""
    ops = table().by_opcode
    found = ops.get(opcode)
    if found is None and type(opcode) is int:
        found = ops.get((opcode + (1 << 31)) % _I32 - (1 << 31))
    if found is None:
        raise KeyError(f"no DXIL operation has opcode {opcode}")
    return found


def function_base(function_name: str) -> str:
    """`dx.op.<stem>` of a function name (every dx.op stem is one word, so
    the overload suffix is everything after the third dot)."""
    return ".".join(function_name.split(".", 3)[:3])


def by_function(function_name: str) -> list[Operation]:
    """The operations declared by an LLVM function: give the base name
    (`dx.op.matrixOp`) or a full name with its overload suffix
    (`dx.op.unary.f32`, `dx.op.matvecmul.v4f32.v8f16`,
    `dx.op.linAlgMatrixGetElement.i64.mC4M5N4U1S2`).  Several operations
    share a function in DXIL (an op class); the opcode operand tells them
    apart.  Empty when no operation uses the name, or when a suffix part is
    not an overload's name at all (`parse_function_name` says more)."""
    functions = table().by_function
    found = functions.get(function_name)
    if found is not None:
        return list(found)
    base = function_base(function_name)
    found = functions.get(base)
    if found is None or len(base) == len(function_name):
        return []
    if any(d.kind == DIM_STRUCT for op in found for d in op.dims):
        return list(found)      # a struct's name is any name
    parts = function_name[len(base) + 1:].split(".")
    if len(parts) > MAX_DIMS or not all(_SUFFIX_PART.fullmatch(part) for part in parts):
        return []
    return list(found)


def enum(name: str) -> dict[str, int]:
    try:
        return dict(table().enums[name])
    except KeyError:
        raise KeyError(f"unknown DXIL enum {name!r}; known: {', '.join(table().enums)}") from None


def enums() -> dict[str, dict[str, int]]:
    return {name: dict(members) for name, members in table().enums.items()}


def struct_types() -> dict[str, list[str]]:
    """Named struct types (without `%`) and their field types."""
    return {name: list(body) for name, body in table().struct_types.items()}


def resource_properties(resource: str) -> tuple[int, int]:
    """The `%dx.types.ResourceProperties` constant of a resource type."""
    try:
        return table().resource_properties[resource]
    except KeyError:
        raise KeyError(f"no resource properties for {resource!r}") from None


# --------------------------------------------------------------------------
# Overloads, names and signatures


def _resolve(op: OperationRef) -> Operation:
    return operation(op) if isinstance(op, str) else op


def _scalar_short(text: str) -> str | None:
    text = text.strip()
    if text in LLVM_SCALARS:
        return text
    return SHORT_NAMES.get(text)


def _allowed(op: Operation) -> str:
    return ", ".join(op.overload or ())


def _check_element(op: Operation, short: str | None, given: str, what: str,
                   allowed: tuple[str, ...] | None = None) -> str:
    allowed = op.overload or () if allowed is None else allowed
    if short is None or short not in allowed:
        raise OverloadError(f"{op.name} ({op.function}) does not take {what} {given!r}; "
                            f"its overloads are {what}s of {', '.join(allowed)}")
    return short


def _vector(op: Operation, text: str, allowed: tuple[str, ...] | None = None,
            what: str = "vector") -> tuple[int, str]:
    text = text.strip() if isinstance(text, str) else text
    match = _VECTOR.fullmatch(text) if isinstance(text, str) else None
    if match:
        n, element = int(match.group(1)), _scalar_short(match.group(2))
    else:
        short = _VECTOR_SUFFIX.fullmatch(text) if isinstance(text, str) else None
        if not short:
            raise OverloadError(f"{op.name} ({op.function}) takes a {what} overload such as '<4 x float>', "
                                f"got {text!r}")
        n, element = int(short.group(1)), short.group(2)
    if n < 1:
        raise OverloadError(f"{op.name} ({op.function}) takes a {what} overload such as '<4 x float>', "
                            f"got {text!r}")
    return n, _check_element(op, element, text, what, allowed)


# --------------------------------------------------------------------------
# DXC's LinAlg matrix types


def _enum_value(enum_name: str, value: int | str, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    members = table().enums[enum_name]
    if value in members:
        return members[value]
    raise ValueError(f"{what} {value!r} is not a {enum_name} value ({', '.join(members)})")


def matrix_type(component: int | str, m: int, n: int, use: int | str, scope: int | str) -> MatrixType:
    """The matrix type of a component type, M x N dimensions, use and scope;
    enum members may be given by name (`"F32"`, `"Accumulator"`, `"Wave"`)."""
    return MatrixType(_enum_value("ComponentType", component, "component type"), m, n,
                      _enum_value("MatrixUse", use, "use"), _enum_value("MatrixScope", scope, "scope"))


def parse_matrix_type(text: str | MatrixType) -> MatrixType | None:
    """A matrix type from its LLVM type (`%dx.types.LinAlgMatrixC4M5N4U1S2`,
    quoted or not), its struct name or its suffix name (`mC4M5N4U1S2`);
    None for anything else."""
    if isinstance(text, MatrixType):
        return text
    if not isinstance(text, str):
        return None
    text = text.strip()
    m = _MATRIX_NAME.fullmatch(text) or _MATRIX_SUFFIX.fullmatch(text)
    return MatrixType(*(int(g) for g in m.groups())) if m else None


def is_matrix_type(text: str) -> bool:
    """Whether an LLVM type names a LinAlg matrix struct: DXC counts every
    struct whose name starts with `dx.types.LinAlgMatrix`, well-formed or not."""
    return text.lstrip("%").lstrip('"').startswith(MATRIX_TYPE_PREFIX)


# --------------------------------------------------------------------------
# Overloads, names and signatures


def _overload(overload: tuple) -> Overload:
    """The `*overload` of the public functions as one value: nothing, one
    value, or the several dimensions given one by one."""
    if not overload:
        return None
    return overload[0] if len(overload) == 1 else tuple(overload)


def _bind_dim(op: Operation, index: int, dim: Dim, value: Any) -> tuple[str, str]:
    what = f"dimension {index} ({dim.source})"
    if dim.kind == DIM_MATRIX:
        matrix = parse_matrix_type(value)
        if matrix is None:
            raise OverloadError(f"{op.name} ({op.function}) takes a LinAlg matrix type such as "
                                f"'%dx.types.LinAlgMatrixC9M16N16U0S1' as {what}, got {value!r}")
        return matrix.llvm, matrix.suffix
    if not isinstance(value, str):
        raise OverloadError(f"{op.name} ({op.function}) takes a type string as {what}, got {value!r}")
    text = value.strip()
    if dim.kind == DIM_STRUCT:
        name = text[1:].strip('"') if text.startswith("%") else text
        if not name or not re.fullmatch(r"[-a-zA-Z$._0-9]+", name):
            raise OverloadError(f"{op.name} ({op.function}) takes a named struct type as {what}, got {value!r}")
        return "%" + name, name
    if dim.kind == DIM_ELEMENT and text.endswith("*"):
        space = _ADDRSPACE.fullmatch(text[:-1].rstrip())
        if not space or int(space.group(2)) != GROUPSHARED_ADDRSPACE:
            raise OverloadError(f"{op.name} ({op.function}) takes a groupshared pointer "
                                f"('T addrspace(3)*') as {what}, got {value!r}")
        text = space.group(1)
    if dim.kind == DIM_VECTOR or (dim.kind == DIM_ELEMENT and (text.startswith("<") or _VECTOR_SUFFIX.fullmatch(text))):
        n, short = _vector(op, text, dim.types, "vector" if dim.kind == DIM_VECTOR else "groupshared vector")
        return f"<{n} x {LLVM_SCALARS[short]}>", f"v{n}{short}"
    short = _check_element(op, _scalar_short(text), value,
                           "scalar" if dim.kind == DIM_SCALAR else "groupshared element type", dim.types)
    return LLVM_SCALARS[short], short


def _bind(op: Operation, overload: Overload) -> dict[str, tuple[str, str]]:
    """Map each placeholder to (LLVM type, suffix part) for this overload."""
    rule = op.suffix
    if rule == SUFFIX_NONE:
        if overload is not None:
            raise OverloadError(f"{op.name} ({op.function}) takes no overload, got {overload!r}")
        return {}
    if overload is None:
        if rule == SUFFIX_DIMS:
            raise OverloadError(f"{op.name} ({op.function}) needs an overload: one type per dimension ("
                                + ", ".join(f"{d.source} {d.kind}" for d in op.dims) + ")")
        raise OverloadError(f"{op.name} ({op.function}) needs an overload ({rule} of {_allowed(op)})")
    if rule == SUFFIX_DIMS:
        values = [overload] if isinstance(overload, (str, MatrixType)) else list(overload)
        if len(values) != len(op.dims):
            raise OverloadError(f"{op.name} ({op.function}) takes {len(op.dims)} overload type(s), one per "
                                "dimension (" + ", ".join(f"{d.source} {d.kind}" for d in op.dims)
                                + f"), got {overload!r}")
        return {f"$o{i}": _bind_dim(op, i, dim, value) for i, (dim, value) in enumerate(zip(op.dims, values))}
    if rule == SUFFIX_VECTOR2:
        if isinstance(overload, (str, MatrixType)) or len(overload) != 2:
            raise OverloadError(f"{op.name} ({op.function}) takes two vector overloads, got {overload!r}")
        bound = {}
        for placeholder, text in zip(("$o0", "$o1"), overload):
            n, short = _vector(op, text)
            bound[placeholder] = (f"<{n} x {LLVM_SCALARS[short]}>", f"v{n}{short}")
        return bound
    if not isinstance(overload, str):
        raise OverloadError(f"{op.name} ({op.function}) takes one overload type, got {overload!r}")
    if rule == SUFFIX_SCALAR:
        short = _check_element(op, _scalar_short(overload), overload, "scalar")
        return {"$o": (LLVM_SCALARS[short], short)}
    if rule == SUFFIX_VECTOR:
        n, short = _vector(op, overload)
        return {"$o": (f"<{n} x {LLVM_SCALARS[short]}>", f"v{n}{short}")}
    if rule == SUFFIX_POINTER3:
        text = overload.strip()
        if text.endswith("*"):  # a whole pointer type: it must point into groupshared memory
            space = _ADDRSPACE.fullmatch(text[:-1].rstrip())
            if not space or int(space.group(2)) != GROUPSHARED_ADDRSPACE:
                raise OverloadError(f"{op.name} ({op.function}) takes a groupshared pointer "
                                    f"('T addrspace(3)*'), got {overload!r}")
            text = space.group(1)
        short = _check_element(op, _scalar_short(text), overload, "groupshared element type")
        return {"$o": (LLVM_SCALARS[short], f"p{GROUPSHARED_ADDRSPACE}{short}")}
    raise AssertionError(f"unhandled suffix rule {rule!r}")  # the checker admits no other


def _short_of(part: str) -> str:
    """The overload's short name inside a struct name: p3f32 -> f32; a
    vector keeps its length (DXC's `%dx.types.ResRet.v8i16` of
    RawBufferVectorLoad)."""
    return re.sub(r"^p\d+", "", part)


def _substitute(text: str, bound: Mapping[str, tuple[str, str]]) -> str:
    if "$o" not in text:
        return text
    text = _STRUCT_PLACEHOLDER.sub(lambda m: m.group(1) + _short_of(bound["$o" + m.group(2)][1]), text)
    if text.startswith("%"):
        renames = table().struct_names
        if text[1:] in renames:
            return "%" + renames[text[1:]]
    return _PLACEHOLDER.sub(lambda m: bound["$o" + m.group(1)][0], text)


def overload_suffix(op: OperationRef, *overload: Any) -> str:
    """The function-name suffix for an overload, with its leading dot ('' for
    none).  `overload` is an LLVM type or a short name, per the op's rule:
    scalar `float`/`f32` -> `.f32`; vector `<16 x half>` -> `.v16f16`;
    pointer3 `float` or `float addrspace(3)*` -> `.p3f32`; vector2 a pair
    (`<4 x float>`, `<8 x half>`) -> `.v4f32.v8f16`; dims one type per
    dimension, in name order, given one by one or as one sequence
    (`i64`, `%dx.types.LinAlgMatrixC4M5N4U1S2`) -> `.i64.mC4M5N4U1S2`;
    rule none: nothing (or None) -> ''."""
    op = _resolve(op)
    bound = _bind(op, _overload(overload))
    return "".join("." + bound[p][1] for p in op.placeholders)


def function_name(op: OperationRef, *overload: Any) -> str:
    """The LLVM function to declare and call, e.g. `dx.op.fillMatrix.f32`,
    `dx.op.linAlgMatrixLoadFromMemory.mC4M5N4U1S2.v4f32`."""
    op = _resolve(op)
    return op.function + overload_suffix(op, *overload)


def signature(op: OperationRef, *overload: Any) -> tuple[str, list[str]]:
    """(result type, parameter types) of the LLVM function, placeholders
    substituted.  The parameters start with the `i32` opcode operand."""
    op = _resolve(op)
    bound = _bind(op, _overload(overload))
    return _substitute(op.result, bound), ["i32"] + [_substitute(p.type, bound) for p in op.params]


def declaration(op: OperationRef, *overload: Any) -> str:
    """The LLVM `declare` line (without attributes), for readers and tests."""
    op = _resolve(op)
    result, params = signature(op, *overload)
    return f"declare {result} @{function_name(op, *overload)}({', '.join(params)})"


def overload_of(op: OperationRef, function_name: str) -> Overload:
    """The overload a full function name carries, in the form `signature`
    takes (None, one type, or a tuple of types; LLVM type strings); the
    inverse of `function_name`.  Raises `OverloadError` when the suffix is
    not an overload of the operation."""
    op = _resolve(op)
    name = function_name.lstrip("@")
    if function_base(name) != op.function:
        raise OverloadError(f"'{name}' is not a function of {op.name} ({op.function})")
    parts = [p for p in name[len(op.function):].split(".") if p]
    if op.dims and op.dims[-1].kind == DIM_STRUCT and len(parts) >= len(op.dims):
        parts = parts[:len(op.dims) - 1] + [".".join(parts[len(op.dims) - 1:])]
    rule = op.suffix
    if rule == SUFFIX_NONE:
        if parts:
            raise OverloadError(f"'{name}' has an overload suffix, but {op.name} takes none")
        return None
    want = {SUFFIX_VECTOR2: 2, SUFFIX_DIMS: len(op.dims)}.get(rule, 1)
    if len(parts) != want:
        raise OverloadError(f"'{name}' needs {want} overload suffix part(s) for {op.name}")

    def vec(p: str) -> str:
        m = _VECTOR_SUFFIX.fullmatch(p)
        if not m:
            raise OverloadError(f"'{p}' is not a vector overload")
        return f"<{m.group(1)} x {LLVM_SCALARS[m.group(2)]}>"

    if rule == SUFFIX_SCALAR:
        overload: Overload = parts[0]
    elif rule == SUFFIX_VECTOR:
        overload = vec(parts[0])
    elif rule == SUFFIX_POINTER3:
        if not parts[0].startswith(f"p{GROUPSHARED_ADDRSPACE}"):
            raise OverloadError(f"'{parts[0]}' is not a groupshared pointer overload")
        overload = parts[0][2:]
    elif rule == SUFFIX_VECTOR2:
        overload = (vec(parts[0]), vec(parts[1]))
    else:
        values = []
        for dim, part in zip(op.dims, parts):
            if dim.kind == DIM_MATRIX:
                matrix = parse_matrix_type(part)
                if matrix is None:
                    raise OverloadError(f"'{part}' is not a LinAlg matrix overload (mC<c>M<m>N<n>U<u>S<s>)")
                values.append(matrix.llvm)
            elif dim.kind == DIM_STRUCT:
                values.append("%" + part)
            elif part.startswith("v"):
                values.append(vec(part))
            elif part in LLVM_SCALARS:
                values.append(LLVM_SCALARS[part])
            else:
                raise OverloadError(f"'{part}' is not a {dim.kind} overload")
        overload = tuple(values)
    _bind(op, overload)     # the types must be ones the operation allows
    return overload


class FunctionName(ValueRecord):
    """A dx.op function name read back: its base, the operations that may
    declare it (several share an op class; the opcode picks one) and the
    overload its suffix carries (as `signature` takes it)."""

    function: str
    operations: tuple[Operation, ...]
    overload: Overload
    __slots__ = ("function", "operations", "overload")
    _fields = ("function", "operations", "overload")

    def __init__(self, function: str, operations: tuple[Operation, ...], overload: Overload) -> None:
        self.function = function
        self.operations = operations
        self.overload = overload


def parse_function_name(name: str) -> FunctionName:
    """Read a full dx.op function name (`dx.op.linAlgMatrixGetElement.i64.mC4M5N4U1S2`,
    with or without `@`): KeyError when the table has no such function,
    `OverloadError` when the suffix is no overload of it.  Of operations
    sharing the function, those whose overloads include the suffix."""
    name = name.lstrip("@")
    base = function_base(name)
    group = table().by_function.get(base)
    if not group:
        raise KeyError(f"no DXIL operation has the function {base!r}")
    matching, overload, error = [], None, None
    for op in group:
        try:
            found = overload_of(op, name)
        except OverloadError as exc:
            error = error or exc
            continue
        overload = found
        matching.append(op)
    if not matching:
        raise error  # type: ignore[misc]
    return FunctionName(base, tuple(matching), overload)


def _pointee(text: str) -> str | None:
    """T of a `T addrspace(3)*` type; None for other types."""
    text = text.strip()
    if not text.endswith("*"):
        return None
    space = _ADDRSPACE.fullmatch(text[:-1].rstrip())
    return space.group(1).strip() if space and int(space.group(2)) == GROUPSHARED_ADDRSPACE else None


def overload_from_types(op: OperationRef, result: str, params: Sequence[str]) -> Overload:
    """The overload of a call or declaration with these types (`params`
    with the leading i32 opcode operand), read where the rule says (for
    `dims`, each dimension's source): what DXC's validator derives from
    the called function's type.  Raises `OverloadError` when the types
    are not an overload of the operation (DXC's "DXIL intrinsic overload
    must be valid.")."""
    op = _resolve(op)
    if op.suffix == SUFFIX_NONE:
        return None
    types = {DIM_RESULT: result.strip()}
    names = [p.name for p in op.params]
    types.update(zip(names, (t.strip() for t in params[1:])))
    # Only the dimensions' sources must be there (DXC reads just those; a
    # function of another arity is then no match for the signature).
    missing = [d.source for d in op.dims if d.source not in types] if op.suffix == SUFFIX_DIMS else (
        [] if len(params) == len(names) + 1 else ["operands"])
    if missing:
        raise OverloadError(f"{op.name} takes {len(names) + 1} operands, the function {len(params)}")
    if op.suffix == SUFFIX_DIMS:
        values: list[str] = []
        for dim in op.dims:
            text = types[dim.source]
            if dim.kind == DIM_STRUCT and text.endswith("*") and op.result != f"$o{op.dims.index(dim)}" and any(
                    p.type.endswith("*") for p in op.params if p.name == dim.source):
                text = text[:-1].rstrip()
            if dim.kind == DIM_ELEMENT:
                pointee = _pointee(text)
                if pointee is None:
                    raise OverloadError(f"{op.name}'s {dim.source} must be a groupshared pointer "
                                        f"('T addrspace(3)*'), not {text!r}")
                text = pointee
            values.append(text)
        overload: Overload = tuple(values)
    else:
        # The result or operand typed `$o` (`$o0`, `$o1`), `$o addrspace(3)*`
        # or a struct named by the overload (`%dx.types.ResRet.$o`).
        t = table()
        found: dict[str, str] = {}
        sources = [(DIM_RESULT, op.result)] + [(p.name, p.type) for p in op.params]
        for placeholder in op.placeholders:
            for source, template in sources:
                text = types[source]
                if template == placeholder:
                    found[placeholder] = text
                elif template == f"{placeholder} addrspace({GROUPSHARED_ADDRSPACE})*":
                    found[placeholder] = _pointee(text) or text
                elif template.startswith("%") and template.endswith("." + placeholder):
                    name = text.lstrip("%")
                    name = next((k for k, v in t.struct_names.items() if v == name), name)
                    found[placeholder] = name[len(template) - len(placeholder) - 1:]
                else:
                    continue
                break
        if len(found) != len(op.placeholders):
            raise OverloadError(f"cannot read {op.name}'s overload from its types")
        overload = (found["$o0"], found["$o1"]) if op.suffix == SUFFIX_VECTOR2 else found["$o"]
    _bind(op, overload)     # the types must be ones the operation allows
    return overload


# --------------------------------------------------------------------------
# docs/operations.md


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _param_text(p: Param) -> str:
    extra = [x for x in ("const" if p.const else "", p.enum or "") if x]
    return f"`{p.type}` {p.name}" + (f" ({', '.join(extra)})" if extra else "")


def operations_markdown() -> str:
    """The generated part of `docs/operations.md`: operations, shared
    functions, enums and struct types, in table order."""
    t = table()
    lines = ["### Operations", "",
             "| name | opcode | function | overloads | params (after the i32 opcode) | result | attributes "
             "| min SM | stages | source | description |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for op in t.operations.values():
        if op.suffix == SUFFIX_DIMS:
            overloads = "dims: " + "; ".join(
                f"{d.source} {d.kind}" + (f" of {', '.join(d.types)}" if d.types else "") for d in op.dims)
        else:
            overloads = "—" if op.overload is None else f"{op.suffix}: {', '.join(op.overload)}"
        params = "<br>".join(_param_text(p) for p in op.params) or "—"
        attributes = ", ".join(op.attributes) or "—"
        stages = "all" if op.stages is None else ", ".join(op.stages)
        source = op.source + (f" (errata {', '.join(map(str, op.errata))})" if op.errata else "")
        description = op.description
        if op.kind:
            description += f" [kind {op.kind[0]}.{op.kind[1]}]"
        cells = [op.name, op.opcode_text, f"`{op.function}`", overloads, params, f"`{op.result}`", attributes,
                 f"{op.min_shader_model[0]}.{op.min_shader_model[1]}", stages, source, description]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    lines += ["", "### Functions shared by several operations", "",
              "| function | operations | why |", "| --- | --- | --- |"]
    for function, why in t.shared_functions.items():
        names = ", ".join(op.name for op in t.by_function[function])
        lines.append(f"| `{function}` | {names} | {_cell(why)} |")
    notes = t.document.get("enum_notes", {})
    lines += ["", "### Enumerations", "", "| enum | values | note |", "| --- | --- | --- |"]
    for name, members in t.enums.items():
        values = ", ".join(f"{m} = {v}" for m, v in members.items())
        lines.append(f"| {name} | {values} | {_cell(notes.get(name, ''))} |")
    type_notes = t.document.get("type_notes", {})
    lines += ["", "### Struct types", "", "| type | body | note |", "| --- | --- | --- |"]
    for name, body in t.struct_types.items():
        lines.append(f"| `%{name}` | `{{ {', '.join(body)} }}` | {_cell(type_notes.get(name, ''))} |")
    lines += ["", "### Resource properties", "", "| resource | `%dx.types.ResourceProperties` |", "| --- | --- |"]
    for name, (word0, word1) in t.resource_properties.items():
        lines.append(f"| {name} | `{{ i32 {word0}, i32 {word1} }}` |")
    return "\n".join(lines) + "\n"


def main() -> None:
    """`python -m hlslc.dxil.ops`: print the generated part of docs/operations.md."""
    print(operations_markdown(), end="")


if __name__ == "__main__":  # pragma: no cover
    main()
