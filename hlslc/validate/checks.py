"""The IR validator's rules (issue 5, rules 1-10 and 12).

Owns: checking a module read by `reader` against the operation table
(`hlslc.dxil.ops`: names, opcodes, signatures, const operands, enums, shader
models, stages), tracing every `%dx.types.MatrixRef*` operand back to the
`createMatrix` or `matrixOuterProduct` call that made it, and applying the
dx::linalg rules to the matrix shapes found that way.  Rules shared with
sema go through the very functions sema uses (`hlslc.spec.linalg_rules`),
fed with the same plain records (`MatrixShape`, `LinalgCall`), so the two
checkers cannot drift apart; their messages are then placed in the IR
(function, line, instruction).

Matrix provenance: values flow through `alloca` slots, field by field
(flow-insensitively: a load from a slot may give any value stored to it
anywhere; a variable array index may be any element), `phi`,
`select`, `bitcast`, calls of defined functions (their `ret` values) and
parameters (the arguments at every call site in the module).  A parameter
of a function nobody in the module calls (an exported library function)
has an unknown matrix: rules that need its shape are skipped.

Does not own: reading IR (`reader`), uniform control flow (`uniformity`),
resource classes and kinds and atomic targets (`resources`), the rule
registry (`hlslc.spec.rules`).
"""

from __future__ import annotations

import itertools
import re
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Callable, Iterable

from ..records import ValueRecord
from ..dxil import ops as ir_ops
from ..diagnostics import Diagnostic, Diagnostics, IRPlace, Note, Severity
from ..spec.rules import rule
from ..spec import linalg_rules as LR
from ..dxil.reader import Function, Instruction, Module, Operand, split_top, take_operand, take_type
from .resource_rules import RESOURCE_OPERATIONS, ResourceRules
from .structure import CASTS, KIND_NAMES, StructureRules
from .wavematrix import WaveMatrixRules
from ..patterns import LazyPattern

if TYPE_CHECKING:
    from ..source import Span
    from .linalg_dxc import DxcLinalgRules

MATRIX_REF = "%dx.types.MatrixRef*"
# The minor version of DXC's lib_6_x (`!{!"lib", i32 6, i32 15}`).
OFFLINE_MINOR = 15

STAGE_OF_KIND = {"cs": "compute", "lib": "library", "ps": "pixel", "vs": "vertex", "gs": "geometry",
                 "hs": "hull", "ds": "domain", "as": "amplification", "ms": "mesh"}

# The rules of a module's shape: when one of them fires, LLVM's verifier
# (`llvm_check`) is not asked as well.
STRUCTURE_RULES = frozenset({"IR-PARSE", "IR-TRUNCATED", "IR-UNDEFINED-VALUE", "IR-TERMINATOR", "IR-CALL-TYPES",
                             "IR-CAST", "IR-OPERAND-TYPE"})

_ELEMENT_BYTES = {"f16": 2, "f32": 4, "f64": 8, "i1": 4, "i8": 1, "i16": 2, "i32": 4, "i64": 8}
_VECTOR_TYPE = re.compile(r"<\s*(\d+)\s+x\s+(\w+)\s*>")
_ARRAY_TYPE = LazyPattern(r"\[\s*(\d+)\s+x\s+(.+)\]")

_PSV_OPERATIONS = frozenset(ir_ops.table().document.get("psv_matrix_use", {}).get("operations", ()))

# Marker origins for values that do not come from a matrix-creating call.
EXTERNAL = "external"   # a parameter of a function no one in the module calls


# The barriers whose flag operands IR-BARRIER-FLAGS checks.
_BARRIER_OPERATIONS = frozenset({"Barrier", "BarrierByMemoryType", "BarrierByMemoryHandle"})

class BadOrigin(ValueRecord):
    why: str
    _fields = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


class MatrixInfo(ValueRecord):
    """What a createMatrix / matrixOuterProduct call made."""

    component: int
    m: int
    n: int
    use: int
    scope: int
    origin: Instruction
    _fields = ("component", "m", "n", "use", "scope", "origin")

    def __init__(self, component: int, m: int, n: int, use: int, scope: int, origin: Instruction) -> None:
        self.component = component
        self.m = m
        self.n = n
        self.use = use
        self.scope = scope
        self.origin = origin

    def key(self) -> tuple[int, int, int, int, int]:
        return (self.component, self.m, self.n, self.use, self.scope)

    def shape(self) -> LR.MatrixShape | None:
        try:
            return self._shape_found      # asked at every use of the matrix
        except AttributeError:
            pass
        key = (self.component, self.m, self.n, self.use, self.scope)
        try:
            found = _SHAPES[key]
        except KeyError:
            found = _SHAPES[key] = self._shape()
        self._shape_found = found
        return found

    def _shape(self) -> LR.MatrixShape | None:
        comps, uses, scopes = _enum_names()
        if self.component not in comps or self.use not in uses or self.scope not in scopes or \
                self.m < 0 or self.n < 0:
            return None
        return LR.MatrixShape(comps[self.component], self.m, self.n, uses[self.use], scopes[self.scope])


_ENUM_NAMES: tuple[dict[int, str], dict[int, str], dict[int, str]] | None = None
# (component, M, N, use, scope) -> its MatrixShape (records no one changes).
_SHAPES: dict[tuple, "LR.MatrixShape | None"] = {}


def _enum_names() -> tuple[dict[int, str], dict[int, str], dict[int, str]]:
    """Value -> enumerator name of MatrixComponentType, MatrixUse, MatrixScope."""
    global _ENUM_NAMES
    if _ENUM_NAMES is None:
        _ENUM_NAMES = tuple({v: k for k, v in ir_ops.enum(name).items()}  # type: ignore[assignment]
                            for name in ("MatrixComponentType", "MatrixUse", "MatrixScope"))
    return _ENUM_NAMES  # type: ignore[return-value]


_WHITESPACE = re.compile(r"\s+")
_SQUASHED: dict[str, str] = {}


_ARITHMETIC = frozenset(("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "fadd", "fsub", "fmul", "fdiv",
                         "frem", "shl", "lshr", "ashr", "and", "or", "xor", "icmp", "fcmp", "fneg"))


_FLAGS = frozenset(("nsw", "nuw", "exact", "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc",
                    "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle", "oeq", "ogt", "oge",
                    "olt", "ole", "one", "ord", "ueq", "une", "uno", "true", "false"))


def _operand_type(ins: Instruction) -> str:
    """The operand type of an arithmetic or comparison instruction."""
    text = ins.text.split("=", 1)[1] if ins.result else ins.text
    words = text.split()
    k = 1
    while k < len(words) and words[k] in _FLAGS:
        k += 1
    try:
        return take_type(" ".join(words[k:]))[0]
    except ValueError:
        return ""


def _squash(t: str) -> str:
    squashed = _SQUASHED.get(t)
    if squashed is None:
        squashed = _WHITESPACE.sub("", t) if (" " in t or "\t" in t) else t
        squashed = _SQUASHED[t] = squashed.replace('"', "")
    return squashed


def _array_elements(t: str) -> int | None:
    """The element count of an array type (`[1024 x half]`), else None."""
    try:
        return _ARRAY_ELEMENTS[t]
    except KeyError:
        pass
    m = _ARRAY_TYPE.fullmatch(t)
    found = _ARRAY_ELEMENTS[t] = int(m.group(1)) if m else None
    return found


_ARRAY_ELEMENTS: dict[str, int | None] = {}


def _vector_len(t: str) -> int | None:
    m = _VECTOR_TYPE.fullmatch(t.strip())
    return int(m.group(1)) if m else None


class Validator:
    def __init__(self, module: Module, path: str, skip: frozenset[str] = frozenset(),
                 locate: "Callable[[int], Span | None] | None" = None) -> None:
        self.mod = module
        self.locate = locate
        self.path = path
        self.skip = skip
        self.diags: list[Diagnostic] = []
        # Per function name: its operations and expected signatures (a
        # module calls the same few hundred dx.op functions thousands of times).
        self._operations: dict[str, list] = {}
        self._signatures: dict[tuple[int, str], tuple[str, list[str]] | str] = {}
        self._call_types: dict[tuple, bool] = {}
        # (id of a call's argument list, its function's stage) -> its
        # operation, when the rules of `_check_call_operands` passed
        self._clean_calls: dict[tuple[int, str | None], ir_ops.Operation] = {}
        self._psv_functions: dict[str, bool] = {}     # dx.op function name -> has an operation the PSV lists     # (function, result and argument types) -> they match
        self._infos: dict[int, tuple[Instruction, MatrixInfo | None]] = {}     # id -> (instruction, info_of)
        # ids of the shapes check_shape found nothing wrong with (one
        # MatrixShape per shape: `MatrixInfo.shape`)
        self.valid_shapes: set[int] = set()
        self.kind, self.sm = self._shader_model()
        self.stage = STAGE_OF_KIND.get(self.kind or "", None)
        self.module_stage = self.stage
        self.function_lines = {fn.name: fn.line for fn in module.functions.values()}
        self.wave_size, self.group_size = self._entry_properties()
        self.values: dict[tuple[str, str], frozenset] = {}
        self.slots: dict[tuple[str, str], dict[tuple, frozenset]] = {}
        self._gep_cache: dict[int, list] = {}
        # dx.op function name -> (its overload's element bytes,), None when unreadable
        self._element_bytes: dict[str, tuple[int | None] | None] = {}
        # id(getelementptr) -> (base, indices) of a groupshared array operand
        self._array_geps: dict[int, tuple[str, list]] = {}
        # Memory operations the layout and stride rules found nothing wrong
        # with: (operation, shape, memory, groupshared size, layout, stride,
        # offset); a module repeats them in function after function.
        self.clean_layouts: set[tuple] = set()
        self.defs: dict[str, dict[str, Instruction]] = {}
        self.matrix_uses_seen: list[tuple | None] = []
        self.resources = ResourceRules(self)
        self.reported_sm = False     # LINALG-SHADER-MODEL once per module, at the first operation
        self.structure = StructureRules(self)
        self._dxc_linalg: DxcLinalgRules | None = None
        self._stages: dict[str, str | None] = {}

    # ---- reporting ----------------------------------------------------

    def report(self, rule_id: str, message: str, fn: Function | None = None, ins: Instruction | None = None,
               notes: Iterable[str] = (), line: int | None = None,
               source: "tuple[str, list[Note]] | None" = None, order: tuple[int, ...] | None = None) -> None:
        """Report `rule_id`.  `source` is the (message, notes) to use when
        the instruction maps to a source span (see `locate`).  `order`
        sorts the finding among the others as DXC's validator would
        report it (`IRPlace.order`); by default, where the instruction (or
        line) is in its function."""
        r = rule(rule_id)
        if r.id in self.skip:
            return
        span = self.locate(ins.line) if self.locate is not None and ins is not None else None
        place = self._place(message, fn, ins, line, order)
        if span is not None:
            severity = Severity.ERROR if r.severity == "error" else Severity.WARNING
            text, source_notes = source if source is not None else (message, [])
            self.diags.append(Diagnostic(severity, text, span, r.id, source_notes, path=self.path, ir=place))
            return
        where = []
        if fn is not None:
            where.append(f"function '{fn.name}'")
        if ins is not None:
            source = self.source_location(ins)
            where.append(f"line {ins.line}{source}: {ins.describe()}")
        elif line is not None:
            where.append(f"line {line}")
        text = message + (f" (in {', '.join(where)})" if where else "")
        severity = Severity.ERROR if r.severity == "error" else Severity.WARNING
        self.diags.append(Diagnostic(severity, text, None, r.id, [Note(n) for n in notes], path=self.path,
                                     line=self.ir_line(ins.line if ins is not None else line), ir=place))

    @staticmethod
    def _place(message: str, fn: Function | None, ins: Instruction | None, line: int | None,
               order: tuple[int, ...] | None) -> IRPlace:
        block = None
        if ins is not None:
            block = ins.block.name
            if block.isdigit() and ins.block.function is not None:
                block = f"#{ins.block.function.blocks.index(ins.block)}"
        if order is None:
            order = (3, fn.line if fn is not None else (line or 0), ins.line if ins is not None else (line or 0))
        name = fn.name[1:].strip('"') if fn is not None else None
        return IRPlace(message, name, block, ins.describe() if ins is not None else None, order)

    def ir_line(self, line: int | None) -> int | None:
        """The line a finding gives its Diagnostic: a line of `path` when
        that names the IR validated, None when compiling (`locate` is set
        and `path` is the source file's)."""
        return line if self.locate is None else None

    def relay(self, sink: Diagnostics, fn: Function, ins: Instruction) -> None:
        """Place diagnostics a sema rule function reported into the IR."""
        for d in sink:
            if d.id in self.skip:
                continue
            d.message = (f"{d.message} (in function '{fn.name}', line {ins.line}{self.source_location(ins)}: "
                         f"{ins.describe()})")
            d.path = self.path
            d.line = self.ir_line(ins.line)
            self.diags.append(d)

    def source_location(self, ins: Instruction) -> str:
        """`, source line L:C` from a `!dbg` attachment (a DILocation)."""
        ref = ins.attachments.get("dbg")
        text = self.mod.special_metadata.get(ref or "", "")
        m = re.search(r"line:\s*(\d+)(?:,\s*column:\s*(\d+))?", text)
        if not m:
            return ""
        return f", source line {m.group(1)}" + (f":{m.group(2)}" if m.group(2) else "")

    # ---- module facts ---------------------------------------------------

    def stage_of(self, fn: Function) -> str | None:
        """The stage `fn`'s operations must be allowed in (a library's
        functions: their entry's shader kind, or `library`).  None for a
        function of an offline library (lib_6_x) that is no entry: which
        stage it runs in is known when the library is linked."""
        if self.module_stage != "library" and not self.structure.patch_functions:
            return self.module_stage
        stage = self._stages.get(fn.name, "")
        if stage == "":
            stage = self._stages[fn.name] = self.structure.stage_of(fn)
        if stage == "library" and self.offline:
            return None
        return stage

    @property
    def offline(self) -> bool:
        """`!dx.shaderModel` is `!{!"lib", i32 6, i32 15}`: DXC's lib_6_x,
        a library for offline linking, of no fixed shader model."""
        return self.kind == "lib" and self.sm is not None and self.sm[1] == OFFLINE_MINOR

    def shader_model_name(self, stage: str) -> str:
        """DXC's name of the target for a function of `stage`: `ps_6_10`;
        in a library, `lib_6_10(anyhit)`."""
        major, minor = self.sm or (0, 0)
        name = f"{self.kind}_{major}_{'x' if self.offline else minor}"
        return f"{name}({KIND_NAMES.get(stage, stage)})" if self.kind == "lib" else name

    def metadata_line(self, ref: str) -> int | None:
        return self.mod.metadata_lines.get(ref.strip())

    @property
    def dxc_linalg(self) -> DxcLinalgRules:
        """DXC's checks of dx.op.linAlg* calls (made when a module has some)."""
        if self._dxc_linalg is None:
            from .linalg_dxc import DxcLinalgRules  # only IR of the dxc revision has these operations (start-up time)
            self._dxc_linalg = DxcLinalgRules(self)
        return self._dxc_linalg

    def _shader_model(self) -> tuple[str | None, tuple[int, int] | None]:
        refs = self.mod.named_metadata.get("dx.shaderModel")
        node = self.mod.md_node(refs[0]) if refs else None
        if not node or len(node) != 3:
            return None, None
        kind = self.mod.md_string(node[0])
        major, minor = self.mod.md_int(node[1]), self.mod.md_int(node[2])
        if kind is None or major is None or minor is None:
            return None, None
        return kind, (major, minor)

    def _entry_properties(self) -> tuple[int | None, int | None]:
        waves, groups = set(), set()
        for ref in self.mod.named_metadata.get("dx.entryPoints", []):
            entry = self.mod.md_node(ref)
            if not entry or len(entry) < 5:
                continue
            props = self.mod.md_node(entry[4])
            if not props:
                continue
            for tag, value in zip(props[0::2], props[1::2]):
                t = self.mod.md_int(tag)
                node = self.mod.md_node(value) or []
                ints = [self.mod.md_int(e) for e in node]
                if t == 4 and len(ints) == 3 and None not in ints:
                    groups.add(ints[0] * ints[1] * ints[2])
                elif t == 23 and ints and ints[0]:
                    waves.add(ints[0])
                elif t == 11 and ints and ints[0]:
                    waves.add(ints[0])
        return (waves.pop() if len(waves) == 1 else None), (groups.pop() if len(groups) == 1 else None)

    # ---- driver -----------------------------------------------------------

    def run(self, part: bool = False) -> list[Diagnostic]:
        """Every rule but uniformity.  `part`: the module holds only some of
        the functions (see `validate.validate_text`'s split), and the
        module-wide half of the PSV check is left to `check_psv` later."""
        structure = self.structure
        structure.check_entry_points(part)
        for fn in self.mod.functions.values():
            self.defs[fn.name] = {i.result: i for i in fn.instructions() if i.result}
            if fn.defined:
                structure.check_function(fn)
        self.check_declarations()
        self.trace_matrices()
        self.wave_matrices = WaveMatrixRules(self)
        self.wave_matrices.collect()
        defined = {name for name, f in self.mod.functions.items() if f.defined}
        for fn in self.mod.functions.values():
            callees: list[str] = []
            for ins in fn.instructions():
                opcode = ins.opcode
                if opcode == "call":
                    structure.check_call(fn, ins)
                    callee = ins.callee or ""
                    if callee.startswith("@dx.op."):
                        self.check_call(fn, ins)
                    elif callee in defined:
                        callees.append(callee)
                elif opcode in ("atomicrmw", "cmpxchg"):
                    self.resources.check_atomic(fn, ins)
                elif opcode in _ARITHMETIC and _operand_type(ins)[:1] in ("[", "{", "%"):
                    self.report("IR-OPERAND-TYPE", f"'{ins.opcode}' on a value of type '{_operand_type(ins)}': "
                                f"arithmetic and comparisons take integers, floats or vectors of them "
                                f"(an HLSL matrix is an array of rows, done row by row)", fn, ins)
                elif opcode in CASTS:
                    structure.check_cast(fn, ins)
                if "addrspace(3)" in ins.text:
                    structure.note_groupshared(fn, ins)
            if callees:
                structure.callees[fn.name] = callees
        if "dx.targetTypes" in self.mod.named_metadata:
            self.dxc_linalg.check_target_types()
        structure.check_entries()
        self.check_psv(part=part)
        return self.diags

    def psv_entries(self) -> tuple[list[tuple], bool]:
        """This module's matrixOp/matvecmul PSV entries, and whether some call
        was not understood (for `check_psv(others=...)` of a split module)."""
        return ([e[0] for e in self.matrix_uses_seen if e is not None],
                any(e is None for e in self.matrix_uses_seen))

    # ---- rule 1: structure ------------------------------------------------

    @staticmethod
    def overload_of(op: ir_ops.Operation, name: str):
        """The overload a full function name carries, in the form
        `ir_ops.signature` takes; raises ValueError when unreadable."""
        return ir_ops.overload_of(op, name)

    def expected_signature(self, op: ir_ops.Operation, name: str) -> tuple[str, list[str]] | str:
        key = (op.opcode, name)
        found = self._signatures.get(key)
        if found is None:
            try:
                found = ir_ops.signature(op, self.overload_of(op, name))
            except (ValueError, ir_ops.OverloadError) as exc:
                found = str(exc)
            self._signatures[key] = found
        return found

    def check_declarations(self) -> None:
        for fn in self.mod.functions.values():
            if not fn.name.startswith("@dx.op."):
                continue
            ops = self.operations_of(fn.name[1:])
            if not ops:
                continue
            if ops[0].suffix == ir_ops.SUFFIX_DIMS and ops[0].source == "dxc":
                self.check_dims_declaration(fn, ops[0])
                continue
            # A function several operations share (dx.op.binary: FMax, IMax,
            # ...) is declared for the one whose overloads include its suffix.
            op = ops[0]
            expected = self.expected_signature(op, fn.name[1:])
            for other in ops[1:]:
                if not isinstance(expected, str):
                    break
                candidate = self.expected_signature(other, fn.name[1:])
                if not isinstance(candidate, str):
                    op, expected = other, candidate
            if isinstance(expected, str):
                self.report("IR-SIGNATURE", f"'{fn.name}' does not name an overload of {op.name}: {expected}",
                            line=fn.line)
                continue
            result, params = expected
            got = [p.type for p in fn.params]
            if _squash(fn.result) != _squash(result) or [_squash(t) for t in got] != [_squash(t) for t in params]:
                self.report("IR-SIGNATURE",
                            f"'{fn.name}' is declared as '{fn.result} ({', '.join(got)})', but {op.name} "
                            f"is '{result} ({', '.join(params)})'", line=fn.line)

    def check_dims_declaration(self, fn: Function, op: ir_ops.Operation) -> None:
        """A dx.op.linAlg* declaration: DXC reads the overload from its
        types (each call then reports what DXC reports); hlslc also wants
        the name to be the one those types give."""
        try:
            overload = ir_ops.overload_from_types(op, fn.result, [p.type for p in fn.params])
        except ir_ops.OverloadError:
            return          # IR-OVERLOAD at the calls
        expected = ir_ops.function_name(op, overload)
        if expected != fn.name[1:].strip('"'):
            self.report("IR-SIGNATURE", f"'{fn.name}' has the types of {op.name} overload '{expected}', so that is "
                        "its name", line=fn.line)

    def operations_of(self, name: str) -> list:
        """The table's operations for a function name, also when its
        overload suffix is malformed (`dx.op.fillMatrix.f8`), so that the
        signature check can report it."""
        found = self._operations.get(name)
        if found is None:
            found = self._operations[name] = self._find_operations(name)
        return found

    @staticmethod
    def _find_operations(name: str) -> list:
        ops = ir_ops.by_function(name)
        base = name
        for _ in range(2):
            if ops:
                break
            base, dot, _part = base.rpartition(".")
            if not dot:
                break
            ops = list(ir_ops.table().by_function.get(base, ()))
        return ops

    def check_call(self, fn: Function, ins: Instruction) -> None:
        name = ins.callee[1:]
        ops = self.operations_of(name)
        if not ops:
            self.unknown_operation(fn, ins)
            return
        psv = self._psv_functions.get(name)
        if psv is None:
            psv = self._psv_functions[name] = any(o.name in _PSV_OPERATIONS for o in ops)
        if psv:
            before = len(self.matrix_uses_seen)
            self._check_call(fn, ins, name, ops)
            if len(self.matrix_uses_seen) == before:
                self.matrix_uses_seen.append(None)      # not understood: its PSV entry is unknown
            return
        self._check_call(fn, ins, name, ops)

    def _check_call(self, fn: Function, ins: Instruction, name: str, ops: list) -> None:
        # The rules up to the operation's own (opcode, signature, constant
        # and enum operands, shader model, stage) read only the call's text
        # and its function's stage: a call of the same text in a function
        # of the same stage that passed them passes them again.  Calls of
        # one text share their argument list (`reader`), which names it.
        stage = self.stage_of(fn)
        key = (id(ins.args), stage)
        op = self._clean_calls.get(key)
        if op is None:
            op = self._check_call_operands(fn, ins, name, ops, stage)
            if op is None:
                return
            self._clean_calls[key] = op
        elif op.stages is not None:
            self.structure.note_call(fn, op.stages)
        args = ins.args[1:]
        if op.name in RESOURCE_OPERATIONS:
            self.resources.check_operation(fn, ins, op, args)
        if op.source == "hlslc":
            LinalgChecks(self, fn, ins, op, args).run()
        elif op.name.startswith("WaveMatrix_"):
            self.wave_matrices.check(fn, ins, op.name, args)

    def _check_call_operands(self, fn: Function, ins: Instruction, name: str, ops: list,
                             stage: str | None) -> "ir_ops.Operation | None":
        """The call's operation when its opcode, signature, constant and
        enum operands, shader model and stage are right; None when one is
        not (reported) or for DXC's dx.op.linAlg* operations (checked
        here by `DxcLinalgRules`)."""
        if not ins.args or ins.args[0].type != "i32" or ins.args[0].const is None:
            self.report("IR-OPCODE", f"the first operand of a call to '{ins.callee}' must be a constant i32 "
                        f"opcode", fn, ins)
            return
        opcode = ins.args[0].const
        op = next((o for o in ops if o.opcode == opcode), None)
        if op is None:
            op = next((o for o in ops if o.matches_opcode(opcode)), None)      # an unsigned experimental opcode
        if op is None:
            try:
                other = ir_ops.by_opcode(opcode)
                what = f"opcode {opcode} is {other.name} ('{other.function}')"
            except KeyError:
                what = f"opcode {opcode} is no DXIL operation"
            self.report("IR-OPCODE", f"{what}, but the call is to '{ins.callee}' "
                        f"({' or '.join(f'{o.name} = {o.opcode}' for o in ops)})", fn, ins)
            return
        if op.stages is not None:
            self.structure.note_call(fn, op.stages)
        if op.opcode < 0:                   # DXC's experimental table: the dx.op.linAlg* operations
            self.dxc_linalg.check(fn, ins, op)
            return
        expected = self.expected_signature(op, name)
        if isinstance(expected, str):
            self.report("IR-SIGNATURE", f"'{ins.callee}' does not name an overload of {op.name}: {expected}",
                        fn, ins)
            return
        result, params = expected
        got = [a.type for a in ins.args]
        got_result = ins.type or "void"
        key = (op.opcode, name, got_result, *got)
        matches = self._call_types.get(key)
        if matches is None:
            matches = self._call_types[key] = (_squash(got_result) == _squash(result)
                                               and [_squash(t) for t in got] == [_squash(t) for t in params])
        if not matches:
            self.report("IR-SIGNATURE", f"call of {op.name} passes '{got_result} ({', '.join(got)})', but the "
                        f"operation is '{result} ({', '.join(params)})'", fn, ins)
            return
        args = ins.args[1:]
        ok = True
        for p, a in zip(op.params, args):
            if p.const and (not a.is_constant or (a.const is None and p.type.startswith("i"))):
                self.report("IR-CONST-OPERAND", f"operand '{p.name}' of {op.name} must be a constant, got "
                            f"'{a.value}'", fn, ins)
                ok = False
            elif p.enum and a.const is not None and p.enum != "MatrixLayout" and p.enum != "BarrierMode" \
                    and not op.name.startswith("WaveMatrix_"):   # WAVEMATRIX-OPERAND-VALUE
                ok &= self.check_enum(op, p, a.const, fn, ins)
        before = len(self.diags)
        if self.sm is not None and self.sm < op.min_shader_model:
            want = f"{op.min_shader_model[0]}.{op.min_shader_model[1]}"
            if op.source == "hlslc" and self.reported_sm:
                pass
            elif op.source == "hlslc":
                self.reported_sm = True
                self.report("LINALG-SHADER-MODEL", f"{op.name} needs shader model {want} or later, but "
                            f"!dx.shaderModel is {self.kind}_{self.sm[0]}_{self.sm[1]}", fn, ins)
            else:
                self.report("IR-SHADER-MODEL", f"{op.name} needs shader model {want} or later, but "
                            f"!dx.shaderModel is {self.kind}_{self.sm[0]}_{self.sm[1]}", fn, ins)
        if stage is not None and not op.allowed_in(stage) and op.source != "hlslc":
            self.report("IR-STAGE", f"{op.name} is not allowed in {stage} shaders (only "
                        f"{', '.join(op.stages or ())})", fn, ins)
        if ok and op.name in _BARRIER_OPERATIONS:
            self._check_barrier(fn, ins, op, ins.args[1:], stage)
        if not ok:
            return None
        if len(self.diags) != before or self.sm is not None and self.sm < op.min_shader_model:
            # Reported here (or once per module): the operation's own rules
            # still run, but the next call of this text is checked again.
            args = ins.args[1:]
            if op.name in RESOURCE_OPERATIONS:
                self.resources.check_operation(fn, ins, op, args)
            if op.source == "hlslc":
                LinalgChecks(self, fn, ins, op, args).run()
            elif op.name.startswith("WaveMatrix_"):
                self.wave_matrices.check(fn, ins, op.name, args)
            return None
        return op


    def _check_barrier(self, fn: Function, ins: Instruction, op: ir_ops.Operation, args: list,
                       stage: str | None) -> None:
        """IR-BARRIER-FLAGS: DXC's validation of the barriers' flag operands."""
        if op.name == "Barrier":
            mode = args[0].const
            if stage in ("compute", "library", None) and mode is not None:
                if mode & 2 and mode & 4:
                    self.report("IR-BARRIER-FLAGS", "Barrier fences UAVs both globally (UAVFenceGlobal) and for "
                                "the thread group (UAVFenceThreadGroup): the group fence is useless", fn, ins)
                if not mode & (2 | 4 | 8):
                    self.report("IR-BARRIER-FLAGS", "Barrier fences no memory (it needs UAVFenceGlobal, "
                                "UAVFenceThreadGroup or TGSMFence)", fn, ins)
            return
        semantic_mask = 0xF if self.sm is not None and self.sm >= (6, 9) else 0x7
        flags = [("semantic", args[-1].const, semantic_mask)]
        if op.name == "BarrierByMemoryType":
            flags.insert(0, ("memory type", args[0].const, 0xF))
        for what, value, mask in flags:
            if value is not None and value & ~mask & 0xFFFFFFFF:
                self.report("IR-BARRIER-FLAGS", f"invalid {what} flags 0x{value & 0xFFFFFFFF:X} on {op.name} "
                            f"(valid: 0x{mask:X})", fn, ins)
        memory = args[0].const if op.name == "BarrierByMemoryType" else None
        if memory is not None and memory & 0xC and memory != 0xF and stage not in ("library", "node", None):
            self.report("IR-BARRIER-FLAGS", f"{op.name} names node memory (NODE_INPUT_MEMORY or "
                        f"NODE_OUTPUT_MEMORY) in a {stage} shader, which has none", fn, ins)

    def unknown_operation(self, fn: Function, ins: Instruction) -> None:
        """IR-UNKNOWN-OPERATION: a dx.op function the table does not know."""
        base = ir_ops.function_base(ins.callee[1:])
        opcode = ins.args[0].const if ins.args and ins.args[0].type == "i32" else None
        what = ""
        if opcode is not None:
            try:
                other = ir_ops.by_opcode(opcode)
                what = f"; opcode {opcode} is {other.name}, whose function is '{other.function}'"
            except KeyError:
                what = f"; opcode {opcode} is no operation either"
        self.report("IR-UNKNOWN-OPERATION", f"'{ins.callee}' is not a DXIL operation the operation table knows (no "
                    f"function '{base}' in docs/operations.md){what}", fn, ins)

    def check_enum(self, op: ir_ops.Operation, p: ir_ops.Param, value: int, fn: Function,
                   ins: Instruction) -> bool:
        members = ir_ops.enum(p.enum)
        valid = dict(members)
        if p.enum == "MatrixElementwiseOperation":
            valid = {k: v for k, v in members.items() if k != "invalid"}
        if p.enum == "MatrixComponentType" and value == members.get("Invalid"):
            return True     # LINALG-COMPONENT-INVALID, reported with the matrix's shape
        if value in valid.values():
            return True
        names = ", ".join(f"{k} = {v}" for k, v in valid.items())
        self.report("LINALG-ENUM-VALUE", f"operand '{p.name}' of {op.name} is {value}, which is not a valid "
                    f"{p.enum} value ({names})", fn, ins)
        return False

    # ---- rule 2: matrix provenance ---------------------------------------

    def _base_pointer(self, fn: Function, value: str) -> str:
        return self._path(fn, value)[0]

    def _origins_of(self, fn: Function, value: str) -> frozenset:
        if not value.startswith("%"):
            return frozenset({BadOrigin(f"it is '{value}'")})
        return self.values.get((fn.name, value), frozenset())

    def trace_matrices(self) -> None:
        callers: dict[str, list[tuple[Function, Instruction]]] = {}
        # The instructions `_transfer` may learn from (the others never
        # change a thing), found once rather than in every round.
        relevant: dict[str, list[Instruction]] = {}
        matrix_ref = _squash(MATRIX_REF)
        for fn in self.mod.functions.values():
            mine = relevant[fn.name] = []
            for ins in fn.instructions():
                opcode = ins.opcode
                if opcode == "call" and ins.callee in self.mod.functions:
                    callers.setdefault(ins.callee, []).append((fn, ins))
                if opcode == "store" or opcode == "extractvalue" or opcode == "extractelement" or \
                        (ins.result and ins.type and _squash(ins.type) == matrix_ref):
                    mine.append(ins)
        # What a function learns depends on its own values, its callers'
        # (its parameters) and its callees' (what they return).  A round
        # visits the functions whose own values the last round changed and
        # their callers and callees: the others would learn nothing new, so
        # the rounds and their results are those of visiting every function.
        neighbours: dict[str, set[str]] = {}
        for callee, sites in callers.items():
            for cf, _ in sites:
                neighbours.setdefault(callee, set()).add(cf.name)
                neighbours.setdefault(cf.name, set()).add(callee)
        dirty: set[str] | None = None
        changed = True
        rounds = 0
        while changed and rounds < 100:
            changed = False
            rounds += 1
            touched: set[str] = set()
            for fn in self.mod.functions.values():
                if not fn.defined or dirty is not None and fn.name not in dirty:
                    continue
                mine = False
                for index, p in enumerate(fn.params):
                    if _squash(p.type) != matrix_ref or not p.value:
                        continue
                    sites = callers.get(fn.name, [])
                    new = frozenset({EXTERNAL}) if not sites else frozenset().union(
                        *(self._origins_of(cf, ci.args[index].value) for cf, ci in sites
                          if index < len(ci.args)))
                    mine |= self._merge(self.values, (fn.name, p.value), new)
                for ins in relevant[fn.name]:
                    mine |= self._transfer(fn, ins)
                if mine:
                    changed = True
                    touched.add(fn.name)
            dirty = set(touched)
            for name in touched:
                dirty.update(neighbours.get(name, ()))

    def _merge(self, table: dict, key, new: frozenset) -> bool:
        old = table.get(key, frozenset())
        if new <= old:
            return False
        table[key] = old | new
        return True

    # ---- field-sensitive slots -------------------------------------------
    # A slot is (function, alloca, path): the constant GEP indices from the
    # alloca to a MatrixRef inside it (None for a variable index, which may
    # be any element).  A struct holding an A and a B matrix keeps them apart.

    def _gep_indices(self, d: Instruction) -> list:
        cached = self._gep_cache.get(id(d))
        if cached is None:
            rest = d.text.split("getelementptr", 1)[1].strip()
            if rest.startswith("inbounds "):
                rest = rest[len("inbounds "):]
            parts = split_top(rest)
            cached = []
            for part in parts[3:]:       # type, base pointer, the first (pointer) index
                try:
                    cached.append(take_operand(part).const)
                except ValueError:
                    cached.append(None)
            self._gep_cache[id(d)] = cached
        return cached

    def _path(self, fn: Function, value: str) -> tuple[str, tuple]:
        """(base pointer, index path) of a pointer value."""
        path: list = []
        seen = 0
        while value and value.startswith("%") and seen < 50:
            d = self.defs[fn.name].get(value)
            if d is None or d.opcode not in ("getelementptr", "bitcast", "addrspacecast"):
                break
            if d.opcode == "getelementptr":
                path = self._gep_indices(d) + path
                value = d.pointer or ""
            else:
                value = d.uses[0] if d.uses else value
            seen += 1
        return value, tuple(path)

    @staticmethod
    def _compatible(a: tuple, b: tuple) -> bool:
        return len(a) == len(b) and all(x == y or x is None or y is None for x, y in zip(a, b))

    def _merge_slot(self, fn: Function, base: str, path: tuple, new: frozenset) -> bool:
        return self._merge(self.slots.setdefault((fn.name, base), {}), path, new)

    def _leaves(self, fn: Function, value: str, depth: int = 0) -> dict[tuple, frozenset]:
        """The MatrixRefs inside an aggregate value, by their path in it."""
        d = self.defs[fn.name].get(value)
        if d is None or depth > 50:
            return {}
        if d.opcode == "load":
            base, prefix = self._path(fn, d.pointer or "")
            n = len(prefix)
            return {q[n:]: o for q, o in self.slots.get((fn.name, base), {}).items()
                    if len(q) >= n and self._compatible(q[:n], prefix)}
        if d.opcode in ("extractvalue", "extractelement") and d.uses:
            parts = split_top(d.text.split(d.opcode, 1)[1])
            index: list = []
            for part in parts[1:]:
                words = part.split()
                try:
                    index.append(int(words[-1]))
                except (ValueError, IndexError):
                    index.append(None)
            inner = self._leaves(fn, d.uses[0], depth + 1)
            n = len(index)
            return {q[n:]: o for q, o in inner.items() if len(q) >= n and self._compatible(q[:n], tuple(index))}
        return {}

    def _transfer(self, fn: Function, ins: Instruction) -> bool:
        if ins.opcode == "store" and ins.type and _squash(ins.type) == _squash(MATRIX_REF):
            base, path = self._path(fn, ins.pointer or "")
            return self._merge_slot(fn, base, path, self._origins_of(fn, ins.stored or ""))
        if ins.opcode == "store" and ins.type and "dx.types.MatrixRef" in ins.type:
            # a whole struct or array of matrices copied into a variable
            base, path = self._path(fn, ins.pointer or "")
            changed = False
            for rel, origins in self._leaves(fn, ins.stored or "").items():
                changed |= self._merge_slot(fn, base, path + rel, origins)
            return changed
        if ins.opcode in ("extractvalue", "extractelement") and ins.result:
            found = self._leaves(fn, ins.result).get(())
            if found:
                return self._merge(self.values, (fn.name, ins.result), found)
        if not ins.result or not ins.type or _squash(ins.type) != _squash(MATRIX_REF):
            return False
        key = (fn.name, ins.result)
        if ins.opcode == "call":
            name = (ins.callee or "")[1:]
            ops = ir_ops.by_function(name) if name.startswith("dx.op.") else []
            if ops:
                opcode = ins.args[0].const if ins.args else None
                op = next((o for o in ops if o.opcode == opcode), None)
                if op is not None and op.name in ("CreateMatrix", "MatrixOuterProduct"):
                    return self._merge(self.values, key, frozenset({ins}))
                return self._merge(self.values, key, frozenset({BadOrigin(f"it is the result of '{ins.callee}'")}))
            callee = self.mod.functions.get(ins.callee or "")
            if callee is not None and callee.defined:
                rets = frozenset().union(*(self._origins_of(callee, r.uses[0]) if r.uses else
                                           frozenset({BadOrigin("the callee returns a constant")})
                                           for r in callee.instructions() if r.opcode == "ret"))
                return self._merge(self.values, key, rets)
            return self._merge(self.values, key, frozenset({BadOrigin(f"it is the result of '{ins.callee}'")}))
        if ins.opcode == "load":
            slot, path = self._path(fn, ins.pointer or "")
            d = self.defs[fn.name].get(slot)
            if d is None or d.opcode != "alloca":
                return self._merge(self.values, key, frozenset({BadOrigin(f"it is loaded from '{slot}', "
                                                                          "which is not a local variable")}))
            found = frozenset().union(*(o for q, o in self.slots.get((fn.name, slot), {}).items()
                                        if self._compatible(q, path)))
            return self._merge(self.values, key, found)
        if ins.opcode == "phi":
            return self._merge(self.values, key, frozenset().union(
                *(self._origins_of(fn, v) for v, _ in ins.incoming)))
        if ins.opcode == "select":
            parts = split_top(ins.text.split("select", 1)[1])
            vals = [take_operand(p).value for p in parts[1:]]
            return self._merge(self.values, key, frozenset().union(*(self._origins_of(fn, v) for v in vals)))
        if ins.opcode in ("bitcast", "addrspacecast") and ins.uses:
            return self._merge(self.values, key, self._origins_of(fn, ins.uses[0]))
        return self._merge(self.values, key, frozenset({BadOrigin(f"it is made by '{ins.opcode}'")}))

    def matrix_of(self, fn: Function, ins: Instruction, operand: Operand, role: str) -> MatrixInfo | None:
        """The matrix an operand refers to, reporting LINALG-MATRIX-ORIGIN
        when it has none or several kinds; None when unknown."""
        origins = self._origins_of(fn, operand.value)
        if len(origins) == 1:
            for only in origins:
                if only.__class__ is Instruction:      # the usual case: one creating call
                    return self.info_of(only)
        bad = sorted(o.why for o in origins if isinstance(o, BadOrigin))
        if bad or not origins:
            why = bad[0] if bad else "nothing stored to it reaches this use"
            self.report("LINALG-MATRIX-ORIGIN", f"{role} matrix '{operand.value}' does not come from createMatrix "
                        f"or matrixOuterProduct: {why}", fn, ins)
            return None
        if EXTERNAL in origins:
            return None
        infos = {}
        for o in origins:
            info = self.info_of(o)
            if info is None:
                return None
            infos.setdefault(info.key(), info)
        if len(infos) > 1:
            kinds = "; ".join(self.spell(i) for i in sorted(infos.values(), key=lambda i: i.origin.line))
            self.report("LINALG-MATRIX-ORIGIN", f"{role} matrix '{operand.value}' may be matrices of different "
                        f"types: {kinds}", fn, ins)
            return None
        return next(iter(infos.values()))

    def info_of(self, ins: Instruction) -> MatrixInfo | None:
        # Asked for each use of a matrix: read once per creating call.
        key = id(ins)
        try:
            found = self._infos[key]
        except KeyError:
            found = self._infos[key] = (ins, self._info_of(ins))
        return found[1]

    def _info_of(self, ins: Instruction) -> MatrixInfo | None:
        a = ins.args
        opcode = a[0].const if a else None
        if opcode == ir_ops.operation("CreateMatrix").opcode and len(a) >= 6:
            vals = [x.const for x in a[1:6]]
            if None in vals:
                return None
            return MatrixInfo(vals[0], vals[1], vals[2], vals[3], vals[4], ins)
        if opcode == ir_ops.operation("MatrixOuterProduct").opcode and len(a) >= 5:
            vals = [x.const for x in a[1:5]]
            if None in vals:
                return None
            return MatrixInfo(vals[0], vals[1], vals[2], ir_ops.enum("MatrixUse")["Accumulator"], vals[3], ins)
        return None

    @staticmethod
    def spell(info: MatrixInfo) -> str:
        shape = info.shape()
        text = shape.spell() if shape else f"Matrix<{info.component}, {info.m}, {info.n}, {info.use}, {info.scope}>"
        return f"{text} from line {info.origin.line}"

    # ---- rule 12: PSV ---------------------------------------------------

    def check_psv(self, part: bool = False, others: "list[tuple] | None" = None,
                  others_unknown: bool = False, check_calls: bool = True) -> None:
        """LINALG-PSV-MATRIX-USES.  Validating one part of a module's functions
        (`part`), only this part's calls are checked against the metadata;
        the metadata is checked against the calls of every part afterwards
        (`check_calls=False`, `others` the entries of the other parts and
        `others_unknown` whether one of their calls was not understood)."""
        listed: list[tuple] = []
        for ref in self.mod.named_metadata.get("dx.linalg.matrixUses", []):
            node = self.mod.md_node(ref) or []
            vals = tuple(self.mod.md_int(e) for e in node)
            if len(vals) != 6 or None in vals:
                if not part:
                    self.report("LINALG-PSV-MATRIX-USES", f"!dx.linalg.matrixUses entry {ref} is not "
                                "!{i32 M, i32 N, i32 K, i32 scope, i32 operand type, i32 result type}")
                continue
            if vals in listed and not part:
                self.report("LINALG-PSV-MATRIX-USES", f"!dx.linalg.matrixUses lists {self._psv_text(vals)} twice")
            listed.append(vals)
        expected = [e for e in self.matrix_uses_seen if e is not None]
        unknown = any(e is None for e in self.matrix_uses_seen) or others_unknown
        # Sets of the concrete entries instead of every pair of the two
        # lists: the same findings, linear in the module's calls.
        listed_set = set(listed)
        known: dict[tuple, bool] = {}
        missing = []
        for entry, fn, ins in expected if check_calls else ():
            found = known.get(entry)
            if found is None:
                found = known[entry] = self._psv_listed(entry, listed, listed_set)
            if not found:
                missing.append((entry, fn, ins))
        for entry, fn, ins in missing:
            self.report("LINALG-PSV-MATRIX-USES", f"!dx.linalg.matrixUses lacks the entry "
                        f"{self._psv_text(entry)} of this call", fn, ins)
        if part:
            return
        entries = [entry for entry, _, _ in expected] + list(others or [])
        if not unknown:
            covered: set[tuple] = set()
            other_shapes = []
            for entry in set(entries):
                if len(entry) == 6:
                    covered.update(_psv_concrete(entry))
                else:
                    other_shapes.append(entry)
            for got in listed:
                if got not in covered and not any(self._psv_match(entry, got) for entry in other_shapes):
                    self.report("LINALG-PSV-MATRIX-USES", f"!dx.linalg.matrixUses lists {self._psv_text(got)}, "
                                "which no matrixOp, matvecmul or matvecmuladd call in the module has")

    @classmethod
    def _psv_listed(cls, entry: tuple, listed: list[tuple], listed_set: set[tuple]) -> bool:
        """Whether some listed entry matches `entry` (`_psv_match`)."""
        if len(entry) == 6:         # every listed entry has six values
            return any(t in listed_set for t in _psv_concrete(entry))
        return any(cls._psv_match(entry, got) for got in listed)

    @staticmethod
    def _psv_match(entry: tuple, got: tuple) -> bool:
        return all(g in (e if isinstance(e, frozenset) else (e,)) for e, g in zip(entry, got))

    @staticmethod
    def _psv_text(entry: tuple) -> str:
        def one(v):
            return " or ".join(map(str, sorted(v))) if isinstance(v, frozenset) else str(v)
        names = ("M", "N", "K", "scope", "operand type", "result type")
        return "{" + ", ".join(f"{n} {one(v)}" for n, v in zip(names, entry)) + "}"


def _psv_concrete(entry: tuple) -> "Iterable[tuple]":
    """The plain entries a call's PSV entry matches: one per choice of its
    alternatives (a frozenset stands for any of its values)."""
    return itertools.product(*(e if isinstance(e, frozenset) else (e,) for e in entry))


# Components an LLVM element type may hold (for matvecmul's result type in the PSV).
def _components_of(llvm: str) -> frozenset[int]:
    c = ir_ops.enum("MatrixComponentType")
    table = {"half": ("F16",), "float": ("F32",), "double": ("F64",), "i16": ("I16", "U16"),
             "i32": ("I32", "U32"), "i64": ("I64", "U64"), "i1": ("I1",)}
    return frozenset(c[n] for n in table.get(llvm, ()))


class _MemoryCall:
    """What the layout and stride rules of a matrix memory operation read,
    before it is made a `LinalgCall` (only when the rules have not yet
    passed the same values in this module: `Validator.clean_layouts`)."""

    __slots__ = ("operation", "matrix", "memory", "layout", "stride", "offset", "groupshared_elements",
                 "groupshared_element_bytes")

    def __init__(self, operation: str, matrix: LR.MatrixShape, memory: str, layout: int | None,
                 stride: int | None, offset: int | None) -> None:
        self.operation = operation
        self.matrix = matrix
        self.memory = memory
        self.layout = layout
        self.stride = stride
        self.offset = offset
        self.groupshared_elements: int | None = None
        self.groupshared_element_bytes: int | None = None

    def key(self) -> tuple:
        # One MatrixShape per shape (`MatrixInfo.shape`): its id names it.
        return (self.operation, id(self.matrix), self.memory, self.groupshared_elements,
                self.groupshared_element_bytes, self.layout, self.stride, self.offset)

    def linalg_call(self) -> LR.LinalgCall:
        return LR.LinalgCall(operation=self.operation, span=None, matrix=self.matrix, memory=self.memory,
                             layout=self.layout, stride=self.stride, offset=self.offset,
                             groupshared_elements=self.groupshared_elements,
                             groupshared_element_bytes=self.groupshared_element_bytes)


class LinalgChecks:
    """The dx::linalg rules of one call (rules 3-10)."""

    def __init__(self, v: Validator, fn: Function, ins: Instruction, op: ir_ops.Operation,
                 args: list[Operand]) -> None:
        self.v, self.fn, self.ins, self.op = v, fn, ins, op
        self.args = dict(zip(param_names(op), args))

    def report(self, rule_id: str, message: str, notes: Iterable[str] = ()) -> None:
        self.v.report(rule_id, message, self.fn, self.ins, notes)

    def relay(self, check, *args) -> None:
        sink = Diagnostics()
        check(*args, sink)
        self.v.relay(sink, self.fn, self.ins)

    def matrix(self, name: str, role: str) -> tuple[MatrixInfo | None, LR.MatrixShape | None]:
        info = self.v.matrix_of(self.fn, self.ins, self.args[name], role)
        return info, (info.shape() if info else None)

    def run(self) -> None:
        name = self.op.name
        try:
            method = _LINALG_CHECKS[name]
        except KeyError:
            method = _LINALG_CHECKS[name] = getattr(LinalgChecks, "check_" + name, None)
        if method is not None:
            method(self)

    # -- creation ---------------------------------------------------------

    def check_CreateMatrix(self) -> None:
        self.check_shape(self.v.info_of(self.ins))

    def check_MatrixOuterProduct(self) -> None:
        info = self.v.info_of(self.ins)
        self.check_shape(info)
        shape = info.shape() if info else None
        if shape is None:
            return
        a, b = self.args["a"], self.args["b"]
        ea, eb = _VECTOR_TYPE.fullmatch(a.type), _VECTOR_TYPE.fullmatch(b.type)
        if ea and eb and ea.group(2) != eb.group(2):
            self.report("IR-SIGNATURE", f"matrixOuterProduct's vectors have different element types "
                        f"({a.type} and {b.type})")
        call = LR.LinalgCall(operation="OuterProduct", span=None, matrix=shape,
                             vectors={"lhs": _vector_len(a.type) or 0, "rhs": _vector_len(b.type) or 0})
        self.relay(LR.check_vector_lengths, call)

    def check_shape(self, info: MatrixInfo | None) -> None:
        shape = info.shape() if info else None
        if shape is None:
            return
        if id(shape) not in self.v.valid_shapes:   # the rules of a shape: once per module and shape
            sink = Diagnostics()
            if LR.check_component_valid(shape, None, sink):
                LR.check_k_dimension(shape, None, sink)
                LR.check_dimension_range(shape, None, sink)
            if len(sink):
                self.v.relay(sink, self.fn, self.ins)
            else:
                self.v.valid_shapes.add(id(shape))
        self.check_stage(shape)

    def check_stage(self, shape: LR.MatrixShape) -> None:
        if shape.scope != "Thread" and self.v.stage not in (None, "compute", "library"):
            self.report("LINALG-STAGE-SCOPE", f"{shape.scope}-scope matrix {shape.spell()} in a {self.v.stage} "
                        "shader: Wave and ThreadGroup scope matrices need a compute shader (or a library)")

    def thread_scope_only(self, shape: LR.MatrixShape | None, what: str) -> None:
        """LINALG-OPERATION-SCOPE for operations the table restricts to the
        compute and library stages: those exist only for Wave and
        ThreadGroup scope matrices."""
        if shape is not None and shape.scope == "Thread" and self.op.stages is not None:
            self.report("LINALG-OPERATION-SCOPE", f"{self.op.name} is not available for Thread-scope "
                        f"matrices, but {what} is {shape.spell()}")

    # -- simple operations on one matrix -----------------------------------

    def check_FillMatrix(self) -> None:
        _, shape = self.matrix("matrix", "the")
        self.thread_scope_only(shape, "the matrix")

    def check_MatrixElementwiseUnaryOp(self) -> None:
        self.check_FillMatrix()

    def check_MatrixElementwiseBinaryOp(self) -> None:
        self.check_FillMatrix()

    def check_CastMatrix(self) -> None:
        _, dest = self.matrix("dest", "destination")
        _, src = self.matrix("source", "source")
        self.thread_scope_only(src, "the source")
        if dest is None or src is None:
            return
        if dest.scope != src.scope:
            self.report("LINALG-SCOPE-MISMATCH", f"castMatrix from {src.spell()} to {dest.spell()} changes the "
                        f"scope ({src.scope} to {dest.scope})")
        if (dest.m, dest.n) != (src.m, src.n):
            self.report("LINALG-OPERAND-SHAPE", f"castMatrix from {src.spell()} ({src.m}x{src.n}) to "
                        f"{dest.spell()} ({dest.m}x{dest.n}) changes the dimensions")

    # -- memory -------------------------------------------------------------

    def memory_call(self, operation: str, memory: str | None) -> "_MemoryCall | None":
        _, shape = self.matrix("matrix", "the")
        if shape is None or memory is None:
            return None
        return _MemoryCall(operation, shape, memory, self.args["layout"].const, self.args["stride"].const,
                           self.args["offset"].const)

    def handle_kind(self) -> str | None:
        """ByteAddressBuffer (SRV) or RWByteAddressBuffer (UAV), from what
        the handle operand is (`ResourceRules.resource_of`); None when
        unknown or another kind of resource."""
        res = self.v.resources.resource_of(self.fn, self.args["handle"].value)
        if res is None or res.kind not in (None, "RawBuffer"):
            return None
        return {"SRV": "ByteAddressBuffer", "UAV": "RWByteAddressBuffer"}.get(res.resource_class)

    def groupshared(self, call: "_MemoryCall") -> None:
        name = self.ins.callee[1:]
        known = self.v._element_bytes.get(name, 0)
        if known == 0:
            try:
                known = (_ELEMENT_BYTES.get(Validator.overload_of(self.op, name)),)
            except ValueError:
                known = None
            self.v._element_bytes[name] = known
        if known is not None:
            call.groupshared_element_bytes = known[0]
        d = self.v.defs[self.fn.name].get(self.args["array"].value)
        base, index = self.args["array"].value, 0
        if d is not None and d.opcode == "getelementptr":
            parsed = self.v._array_geps.get(id(d))
            if parsed is None:
                text = d.text.split("getelementptr", 1)[1].strip()
                if text.startswith("inbounds"):
                    text = text[len("inbounds"):]
                parts = split_top(text)
                parsed = self.v._array_geps[id(d)] = (take_operand(parts[1]).value,
                                                      [take_operand(p).const for p in parts[2:]])
            base, indices = parsed
            if len(indices) != 2 or indices[0] != 0 or indices[1] is None:
                return
            index = indices[1]
        g = self.v.mod.globals.get(base)
        if g is None:
            return
        elements = _array_elements(g.type)
        if elements is not None:
            call.groupshared_elements = elements - index

    def layout_rules(self, memory_call: "_MemoryCall | None") -> None:
        if memory_call is None:
            return
        # The fields these rules read (the spans only place a finding).
        key = memory_call.key()
        if key in self.v.clean_layouts:
            return
        call = memory_call.linalg_call()
        sink = Diagnostics()
        if LR.check_memory_layout(call, sink):
            LR.check_stride_opaque(call, sink)
            LR.check_stride_short(call, sink)
            LR.check_groupshared_size(call, sink)
        if len(sink):
            self.v.relay(sink, self.fn, self.ins)
        else:
            self.v.clean_layouts.add(key)

    def check_MatrixLoadFromDescriptor(self) -> None:
        kind = self.handle_kind()
        call = self.memory_call("Load", kind)
        _, shape = self.matrix("matrix", "the")
        if shape is not None and shape.scope == "Thread" and kind == "RWByteAddressBuffer":
            self.report("LINALG-RESOURCE-KIND", f"a Thread-scope load ({shape.spell()}) must read an SRV "
                        "ByteAddressBuffer, but the handle is a UAV (RWByteAddressBuffer)")
        self.layout_rules(call)

    def _write_descriptor(self, operation: str) -> None:
        kind = self.handle_kind()
        if kind == "ByteAddressBuffer":
            self.report("LINALG-RESOURCE-KIND", f"{self.op.name} writes memory, so its handle must be a UAV "
                        "(RWByteAddressBuffer), but it is an SRV (ByteAddressBuffer)")
            return
        self.layout_rules(self.memory_call(operation, kind))

    def check_MatrixStoreToDescriptor(self) -> None:
        _, shape = self.matrix("matrix", "the")
        self.thread_scope_only(shape, "the matrix")
        self._write_descriptor("Store")

    def check_MatrixAccumulateToDescriptor(self) -> None:
        self.accumulator_only()
        self._write_descriptor("Accumulate")

    def accumulator_only(self) -> None:
        _, shape = self.matrix("matrix", "the")
        if shape is not None and shape.use != "Accumulator":
            self.report("LINALG-OPERAND-USE", f"{self.op.name} needs an Accumulator matrix, but the matrix is "
                        f"{shape.spell()}")

    def _memory(self, operation: str) -> None:
        _, shape = self.matrix("matrix", "the")
        self.thread_scope_only(shape, "the matrix")
        call = self.memory_call(operation, "groupshared")
        if call is not None:
            self.groupshared(call)
        self.layout_rules(call)

    def check_MatrixLoadFromMemory(self) -> None:
        self._memory("Load")

    def check_MatrixStoreToMemory(self) -> None:
        self._memory("Store")

    def check_MatrixAccumulateToMemory(self) -> None:
        self.accumulator_only()
        self._memory("Accumulate")

    # -- thread vectors ---------------------------------------------------------

    def _threads(self, length: int | None) -> None:
        _, shape = self.matrix("matrix", "the")
        self.thread_scope_only(shape, "the matrix")
        if shape is None:
            return
        if shape.use == "Accumulator":
            self.report("LINALG-OPERAND-USE", f"{self.op.name} needs an A or B matrix, but the matrix is "
                        f"{shape.spell()}")
            return
        if length is not None:
            call = LR.LinalgCall(operation="FromThreadVectors", span=None, matrix=shape,
                                 vectors={"thread": length})
            self.relay(LR.check_vector_lengths, call)
        k = shape.k_dimension
        limit, what = (self.v.wave_size, "the wave size") if shape.scope == "Wave" else \
            (self.v.group_size, "the thread group size") if shape.scope == "ThreadGroup" else (None, "")
        if k is not None and limit is not None and k > limit:
            self.report("LINALG-THREADS-K", f"{self.op.name} on {shape.spell()} spreads its K dimension ({k}) "
                        f"over the threads, but {what} is {limit}")

    def check_MatrixLoadFromThreads(self) -> None:
        self._threads(_vector_len(self.args["vector"].type))

    def check_MatrixExtractToThreads(self) -> None:
        self._threads(_vector_len(self.ins.type or ""))

    # -- products -----------------------------------------------------------------

    def _matrix_op(self, operation: str) -> None:
        ia, a = self.matrix("a", "A")
        ib, b = self.matrix("b", "B")
        ic, c = self.matrix("c", "accumulator")
        for shape, want, role in ((a, "A", "first (A)"), (b, "B", "second (B)"), (c, "Accumulator", "third (C)")):
            if shape is not None and shape.use != want:
                self.report("LINALG-OPERAND-USE", f"the {role} operand of {self.op.name} must be {_an(want)} "
                            f"matrix, but it is {shape.spell()}")
        shapes = [s for s in (a, b, c) if s is not None]
        if len({s.scope for s in shapes}) > 1:
            self.report("LINALG-SCOPE-MISMATCH", f"{self.op.name} mixes scopes: "
                        + ", ".join(f"{r} {s.spell()}" for r, s in zip(("A", "B", "C"), (a, b, c)) if s))
        for s in shapes:
            if s.scope == "Thread":
                self.report("LINALG-OPERATION-SCOPE", f"{self.op.name} needs Wave or ThreadGroup scope "
                            f"matrices, but {s.spell()} is Thread scope")
                break
        if a is not None and b is not None and c is not None:
            if a.n != b.m or a.m != c.m or b.n != c.n:
                self.report("LINALG-OPERAND-SHAPE", f"{self.op.name} needs A MxK, B KxN and C MxN, but A is "
                            f"{a.m}x{a.n}, B is {b.m}x{b.n} and C is {c.m}x{c.n}")
            else:
                call = LR.LinalgCall(operation=operation, span=None, matrix=c, operands=[a, b])
                sink = Diagnostics()
                LR.check_element_mix(call, sink)
                if operation == "SumAccumulate":
                    LR.check_sum_accumulate_shape(call, sink)
                self.v.relay(sink, self.fn, self.ins)
            scopes = ir_ops.enum("MatrixScope")
            comps = ir_ops.enum("MatrixComponentType")
            entry = (c.m, c.n, a.n, scopes[c.scope], comps[a.component], comps[c.component])
            self.v.matrix_uses_seen.append((entry, self.fn, self.ins))
        else:
            self.v.matrix_uses_seen.append(None)

    def check_MatrixMultiply(self) -> None:
        self._matrix_op("Multiply")

    def check_MatrixMultiplyAccumulate(self) -> None:
        self._matrix_op("MultiplyAccumulate")

    def check_MatrixSumAccumulate(self) -> None:
        self._matrix_op("SumAccumulate")

    def _matvec(self, operation: str) -> None:
        _, shape = self.matrix("matrix", "the")
        if shape is None:
            self.v.matrix_uses_seen.append(None)
            return
        if shape.use != "B":
            self.report("LINALG-OPERAND-USE", f"{self.op.name} needs a B matrix, but the matrix is {shape.spell()}")
        vectors = {"input": _vector_len(self.args["input"].type) or 0,
                   "result": _vector_len(self.ins.type or "") or 0}
        if "bias" in self.args:
            vectors["bias"] = _vector_len(self.args["bias"].type) or 0
        call = LR.LinalgCall(operation=operation, span=None, matrix=shape, vectors=vectors)
        self.relay(LR.check_vector_lengths, call)
        scopes = ir_ops.enum("MatrixScope")
        comps = ir_ops.enum("MatrixComponentType")
        m = _VECTOR_TYPE.fullmatch(self.ins.type or "")
        result = _components_of(m.group(2)) if m else frozenset()
        entry = (1, shape.n, shape.m, scopes[shape.scope], comps[shape.component], result)
        self.v.matrix_uses_seen.append((entry, self.fn, self.ins))

    def check_MatrixAccumulate(self) -> None:
        """hlslc's matrixAccumulate (420, the draft's OuterProductAccumulate):
        an Accumulator plus a matrix of the same dimensions and scope."""
        _, acc = self.matrix("accumulator", "accumulator")
        _, addend = self.matrix("addend", "addend")
        if acc is not None and acc.use != "Accumulator":
            self.report("LINALG-OPERAND-USE", f"MatrixAccumulate adds into an Accumulator matrix, but the "
                        f"accumulator is {acc.spell()}")
        if acc is None or addend is None:
            return
        if acc.scope != addend.scope:
            self.report("LINALG-SCOPE-MISMATCH", f"MatrixAccumulate adds {addend.spell()} into {acc.spell()}: "
                        "the scopes differ")
        if (acc.m, acc.n) != (addend.m, addend.n):
            self.report("LINALG-OPERAND-SHAPE", f"MatrixAccumulate adds a {addend.m}x{addend.n} matrix into a "
                        f"{acc.m}x{acc.n} accumulator")

    def check_MatVecMul(self) -> None:
        self._matvec("MultiplyVector")

    def check_MatVecMulAdd(self) -> None:
        self._matvec("MultiplyAdd")


# id(operation) -> (the operation, kept so that its id names it, its
# parameters' names)
_PARAM_NAMES: dict[int, tuple[ir_ops.Operation, tuple[str, ...]]] = {}


def param_names(op: ir_ops.Operation) -> tuple[str, ...]:
    """The names of an operation's parameters, in order (asked at every call)."""
    try:
        return _PARAM_NAMES[id(op)][1]
    except KeyError:
        found = _PARAM_NAMES[id(op)] = (op, tuple(p.name for p in op.params))
        return found[1]


# Operation name -> its LinalgChecks method (None: no rules of its own).
_LINALG_CHECKS: dict[str, "Callable[[LinalgChecks], None] | None"] = {}


def _an(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word
