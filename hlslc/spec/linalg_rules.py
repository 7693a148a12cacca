"""The dx::linalg specification rules the C++ header cannot express.

Owns: the source-level checks of proposal 0035 (SM 6.10 revision) that the
header's `enable_if` conditions leave out: layouts allowed per operation and
scope, strides of opaque layouts, short strides, `Align`, dimension limits,
`MatrixComponentType::Invalid`, undefined component-type mixes,
`SumAccumulate`'s shape, the shader model, entry stages for uniform scopes,
groupshared array sizes and vector lengths.  Each rule is one `check_*`
function reporting under one stable ID from `hlslc.spec.rules`.

Sema calls `check_matrix_type` once per distinct `Matrix<...>` instance the
program uses, `check_linalg_call` once per resolved dx::linalg call and
`check_entry_stage` once per (entry point, uniform-scope matrix type) pair it
finds in the entry's call graph.  Every input is plain data (`MatrixShape`,
`LinalgCall`), so the IR validator can build the same records from IR.

Units of memory operands (decided here, documented in docs/rules.md):
buffers take `StartOffset`, `Stride` and `Align` in bytes; groupshared
arrays take `StartIdx` and `Stride` in array elements (the header names the
parameter an index, the DXIL operand is a `groupshared T[M * N]`, and Wave
Matrix's groupshared loads counted in elements too).  A row (column, for
`ColMajor`) of a packed 8-bit matrix keeps four values per 32-bit scalar in
buffers and in 4-byte groupshared elements; every other component is one
value per array element, converted as the proposal's Load/Store prose says.

Does not own: the header's own constraints (scope per operation, uses,
matching M/N/K and scopes; the template engine rejects those), deduplicating
calls (sema calls each check as often as it needs), the rule registry
(`hlslc.spec.rules`), Wave Matrix rules.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Iterable

from ..records import ValueRecord
from ..diagnostics import Diagnostic, Diagnostics, Note, Severity
from .rules import rule
from ..source import Span

# --------------------------------------------------------------------------
# The enumerations of the header, as data

COMPONENT_TYPES: dict[str, int] = {
    "Invalid": 0, "I1": 1, "I16": 2, "U16": 3, "I32": 4, "U32": 5, "I64": 6, "U64": 7,
    "F16": 8, "F32": 9, "F64": 10, "SNormF16": 11, "UNormF16": 12, "SNormF32": 13,
    "UNormF32": 14, "SNormF64": 15, "UNormF64": 16, "PackedS8x32": 17, "PackedU8x32": 18,
}
USES: tuple[str, ...] = ("A", "B", "Accumulator")
SCOPES: tuple[str, ...] = ("Thread", "Wave", "ThreadGroup")
LAYOUT_NAMES: dict[int, str] = {0: "RowMajor", 1: "ColMajor", 2: "MulOptimal", 3: "OuterProductOptimal"}
ROW_MAJOR, COL_MAJOR, MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL = 0, 1, 2, 3
MEMORY_KINDS: tuple[str, ...] = ("ByteAddressBuffer", "RWByteAddressBuffer", "groupshared")

PACKED_COMPONENTS = frozenset({"PackedS8x32", "PackedU8x32"})

# The component type of each HLSL scalar type (kind, bits) that has one.
SCALAR_COMPONENTS: dict[tuple[str, int], str] = {
    ("float", 16): "F16", ("float", 32): "F32", ("float", 64): "F64",
    ("int", 16): "I16", ("int", 32): "I32", ("int", 64): "I64",
    ("uint", 16): "U16", ("uint", 32): "U32", ("uint", 64): "U64"}
# Four 8-bit values in each 32-bit scalar.
PACKED_VALUES_PER_SCALAR = 4

# Components with a `ComponentTypeTraits` specialisation in the header (with
# 16-bit types, which SM 6.10 always has).  The rest live in a `uint` with
# `IsNativeScalar = false`, so the header counts them four per scalar in
# MScalars/NScalars: that includes I1 and the SNorm/UNorm types, not only the
# packed ones.  Vector lengths follow the header (the template engine
# enforces it); dimension limits and memory sizes treat only the Packed*
# types as packed.
HEADER_NATIVE_COMPONENTS = frozenset({"I16", "U16", "F16", "I32", "U32", "F32", "I64", "U64", "F64"})

# Bytes of one stored scalar: what a row occupies in a buffer per element.
# I1 is a 32-bit value in memory, as HLSL's bool is; packed types count the
# whole 32-bit scalar that holds four values.
_ELEMENT_BYTES: dict[str, int] = {
    "Invalid": 0, "I1": 4, "I16": 2, "U16": 2, "I32": 4, "U32": 4, "I64": 8, "U64": 8,
    "F16": 2, "F32": 4, "F64": 8, "SNormF16": 2, "UNormF16": 2, "SNormF32": 4,
    "UNormF32": 4, "SNormF64": 8, "UNormF64": 8, "PackedS8x32": 4, "PackedU8x32": 4,
}

# Kinds of components for LINALG-ELEMENT-MIX.
_COMPONENT_FAMILY: dict[str, str] = {
    "I1": "boolean (I1)",
    **{c: "integer" for c in ("I16", "U16", "I32", "U32", "I64", "U64", "PackedS8x32", "PackedU8x32")},
    **{c: "floating-point" for c in ("F16", "F32", "F64", "SNormF16", "UNormF16", "SNormF32",
                                     "UNormF32", "SNormF64", "UNormF64")},
}


class DimensionLimit(ValueRecord):
    """Sizes a dimension may take at one scope, for scalar components."""

    low: int
    high: int
    power_of_two: bool
    _fields = ("low", "high", "power_of_two")

    def __init__(self, low: int, high: int, power_of_two: bool) -> None:
        self.low = low
        self.high = high
        self.power_of_two = power_of_two


# Restrictions on Dimensions: "Thread: powers of two between [4,128]; Wave:
# powers of two between [4,128]; ThreadGroup: [1,1024]", and "Sizes for
# matrices of packed data types are 4 times the valid size".
SCOPE_DIMENSION_LIMITS: dict[str, DimensionLimit] = {
    "Thread": DimensionLimit(4, 128, True),
    "Wave": DimensionLimit(4, 128, True),
    "ThreadGroup": DimensionLimit(1, 1024, False),
}
PACKED_SIZE_FACTOR = 4

# Entry stages where Wave and ThreadGroup scope matrices may be used.
UNIFORM_SCOPE_STAGES = frozenset({"compute"})

MIN_SHADER_MODEL = (6, 10)

_ROW_OR_COL = frozenset({ROW_MAJOR, COL_MAJOR})
_ANY_LAYOUT = frozenset(LAYOUT_NAMES)

# The layout tables of Matrix::Load, Store and Accumulate (and the DXIL
# validation rules of the descriptor operations).  Combinations missing here
# are ones the header already forbids (a Thread-scope Store, say).
LAYOUTS_ALLOWED: dict[tuple[str, str, str], frozenset[int]] = {
    ("Load", "ByteAddressBuffer", "Thread"): _ANY_LAYOUT,
    ("Accumulate", "RWByteAddressBuffer", "Thread"): frozenset({OUTER_PRODUCT_OPTIMAL}),
    **{(op, memory, scope): _ROW_OR_COL
       for op, memories in (("Load", MEMORY_KINDS), ("Store", MEMORY_KINDS[1:]),
                            ("Accumulate", MEMORY_KINDS[1:]))
       for memory in memories for scope in ("Wave", "ThreadGroup")},
}

MEMORY_OPERATIONS = frozenset({"Load", "Store", "Accumulate"})
OPERATIONS = frozenset({
    "Load", "Store", "Accumulate", "Splat", "cast", "ElementwiseOp", "ApplyUnaryOperation",
    "FromThreadVectors", "GetThreadVector", "MultiplyAccumulate", "SumAccumulate", "Multiply",
    "MultiplyVector", "MultiplyAdd", "OuterProduct", "AccumulatorLayout",
})
_MATRIX_PRODUCTS = frozenset({"Multiply", "MultiplyAccumulate", "SumAccumulate"})

# Vector operands each operation may carry in `LinalgCall.vectors`.
VECTOR_ROLES: dict[str, frozenset[str]] = {
    "MultiplyVector": frozenset({"input", "result"}),
    "MultiplyAdd": frozenset({"input", "bias", "result"}),
    "FromThreadVectors": frozenset({"thread"}),
    "GetThreadVector": frozenset({"thread"}),
    "OuterProduct": frozenset({"lhs", "rhs"}),
}


# --------------------------------------------------------------------------
# Inputs

class MatrixShape(ValueRecord):
    """The template arguments of one `dx::linalg::Matrix` instance."""

    component: str     # a MatrixComponentType enumerator name
    m: int
    n: int
    use: str           # "A", "B", "Accumulator"
    scope: str         # "Thread", "Wave", "ThreadGroup"
    _fields = ("component", "m", "n", "use", "scope")

    def __init__(self, component: str, m: int, n: int, use: str, scope: str) -> None:
        self.component = component
        self.m = m
        self.n = n
        self.use = use
        self.scope = scope
        self.__post_init__()

    def __post_init__(self) -> None:
        # A bad shape is a bug in the caller, not a user error.
        if self.component not in COMPONENT_TYPES:
            raise ValueError(f"unknown MatrixComponentType {self.component!r}")
        if self.use not in USES:
            raise ValueError(f"unknown MatrixUse {self.use!r}")
        if self.scope not in SCOPES:
            raise ValueError(f"unknown MatrixScope {self.scope!r}")
        if self.m < 0 or self.n < 0:
            raise ValueError(f"negative dimension in {self.spell()}")

    @property
    def packed(self) -> bool:
        """Four 8-bit values per 32-bit scalar (PackedS8x32, PackedU8x32)."""
        return self.component in PACKED_COMPONENTS

    @property
    def element_bytes(self) -> int:
        """Bytes of one stored scalar (4 for packed types: the scalar holds
        four values); 0 for Invalid, which has no size."""
        return _ELEMENT_BYTES[self.component]

    @property
    def elements_per_scalar(self) -> int:
        """The header's `ElementsPerScalar`: 1 for components with a native
        HLSL scalar, 4 for the others."""
        return 1 if self.component in HEADER_NATIVE_COMPONENTS else PACKED_VALUES_PER_SCALAR

    @property
    def m_scalars(self) -> int:
        eps = self.elements_per_scalar
        return (self.m + eps - 1) // eps

    @property
    def n_scalars(self) -> int:
        eps = self.elements_per_scalar
        return (self.n + eps - 1) // eps

    @property
    def k_dimension(self) -> int | None:
        """K of MxK * KxN: N of an A matrix, M of a B matrix (spec-errata 3)."""
        if self.use == "A":
            return self.n
        if self.use == "B":
            return self.m
        return None

    def spell(self) -> str:
        return f"Matrix<{self.component}, {self.m}, {self.n}, {self.use}, {self.scope}>"


Profile = tuple[str, int, int]


class LinalgCall(ValueRecord):
    """One resolved dx::linalg call, with its constant arguments.

    `matrix` is the matrix the operation is on or produces: the object of a
    member call, the result of `Multiply`, `OuterProduct` and `cast`, the B
    matrix of `MultiplyVector`/`MultiplyAdd`, None for `AccumulatorLayout`.
    `operands` are the other matrices: [A, B] of the multiplies, [source] of
    `cast`.  Constant arguments are ints; None means "not a constant" (or
    absent, for `align`).  `vectors` maps a vector operand's role to its
    length (roles per operation in `VECTOR_ROLES`); the header already fixes
    those lengths, so sema may leave it empty.  `arg_spans` holds the span of
    each argument by name ("layout", "stride", "align", "offset", "memory",
    or a vector role); diagnostics fall back to the call's span.
    """

    operation: str
    span: Span
    matrix: MatrixShape | None
    operands: list[MatrixShape]
    memory: str | None
    groupshared_elements: int | None
    groupshared_element_bytes: int | None
    layout: int | None
    stride: int | None
    offset: int | None
    align: int | None
    vectors: dict[str, int]
    arg_spans: dict[str, Span]
    profile: Profile
    _fields = ("operation", "span", "matrix", "operands", "memory", "groupshared_elements", "groupshared_element_bytes", "layout", "stride", "offset", "align", "vectors", "arg_spans", "profile", "vector_components")

    def __init__(self, *, operation: str, span: Span, matrix: MatrixShape | None = None, operands: list[MatrixShape] | None = None, memory: str | None = None, groupshared_elements: int | None = None, groupshared_element_bytes: int | None = None, layout: int | None = None, stride: int | None = None, offset: int | None = None, align: int | None = None, vectors: dict[str, int] | None = None, arg_spans: dict[str, Span] | None = None, profile: Profile = ("cs", 6, 10), vector_components: dict[str, str] | None = None) -> None:
        self.operation = operation
        self.span = span
        self.matrix = matrix
        self.operands = [] if operands is None else operands
        self.memory = memory
        self.groupshared_elements = groupshared_elements
        self.groupshared_element_bytes = groupshared_element_bytes
        self.layout = layout
        self.stride = stride
        self.offset = offset
        self.align = align
        self.vectors = {} if vectors is None else vectors
        self.arg_spans = {} if arg_spans is None else arg_spans
        self.profile = profile
        self.vector_components = {} if vector_components is None else vector_components
        self.__post_init__()

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.operation not in OPERATIONS:
            raise ValueError(f"unknown dx::linalg operation {self.operation!r}")
        if self.operation in MEMORY_OPERATIONS:
            if self.memory not in MEMORY_KINDS:
                raise ValueError(f"{self.operation} needs a memory kind, got {self.memory!r}")
            if self.matrix is None:
                raise ValueError(f"{self.operation} needs its matrix")
        unknown = set(self.vectors) - VECTOR_ROLES.get(self.operation, frozenset())
        if unknown:
            raise ValueError(f"{self.operation} has no vector operand {sorted(unknown)}")

    def span_of(self, argument: str) -> Span:
        return self.arg_spans.get(argument, self.span)


# --------------------------------------------------------------------------
# Reporting

def _report(diags: Diagnostics, rule_id: str, message: str, span: Span | None,
            notes: Iterable[str | Note] = ()) -> None:
    r = rule(rule_id)
    severity = Severity.ERROR if r.severity == "error" else Severity.WARNING
    diags.report(Diagnostic(severity, message, span, r.id,
                            [n if isinstance(n, Note) else Note(n) for n in notes]))


def _profile_parts(profile: Any) -> Profile:
    """Accept the documented tuple or anything with kind/major/minor (the
    driver's `Profile`)."""
    if isinstance(profile, tuple):
        return profile
    return (profile.kind, profile.major, profile.minor)


def _a(word: str) -> str:
    """`word` with its indefinite article, as the word is spoken: "an F16",
    "an integer", "a U16" ("you"), "a PackedS8x32"."""
    return ("an " if word[0] in "aeiouAEIFS" else "a ") + word


def _layout_name(layout: int) -> str:
    return LAYOUT_NAMES.get(layout, str(layout))


# --------------------------------------------------------------------------
# Entry points

def check_matrix_type(shape: MatrixShape, span: Span, diags: Diagnostics, profile: Any) -> None:
    """Rules of a `Matrix<...>` type itself, whatever it is used for.  Call
    once per distinct instance, including those only produced by calls
    (`cast<...>()`, `Multiply<...>`, `OuterProduct<...>`)."""
    check_shader_model(profile, span, diags)
    if not check_component_valid(shape, span, diags):
        return
    check_k_dimension(shape, span, diags)
    check_dimension_range(shape, span, diags)


def check_linalg_call(call: LinalgCall, diags: Diagnostics) -> None:
    """Rules of one resolved call.  The matrix types involved are checked by
    `check_matrix_type`, not here."""
    op = call.operation
    if op == "AccumulatorLayout":
        # The only operation without a Matrix type to carry the SM check.
        check_shader_model(call.profile, call.span, diags)
    if op in MEMORY_OPERATIONS:
        if check_memory_layout(call, diags):
            check_stride_opaque(call, diags)
            check_stride_short(call, diags)
            check_groupshared_size(call, diags)
        check_align(call, diags)
    if op in _MATRIX_PRODUCTS:
        check_element_mix(call, diags)
    if op == "SumAccumulate":
        check_sum_accumulate_shape(call, diags)
    if call.vectors:
        check_vector_lengths(call, diags)


def check_entry_stage(shape: MatrixShape, stage: str, entry_name: str, span: Span,
                      diags: Diagnostics, entry_span: Span | None = None) -> None:
    """LINALG-STAGE-SCOPE: a Wave or ThreadGroup scope matrix reached from an
    entry point of a stage other than compute.  `stage` is the entry's stage
    as `[shader("...")]` spells it; `span` is the use of the matrix.  Library
    functions are not checked on their own, only through the entries that
    call them."""
    if shape.scope == "Thread" or stage in UNIFORM_SCOPE_STAGES:
        return
    notes: list[Note] = []
    if entry_span is not None:
        notes.append(Note(f"entry point '{entry_name}' declared here", entry_span))
    _report(diags, "LINALG-STAGE-SCOPE",
            f"{shape.scope}-scope matrix {shape.spell()} used from {stage} shader entry point "
            f"'{entry_name}': Wave and ThreadGroup scope matrices need a compute shader",
            span, notes)


# --------------------------------------------------------------------------
# Type rules

def check_enum_value(enum: str, value: int, valid_values: Iterable[int], parameter: str, owner: str,
                     span: Span, diags: Diagnostics) -> bool:
    """LINALG-ENUM-VALUE: a template argument of enumeration type made with a
    cast (`(MatrixUse)7`) that names no enumerator.  True when valid."""
    if value in set(valid_values):
        return True
    _report(diags, "LINALG-ENUM-VALUE",
            f"{value} is not a valid {enum} value (template argument '{parameter}' of {owner})", span)
    return False


def check_shader_model(profile: Any, span: Span | None, diags: Diagnostics) -> None:
    """LINALG-SHADER-MODEL: dx::linalg is a Shader Model 6.10 feature."""
    kind, major, minor = _profile_parts(profile)
    if (major, minor) >= MIN_SHADER_MODEL:
        return
    want = f"{kind}_{MIN_SHADER_MODEL[0]}_{MIN_SHADER_MODEL[1]}"
    _report(diags, "LINALG-SHADER-MODEL",
            f"dx::linalg matrices need shader model 6.10 or later, but the target is {kind}_{major}_{minor}",
            span, [f"compile with -T {want}"])


def check_component_valid(shape: MatrixShape, span: Span, diags: Diagnostics) -> bool:
    """LINALG-COMPONENT-INVALID.  Returns False when the component is Invalid
    (size-dependent rules are then skipped)."""
    if shape.component != "Invalid":
        return True
    _report(diags, "LINALG-COMPONENT-INVALID",
            f"{shape.spell()} uses MatrixComponentType::Invalid, which is not a component type",
            span, ["choose a component type such as MatrixComponentType::F16 or MatrixComponentType::F32"])
    return False


def _size_allowed(shape: MatrixShape, size: int) -> bool:
    limit = SCOPE_DIMENSION_LIMITS[shape.scope]
    if shape.packed:
        if size % PACKED_SIZE_FACTOR:
            return False
        size //= PACKED_SIZE_FACTOR
    if not limit.low <= size <= limit.high:
        return False
    return not limit.power_of_two or size & (size - 1) == 0


def _scope_phrase(shape: MatrixShape) -> str:
    packed = " of packed 8-bit components" if shape.packed else ""
    return f"{shape.scope}-scope matrices{packed}"


def _allowed_sizes(shape: MatrixShape) -> str:
    limit = SCOPE_DIMENSION_LIMITS[shape.scope]
    factor = PACKED_SIZE_FACTOR if shape.packed else 1
    low, high = limit.low * factor, limit.high * factor
    if limit.power_of_two:
        return f"powers of two from {low} to {high}"
    if factor > 1:
        return f"multiples of {factor} from {low} to {high}"
    return f"{low} to {high}"


def check_k_dimension(shape: MatrixShape, span: Span, diags: Diagnostics) -> None:
    """LINALG-DIM-K: K (N of an A matrix, M of a B matrix) within the scope's
    limits.  Accumulators have no K."""
    k = shape.k_dimension
    if k is None or _size_allowed(shape, k):
        return
    which = "the column count of an A matrix" if shape.use == "A" else "the row count of a B matrix"
    _report(diags, "LINALG-DIM-K",
            f"K dimension of {shape.spell()} is {k}, but {_scope_phrase(shape)} allow "
            f"{_allowed_sizes(shape)} (K is {which})",
            span, ["K is the dimension A and B share in MxK * KxN = MxN"])


def max_dimension(shape: MatrixShape) -> int:
    """The largest size of any dimension at the matrix's scope."""
    factor = PACKED_SIZE_FACTOR if shape.packed else 1
    return SCOPE_DIMENSION_LIMITS[shape.scope].high * factor


def check_dimension_range(shape: MatrixShape, span: Span, diags: Diagnostics) -> None:
    """LINALG-DIM-RANGE: every dimension other than K is at least 1 and at
    most the scope's largest size (K has the stricter LINALG-DIM-K)."""
    dims = {"A": (("M", shape.m),), "B": (("N", shape.n),),
            "Accumulator": (("M", shape.m), ("N", shape.n))}[shape.use]
    high = max_dimension(shape)
    for name, size in dims:
        if size == 0:
            _report(diags, "LINALG-DIM-RANGE",
                    f"{name} dimension of {shape.spell()} is 0: matrix dimensions must be at least 1",
                    span)
        elif size > high:
            _report(diags, "LINALG-DIM-RANGE",
                    f"{name} dimension of {shape.spell()} is {size}, but {_scope_phrase(shape)} "
                    f"allow at most {high}",
                    span)


# --------------------------------------------------------------------------
# Memory operations

def check_memory_layout(call: LinalgCall, diags: Diagnostics) -> bool:
    """LINALG-LAYOUT-VALUE and LINALG-LAYOUT-SCOPE.  Returns True when the
    layout is not constant or is allowed, so the stride rules can follow."""
    layout = call.layout
    if layout is None:
        return True
    span = call.span_of("layout")
    if layout not in LAYOUT_NAMES:
        _report(diags, "LINALG-LAYOUT-VALUE",
                f"{layout} is not a MatrixLayout value: use RowMajor (0), ColMajor (1), "
                "MulOptimal (2) or OuterProductOptimal (3)",
                span)
        return False
    assert call.matrix is not None and call.memory is not None
    allowed = LAYOUTS_ALLOWED.get((call.operation, call.memory, call.matrix.scope))
    if allowed is None or layout in allowed:
        return True
    choices = " or ".join(f"MatrixLayout::{LAYOUT_NAMES[v]}" for v in sorted(allowed))
    _report(diags, "LINALG-LAYOUT-SCOPE",
            f"layout '{LAYOUT_NAMES[layout]}' is not allowed for {call.operation} at "
            f"{call.matrix.scope} scope: use {choices}",
            span)
    return False


def check_stride_opaque(call: LinalgCall, diags: Diagnostics) -> None:
    """LINALG-STRIDE-OPAQUE: MulOptimal and OuterProductOptimal place the
    elements themselves, so the stride must be 0."""
    if call.layout not in (MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL) or call.stride in (None, 0):
        return
    _report(diags, "LINALG-STRIDE-OPAQUE",
            f"stride must be 0 for layout '{LAYOUT_NAMES[call.layout]}' (got {call.stride})",
            call.span_of("stride"),
            ["only RowMajor and ColMajor layouts have a stride; opaque layouts decide where each element goes"])


class MemoryLines(ValueRecord):
    """How a RowMajor/ColMajor matrix lies in memory: `count` lines (rows or
    columns) of `size` units each, `stride` units apart."""

    count: int
    size: int
    word: str       # "row" or "column"
    unit: str       # "bytes" or "array elements"
    _fields = ("count", "size", "word", "unit")

    def __init__(self, count: int, size: int, word: str, unit: str) -> None:
        self.count = count
        self.size = size
        self.word = word
        self.unit = unit


def memory_lines(shape: MatrixShape, layout: int, memory: str,
                 groupshared_element_bytes: int | None = None) -> MemoryLines:
    """The lines of `shape` in `memory` for a RowMajor or ColMajor layout."""
    if layout == ROW_MAJOR:
        count, length, word = shape.m, shape.n, "row"
    elif layout == COL_MAJOR:
        count, length, word = shape.n, shape.m, "column"
    else:
        raise ValueError(f"layout {_layout_name(layout)} has no rows")
    packed_scalars = (length + PACKED_VALUES_PER_SCALAR - 1) // PACKED_VALUES_PER_SCALAR
    if memory == "groupshared":
        # A packed matrix keeps its packing in 32-bit elements; when the
        # element size is unknown, the smaller footprint avoids false errors.
        keeps_packing = shape.packed and groupshared_element_bytes in (None, 4)
        return MemoryLines(count, packed_scalars if keeps_packing else length, word, "array elements")
    size = packed_scalars * 4 if shape.packed else length * shape.element_bytes
    return MemoryLines(count, size, word, "bytes")


def check_stride_short(call: LinalgCall, diags: Diagnostics) -> None:
    """LINALG-STRIDE-SHORT (warning, spec-errata 17): a constant stride
    shorter than one row overlaps the rows.  Nothing in 0035 forbids it, and
    the proposal's own Wave Matrix example does it."""
    shape = call.matrix
    if (call.layout not in _ROW_OR_COL or call.stride is None or shape is None
            or shape.component == "Invalid"):
        return
    lines = memory_lines(shape, call.layout, call.memory, call.groupshared_element_bytes)
    if lines.count <= 1 or call.stride >= lines.size:
        return
    _report(diags, "LINALG-STRIDE-SHORT",
            f"stride {call.stride} is shorter than one {lines.word} of {shape.spell()} "
            f"({lines.size} {lines.unit}): {lines.word}s overlap",
            call.span_of("stride"),
            [f"with MatrixLayout::{LAYOUT_NAMES[call.layout]} the stride is the distance in "
             f"{lines.unit} from the start of one {lines.word} to the next"])


def check_groupshared_size(call: LinalgCall, diags: Diagnostics) -> None:
    """LINALG-GROUPSHARED-SIZE: the elements a load, store or accumulate
    touches must lie inside the groupshared array.  Needs a constant
    RowMajor/ColMajor layout and a constant stride (unless the matrix has a
    single line); a non-constant StartIdx is taken as 0, its least value."""
    shape = call.matrix
    if (call.memory != "groupshared" or call.groupshared_elements is None
            or call.layout not in _ROW_OR_COL or shape is None or shape.component == "Invalid"):
        return
    lines = memory_lines(shape, call.layout, call.memory, call.groupshared_element_bytes)
    if lines.count == 0 or lines.size == 0:
        return
    stride = call.stride
    if stride is None:
        if lines.count > 1:
            return
        stride = 0
    start = call.offset or 0
    last_start = start + (lines.count - 1) * stride
    needed = last_start + lines.size
    available = call.groupshared_elements
    if needed <= available:
        return
    at = f"StartIdx {call.offset}" if call.offset is not None else "any StartIdx"
    needs = "needs" if call.offset is not None else "needs at least"
    stride_text = f", stride {call.stride}" if call.stride is not None else ""
    notes = [f"the last {lines.word} starts at element {last_start} and is {lines.size} elements long"]
    if shape.packed and lines.size < (shape.n if call.layout == ROW_MAJOR else shape.m):
        notes.append("packed 8-bit values are counted four to a 32-bit array element")
    _report(diags, "LINALG-GROUPSHARED-SIZE",
            f"groupshared array is too small for this {call.operation}: {shape.spell()} with {at}"
            f"{stride_text} and layout '{LAYOUT_NAMES[call.layout]}' {needs} {needed} elements, "
            f"the array has {available}",
            call.span_of("memory"), notes)


def check_align(call: LinalgCall, diags: Diagnostics) -> None:
    """LINALG-ALIGN (spec-errata 13): a constant `Align` is a power of two and
    at least the size of one stored scalar.  Absent, it defaults to
    sizeof(ElementType), which is always fine."""
    align, shape = call.align, call.matrix
    if align is None or call.memory == "groupshared" or shape is None:
        return
    span = call.span_of("align")
    if align <= 0 or align & (align - 1):
        _report(diags, "LINALG-ALIGN", f"Align must be a power of two (got {align})", span)
        return
    if align < shape.element_bytes:
        _report(diags, "LINALG-ALIGN",
                f"Align {align} is smaller than the {shape.element_bytes}-byte elements of {shape.spell()}",
                span)


# --------------------------------------------------------------------------
# Multiplies and vectors

def check_element_mix(call: LinalgCall, diags: Diagnostics) -> None:
    """LINALG-ELEMENT-MIX (warning): component-type combinations of a
    matrix-matrix product the header accepts but 0035 never defines.

    The list: (1) an A and a B matrix of different kinds (integer,
    floating-point, boolean I1); (2) A and B of one kind with an accumulator
    of another (integer inputs into a floating-point accumulator, or the
    reverse).  Mixed types of one kind (F16 x F32, PackedS8x32 x PackedU8x32)
    are not warned about: the Multiply prose allows "arguments with
    potentially mismatched element types"."""
    if len(call.operands) != 2 or call.matrix is None:
        return
    a, b = call.operands
    acc = call.matrix
    fa, fb, fc = (_COMPONENT_FAMILY.get(s.component) for s in (a, b, acc))
    if None in (fa, fb, fc):
        return      # Invalid: reported by LINALG-COMPONENT-INVALID
    note = "matrixOp's validation asks for compatible element types without saying which are compatible"
    if fa != fb:
        _report(diags, "LINALG-ELEMENT-MIX",
                f"{call.operation} of {_a(a.component)} A matrix and {_a(b.component)} B matrix mixes "
                f"{fa} and {fb} components; the proposal does not define this combination",
                call.span, [note])
    elif fc != fa:
        _report(diags, "LINALG-ELEMENT-MIX",
                f"{call.operation} of {fa} A and B matrices ({a.component}, {b.component}) into "
                f"{_a(fc)} accumulator ({acc.component}); the proposal does not define this combination",
                call.span, [note])


def check_sum_accumulate_shape(call: LinalgCall, diags: Diagnostics) -> None:
    """LINALG-SUMACCUMULATE (warning, spec-errata 8): adding an MxK and a KxN
    matrix into an MxN one only means something when M == N == K."""
    if len(call.operands) != 2 or call.matrix is None:
        return
    m, n, k = call.matrix.m, call.matrix.n, call.operands[0].n
    if m == n == k:
        return
    _report(diags, "LINALG-SUMACCUMULATE",
            f"SumAccumulate adds a {m}x{k} A matrix and a {k}x{n} B matrix into a {m}x{n} accumulator; "
            "the proposal leaves its meaning unspecified unless M, N and K are equal",
            call.span, ["the proposal says only that \"the matrix arguments are added together\""])


def expected_vector_lengths(call: LinalgCall) -> dict[str, tuple[int, str]]:
    """Role -> (length the header requires, what that length is)."""
    shape = call.matrix
    if shape is None:
        return {}
    op = call.operation
    if op in ("MultiplyVector", "MultiplyAdd"):
        # spec-errata 12: vector<In, M> x Matrix<M, K, B> -> vector<Out, K>.
        rows, cols = (shape.m, "the matrix's row count M"), (shape.n, "the matrix's column count")
        return {"input": rows, "result": cols, "bias": cols}
    if op in ("FromThreadVectors", "GetThreadVector"):
        if shape.use == "A":
            return {"thread": (shape.m_scalars, "MScalars, the row count M in scalars")}
        if shape.use == "B":
            return {"thread": (shape.n_scalars, "NScalars, the column count N in scalars")}
        return {}
    if op == "OuterProduct":
        return {"lhs": (shape.m, "the result's row count M"), "rhs": (shape.n, "the result's column count N")}
    return {}


_VECTOR_NAMES = {"input": "input vector", "result": "result vector", "bias": "bias vector",
                 "thread": "thread vector", "lhs": "first vector", "rhs": "second vector"}


def check_vector_lengths(call: LinalgCall, diags: Diagnostics) -> None:
    """LINALG-VECTOR-LENGTH: each vector operand has the length its matrix
    dimension requires.  The header's templates already force this in
    source; the validator needs it for IR."""
    expected = expected_vector_lengths(call)
    assert call.matrix is not None or not expected
    for role, got in call.vectors.items():
        if role not in expected or expected[role][0] == got:
            continue
        want, what = expected[role]
        _report(diags, "LINALG-VECTOR-LENGTH",
                f"{_VECTOR_NAMES[role]} has {got} elements, but {call.operation} with "
                f"{call.matrix.spell()} needs {want} ({what})",
                call.span_of(role))
