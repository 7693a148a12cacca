"""SM 6.8 Wave Matrix methods in sema (wave-matrix-sm6.8.md).

Owns: the method table of the five `WaveMatrix*` types (which kinds have
which method, the argument types) and checking a call against it; the rules
on the types themselves (element types per kind from the spec's
CheckFeatureSupport sections, M and N in {16, 64}), on where a wave matrix
may be declared (no arrays, as DXC's preview; only local variables and
function parameters), on the constant arguments of Load/Store (alignment,
offset, stride), on the operands of Multiply/MultiplyAccumulate,
SumAccumulate and Add, and on the thread group size of an entry that uses
wave matrices under `[wavesize]`.

Does not own: lowering to the `waveMatrix_*` operations, or the uniform
control flow rule (the validator).

K, the depth of the matrix multiply unit, is not known at compile time: it
is the device's `MatrixDepth()`, a multiple of 16.  Checks that depend on K
(the row-major stride of a Left matrix, whose memory-layout row has K
elements, and the column-major stride of a Right matrix, whose
memory-layout column has K elements) use its smallest value, 16: a stride
below that is wrong on every device.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from ..front import ast as A
from ..diagnostics import Diagnostic, Note, Severity
from ..spec.linalg_rules import SCALAR_COMPONENTS
from . import types as T
from .base import SemaError
from .symbols import VarSymbol

if TYPE_CHECKING:  # pragma: no cover
    from .analyzer import Analyzer
    from ..source import Span
    from .symbols import Env

LEFT, RIGHT, ACC, LEFT_COL, RIGHT_ROW = ("WaveMatrixLeft", "WaveMatrixRight", "WaveMatrixAccumulator",
                                         "WaveMatrixLeftColAcc", "WaveMatrixRightRowAcc")
_ALL = (LEFT, RIGHT, ACC, LEFT_COL, RIGHT_ROW)
_FRAGMENTS = (LEFT_COL, RIGHT_ROW)

# Element types per kind (the spec's CheckFeatureSupport sections): inputs
# (Left, Right) and accumulators (Accumulator and the two fragments).
INPUT_TYPES = ("float32_t", "float16_t", "int8_t4_packed", "uint8_t4_packed")
ACCUMULATOR_TYPES = ("float32_t", "float16_t", "int32_t")
# D3D12_WAVE_MMA_DIMENSION: the allowed values of M and N.
DIMENSIONS = (16, 64)
# The smallest K (MatrixDepth()) a device may have: K is a multiple of 16.
K_MIN = 16
# Accumulator element types each input element type may accumulate into
# (Byte: int32 only; Float16: 16- or 32-bit accumulators; Float32: 32-bit).
_ACCUMULATES_INTO = {"float32_t": ("float32_t",), "float16_t": ("float16_t", "float32_t"),
                     "int8_t4_packed": ("int32_t",), "uint8_t4_packed": ("int32_t",)}

# method -> the kinds that have it
_METHODS: dict[str, tuple[str, ...]] = {
    "Fill": _ALL, "Load": _ALL, "Store": _ALL, "MatrixDepth": (LEFT, RIGHT),
    "Multiply": (ACC,), "MultiplyAccumulate": (ACC,),
    "ScalarMultiply": (ACC,) + _FRAGMENTS, "ScalarDivide": (ACC,) + _FRAGMENTS,
    "ScalarAdd": (ACC,) + _FRAGMENTS, "ScalarSubtract": (ACC,) + _FRAGMENTS,
    "SumAccumulate": _FRAGMENTS, "Add": (ACC,),
}


def check_method(analyzer: "Analyzer", expr: A.CallExpr, callee: A.MemberExpr, wm: T.WaveMatrixType,
                 args: list[T.Type], env: "Env") -> T.Type:
    name = callee.member.name
    kinds = _METHODS.get(name)
    if kinds is None:
        import difflib  # late: only a misspelt name needs it (start-up time)
        close = difflib.get_close_matches(name, list(_METHODS), n=1, cutoff=0.6)
        raise SemaError(f"no member named '{name}' in '{wm.spell()}'", callee.member.span,
                        notes=[(f"did you mean '{close[0]}'?", None)] if close else [])
    if wm.kind not in kinds:
        raise SemaError(f"'{name}' is not available on '{wm.kind}' (only on {', '.join(kinds)})",
                        callee.member.span)
    span = expr.span

    def want(count_low: int, count_high: int | None = None) -> None:
        high = count_low if count_high is None else count_high
        if not count_low <= len(args) <= high:
            expected = str(count_low) if count_low == high else f"{count_low} to {high}"
            raise SemaError(f"'{name}' takes {expected} argument{'s' if high != 1 else ''}, "
                            f"but {len(args)} were provided", span)

    def convert(index: int, target: T.Type) -> None:
        analyzer.require_conversion(args[index], target, expr.args[index].span, "passing")

    def other(index: int, allowed: tuple[str, ...]) -> T.WaveMatrixType:
        t = args[index]
        if not isinstance(t, T.WaveMatrixType) or t.kind not in allowed:
            raise SemaError(f"argument {index + 1} of '{name}' must be a {' or '.join(allowed)}, not "
                            f"'{t.spell()}'", expr.args[index].span, rule_id="WAVEMATRIX-OPERAND-KIND")
        return t

    if name == "MatrixDepth":
        want(0)
        return T.UINT
    if name == "Fill" or name.startswith("Scalar"):
        want(1)
        convert(0, wm.elem)
        return T.VOID
    if name in ("Load", "Store"):
        fragment = wm.kind in _FRAGMENTS
        memory = args[0] if args else None
        if isinstance(memory, T.ResourceType):
            if memory.name not in ("ByteAddressBuffer", "RWByteAddressBuffer"):
                raise SemaError(f"'{name}' needs a ByteAddressBuffer or RWByteAddressBuffer, not "
                                f"'{memory.spell()}'", expr.args[0].span)
            if name == "Store" and not memory.writable:
                raise SemaError("'Store' needs a RWByteAddressBuffer: a ByteAddressBuffer is read-only",
                                expr.args[0].span)
            if fragment:
                want(3, 4)
            else:
                want(4, 5)
                convert(3, T.BOOL)
            for index in (1, 2):
                convert(index, T.UINT)
            if len(args) > (3 if fragment else 4):
                convert(len(args) - 1, T.UINT)
            _check_memory_constants(analyzer, expr, wm, name, True, env)
            return T.VOID
        if isinstance(memory, T.ArrayType):
            want(3) if fragment else want(4)
            var = analyzer.result.symbols.get(id(_strip(expr.args[0])))
            if not (isinstance(var, VarSymbol) and var.is_groupshared):
                raise SemaError(f"'{name}' with an array needs a groupshared array; '{A.spell(expr.args[0])}' is "
                                f"not declared 'groupshared'", expr.args[0].span)
            elem = memory.elem
            if elem is not wm.elem and not (wm.elem.name.endswith("4_packed") and elem is T.UINT):
                raise SemaError(f"the groupshared array's element type '{elem.spell()}' does not match the "
                                f"matrix element type '{wm.elem.spell()}'", expr.args[0].span)
            for index in (1, 2):
                convert(index, T.UINT)
            if not fragment:
                convert(3, T.BOOL)
            _check_memory_constants(analyzer, expr, wm, name, False, env)
            return T.VOID
        raise SemaError(f"'{name}' needs a [RW]ByteAddressBuffer or a groupshared array as its first argument",
                        span)
    if name in ("Multiply", "MultiplyAccumulate"):
        want(2)
        left = other(0, (LEFT,))
        right = other(1, (RIGHT,))
        mixable = {"int8_t4_packed", "uint8_t4_packed"}
        if left.elem is not right.elem and not {left.elem.name, right.elem.name} <= mixable:
            raise SemaError(f"left and right matrices must have the same element type ('{left.elem.spell()}' "
                            f"vs '{right.elem.spell()}'); only int8 and uint8 may be mixed", span,
                            rule_id="WAVEMATRIX-DIMENSION-MISMATCH")
        _same_unit(name, wm, [("left matrix", left), ("right matrix", right)], span)
        _check_accumulates(name, wm, left, span)
        return T.VOID
    if name == "SumAccumulate":
        want(1)
        source = other(0, (LEFT,) if wm.kind == LEFT_COL else (RIGHT,))
        _same_unit(name, wm, [("left matrix" if source.kind == LEFT else "right matrix", source)], span)
        _check_accumulates(name, wm, source, span)
        return T.VOID
    if name == "Add":
        want(1)
        added = other(0, (ACC,) + _FRAGMENTS)
        _same_unit(name, wm, [("accumulator" if added.kind == ACC else "fragment", added)], span)
        return T.VOID
    raise SemaError(f"'{name}' is not supported", span)   # pragma: no cover - table and code agree


def element_name(elem: T.Type) -> str | None:
    """The spec's name of a wave matrix element type (`float32_t` for
    `float`, `int32_t` for `int`, ...), None if it has none."""
    if elem is T.FLOAT:
        return "float32_t"
    if elem is T.HALF:
        return "float16_t"
    if elem is T.INT:
        return "int32_t"
    if elem is T.INT8_4_PACKED or elem is T.UINT8_4_PACKED:
        return elem.name
    return None


def _is_input(kind: str) -> bool:
    return kind in (LEFT, RIGHT)


def check_type(kind: str, elem: T.Type, dims: list[tuple[object, "Span | None"]], elem_span: "Span | None",
               span: "Span | None") -> tuple[int, int]:
    """The template arguments of `kind<elem, M, N>`; returns (M, N)."""
    allowed = INPUT_TYPES if _is_input(kind) else ACCUMULATOR_TYPES
    if element_name(elem) not in allowed:
        raise SemaError(f"'{kind}' element type must be one of {', '.join(allowed)}, not '{elem.spell()}'",
                        elem_span or span, rule_id="WAVEMATRIX-PROPS")
    values = []
    for (value, arg_span), letter in zip(dims, "MN"):
        if not isinstance(value, int) or isinstance(value, bool):
            raise SemaError(f"'{kind}' dimension {letter} must be an integer constant", arg_span or span)
        if value not in DIMENSIONS:
            raise SemaError(f"'{kind}' dimension {letter} must be 16 or 64, not {value}", arg_span or span,
                            rule_id="WAVEMATRIX-PROPS")
        values.append(value)
    return values[0], values[1]


# Packed element types -> the component type of `%dx.types.waveMatProps`.
_PACKED_COMPONENTS = {"int8_t4_packed": "PackedS8x32", "uint8_t4_packed": "PackedU8x32"}


def component_type(elem: T.ScalarType) -> str:
    """F16, F32, I32, PackedS8x32 or PackedU8x32: the component type of a
    Wave Matrix element type (sema allows no others)."""
    return _PACKED_COMPONENTS.get(elem.name) or SCALAR_COMPONENTS.get((elem.kind, elem.bits), "Invalid")


def check_declared(t: T.Type, span: "Span | None", where: str | None) -> None:
    """A wave matrix in a declaration: never an array (DXC's preview: "declaration
    of type WaveMatrixLeft may not be an array"), and only a local variable
    or a function parameter (a wave matrix is an opaque per-wave object
    living in an `alloca`: it has no storage in memory)."""
    inner = t
    while isinstance(inner, T.ArrayType):
        inner = inner.elem
    if not isinstance(inner, T.WaveMatrixType):
        return
    if inner is not t:
        raise SemaError(f"declaration of type {inner.kind} may not be an array", span)
    placement = {"global": "a global variable", "groupshared": "a groupshared variable",
                 "static": "a static variable", "field": "a struct field"}.get(where or "")
    if placement is not None:
        raise SemaError(f"'{inner.spell()}' cannot be {placement}: a wave matrix can only be a local "
                        f"variable or a function parameter", span)


def check_thread_group(threads: list[int], wave_sizes: list[int], numthreads_span: "Span | None",
                       wavesize_span: "Span | None", entry: str) -> Diagnostic | None:
    """An entry using wave matrices with `[wavesize]`: its thread group must be
    whole waves.  With a range, the smallest wave size is checked (the
    runtime may pick any size of the range; a group that is not a multiple
    of the smallest is wrong on every device)."""
    total = threads[0] * threads[1] * threads[2]
    wave = wave_sizes[0]
    if total % wave == 0:
        return None
    shape = "x".join(str(v) for v in threads)
    diag = Diagnostic(Severity.ERROR, f"thread group size {total} ({shape}) of '{entry}' is not a multiple of the "
                                      f"wave size {wave}: Wave Matrix operations need whole waves",
                      numthreads_span)
    diag.notes.append(Note(f"wave size {wave} is given here", wavesize_span))
    return diag


def _constant(analyzer: "Analyzer", expr: A.Expr, env: "Env") -> int | None:
    """The value of a uint argument when it is a constant, else None."""
    try:
        value = analyzer.engine.evaluate(expr, env)
        value = analyzer.engine.convert_constant(value, T.UINT, expr.span)
    except SemaError:
        return None
    return value.value if isinstance(value.value, int) and not isinstance(value.value, bool) else None


def _element_bytes(wm: T.WaveMatrixType) -> float:
    """Bytes per matrix element in memory: 8-bit elements are packed four to
    a 32-bit word."""
    if wm.elem is T.INT8_4_PACKED or wm.elem is T.UINT8_4_PACKED:
        return 1
    return T.size_of(wm.elem)


def _row_elements(wm: T.WaveMatrixType, col_major: bool) -> tuple[int, bool]:
    """Elements in a memory-layout row (a logical row, or a column when
    col_major), and whether that is K's minimum rather than an exact count.
    Left is M x K, Right is K x N, the accumulator M x N."""
    if wm.kind == LEFT:
        return (wm.m, False) if col_major else (K_MIN, True)
    if wm.kind == RIGHT:
        return (K_MIN, True) if col_major else (wm.n, False)
    return (wm.m, False) if col_major else (wm.n, False)


def _check_memory_constants(analyzer: "Analyzer", expr: A.CallExpr, wm: T.WaveMatrixType, name: str,
                            buffer: bool, env: "Env") -> None:
    """Load/Store arguments that are constants: offset DWORD-aligned (buffers,
    in bytes), stride at least a memory-layout row (or an element, for a
    fragment), alignment 0 or a power of two >= 4 that the stride follows."""
    fragment = wm.kind in _FRAGMENTS
    args = expr.args
    offset = _constant(analyzer, args[1], env)
    stride = _constant(analyzer, args[2], env)
    col_major = None
    if not fragment:
        try:
            col_major = bool(analyzer.engine.evaluate(args[3], env).value)
        except SemaError:
            col_major = None
    align_index = 3 if fragment else 4
    align = _constant(analyzer, args[align_index], env) if buffer and len(args) > align_index else None
    if buffer and len(args) > align_index and align is None:
        # The DXIL operand is an immediate (`i8 alignmentInBytes`).
        analyzer.diags.error(args[align_index].span, f"'{name}' alignment must be a constant expression")
    if buffer and offset is not None and offset % 4:
        analyzer.diags.error(args[1].span, f"'{name}' start offset {offset} is not DWORD-aligned: a byte offset "
                                           f"into a [RW]ByteAddressBuffer must be a multiple of 4",
                             "WAVEMATRIX-OPERAND-VALUE")
    if align is not None and align != 0 and (align < 4 or align & (align - 1)):
        analyzer.diags.error(args[align_index].span, f"'{name}' alignment {align} must be 0 or a power of two "
                                                     f"greater than or equal to 4", "WAVEMATRIX-OPERAND-VALUE")
        align = None
    if stride is None:
        return
    unit = "bytes" if buffer else "array elements"
    if fragment:
        minimum = int(_element_bytes(wm)) if buffer else 1
        if stride < minimum:
            what = f"the element size ({minimum} bytes)" if buffer else "1"
            analyzer.diags.error(args[2].span, f"'{name}' element stride {stride} {unit} is less than {what}")
        return
    orientations = [col_major] if col_major is not None else []
    for orientation in orientations:
        elements, is_k = _row_elements(wm, orientation)
        if buffer:
            minimum = int(elements * _element_bytes(wm))
        else:
            # A groupshared array of packed matrices holds one 32-bit word per four elements.
            minimum = elements // 4 if wm.elem.name.endswith("4_packed") else elements
        if stride < minimum:
            row = "column" if orientation else "row"
            count = f"at least K = {elements}" if is_k else f"{elements}"
            analyzer.diags.error(args[2].span, f"'{name}' stride {stride} {unit} is less than a memory-layout "
                                               f"{row} of '{wm.spell()}' ({count} elements, {minimum} {unit})")
    if buffer and align and stride % align:
        analyzer.diags.error(args[2].span, f"'{name}' stride {stride} is not a multiple of the alignment {align}: "
                                           f"each memory-layout row must be aligned")


def _same_unit(name: str, acc: T.WaveMatrixType, others: list[tuple[str, T.WaveMatrixType]],
               span: "Span | None") -> None:
    """Operands of one multiply-unit operation share M and N: K, the depth, is
    the device's for a (type, M, N) combination, and the result is M x N."""
    for role, other in others:
        if (other.m, other.n) != (acc.m, acc.n):
            raise SemaError(f"'{name}' needs matrices of the same dimensions: '{acc.spell()}' is {acc.m}x{acc.n} "
                            f"(M x N) but the {role} '{other.spell()}' is declared with M = {other.m}, "
                            f"N = {other.n}", span, rule_id="WAVEMATRIX-DIMENSION-MISMATCH")


def _check_accumulates(name: str, target: T.WaveMatrixType, source: T.WaveMatrixType,
                       span: "Span | None") -> None:
    src, dst = element_name(source.elem), element_name(target.elem)
    allowed = _ACCUMULATES_INTO.get(src or "", ())
    if dst not in allowed:
        raise SemaError(f"'{name}' cannot accumulate '{source.elem.spell()}' elements into '{target.spell()}': "
                        f"{src} accumulates into {' or '.join(allowed)}", span)


def _strip(expr: A.Expr) -> A.Expr:
    while isinstance(expr, A.ParenExpr):
        expr = expr.inner
    return expr
