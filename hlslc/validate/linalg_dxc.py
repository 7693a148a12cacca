"""DXC's validation of the `dx.op.linAlg*` operations (DXC's shipping
`dx::linalg`), on IR from any producer.

Owns: reading `!dx.targetTypes` (the component type, M, N, use and scope
of each `%dx.types.LinAlgMatrix...` type, as DXC's validator reads it, and
the stricter `IR-TARGET-TYPES` check of it), and, per `dx.op.linAlg*`
call, DXC's checks in DXC's order: the experimental opcode's shader
model, the overload the called function's types name (`Instr.Oload`,
`Instr.CallOload`), the operation's stages (`Sm.Opcode`), then the
`Instr.LinAlg*` rules of the operation: metadata, K bounds and component
types of every matrix, undef operands, immediate constants, uses, scopes,
layouts, strides, alignments, dimensions, vector lengths and the handle's
resource kind.  Each finding carries DXC's message text and an `IR-*`
rule ID whose `dxc_id` names DXC's rule (hlslc/spec/rules.py).

Meaning: what DXC checks, not more (the notes on DXC's validator list
what it leaves out, such as the element types of groupshared memory or
the vectors of an outer product); where DXC reads a value from
`!dx.targetTypes`, so does this.  The order of findings within a call is
DXC's; across calls DXC goes declaration by declaration (`order`).

Does not own: reading IR (`reader`), the operation table (`hlslc.dxil.ops`),
resource tracing (`resource_rules`), entry-point and stage compatibility
(`structure`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

from ..dxil import ops as ir_ops
from ..dxil.reader import Function, Instruction, take_type

if TYPE_CHECKING:
    from .checks import Validator

# A matrix's description in !dx.targetTypes: (component type, M, N, use, scope).
TargetType = tuple[int, int, int, int, int]

# DXIL's enums as DXC's validator spells them in messages.
_SCOPES = {0: "Thread", 1: "Wave", 2: "ThreadGroup"}
_USES = {0: "A", 1: "B", 2: "Accumulator"}
_LAYOUTS = {0: "RowMajor", 1: "ColumnMajor", 2: "MulOptimal", 3: "MulOptimalTranspose", 4: "OuterProductOptimal",
            5: "OuterProductOptimalTranspose"}
ROW_MAJOR, COLUMN_MAJOR, OUTER_PRODUCT_OPTIMAL, OUTER_PRODUCT_OPTIMAL_TRANSPOSE = 0, 1, 4, 5
THREAD, WAVE, THREAD_GROUP = 0, 1, 2
USE_A, USE_B, ACCUMULATOR = 0, 1, 2
# K bounds: Thread and Wave scope, then ThreadGroup scope.
K_BOUNDS = {THREAD: (4, 128), WAVE: (4, 128), THREAD_GROUP: (1, 1024)}
# The component types LinAlg operations take, and how many elements one
# 32-bit lane holds (anything else counts 4, as in DXC).
ALLOWED_COMPONENTS = frozenset({"I8", "I16", "I32", "I64", "U8", "U16", "U32", "U64", "F8_E4M3FN", "F8_E5M2",
                                "F16", "F32", "F64", "BFloat16"})
_ELEMENTS_PER_SCALAR = {"BFloat16": 2, "I8": 4, "U8": 4, "F8_E4M3FN": 4, "F8_E5M2": 4,
                        **{c: 1 for c in ("I16", "I32", "I64", "U16", "U32", "U64", "F16", "F32", "F64")}}
_FLOAT_TYPES = frozenset({"half", "float", "double"})
_VECTOR = re.compile(r"<\s*(\d+)\s+x\s+(.+?)\s*>")

def component_name(value: int) -> str:
    names = {v: k for k, v in ir_ops.enum("ComponentType").items()}
    return names.get(value, "Unknown ComponentType")


def _scope(value: int) -> str:
    return _SCOPES.get(value, "Unknown MatrixScope")


def _use(value: int) -> str:
    return _USES.get(value, "Unknown MatrixUse")


def _layout(value: int) -> str:
    return _LAYOUTS.get(value, "Unknown MatrixUse")      # sic: DXC's text for an unknown layout


def _type_key(text: str) -> str:
    """A type as a lookup key: `%"dx.types.X"` and `%dx.types.X` alike."""
    return text.replace('"', "").strip()


def _dims(t: TargetType) -> str:
    return f"{t[1]}x{t[2]}"


class DxcLinalgRules:
    """DXC's checks of `dx.op.linAlg*` calls, for one module."""

    def __init__(self, validator: "Validator") -> None:
        self.v = validator
        self.target_types: dict[str, TargetType] = {}
        self._read_target_types()

    # ---- !dx.targetTypes -------------------------------------------------------

    def _read_target_types(self) -> None:
        """The entries DXC reads: six operands, a typed constant, then five
        integers (malformed ones are skipped, as DXC does; `check_target_types`
        reports them)."""
        mod = self.v.mod
        for ref in mod.named_metadata.get("dx.targetTypes", []):
            node = mod.md_node(ref)
            parsed = self._entry(node)
            if parsed is not None:
                key, values = parsed
                self.target_types.setdefault(key, values)

    @staticmethod
    def _entry(node: list[str] | None) -> tuple[str, TargetType] | None:
        if node is None or len(node) != 6:
            return None
        try:
            t, rest = take_type(node[0])
        except ValueError:
            return None
        if not rest.strip() or rest.strip().startswith("!") or t == "metadata":
            return None
        ints = [_md_int(e) for e in node[1:]]
        if None in ints:
            return None
        return _type_key(t), tuple(ints)  # type: ignore[return-value]

    def check_target_types(self) -> None:
        """IR-TARGET-TYPES: each entry well formed, of a LinAlg matrix type,
        with the numbers the type's name spells (hlslc's check; DXC trusts
        the numbers)."""
        mod = self.v.mod
        for ref in mod.named_metadata.get("dx.targetTypes", []):
            node = mod.md_node(ref)
            line = self.v.metadata_line(ref)
            parsed = self._entry(node)
            if parsed is None:
                shown = "!{" + ", ".join(node) + "}" if node is not None else ref
                self.v.report("IR-TARGET-TYPES", f"!dx.targetTypes entry {ref} = {shown} is not "
                              "!{%dx.types.LinAlgMatrix... undef, i32 C, i32 M, i32 N, i32 U, i32 S}",
                              line=line, order=(1, line or 0))
                continue
            key, values = parsed
            matrix = ir_ops.parse_matrix_type(key)
            if matrix is None:
                self.v.report("IR-TARGET-TYPES", f"!dx.targetTypes entry {ref} describes {key}, which is not a "
                              "LinAlg matrix type (%dx.types.LinAlgMatrixC<c>M<m>N<n>U<u>S<s>)", line=line,
                              order=(1, line or 0))
            elif values != (matrix.component, matrix.m, matrix.n, matrix.use, matrix.scope):
                self.v.report("IR-TARGET-TYPES", f"!dx.targetTypes entry {ref} gives {key} component type "
                              f"{values[0]}, {values[1]}x{values[2]}, use {values[3]} and scope {values[4]}, but the "
                              f"type's name spells C{matrix.component} M{matrix.m} N{matrix.n} U{matrix.use} "
                              f"S{matrix.scope}", line=line, order=(1, line or 0))

    # ---- one call ------------------------------------------------------------------

    def check(self, fn: Function, ins: Instruction, op: ir_ops.Operation) -> None:
        """Every DXC check of one `dx.op.linAlg*` call (the opcode matched)."""
        v = self.v
        if v.sm is not None and v.sm < op.min_shader_model:
            # Instr.ExpDXILOpCodeRequiresExpSM, from DXC's function body pass; the
            # rest of the call's checks are skipped, as in DXC.
            v.report("IR-EXPERIMENTAL-OPCODE", "Use of experimental DXILOpCode requires an experimental shader model.",
                     fn, ins)
            return
        declared = v.mod.functions.get(ins.callee or "")
        if declared is None:
            return                                  # IR-UNDEFINED-VALUE
        order = (3, declared.line, ins.line)
        call = _Call(self, fn, ins, op, order)
        params = [p.type for p in declared.params]
        try:
            overload = ir_ops.overload_from_types(op, declared.result, params)
        except ir_ops.OverloadError:
            call.error("IR-OVERLOAD", "DXIL intrinsic overload must be valid.")
            return
        result, expected = ir_ops.signature(op, overload)
        if _squash(result) != _squash(declared.result) or [_squash(t) for t in expected] != \
                [_squash(t) for t in params]:
            call.error("IR-CALL-OVERLOAD", f"Call to DXIL intrinsic '{ir_ops.function_name(op, overload)}' does "
                       "not match an allowed overload signature.")
            return
        stage = v.stage_of(fn)
        if stage is not None and not op.allowed_in(stage):
            call.error("IR-STAGE", f"Opcode {op.name} not valid in shader model {v.shader_model_name(stage)}.")
            return
        method: Callable[[], None] | None = getattr(call, "check_" + op.name, None)
        if method is not None:
            method()

    def lookup(self, type_text: str) -> TargetType | None:
        return self.target_types.get(_type_key(type_text))


def _md_int(element: str) -> int | None:
    m = re.fullmatch(r"i\d+\s+(-?\d+)", element.strip())
    return int(m.group(1)) if m else None


def _squash(t: str) -> str:
    return re.sub(r"\s+", "", t).replace('"', "")


class _Call:
    """The checks of one call, each a method named after the operation."""

    def __init__(self, rules: DxcLinalgRules, fn: Function, ins: Instruction, op: ir_ops.Operation,
                 order: tuple[int, ...]) -> None:
        self.rules = rules
        self.v = rules.v
        self.fn = fn
        self.ins = ins
        self.op = op
        self.order = order
        self.args = dict(zip((p.name for p in op.params), ins.args[1:]))

    def error(self, rule_id: str, message: str) -> None:
        self.v.report(rule_id, message, self.fn, self.ins, order=self.order)

    # ---- DXC's helpers ----------------------------------------------------------

    def component(self, value: int, source: str) -> None:
        name = component_name(value)
        if name not in ALLOWED_COMPONENTS:
            self.error("IR-LINALG-COMPONENT-TYPE",
                       f"Component type '{name}' from {source} not allowed in LinAlg Matrix operations.")

    def k_dim(self, t: TargetType, source: str) -> None:
        use, scope = t[3], t[4]
        if use == ACCUMULATOR:
            return
        k = t[2] if use == USE_A else t[1]
        low, high = K_BOUNDS[THREAD_GROUP] if scope == THREAD_GROUP else K_BOUNDS[THREAD]
        if not low <= k <= high:
            self.error("IR-LINALG-K-DIM", f"{source} matrix K dimension out of bounds. K={k} must be >= {low} and "
                       f"<= {high}.")

    def return_matrix(self) -> None:
        """DXC's ValidateLinAlgOpReturnMatrix."""
        t = self.rules.lookup(self.ins.type or "")
        if t is None:
            self.error("IR-LINALG-METADATA", "Return matrix must have well-formed metadata.")
            return
        self.k_dim(t, "Return")
        self.component(t[0], "return matrix")

    def parameters(self) -> None:
        """DXC's ValidateLinAlgOpParameters: every operand (the opcode is
        Arg 0) not undef; every matrix with metadata, K bounds, a legal
        component type."""
        for index, arg in enumerate(self.ins.args):
            if arg.is_undef:
                self.error("IR-UNDEF-OPERAND", "Instructions should not read uninitialized value.")
            if not ir_ops.is_matrix_type(arg.type):
                continue
            t = self.rules.lookup(arg.type)
            if t is None:
                self.error("IR-LINALG-METADATA", f"Arg {index} matrix must have well-formed metadata.")
                continue
            self.k_dim(t, f"Arg {index}")
            self.component(t[0], f"arg {index} matrix")

    def matrix(self, operand: str) -> TargetType | None:
        a = self.args.get(operand)
        return self.rules.lookup(a.type) if a is not None else None

    def result(self) -> TargetType | None:
        return self.rules.lookup(self.ins.type or "")

    def constant(self, operand: str, name: str, op_name: str | None = None) -> int | None:
        """DXC's ValidateConstantIntGetValue: the value, or Instr.OpConst."""
        a = self.args.get(operand)
        value = a.const if a is not None else None
        if value is None:
            self.error("IR-OPERAND-CONSTANT", f"{name} of {op_name or self.op.name} must be an immediate constant.")
        return value

    def wave_or_group(self, t: TargetType, who: str) -> None:
        if t[4] not in (WAVE, THREAD_GROUP):
            self.error("IR-LINALG-SCOPE-2", f"{who} matrix scope '{_scope(t[4])}' does not match expected scope Wave "
                       "or ThreadGroup.")

    def use(self, t: TargetType, who: str, want: int) -> None:
        if t[3] != want:
            self.error("IR-LINALG-USE", f"{who} matrix use '{_use(t[3])}' does not match expected use {_use(want)}.")

    def align(self) -> None:
        align = self.constant("align", "Align")
        if align is None:
            return
        if align == 0:
            self.error("IR-PARAMETER-VALUE", "parameter 'Align' must be greater than 0, got 0")
        if align % 128 != 0:
            self.error("IR-PARAMETER-VALUE", f"parameter 'Align' must be a multiple of 128, got {align}")

    def handle(self) -> tuple[str | None, str | None]:
        """(resource class, kind) of the handle operand; (None, None) when
        the validator cannot tell (DXC: an invalid resource)."""
        a = self.args.get("handle")
        res = self.v.resources.resource_of(self.fn, a.value) if a is not None else None
        return (res.resource_class, res.kind) if res is not None else (None, None)

    def requires_rwbab(self) -> None:
        cls, kind = self.handle()
        if cls != "UAV" or kind != "RawBuffer":
            self.error("IR-LINALG-RWBAB", f"{self.op.name} requires RWByteAddressBuffer.")

    # ---- the operations ------------------------------------------------------------

    def _one_matrix_wave_or_group(self) -> None:
        self.parameters()
        t = self.matrix("matrix")
        if t is not None:
            self.wave_or_group(t, "Input")

    def check_LinAlgMatrixLength(self) -> None:
        self._one_matrix_wave_or_group()

    def check_LinAlgMatrixGetCoordinate(self) -> None:
        self._one_matrix_wave_or_group()

    def check_LinAlgMatrixGetElement(self) -> None:
        self._one_matrix_wave_or_group()

    def check_LinAlgMatrixStoreToDescriptor(self) -> None:
        self.parameters()
        t = self.matrix("matrix")
        if t is None:
            return
        layout = self.constant("layout", "Layout")
        if layout is None:
            return
        if layout not in (ROW_MAJOR, COLUMN_MAJOR):
            self.error("IR-LINALG-LAYOUT", f"{self.op.name} requires layout RowMajor or ColumnMajor.")
        self.wave_or_group(t, "Input")
        self.requires_rwbab()
        self.align()

    def check_LinAlgMatrixStoreToMemory(self) -> None:
        self.parameters()

    def check_LinAlgMatrixAccumulateToMemory(self) -> None:
        self.parameters()

    def check_LinAlgConvert(self) -> None:
        self.parameters()

    def check_LinAlgVectorAccumulateToDescriptor(self) -> None:
        self.parameters()

    def check_LinAlgMatrixOuterProduct(self) -> None:
        self.return_matrix()
        self.parameters()

    def check_LinAlgMatrixLoadFromMemory(self) -> None:
        self.return_matrix()
        self.parameters()

    def check_LinAlgMatVecMul(self, name: str = "LinAlgMatVecMul") -> TargetType | None:
        self.parameters()
        t = self.matrix("matrix")
        if t is None:
            return None
        if t[4] != THREAD:
            self.error("IR-LINALG-SCOPE", f"Input matrix scope '{_scope(t[4])}' does not match expected scope Thread.")
        self.use(t, "Input", USE_A)
        interpretation = "Invalid"
        operand = "interpretation" if "interpretation" in self.args else "inputInterpretation"
        value = self.constant(operand, "InputInterp", name)
        if value is not None:
            interpretation = component_name(value)
            self.component(value, "InputInterp")
        per_scalar = _ELEMENTS_PER_SCALAR.get(interpretation, 4)
        expected = (t[2] + per_scalar - 1) // per_scalar
        inputs = _vector_length(self.args["inputVector"].type)
        if inputs is not None and inputs != expected:
            self.error("IR-LINALG-VECTOR-K", f"Input vector size '{inputs}' must be {expected} for input matrix with "
                       f"K '{t[2]}' and Type '{interpretation}'")
        outputs = _vector_length(self.ins.type or "")
        if outputs is not None and outputs != t[1]:
            self.error("IR-LINALG-VECTOR-M", f"Output vector size '{outputs}' must match input matrix M dimension "
                       f"'{t[1]}'")
        signed = self.constant("isOutputSigned", "IsSigned", name)
        element = _vector_element(self.ins.type or "")
        if signed is not None and element in _FLOAT_TYPES and signed != 1:
            self.error("IR-LINALG-FLOAT-SIGNED", f"Float-like type '{element}' must be signed")
        return t

    def check_LinAlgMatVecMulAdd(self) -> None:
        t = self.check_LinAlgMatVecMul("LinAlgMatVecMulAdd")
        if t is None:
            return
        bias = self.args["biasVector"].type
        length = _vector_length(bias)
        if length is not None and length != t[1]:
            self.error("IR-LINALG-VECTOR-M", f"Bias vector size '{length}' must match input matrix M dimension "
                       f"'{t[1]}'")
        out_element, bias_element = _vector_element(self.ins.type or ""), _vector_element(bias)
        if out_element != bias_element:
            self.error("IR-LINALG-BIAS-TYPE", f"Output vector element type '{out_element}' must match bias vector "
                       f"element type '{bias_element}'")

    def check_LinAlgMatrixAccumulateToDescriptor(self) -> None:
        self.parameters()
        t = self.matrix("matrix")
        if t is None:
            return
        layout = self.constant("layout", "Layout")
        if layout is None:
            return
        row_or_column = layout in (ROW_MAJOR, COLUMN_MAJOR)
        if t[4] == THREAD and layout not in (OUTER_PRODUCT_OPTIMAL, OUTER_PRODUCT_OPTIMAL_TRANSPOSE):
            self.error("IR-LINALG-SCOPE-LAYOUT", f"Input matrix with scope '{_scope(t[4])}' requires layout "
                       f"OuterProductOptimal or OuterProductOptimalTranspose for {self.op.name}.")
        if t[4] in (WAVE, THREAD_GROUP) and not row_or_column:
            self.error("IR-LINALG-SCOPE-LAYOUT", f"Input matrix with scope '{_scope(t[4])}' requires layout RowMajor "
                       f"or ColumnMajor for {self.op.name}.")
        if not row_or_column:
            self.stride_zero(layout)
        self.use(t, "Input", ACCUMULATOR)
        self.requires_rwbab()
        self.align()

    def stride_zero(self, layout: int) -> None:
        stride = self.constant("stride", "Stride")
        if stride is not None and stride != 0:
            self.error("IR-LINALG-LAYOUT-STRIDE", f"{self.op.name} with layout '{_layout(layout)}' requires stride 0.")

    def check_LinAlgFillMatrix(self) -> None:
        self.return_matrix()
        self.parameters()
        t = self.result()
        if t is not None:
            self.wave_or_group(t, "Return")

    def check_LinAlgMatrixSetElement(self) -> None:
        self.return_matrix()
        self.parameters()
        result = self.result()
        source = self.matrix("matrix")
        if result is None or source is None:
            return
        self.wave_or_group(source, "Input")
        self.wave_or_group(result, "Return")

    def _product(self, operands: tuple[str, ...]) -> None:
        """linAlgMatrixMultiply (A, B) and linAlgMatrixMultiplyAccumulate (A, B, C)."""
        self.return_matrix()
        self.parameters()
        result = self.result()
        if result is None:
            return
        matrices = []
        for operand in operands:
            t = self.matrix(operand)
            if t is None:
                return
            matrices.append(t)
        a, b = matrices[0], matrices[1]
        c = matrices[2] if len(matrices) > 2 else None
        self.use(a, "A", USE_A)
        self.use(b, "B", USE_B)
        if c is not None:
            self.use(c, "C", ACCUMULATOR)
        self.use(result, "Return", ACCUMULATOR)
        named = [("A", a), ("B", b)] + ([("C", c)] if c is not None else []) + [("Return", result)]
        for who, t in named:
            self.wave_or_group(t, who)
        if len({t[4] for _, t in named}) > 1:
            rule = "IR-LINALG-SCOPES-MATCH-4" if c is not None else "IR-LINALG-SCOPES-MATCH-3"
            self.error(rule, "Matrix scope must be the same for all matrices. "
                       + ", ".join(f"{who} '{_scope(t[4])}'" for who, t in named) + ".")
        m, a_k, b_k, n = a[1], a[2], b[1], b[2]
        if a_k != b_k:
            self.error("IR-LINALG-K-MATCH", f"K dim of A matrix '{m}x{a_k}' must match K dim of B matrix "
                       f"'{b_k}x{n}'. {a_k} != {b_k}.")
        for who, t in ([("C", c)] if c is not None else []) + [("Return", result)]:
            if (t[1], t[2]) != (m, n):
                self.error("IR-LINALG-RESULT-DIM", f"{who} matrix dimension '{_dims(t)}' must match A.MxB.N "
                           f"'{m}x{n}'.")

    def check_LinAlgMatrixMultiply(self) -> None:
        self._product(("matrixA", "matrixB"))

    def check_LinAlgMatrixMultiplyAccumulate(self) -> None:
        self._product(("matrixA", "matrixB", "matrixC"))

    def check_LinAlgMatrixLoadFromDescriptor(self) -> None:
        self.return_matrix()
        self.parameters()
        t = self.result()
        if t is None:
            return
        layout = self.constant("layout", "Layout")
        if layout is None:
            return
        row_or_column = layout in (ROW_MAJOR, COLUMN_MAJOR)
        if t[4] in (WAVE, THREAD_GROUP) and not row_or_column:
            self.error("IR-LINALG-SCOPE-LAYOUT", f"Return matrix with scope '{_scope(t[4])}' requires layout RowMajor "
                       f"or ColumnMajor for {self.op.name}.")
        if not row_or_column:
            self.stride_zero(layout)
        self.align()
        if t[4] == THREAD:
            cls, kind = self.handle()
            if cls != "SRV" or kind != "RawBuffer":
                self.error("IR-LINALG-THREAD-LOAD", "Loading matrix with Thread scope requires ByteAddressBuffer.")

    def check_LinAlgMatrixAccumulate(self) -> None:
        self.return_matrix()
        self.parameters()
        result_type = self.ins.type or ""
        lhs, rhs = self.args.get("matrixLHS"), self.args.get("matrixRHS")
        if lhs is None or rhs is None:
            return
        if _type_key(result_type) != _type_key(lhs.type):
            self.error("IR-LINALG-EXACT-MATCH", f"Return matrix '{_type_key(result_type).lstrip('%')}' must exactly "
                       f"match arg 1 matrix '{_type_key(lhs.type).lstrip('%')}'.")
        result, left, right = self.rules.lookup(result_type), self.rules.lookup(lhs.type), self.rules.lookup(rhs.type)
        if result is None or left is None or right is None:
            return
        self.use(result, "Return", ACCUMULATOR)
        if right[3] not in (USE_A, USE_B):
            self.error("IR-LINALG-USE-2", f"Arg 2 matrix use '{_use(right[3])}' does not match expected use A or B.")
        if result[4] != right[4]:
            self.error("IR-LINALG-PARTS-MATCH", f"Return matrix scope '{_scope(result[4])}' must match Arg 2 matrix "
                       f"scope '{_scope(right[4])}'.")
        self.wave_or_group(right, "Arg 2")
        self.wave_or_group(result, "Return")
        if (result[1], result[2]) != (right[1], right[2]):
            self.error("IR-LINALG-PARTS-MATCH", f"Arg 2 matrix dimension '{_dims(right)}' must match return matrix "
                       f"dimension '{_dims(result)}'.")

    def check_LinAlgCopyConvertMatrix(self) -> None:
        self.return_matrix()
        self.parameters()
        destination, source = self.result(), self.matrix("srcMatrix")
        if destination is None or source is None:
            return
        transpose = self.constant("transpose", "Transpose")
        self.wave_or_group(destination, "Destination")
        self.wave_or_group(source, "Source")
        if destination[4] != source[4]:
            self.error("IR-LINALG-PARTS-MATCH", f"Destination matrix scope '{_scope(destination[4])}' must match "
                       f"source matrix scope '{_scope(source[4])}'.")
        m, n = (source[2], source[1]) if transpose == 1 else (source[1], source[2])
        if (destination[1], destination[2]) != (m, n):
            self.error("IR-LINALG-PARTS-MATCH", f"Destination matrix dimension '{_dims(destination)}' must match "
                       f"source matrix dimension '{m}x{n}'.")


def _vector_length(t: str) -> int | None:
    m = _VECTOR.fullmatch(t.strip())
    return int(m.group(1)) if m else None


def _vector_element(t: str) -> str | None:
    m = _VECTOR.fullmatch(t.strip())
    return m.group(2).strip() if m else None

