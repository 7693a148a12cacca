"""The registry of specification rules and their stable IDs.

Owns: one `Rule` record per rule hlslc enforces beyond the C++ header's own
template constraints: its stable ID, one-line title, a fuller description
and a help text (how to fix it), severity, where in the specifications it
comes from, and which checkers enforce it (sema's source-level checker, the
IR validator, or both).  Diagnostics carry the ID,
so users can search for it and tests can match it; `docs/rules.md` carries a
table generated from this registry (a test keeps the two equal).

IDs are grouped by prefix: `LINALG-` for proposal 0035 (`dx::linalg`, SM
6.10), `WAVEMATRIX-` for the SM 6.8 Wave Matrix rules (to come) and `IR-`
for the IR validator's rules about DXIL operations in general (opcodes,
signatures, constant operands, reading the IR).  An ID
never changes meaning once released; a retired rule keeps its entry.

Does not own: checking anything (see `spec.linalg_rules` and the IR
validator) or the message wording (each checker words its own messages in
the user's terms).
"""

from __future__ import annotations

from ..records import ValueRecord


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

RULE_PREFIXES: tuple[str, ...] = ("LINALG-", "WAVEMATRIX-", "IR-", "PORTABILITY-")

_SPEC_WAVE = "Wave Matrix (SM 6.8)"
_SPEC_0035 = "proposal 0035 (SM 6.10)"


class Rule(ValueRecord):
    """One rule: `id` is stable; `checked_in` names the checkers that
    enforce it ("sema" for source-level checks, "ir" for the validator).
    `title` is the one-line summary, `description` says what the rule
    requires and why, `help` how to fix code that breaks it (the SARIF
    log's shortDescription, fullDescription and help).  `dxc_id` names
    DXC's validation rule(s) of the same meaning (`Instr.LinAlgIllegalKDim`);
    the findings of such a rule carry DXC's message text."""

    id: str
    title: str
    severity: str            # "error" or "warning"
    spec: str                # spec section or errata number it comes from
    checked_in: tuple[str, ...]
    description: str
    help: str
    dxc_id: str | None
    _fields = ("id", "title", "severity", "spec", "checked_in", "description", "help", "dxc_id")

    def __init__(self, id: str, title: str, severity: str, spec: str, checked_in: tuple[str, ...] = (SEMA, IR),
                 description: str = "", help: str = "", dxc_id: str | None = None) -> None:
        self.id = id
        self.title = title
        self.severity = severity
        self.spec = spec
        self.checked_in = checked_in
        self.description = description
        self.help = help
        self.dxc_id = dxc_id

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
         "matrixAccumulateToDescriptor",
         description="Which MatrixLayout a Load, Store or Accumulate may use depends on the operation, the memory it "
                     "touches and the matrix scope. A Thread-scope Load from a ByteAddressBuffer takes any layout; "
                     "Wave and ThreadGroup scope Loads, Stores and Accumulates take RowMajor or ColMajor only; a "
                     "Thread-scope Accumulate to a RWByteAddressBuffer takes OuterProductOptimal only.",
         help="Use a layout the operation allows at this scope: RowMajor or ColMajor for Wave and ThreadGroup "
              "matrices, OuterProductOptimal for a Thread-scope Accumulate. To keep an opaque layout, change the "
              "matrix scope instead."),
    Rule("LINALG-LAYOUT-VALUE",
         "the layout is not a MatrixLayout value (0 to 3)",
         "error",
         f"{_SPEC_0035}: enum class MatrixLayout",
         description="A layout operand must be one of the four MatrixLayout enumerators: RowMajor (0), ColMajor (1), "
                     "MulOptimal (2) or OuterProductOptimal (3). Any other value has no meaning to the driver.",
         help="Pass a MatrixLayout enumerator (MatrixLayout::RowMajor and so on) rather than an integer or a cast of "
              "one."),
    Rule("LINALG-ENUM-VALUE",
         "a Matrix template argument of enumeration type is not one of its enumerators "
         "(a cast such as (MatrixUse)7)",
         "error",
         f"{_SPEC_0035}: enum classes MatrixComponentType, MatrixUse, MatrixScope; DXIL enum operand ranges",
         description="The enumeration arguments of a Matrix (its component type, use and scope) and of the matrix "
                     "operations (unary and elementwise operations) must be one of the enumerators the proposal "
                     "declares. A cast such as (MatrixUse)7 gets past the C++ type system but names nothing the DXIL "
                     "operation defines.",
         help="Use the named enumerators (MatrixUse::A, MatrixScope::Wave, MatrixComponentType::F16, ...) instead of "
              "casting integers to the enumeration types."),
    Rule("LINALG-STRIDE-OPAQUE",
         "the stride must be 0 for the MulOptimal and OuterProductOptimal layouts",
         "error",
         f"{_SPEC_0035}: DXIL validation rules of matrixLoadFromDescriptor and "
         "matrixAccumulateToDescriptor (\"Stride is 0 if the Layout is not RowMajor or ColMajor\")",
         description="The MulOptimal and OuterProductOptimal layouts are opaque: the driver decides how the elements "
                     "are arranged, so there are no rows for a stride to step between. The proposal requires the "
                     "stride operand to be 0 whenever the layout is neither RowMajor nor ColMajor.",
         help="Pass 0 as the stride for MulOptimal and OuterProductOptimal, or use RowMajor or ColMajor if the data "
              "in memory has a row stride of its own."),
    Rule("LINALG-STRIDE-SHORT",
         "a constant stride is shorter than one row (column) of the matrix in memory, so rows overlap",
         "warning",
         "spec-errata 17",
         description="A constant stride smaller than the bytes of one row (RowMajor) or one column (ColMajor) of the "
                     "matrix makes consecutive rows overlap in memory. The proposal does not forbid it, and its own "
                     "examples do it, so this is a warning: it is almost always an arithmetic slip in the stride.",
         help="Check the stride: for RowMajor it is usually the number of columns times the element size in bytes "
              "(for ColMajor, rows times the element size). If overlapping rows are intended, the warning can be "
              "ignored."),
    Rule("LINALG-ALIGN",
         "a constant Align must be a power of two and at least the size of one stored element",
         "error",
         f"{_SPEC_0035}: Align parameter of Load/Store/Accumulate; spec-errata 13",
         (SEMA,),
         description="The Align argument of Matrix::Load, Store and Accumulate promises the alignment of the memory "
                     "address. When it is a constant it must be a power of two and at least the size of one stored "
                     "element; a smaller or odd value cannot describe any real address. The argument has no operand "
                     "in DXIL, so only the source-level check sees it.",
         help="Pass a power of two no smaller than the element size (for example 4 for F32 elements, 2 for F16), or "
              "leave the argument at its default."),
    # ---- dimensions and types ------------------------------------------------
    Rule("LINALG-DIM-K",
         "the K dimension (columns of A, rows of B) is outside the limits of the matrix scope",
         "error",
         f"{_SPEC_0035}: Restrictions on Dimensions; spec-errata 3",
         description="In MxK * KxN = MxN, K is the number of columns of the A matrix and the number of rows of the B "
                     "matrix. For Thread and Wave scope it must be a power of two between 4 and 128, for ThreadGroup "
                     "scope between 1 and 1024; matrices of packed 8-bit types allow four times those sizes. "
                     "Accumulator matrices are not limited by this rule.",
         help="Choose a K dimension inside the limits of the matrix scope, or split the multiplication into several "
              "steps over smaller K tiles that accumulate into one matrix."),
    Rule("LINALG-DIM-RANGE",
         "a matrix dimension is 0 or larger than the largest size of the matrix scope",
         "error",
         f"{_SPEC_0035}: Restrictions on Dimensions (the scope table's upper bounds)",
         description="Every matrix dimension must be at least 1 and no larger than the largest size of the matrix "
                     "scope: 128 for Thread and Wave scope, 1024 for ThreadGroup scope (four times that for packed "
                     "8-bit types).",
         help="Use dimensions inside the range of the scope; for larger problems, tile the matrix and loop over the "
              "tiles."),
    Rule("LINALG-COMPONENT-INVALID",
         "MatrixComponentType::Invalid is used as a matrix component type",
         "error",
         f"{_SPEC_0035}: enum class MatrixComponentType (Invalid = 0)",
         description="MatrixComponentType::Invalid (0) marks the absence of a component type; a matrix cannot be "
                     "created with it, and the DXIL operations reject it.",
         help="Give the matrix a real component type such as MatrixComponentType::F16, F32 or I32."),
    Rule("LINALG-ELEMENT-MIX",
         "a component-type combination the header accepts but the spec does not define",
         "warning",
         f"{_SPEC_0035}: matrixOp validation (\"The element types are compatible\"), undefined",
         description="The proposal requires the element types of a matrix multiplication to be compatible but does "
                     "not say which combinations are. hlslc accepts the combinations the header allows and warns "
                     "about those the specification never defines, such as integer inputs with a floating-point "
                     "accumulator or inputs of different kinds.",
         help="Use inputs of one kind (both floating point or both integer) with an accumulator of the same kind, "
              "converting with cast<>() first if needed."),
    Rule("LINALG-SUMACCUMULATE",
         "SumAccumulate's meaning is unspecified unless M, N and K are equal",
         "warning",
         "spec-errata 8",
         description="SumAccumulate adds an A and a B matrix into an accumulator. The proposal describes it for A "
                     "MxK and B KxN matrices but gives it no DXIL operation and no meaning unless the three shapes "
                     "agree, so its result is unspecified when M, N and K are not all equal.",
         help="Use SumAccumulate with square operands of one size (M = N = K), or express the sum with Accumulate "
              "and MultiplyAccumulate, whose meaning is defined."),
    Rule("LINALG-VECTOR-LENGTH",
         "a vector's length does not match the matrix dimension it pairs with",
         "error",
         f"{_SPEC_0035}: FromThreadVectors, GetThreadVector, Multiply(vector, Matrix), "
         "MultiplyAdd, OuterProduct; matrixLoadFromThreads/matrixExtractToThreads; spec-errata 12",
         description="A vector that meets a matrix must have the length of the dimension it pairs with: "
                     "Multiply(vector, Matrix) and MultiplyAdd take an input of length M and give (and add) vectors "
                     "of length N; OuterProduct builds an MxN matrix from vectors of lengths M and N; "
                     "FromThreadVectors and GetThreadVector use MScalars for A matrices and NScalars for B matrices.",
         help="Make the vector's length equal to the matrix dimension named in the message, or change the matrix "
              "shape."),
    # ---- target --------------------------------------------------------------
    Rule("LINALG-SHADER-MODEL",
         "dx::linalg matrices need shader model 6.10 or later",
         "error",
         f"{_SPEC_0035}: Planned Version SM 6.10",
         description="The dx::linalg matrices of proposal 0035 are planned for shader model 6.10; their DXIL "
                     "operations do not exist in earlier shader models.",
         help="Compile for a 6.10 profile (-T cs_6_10 or -T lib_6_10), or use the SM 6.8 Wave Matrix API on older "
              "targets."),
    Rule("LINALG-STAGE-SCOPE",
         "Wave and ThreadGroup scope matrices are used from an entry point that is not a compute shader",
         "error",
         f"hlslc decision from {_SPEC_0035}: Matrix Scope, Restrictions on Dimensions "
         "(ThreadGroup scope is tied to the thread group size)",
         description="Wave and ThreadGroup scope matrices are shared by the threads of a wave or a thread group, "
                     "which only compute shaders (and the library functions they call) organise that way: "
                     "ThreadGroup scope is tied to the thread group size. hlslc therefore allows them only from "
                     "compute entry points.",
         help="Use Thread scope matrices in other stages, or move the matrix work into a compute shader."),
    Rule("LINALG-GROUPSHARED-SIZE",
         "a groupshared array is too small for the elements a load, store or accumulate touches",
         "error",
         f"{_SPEC_0035}: matrixStoreToMemory, matrixAccumulateToMemory (\"the group shared target "
         "memory is large enough\"); the `groupshared T[M * N]` operand",
         description="A Load, Store or Accumulate on a groupshared array touches the elements from its offset "
                     "through the last row (or column) the stride reaches. The proposal requires the groupshared "
                     "memory to be large enough for them; when the offset and stride are constants hlslc checks that "
                     "the array holds every element.",
         help="Enlarge the groupshared array (M * N elements for a dense matrix at offset 0), or lower the offset or "
              "stride."),
    # ---- IR-level rules (the validator fills these in) ------------------------
    Rule("LINALG-OPERAND-USE",
         "a matrix operand has the wrong MatrixUse for its position (A, B, Accumulator)",
         "error",
         f"{_SPEC_0035}: matrixOp, matvecmul validation rules",
         (TEMPLATES, IR),
         description="Each matrix operand has a role: a multiplication takes an A matrix, a B matrix and an "
                     "Accumulator, in that order; a matrix-vector multiply takes a B matrix; accumulate operations "
                     "write an Accumulator; thread vectors come from A or B matrices. A matrix of another MatrixUse "
                     "in that position is an error.",
         help="Declare the matrix with the MatrixUse its position needs (MatrixUse::A, MatrixUse::B or "
              "MatrixUse::Accumulator), or convert it with cast<>()."),
    Rule("LINALG-SCOPE-MISMATCH",
         "the matrices of one operation have different scopes",
         "error",
         f"{_SPEC_0035}: castMatrix and matrixOp validation rules",
         (TEMPLATES, IR),
         description="The matrices of one multiplication must share one scope, and a cast keeps the scope of its "
                     "source: a Wave matrix cannot be multiplied with a ThreadGroup matrix.",
         help="Declare all operands of the operation with the same MatrixScope."),
    Rule("LINALG-OPERAND-SHAPE",
         "operand dimensions do not fit MxK * KxN = MxN (or the cast source and destination differ)",
         "error",
         f"{_SPEC_0035}: matrixOp validation rules",
         (TEMPLATES, IR),
         description="A multiplication needs A to be MxK, B to be KxN and the accumulator MxN; a cast keeps the "
                     "number of rows and columns. Operands whose dimensions do not fit together have no defined "
                     "product.",
         help="Adjust the template dimensions so that the inner dimensions (the columns of A and the rows of B) "
              "agree and the result is MxN."),
    Rule("LINALG-OPERATION-SCOPE",
         "the operation (or its memory kind) is not available for matrices of this scope or use",
         "error",
         "specs/README.md scope table (the header's enable_if conditions)",
         (TEMPLATES, IR),
         description="Many operations exist only for matrices of some scopes or uses: filling, casting, elementwise "
                     "operations, groupshared memory, stores, thread vectors and matrix-matrix multiplication need a "
                     "Wave or ThreadGroup scope matrix, and accumulation needs an Accumulator. The header's "
                     "enable_if conditions say which; the validator checks the same in IR.",
         help="Use a Wave or ThreadGroup scope matrix for the operation, or an operation that Thread scope allows "
              "(Load from a ByteAddressBuffer, Multiply(vector, Matrix), MultiplyAdd, OuterProduct, Accumulate to a "
              "RWByteAddressBuffer)."),
    Rule("LINALG-MATRIX-ORIGIN",
         "a MatrixRef operand does not trace back to createMatrix or matrixOuterProduct, "
         "or may be matrices of different types",
         "error",
         f"{_SPEC_0035}: DXIL Operations (matrices are created by createMatrix, matrixOuterProduct)",
         (IR,),
         description="Matrices exist only as results of createMatrix and matrixOuterProduct. Every MatrixRef operand "
                     "in the IR must trace back to one of them, and to matrices of a single type, or no rule can "
                     "know the matrix's shape and scope.",
         help="Make every matrix value come from createMatrix or matrixOuterProduct, and do not merge matrices of "
              "different types through one phi, select or local variable."),
    Rule("LINALG-RESOURCE-KIND",
         "a Thread-scope load must read an SRV ByteAddressBuffer; stores and accumulates must write a UAV",
         "error",
         f"{_SPEC_0035}: Matrix::Load/Store/Accumulate overloads; DXIL validation rules of "
         "matrixLoadFromDescriptor, matrixStoreToDescriptor, matrixAccumulateToDescriptor",
         (TEMPLATES, IR),
         description="A Thread scope Load reads a ByteAddressBuffer (an SRV); Store and Accumulate write a "
                     "RWByteAddressBuffer (a UAV). A handle of another resource class in those positions is "
                     "rejected.",
         help="Load Thread scope matrices from a ByteAddressBuffer and store or accumulate into a "
              "RWByteAddressBuffer."),
    Rule("LINALG-THREADS-K",
         "matrixLoadFromThreads/matrixExtractToThreads: the K dimension exceeds the wave size (Wave scope) "
         "or the thread group size (ThreadGroup scope)",
         "error",
         f"{_SPEC_0035}: FromThreadVectors, GetThreadVector; matrixLoadFromThreads validation",
         (COMPILE, IR),
         description="FromThreadVectors and GetThreadVector give each thread one row or column of the matrix, so the "
                     "K dimension cannot exceed the number of threads that share it: the wave size for Wave scope "
                     "matrices, the thread group size for ThreadGroup scope matrices.",
         help="Use a K no larger than the wave size (set one with [WaveSize(N)]) or the thread group size from "
              "[numthreads], or load the matrix from memory instead."),
    Rule("LINALG-PSV-MATRIX-USES",
         "!dx.linalg.matrixUses does not list exactly the (M, N, K, scope, operand type, result type) "
         "of the module's matrixOp, matvecmul and matvecmuladd calls",
         "error",
         f"{_SPEC_0035}: PSV metadata (MatrixUse); spec-errata 16",
         (IR,),
         description="Shader model 6.10 adds the matrix uses of a shader to its Pipeline State Validation data: one "
                     "record (M, N, K, scope, operand type, result type) per distinct multiplication, so a runtime "
                     "can reject devices that lack the configuration. The !dx.linalg.matrixUses metadata must list "
                     "exactly the uses of the module's matrixOp, matvecmul and matvecmuladd calls.",
         help="Regenerate the metadata from the module's calls: one entry per distinct (M, N, K, scope, operand "
              "type, result type), none missing and none extra."),
    Rule("LINALG-UNIFORM-VALUE",
         "the scalar of matrixElementwiseBinaryOp on a Wave or ThreadGroup matrix may differ between threads",
         "warning",
         f"{_SPEC_0035}: matrixElementwiseBinaryOp (\"a binary math operation with a wave-uniform value\")",
         (COMPILE, IR),
         description="Elementwise binary operations on Wave and ThreadGroup matrices combine the matrix with a "
                     "scalar the proposal requires to be uniform across the wave (or thread group). A scalar "
                     "computed from thread IDs or other per-thread values may differ between the threads that share "
                     "the matrix.",
         help="Compute the scalar from uniform values only (constants, constant buffers, wave reductions such as "
              "WaveReadLaneFirst), or use a Thread scope matrix."),
    # ---- IR structure (any DXIL operation) -------------------------------------
    Rule("IR-PARSE",
         "the file is not LLVM IR text the validator can read",
         "error",
         "LLVM IR text (typed pointers)",
         (IR,),
         description="The validator reads LLVM IR text with typed pointers, as DXC and hlslc write it. A file it "
                     "cannot read is reported once, at the line where reading stopped, and no other rule runs on it.",
         help="Check that the file is LLVM IR text (not bitcode and not a DXIL container) and fix the line named in "
              "the message."),
    Rule("IR-OPCODE",
         "the opcode operand is not a constant, or names a different operation than the called function",
         "error",
         "DXIL: the first operand of every dx.op call is its i32 opcode; docs/operations.md",
         (IR,),
         description="Every dx.op call passes its operation's opcode as the first, constant i32 operand, and the "
                     "called function must implement that operation. A variable or mismatched opcode makes the call "
                     "mean something else to the driver.",
         help="Pass the opcode listed for the operation in docs/operations.md as a constant, and call the dx.op "
              "function of that operation."),
    Rule("IR-SIGNATURE",
         "a dx.op function's name, overload or type does not match the operation table",
         "error",
         f"{_SPEC_0035}: DXIL Operations declarations; docs/operations.md",
         (IR,),
         description="A dx.op function's name carries its overload suffix, and its parameter and return types follow "
                     "from the operation's signature in the operation table. A declaration or call that disagrees "
                     "with the table is rejected.",
         help="Declare and call the function with the name, overload suffix and types docs/operations.md lists for "
              "the operation."),
    Rule("IR-CONST-OPERAND",
         "an operand the operation table marks const (the spec's immarg) is not a constant",
         "error",
         f"{_SPEC_0035}: immarg operands of the DXIL Operations",
         (IR,),
         description="Some operands must be compile-time constants (the proposal marks them immarg): component "
                     "types, dimensions, uses, scopes and operation selectors. A computed value in such a position "
                     "is rejected.",
         help="Pass a constant for the operand; in HLSL, make the template argument or enumerator a compile-time "
              "constant."),
    Rule("IR-BARRIER-FLAGS",
         "a barrier's flags are outside what the operation defines or what the shader can use",
         "error",
         "DXIL validation: Instr.BarrierFlagInvalid, Instr.BarrierModeNoMemory, Instr.BarrierModeUselessUGroup, "
         "Instr.BarrierRequiresNode, Instr.BarrierModeForNonCS",
         (IR,),
         description="BarrierByMemoryType and BarrierByMemoryHandle (SM 6.8) take memory-type flags within "
                     "ALL_MEMORY (0xF) and semantic flags within GROUP_SYNC | GROUP_SCOPE | DEVICE_SCOPE (0x7; "
                     "SM 6.9 adds REORDER_SCOPE, 0x8); node memory only in a node shader or a library function. "
                     "The older Barrier (opcode 80) in a compute shader must fence some memory and may not fence "
                     "UAVs both globally and for the group.",
         help="Use the HLSL flag names (UAV_MEMORY, GROUP_SHARED_MEMORY, ALL_MEMORY; GROUP_SYNC, GROUP_SCOPE, "
              "DEVICE_SCOPE), which the compiler checks where it can."),
    Rule("IR-SHADER-MODEL",
         "a DXIL operation needs a newer shader model than !dx.shaderModel",
         "error",
         "docs/operations.md (min SM column)",
         (IR,),
         description="Each DXIL operation appeared in some shader model; a module whose !dx.shaderModel is older "
                     "cannot use it.",
         help="Raise the target profile to the shader model the message names, or avoid the operation."),
    Rule("IR-STAGE",
         "a DXIL operation is not allowed in the module's shader stage",
         "error",
         "docs/operations.md (stages column)",
         (IR,),
         description="Some DXIL operations are allowed only in some shader stages (derivatives, thread IDs, "
                     "barriers); the module's stage comes from !dx.shaderModel (in a library, a function's from "
                     "its entry's shader kind). For DXC's dx.op.linAlg* operations the message is DXC's (\"Opcode "
                     "X not valid in shader model Y.\").",
         help="Move the operation into a stage that allows it, or compile for that stage.",
         dxc_id="Sm.Opcode"),
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
         (IR,),
         description="Resource operations accept handles of some resource classes and kinds only: stores, atomics "
                     "and counters need a UAV, constant-buffer loads a CBuffer, sampling an SRV texture and a "
                     "sampler, raw-buffer access a raw or structured buffer. A handle the validator cannot trace is "
                     "not checked.",
         help="Bind a resource of the class and kind the operation needs (for example a RWByteAddressBuffer rather "
              "than a ByteAddressBuffer for a store)."),
    Rule("IR-ATOMIC-TARGET",
         "an LLVM atomicrmw or cmpxchg addresses memory other than groupshared memory (a local variable, "
         "a global outside address space 3)",
         "error",
         "DXC validator rule Instr.AtomicOpNonGroupsharedOrRecord",
         (IR,),
         description="LLVM atomicrmw and cmpxchg instructions are only allowed on groupshared memory (address space "
                     "3); atomics on resources go through the dx.op atomic operations. An atomic on a local variable "
                     "or another address space is rejected.",
         help="Apply the atomic to a groupshared variable, or to a resource through InterlockedAdd and its "
              "relatives."),
    Rule("IR-OPERAND-TYPE",
         "an arithmetic, bitwise or comparison instruction on an array or struct (LLVM defines them on "
         "integers, floats and vectors of them only)",
         "error",
         "LLVM Language Reference: binary operations, icmp, fcmp",
         (IR,),
         description="LLVM's binary operations (add ... frem, the shifts and bitwise operations) and its icmp and "
                     "fcmp compare or combine integers, floats and vectors of them. An HLSL matrix is an array of "
                     "row vectors in the IR, so matrix arithmetic is done row by row; an instruction on a whole "
                     "array or struct is not IR at all.",
         help="Extract the rows (extractvalue), operate on each vector and insert the results."),
    Rule("IR-UNIFORM-CONTROL-FLOW",
         "a matrix operation that needs uniform control flow sits under a branch whose condition may differ "
         "between threads",
         "error",
         f"{_SPEC_0035}: \"must be called from wave-uniform (thread-group-uniform) control flow\"; "
         "DXIL barrier and wave operation rules",
         (COMPILE, IR),
         description="Operations on Wave scope matrices and Wave Matrix operations must be reached by every thread "
                     "of the wave, and operations on ThreadGroup scope matrices by every thread of the group. hlslc "
                     "follows the dataflow from thread IDs, lane indices and other per-thread values to branch "
                     "conditions; an operation under a branch that may go different ways for different threads is "
                     "reported with notes that lead to the source of the difference. (A group barrier there is "
                     "IR-UNIFORM-BARRIER, a warning.)",
         help="Move the operation out of the branch (compute it for every thread and select the result), or make the "
              "branch condition uniform, for example from constants, constant buffers or wave reductions. "
              "-Wno-error=uniformity makes this a warning."),
    Rule("IR-UNIFORM-BARRIER",
         "a thread-group barrier sits under a branch whose condition may differ between threads, so the "
         "analysis cannot show that every thread of the group reaches it",
         "warning",
         "DXIL: a barrier with SyncThreadGroup must be reached by every thread of the group (DXC does not "
         "check it)",
         (COMPILE, IR),
         description="GroupMemoryBarrierWithGroupSync and the other group barriers wait for every thread of the "
                     "group, so a thread that skips one hangs or corrupts the others. hlslc follows the dataflow "
                     "from thread IDs to branch conditions, and where control flow reconverges (a divergent if "
                     "that ends before the barrier leaves it uniform; groupshared values read at the same address "
                     "are the same for every thread). DXC compiles such code without a word, and it is often "
                     "uniform for reasons no analysis sees (a thread count that divides the data, an early return "
                     "no thread of a group takes alone), so this is a warning: -Wuniformity, silenced by "
                     "-Wno-uniformity, an error with -Werror or -Werror=uniformity.",
         help="Move the barrier out of the branch, or make the branch condition uniform (constants, constant "
              "buffers, SV_GroupID, values read from groupshared memory after a barrier). `hlslc run --check` "
              "reports a barrier that some threads of a group skip when it happens."),
    # ---- IR well-formedness (any module) --------------------------------------------
    Rule("IR-TRUNCATED",
         "the module ends inside a function body",
         "error",
         "LLVM IR text: a function body ends with '}'",
         (IR,),
         description="A module whose text stops inside a function (no closing brace) was cut off, by a failed write "
                     "or a copy that lost its end. Nothing after the cut can be checked, so no other rule runs.",
         help="Produce the module again; check that the file was written completely."),
    Rule("IR-UNDEFINED-VALUE",
         "an instruction names a value, function or type that the module does not define",
         "error",
         "LLVM Language Reference: every value is defined once, by an instruction, a parameter or a global",
         (IR,),
         description="Every local value an instruction uses must be defined in its function (by an instruction or as "
                     "a parameter), every called function declared or defined in the module, and every named type "
                     "declared. A name defined nowhere is a broken module: LLVM's own parser rejects it.",
         help="Define the value (or declare the function or type) the message names, or fix the misspelt name."),
    Rule("IR-TERMINATOR",
         "a basic block does not end in a terminator (ret, br, switch, unreachable)",
         "error",
         "LLVM Language Reference: every basic block ends with a terminator instruction",
         (IR,),
         description="Every basic block must end with a terminator that says where control goes next: ret, br, "
                     "switch or unreachable. A block that runs into the next label, or into the end of the function, "
                     "is not LLVM IR.",
         help="End the block with the branch or return it needs."),
    Rule("IR-CALL-TYPES",
         "a call's argument or result types do not match the called function's declaration",
         "error",
         "LLVM Language Reference: call (the arguments have the types of the function's parameters)",
         (IR,),
         description="A call passes exactly as many arguments as the function declares, each of the parameter's "
                     "type, and returns the declared result type. The types are compared as written (typed "
                     "pointers included), which LLVM's own verifier, with opaque pointers, no longer can.",
         help="Call the function with the arguments its declaration lists, or fix the declaration."),
    Rule("IR-CAST",
         "a cast converts to or from a struct or array type (such as a LinAlg matrix)",
         "error",
         "LLVM Language Reference: conversion operations take first-class non-aggregate types; DXC: LinAlg "
         "matrices may not be bitcast",
         (IR,),
         description="LLVM's casts (bitcast, trunc, ptrtoint, ...) convert scalars, vectors and pointers. A struct or "
                     "array is not a value they take, so LLVM's parser rejects the module; in particular a LinAlg "
                     "matrix (%dx.types.LinAlgMatrix...) cannot be bitcast to another matrix type, to an integer or "
                     "from a pointer. DXC's validator reports LLVM's message.",
         help="Convert matrices with dx.op.linAlgCopyConvertMatrix, and build other aggregates with insertvalue.",
         dxc_id="LLVM parser (invalid cast opcode)"),
    Rule("IR-LLVM",
         "LLVM's own parser or verifier rejects the module",
         "error",
         "LLVM Language Reference; llvm::verifyModule",
         (IR,),
         description="hlslc validate hands the module to LLVM (through llvmlite, in a fresh context, after "
                     "removing what newer LLVM reads differently: DXIL's data layout, debug information, "
                     "typeless sret/byval) and reports what LLVM's parser or verifier says, at the line LLVM "
                     "names. It runs only when hlslc's own structural rules found nothing; compiles skip it (hlslc's "
                     "IR is built by llvmlite).",
         help="Fix the construct LLVM's message names."),
    Rule("IR-ENTRY-POINTS",
         "the module has no !dx.entryPoints, or an entry names a function the module does not define",
         "error",
         "DXIL metadata: !dx.entryPoints lists the module's entry functions (a library: a null first entry)",
         (IR,),
         description="A DXIL module lists its entry points in the named metadata !dx.entryPoints: for a shader, its "
                     "entry function with its name, signatures, resources and properties; for a library, a first "
                     "entry without a function, then one per shader. A module without it cannot be loaded by the "
                     "runtime, and an entry whose function is not defined has no code.",
         help="Add !dx.entryPoints (compilers write it; a hand-written module needs one tuple per entry) and make "
              "each entry name a function the module defines.",
         dxc_id="Meta.Required, Meta.WellFormed"),
    Rule("IR-UNKNOWN-OPERATION",
         "a call of a dx.op function the operation table does not know",
         "error",
         "DXC validator rules Instr.IllegalDXILOpFunction, Instr.IllegalDXILOpCode; docs/operations.md",
         (IR,),
         description="Every dx.op function is a DXIL operation of the operation table (docs/operations.md), which "
                     "says what its operands are. A call of a dx.op function the table does not know (a misspelt "
                     "name, an operation of another DXIL version) cannot be checked and may mean nothing to the "
                     "driver, so it is an error rather than passing silently.",
         help="Call the dx.op function the operation table lists for the operation; if the operation is real DXIL "
              "that hlslc's table lacks, add its row to ir/dxil_ops.json.",
         dxc_id="Instr.IllegalDXILOpFunction, Instr.IllegalDXILOpCode"),
    Rule("IR-EXPERIMENTAL-OPCODE",
         "an operation of DXC's experimental opcode table in a module whose shader model is not experimental "
         "(below 6.10)",
         "error",
         "DXC validator rule Instr.ExpDXILOpCodeRequiresExpSM; docs/operations.md (opcodes 0x80000000 | n)",
         (IR,),
         description="DXC numbers operations that are not yet part of a released shader model in its experimental "
                     "table (opcode 0x80000000 | n), and only an experimental shader model may use them: 6.10 for "
                     "the dx.op.linAlg* operations.",
         help="Target shader model 6.10 (cs_6_10, lib_6_10).",
         dxc_id="Instr.ExpDXILOpCodeRequiresExpSM"),
    Rule("IR-OVERLOAD",
         "the types of a dx.op.linAlg* function are no overload of its operation",
         "error",
         "DXC validator rule Instr.Oload; docs/operations.md (dims rule)",
         (IR,),
         description="DXC derives the overload of an operation from the called function's types (each dimension "
                     "from its source: the result or an operand) and requires the operation to allow it: for "
                     "example a groupshared memory operand's elements must be half, float, double, i16, i32 or i64 "
                     "(or vectors of them), not i8.",
         help="Use the element and vector types the operation allows (docs/operations.md).",
         dxc_id="Instr.Oload"),
    Rule("IR-CALL-OVERLOAD",
         "a dx.op.linAlg* function's type does not match the operation's signature for its overload",
         "error",
         "DXC validator rule Instr.CallOload; docs/operations.md",
         (IR,),
         description="Given the overload its types name, a dx.op.linAlg* function must have exactly the operation's "
                     "signature: the operand count and every operand's type.",
         help="Declare the function with the signature docs/operations.md gives for the operation and overload.",
         dxc_id="Instr.CallOload"),
    Rule("IR-OPERAND-CONSTANT",
         "an operand DXC's validator requires to be an immediate constant is not one (dx.op.linAlg* layouts, "
         "alignments, strides of opaque layouts, transpose, signedness, interpretations)",
         "error",
         "DXC validator rule Instr.OpConst",
         (IR,),
         description="DXC's validator needs some operands of the dx.op.linAlg* operations to be constants to check "
                     "them: the layout and alignment of the descriptor loads, stores and accumulates, the stride "
                     "when the layout is neither RowMajor nor ColumnMajor, the transpose flag of "
                     "linAlgCopyConvertMatrix, and the signedness and interpretation of linAlgMatVecMul(Add).",
         help="Pass a constant; in HLSL, these are template arguments or literal arguments of the dx::linalg API.",
         dxc_id="Instr.OpConst"),
    Rule("IR-UNDEF-OPERAND",
         "a dx.op.linAlg* operand is undef (an uninitialized value)",
         "error",
         "DXC validator rule Instr.NoReadingUninitialized",
         (IR,),
         description="No operand of a dx.op.linAlg* call may be undef. A matrix that was never given a value (a "
                     "Matrix declared and used without Splat, Load or an operation) reaches the operation as undef.",
         help="Give the matrix (or other operand) a value before the operation uses it.",
         dxc_id="Instr.NoReadingUninitialized"),
    Rule("IR-PARAMETER-VALUE",
         "a constant parameter of a dx.op.linAlg* operation is out of range (Align 0 or not a multiple of 128)",
         "error",
         "DXC validator rules Instr.ParamMinimumValue, Instr.ParamMultiple",
         (IR,),
         description="The Align operand of linAlgMatrixLoadFromDescriptor, linAlgMatrixStoreToDescriptor and "
                     "linAlgMatrixAccumulateToDescriptor must be greater than 0 and a multiple of 128.",
         help="Pass an alignment of 128 (the default of the API's Align template argument) or a multiple of it.",
         dxc_id="Instr.ParamMinimumValue, Instr.ParamMultiple"),
    Rule("IR-TARGET-TYPES",
         "an entry of !dx.targetTypes is not {%dx.types.LinAlgMatrix... undef, i32 C, i32 M, i32 N, i32 U, i32 S} "
         "with the values its type's name spells",
         "error",
         "DXC: !dx.targetTypes (DxilMDHelper kDxilTargetTypesMDName); hlslc's check of the name against the values",
         (IR,),
         description="!dx.targetTypes describes each LinAlg matrix type: an undef value of the type, then its "
                     "component type, M, N, use and scope as i32 constants. DXC reads only well-formed entries "
                     "(the operations on a type without one report IR-LINALG-METADATA) and trusts the numbers; "
                     "hlslc also reports a malformed entry, and numbers that differ from the type's name "
                     "(C<c>M<m>N<n>U<u>S<s>), at the metadata's line.",
         help="Write one entry per matrix type, with the numbers its name spells."),
    # ---- entry points and stages (DXC's shader model rules) ---------------------
    Rule("IR-GROUPSHARED-STAGE",
         "groupshared memory is used from an entry point that has no thread group (not compute, mesh, "
         "amplification or node)",
         "error",
         "DXC validator rule Sm.TGSMUnsupported",
         (IR,),
         description="Thread group shared memory (address space 3) exists only for shaders that run in thread "
                     "groups: compute, mesh, amplification and node shaders. An entry of another stage that uses a "
                     "groupshared global, directly or through the functions it calls, is reported at the first "
                     "instruction that uses it.",
         help="Move the groupshared work into a compute shader, or use other memory.",
         dxc_id="Sm.TGSMUnsupported"),
    Rule("IR-ENTRY-INCOMPATIBLE",
         "an entry function (or a function it calls) uses operations its stage does not allow",
         "error",
         "DXC validator rules Sm.IncompatibleOperation, Sm.IncompatibleCallInEntry",
         (IR,),
         description="Summary of an entry's incompatibilities: some operation the entry or a function it calls uses "
                     "is not available in the entry's stage, or needs a thread group the stage does not have. "
                     "IR-FUNCTION-STAGE and IR-FUNCTION-GROUP name the function that introduces each conflict.",
         help="See the errors that follow it.",
         dxc_id="Sm.IncompatibleOperation, Sm.IncompatibleCallInEntry"),
    Rule("IR-FUNCTION-STAGE",
         "a function uses an operation that the stage of an entry calling it does not allow",
         "error",
         "DXC validator rule Sm.IncompatibleStage",
         (IR,),
         description="The function uses an operation (a dx.op call) whose stages do not include the stage of the "
                     "entry point that runs it.",
         help="Move the operation into a shader of a stage that allows it (docs/operations.md, stages column).",
         dxc_id="Sm.IncompatibleStage"),
    Rule("IR-FUNCTION-GROUP",
         "a function that needs a thread group (groupshared memory) runs in an entry point without one",
         "error",
         "DXC validator rule Sm.IncompatibleRequiresGroup",
         (IR,),
         description="The function uses groupshared memory, which needs a visible thread group, but an entry point "
                     "of a stage without thread groups (pixel, vertex, ray tracing, ...) runs it.",
         help="Call the function only from compute, mesh, amplification or node shaders.",
         dxc_id="Sm.IncompatibleRequiresGroup"),
    # ---- DXC's Instr.LinAlg* rules (dx.op.linAlg*, any producer) ---------------
    Rule('IR-LINALG-METADATA',
         'a LinAlg matrix type of a dx.op.linAlg* call has no well-formed !dx.targetTypes entry',
         "error",
         "DXC validator rule Instr.LinAlgMetadataMissing",
         (IR,),
         description="Every LinAlg matrix type a dx.op.linAlg* call takes or returns needs its entry in !dx.targetTypes; DXC reads the matrix's component type, dimensions, use and scope from there, not from the type's name.",
         help="Add the type's entry to !dx.targetTypes.",
         dxc_id='Instr.LinAlgMetadataMissing'),
    Rule('IR-LINALG-K-DIM',
         'the K dimension of an A or B matrix is out of bounds for its scope',
         "error",
         "DXC validator rule Instr.LinAlgIllegalKDim",
         (IR,),
         description='K is the N of an A matrix and the M of a B matrix (Accumulators have none). It must be 4 to 128 for Thread and Wave scope matrices and 1 to 1024 for ThreadGroup scope ones; the other dimension is not bounded.',
         help="Use a K within the scope's bounds, or split the product into smaller K tiles.",
         dxc_id='Instr.LinAlgIllegalKDim'),
    Rule('IR-LINALG-COMPONENT-TYPE',
         'a component type (of a matrix, or an interpretation) that LinAlg operations do not take',
         "error",
         "DXC validator rule Instr.LinAlgIllegalComponentType",
         (IR,),
         description='LinAlg matrices and vector interpretations take I8, I16, I32, I64, U8, U16, U32, U64, F8_E4M3FN, F8_E5M2, F16, F32, F64 and BFloat16; Invalid, I1, the SNorm/UNorm and the packed types are not allowed.',
         help='Use one of the allowed component types.',
         dxc_id='Instr.LinAlgIllegalComponentType'),
    Rule('IR-LINALG-SCOPE',
         'a matrix has another scope than the one operation requires (Thread for matrix-vector multiplication)',
         "error",
         "DXC validator rule Instr.LinAlgMatrixScopeMismatch",
         (IR,),
         description='linAlgMatVecMul and linAlgMatVecMulAdd take a Thread scope matrix.',
         help='Use a Thread scope A matrix for matrix-vector products.',
         dxc_id='Instr.LinAlgMatrixScopeMismatch'),
    Rule('IR-LINALG-SCOPE-2',
         'a matrix has a scope the operation does not take (Wave or ThreadGroup expected)',
         "error",
         "DXC validator rule Instr.LinAlgMatrixScopeMismatch2",
         (IR,),
         description='Fill, copy-convert, element access, length, groupshared access, stores to descriptors, multiplications and accumulation exist for Wave and ThreadGroup scope matrices only.',
         help='Use a Wave or ThreadGroup scope matrix for the operation.',
         dxc_id='Instr.LinAlgMatrixScopeMismatch2'),
    Rule('IR-LINALG-USE',
         'a matrix has another use (A, B, Accumulator) than the operand requires',
         "error",
         "DXC validator rule Instr.LinAlgMatrixUseMismatch",
         (IR,),
         description='Each matrix operand has a role: the A and B operands of a multiplication, its Accumulator result and C operand, the Accumulator of an accumulate operation, the A matrix of a matrix-vector product.',
         help='Give the matrix the MatrixUse its position needs, or convert it with Cast.',
         dxc_id='Instr.LinAlgMatrixUseMismatch'),
    Rule('IR-LINALG-USE-2',
         'the added matrix of linAlgMatrixAccumulate is neither an A nor a B matrix',
         "error",
         "DXC validator rule Instr.LinAlgMatrixUseMismatch2",
         (IR,),
         description='linAlgMatrixAccumulate adds an A or a B matrix into an Accumulator.',
         help='Accumulate an A or B matrix.',
         dxc_id='Instr.LinAlgMatrixUseMismatch2'),
    Rule('IR-LINALG-EXACT-MATCH',
         "linAlgMatrixAccumulate's result type is not its accumulator operand's type",
         "error",
         "DXC validator rule Instr.LinAlgMatrixNotExactMatch",
         (IR,),
         description='The result of linAlgMatrixAccumulate replaces its left-hand Accumulator, so the two have exactly the same matrix type.',
         help='Return the type of the accumulator operand.',
         dxc_id='Instr.LinAlgMatrixNotExactMatch'),
    Rule('IR-LINALG-SCOPE-LAYOUT',
         'the layout is not allowed for a matrix of this scope in a descriptor load or accumulate',
         "error",
         "DXC validator rule Instr.LinAlgMatrixScopeReqLayout2",
         (IR,),
         description='Wave and ThreadGroup scope matrices load from and accumulate to descriptors in RowMajor or ColumnMajor layout; Thread scope accumulators accumulate in OuterProductOptimal or OuterProductOptimalTranspose layout.',
         help='Use a layout the scope allows.',
         dxc_id='Instr.LinAlgMatrixScopeReqLayout2'),
    Rule('IR-LINALG-LAYOUT-STRIDE',
         'the stride is not 0 for a layout other than RowMajor and ColumnMajor',
         "error",
         "DXC validator rule Instr.LinAlgMatrixLayoutReqStride",
         (IR,),
         description='Opaque layouts (MulOptimal, OuterProductOptimal and their transposes) have no rows to step between: the stride of a descriptor load or accumulate must be 0 with them.',
         help='Pass stride 0 with an optimal layout.',
         dxc_id='Instr.LinAlgMatrixLayoutReqStride'),
    Rule('IR-LINALG-VECTOR-M',
         "a matrix-vector product's output or bias vector length is not the matrix's M",
         "error",
         "DXC validator rule Instr.LinAlgMatrixDimVectorMismatch",
         (IR,),
         description='linAlgMatVecMul(Add) of an MxK matrix gives a vector of M elements and adds a bias of M elements.',
         help='Make the vector M elements long.',
         dxc_id='Instr.LinAlgMatrixDimVectorMismatch'),
    Rule('IR-LINALG-VECTOR-K',
         "a matrix-vector product's input vector length does not hold K elements of its interpretation",
         "error",
         "DXC validator rule Instr.LinAlgMatrixDimKVecKMismatch",
         (IR,),
         description="The input vector holds K elements of the interpretation's component type, several per lane for packed types: ceil(K / elements per scalar) lanes (4 for I8, U8 and the 8-bit floats, 2 for BFloat16, 1 otherwise).",
         help='Pass a vector with that many lanes.',
         dxc_id='Instr.LinAlgMatrixDimKVecKMismatch'),
    Rule('IR-LINALG-BIAS-TYPE',
         "the bias vector's element type is not the output vector's",
         "error",
         "DXC validator rule Instr.LinAlgMatrixOutputBiasVecMismatch",
         (IR,),
         description="linAlgMatVecMulAdd adds a bias vector of the output's element type.",
         help="Convert the bias to the output's element type first.",
         dxc_id='Instr.LinAlgMatrixOutputBiasVecMismatch'),
    Rule('IR-LINALG-FLOAT-SIGNED',
         'a floating-point matrix-vector result is marked unsigned',
         "error",
         "DXC validator rule Instr.LinAlgMatrixUnsignedFloatTypeNotAllowed",
         (IR,),
         description="isOutputSigned must be true when the output vector's elements are floating point.",
         help='Pass isOutputSigned = true for float outputs.',
         dxc_id='Instr.LinAlgMatrixUnsignedFloatTypeNotAllowed'),
    Rule('IR-LINALG-THREAD-LOAD',
         'a Thread scope matrix is loaded from something other than an SRV ByteAddressBuffer',
         "error",
         "DXC validator rule Instr.LinAlgMatrixLoadThreadRequiresBAB",
         (IR,),
         description='linAlgMatrixLoadFromDescriptor of a Thread scope matrix reads a ByteAddressBuffer (an SRV raw buffer).',
         help='Load Thread scope matrices from a ByteAddressBuffer.',
         dxc_id='Instr.LinAlgMatrixLoadThreadRequiresBAB'),
    Rule('IR-LINALG-RWBAB',
         'a matrix store or accumulate to a descriptor whose handle is not a RWByteAddressBuffer',
         "error",
         "DXC validator rule Instr.LinAlgMatrixRequiresRWBAB",
         (IR,),
         description='linAlgMatrixStoreToDescriptor and linAlgMatrixAccumulateToDescriptor write a RWByteAddressBuffer (a UAV raw buffer); a handle the validator cannot trace to one is reported too, as DXC does.',
         help='Store and accumulate into a RWByteAddressBuffer.',
         dxc_id='Instr.LinAlgMatrixRequiresRWBAB'),
    Rule('IR-LINALG-LAYOUT',
         'a matrix store to a descriptor in a layout other than RowMajor or ColumnMajor',
         "error",
         "DXC validator rule Instr.LinAlgMatrixRequiresLayout2",
         (IR,),
         description='linAlgMatrixStoreToDescriptor writes RowMajor or ColumnMajor layouts only.',
         help='Store in RowMajor or ColumnMajor layout.',
         dxc_id='Instr.LinAlgMatrixRequiresLayout2'),
    Rule('IR-LINALG-PARTS-MATCH',
         'two matrices of one operation differ in scope or dimensions where they must agree',
         "error",
         "DXC validator rule Instr.LinAlgMatrix2PartsMustMatch",
         (IR,),
         description="linAlgCopyConvertMatrix keeps the scope and the dimensions (swapped when transposing); linAlgMatrixAccumulate adds a matrix of the result's scope and dimensions.",
         help='Make the scopes and dimensions agree.',
         dxc_id='Instr.LinAlgMatrix2PartsMustMatch'),
    Rule('IR-LINALG-SCOPES-MATCH-3',
         'the matrices of linAlgMatrixMultiply have different scopes',
         "error",
         "DXC validator rule Instr.LinAlgMatrixScopeMustMatch3",
         (IR,),
         description='A, B and the result of linAlgMatrixMultiply share one scope.',
         help='Use one scope for all three matrices.',
         dxc_id='Instr.LinAlgMatrixScopeMustMatch3'),
    Rule('IR-LINALG-SCOPES-MATCH-4',
         'the matrices of linAlgMatrixMultiplyAccumulate have different scopes',
         "error",
         "DXC validator rule Instr.LinAlgMatrixScopeMustMatch4",
         (IR,),
         description='A, B, C and the result of linAlgMatrixMultiplyAccumulate share one scope.',
         help='Use one scope for all four matrices.',
         dxc_id='Instr.LinAlgMatrixScopeMustMatch4'),
    Rule('IR-LINALG-K-MATCH',
         "the K dimensions of a multiplication's A (MxK) and B (KxN) matrices differ",
         "error",
         "DXC validator rule Instr.LinAlgMatrixMatrixKDimMustMatch",
         (IR,),
         description='In A x B, the columns of A (its N) and the rows of B (its M) are the same K.',
         help="Make A's N equal to B's M.",
         dxc_id='Instr.LinAlgMatrixMatrixKDimMustMatch'),
    Rule('IR-LINALG-RESULT-DIM',
         "a multiplication's result (or C operand) is not A.M x B.N",
         "error",
         "DXC validator rule Instr.LinAlgMatrixMatrixResDimMustMatch",
         (IR,),
         description='The result and the C operand of an MxK by KxN product are MxN.',
         help='Make the result (and C) M x N.',
         dxc_id='Instr.LinAlgMatrixMatrixResDimMustMatch'),
    # ---- SM 6.8 Wave Matrix (validator; sema checks the same conditions) -------
    Rule("WAVEMATRIX-PROPS",
         "waveMatrix_Annotate/waveMatrix_Depth properties are not a constant with an allowed kind, element "
         "type for that kind, and M and N of 16 or 64",
         "error",
         f"{_SPEC_WAVE}: WaveMatrix types, CheckFeatureSupport sections (element types, dimensions)",
         (SEMA, IR),
         description="Each Wave Matrix carries its properties: a kind (Left, Right, LeftColAcc, RightRowAcc, "
                     "Accumulator), an element type the kind allows (Left and Right: F16, F32 and the packed 8-bit "
                     "types; accumulators and fragments: I32, F16, F32) and M and N of 16 or 64.",
         help="Declare the wave matrix with an element type its kind allows and dimensions of 16 or 64."),
    Rule("WAVEMATRIX-ANNOTATE",
         "a wave matrix an operation uses has no waveMatrix_Annotate, or two that disagree",
         "error",
         "dxil-facts.md: each wave matrix is an alloca followed by one waveMatrix_Annotate",
         (IR,),
         description="In DXIL each wave matrix is an alloca followed by exactly one waveMatrix_Annotate call that "
                     "gives its properties. A wave matrix an operation uses without an annotation, or with two that "
                     "disagree, has no defined type.",
         help="Annotate every wave matrix alloca once with waveMatrix_Annotate before it is used."),
    Rule("WAVEMATRIX-OPERAND-KIND",
         "a wave matrix operand has a kind the operation does not take (Multiply: Accumulator = Left x Right; "
         "SumAccumulate: LeftColAcc from Left, RightRowAcc from Right; Add into an Accumulator; scalar "
         "operations on accumulators and fragments; Depth of Left or Right)",
         "error",
         f"{_SPEC_WAVE}: WaveMatrix methods",
         (SEMA, IR),
         description="Each Wave Matrix method takes operands of particular kinds: Multiply and MultiplyAccumulate "
                     "compute an Accumulator from a Left and a Right matrix; SumAccumulate fills a LeftColAcc from a "
                     "Left matrix and a RightRowAcc from a Right matrix; Add adds an accumulator or fragment into an "
                     "Accumulator; scalar operations work on accumulators and fragments; MatrixDepth belongs to Left "
                     "and Right matrices.",
         help="Call the method on and with wave matrices of the kinds it takes (WaveMatrixLeft, WaveMatrixRight, "
              "WaveMatrixAccumulator, WaveMatrixLeftColAcc, WaveMatrixRightRowAcc)."),
    Rule("WAVEMATRIX-DIMENSION-MISMATCH",
         "the operands' dimensions differ (a multiply's three matrices share M and N, K being the device's "
         "depth; Add and SumAccumulate need equal shapes), or the Left and Right element types differ other "
         "than int8/uint8",
         "error",
         f"{_SPEC_WAVE}: Multiply, MultiplyAccumulate, Add, SumAccumulate",
         (SEMA, IR),
         description="The operands of a Wave Matrix operation must fit together: the three matrices of a "
                     "multiplication share M and N (K is the device's matrix depth), Add and SumAccumulate need "
                     "equal shapes, and the Left and Right element types must match, except that int8 and uint8 may "
                     "be mixed.",
         help="Declare the operands with matching dimensions and element types."),
    Rule("WAVEMATRIX-OPERAND-VALUE",
         "a constant operand is out of range: scalar operation not 0-3, byte offset not DWORD-aligned, alignment "
         "neither 0 nor a power of two of at least 4",
         "error",
         f"{_SPEC_WAVE}: Load/Store (offset, alignment), ScalarMultiply/Divide/Add/Subtract",
         (SEMA, IR),
         description="Constant operands of Wave Matrix operations have ranges: the scalar operation selector is 0 to "
                     "3, a byte offset must be a multiple of 4 (DWORD-aligned), and an alignment is 0 or a power of "
                     "two of at least 4.",
         help="Use a DWORD-aligned offset and an alignment of 0 or a power of two no smaller than 4."),
    # ---- portability (--target-device) -------------------------------------------
    Rule("PORTABILITY-UNSUPPORTED",
         "a matrix type, multiply or matrix-vector multiply has no configuration on the --target-device",
         "warning",
         "the device's VkCooperativeMatrixPropertiesKHR / subgroupMatrixConfigs list (docs/devices.md)",
         (COMPILE,),
         description="A device runs only the matrix shapes, component types and scopes it reports (Vulkan's "
                     "cooperative-matrix properties, WebGPU's subgroup matrix configurations, Metal's 8x8 "
                     "simdgroup matrices). A shader using another configuration compiles but fails when the "
                     "pipeline is created on that device. Reported only with --target-device; a warning in the "
                     "group 'portability' (-Werror=portability makes it an error).",
         help="Use one of the configurations the message lists as nearest, or tile the operation with a "
              "supported shape; hlslc --list-devices shows the built-in profiles."),
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
        if not r.description or not r.help:
            raise ValueError(f"rule {r.id}: a description and a help text are required")
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
        spec = r.spec if r.dxc_id is None or r.dxc_id in r.spec else f"{r.spec} (DXC: {r.dxc_id})"
        cells = [f"`{r.id}`", r.severity, where, r.title, spec]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - `python -m hlslc.spec.rules` prints the docs table
    print(rules_markdown_table(), end="")
