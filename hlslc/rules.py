"""The registry of specification rules and their stable IDs.

Owns: one `Rule` record per rule hlslc enforces beyond the C++ header's own
template constraints: its stable ID, one-line title, severity, where in the
specifications it comes from, and which checkers enforce it (sema's
source-level checker, the IR validator, or both).  Diagnostics carry the ID,
so users can search for it and tests can match it; `docs/rules.md` carries a
table generated from this registry (a test keeps the two equal).

IDs are grouped by prefix: `LINALG-` for proposal 0035 (`dx::linalg`, SM
6.10), `WAVEMATRIX-` for the SM 6.8 Wave Matrix rules (to come) and `IR-`
for the IR validator's rules about DXIL operations in general (opcodes,
signatures, constant operands, reading the IR).  An ID
never changes meaning once released; a retired rule keeps its entry.

Does not own: checking anything (see `sema.linalg_rules` and the IR
validator) or the message wording (each checker words its own messages in
the user's terms).
"""

from __future__ import annotations

from .records import ValueRecord


SEMA = "sema"
IR = "ir"
# Checked by the IR validator on every compile's own IR and reported at the
# source span each instruction came from (uniformity needs dataflow that
# the IR makes explicit).
COMPILE = "compile"
# Broken calls the header's templates reject (no overload matches); sema
# explains the failure in the API's terms and gives it the rule's ID.
TEMPLATES = "templates"

_CHECKER_NAMES = {SEMA: "sema", IR: "IR validator", COMPILE: "compile (IR dataflow, source locations)",
                  TEMPLATES: "header templates (sema)"}

RULE_PREFIXES: tuple[str, ...] = ("LINALG-", "WAVEMATRIX-", "IR-")

_SPEC_WAVE = "Wave Matrix (SM 6.8)"
_SPEC_0035 = "proposal 0035 (SM 6.10)"


class Rule(ValueRecord):
    """One rule: `id` is stable; `checked_in` names the checkers that
    enforce it ("sema" for source-level checks, "ir" for the validator)."""

    id: str
    title: str
    severity: str            # "error" or "warning"
    spec: str                # spec section or errata number it comes from
    checked_in: tuple[str, ...]
    _fields = ("id", "title", "severity", "spec", "checked_in")

    def __init__(self, id: str, title: str, severity: str, spec: str, checked_in: tuple[str, ...] = (SEMA, IR)) -> None:
        self.id = id
        self.title = title
        self.severity = severity
        self.spec = spec
        self.checked_in = checked_in

    @property
    def ir_only(self) -> bool:
        return self.checked_in == (IR,)


_RULE_LIST: tuple[Rule, ...] = (
    # ---- layouts and strides -------------------------------------------------
    Rule("LINALG-LAYOUT-SCOPE",
         "the memory layout is not allowed for this operation at this matrix scope",
         "error",
         f"{_SPEC_0035}: Matrix::Load, Matrix::Store, Matrix::Accumulate layout tables; "
         "DXIL validation rules of matrixLoadFromDescriptor, matrixStoreToDescriptor, "
         "matrixAccumulateToDescriptor"),
    Rule("LINALG-LAYOUT-VALUE",
         "the layout is not a MatrixLayout value (0 to 3)",
         "error",
         f"{_SPEC_0035}: enum class MatrixLayout"),
    Rule("LINALG-ENUM-VALUE",
         "a Matrix template argument of enumeration type is not one of its enumerators "
         "(a cast such as (MatrixUse)7)",
         "error",
         f"{_SPEC_0035}: enum classes MatrixComponentType, MatrixUse, MatrixScope; DXIL enum operand ranges"),
    Rule("LINALG-STRIDE-OPAQUE",
         "the stride must be 0 for the MulOptimal and OuterProductOptimal layouts",
         "error",
         f"{_SPEC_0035}: DXIL validation rules of matrixLoadFromDescriptor and "
         "matrixAccumulateToDescriptor (\"Stride is 0 if the Layout is not RowMajor or ColMajor\")"),
    Rule("LINALG-STRIDE-SHORT",
         "a constant stride is shorter than one row (column) of the matrix in memory, so rows overlap",
         "warning",
         "spec-errata 17"),
    Rule("LINALG-ALIGN",
         "a constant Align must be a power of two and at least the size of one stored element",
         "error",
         f"{_SPEC_0035}: Align parameter of Load/Store/Accumulate; spec-errata 13",
         (SEMA,)),
    # ---- dimensions and types ------------------------------------------------
    Rule("LINALG-DIM-K",
         "the K dimension (columns of A, rows of B) is outside the limits of the matrix scope",
         "error",
         f"{_SPEC_0035}: Restrictions on Dimensions; spec-errata 3"),
    Rule("LINALG-DIM-RANGE",
         "a matrix dimension is 0 or larger than the largest size of the matrix scope",
         "error",
         f"{_SPEC_0035}: Restrictions on Dimensions (the scope table's upper bounds)"),
    Rule("LINALG-COMPONENT-INVALID",
         "MatrixComponentType::Invalid is used as a matrix component type",
         "error",
         f"{_SPEC_0035}: enum class MatrixComponentType (Invalid = 0)"),
    Rule("LINALG-ELEMENT-MIX",
         "a component-type combination the header accepts but the spec does not define",
         "warning",
         f"{_SPEC_0035}: matrixOp validation (\"The element types are compatible\"), undefined"),
    Rule("LINALG-SUMACCUMULATE",
         "SumAccumulate's meaning is unspecified unless M, N and K are equal",
         "warning",
         "spec-errata 8"),
    Rule("LINALG-VECTOR-LENGTH",
         "a vector's length does not match the matrix dimension it pairs with",
         "error",
         f"{_SPEC_0035}: FromThreadVectors, GetThreadVector, Multiply(vector, Matrix), "
         "MultiplyAdd, OuterProduct; matrixLoadFromThreads/matrixExtractToThreads; spec-errata 12"),
    # ---- target --------------------------------------------------------------
    Rule("LINALG-SHADER-MODEL",
         "dx::linalg matrices need shader model 6.10 or later",
         "error",
         f"{_SPEC_0035}: Planned Version SM 6.10"),
    Rule("LINALG-STAGE-SCOPE",
         "Wave and ThreadGroup scope matrices are used from an entry point that is not a compute shader",
         "error",
         f"hlslc decision from {_SPEC_0035}: Matrix Scope, Restrictions on Dimensions "
         "(ThreadGroup scope is tied to the thread group size)"),
    Rule("LINALG-GROUPSHARED-SIZE",
         "a groupshared array is too small for the elements a load, store or accumulate touches",
         "error",
         f"{_SPEC_0035}: matrixStoreToMemory, matrixAccumulateToMemory (\"the group shared target "
         "memory is large enough\"); the `groupshared T[M * N]` operand"),
    # ---- IR-level rules (the validator fills these in) ------------------------
    Rule("LINALG-OPERAND-USE",
         "a matrix operand has the wrong MatrixUse for its position (A, B, Accumulator)",
         "error",
         f"{_SPEC_0035}: matrixOp, matvecmul validation rules",
         (TEMPLATES, IR)),
    Rule("LINALG-SCOPE-MISMATCH",
         "the matrices of one operation have different scopes",
         "error",
         f"{_SPEC_0035}: castMatrix and matrixOp validation rules",
         (TEMPLATES, IR)),
    Rule("LINALG-OPERAND-SHAPE",
         "operand dimensions do not fit MxK * KxN = MxN (or the cast source and destination differ)",
         "error",
         f"{_SPEC_0035}: matrixOp validation rules",
         (TEMPLATES, IR)),
    Rule("LINALG-OPERATION-SCOPE",
         "the operation (or its memory kind) is not available for matrices of this scope or use",
         "error",
         "specs/README.md scope table (the header's enable_if conditions)",
         (TEMPLATES, IR)),
    Rule("LINALG-MATRIX-ORIGIN",
         "a MatrixRef operand does not trace back to createMatrix or matrixOuterProduct, "
         "or may be matrices of different types",
         "error",
         f"{_SPEC_0035}: DXIL Operations (matrices are created by createMatrix, matrixOuterProduct)",
         (IR,)),
    Rule("LINALG-RESOURCE-KIND",
         "a Thread-scope load must read an SRV ByteAddressBuffer; stores and accumulates must write a UAV",
         "error",
         f"{_SPEC_0035}: Matrix::Load/Store/Accumulate overloads; DXIL validation rules of "
         "matrixLoadFromDescriptor, matrixStoreToDescriptor, matrixAccumulateToDescriptor",
         (TEMPLATES, IR)),
    Rule("LINALG-THREADS-K",
         "matrixLoadFromThreads/matrixExtractToThreads: the K dimension exceeds the wave size (Wave scope) "
         "or the thread group size (ThreadGroup scope)",
         "error",
         f"{_SPEC_0035}: FromThreadVectors, GetThreadVector; matrixLoadFromThreads validation",
         (COMPILE, IR)),
    Rule("LINALG-PSV-MATRIX-USES",
         "!dx.linalg.matrixUses does not list exactly the (M, N, K, scope, operand type, result type) "
         "of the module's matrixOp, matvecmul and matvecmuladd calls",
         "error",
         f"{_SPEC_0035}: PSV metadata (MatrixUse); spec-errata 16",
         (IR,)),
    Rule("LINALG-UNIFORM-VALUE",
         "the scalar of matrixElementwiseBinaryOp on a Wave or ThreadGroup matrix may differ between threads",
         "warning",
         f"{_SPEC_0035}: matrixElementwiseBinaryOp (\"a binary math operation with a wave-uniform value\")",
         (COMPILE, IR)),
    # ---- IR structure (any DXIL operation) -------------------------------------
    Rule("IR-PARSE",
         "the file is not LLVM IR text the validator can read",
         "error",
         "LLVM IR text (typed pointers)",
         (IR,)),
    Rule("IR-OPCODE",
         "the opcode operand is not a constant, or names a different operation than the called function",
         "error",
         "DXIL: the first operand of every dx.op call is its i32 opcode; docs/operations.md",
         (IR,)),
    Rule("IR-SIGNATURE",
         "a dx.op function's name, overload or type does not match the operation table",
         "error",
         f"{_SPEC_0035}: DXIL Operations declarations; docs/operations.md",
         (IR,)),
    Rule("IR-CONST-OPERAND",
         "an operand the operation table marks const (the spec's immarg) is not a constant",
         "error",
         f"{_SPEC_0035}: immarg operands of the DXIL Operations",
         (IR,)),
    Rule("IR-SHADER-MODEL",
         "a DXIL operation needs a newer shader model than !dx.shaderModel",
         "error",
         "docs/operations.md (min SM column)",
         (IR,)),
    Rule("IR-STAGE",
         "a DXIL operation is not allowed in the module's shader stage",
         "error",
         "docs/operations.md (stages column)",
         (IR,)),
    Rule("IR-RESOURCE-KIND",
         "a resource operation's handle is of a resource class or kind the operation does not accept "
         "(stores and atomics need a UAV, constant-buffer loads a CBuffer, sampling an SRV texture and a "
         "Sampler, raw-buffer access a RawBuffer or StructuredBuffer, the counter a structured UAV)",
         "error",
         "DXC validator rules Instr.ResourceClassForUAVStore, Instr.ResourceClassForLoad, "
         "Instr.ResourceClassForSamplerGather, Instr.AtomicIntrinNonUAV, Instr.BufferUpdateCounterOnUAV, "
         "Instr.ResourceKindForBufferLoadStore, Instr.ResourceKindForTextureLoad, "
         "Instr.ResourceKindForTextureStore, Instr.ResourceKindForSample, Instr.ResourceKindForSampleC, "
         "Instr.ResourceKindForGather, Instr.ResourceKindForCalcLOD, Sm.CounterOnlyOnStructBuf",
         (IR,)),
    Rule("IR-ATOMIC-TARGET",
         "an LLVM atomicrmw or cmpxchg addresses memory other than groupshared memory (a local variable, "
         "a global outside address space 3)",
         "error",
         "DXC validator rule Instr.AtomicOpNonGroupsharedOrRecord",
         (IR,)),
    Rule("IR-OPERAND-TYPE",
         "an arithmetic, bitwise or comparison instruction on an array or struct (LLVM defines them on "
         "integers, floats and vectors of them only)",
         "error",
         "LLVM Language Reference: binary operations, icmp, fcmp",
         (IR,)),
    Rule("IR-UNIFORM-CONTROL-FLOW",
         "a matrix operation, wave operation or barrier that needs uniform control flow sits under a "
         "branch whose condition may differ between threads",
         "error",
         f"{_SPEC_0035}: \"must be called from wave-uniform (thread-group-uniform) control flow\"; "
         "DXIL barrier and wave operation rules",
         (COMPILE, IR)),
    # ---- SM 6.8 Wave Matrix (validator; sema checks the same conditions) -------
    Rule("WAVEMATRIX-PROPS",
         "waveMatrix_Annotate/waveMatrix_Depth properties are not a constant with an allowed kind, element "
         "type for that kind, and M and N of 16 or 64",
         "error",
         f"{_SPEC_WAVE}: WaveMatrix types, CheckFeatureSupport sections (element types, dimensions)",
         (SEMA, IR)),
    Rule("WAVEMATRIX-ANNOTATE",
         "a wave matrix an operation uses has no waveMatrix_Annotate, or two that disagree",
         "error",
         "dxil-facts.md: each wave matrix is an alloca followed by one waveMatrix_Annotate",
         (IR,)),
    Rule("WAVEMATRIX-OPERAND-KIND",
         "a wave matrix operand has a kind the operation does not take (Multiply: Accumulator = Left x Right; "
         "SumAccumulate: LeftColAcc from Left, RightRowAcc from Right; Add into an Accumulator; scalar "
         "operations on accumulators and fragments; Depth of Left or Right)",
         "error",
         f"{_SPEC_WAVE}: WaveMatrix methods",
         (SEMA, IR)),
    Rule("WAVEMATRIX-DIMENSION-MISMATCH",
         "the operands' dimensions differ (a multiply's three matrices share M and N, K being the device's "
         "depth; Add and SumAccumulate need equal shapes), or the Left and Right element types differ other "
         "than int8/uint8",
         "error",
         f"{_SPEC_WAVE}: Multiply, MultiplyAccumulate, Add, SumAccumulate",
         (SEMA, IR)),
    Rule("WAVEMATRIX-OPERAND-VALUE",
         "a constant operand is out of range: scalar operation not 0-3, byte offset not DWORD-aligned, alignment "
         "neither 0 nor a power of two of at least 4",
         "error",
         f"{_SPEC_WAVE}: Load/Store (offset, alignment), ScalarMultiply/Divide/Add/Subtract",
         (SEMA, IR)),
)


def _build(rules: tuple[Rule, ...]) -> dict[str, Rule]:
    table: dict[str, Rule] = {}
    for r in rules:
        if r.id in table:
            raise ValueError(f"duplicate rule ID {r.id}")
        if not r.id.startswith(RULE_PREFIXES):
            raise ValueError(f"rule ID {r.id} lacks one of the prefixes {RULE_PREFIXES}")
        if r.severity not in ("error", "warning"):
            raise ValueError(f"rule {r.id}: bad severity {r.severity!r}")
        if not r.checked_in or set(r.checked_in) - {SEMA, IR, COMPILE, TEMPLATES}:
            raise ValueError(f"rule {r.id}: bad checked_in {r.checked_in!r}")
        table[r.id] = r
    return table


RULES: dict[str, Rule] = _build(_RULE_LIST)


def rule(id: str) -> Rule:
    """The rule with this ID; KeyError names the unknown ID."""
    try:
        return RULES[id]
    except KeyError:
        raise KeyError(f"unknown rule ID {id!r}") from None


def rules_markdown_table() -> str:
    """The table of `docs/rules.md`, one row per rule in registry order."""
    lines = ["| ID | severity | checked in | description | spec source |",
             "| --- | --- | --- | --- | --- |"]
    for r in RULES.values():
        where = "IR only" if r.ir_only else " + ".join(_CHECKER_NAMES[c] for c in r.checked_in)
        cells = [f"`{r.id}`", r.severity, where, r.title, r.spec]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - `python -m hlslc.rules` prints the docs table
    print(rules_markdown_table(), end="")
