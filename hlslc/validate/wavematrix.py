"""Validator rules for the SM 6.8 Wave Matrix operations (226-237).

Every wave matrix is an `alloca %dx.types.waveMatrix` that one
`waveMatrix_Annotate` gives its properties, `{i8 kind, i8 compType,
i32 M, i32 N}`.  The rules: the properties themselves are allowed
(WAVEMATRIX-PROPS), every matrix an operation uses is annotated exactly
once (WAVEMATRIX-ANNOTATE), each operand has a kind the operation takes
(WAVEMATRIX-OPERAND-KIND), the shapes and element types of the operands
fit together (WAVEMATRIX-DIMENSION-MISMATCH: the three matrices of a
multiply share M and N, K being the device's depth, as sema requires), and the constant operands
are in range (WAVEMATRIX-OPERAND-VALUE).  Uniform control flow is rule
IR-UNIFORM-CONTROL-FLOW (uniformity.py).  Matrices passed into a library
function arrive as arguments whose properties are unknown there; they are
not checked.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from ..records import ValueRecord
from ..dxil.reader import Function, Instruction, Operand, split_top

if TYPE_CHECKING:  # pragma: no cover
    from .checks import Validator

LEFT, RIGHT, LEFT_COL_ACC, RIGHT_ROW_ACC, ACCUMULATOR = range(5)
KIND_NAMES = {LEFT: "WaveMatrixLeft", RIGHT: "WaveMatrixRight", LEFT_COL_ACC: "WaveMatrixLeftColAcc",
              RIGHT_ROW_ACC: "WaveMatrixRightRowAcc", ACCUMULATOR: "WaveMatrixAccumulator"}
COMPONENT_NAMES = {4: "I32", 8: "F16", 9: "F32", 17: "PackedS8x32", 18: "PackedU8x32"}
# Element types per kind (the spec's CheckFeatureSupport sections).
_ALLOWED_COMPONENTS = {LEFT: (8, 9, 17, 18), RIGHT: (8, 9, 17, 18), LEFT_COL_ACC: (4, 8, 9),
                       RIGHT_ROW_ACC: (4, 8, 9), ACCUMULATOR: (4, 8, 9)}
_DIMENSIONS = (16, 64)
_PACKED = (17, 18)
_FRAGMENTS = (LEFT_COL_ACC, RIGHT_ROW_ACC)
WM_TYPE = "%dx.types.waveMatrix*"


class Props(ValueRecord):
    kind: int
    component: int
    m: int
    n: int
    _fields = ("kind", "component", "m", "n")

    def __init__(self, kind: int, component: int, m: int, n: int) -> None:
        self.kind = kind
        self.component = component
        self.m = m
        self.n = n

    def describe(self) -> str:
        return (f"{KIND_NAMES.get(self.kind, f'kind {self.kind}')}<"
                f"{COMPONENT_NAMES.get(self.component, f'component type {self.component}')}, {self.m}, {self.n}>")


def parse_props(operand: Operand) -> Props | None:
    """The constant `{i8 kind, i8 comp, i32 M, i32 N}` of an operand, or None."""
    text = operand.value.strip()
    if text.startswith("<{") or not (text.startswith("{") and text.endswith("}")):
        return None
    fields = split_top(text[1:-1])
    if len(fields) != 4:
        return None
    values = []
    for f in fields:
        words = f.split()
        if len(words) != 2:
            return None
        try:
            values.append(int(words[1]))
        except ValueError:
            return None
    return Props(*values)


def _is_wm(operand: Operand) -> bool:
    return operand.type.replace('"', "").replace(" ", "") == WM_TYPE


class WaveMatrixRules:
    """Annotations of one module, then the per-call checks."""

    def __init__(self, v: "Validator") -> None:
        self.v = v
        # (function, alloca name) -> the props of its annotations
        self.annotations: dict[tuple[str, str], list[Props]] = {}
        self.allocas: set[tuple[str, str]] = set()

    def collect(self) -> None:
        for fn in self.v.mod.functions.values():
            for ins in fn.instructions():
                if ins.opcode == "alloca" and ins.result and "dx.types.waveMatrix" in (ins.text or ""):
                    self.allocas.add((fn.name, ins.result))
                if ins.opcode == "call" and ins.callee == "@dx.op.waveMatrix_Annotate" \
                        and len(ins.args) == 3:
                    props = parse_props(ins.args[2])
                    if props is not None:
                        self.annotations.setdefault((fn.name, ins.args[1].value), []).append(props)

    def report(self, rule_id: str, message: str, fn: Function, ins: Instruction) -> None:
        self.v.report(rule_id, message, fn, ins)

    # ---- properties --------------------------------------------------------

    def check_props(self, props: Props, fn: Function, ins: Instruction, what: str) -> bool:
        if props.kind not in KIND_NAMES:
            self.report("WAVEMATRIX-PROPS", f"{what}: kind {props.kind} is not a wave matrix kind (Left = 0, "
                        "Right = 1, LeftColAcc = 2, RightRowAcc = 3, Accumulator = 4)", fn, ins)
            return False
        ok = True
        allowed = _ALLOWED_COMPONENTS[props.kind]
        if props.component not in allowed:
            names = ", ".join(f"{COMPONENT_NAMES[c]} = {c}" for c in allowed)
            self.report("WAVEMATRIX-PROPS", f"{what}: component type {props.component} is not allowed for "
                        f"{KIND_NAMES[props.kind]} (only {names})", fn, ins)
            ok = False
        for name, value in (("M", props.m), ("N", props.n)):
            if value not in _DIMENSIONS:
                self.report("WAVEMATRIX-PROPS", f"{what}: {name} = {value}, but a wave matrix dimension is "
                            "16 or 64", fn, ins)
                ok = False
        return ok

    def props_of(self, fn: Function, ins: Instruction, operand: Operand, position: str) -> Props | None:
        key = (fn.name, operand.value)
        found = self.annotations.get(key)
        if not found:
            if key in self.allocas or operand.value.startswith("%"):
                if any(a.value == operand.value for a in fn.params):
                    return None      # a library function's argument: annotated by its caller
                self.report("WAVEMATRIX-ANNOTATE", f"the {position} wave matrix {operand.value} has no "
                            "waveMatrix_Annotate giving its properties", fn, ins)
            return None
        if len(set(found)) > 1:
            return None              # reported once, at the annotations
        return found[0]

    # ---- operations --------------------------------------------------------

    def check(self, fn: Function, ins: Instruction, op_name: str, args: list[Operand]) -> None:
        if op_name == "WaveMatrix_Annotate":
            props = parse_props(args[1]) if len(args) > 1 else None
            if props is None:
                self.report("WAVEMATRIX-PROPS", "the properties of waveMatrix_Annotate must be a constant "
                            "{i8 kind, i8 compType, i32 M, i32 N}", fn, ins)
                return
            self.check_props(props, fn, ins, f"waveMatrix_Annotate of {args[0].value}")
            first = self.annotations.get((fn.name, args[0].value), [props])[0]
            if props != first:
                self.report("WAVEMATRIX-ANNOTATE", f"{args[0].value} is annotated again, as {props.describe()}, "
                            f"but it was annotated as {first.describe()}", fn, ins)
            return
        if op_name == "WaveMatrix_Depth":
            props = parse_props(args[0]) if args else None
            if props is None:
                self.report("WAVEMATRIX-PROPS", "the properties of waveMatrix_Depth must be a constant "
                            "{i8 kind, i8 compType, i32 M, i32 N}", fn, ins)
            elif self.check_props(props, fn, ins, "waveMatrix_Depth") and props.kind not in (LEFT, RIGHT):
                self.report("WAVEMATRIX-OPERAND-KIND", f"waveMatrix_Depth is defined for WaveMatrixLeft and "
                            f"WaveMatrixRight, not {props.describe()}", fn, ins)
            return
        matrices = [(i, a) for i, a in enumerate(args) if _is_wm(a)]
        positions = ("first", "second", "third")
        props = [self.props_of(fn, ins, a, positions[k]) for k, (_, a) in enumerate(matrices)]
        if op_name in ("WaveMatrix_Multiply", "WaveMatrix_MultiplyAccumulate"):
            self.check_multiply(fn, ins, op_name, props)
        elif op_name == "WaveMatrix_ScalarOp":
            self.check_scalar_op(fn, ins, props, args)
        elif op_name == "WaveMatrix_SumAccumulate":
            self.check_sum_accumulate(fn, ins, props)
        elif op_name == "WaveMatrix_Add":
            self.check_add(fn, ins, props)
        elif op_name in ("WaveMatrix_LoadRawBuf", "WaveMatrix_StoreRawBuf"):
            self.check_raw_buffer(fn, ins, op_name, props, args)

    def _kind(self, fn: Function, ins: Instruction, op: str, props: Props | None, allowed: tuple[int, ...],
              role: str) -> bool:
        if props is None or props.kind in allowed:
            return True
        names = " or ".join(KIND_NAMES[k] for k in allowed)
        self.report("WAVEMATRIX-OPERAND-KIND", f"the {role} of {op} must be a {names}, but it is "
                    f"{props.describe()}", fn, ins)
        return False

    def check_multiply(self, fn: Function, ins: Instruction, op: str, props: list[Props | None]) -> None:
        if len(props) != 3:
            return
        acc, left, right = props
        ok = self._kind(fn, ins, op, acc, (ACCUMULATOR,), "destination")
        ok &= self._kind(fn, ins, op, left, (LEFT,), "first input")
        ok &= self._kind(fn, ins, op, right, (RIGHT,), "second input")
        if not ok or None in props:
            return
        if not (left.m, left.n) == (right.m, right.n) == (acc.m, acc.n):
            # K is not declared: it is the device's depth (waveMatrix_Depth)
            # for the (type, M, N) of the inputs, so all three share M and N.
            self.report("WAVEMATRIX-DIMENSION-MISMATCH", f"{op}: {acc.describe()}, {left.describe()} and "
                        f"{right.describe()} must share M and N (K is the device's depth)", fn, ins)
        elif left.component != right.component and not (left.component in _PACKED and right.component in _PACKED):
            self.report("WAVEMATRIX-DIMENSION-MISMATCH", f"{op}: the inputs {left.describe()} and "
                        f"{right.describe()} have different element types (only int8 and uint8 may mix)", fn, ins)

    def check_scalar_op(self, fn: Function, ins: Instruction, props: list[Props | None],
                        args: list[Operand]) -> None:
        if props:
            self._kind(fn, ins, "WaveMatrix_ScalarOp", props[0], (ACCUMULATOR,) + _FRAGMENTS, "matrix")
        op = args[1].const if len(args) > 1 else None
        if op is not None and op not in range(4):
            self.report("WAVEMATRIX-OPERAND-VALUE", f"the scalar operation of WaveMatrix_ScalarOp is {op}, not "
                        "Add = 0, Subtract = 1, Multiply = 2 or Divide = 3", fn, ins)

    def check_sum_accumulate(self, fn: Function, ins: Instruction, props: list[Props | None]) -> None:
        if len(props) != 2:
            return
        fragment, source = props
        op = "WaveMatrix_SumAccumulate"
        ok = self._kind(fn, ins, op, fragment, _FRAGMENTS, "destination")
        ok &= self._kind(fn, ins, op, source, (LEFT, RIGHT), "input")
        if not ok or fragment is None or source is None:
            return
        if (fragment.kind == LEFT_COL_ACC) != (source.kind == LEFT):
            self.report("WAVEMATRIX-OPERAND-KIND", f"{op}: {fragment.describe()} sums a "
                        f"{'WaveMatrixLeft' if fragment.kind == LEFT_COL_ACC else 'WaveMatrixRight'}, not "
                        f"{source.describe()}", fn, ins)
        elif (fragment.m, fragment.n) != (source.m, source.n):
            self.report("WAVEMATRIX-DIMENSION-MISMATCH", f"{op}: {fragment.describe()} and {source.describe()} "
                        "have different dimensions", fn, ins)

    def check_add(self, fn: Function, ins: Instruction, props: list[Props | None]) -> None:
        if len(props) != 2:
            return
        acc, source = props
        op = "WaveMatrix_Add"
        ok = self._kind(fn, ins, op, acc, (ACCUMULATOR,), "destination")
        ok &= self._kind(fn, ins, op, source, (ACCUMULATOR,) + _FRAGMENTS, "input")
        if ok and acc is not None and source is not None and (acc.m, acc.n) != (source.m, source.n):
            self.report("WAVEMATRIX-DIMENSION-MISMATCH", f"{op}: {acc.describe()} and {source.describe()} "
                        "have different dimensions", fn, ins)

    def check_raw_buffer(self, fn: Function, ins: Instruction, op: str, props: list[Props | None],
                         args: list[Operand]) -> None:
        offset = args[2].const if len(args) > 2 else None
        align = args[4].const if len(args) > 4 else None
        if offset is not None and offset % 4:
            self.report("WAVEMATRIX-OPERAND-VALUE", f"{op}: the byte offset {offset} is not DWORD-aligned", fn, ins)
        if align is not None and align != 0 and (align < 4 or align & (align - 1)):
            self.report("WAVEMATRIX-OPERAND-VALUE", f"{op}: the alignment {align} is neither 0 nor a power of "
                        "two of at least 4", fn, ins)
