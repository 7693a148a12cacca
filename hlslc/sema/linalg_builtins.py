"""DXC's `__builtin_LinAlg*` built-in functions (`--linalg-revision=dxc`).

Owns: the one table of the 21 built-ins the dxc revision's header calls
(and user code may call directly, as DXC's tests do), with DXC's parameter
kinds, `out`/`ref` modes, the DXIL operation each lowers to and whether DXC
limits it to the compute, mesh and amplification stages; and resolving a
call against it (`resolve_builtin`): the type each argument converts to,
and DXC's wording when nothing fits.

The table is data, one line per built-in (or per overload)::

    RET NAME(KIND name, ...)  -> DXIL-OPERATION #HL-OPCODE  [@stage]

Parameter kinds (DXC's intrinsic classes, `gen_intrin_main.txt`):

- `matrix`: an attributed `__builtin_LinAlgMatrix [[...]]` (any shape);
- `numeric`: a numeric scalar (`g_NumericCT`: bool excluded);
- `elem`: a scalar of the LinAlg element types (`g_LinAlgCT`: 16-, 32- and
  64-bit ints and floats, the packed 8-bit types, literals);
- `vec` / `vec2`: a vector of LinAlg elements; parameters of one letter
  share a length (`vec` and `vec`), elements are free;
- `any`: a LinAlg scalar or vector;
- `gsarray`: a groupshared array of LinAlg scalars or vectors;
- `uint`, `bool`, `ByteAddressBuffer`, `RWByteAddressBuffer`: those types
  (with implicit conversions for the scalars).

`out` and `ref` parameters are written (the operation's result); RET is
`void`, `uint` or `uint2`.  The HL opcode is DXC's number for the
built-in (`IOP___builtin_LinAlg_*` of its `hlsl_intrinsic_opcodes.json`),
the first operand of its high-level call (`dx.hl.op`) that -fcgl prints.
`@stage` marks the 13 built-ins DXC's Sema rejects outside compute, mesh
and amplification entries.

Does not own: reachability of calls from entries (the analyzer checks the
shader model and the stage there), lowering (`hlslc/lower/dxc_linalg.py`).
"""

from __future__ import annotations


from ..records import ValueRecord
from . import types as T
from .conversions import Conversion, implicit_conversion, literal_default
from ..patterns import LazyPattern

_TABLE = r"""
void CopyConvertMatrix(out matrix ret, matrix source, bool transpose)                 -> LinAlgCopyConvertMatrix #401 @stage
void FillMatrix(out matrix ret, numeric value)                                         -> LinAlgFillMatrix #402 @stage
uint2 MatrixGetCoordinate(matrix matrix, uint threadLocalIndex)                        -> LinAlgMatrixGetCoordinate #403 @stage
void MatrixGetElement(out elem ret, matrix matrix, uint threadLocalIndex)              -> LinAlgMatrixGetElement #404 @stage
uint MatrixLength(matrix matrix)                                                       -> LinAlgMatrixLength #405 @stage
void MatrixLoadFromDescriptor(out matrix ret, ByteAddressBuffer buf, uint offset, uint stride, uint layout, uint align) -> LinAlgMatrixLoadFromDescriptor #406
void MatrixLoadFromDescriptor(out matrix ret, RWByteAddressBuffer buf, uint offset, uint stride, uint layout, uint align) -> LinAlgMatrixLoadFromDescriptor #406
void MatrixLoadFromMemory(out matrix ret, gsarray memory, uint offset, uint stride, uint layout) -> LinAlgMatrixLoadFromMemory #407 @stage
void MatrixSetElement(ref matrix ret, matrix matrix, uint threadLocalIndex, elem value) -> LinAlgMatrixSetElement #408 @stage
void MatrixStoreToDescriptor(matrix matrix, RWByteAddressBuffer buf, uint offset, uint stride, uint layout, uint align) -> LinAlgMatrixStoreToDescriptor #409 @stage
void MatrixStoreToMemory(matrix matrix, gsarray memory, uint offset, uint stride, uint layout) -> LinAlgMatrixStoreToMemory #410 @stage
void MatrixAccumulate(ref matrix matrixC, matrix matrixLHS, matrix matrixRHS)          -> LinAlgMatrixAccumulate #411 @stage
void MatrixMatrixMultiply(out matrix matrixC, matrix matrixA, matrix matrixB)          -> LinAlgMatrixMultiply #412 @stage
void MatrixMatrixMultiplyAccumulate(ref matrix matrixR, matrix matrixA, matrix matrixB, matrix matrixC) -> LinAlgMatrixMultiplyAccumulate #413 @stage
uint MatrixQueryAccumulatorLayout()                                                    -> LinAlgMatrixQueryAccumulatorLayout #414
void MatrixAccumulateToDescriptor(matrix matrix, RWByteAddressBuffer buf, uint offset, uint stride, uint layout, uint align) -> LinAlgMatrixAccumulateToDescriptor #415
void MatrixAccumulateToMemory(matrix matrix, gsarray memory, uint targetType, uint offset, uint stride, uint layout) -> LinAlgMatrixAccumulateToMemory #416 @stage
void MatrixOuterProduct(out matrix ret, vec vecA, vec2 vecB)                           -> LinAlgMatrixOuterProduct #417
void MatrixVectorMultiply(out vec ret, matrix mat, bool isOutputSigned, vec2 input, uint inputInterp) -> LinAlgMatVecMul #418
void MatrixVectorMultiplyAdd(out vec ret, matrix mat, bool isOutputSigned, vec2 input, uint inputInterp, vec bias) -> LinAlgMatVecMulAdd #419
void Convert(out vec ret, vec2 vec, uint input_interp, uint output_interp)             -> LinAlgConvert #422
void VectorAccumulateToDescriptor(RWByteAddressBuffer buf, uint offset, uint align, any vec) -> LinAlgVectorAccumulateToDescriptor #423
"""

PREFIX = "__builtin_LinAlg_"
# The stages DXC's Sema lets the `@stage` built-ins run in.
STAGES = ("compute", "mesh", "amplification")
# The shader model every built-in needs (`[[min_sm=6.10]]`).
MIN_SHADER_MODEL = (6, 10)


class BuiltinParam(ValueRecord):
    kind: str       # matrix, numeric, elem, vec, vec2, any, gsarray, uint, bool, or a resource type name
    mode: str       # "in", "out", "ref"
    name: str
    _fields = ("kind", "mode", "name")

    def __init__(self, kind: str, mode: str, name: str) -> None:
        self.kind = kind
        self.mode = mode
        self.name = name


class Builtin(ValueRecord):
    """One signature of the table."""
    name: str                       # the full name, `__builtin_LinAlg_FillMatrix`
    returns: str                    # "void", "uint", "uint2"
    params: tuple[BuiltinParam, ...]
    operation: str                  # the DXIL operation (ir/dxil_ops.json)
    hl_opcode: int                  # DXC's HL opcode (`dx.hl.op`'s first operand)
    stage_limited: bool
    _fields = ("name", "returns", "params", "operation", "hl_opcode", "stage_limited")

    def __init__(self, name: str, returns: str, params: tuple[BuiltinParam, ...], operation: str,
                 hl_opcode: int, stage_limited: bool) -> None:
        self.name = name
        self.returns = returns
        self.params = params
        self.operation = operation
        self.hl_opcode = hl_opcode
        self.stage_limited = stage_limited

    @property
    def return_type(self) -> T.Type:
        return {"void": T.VOID, "uint": T.UINT, "uint2": T.vector_of(T.UINT, 2)}[self.returns]


_LINE = LazyPattern(r"^(?P<ret>\w+)\s+(?P<name>\w+)\((?P<params>[^)]*)\)\s*->\s*(?P<op>\w+)\s+#(?P<hl>\d+)"
                   r"\s*(?P<stage>@stage)?$")


def _parse(text: str) -> dict[str, list[Builtin]]:
    table: dict[str, list[Builtin]] = {}
    for raw in text.strip().splitlines():
        m = _LINE.match(raw.strip())
        if m is None:
            raise ValueError(f"bad line in the LinAlg built-in table: {raw!r}")
        params = []
        for item in filter(None, (p.strip() for p in m["params"].split(","))):
            words = item.split()
            mode = words[0] if words[0] in ("out", "ref") else "in"
            kind, name = words[-2], words[-1]
            params.append(BuiltinParam(kind, mode, name))
        name = PREFIX + m["name"]
        table.setdefault(name, []).append(Builtin(name, m["ret"], tuple(params), m["op"], int(m["hl"]),
                                                  m["stage"] is not None))
    return table


_PARSED: dict[str, list[Builtin]] = {}


def table() -> dict[str, list[Builtin]]:
    """The built-ins by name, parsed on first use (only the dxc revision's
    programs call them: start-up time of every other compile)."""
    if not _PARSED:
        _PARSED.update(_parse(_TABLE))
    return _PARSED


def __getattr__(name: str) -> object:
    if name == "TABLE":           # the table, as the module's attribute it was
        return table()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def is_builtin(name: str) -> bool:
    return name in table()


class BuiltinMatch(ValueRecord):
    """A resolved call: the signature, the type each argument converts to
    (`out`/`ref` ones: the argument's own type), and the modes."""
    builtin: Builtin
    param_types: list[T.Type]
    conversions: list[Conversion]
    param_modes: list[str]
    _fields = ("builtin", "param_types", "conversions", "param_modes")

    def __init__(self, builtin: Builtin, param_types: list[T.Type], conversions: list[Conversion],
                 param_modes: list[str]) -> None:
        self.builtin = builtin
        self.param_types = param_types
        self.conversions = conversions
        self.param_modes = param_modes

    __hash__ = None  # type: ignore[assignment]

    @property
    def name(self) -> str:
        return self.builtin.name

    @property
    def return_type(self) -> T.Type:
        return self.builtin.return_type


class BuiltinError(Exception):
    """No signature fits: clang's message, its notes, and the argument
    (index) the message is about when it is not the call."""

    def __init__(self, message: str, notes: list[str], argument: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.notes = notes
        self.argument = argument


# DXC's LinAlg element types (`g_LinAlgCT`): no bool, no min-precision types.
_LINALG_ELEMENTS = frozenset({"half", "float", "double", "int16_t", "uint16_t", "int", "uint", "int64_t", "uint64_t",
                              "uint8_t4_packed", "int8_t4_packed", "literal int", "literal float"})
_EXACT = Conversion(0)


def _ordinal(i: int) -> str:
    n = i + 1
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _is_linalg_element(t: T.Type) -> bool:
    return isinstance(t, T.ScalarType) and t.name in _LINALG_ELEMENTS


def _gs_spelling(t: T.Type) -> str:
    """A groupshared array as clang spells it (`float __attribute__((address_space(3)))[64]`)."""
    if isinstance(t, T.ArrayType):
        return f"{t.elem.spell()} __attribute__((address_space(3)))[{t.size if t.size is not None else ''}]"
    return t.spell()


def _match(builtin: Builtin, args: list[T.Type], groupshared: list[bool]) -> BuiltinMatch | str:
    """The match of one signature, or the note saying why it does not fit."""
    n = len(args)
    if n != len(builtin.params):
        count = len(builtin.params)
        return (f"candidate function not viable: requires {count} argument{'s' if count != 1 else ''}, but {n} "
                f"{'was' if n == 1 else 'were'} provided")
    param_types: list[T.Type] = []
    conversions: list[Conversion] = []
    lengths: dict[str, int] = {}
    for i, (param, arg) in enumerate(zip(builtin.params, args)):
        kind = param.kind
        if kind == "matrix":
            if not (isinstance(arg, T.LinAlgHandleType) and arg.attributed):
                raise BuiltinError("argument must be linear algebra matrix type", [], i)
            param_types.append(arg)
            conversions.append(_EXACT)
            continue
        if kind in ("uint", "bool"):
            target = T.UINT if kind == "uint" else T.BOOL
            conv = implicit_conversion(arg, target)
            if conv is None:
                return f"candidate function not viable: no known conversion from '{arg.spell()}' to '{kind}' for " \
                       f"{_ordinal(i)} argument"
            param_types.append(target)
            conversions.append(conv)
            continue
        if kind in ("ByteAddressBuffer", "RWByteAddressBuffer"):
            if not (isinstance(arg, T.ResourceType) and arg.name == kind):
                return f"candidate function not viable: no known conversion from '{arg.spell()}' to '{kind}' for " \
                       f"{_ordinal(i)} argument"
            param_types.append(arg)
            conversions.append(_EXACT)
            continue
        if kind == "gsarray":
            elem = arg.elem if isinstance(arg, T.ArrayType) else None
            scalar = elem.elem if isinstance(elem, T.VectorType) else elem
            if not (isinstance(arg, T.ArrayType) and groupshared[i] and _is_linalg_element(scalar)):
                want = (elem.element.spell() if elem is not None and elem.element is not None and elem.is_numeric
                        else "literal float")
                size = arg.size if isinstance(arg, T.ArrayType) else ""
                return (f"candidate function not viable: no known conversion from '{_gs_spelling(arg)}' to "
                        f"'{want} const __attribute__((address_space(3))) (&)[{size}]' for {_ordinal(i)} argument")
            param_types.append(arg)
            conversions.append(_EXACT)
            continue
        # Numbers: the argument's own type (literals take their default).
        ok = False
        if kind == "numeric":
            ok = isinstance(arg, T.ScalarType) and arg.kind != "bool"
        elif kind == "elem":
            ok = _is_linalg_element(arg)
        elif kind in ("vec", "vec2"):
            ok = isinstance(arg, T.VectorType) and _is_linalg_element(arg.elem)
            if ok and kind in lengths and lengths[kind] != arg.size:
                return (f"candidate function not viable: no known conversion from '{arg.spell()}' to a vector of "
                        f"{lengths[kind]} components for {_ordinal(i)} argument")
            if ok:
                lengths[kind] = arg.size
        elif kind == "any":
            ok = _is_linalg_element(arg) or isinstance(arg, T.VectorType) and _is_linalg_element(arg.elem)
        if not ok:
            return f"candidate function not viable: no known conversion from '{arg.spell()}' to a LinAlg " \
                   f"{'vector' if kind.startswith('vec') else 'value'} for {_ordinal(i)} argument"
        param_types.append(_defaulted(arg))
        conversions.append(_EXACT)
    return BuiltinMatch(builtin, param_types, conversions, [p.mode for p in builtin.params])


def _defaulted(t: T.Type) -> T.Type:
    if isinstance(t, T.ScalarType) and t.literal:
        return literal_default(t)
    if isinstance(t, T.VectorType) and t.elem.literal:
        return T.vector_of(literal_default(t.elem), t.size)
    return t


def resolve_builtin(name: str, args: list[T.Type], groupshared: list[bool]) -> BuiltinMatch:
    """The signature of `name` the arguments fit; `BuiltinError` otherwise.
    `groupshared[i]` says whether argument i names groupshared memory."""
    notes = []
    for builtin in table()[name]:
        found = _match(builtin, args, groupshared)
        if isinstance(found, BuiltinMatch):
            return found
        notes.append(found)
    raise BuiltinError(f"no matching function for call to '{name}'", notes)


# --------------------------------------------------------------------------
# DXC's spelling of types in messages

def dxc_spelling(t: T.Type, aka: bool = False) -> str:
    """A type as DXC's diagnostics print it: class template instances
    without their namespace, enumerators with their enumeration's scope
    (`Matrix<ComponentType::F32, 4, 5, MatrixUse::A, MatrixScope::Wave>`);
    `aka` adds each enumerator's value (`ComponentType::F32 aka 9`), as in
    DXC's "cannot initialize" message."""
    if isinstance(t, T.ClassType) and t.instance.template is not None:
        return f"{t.instance.template.name}<{', '.join(_argument(a, aka) for a in t.instance.args)}>"
    return t.spell()


def _argument(arg: object, aka: bool) -> str:
    if isinstance(arg, T.ConstValue):
        if isinstance(arg.type, T.EnumType):
            symbol = arg.type.symbol
            parts = symbol.qualified_name.split("::")
            scope = parts[-2] if not symbol.scoped and len(parts) > 1 else symbol.name
            name = symbol.name_of(arg.value)
            text = f"{scope}::{name}" if name is not None else str(arg.value)
            return f"{text} aka {arg.value}" if aka else text
        return arg.spell()
    return dxc_spelling(arg, aka) if isinstance(arg, T.Type) else str(arg)


def is_dxc_matrix_type(t: T.Type) -> bool:
    """The dxc revision's matrix class or handle type (whose conversion
    errors DXC words its own way)."""
    if isinstance(t, T.LinAlgHandleType):
        return True
    return isinstance(t, T.ClassType) and t.instance.template is not None \
        and t.instance.template.qualified_name == "dx::linalg::Matrix"


# --------------------------------------------------------------------------
# Names only the dxc revision has

# Names of DXC's dx::linalg API (and its helpers) that the SM 6.10 and draft
# revisions do not declare: using one under those revisions is most likely
# code written for DXC's header.
DXC_REVISION_NAMES = frozenset({
    "ComponentType", "ComponentEnum", "MatrixUseEnum", "MatrixScopeEnum", "MatrixLayoutEnum", "dxil",
    "InterpretedVector", "MakeInterpretedVector", "VectorRef", "Convert", "InterlockedAccumulate", "Cast",
    "Length", "GetCoordinate", "Get", "Set", "MulOptimalTranspose", "OuterProductOptimalTranspose",
    "F8_E4M3FN", "F8_E5M2", "BFloat16", "I8", "U8", "is_same", "strip_vector_type", "is_arithmetic_vector",
    "is_signed", "is_vector", "SIZE_TYPE", "__builtin_LinAlgMatrix",
})
_UNKNOWN_NAME = LazyPattern(r"(?:use of undeclared identifier|no member named|unknown type|no type named) '([^']+)'")


def revision_hint(message: str) -> str | None:
    """The note for an error about a name only the dxc revision declares
    (None when the message is about something else)."""
    m = _UNKNOWN_NAME.search(message)
    if m is None:
        return None
    name = m.group(1).split("::")[-1]
    if name in DXC_REVISION_NAMES or name.startswith(PREFIX):
        return (f"'{name}' belongs to the dx::linalg API as DXC ships it (proposal 0035 as amended); "
                "compile with '--linalg-revision=dxc' to use it")
    return None
