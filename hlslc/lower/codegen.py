"""Code generation: a checked unit to an `llvmlite.ir.Module`.

Owns: LLVM types for HLSL types, the `@main` compute entry (system values
from `dx.op.threadId` and friends, user functions inlined as DXC does, so
the only calls left are `dx.op.*`), one exported definition per function
for library targets, statements, expressions with constant folding
(`Load(B, 0, 8 * 4, ...)` passes `i32 32`), resource handles
(`createHandleFromBinding` + `annotateHandle`), byte-address buffer access,
groupshared globals in `addrspace(3)`, barriers and wave intrinsics, and
calling `linalg.lower_linalg_call` for dx::linalg operations.

Every `dx.op` function is declared from the operation table (`ir_ops`), so
names, opcodes and signatures live in one place.

Does not own: the operation table (`ir_ops`), metadata layout
(`metadata`), the dx::linalg operations (`linalg`), the names every
lowering module shares (`LowerError`, the LLVM types, `fconst`: `base`).
"""

from __future__ import annotations

import re
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Callable

from llvmlite import ir

from ..records import ValueRecord
from ..front import ast as A
from ..depth import deep_recursion
from ..diagnostics import Diagnostics
from ..dxil import ops as ir_ops
from ..dxil.cfg import strong_components
from ..sema import types as T
from ..sema.analyzer import THIS, CallInfo, FunctionTables, SemaResult
from ..sema.conversions import binary_operand_type, integer_constant, literal_default
from ..sema.templates import SemaError, string_literal_bytes
from ..sema.symbols import EnumeratorSymbol, FunctionSymbol, VarSymbol
from ..source import Span
from . import dxc_linalg, high_level, mangle, rayquery, wavematrix
from .access import emit_handle, emit_place, load_place, non_uniform_index, rooted_outside
from .base import DOUBLE_T, FLOAT_T, HALF_T, I1, I8, I16, I32, I64, Handle, LowerError, ResourceArrayAlias, \
    ScalarTable, fconst
from .bindings import BindingError, ResourceTable
from .bitfields import bit_field_member, build_struct, scalars_of_struct
from .interface import module_interface
from .intrinsics import lower_intrinsic
from .layout import CBUFFER, STRUCTURED, LayoutBuilder
from .linalg import create_matrix, lower_linalg_call, lower_operator_call, matrix_shape
from .metadata import emit_metadata
from .places import CBufferPlace, PointerPlace
from .printf import lower_printf
from .dxc_linalg import call_comment

# The metadata naming a switch's end block, in modules for -spirv (read by
# hlslc/spirv/structure.py's `read_function`).
SWITCH_END = "hlslc.switch.end"

# DXIL's data layout, with and without native 16-bit types (DXC's strings).
DATA_LAYOUT_16 = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
DATA_LAYOUT_32 = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"

_SYSTEM_VALUE_OPS = {"SV_DISPATCHTHREADID": "ThreadId", "SV_GROUPID": "GroupId",
                     "SV_GROUPTHREADID": "ThreadIdInGroup"}


class _VectorUndef(ir.Constant):
    """`undef` of a vector type, printed as the one word (llvmlite spells a
    vector constant lane by lane: `<float undef, float undef, ...>`)."""

    def __init__(self, vector_type: ir.VectorType) -> None:
        self.type = vector_type
        self.constant = ir.Undefined

    def get_reference(self) -> str:
        return "undef"


class _ZeroMask(ir.Constant):
    """The all-zero i32 mask of a splat, printed `zeroinitializer` (its lanes
    stay available to llvmlite's range check)."""

    def __init__(self, count: int) -> None:
        super().__init__(ir.VectorType(I32, count), [0] * count)

    def get_reference(self) -> str:
        return "zeroinitializer"


class LowerOptions(ValueRecord):
    stage: str
    major: int
    minor: int
    entry: str
    native_16bit: bool
    module_name: str
    row_major: bool      # -Zpr: matrices without an orientation are row_major in memory
    # -HV: before 2021, '&&', '||' and '?:' evaluate both sides, element-wise.
    hlsl_version: int
    # --linalg-revision: "dxc" lowers DXC's matrix builtins to DXC's DXIL,
    # in SSA form, printed as DXC prints its modules (hlslc/lower/dxc_*).
    linalg_revision: str
    # -fcgl: stop before the lowering passes (hlslc/lower/high_level.py).
    high_level: bool
    # lib_6_x: DXC's offline-linking library, whose `minor` is 15; its
    # functions keep external linkage and may call functions defined in
    # another library.
    offline: bool
    # -spirv: the module is translated to SPIR-V, which has what DXIL lacks
    # (printf: a call of `hlslc.printf`, hlslc/lower/printf.py).
    spirv: bool
    _fields = ("stage", "major", "minor", "entry", "native_16bit", "module_name", "row_major", "hlsl_version",
               "linalg_revision", "high_level", "offline", "spirv")

    def __init__(self, stage: str = "cs", major: int = 6, minor: int = 10, entry: str = "main", native_16bit: bool = True, module_name: str = "hlslc", row_major: bool = False, hlsl_version: int = 2021, linalg_revision: str = "sm6.10", high_level: bool = False, offline: bool = False, spirv: bool = False) -> None:
        self.stage = stage
        self.major = major
        self.minor = minor
        self.entry = entry
        self.native_16bit = native_16bit
        self.module_name = module_name
        self.row_major = row_major
        self.hlsl_version = hlsl_version
        self.linalg_revision = linalg_revision
        self.high_level = high_level
        self.offline = offline
        self.spirv = spirv

    __hash__ = None  # type: ignore[assignment]


class _Structs:
    """The `%dx.types.*` structs, created in the module's context when first
    used (so a module names only the types it needs, as DXC's do)."""

    def __init__(self, gen: "Codegen") -> None:
        self.gen = gen
        self.made: dict[str, ir.IdentifiedStructType] = {}

    def __getitem__(self, name: str) -> ir.IdentifiedStructType:
        ty = self.made.get(name)
        if ty is None:
            fields = self.gen.ops.struct_types().get(name)
            if fields is None:
                raise LowerError(f"internal: unknown type %{name}", None)
            ty = self.gen.context.get_identified_type(name)
            self.made[name] = ty
            ty.set_body(*[self.gen.parse_type(f) for f in fields])
        return ty


def lower_unit(sema: SemaResult, diags: Diagnostics, options: LowerOptions) -> ir.Module | None:
    gen = Codegen(sema, diags, options)
    try:
        with deep_recursion():
            return gen.run()
    except LowerError as err:
        diags.error(err.span, err.message)
        return None
    except RecursionError:
        # Code generation recurses once per nesting level of the source
        # (hlslc/depth.py): past the limit, name the function being emitted.
        fn = next((f.fn for f in gen.frames if f.fn is not None), None)
        if fn is None:
            diags.error(gen.cur_span, "the program is nested too deeply to compile")
        else:
            diags.error(fn.decl.name_span, f"'{fn.name}' is nested too deeply to compile "
                                           "(statements or expressions)")
        return None
    except SemaError as err:
        diags.error(err.span, err.message)
        return None


def ir_line_locator(module: ir.Module, text: str,
                    functions: "list[ir.Function] | None" = None) -> "Callable[[int], Span | None]":
    """A function from a line of `text` (the rendering of `module`, or of
    only `functions` with blank lines in place of the others) to the source
    span of the instruction on it, or None.  The table is built on first
    use: compiles whose IR validates never pay for it."""
    spans: dict[int, tuple[ir.Instruction, Span]] = getattr(module, "hlslc_source_spans", {})
    table: dict[int, Span] | None = None

    def build() -> dict[int, Span]:
        found: dict[int, Span] = {}
        order = [ins for fn in (module.functions if functions is None else functions)
                 for block in fn.blocks for ins in block.instructions]
        k = 0
        for number, line in enumerate(text.split("\n"), 1):
            if k < len(order) and line.strip() == str(order[k]).strip():
                entry = spans.get(id(order[k]))
                if entry is not None:
                    found[number] = entry[1]
                k += 1
        return found

    def locate(line: int) -> Span | None:
        nonlocal table
        if table is None:
            table = build()
        return table.get(line)

    return locate


def module_text(module: ir.Module) -> "tuple[str, Callable[[int], Span | None]]":
    """The text of a lowered module, and a map from its lines to source
    spans: llvmlite's spelling, or for the dxc revision LLVM's as DXC
    prints it (`dxc_print`)."""
    if not getattr(module, "hlslc_dxc_style", False):
        text = str(module)
        return text, ir_line_locator(module, text)
    lines: dict[int, ir.Instruction] = {}
    from .dxc_print import print_module  # the dxc revision's printer loads only for it (start-up time)
    text = print_module(module, lambda ins: call_comment(ins, ir_ops), lines)
    spans: dict[int, tuple[ir.Instruction, Span]] = getattr(module, "hlslc_source_spans", {})

    def locate(line: int) -> Span | None:
        ins = lines.get(line)
        entry = spans.get(id(ins)) if ins is not None else None
        return entry[1] if entry is not None and entry[0] is ins else None

    return text, locate


_WAVE_MATRIX_COPY = ("a wave matrix cannot be copied or assigned: each is one opaque matrix (an alloca with "
                     "its waveMatrix_Annotate); declare it, fill it with its methods, and pass it to functions")


class _SpanBuilder(ir.IRBuilder):
    """An IRBuilder that remembers the source span each instruction was
    emitted for, so the validator's findings on hlslc's own IR can be
    reported at source locations (see `Codegen.spans`)."""

    def __init__(self, block: ir.Block, gen: "Codegen") -> None:
        super().__init__(block)
        self._spans = gen.spans
        self._gen = gen

    def _insert(self, instr: ir.Instruction) -> None:
        super()._insert(instr)
        span = self._gen.cur_span
        if span is not None and span.file.is_builtin and self._gen.user_calls:
            # Code of a built-in header (the dxc revision's inline API)
            # answers for the user's call that reached it.
            span = self._gen.user_calls[-1]
        if span is not None:
            self._spans[id(instr)] = (instr, span)


class Frame:
    """One function body being emitted (the entry, or an inlined callee)."""

    def __init__(self, fn: FunctionSymbol | None, tables: FunctionTables | None) -> None:
        self.fn = fn
        self.tables = tables
        self.vars: dict[int, Any] = {}       # id(VarSymbol) -> pointer, or (kind, value)
        self.loops: list[tuple[ir.Block, ir.Block]] = []
        self.breaks: list[ir.Block] = []
        self.ret_block: ir.Block | None = None
        self.ret_slot: Any = None
        self.ret_type: T.Type = T.VOID
        self.this_ptr: ir.Value | None = None   # the object of a member function


class Codegen:
    def __init__(self, sema: SemaResult, diags: Diagnostics, options: LowerOptions) -> None:
        self.sema = sema
        self.diags = diags
        self.options = options
        self.engine = sema.engine
        self.context = ir.Context()
        self.module = ir.Module(name=options.module_name, context=self.context)
        self.module.triple = "dxil-ms-dx"
        self.module.data_layout = DATA_LAYOUT_16 if options.native_16bit else DATA_LAYOUT_32
        self.ops = ir_ops
        self.structs = _Structs(self)
        self.declared: dict[str, ir.Function] = {}
        self._op_functions: dict[tuple[str, Any], tuple[Any, ir.Function]] = {}
        self.globals: dict[int, ir.GlobalVariable] = {}
        self.res = ResourceTable(self)
        self.heap_indices: dict[int, bool] = {}   # id(index value) -> NonUniformResourceIndex
        self.cbuffer_layouts = LayoutBuilder(self.engine, CBUFFER, options.native_16bit, options.row_major)
        self.structured_layouts = LayoutBuilder(self.engine, STRUCTURED, options.native_16bit, options.row_major)
        self.handles: dict[int, ir.Value] = {}    # per emitted function
        self.matrix_uses: list[tuple] = []        # PSV MatrixUse entries (M, N, K, scope, in, out)
        self.spec_constants: list[tuple[ir.GlobalVariable, int]] = []   # [[vk::constant_id]] globals, ids
        self._string_tables: dict[bytes, ir.GlobalVariable] = {}     # `"AB"[i]`: a literal's characters
        # What reflection reports (hlslc/lower/interface.py): every dx::linalg
        # call lowered (sema's LinalgCall), every Wave Matrix variable and
        # method lowered (type, method name or None for a declaration).
        self.linalg_lowered: list[Any] = []
        self.wave_matrix_lowered: list[tuple[T.WaveMatrixType, str | None]] = []
        self.builder: ir.IRBuilder | None = None
        # id(instruction) -> (instruction, span of the statement or
        # expression it was emitted for); read through `source_spans`.
        self.spans: dict[int, tuple[ir.Instruction, Span]] = {}
        self.cur_span: Span | None = None
        self.alloca_builder: ir.IRBuilder | None = None
        self.frames: list[Frame] = []
        self.inlining: list[int] = []
        self.entries: list[tuple[ir.Function, FunctionSymbol]] = []
        # The user's calls into built-in header functions being inlined, the
        # outermost last pushed first (what the header's code reports at).
        self.user_calls: list[Span] = []
        # The SM 6.10 and draft revisions' matrices (`dx.types.MatrixRef*`
        # handles, their operations lowered by `linalg`); the dxc revision's
        # Matrix is a plain class over DXC's handle type (`dxc_linalg`).
        self.api_matrices = options.linalg_revision != "dxc"
        # The dxc revision's IR follows DXC's lowering choices too (native
        # vector buffer operations from SM 6.9, DXC's global names).
        self.dxc_style = not self.api_matrices
        # dxc revision: each `%dx.types.LinAlgMatrix...` type made, with the
        # handle type it stands for, in first-use order (`!dx.targetTypes`).
        self.linalg_target_types: dict[str, tuple[ir.IdentifiedStructType, T.LinAlgHandleType]] = {}
        # Functions emitted as functions rather than inlined (a library's,
        # -fcgl's callees, lib_6_x's external ones): id(symbol) -> function,
        # and the definitions whose bodies are still to be emitted.
        self.function_defs: dict[int, ir.Function] = {}
        self.function_symbols: dict[int, FunctionSymbol] = {}
        self.pending_bodies: list[FunctionSymbol] = []
        self.bodies_emitted: set[int] = set()

    def unused_lanes(self, ty: ir.VectorType) -> ir.Constant:
        """The second operand of a shufflevector that takes lanes of its
        first only: `undef` as DXC writes it (dxc revision), else zeros."""
        return _VectorUndef(ty) if self.dxc_style else ir.Constant(ty, None)

    def api_matrix(self, t: T.Type) -> bool:
        """A dx::linalg matrix of the SM 6.10 or draft revision (a handle)."""
        return self.api_matrices and _is_linalg(t)

    # ------------------------------------------------------------------
    # Types

    def parse_type(self, text: str, overload: ir.Type | None = None) -> ir.Type:
        text = text.strip()
        if text.endswith("*"):
            inner = text[:-1].strip()
            space = 0
            if inner.endswith(")") and "addrspace(" in inner:
                head, _, tail = inner.rpartition("addrspace(")
                space = int(tail[:-1])
                inner = head.strip()
            return self.parse_type(inner, overload).as_pointer(space)
        if text == "$o":
            if overload is None:
                raise LowerError(f"operation table: '$o' used without an overload", None)
            return overload
        if text == "void":
            return ir.VoidType()
        if text.startswith("%"):
            return self.structs[text[1:].strip('"')]
        if text.startswith("<") and text.endswith(">"):
            count, _, elem = text[1:-1].partition(" x ")
            return ir.VectorType(self.parse_type(elem, overload), int(count))
        simple = {"i1": I1, "i8": I8, "i16": I16, "i32": I32, "i64": I64, "half": HALF_T, "float": FLOAT_T,
                  "double": DOUBLE_T, "f16": HALF_T, "f32": FLOAT_T, "f64": DOUBLE_T}
        if text in simple:
            return simple[text]
        raise LowerError(f"operation table: unknown type '{text}'", None)

    def llt(self, t: T.Type, span: Span | None = None) -> ir.Type:
        """The LLVM type of an HLSL type."""
        if isinstance(t, T.ScalarType):
            if t.kind == "bool":
                return I1
            if t.kind == "float":
                if t.literal:
                    return FLOAT_T
                if t.bits == 64:
                    return DOUBLE_T
                if t.bits == 16 and self.options.native_16bit and t.name not in ("min16float", "min10float"):
                    return HALF_T
                return FLOAT_T
            if t.literal:
                return I32
            if t.bits == 16 and self.options.native_16bit and not t.name.startswith("min"):
                return I16
            return ir.IntType(64 if t.bits == 64 else 32)
        if isinstance(t, T.VectorType):
            return ir.VectorType(self.llt(t.elem), t.size)
        if isinstance(t, T.MatrixType):
            return ir.ArrayType(ir.VectorType(self.llt(t.elem), t.cols), t.rows)
        if isinstance(t, T.ArrayType):
            if t.size is None:
                raise LowerError(f"code generation needs a sized array, not '{t.spell()}'", span)
            return ir.ArrayType(self.llt(t.elem, span), t.size)
        if isinstance(t, T.EnumType):
            return I32
        if isinstance(t, T.ResourceType):
            return self.structs["dx.types.Handle"]
        if rayquery.is_ray_query(t):
            return I32      # AllocateRayQuery's query object
        if isinstance(t, T.WaveMatrixType):
            return self.structs["dx.types.waveMatrix"].as_pointer()
        if isinstance(t, T.LinAlgHandleType):
            return dxc_linalg.matrix_type(self, t, span)
        if isinstance(t, T.ClassType):
            if self.api_matrix(t):
                return self.structs["dx.types.MatrixRef"].as_pointer()
            if self.options.high_level and self.dxc_style:
                # -fcgl: clang's named type, made before its fields' types.
                named = self.context.get_identified_type(high_level.record_name(t.instance))
                if named.is_opaque:
                    named.set_body(*[self.llt(self.engine.var_type(f), span) for f in t.instance.fields])
                return named
            return ir.LiteralStructType([self.llt(self.engine.var_type(f), span) for f in t.instance.fields])
        if t is T.VOID:
            return ir.VoidType()
        raise LowerError(f"code generation does not support values of type '{t.spell()}' yet", span)

    # ------------------------------------------------------------------
    # dx.op calls

    def op(self, name: str, args: list[Any], overload: ir.Type | None = None, name_hint: str = "") -> Any:
        """Call operation `name` of the table with the opcode first."""
        if overload is None:
            overload_text = None
        elif isinstance(overload, tuple):
            overload_text = tuple(str(t) for t in overload)
        else:
            overload_text = str(overload)
        known = self._op_functions.get((name, overload_text))
        if known is None:
            known = self._op_functions[(name, overload_text)] = self._op_function(name, overload_text)
        operation, fn = known
        full = [ir.Constant(I32, operation.opcode)] + list(args)
        params = fn.function_type.args
        if len(full) != len(params):
            raise LowerError(f"internal: {fn.name} takes {len(params)} operands, got {len(full)}", None)
        cast = []
        for value, want in zip(full, params):
            if value.type != want:
                if isinstance(value, ir.Constant) and isinstance(want, ir.IntType) and isinstance(value.type, ir.IntType):
                    value = ir.Constant(want, value.constant)
                elif isinstance(want, ir.PointerType) and isinstance(value.type, ir.PointerType):
                    value = self.builder.bitcast(value, want)
                else:
                    raise LowerError(f"internal: operand of {fn.name} has type {value.type}, expected {want}", None)
            cast.append(value)
        return self.builder.call(fn, cast, name=name_hint)

    def _op_function(self, name: str, overload_text: Any) -> tuple[Any, ir.Function]:
        """The table's operation `name` and its declared function for one
        overload (declared on first use; `op` remembers both per overload)."""
        table = self.ops.operations()
        if name not in table:
            raise LowerError(f"internal: operation '{name}' is not in the operation table", None)
        operation = table[name]
        fname = self.ops.function_name(operation, overload_text)
        fn = self.declared.get(fname)
        if fn is None:
            result_text, param_texts = self.ops.signature(operation, overload_text)
            fnty = ir.FunctionType(self.parse_type(result_text), [self.parse_type(p) for p in param_texts])
            fn = ir.Function(self.module, fnty, fname)
            for attr in operation.attributes:
                fn.attributes.add(attr)
            fn.attributes.add("nounwind")
            self.declared[fname] = fn
        return operation, fn

    # ------------------------------------------------------------------
    # Driver

    def run(self) -> ir.Module:
        try:
            self.res.collect(self.sema.unit, list(self._global_vars()))
        except BindingError as err:
            self.res.errors.append(err)
        if self.options.stage == "cs" and self.sema.entry is not None:
            self.res.settle_overlaps(self.sema.reach([self.sema.entry]).globals_used(self.sema.global_uses))
        if self.res.errors:
            for err in self.res.errors[:-1]:
                self.diags.error(err.span, err.message)
            last = self.res.errors[-1]
            raise LowerError(last.message, last.span)
        if self.options.stage == "cs":
            entry = self.sema.entry
            if entry is None:
                raise LowerError(f"missing entry point '{self.options.entry}'", None)
            self._emit_entry(entry)
            self._emit_pending_bodies()
        else:
            names = [fn.name for fn in self.sema.functions if fn.decl.body is not None and fn.owner is None]
            for fn in self.sema.functions:
                if fn.decl.span is not None and fn.decl.span.file.is_builtin:
                    continue        # a built-in header's helper is no export of the library
                if fn.decl.body is not None and fn.owner is None and not fn.template_bindings:
                    shader = next((a for a in fn.decl.attributes if a.name.lower() == "shader"), None)
                    if shader is None:
                        self._emit_library_function(fn, overloaded=names.count(fn.name) > 1)
                        continue
                    stage = shader.args[0].value if shader.args and isinstance(shader.args[0], A.StringLiteral) \
                        else ""
                    if stage != "compute":
                        raise LowerError(f"hlslc generates code for compute shaders only; '{fn.name}' is a "
                                         f"'{stage}' shader", shader.span)
                    self._emit_entry(fn)
                self._emit_pending_bodies()
        if not self.api_matrices:
            # The dxc revision's IR is DXC's: in SSA form, its calls inlined,
            # printed as DXC prints it (`module_text`); with -fcgl, as code
            # generation left it (`high_level`).
            if not self.options.high_level:
                from .ssa import optimize_module  # the dxc revision's SSA pass loads only for it (start-up time)
                optimize_module(self.module)
            self.module.hlslc_dxc_style = True
            self.module.hlslc_high_level = self.options.high_level
        emit_metadata(self)
        if self.options.high_level and self.dxc_style:
            high_level.finish(self)
        # Kept with the module so that IR lines can be mapped back to source.
        self.module.hlslc_source_spans = self.spans
        # The module's interface (entries, resources, layouts, matrices), for
        # reflection (hlslc/reflection.py).
        self.module.hlslc_interface = module_interface(self)
        # ... and the resource records, which SPIR-V output declares with
        # their layouts (the IR carries only byte offsets).
        self.module.hlslc_bindings = self.res.bindings
        return self.module

    def _global_vars(self):
        seen = set()

        def walk(ns):
            if id(ns) in seen:
                return
            seen.add(id(ns))
            for symbols in ns.members.values():
                for sym in symbols:
                    if isinstance(sym, VarSymbol):
                        if not isinstance(sym.type, T.RayTracingObjectType):
                            yield sym       # (a ray tracing global the entry names is sema's error)
                    elif sym.__class__.__name__ == "NamespaceSymbol":
                        yield from walk(sym)
        yield from walk(self.engine.global_ns)

    def _start_function(self, fn_ir: ir.Function) -> None:
        entry_block = fn_ir.append_basic_block("entry")
        body = fn_ir.append_basic_block("body")
        self.alloca_builder = _SpanBuilder(entry_block, self)
        self.builder = _SpanBuilder(body, self)
        self.handles = {}
        self._entry_block = entry_block
        self._body_block = body

    def _finish_function(self) -> None:
        self.alloca_builder.branch(self._body_block)
        if not self.builder.block.is_terminated:
            fn_type = self.builder.function.function_type
            if isinstance(fn_type.return_type, ir.VoidType):
                self.builder.ret_void()
            else:
                self.builder.ret(ir.Constant(fn_type.return_type, None))

    def _emit_entry(self, fn: FunctionSymbol) -> None:
        fn_ir = ir.Function(self.module, ir.FunctionType(ir.VoidType(), []), fn.name)
        self.entries.append((fn_ir, fn))
        self._start_function(fn_ir)
        sig = self.engine.signature_of(fn)
        frame = Frame(fn, self.sema.function_tables.get(id(fn)))
        frame.ret_type = T.VOID
        for param, ptype in zip(sig.param_decls, sig.param_types):
            self.cur_span = param.span
            value = self._system_value(param, ptype)
            slot = self.alloca(self.llt(ptype), param.name or "param")
            self.builder.store(value, slot)
            self.cur_span = None
            var = self._param_symbol(fn, param)
            if var is not None:
                frame.vars[id(var)] = slot
        self.frames.append(frame)
        self.emit_block(fn.decl.body)
        self.frames.pop()
        if not self.builder.block.is_terminated:
            self.builder.ret_void()
        self._finish_function()
        self._check_unique_resources(fn_ir)

    def _check_unique_resources(self, fn_ir: ir.Function) -> None:
        """DXC's rule on local resource variables: every use names one
        resource the compiler knows.  A local (or a static resource's
        slot) that holds different handles depending on the path taken
        (`RWBuffer<float> o = A; if (c) o = B; o[i] = ...;`) is an error at
        the use, in DXC's words: reaching definitions of the stores to each
        handle slot, per block."""
        handle_t = self.structs.made.get("dx.types.Handle")     # (not made here: a module without one)
        if handle_t is None:
            return
        slots = {id(ins): ins for block in fn_ir.blocks for ins in block.instructions
                 if isinstance(ins, ir.AllocaInstr) and ins.allocated_type == handle_t}
        if not slots:
            return
        stores: dict[int, list[tuple[ir.Block, int, ir.Value]]] = {k: [] for k in slots}
        for block in fn_ir.blocks:
            for k, ins in enumerate(block.instructions):
                if isinstance(ins, ir.StoreInstr) and id(ins.operands[1]) in slots:
                    stores[id(ins.operands[1])].append((block, k, ins.operands[0]))
        varied = {k for k, found in stores.items() if len({_resource_of(v) for _, _, v in found}) > 1}
        if not varied:
            return
        succs: dict[int, list[ir.Block]] = {}
        preds: dict[int, list[ir.Block]] = {id(b): [] for b in fn_ir.blocks}
        known = _KnownConstants(fn_ir)
        for block in fn_ir.blocks:
            term = block.terminator
            targets = known.successors(term)
            succs[id(block)] = targets
        # Only what the entry reaches, with branches on known values taken
        # one way, stores to the slot and reads of it.
        live = {id(fn_ir.blocks[0])}
        stack = [fn_ir.blocks[0]]
        while stack:
            for t in succs[id(stack.pop())]:
                if id(t) not in live:
                    live.add(id(t))
                    stack.append(t)
        for block in fn_ir.blocks:
            if id(block) in live:
                for t in succs[id(block)]:
                    preds.setdefault(id(t), []).append(block)
            else:
                succs[id(block)] = []
        # A use inside a loop is left alone: DXC unrolls `[unroll]` loops
        # and folds what their index chooses, which hlslc does not.
        graph = {id(b): [id(t) for t in succs[id(b)]] for b in fn_ir.blocks}
        cyclic = {n for c in strong_components(graph, graph) if len(c) > 1 or c[0] in graph[c[0]] for n in c}
        for slot_id in varied:
            found = stores[slot_id]
            values = [v for _, _, v in found]
            last: dict[int, int] = {}               # block -> the index of its last store (as a bit)
            for bit, (block, _, _) in enumerate(found):
                last[id(block)] = bit
            out: dict[int, int] = {}
            work = list(fn_ir.blocks)
            queued = {id(b) for b in work}
            while work:
                block = work.pop(0)
                queued.discard(id(block))
                reach = 0
                for p in preds.get(id(block), ()):
                    reach |= out.get(id(p), 0)
                new = 1 << last[id(block)] if id(block) in last else reach
                if out.get(id(block)) != new:
                    out[id(block)] = new
                    for t in succs[id(block)]:
                        if id(t) not in queued:
                            queued.add(id(t))
                            work.append(t)
            for block in fn_ir.blocks:
                reach = 0
                for p in preds.get(id(block), ()):
                    reach |= out.get(id(p), 0)
                for k, ins in enumerate(block.instructions):
                    if isinstance(ins, ir.StoreInstr) and id(ins.operands[1]) == slot_id:
                        reach = 1 << next(bit for bit, (b, j, _) in enumerate(found) if b is block and j == k)
                    elif isinstance(ins, ir.LoadInstr) and id(ins.operands[0]) == slot_id \
                            and id(block) not in cyclic:
                        reaching = {_resource_of(values[bit]) for bit in range(len(found)) if reach >> bit & 1}
                        if len(reaching) > 1:
                            span = self.spans.get(id(ins), (None, None))[1]
                            raise LowerError("local resource not guaranteed to map to unique global resource", span)

    def _emit_library_function(self, fn: FunctionSymbol, overloaded: bool = False) -> None:
        if self.options.high_level and self.dxc_style:
            # -fcgl: a function of the library, its calls kept (`high_level`).
            if "static" not in fn.decl.specifiers:
                self.function_ir(fn)
                self._emit_pending_bodies()
            return
        sig = self.engine.signature_of(fn)
        ret = self.llt(sig.return_type, fn.decl.return_type.span)
        # `out` and `inout` parameters are the caller's storage (pointers).
        params = [high_level.parameter_type(self, d, p) for p, d in zip(sig.param_types, sig.param_decls)]
        name = self._function_name(fn, sig) if self.dxc_style else None
        if name is None:
            # Overloads need distinct symbols: spell the parameter types in
            # the name (readable, unlike C++ mangling).
            name = f"{fn.name}({', '.join(p.spell() for p in sig.param_types)})" if overloaded else fn.name
        fn_ir = ir.Function(self.module, ir.FunctionType(ret, params), name)
        self.function_defs[id(fn)] = fn_ir
        self.function_symbols[id(fn)] = fn
        self.bodies_emitted.add(id(fn))
        self._start_function(fn_ir)
        frame = Frame(fn, self.sema.function_tables.get(id(fn)))
        frame.ret_type = sig.return_type
        for arg, param, ptype in zip(fn_ir.args, sig.param_decls, sig.param_types):
            var = self._param_symbol(fn, param)
            if isinstance(ptype, T.WaveMatrixType) or isinstance(arg.type, ir.PointerType) and \
                    not isinstance(self.llt(ptype), ir.PointerType):
                # A wave matrix parameter is the caller's matrix, an out or
                # inout one the caller's storage (their pointers).
                if var is not None:
                    frame.vars[id(var)] = arg
                continue
            slot = self.alloca(arg.type, param.name or "param")
            self.builder.store(arg, slot)
            if var is not None:
                frame.vars[id(var)] = slot
        self.frames.append(frame)
        self.emit_block(fn.decl.body)
        self.frames.pop()
        self._finish_function()

    def _function_name(self, fn: FunctionSymbol, sig: Any) -> str | None:
        """DXC's symbol of a function (`mangle`), or None where it has none
        here."""
        refs = ["out" in d.modifiers or "inout" in d.modifiers for d in sig.param_decls]
        return mangle.function_name(fn, sig.return_type, sig.param_types, refs, self.options.native_16bit)

    def function_ir(self, fn: FunctionSymbol) -> ir.Function:
        """The function of `fn` (made on first use, its body emitted after
        the function being emitted: `_emit_pending_bodies`); a function
        without a body is declared, for a library it is linked with."""
        made = self.function_defs.get(id(fn))
        if made is not None:
            return made
        sig = self.engine.signature_of(fn)
        ret = self.llt(sig.return_type, fn.decl.return_type.span)
        params = [high_level.parameter_type(self, d, p) for p, d in zip(sig.param_types, sig.param_decls)]
        name = (self._function_name(fn, sig) if self.dxc_style else None) or fn.name
        fn_ir = ir.Function(self.module, ir.FunctionType(ret, params), self.module.get_unique_name(name))
        self.function_defs[id(fn)] = fn_ir
        self.function_symbols[id(fn)] = fn
        if fn.decl.body is not None:
            fn_ir.linkage = high_level.linkage(self, fn)
            self.pending_bodies.append(fn)
        return fn_ir

    def _emit_pending_bodies(self) -> None:
        """The bodies of the functions `function_ir` made, in the order they
        were first called (each may call more)."""
        while self.pending_bodies:
            fn = self.pending_bodies.pop(0)
            if id(fn) in self.bodies_emitted:
                continue
            self.bodies_emitted.add(id(fn))
            fn_ir = self.function_defs[id(fn)]
            sig = self.engine.signature_of(fn)
            self._start_function(fn_ir)
            frame = Frame(fn, self.sema.function_tables.get(id(fn)))
            frame.ret_type = sig.return_type
            high_level.bind_parameters(self, fn, fn_ir, frame, sig)
            self.frames.append(frame)
            self.emit_block(fn.decl.body)
            self.frames.pop()
            self._finish_function()

    def _param_symbol(self, fn: FunctionSymbol, param: A.ParamDecl) -> VarSymbol | None:
        tables = self.sema.function_tables.get(id(fn))
        if tables is None or param.name is None:
            return None
        for sym in tables.symbols.values():
            if isinstance(sym, VarSymbol) and sym.is_param and sym.decl is param:
                return sym
        return None

    def _system_value(self, param: A.ParamDecl, ptype: T.Type) -> ir.Value:
        if param.semantic is None:
            if isinstance(ptype, T.ClassType):
                value = ir.Constant(self.llt(ptype), None)
                for index, field in enumerate(ptype.instance.fields):
                    decl = field.decl
                    sem = decl.semantics[0] if isinstance(decl, A.VarDecl) and decl.semantics else None
                    fake = A.ParamDecl(decl.span, [], decl.type, field.name, [], sem, None)
                    part = self._system_value(fake, self.engine.var_type(field))
                    value = self.builder.insert_value(value, part, index)
                return value
            raise LowerError(f"entry parameter '{param.name}' has no system-value semantic", param.span)
        name = param.semantic.name.upper()
        if name == "SV_GROUPINDEX":
            raw = [self.op("FlattenedThreadIdInGroup", [], overload=I32, name_hint="idx")]
        else:
            op = _SYSTEM_VALUE_OPS[name]
            count = T.component_count(ptype)
            raw = [self.op(op, [ir.Constant(I32, i)], overload=I32) for i in range(count)]
        target = self.llt(ptype)
        if isinstance(target, ir.VectorType):
            vec = ir.Constant(target, None)
            for i, part in enumerate(raw):
                vec = self.builder.insert_element(vec, self._int_cast(part, target.element), ir.Constant(I32, i))
            return vec
        return self._int_cast(raw[0], target)

    def _int_cast(self, value: ir.Value, target: ir.Type) -> ir.Value:
        if value.type == target:
            return value
        if isinstance(target, ir.IntType) and isinstance(value.type, ir.IntType):
            if target.width < value.type.width:
                return self.builder.trunc(value, target)
            return self.builder.zext(value, target)
        return value

    def alloca(self, ty: ir.Type, name: str = "") -> ir.Value:
        slot = self.alloca_builder.alloca(ty, name=name)
        if self.options.high_level and self.dxc_style:
            slot.hlslc_align = high_level.alignment(ty, self.options.native_16bit)
        return slot

    # ------------------------------------------------------------------
    # Statements

    @property
    def frame(self) -> Frame:
        return self.frames[-1]

    def expr_type(self, expr: A.Expr) -> T.Type:
        t = self.frame.tables.expr_types.get(id(expr)) if self.frame.tables else None
        if t is None:
            t = self.sema.expr_types.get(id(expr))
        if t is None:
            raise LowerError("internal: expression has no type from semantic analysis", expr.span)
        return t

    def call_info(self, expr: A.Expr) -> CallInfo | None:
        info = self.frame.tables.calls.get(id(expr)) if self.frame.tables else None
        return info if info is not None else self.sema.calls.get(id(expr))

    def symbol_of(self, node: Any) -> Any:
        sym = self.frame.tables.symbols.get(id(node)) if self.frame.tables else None
        return sym if sym is not None else self.sema.symbols.get(id(node))

    def emit_block(self, block: A.CompoundStmt) -> None:
        for stmt in block.stmts:
            if self.builder.block.is_terminated:
                # Unreachable code after return/break: give it a block of its own.
                self.builder.position_at_end(self.builder.function.append_basic_block("dead"))
            self.emit_stmt(stmt)

    def emit_stmt(self, stmt: A.Stmt) -> None:
        outer = self.cur_span
        self.cur_span = stmt.span
        try:
            self._emit_stmt(stmt)
        finally:
            self.cur_span = outer

    def _emit_stmt(self, stmt: A.Stmt) -> None:
        b = self.builder
        if isinstance(stmt, A.CompoundStmt):
            self.emit_block(stmt)
        elif isinstance(stmt, A.DeclStmt):
            self.emit_local_decl(stmt.decl)
        elif isinstance(stmt, A.ExprStmt):
            self.emit_expr(stmt.expr)
        elif isinstance(stmt, A.EmptyStmt):
            pass
        elif isinstance(stmt, A.AttributedStmt):
            if isinstance(stmt.stmt, (A.ForStmt, A.WhileStmt, A.DoStmt)):
                self.emit_loop(stmt.stmt, stmt.attributes)
            else:
                self.emit_stmt(stmt.stmt)
        elif isinstance(stmt, A.IfStmt):
            self.emit_if(stmt)
        elif isinstance(stmt, (A.ForStmt, A.WhileStmt, A.DoStmt)):
            self.emit_loop(stmt)
        elif isinstance(stmt, A.SwitchStmt):
            self.emit_switch(stmt)
        elif isinstance(stmt, A.BreakStmt):
            b.branch(self.frame.breaks[-1])
        elif isinstance(stmt, A.ContinueStmt):
            b.branch(self.frame.loops[-1][1])
        elif isinstance(stmt, A.ReturnStmt):
            frame = self.frame
            if isinstance(frame.ret_type, T.WaveMatrixType):
                raise LowerError("a function cannot return a wave matrix: take it as an 'inout' parameter "
                                 "instead", stmt.span)
            if stmt.value is not None and frame.ret_type is T.VOID:
                # `return f();` of a void function, in one: the call, then
                # the return (C++ allows it, and DXC).
                self.emit_expr(stmt.value)
            elif stmt.value is not None:
                value = self.emit_converted(stmt.value, frame.ret_type)
                if frame.ret_block is None:
                    b.ret(value)
                    return
                b.store(value, frame.ret_slot)
            if frame.ret_block is not None:
                b.branch(frame.ret_block)
            elif isinstance(b.function.function_type.return_type, ir.VoidType):
                b.ret_void()
        else:
            raise LowerError(f"code generation does not support this statement yet", stmt.span)

    def emit_if(self, stmt: A.IfStmt) -> None:
        """An `if`, and the `else if`s chained to it, as a loop: the blocks
        and their order are those of one nested `if` per link, without a
        Python frame per link (a chain of 10,000 is legal HLSL)."""
        b = self.builder
        outer = self.cur_span
        pending: list[tuple[ir.Block, Span]] = []     # the if.end of each enclosing link
        while True:
            self.cur_span = stmt.span
            known = self._known_condition(stmt)
            if known is not None:
                # A condition known when compiling (`if (false)`, a
                # `#define`d switch): only the arm it takes, as DXC's code
                # generation emits it.
                taken = stmt.then if known else stmt.otherwise
                if isinstance(taken, A.IfStmt):
                    stmt = taken
                    continue
                if taken is not None:
                    self.emit_stmt(taken)
                break
            cond = self.emit_condition(stmt.cond)
            then_bb = b.function.append_basic_block("if.then")
            end_bb = b.function.append_basic_block("if.end")
            else_bb = b.function.append_basic_block("if.else") if stmt.otherwise is not None else end_bb
            self.cur_span = stmt.cond.span
            b.cbranch(cond, then_bb, else_bb)
            self.cur_span = stmt.span
            b.position_at_end(then_bb)
            self.emit_stmt(stmt.then)
            if not b.block.is_terminated:
                b.branch(end_bb)
            otherwise = stmt.otherwise
            if otherwise is None:
                b.position_at_end(end_bb)
                break
            b.position_at_end(else_bb)
            if isinstance(otherwise, A.IfStmt):
                pending.append((end_bb, stmt.span))
                stmt = otherwise
                continue
            self.emit_stmt(otherwise)
            if not b.block.is_terminated:
                b.branch(end_bb)
            b.position_at_end(end_bb)
            break
        for end_bb, span in reversed(pending):
            self.cur_span = span
            if not b.block.is_terminated:
                b.branch(end_bb)
            b.position_at_end(end_bb)
        self.cur_span = outer

    def emit_loop(self, stmt: Any, attributes: list[A.Attribute] | None = None) -> None:
        b = self.builder
        fn = b.function
        if isinstance(stmt, A.ForStmt) and stmt.init is not None:
            self.emit_stmt(stmt.init)
        cond_bb = fn.append_basic_block("loop.cond")
        body_bb = fn.append_basic_block("loop.body")
        step_bb = fn.append_basic_block("loop.step")
        end_bb = fn.append_basic_block("loop.end")
        b.branch(body_bb if isinstance(stmt, A.DoStmt) else cond_bb)
        b.position_at_end(cond_bb)
        cond = getattr(stmt, "cond", None)
        hint = self._loop_hint(list(attributes or []) + list(getattr(stmt, "attributes", None) or []))
        if cond is not None:
            value = self.emit_condition(cond)
            outer, self.cur_span = self.cur_span, cond.span
            cond_branch = b.cbranch(value, body_bb, end_bb)
            self.cur_span = outer
        else:
            cond_branch = b.branch(body_bb)
        if hint is not None and isinstance(stmt, A.DoStmt):
            # The back edge of a do-while is the condition's branch.
            cond_branch.set_metadata("llvm.loop", b.module.add_metadata([b.module.add_metadata(hint)]))
        b.position_at_end(body_bb)
        self.frame.loops.append((end_bb, step_bb))
        self.frame.breaks.append(end_bb)
        self.emit_stmt(stmt.body)
        self.frame.loops.pop()
        self.frame.breaks.pop()
        if not b.block.is_terminated:
            b.branch(step_bb)
        b.position_at_end(step_bb)
        if isinstance(stmt, A.ForStmt) and stmt.step is not None:
            self.emit_expr(stmt.step)
        back = b.branch(cond_bb)
        if hint is not None and not isinstance(stmt, A.DoStmt):
            back.set_metadata("llvm.loop", b.module.add_metadata([b.module.add_metadata(hint)]))
        b.position_at_end(end_bb)

    def _loop_hint(self, attributes: list[A.Attribute]) -> list | None:
        """`[unroll]`, `[unroll(N)]` and `[loop]` as the loop metadata LLVM
        and DXC put on the back edge (read by the SPIR-V backend)."""
        for attr in attributes:
            name = attr.name.lower()
            if name == "loop":
                return [ir.MetaDataString(self.module, "llvm.loop.unroll.disable")]
            if name == "unroll":
                if attr.args:
                    count = self.sema.loop_counts.get(id(attr), 0)
                    if count > 1:
                        return [ir.MetaDataString(self.module, "llvm.loop.unroll.count"), ir.Constant(I32, count)]
                return [ir.MetaDataString(self.module, "llvm.loop.unroll.full")]
        return None

    def emit_switch(self, stmt: A.SwitchStmt) -> None:
        b = self.builder
        fn = b.function
        value = self.emit_expr(stmt.cond)
        value = self._to_i32(value)
        end_bb = fn.append_basic_block("switch.end")
        stmts = stmt.body.stmts if isinstance(stmt.body, A.CompoundStmt) else [stmt.body]
        switch = b.switch(value, end_bb)
        if self.options.spirv:
            # Where the switch ends, for SPIR-V's structured merge: the
            # graph alone cannot tell a case that the others fall into from
            # the end when a `break` goes past it (hlslc/spirv/structure.py).
            switch.set_metadata(SWITCH_END, self.module.add_metadata([ir.MetaDataString(self.module, end_bb.name)]))
        current = None
        self.frame.breaks.append(end_bb)
        for inner in stmts:
            if isinstance(inner, (A.CaseLabel, A.DefaultLabel)):
                block = fn.append_basic_block("switch.case")
                if current is not None and not b.block.is_terminated:
                    b.branch(block)            # fall through
                b.position_at_end(block)
                current = block
                if isinstance(inner, A.DefaultLabel):
                    switch.default = block
                else:
                    case_value = self.engine.evaluate(inner.value, self._const_env()).value
                    switch.add_case(ir.Constant(I32, int(case_value)), block)
                continue
            if current is None:
                continue
            if b.block.is_terminated:
                b.position_at_end(fn.append_basic_block("dead"))
            self.emit_stmt(inner)
        self.frame.breaks.pop()
        if current is not None and not b.block.is_terminated:
            b.branch(end_bb)
        b.position_at_end(end_bb)

    def _known_condition(self, stmt: A.IfStmt | A.ConditionalExpr) -> bool | None:
        """The value of an `if`'s (or a `?:`'s) condition when it is a
        constant expression whose skipped arm holds no `case` label (a label
        would be a way into it); None otherwise."""
        cond = stmt.cond
        while isinstance(cond, A.ParenExpr):
            cond = cond.inner
        if not isinstance(cond, (A.IntLiteral, A.BoolLiteral, A.NameExpr, A.BinaryExpr, A.UnaryExpr)):
            return None
        try:
            value = self.engine.evaluate(stmt.cond, self._const_env()).value
        except (SemaError, LowerError):
            return None
        if not isinstance(value, (int, float, bool)):
            return None
        skipped = stmt.otherwise if value else stmt.then
        if isinstance(skipped, A.Stmt) and _holds_case_label(skipped):
            return None
        return bool(value)

    def _const_env(self):
        fn = self.frame.fn
        return fn.env if fn is not None else self.engine.global_env

    def emit_local_decl(self, decl: A.Decl) -> None:
        if isinstance(decl, A.DeclGroup):
            for inner in decl.decls:
                self.emit_local_decl(inner)
            return
        if not isinstance(decl, A.VarDecl):
            return      # aliases, using-directives, types: nothing to emit
        sym = self.symbol_of(decl)
        if not isinstance(sym, VarSymbol):
            raise LowerError(f"internal: no symbol for '{decl.name}'", decl.span)
        t = self.engine.var_type(sym)
        if isinstance(t, T.StringType):
            return      # a const string is a printf format: sema holds its text
        if isinstance(t, T.WaveMatrixType):
            if decl.init is not None:
                raise LowerError(_WAVE_MATRIX_COPY, decl.init.span)
            self.frame.vars[id(sym)] = wavematrix.declare_variable(self, t, decl.name)
            return
        if decl.init is not None and self.api_matrix(t) and id(sym) not in self.sema.written:
            # A matrix variable never assigned again is its handle: no
            # alloca, store and loads around it (what mem2reg would leave).
            self.frame.vars[id(sym)] = _Bound(self.emit_initializer(decl.init, t), decl.span)
            return
        if decl.init is None and rayquery.is_ray_query(t) and id(sym) not in self.sema.written:
            # `RayQuery<FLAGS> q;`: a new query object, its value (no alloca,
            # as DXC leaves it) while the variable is never assigned.
            self.frame.vars[id(sym)] = _Bound(rayquery.allocate(self, t, decl.span), decl.span)
            return
        slot = self.alloca(self.llt(t, decl.span), decl.name)
        self.frame.vars[id(sym)] = slot
        if decl.init is None and rayquery.is_ray_query(t):
            self.builder.store(rayquery.allocate(self, t, decl.span), slot)
            return
        if decl.init is None and isinstance(t, T.ArrayType) and rayquery.is_ray_query(_array_leaf(t)):
            # `RayQuery<F> qs[2][3];`: a query object per element, as DXC
            # allocates them.
            self._allocate_queries(slot, t, decl.span)
            return
        if decl.init is not None and isinstance(decl.init, A.InitListExpr) and self._holds_api_matrix(t):
            # `M arr[2] = {a, b};`, `S s = {M::Splat(1.0f)};`: each matrix
            # handle stored to its own element, where the matrix rules
            # follow it (a whole-aggregate store would hide its origin).
            self._store_elements(slot, iter(self._flatten_init(decl.init)), t, decl.init.span)
        elif decl.init is not None:
            self.builder.store(self._coherent(sym, self.emit_initializer(decl.init, t)), slot)
        elif self.api_matrix(t):
            # A matrix declared without a value still needs its handle.
            self.builder.store(create_matrix(self, matrix_shape(self, t)), slot)

    def _allocate_queries(self, pointer: ir.Value, t: T.Type, span: Span | None) -> None:
        if isinstance(t, T.ArrayType):
            zero = ir.Constant(I32, 0)
            for i in range(t.size or 0):
                self._allocate_queries(self.builder.gep(pointer, [zero, ir.Constant(I32, i)]), t.elem, span)
            return
        self.builder.store(rayquery.allocate(self, t, span), pointer)

    def _holds_api_matrix(self, t: T.Type) -> bool:
        while isinstance(t, T.ArrayType):
            t = t.elem
        if self.api_matrix(t):
            return True
        return isinstance(t, T.ClassType) and t.instance.template is None \
            and any(self._holds_api_matrix(self.engine.var_type(f)) for f in t.instance.fields)

    def _store_elements(self, pointer: ir.Value, scalars: Any, t: T.Type, span: Span | None) -> None:
        """Store a flattened initialiser to `pointer` element by element."""
        zero = ir.Constant(I32, 0)
        if isinstance(t, T.ArrayType):
            for i in range(t.size or 0):
                self._store_elements(self.builder.gep(pointer, [zero, ir.Constant(I32, i)]), scalars, t.elem, span)
            return
        if isinstance(t, T.ClassType) and not self.api_matrix(t) and t.instance.data_members is None:
            for i, f in enumerate(t.instance.fields):
                self._store_elements(self.builder.gep(pointer, [zero, ir.Constant(I32, i)]), scalars,
                                     self.engine.var_type(f), span)
            return
        count = _flat_scalars(t, self.engine) if not self.api_matrix(t) else 1
        self.builder.store(self._build_from_scalars([next(scalars) for _ in range(count)], t, span), pointer)

    def emit_initializer(self, init: A.Expr, target: T.Type) -> ir.Value:
        if isinstance(init, A.InitListExpr):
            scalars = self._flatten_init(init)
            return self._build_from_scalars(scalars, target, init.span)
        return self.emit_converted(init, target)

    def _flatten_init(self, init: A.InitListExpr) -> list[tuple[ir.Value, T.ScalarType]]:
        out = []
        for item in init.items:
            if isinstance(item, A.InitListExpr):
                out.extend(self._flatten_init(item))
                continue
            t = self.expr_type(item)
            value = self.emit_expr(item)
            out.extend(self._scalars_of(value, t))
        return out

    def _scalars_of(self, value: ir.Value, t: T.Type) -> list[tuple[ir.Value, T.ScalarType]]:
        if isinstance(t, (T.ScalarType, T.ResourceType, T.LinAlgHandleType)) or self.api_matrix(t):
            # A matrix (its handle) is one element of a brace initialiser.
            return [(value, t)]
        if isinstance(t, T.EnumType):
            return [(value, T.INT)]       # as `convert` takes an enumerator
        if isinstance(t, T.VectorType):
            return [(self.builder.extract_element(value, ir.Constant(I32, i)), t.elem) for i in range(t.size)]
        if isinstance(t, (T.ArrayType, T.MatrixType)):
            count = t.size if isinstance(t, T.ArrayType) else t.rows
            inner = t.elem if isinstance(t, T.ArrayType) else T.vector_of(t.elem, t.cols)
            out = []
            for i in range(count):
                out.extend(self._scalars_of(self.builder.extract_value(value, i), inner))
            return out
        if isinstance(t, T.ClassType) and t.instance.data_members is not None:
            out = []
            for part, part_t in scalars_of_struct(self, value, t):
                out.extend(self._scalars_of(part, part_t))
            return out
        if isinstance(t, T.ClassType):
            out = []
            for i, f in enumerate(t.instance.fields):
                out.extend(self._scalars_of(self.builder.extract_value(value, i), self.engine.var_type(f)))
            return out
        raise LowerError(f"cannot flatten '{t.spell()}'", None)

    def _build_from_scalars(self, scalars: list, target: T.Type, span: Span | None) -> ir.Value:
        it = iter(scalars)

        def build(t: T.Type) -> ir.Value:
            if isinstance(t, T.ScalarType):
                value, src = next(it)
                return self.convert(value, src, t)
            if isinstance(t, T.EnumType):
                value, src = next(it)               # an enumerator (sema took nothing else)
                return self.convert(value, src, T.INT)
            if isinstance(t, (T.ResourceType, T.LinAlgHandleType)) or self.api_matrix(t):
                return next(it)[0]
            ty = self.llt(t, span)
            result = ir.Constant(ty, None)
            if isinstance(t, T.VectorType):
                for i in range(t.size):
                    result = self.builder.insert_element(result, build(t.elem), ir.Constant(I32, i))
                return result
            if isinstance(t, T.ArrayType):
                for i in range(t.size or 0):
                    result = self.builder.insert_value(result, build(t.elem), i)
                return result
            if isinstance(t, T.MatrixType):
                for i in range(t.rows):
                    result = self.builder.insert_value(result, build(T.vector_of(t.elem, t.cols)), i)
                return result
            if isinstance(t, T.ClassType) and t.instance.data_members is not None:
                return build_struct(self, t, build)
            if isinstance(t, T.ClassType):
                for i, f in enumerate(t.instance.fields):
                    result = self.builder.insert_value(result, build(self.engine.var_type(f)), i)
                return result
            raise LowerError(f"cannot initialise '{t.spell()}' from a list", span)

        return build(target)

    # ------------------------------------------------------------------
    # Expressions

    def emit_condition(self, expr: A.Expr) -> ir.Value:
        value = self.emit_expr(expr)
        t = self.expr_type(expr)
        return self.convert(value, t, T.BOOL)

    def emit_converted(self, expr: A.Expr, target: T.Type) -> ir.Value:
        if isinstance(expr, A.InitListExpr):
            return self.emit_initializer(expr, target)
        return self.convert(self.emit_expr(expr), self.expr_type(expr), target)

    def emit_expr(self, expr: A.Expr) -> ir.Value:
        outer = self.cur_span
        self.cur_span = expr.span
        try:
            return self._emit_expr(expr)
        finally:
            self.cur_span = outer

    def _emit_expr(self, expr: A.Expr) -> ir.Value:
        b = self.builder
        if isinstance(expr, A.IntLiteral):
            t = self.expr_type(expr)
            # `5000000000l` is a 32-bit int (before HLSL 202x): its value cut to 32 bits.
            bits = t.bits if isinstance(t, T.ScalarType) and not t.literal else 64
            return ir.Constant(self.llt(t), expr.value & ((1 << bits) - 1))
        if isinstance(expr, A.FloatLiteral):
            literal = not expr.suffix and self.options.hlsl_version < 2029
            return fconst(self.llt(self.expr_type(expr)), expr.value, literal)
        if isinstance(expr, A.BoolLiteral):
            return ir.Constant(I1, 1 if expr.value else 0)
        if isinstance(expr, A.ParenExpr):
            return self.emit_expr(expr.inner)
        if isinstance(expr, A.NameExpr):
            return self.emit_name(expr)
        if isinstance(expr, A.BinaryExpr):
            return self.emit_binary(expr)
        if isinstance(expr, A.AssignExpr):
            return self.emit_assign(expr)
        if isinstance(expr, A.UnaryExpr):
            return self.emit_unary(expr)
        if isinstance(expr, A.PostfixExpr):
            return self.emit_increment(expr.operand, expr.op, postfix=True)
        if isinstance(expr, A.ConditionalExpr):
            return self.emit_conditional(expr)
        if isinstance(expr, A.CommaExpr):
            self.emit_expr(expr.lhs)
            return self.emit_expr(expr.rhs)
        if isinstance(expr, A.CastExpr):
            if isinstance(self.expr_type(expr), T.VoidType):
                self.emit_expr(expr.operand)    # `(void)x`: for its side effects only
                return None
            return self.convert(self.emit_expr(expr.operand), self.expr_type(expr.operand), self.expr_type(expr),
                                explicit=True, span=expr.span)
        if isinstance(expr, A.CallExpr):
            return self.emit_call(expr)
        if isinstance(expr, A.MemberExpr):
            return self.emit_member(expr)
        if isinstance(expr, A.IndexExpr):
            if isinstance(self.expr_type(expr.base), T.ClassType):
                info = self.call_info(expr)
                if info is not None:
                    return self.inline_call(expr, info, [expr.index])     # `operator[]`
            if isinstance(self.expr_type(expr.base), T.StringType):
                return self._string_character(expr)
            if isinstance(self.expr_type(expr), T.ResourceType):
                return emit_handle(self, expr)
            if isinstance(self.expr_type(expr.base), T.DescriptorHeapType):
                # The descriptor's index; `convert` makes the handle of the
                # resource type it initialises.
                index = self._to_i32(self.emit_expr(expr.index))
                self.heap_indices[id(index)] = non_uniform_index(expr.index)
                return index
            return load_place(self, expr)
        if isinstance(expr, A.SizeofExpr):
            known = self.symbol_of(expr)
            if isinstance(known, T.ConstValue):
                return ir.Constant(I32, known.value)     # sema's value (it saw the locals)
            return ir.Constant(I32, self.engine.evaluate(expr, self._const_env()).value)
        raise LowerError("code generation does not support this expression yet", expr.span)

    def emit_name(self, expr: A.NameExpr) -> ir.Value:
        sym = self.symbol_of(expr)
        t = self.expr_type(expr)
        if isinstance(sym, T.ConstValue):
            return self.const_of(sym, t)
        if isinstance(sym, EnumeratorSymbol):
            return ir.Constant(I32, sym.value)
        if sym is THIS:
            return self.builder.load(self.this_pointer(expr.span))
        if isinstance(sym, VarSymbol) and sym.is_field and not self._is_local(sym):
            if sym.bit_field is not None:
                return load_place(self, expr)
            return self.builder.load(self.field_pointer(sym, expr.span))
        if isinstance(sym, VarSymbol):
            if isinstance(t, T.ResourceType) or isinstance(t, T.ArrayType) and _holds_resources(t):
                return emit_handle(self, expr)
            if sym.is_global and not self._is_local(sym) and (sym.is_uniform or id(sym) in self.res.struct_leaves):
                return load_place(self, expr)
            if sym.is_const and (sym.is_static or sym.owner is not None or not self._is_local(sym)) \
                    and isinstance(t, (T.ScalarType, T.EnumType)):
                try:
                    return self.const_of(self.engine.var_value(sym, expr.span), t)
                except SemaError:
                    pass
            if isinstance(t, T.WaveMatrixType):
                return self.var_pointer(sym, expr.span)     # wave matrices are used through their pointer
            bound = self._bound(sym)
            if bound is not None:
                return bound.value
            return self.builder.load(self.var_pointer(sym, expr.span))
        raise LowerError(f"code generation cannot use '{expr.name.spelling()}' as a value", expr.span)

    def _resource_array_alias(self, arg: A.Expr, ptype: T.Type, var: "VarSymbol | None") -> ResourceArrayAlias | None:
        """An array-of-resources parameter, never assigned, given a whole
        bound resource array (or such a parameter of the caller): its
        alias."""
        leaf = ptype
        while isinstance(leaf, T.ArrayType):
            leaf = leaf.elem
        if not isinstance(ptype, T.ArrayType) or not isinstance(leaf, T.ResourceType) or \
                var is None or id(var) in self.sema.written:
            return None
        while isinstance(arg, A.ParenExpr):
            arg = arg.inner
        if not isinstance(arg, A.NameExpr):
            return None
        sym = self.resource_array_of(self.symbol_of(arg))
        if sym is None or self.engine.var_type(sym) != ptype:
            return None
        return ResourceArrayAlias(sym)

    def _resource_array_copy(self, arg: A.Expr, ptype: T.Type, name: str) -> ir.Value | None:
        """A whole bound resource array given to an array-of-resources
        parameter that the function assigns: a local array holding a handle
        per element."""
        while isinstance(arg, A.ParenExpr):
            arg = arg.inner
        if not isinstance(ptype, T.ArrayType) or not isinstance(arg, A.NameExpr):
            return None
        sym = self.resource_array_of(self.symbol_of(arg))
        if sym is None or self.engine.var_type(sym) != ptype:
            return None
        binding = self.res.by_symbol[id(sym)]
        dims: list[int] = []
        t: T.Type = ptype
        while isinstance(t, T.ArrayType):
            dims.append(t.size or 0)
            t = t.elem
        slot = self.alloca(self.llt(ptype), name)
        total = 1
        for d in dims:
            total *= d
        b = self.builder
        for flat in range(total):
            key = (id(sym), flat)
            handle = self.handles.get(key)
            if handle is None:
                handle = self.handles[key] = self.res.handle(binding, ir.Constant(I32, flat), name=sym.name,
                                                              at_entry=True)
            path, rest = [], flat
            for k in range(len(dims)):
                inner = 1
                for d in dims[k + 1:]:
                    inner *= d
                path.append(rest // inner)
                rest %= inner
            b.store(handle, b.gep(slot, [ir.Constant(I32, 0)] + [ir.Constant(I32, p) for p in path]))
        return slot

    def resource_array_of(self, sym: Any) -> "VarSymbol | None":
        """The bound global resource array `sym` names: itself, or what an
        aliasing parameter stands for."""
        if not isinstance(sym, VarSymbol):
            return None
        for frame in reversed(self.frames):
            slot = frame.vars.get(id(sym))
            if slot is not None:
                return slot.sym if isinstance(slot, ResourceArrayAlias) else None
        binding = self.res.by_symbol.get(id(sym))
        return sym if binding is not None and binding.resource is not None else None

    def _is_local(self, sym: VarSymbol) -> bool:
        return any(id(sym) in f.vars for f in self.frames)

    def const_of(self, value: T.ConstValue, t: T.Type) -> ir.Value:
        ty = self.llt(t if not isinstance(t, T.EnumType) else T.INT)
        if isinstance(ty, (ir.HalfType, ir.FloatType, ir.DoubleType)):
            return fconst(ty, float(value.value))
        return ir.Constant(ty, int(value.value))

    def _bound(self, sym: VarSymbol) -> "_Bound | None":
        for frame in reversed(self.frames):
            slot = frame.vars.get(id(sym))
            if slot is not None:
                return slot if isinstance(slot, _Bound) else None
        return None

    def var_pointer(self, sym: VarSymbol, span: Span | None) -> ir.Value:
        for frame in reversed(self.frames):
            slot = frame.vars.get(id(sym))
            if isinstance(slot, _Bound):
                # Sema saw no write (`SemaResult.written`), so nothing should
                # need the variable's address; a slot initialised where the
                # value is made keeps the compile right all the same.
                slot = frame.vars[id(sym)] = self._materialise(slot, sym.name)
            if slot is not None:
                return slot
        if id(sym) in self.globals:
            return self.globals[id(sym)]
        return self.global_var(sym, span)

    def global_var(self, sym: VarSymbol, span: Span | None) -> ir.Value:
        t = self.engine.var_type(sym)
        ty = self.llt(t, span)
        if sym.is_groupshared and not self.api_matrices:
            # DXC's symbol and declaration (`@"\01?Tile@@3PAMA" = external
            # addrspace(3) global [256 x float], align 4`).
            gv = ir.GlobalVariable(self.module, ty, self.module.get_unique_name(
                mangle.groupshared_name(sym.name, t, self.options.native_16bit)), addrspace=3)
            gv.linkage = "external"
            gv.align = 4
        elif sym.is_groupshared:
            gv = ir.GlobalVariable(self.module, ty, sym.name, addrspace=3)
            gv.linkage = "internal"
            gv.initializer = ir.Constant(ty, ir.Undefined)
        elif (sym.is_static or sym.is_const) and isinstance(t, T.ResourceType):
            # A handle cannot live in a global variable: a static resource
            # the program assigns is a slot of the function being emitted
            # (every helper is inlined into it), as DXC's inlining and
            # promotion leave it.
            return self._static_resource_slot(sym, span)
        elif sym.is_static or sym.is_const:
            name = f"{sym.owner.spell()}::{sym.name}" if sym.owner is not None else sym.name
            gv = ir.GlobalVariable(self.module, ty, self.module.get_unique_name(name))
            gv.linkage = "internal"
            init = sym.decl.init if isinstance(sym.decl, A.VarDecl) else None
            try:
                gv.initializer = self._constant_initializer(init, t, span) if init is not None \
                    else ir.Constant(ty, None)
                gv.global_constant = sym.is_const
                if sym.spec_constant is not None:
                    self.spec_constants.append((gv, sym.spec_constant[0]))
            except LowerError:
                # Not a constant (a call, a uniform): computed when the
                # function starts, as DXC initialises such statics.
                gv.initializer = ir.Constant(ty, None)
                self.globals[id(sym)] = gv
                saved, saved_span = self.builder, self.cur_span
                self.builder = self.alloca_builder
                try:
                    self.builder.store(self.emit_initializer(init, t), gv)
                finally:
                    self.builder, self.cur_span = saved, saved_span
        else:
            raise LowerError(f"code generation does not support global uniform '{sym.name}' yet: make it "
                             "'static const' or pass it in a buffer", span or sym.span)
        self.globals[id(sym)] = gv
        return gv

    def _constant_initializer(self, init: A.Expr, t: T.Type, span: Span | None) -> ir.Constant:
        env = self.engine.global_env

        def const(node: Any, t: T.Type) -> ir.Constant:
            ty = self.llt(t, span)
            if isinstance(t, (T.ScalarType, T.EnumType)):
                if isinstance(node, A.InitListExpr):
                    node = node.items[0]
                value = self.engine.evaluate(node, env)
                if isinstance(t, T.ScalarType):
                    value = self.engine.convert_constant(value, t, node.span)
                return self.const_of(value, t)
            if isinstance(node, (A.InitListExpr, A.CallExpr)):
                leaves = self._constant_leaves(node, env)
            else:
                raise LowerError("code generation needs a brace initialiser of constants here", node.span)
            it = iter(leaves)

            def scalars(t: T.ScalarType, array_ty: ir.ArrayType, count: int) -> ir.Constant:
                elem_ty = self.llt(t, span)
                is_float = isinstance(elem_ty, (ir.HalfType, ir.FloatType, ir.DoubleType))
                evaluate, convert = self.engine.evaluate, self.engine.convert_constant
                values = []
                # A literal's value depends only on its class, value and
                # suffix: tables repeat them (0, 1, -1, ...).
                literals: dict[tuple, Any] = {}
                literal_classes = (A.IntLiteral, A.FloatLiteral)
                for _ in range(count):
                    node = next(it)
                    if node.__class__ is A.InitListExpr:
                        node = node.items[0]
                    if node.__class__ in literal_classes:
                        key = (node.__class__, node.value, node.suffix)
                        value = literals.get(key)
                        if value is None:
                            value = literals[key] = convert(evaluate(node, env), t, node.span).value
                        values.append(value)
                    else:
                        values.append(convert(evaluate(node, env), t, node.span).value)
                if is_float:
                    return ir.Constant(array_ty, [fconst(elem_ty, float(value)) for value in values])
                return ScalarTable(array_ty, [int(value) for value in values])

            def build(t: T.Type) -> ir.Constant:
                if isinstance(t, (T.ScalarType, T.EnumType)):
                    return const(next(it), t)
                if isinstance(t, T.VectorType):
                    return ir.Constant(self.llt(t), [build(t.elem) for _ in range(t.size)])
                if isinstance(t, T.ArrayType):
                    if isinstance(t.elem, T.ScalarType):
                        # A table of constants (generated code holds 100,000
                        # of them): the element's type worked out once.
                        return scalars(t.elem, self.llt(t), t.size or 0)
                    return ir.Constant(self.llt(t), [build(t.elem) for _ in range(t.size or 0)])
                if isinstance(t, T.ClassType):
                    return ir.Constant(self.llt(t), [build(self.engine.var_type(f)) for f in t.instance.fields])
                raise LowerError(f"cannot make a constant of '{t.spell()}'", span)
            return build(t)

        try:
            return const(init, t)
        except (SemaError, StopIteration) as err:
            raise LowerError(f"code generation needs a constant initialiser for this global", init.span) from None

    def _constant_leaves(self, node: Any, env: Any) -> list:
        """The scalar expressions of a constant initialiser, in order:
        brace lists flattened, and constructors (`float3(0, 0.5, 1)`,
        `float3(1)`) expanded into their arguments."""
        while isinstance(node, A.ParenExpr):
            node = node.inner
        if isinstance(node, A.InitListExpr):
            out = []
            for item in node.items:
                out += self._constant_leaves(item, env)
            return out
        if isinstance(node, A.CallExpr) and isinstance(node.callee, A.TypeExpr):
            target = self.engine.resolve_type(node.callee.type, env)
            want = T.component_count(target) if target.is_numeric else None
            out = []
            for arg in node.args:
                out += self._constant_leaves(arg, env)
            if want is not None and len(out) == 1 and want > 1:
                out = out * want
            return out
        return [node]

    def handle_for(self, sym: VarSymbol, span: Span | None) -> ir.Value:
        """The handle of a global resource variable (made once per function,
        at its start)."""
        handle = self.handles.get(id(sym))
        if handle is not None:
            return handle
        binding = self.res.by_symbol.get(id(sym))
        if binding is None and self._static_resource_alias(sym):
            # `static RWByteAddressBuffer B = ResourceDescriptorHeap[0];`
            # (or `= SomeBuffer;`): its initializer's handle, made where
            # the function starts, as a bound resource's is.
            init = sym.decl.init  # type: ignore[union-attr]
            saved, saved_span = self.builder, self.cur_span
            self.builder = self.alloca_builder
            try:
                handle = self._coherent(sym, self.emit_initializer(init, self.engine.var_type(sym)))
            finally:
                self.builder, self.cur_span = saved, saved_span
            self.handles[id(sym)] = handle
            return handle
        if binding is None and sym.is_global and sym.is_static:
            return self.builder.load(self._static_resource_slot(sym, span))
        if binding is None or binding.resource is None:
            raise LowerError(f"'{sym.name}' is not a bound resource", span)
        handle = self.res.handle(binding, name=sym.name, at_entry=True)
        self.handles[id(sym)] = handle
        return handle

    def _coherent(self, sym: VarSymbol, value: ir.Value) -> ir.Value:
        """A `globallycoherent` variable's initial handle from the descriptor
        heap is annotated globally coherent (its binding is its own)."""
        if "globallycoherent" in sym.storage:
            binding = self.res.handle_binding.get(id(value))
            if binding is not None and binding.symbol is None and not binding.globally_coherent:
                binding.globally_coherent = True
                self.res.refresh_annotations(binding)
        return value

    def _is_bound_resource(self, arg: A.Expr) -> bool:
        """A global resource the application binds, or an element of an array
        of them (the sema's rule for `inout` resource arguments)."""
        while isinstance(arg, (A.ParenExpr, A.IndexExpr)):
            arg = arg.inner if isinstance(arg, A.ParenExpr) else arg.base
        sym = self.symbol_of(arg) if isinstance(arg, A.NameExpr) else None
        return isinstance(sym, VarSymbol) and id(sym) in self.res.by_symbol and not self._is_local(sym)

    def _static_resource_slot(self, sym: VarSymbol, span: Span | None) -> ir.Value:
        """The slot of a `static` global resource that the program assigns
        (`static RWBuffer<float> out; ... out = chosen;`), in the function
        being emitted, holding its initializer's handle from the start when
        it has one.  One that is never given a value is an error."""
        key = ("static-slot", id(sym))
        found = self.handles.get(key)
        if found is not None:
            return found
        init = sym.decl.init if isinstance(sym.decl, A.VarDecl) else None
        if init is None and id(sym) not in self.sema.written:
            raise LowerError(f"static resource '{sym.name}' is read but never given a value", span or sym.span)
        t = self.engine.var_type(sym)
        slot = self.handles[key] = self.alloca(self.llt(t, span), sym.name)
        if init is not None:
            saved, saved_span = self.builder, self.cur_span
            self.builder = self.alloca_builder
            try:
                self.builder.store(self._coherent(sym, self.emit_initializer(init, t)), slot)
            finally:
                self.builder, self.cur_span = saved, saved_span
        return slot

    def _static_resource_alias(self, sym: VarSymbol) -> bool:
        """A `static` global resource with an initializer: each function
        uses its initializer's handle (one written elsewhere is refused
        where it is written, by `global_var`)."""
        return (sym.is_global and sym.is_static and isinstance(sym.decl, A.VarDecl) and sym.decl.init is not None
                and id(sym) not in self.sema.written and isinstance(self.engine.var_type(sym), T.ResourceType))

    def this_pointer(self, span: Span | None) -> ir.Value:
        """The object of the member function being emitted."""
        for frame in reversed(self.frames):
            if frame.this_ptr is not None:
                return frame.this_ptr
            if frame.fn is not None and frame.fn.owner is None:
                break
        raise LowerError("internal: 'this' outside a member function", span)

    def field_pointer(self, sym: VarSymbol, span: Span | None) -> ir.Value:
        """A data member named inside a member function: `this->name`."""
        this = self.this_pointer(span)
        instance = sym.owner
        names = [f.name for f in instance.fields]
        return self.builder.gep(this, [ir.Constant(I32, 0), ir.Constant(I32, names.index(sym.name))])

    def sema_scalar(self, t: T.Type) -> T.ScalarType:
        """The scalar element of a scalar, vector or matrix type (enums are int)."""
        if isinstance(t, T.EnumType):
            return T.INT
        elem = t.element
        if elem is None:
            raise LowerError(f"internal: '{t.spell()}' has no scalar element", self.cur_span)
        return literal_scalar(elem)

    def _materialise(self, bound: "_Bound", name: str) -> ir.Value:
        slot = self.alloca(bound.value.type, name)
        value = bound.value
        if isinstance(value, ir.Instruction):
            after = ir.IRBuilder(value.parent)
            after.position_after(value)
            after.store(value, slot)
        else:
            self.alloca_builder.store(value, slot)
        return slot

    # --- lvalues ----------------------------------------------------------

    def emit_lvalue(self, expr: A.Expr) -> ir.Value:
        """A pointer to the storage an expression names."""
        b = self.builder
        if isinstance(expr, A.ParenExpr):
            return self.emit_lvalue(expr.inner)
        if isinstance(expr, A.NameExpr):
            sym = self.symbol_of(expr)
            if sym is THIS:
                return self.this_pointer(expr.span)
            if isinstance(sym, VarSymbol) and sym.is_field and not self._is_local(sym):
                return self.field_pointer(sym, expr.span)
            if isinstance(sym, VarSymbol):
                return self.var_pointer(sym, expr.span)
        if isinstance(expr, A.IndexExpr):
            base_t = self.expr_type(expr.base)
            index = self._to_i32(self.emit_expr(expr.index))
            base = self.emit_lvalue(expr.base)
            if isinstance(base_t, (T.ArrayType, T.MatrixType)):
                return b.gep(base, [ir.Constant(I32, 0), index])
            if isinstance(base_t, T.VectorType):
                elem = self.llt(base_t.elem)
                cast = b.bitcast(base, elem.as_pointer(base.type.addrspace))
                return b.gep(cast, [index])
        if isinstance(expr, A.MemberExpr):
            base_t = self.expr_type(expr.object)
            if isinstance(base_t, T.ClassType) and not self.api_matrix(base_t):
                names = [f.name for f in base_t.instance.fields]
                if expr.member.name in names:
                    base = self.emit_lvalue(expr.object)
                    return b.gep(base, [ir.Constant(I32, 0), ir.Constant(I32, names.index(expr.member.name))])
        raise LowerError("code generation cannot take the address of this expression", expr.span)

    def _vk_raw_buffer(self, expr: A.CallExpr, info: "CallInfo") -> ir.Value:
        """`vk::RawBufferLoad<T>`/`RawBufferStore<T>` (-spirv only): a call of
        `@hlslc.vk.RawBufferLoad.<T>(i64 address, i32 alignment)` or
        `@hlslc.vk.RawBufferStore.<T>(i64 address, T value, i32 alignment)`,
        which the SPIR-V backend turns into a PhysicalStorageBuffer pointer
        and a load or store (hlslc/spirv/translate.py)."""
        store = info.target == "vk::RawBufferStore"
        args = [self.emit_converted(a, p) for a, p in zip(expr.args, info.param_types)]
        align = len(args) > (2 if store else 1)
        if not align:
            args.append(ir.Constant(I32, 4))
        t = info.param_types[1] if store else info.return_type
        boolean = t.element is T.BOOL
        if boolean:
            # Memory holds a bool as a uint (as DXC reads and writes it).
            stored_t = T.with_element(t, T.UINT)
            if store:
                args[1] = self.convert(args[1], t, stored_t)
            t = stored_t
        ty = self.llt(t, expr.span)
        suffix = re.sub(r"[^A-Za-z0-9]", "", str(ty))
        name = f"hlslc.vk.{'RawBufferStore' if store else 'RawBufferLoad'}.{suffix}"
        fn = self.module.globals.get(name)
        if fn is None:
            fn = ir.Function(self.module, ir.FunctionType(ir.VoidType() if store else ty,
                                                          [I64, ty, I32] if store else [I64, I32]), name)
        result = self.builder.call(fn, args)
        if store:
            return ir.Constant(I32, 0)
        return self.convert(result, t, info.return_type) if boolean else result

    def store_to(self, target: A.Expr, value: ir.Value) -> None:
        """Assignment, including to swizzles (`v.xy = ...`)."""
        b = self.builder
        while isinstance(target, A.ParenExpr):
            target = target.inner
        if id(target) in self.sema.dropped_stores:
            self.emit_expr(target)      # `s[i] = v` on `operator[]`'s temporary: the call, and nothing stored
            return
        if isinstance(target, A.CastExpr):
            # `(Base)derived` written (an `inout Base` argument's copy-out):
            # the derived object's leading members, those of the base.
            count = len(self.expr_type(target).instance.fields)
            if not rooted_outside(self, target.operand):
                # Member by member (groupshared: the derived part stays as
                # other threads may have written it).
                ptr = self.emit_lvalue(target.operand)
                for i in range(count):
                    b.store(b.extract_value(value, i), b.gep(ptr, [ir.Constant(I32, 0), ir.Constant(I32, i)]))
                return
            whole = self.emit_expr(target.operand)
            for i in range(count):
                whole = b.insert_value(whole, b.extract_value(value, i), i)
            self.store_to(target.operand, whole)
            return
        if rooted_outside(self, target) or isinstance(target, A.MemberExpr) and \
                isinstance(self.expr_type(target.object), T.MatrixType) or self._is_bit_field(target) or \
                isinstance(target, A.MemberExpr) and self._is_bit_field(target.object):
            place = emit_place(self, target)
            if not place.writable:
                raise LowerError("internal: a store to read-only memory", target.span)
            place.store(self, value)
            return
        if isinstance(target, A.MemberExpr):
            base_t = self.expr_type(target.object)
            if isinstance(base_t, (T.VectorType, T.ScalarType)) and base_t.is_numeric:
                indices = _swizzle_indices(target.member.name)
                inner = target.object
                while isinstance(inner, A.ParenExpr):
                    inner = inner.inner
                if isinstance(base_t, T.VectorType) and isinstance(inner, A.MemberExpr) \
                        and isinstance(self.expr_type(inner.object), (T.VectorType, T.ScalarType)):
                    # `v.rgb.x = ...`: a swizzle of a swizzle, which has no
                    # address: the inner swizzle's value with the
                    # components set, stored through the inner swizzle.
                    current = self.emit_expr(inner)
                    for k, index in enumerate(indices):
                        part = value if len(indices) == 1 else b.extract_element(value, ir.Constant(I32, k))
                        current = b.insert_element(current, part, ir.Constant(I32, index))
                    self.store_to(inner, current)
                    return
                if isinstance(base_t, T.ScalarType):
                    b.store(value if len(indices) == 1 else b.extract_element(value, ir.Constant(I32, 0)),
                            self.emit_lvalue(target.object))
                    return
                ptr = self.emit_lvalue(target.object)
                whole = PointerPlace(ptr, base_t)
                if whole.component_wise:
                    # Groupshared: each component named at its own address
                    # (other threads may be writing the others).
                    for k, index in enumerate(indices):
                        part = value if len(indices) == 1 else b.extract_element(value, ir.Constant(I32, k))
                        whole.scalar_place(self, index).store(self, part)
                    return
                current = b.load(ptr)
                for k, index in enumerate(indices):
                    part = value if len(indices) == 1 else b.extract_element(value, ir.Constant(I32, k))
                    current = b.insert_element(current, part, ir.Constant(I32, index))
                b.store(current, ptr)
                return
        b.store(value, self.emit_lvalue(target))

    def _without_address(self, expr: A.Expr) -> bool:
        """An lvalue with no address of its own: a swizzle of a vector or
        scalar, a matrix member (`m._m01`), a bit-field."""
        while isinstance(expr, A.ParenExpr):
            expr = expr.inner
        if isinstance(expr, A.MemberExpr):
            base_t = self.expr_type(expr.object)
            if isinstance(base_t, (T.VectorType, T.ScalarType, T.MatrixType)) and base_t.is_numeric:
                return True
        if isinstance(expr, A.CastExpr):
            return True         # `(Base)derived`: copied in and out of the derived's leading members
        return self._is_bit_field(expr)

    def _is_bit_field(self, expr: A.Expr) -> bool:
        """Whether `expr` names a bit-field member (written through its place)."""
        if isinstance(expr, A.MemberExpr):
            return bit_field_member(self, self.expr_type(expr.object), expr.member.name) is not None
        if isinstance(expr, A.NameExpr):
            sym = self.symbol_of(expr)
            return isinstance(sym, VarSymbol) and sym.bit_field is not None
        return False

    def emit_assign(self, expr: A.AssignExpr) -> ir.Value:
        info = self.call_info(expr)
        if info is not None:
            if not self.api_matrix(self.expr_type(expr.target)):
                # A user struct's compound assignment operator.
                return self.inline_call(expr, info, [expr.value])
            # `m += 2.0f` on a dx::linalg matrix: an operator member call.
            return lower_operator_call(self, expr, info)
        target_t = self.expr_type(expr.target)
        if isinstance(target_t, T.WaveMatrixType):
            raise LowerError(_WAVE_MATRIX_COPY, expr.span)
        copy = self._resource_array_copy(expr.value, target_t, "copy") if expr.op == "=" else None
        if copy is not None:
            # A whole bound resource array into an array of handles (an
            # assigned array-of-resources parameter, a local array).
            value = self.builder.load(copy)
        elif expr.op == "=":
            value = self.emit_converted(expr.value, target_t)
        else:
            current = self.emit_expr(expr.target)
            value_t = self.expr_type(expr.value)
            rhs = self.emit_expr(expr.value)
            value = self.arith(expr.op[:-1], current, target_t, rhs, value_t, target_t, expr.span)
            # `i += v` computes in the operands' common type, then converts
            # back to the target (truncating a vector, as sema warned).
            common = binary_operand_type(_int_if_enum(target_t), _int_if_enum(value_t))[0]
            if expr.op[:-1] not in ("<<", ">>") and common is not None:
                value = self.convert(value, literal_default(common), target_t, True, expr.span)
            elif target_t.element is T.BOOL:
                # `b <<= 1`: a bool shifts as an int, and stores as a bool.
                value = self.convert(value, T.with_element(target_t, T.INT), target_t, True, expr.span)
        self.store_to(expr.target, value)
        return value

    def emit_increment(self, operand: A.Expr, op: str, postfix: bool) -> ir.Value:
        t = self.expr_type(operand)
        old = self.emit_expr(operand)
        one = self.convert(ir.Constant(I32, 1), T.INT, t)
        new = self.arith("+" if op == "++" else "-", old, t, one, t, t, operand.span)
        self.store_to(operand, new)
        return old if postfix else new

    def emit_unary(self, expr: A.UnaryExpr) -> ir.Value:
        if expr.op in ("++", "--"):
            return self.emit_increment(expr.operand, expr.op, postfix=False)
        t = self.expr_type(expr)
        src_t = self.expr_type(expr.operand)
        value = self.emit_expr(expr.operand)
        b = self.builder
        if expr.op == "+":
            return value
        if expr.op == "!":
            return self._by_rows(b.not_, self.convert(value, src_t, T.with_element(src_t, T.BOOL)))
        value = self.convert(value, src_t, t)
        if expr.op == "-":
            if isinstance(value, ir.Constant) and isinstance(value.constant, (int, float)):
                return ir.Constant(value.type, -value.constant)
            return self._by_rows(b.fneg if _is_float(t) else b.neg, value)
        if expr.op == "~":
            if isinstance(value, ir.Constant) and isinstance(value.constant, int):
                return ir.Constant(value.type, ~value.constant)
            return self._by_rows(b.not_, value)
        raise LowerError(f"unsupported unary operator '{expr.op}'", expr.span)

    def emit_conditional(self, expr: A.ConditionalExpr) -> ir.Value:
        t = self.expr_type(expr)
        if self.options.hlsl_version < 2021 and (t.is_scalar or isinstance(t, (T.VectorType, T.MatrixType))):
            # HLSL 2018 and earlier: both values, chosen element by element
            # by a condition of the result's shape (a matrix row by row).
            cond = self.emit_converted(expr.cond, T.with_element(t, T.BOOL))
            return self._by_rows(self.builder.select, cond, self.emit_converted(expr.then, t),
                                 self.emit_converted(expr.otherwise, t))
        known = self._known_condition(expr)
        if known is not None:
            # `true ? A : B`: the value it takes (the other is never evaluated).
            return self.emit_converted(expr.then if known else expr.otherwise, t)
        cond = self.emit_condition(expr.cond)
        b = self.builder
        slot = self.alloca(self.llt(t), "cond")
        then_bb = b.function.append_basic_block("cond.then")
        else_bb = b.function.append_basic_block("cond.else")
        end_bb = b.function.append_basic_block("cond.end")
        b.cbranch(cond, then_bb, else_bb)
        b.position_at_end(then_bb)
        b.store(self.emit_converted(expr.then, t), slot)
        b.branch(end_bb)
        b.position_at_end(else_bb)
        b.store(self.emit_converted(expr.otherwise, t), slot)
        b.branch(end_bb)
        b.position_at_end(end_bb)
        return b.load(slot)

    def emit_binary(self, expr: A.BinaryExpr) -> ir.Value:
        info = self.call_info(expr)
        if info is not None:
            # A member operator is called on the left operand; a non-member
            # one (HLSL 202x) takes both.
            return self.inline_call(expr, info, [expr.rhs] if info.object is not None else [expr.lhs, expr.rhs])
        op = expr.op
        b = self.builder
        if op in ("&&", "||") and self.options.hlsl_version < 2021:
            # HLSL 2018 and earlier: both sides, element by element.
            t = self.expr_type(expr)
            lhs = self.emit_converted(expr.lhs, t)
            rhs = self.emit_converted(expr.rhs, t)
            return self._by_rows(b.and_ if op == "&&" else b.or_, lhs, rhs)
        if op in ("&&", "||"):
            slot = self.alloca(I1, "logic")
            lhs = self.emit_condition(expr.lhs)
            b.store(lhs, slot)
            rhs_bb = b.function.append_basic_block("logic.rhs")
            end_bb = b.function.append_basic_block("logic.end")
            if op == "&&":
                b.cbranch(lhs, rhs_bb, end_bb)
            else:
                b.cbranch(lhs, end_bb, rhs_bb)
            b.position_at_end(rhs_bb)
            b.store(self.emit_condition(expr.rhs), slot)
            b.branch(end_bb)
            b.position_at_end(end_bb)
            return b.load(slot)
        lt, rt = self.expr_type(expr.lhs), self.expr_type(expr.rhs)
        lhs = self.emit_expr(expr.lhs)
        rhs = self.emit_expr(expr.rhs)
        return self.arith(op, lhs, lt, rhs, rt, self.expr_type(expr), expr.span)

    def _by_rows(self, operation: Any, *values: ir.Value) -> ir.Value:
        """`operation` on scalars or vectors; on matrices (arrays of rows),
        row by row."""
        if not isinstance(values[0].type, ir.ArrayType):
            return operation(*values)
        b = self.builder
        rows = [operation(*(b.extract_value(v, i) for v in values)) for i in range(values[0].type.count)]
        result = ir.Constant(ir.ArrayType(rows[0].type, len(rows)), None)
        for i, row in enumerate(rows):
            result = b.insert_value(result, row, i)
        return result

    def arith(self, op: str, lhs: ir.Value, lt: T.Type, rhs: ir.Value, rt: T.Type, result_t: T.Type,
              span: Span | None) -> ir.Value:
        if isinstance(lt, T.EnumType):
            lt = T.INT
        if isinstance(rt, T.EnumType):
            rt = T.INT
        operand_t, _ = binary_operand_type(lt, rt)
        operand_t = literal_default(operand_t or lt)
        if op in ("<<", ">>"):
            operand_t = literal_default(lt)
            if isinstance(result_t, (T.VectorType, T.MatrixType)) and not isinstance(operand_t, type(result_t)):
                # `1 << v3`: the scalar is splatted to the shift counts' shape,
                # as sema typed the result.
                operand_t = literal_default(result_t)
            if operand_t.element is T.BOOL:
                operand_t = T.with_element(operand_t, T.INT)    # a bool shifts as an int
        a = self.convert(lhs, lt, operand_t)
        c = self.convert(rhs, rt, operand_t if op not in ("<<", ">>") else T.with_element(rt, operand_t.element))
        if op in ("<<", ">>") and a.type != c.type:
            c = self.convert(rhs, rt, operand_t)
        elem = operand_t.element
        if isinstance(a.type, ir.ArrayType):
            # A matrix is an array of rows: the operation row by row.
            b = self.builder
            row_t = T.vector_of(elem, operand_t.cols) if isinstance(operand_t, T.MatrixType) else operand_t
            rows = []
            for i in range(a.type.count):
                rows.append(self.arith(op, b.extract_value(a, i), row_t, b.extract_value(c, i), row_t, row_t, span))
            result = ir.Constant(ir.ArrayType(rows[0].type, len(rows)), None)
            for i, row in enumerate(rows):
                result = b.insert_value(result, row, i)
            return result
        folded = _fold(op, a, c, elem)
        if folded is not None:
            return folded
        b = self.builder
        is_float = elem.kind == "float"
        signed = elem.kind == "int"
        if op in ("==", "!=", "<", ">", "<=", ">="):
            if is_float:
                return b.fcmp_ordered(op, a, c) if op != "!=" else b.fcmp_unordered(op, a, c)
            return (b.icmp_signed if signed else b.icmp_unsigned)(op, a, c)
        table = {
            "+": b.fadd if is_float else b.add, "-": b.fsub if is_float else b.sub,
            "*": b.fmul if is_float else b.mul,
            "/": b.fdiv if is_float else (b.sdiv if signed else b.udiv),
            "%": b.frem if is_float else (b.srem if signed else b.urem),
            "&": b.and_, "|": b.or_, "^": b.xor, "<<": b.shl, ">>": b.ashr if signed else b.lshr,
        }
        fn = table.get(op)
        if fn is None:
            raise LowerError(f"unsupported operator '{op}'", span)
        return fn(a, c)

    # --- conversions -------------------------------------------------------

    def convert(self, value: ir.Value, src: T.Type, dst: T.Type, explicit: bool = False,
                span: Span | None = None) -> ir.Value:
        if isinstance(src, T.EnumType):
            src = T.INT
        if isinstance(dst, T.EnumType):
            dst = T.INT
        if src is dst:
            return value
        if isinstance(src, T.HeapDescriptorType) and isinstance(dst, T.ResourceType):
            return self.res.heap_handle(value, self.heap_indices.get(id(value), False), dst)
        if isinstance(src, T.ResourceType) and src.shape.family in ("cbuffer", "tbuffer") and src.elem is dst:
            return CBufferPlace(value, None, 0, dst, self.cbuffer_layouts.of(dst),
                                src.shape.family == "tbuffer").load(self)
        b = self.builder
        dst_ty = self.llt(dst, span) if dst.is_numeric else None
        if isinstance(src, T.ScalarType) and isinstance(dst, T.ScalarType):
            return self._scalar_convert(value, src, dst)
        if isinstance(src, T.ScalarType) and isinstance(dst, (T.VectorType, T.MatrixType)):
            scalar = self._scalar_convert(value, src, dst.element)
            if isinstance(dst, T.VectorType):
                if isinstance(scalar, ir.Constant):
                    return ir.Constant(dst_ty, [scalar] * dst.size)
                return self._splat(scalar, dst_ty)
            row_t = T.vector_of(dst.elem, dst.cols)
            row = self.convert(value, src, row_t)
            result = ir.Constant(dst_ty, None)
            for i in range(dst.rows):
                result = b.insert_value(result, row, i)
            return result
        if isinstance(src, T.VectorType) and isinstance(dst, T.ScalarType):
            first = b.extract_element(value, ir.Constant(I32, 0))
            return self._scalar_convert(first, src.elem, dst)
        if isinstance(src, T.VectorType) and isinstance(dst, T.VectorType):
            if src.size == 1 and dst.size > 1:
                # A one-component vector widens like its scalar.
                first = b.extract_element(value, ir.Constant(I32, 0))
                return self.convert(first, src.elem, dst, explicit, span)
            if src.size > dst.size:
                value = b.shuffle_vector(value, self.unused_lanes(value.type),
                                         ir.Constant(ir.VectorType(I32, dst.size), list(range(dst.size))))
                src = T.vector_of(src.elem, dst.size)
            if src.elem is dst.elem:
                return value
            return self._vector_convert(value, src, dst)
        if isinstance(dst, T.ClassType) and isinstance(src, T.ScalarType) and explicit:
            # `(S)0`: every member from the scalar.
            if dst.instance.data_members is not None:
                return build_struct(self, dst, lambda t: self.convert(value, src, t, True, span))
            result = ir.Constant(self.llt(dst), None)
            for i, f in enumerate(dst.instance.fields):
                result = b.insert_value(result, self.convert(value, src, self.engine.var_type(f), True, span), i)
            return result
        if type(src) is type(dst) and self.llt(src) == self.llt(dst):
            return value
        if isinstance(src, T.ClassType) and isinstance(dst, T.ClassType) and self._leads(dst, src):
            # A derived struct as its base: the base's members lead it.
            result = ir.Constant(self.llt(dst), None)
            for i in range(len(dst.instance.fields)):
                result = b.insert_value(result, b.extract_value(value, i), i)
            return result
        if isinstance(src, T.MatrixType) and isinstance(dst, T.MatrixType):
            # Truncation keeps the upper-left block; the element type converts.
            result = ir.Constant(self.llt(dst), None)
            row_src = T.vector_of(src.elem, src.cols)
            row_dst = T.vector_of(dst.elem, dst.cols)
            for r in range(dst.rows):
                row = self.convert(b.extract_value(value, r), row_src, row_dst, explicit, span)
                result = b.insert_value(result, row, r)
            return result
        if isinstance(src, T.MatrixType) and isinstance(dst, T.ScalarType):
            first = b.extract_element(b.extract_value(value, 0), ir.Constant(I32, 0))
            return self._scalar_convert(first, src.elem, dst)
        if _flattens(src) and _flattens(dst):
            # HLSL's element-wise casts (vector to matrix, array to matrix,
            # struct to array, ...): the scalars in order, a single one splat.
            scalars = self._scalars_of(value, src)
            want = _flat_scalars(dst, self.engine)
            if len(scalars) == 1 and want > 1:
                scalars = scalars * want
            if len(scalars) >= want:
                return self._build_from_scalars(scalars[:want], dst, span)
        raise LowerError(f"code generation does not support converting '{src.spell()}' to '{dst.spell()}'", span)

    def _string_character(self, expr: A.IndexExpr) -> ir.Value:
        """`"AB\\0"[i]`: the character (an int, a signed char's value); with
        an index not constant, read from a constant table of the literal's
        characters, its NUL included (one table per literal text)."""
        try:
            return self.const_of(self.engine.evaluate(expr, self._const_env()), T.INT)
        except SemaError:
            pass
        literal = expr.base
        while isinstance(literal, A.ParenExpr):
            literal = literal.inner
        data = string_literal_bytes(literal.value) + b"\0"
        table = self._string_tables.get(data)
        if table is None:
            ty = ir.ArrayType(I32, len(data))
            table = ir.GlobalVariable(self.module, ty, self.module.get_unique_name("string"))
            table.linkage = "internal"
            table.global_constant = True
            table.initializer = ir.Constant(ty, [ir.Constant(I32, c - 256 if c >= 128 else c) for c in data])
            self._string_tables[data] = table
        index = self._to_i32(self.emit_expr(expr.index))
        return self.builder.load(self.builder.gep(table, [ir.Constant(I32, 0), index]))

    def _leads(self, first: T.ClassType, whole: T.ClassType) -> bool:
        """Whether the members of `first` are the leading members of `whole`
        (a base class in its derived class): otherwise a struct cast goes
        element by element (`(B)a` of two structs holding four uints each,
        laid out differently)."""
        mine, theirs = first.instance.fields, whole.instance.fields
        return len(mine) <= len(theirs) and all(
            a is b or self.llt(self.engine.var_type(a)) == self.llt(self.engine.var_type(b))
            for a, b in zip(mine, theirs))

    def _vector_convert(self, value: ir.Value, src: T.VectorType, dst: T.VectorType) -> ir.Value:
        """Element conversion of a whole vector with one vector instruction
        (as DXC writes `fpext <8 x half> ... to <8 x float>`)."""
        dst_ty = self.llt(dst)
        return self._element_cast(value, src.elem, dst.elem, value.type.element, dst_ty)

    def _scalar_convert(self, value: ir.Value, src: T.ScalarType, dst: T.ScalarType) -> ir.Value:
        dst_ty = self.llt(dst)
        if isinstance(value, ir.Constant) and isinstance(value.constant, (int, float)) and value.constant is not None:
            v = value.constant
            if dst.kind == "bool":
                return ir.Constant(I1, 1 if v else 0)
            if dst.kind == "float":
                return fconst(dst_ty, float(v))
            return ir.Constant(dst_ty, integer_constant(v, dst_ty.width, dst.kind == "int"))
        if value.type == dst_ty and src.kind == dst.kind:
            return value
        return self._element_cast(value, src, dst, value.type, dst_ty)

    def _element_cast(self, value: ir.Value, src: T.ScalarType, dst: T.ScalarType, src_el: ir.Type,
                      dst_ty: ir.Type) -> ir.Value:
        """The cast instruction between two element kinds; `value` and
        `dst_ty` are scalars or vectors of `src_el` and its target."""
        b = self.builder
        dst_el = dst_ty.element if isinstance(dst_ty, ir.VectorType) else dst_ty
        if dst.kind == "bool":
            zero = ir.Constant(src_el, 0.0 if src.kind == "float" else 0)
            if isinstance(value.type, ir.VectorType):
                zero = ir.Constant(value.type, [zero] * value.type.count)
            return b.fcmp_unordered("!=", value, zero) if src.kind == "float" else b.icmp_unsigned("!=", value, zero)
        if src.kind == "bool":
            return b.uitofp(value, dst_ty) if dst.kind == "float" else b.zext(value, dst_ty)
        if src.kind == "float" and dst.kind == "float":
            if src_el == dst_el:
                return value
            return b.fpext(value, dst_ty) if _float_bits(src_el) < _float_bits(dst_el) else b.fptrunc(value, dst_ty)
        if src.kind == "float":
            return b.fptosi(value, dst_ty) if dst.kind == "int" else b.fptoui(value, dst_ty)
        if dst.kind == "float":
            return b.sitofp(value, dst_ty) if src.kind == "int" else b.uitofp(value, dst_ty)
        if src_el.width == dst_el.width:
            return value
        if src_el.width > dst_el.width:
            return b.trunc(value, dst_ty)
        return b.sext(value, dst_ty) if src.kind == "int" else b.zext(value, dst_ty)

    def _to_i32(self, value: ir.Value) -> ir.Value:
        if value.type == I32:
            return value
        if isinstance(value, ir.Constant) and isinstance(value.type, ir.IntType):
            return ir.Constant(I32, value.constant)
        if isinstance(value.type, ir.IntType):
            return self.builder.zext(value, I32) if value.type.width < 32 else self.builder.trunc(value, I32)
        return self.builder.fptoui(value, I32)

    # --- members -------------------------------------------------------------

    def emit_member(self, expr: A.MemberExpr) -> ir.Value:
        if isinstance(self.symbol_of(expr), T.ConstValue):
            return self.const_of(self.symbol_of(expr), self.expr_type(expr))    # `array.Length` (HLSL 2016)
        if _is_static_member(self.symbol_of(expr)):
            return self.emit_name(expr)     # `x.s` is `S::s`
        if rooted_outside(self, expr) or self._is_bit_field(expr):
            return load_place(self, expr)
        base_t = self.expr_type(expr.object)
        b = self.builder
        if isinstance(base_t, (T.VectorType, T.ScalarType)) and base_t.is_numeric:
            value = self.emit_expr(expr.object)
            indices = _swizzle_indices(expr.member.name)
            if isinstance(base_t, T.ScalarType):
                if len(indices) == 1:
                    return value
                vec_ty = ir.VectorType(value.type, len(indices))
                out = ir.Constant(vec_ty, None)
                for k in range(len(indices)):
                    out = b.insert_element(out, value, ir.Constant(I32, k))
                return out
            if len(indices) == 1:
                return b.extract_element(value, ir.Constant(I32, indices[0]))
            return b.shuffle_vector(value, self.unused_lanes(value.type),
                                    ir.Constant(ir.VectorType(I32, len(indices)), indices))
        if isinstance(base_t, T.ClassType) and not self.api_matrix(base_t):
            names = [f.name for f in base_t.instance.fields]
            if expr.member.name in names:
                return b.extract_value(self.emit_expr(expr.object), names.index(expr.member.name))
            sym = self.engine.members_of(base_t.instance).get(expr.member.name, [None])[0]
            if isinstance(sym, VarSymbol):
                return self.const_of(self.engine.var_value(sym, expr.span), self.expr_type(expr))
        if isinstance(base_t, T.MatrixType):
            return self._matrix_members(self.emit_expr(expr.object), base_t, expr.member.name, expr.span)
        raise LowerError("code generation does not support this member access yet", expr.span)

    def build_vector(self, parts: list[ir.Value]) -> ir.Value:
        """A vector of the given scalars (folded to a constant when they are)."""
        ty = ir.VectorType(parts[0].type, len(parts))
        if all(isinstance(p, ir.Constant) for p in parts):
            return ir.Constant(ty, list(parts))
        vec = ir.Constant(ty, None)
        for k, part in enumerate(parts):
            vec = self.builder.insert_element(vec, part, ir.Constant(I32, k))
        return vec

    def _splat(self, scalar: ir.Value, vector_type: ir.VectorType) -> ir.Value:
        """`scalar` in every lane: LLVM's idiom, an insertelement into lane 0
        and a shufflevector with an all-zero mask (two instructions, not one
        per lane: a vector<half, 64> splat was 64 instructions)."""
        b = self.builder
        undef = _VectorUndef(vector_type)
        one = b.insert_element(undef, scalar, ir.Constant(I32, 0))
        return b.shuffle_vector(one, undef, _ZeroMask(vector_type.count))

    def _matrix_members(self, value: ir.Value, m: T.MatrixType, name: str, span: Span | None) -> ir.Value:
        parts = re.findall(r"_m([0-3])([0-3])|_([1-4])([1-4])", name)
        comps = []
        for a, c, d, e in parts:
            row, col = (int(a), int(c)) if a else (int(d) - 1, int(e) - 1)
            comps.append(self.builder.extract_element(self.builder.extract_value(value, row), ir.Constant(I32, col)))
        if len(comps) == 1:
            return comps[0]
        vec = ir.Constant(ir.VectorType(comps[0].type, len(comps)), None)
        for k, comp in enumerate(comps):
            vec = self.builder.insert_element(vec, comp, ir.Constant(I32, k))
        return vec

    # ------------------------------------------------------------------
    # Calls

    def emit_call(self, expr: A.CallExpr) -> ir.Value:
        info = self.call_info(expr)
        if info is None:
            raise LowerError("internal: call without resolution", expr.span)
        if info.kind == "construct":
            return self.emit_construct(expr, info)
        if info.kind == "intrinsic":
            return lower_intrinsic(self, expr, info)
        if info.kind == "wavematrix":
            return wavematrix.lower_method(self, expr, info)
        if info.kind == "linalg_builtin":
            if self.options.high_level:
                return high_level.lower_builtin(self, expr, info)
            return dxc_linalg.lower_builtin(self, expr, info)
        if info.kind == "printf":
            lower_printf(self, expr, info)
            return None  # type: ignore[return-value]  # a void call's value is never used
        if info.kind == "vk_raw_buffer":
            return self._vk_raw_buffer(expr, info)
        if info.kind == "graphics":
            raise LowerError(f"'{info.target}' belongs to a graphics shader stage: hlslc generates code for compute "
                             "shaders only", expr.span)
        fn = info.target
        if info.linalg is not None or self.api_matrices and _is_linalg_function(fn):
            return lower_linalg_call(self, expr, info)
        if fn.decl.body is None:
            if self.options.offline and fn.owner is None:
                # lib_6_x: defined in another library, found when linked.
                return high_level.call_function(self, expr, info)
            raise LowerError(f"function '{fn.name}' is declared but never defined", expr.span)
        if high_level.keeps_call(self, fn):
            return high_level.call_function(self, expr, info)
        return self.inline_call(expr, info)

    def emit_construct(self, expr: A.CallExpr, info: CallInfo) -> ir.Value:
        target = info.return_type
        if not expr.args and rayquery.is_ray_query(target):
            return rayquery.allocate(self, target, expr.span)        # `RayQuery<F>()`: a new query
        if len(expr.args) == 1:
            return self.convert(self.emit_expr(expr.args[0]), self.expr_type(expr.args[0]), target, explicit=True,
                                span=expr.span)
        scalars = []
        for arg in expr.args:
            scalars.extend(self._scalars_of(self.emit_expr(arg), self.expr_type(arg)))
        return self._build_from_scalars(scalars, target, expr.span)

    def inline_call(self, expr: A.Expr, info: CallInfo, arg_exprs: "list[A.Expr] | None" = None) -> ir.Value:
        """Emit a user function's body in place of the call (as DXC inlines
        everything into a compute entry).  A member function's object is
        `this`: the object's own storage, or a copy of a buffer element or
        constant written back after the call when it can be written."""
        fn: FunctionSymbol = info.target
        if id(fn) in self.inlining:
            raise LowerError(f"recursive call to '{fn.name}'", expr.span)
        args = expr.args if arg_exprs is None else arg_exprs
        sig = self.engine.signature_of(fn)
        frame = Frame(fn, self.sema.function_tables.get(id(fn)))
        frame.ret_type = sig.return_type
        b = self.builder
        write_back = None
        if fn.owner is not None and not fn.is_static:
            if info.object is not None:
                place = emit_place(self, info.object)
                if isinstance(place, PointerPlace):
                    frame.this_ptr = place.pointer
                else:
                    frame.this_ptr = self.alloca(self.llt(place.type), "this")
                    b.store(place.load(self), frame.this_ptr)
                    if place.writable:
                        write_back = place
            else:
                frame.this_ptr = self.this_pointer(expr.span)
        copy_out: list[tuple[ir.Value, A.Expr, T.Type, T.Type]] = []
        for param, ptype, arg in zip(sig.param_decls, sig.param_types, args):
            var = self._param_symbol(fn, param)
            if "inout" in param.modifiers and isinstance(ptype, T.ResourceType) and self._is_bound_resource(arg):
                # A global resource given to an `inout` resource parameter:
                # its handle in a slot of the call's own (nothing is copied
                # back into a resource the application binds).
                slot = self.alloca(self.llt(ptype), param.name or "arg")
                b.store(self.emit_converted(arg, ptype), slot)
                if var is not None:
                    frame.vars[id(var)] = slot
                continue
            if ("out" in param.modifiers or "inout" in param.modifiers) and (
                    rooted_outside(self, arg) or self._without_address(arg)):
                # A buffer element or constant, a vector's components
                # (`f(c.r, c.g)`), a bit-field: copied in and out through a
                # temporary, as HLSL passes out parameters.
                arg_t = self.expr_type(arg)
                temp = self.alloca(self.llt(ptype), param.name or "out")
                if "inout" in param.modifiers:
                    b.store(self.convert(self.emit_expr(arg), arg_t, ptype, True, arg.span), temp)
                copy_out.append((temp, arg, ptype, arg_t))
                if var is not None:
                    frame.vars[id(var)] = temp
                continue
            if "groupshared" in param.modifiers:
                # A groupshared parameter (HLSL 202x) is the caller's memory.
                if var is not None:
                    frame.vars[id(var)] = self.emit_lvalue(arg)
                continue
            if "out" in param.modifiers or "inout" in param.modifiers or isinstance(ptype, T.WaveMatrixType):
                copy = self._resource_array_copy(arg, ptype, param.name or "arg")
                if copy is not None:
                    # A bound global resource array given to an `inout`
                    # array-of-resources parameter: the handles in, and
                    # nothing out (a bound array's bindings do not change).
                    if var is not None:
                        frame.vars[id(var)] = copy
                    continue
                arg_t = self.expr_type(arg)
                pointer = self.emit_lvalue(arg)
                if not isinstance(ptype, T.WaveMatrixType) and pointer.type.pointee != self.llt(ptype):
                    # A different type: HLSL copies in (inout) and out, converting.
                    temp = self.alloca(self.llt(ptype), param.name or "out")
                    if "inout" in param.modifiers:
                        b.store(self.convert(b.load(pointer), arg_t, ptype, True, arg.span), temp)
                    copy_out.append((temp, arg, ptype, arg_t))
                    pointer = temp
                if var is not None:
                    frame.vars[id(var)] = pointer
                continue
            alias = self._resource_array_alias(arg, ptype, var)
            if alias is not None:
                if var is not None:
                    frame.vars[id(var)] = alias
                continue
            copy = self._resource_array_copy(arg, ptype, param.name or "arg")
            if copy is not None:
                # The parameter is assigned: a local array of the handles.
                if var is not None:
                    frame.vars[id(var)] = copy
                continue
            value = self.emit_converted(arg, ptype)
            if isinstance(ptype, T.ResourceType) and (var is None or id(var) not in self.sema.written):
                # A resource the function never assigns: the caller's handle.
                # One it assigns (or passes on to an `inout` parameter) gets
                # a slot of its own below.
                if var is not None:
                    frame.vars[id(var)] = Handle(value)
                continue
            slot = self.alloca(value.type, param.name or "arg")
            b.store(value, slot)
            if var is not None:
                frame.vars[id(var)] = slot
        # Defaulted parameters the call left out.
        for param, ptype in list(zip(sig.param_decls, sig.param_types))[len(args):]:
            var = self._param_symbol(fn, param)
            value = None
            if isinstance(ptype, (T.ScalarType, T.EnumType)):
                try:
                    value = self.const_of(self.engine.evaluate(param.default, fn.env), ptype)
                except SemaError:
                    pass
            if value is None:
                # A vector's (`float4(0.5, ...)`), a struct's, or no
                # constant: the expression itself, computed at the call.
                value = self.emit_converted(param.default, ptype)
            slot = self.alloca(value.type, param.name or "arg")
            b.store(value, slot)
            if var is not None:
                frame.vars[id(var)] = slot
        # (`operator[]`'s brackets would read as a type in the IR's names.)
        label = fn.name.replace("[]", ".subscript").replace("()", ".call")
        frame.ret_block = b.function.append_basic_block(f"{label}.exit")
        if sig.return_type is not T.VOID:
            frame.ret_slot = self.alloca(self.llt(sig.return_type), f"{label}.ret")
        self.frames.append(frame)
        self.inlining.append(id(fn))
        entering_header = fn.decl.span is not None and fn.decl.span.file.is_builtin and expr.span is not None \
            and not expr.span.file.is_builtin
        if entering_header:
            self.user_calls.append(expr.span)
        try:
                self.emit_block(fn.decl.body)
        finally:
            if entering_header:
                self.user_calls.pop()
            self.inlining.pop()
            self.frames.pop()
        if not b.block.is_terminated:
            b.branch(frame.ret_block)
        b.position_at_end(frame.ret_block)
        for temp, arg, ptype, arg_t in copy_out:
            self.store_to(arg, self.convert(b.load(temp), ptype, arg_t, True, arg.span))
        if write_back is not None:
            write_back.store(self, b.load(frame.this_ptr))
        if frame.ret_slot is not None:
            return b.load(frame.ret_slot)
        return ir.Constant(I32, 0)


# --------------------------------------------------------------------------
# Helpers

def literal_scalar(t: T.ScalarType) -> T.ScalarType:
    """The type a literal's value takes in memory: int and float."""
    if t.literal:
        return T.INT if t.kind == "int" else T.FLOAT
    return t


def _int_if_enum(t: T.Type) -> T.Type:
    return T.INT if isinstance(t, T.EnumType) else t


class _Bound:
    """A variable that lives in an SSA value (a matrix handle never reassigned)."""
    __slots__ = ("value", "span")

    def __init__(self, value: ir.Value, span: Span | None) -> None:
        self.value = value
        self.span = span


class _KnownConstants:
    """The integer values a function's code fixes before any input is read,
    as DXC's inlining and constant folding find them before it checks
    local resources: constants, locals stored once with a constant (a
    parameter of an inlined call given a literal), and comparisons, casts
    and arithmetic of those.  A branch on such a value takes one path only
    (`if (false) buf = B;`, `store(1)` branching on its parameter)."""

    _BINARY = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
               "and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b}
    _COMPARE = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
                "gt": lambda a, b: a > b, "le": lambda a, b: a <= b, "ge": lambda a, b: a >= b}

    def __init__(self, fn_ir: ir.Function) -> None:
        stored: dict[int, list[ir.Value]] = {}
        escaped: set[int] = set()
        for block in fn_ir.blocks:
            for ins in block.instructions:
                if isinstance(ins, ir.StoreInstr):
                    stored.setdefault(id(ins.operands[1]), []).append(ins.operands[0])
                    escaped.add(id(ins.operands[0]))        # a slot's address stored elsewhere
                    continue
                if isinstance(ins, ir.LoadInstr):
                    continue
                for op in ins.operands:
                    escaped.add(id(op))                     # a GEP, a call's argument: not tracked
        self._single = {k: v[0] for k, v in stored.items() if len(v) == 1 and k not in escaped}
        self._memo: dict[int, int | None] = {}

    def value(self, v: ir.Value, depth: int = 0) -> int | None:
        if depth > 32:
            return None
        key = id(v)
        if key in self._memo:
            return self._memo[key]
        result = self._value(v, depth)
        self._memo[key] = result
        return result

    def _value(self, v: ir.Value, depth: int) -> int | None:
        ty = getattr(v, "type", None)
        if not isinstance(ty, ir.IntType):
            return None
        mask = (1 << ty.width) - 1
        if isinstance(v, ir.Constant):
            c = v.constant
            return int(c) & mask if isinstance(c, (int, bool)) else None
        if isinstance(v, ir.LoadInstr):
            slot = v.operands[0]
            if isinstance(slot, ir.AllocaInstr) and id(slot) in self._single:
                return self.value(self._single[id(slot)], depth + 1)
            return None
        if isinstance(v, ir.ICMPInstr):
            a, b = (self.value(op, depth + 1) for op in v.operands)
            if a is None or b is None:
                return None
            op = v.op               # eq, ne, slt, ult, sge, ...
            compare = self._COMPARE.get(op[1:] if op[0] in "su" else op)
            if compare is None:
                return None
            if op[0] == "s":
                width = v.operands[0].type.width
                a, b = _signed(a, width), _signed(b, width)
            return 1 if compare(a, b) else 0
        if isinstance(v, ir.CastInstr):
            a = self.value(v.operands[0], depth + 1)
            if a is None or not isinstance(v.operands[0].type, ir.IntType):
                return None
            if v.opname == "sext":
                a = _signed(a, v.operands[0].type.width)
            if v.opname in ("zext", "sext", "trunc"):
                return a & mask
            return None
        if isinstance(v, ir.Instruction) and v.opname in self._BINARY and len(v.operands) == 2:
            a, b = (self.value(op, depth + 1) for op in v.operands)
            if a is None or b is None:
                return None
            return self._BINARY[v.opname](a, b) & mask
        return None

    def successors(self, term: ir.Instruction | None) -> list[ir.Block]:
        if term is None:
            return []
        if isinstance(term, ir.ConditionalBranch):
            cond, then, other = term.operands
            known = self.value(cond)
            if known is not None:
                return [then if known else other]
            return [then, other]
        if isinstance(term, ir.SwitchInstr):
            known = self.value(term.value)
            if known is not None:
                for case, target in term.cases:
                    if self.value(case) == known:
                        return [target]
                return [term.default]
            return [t for _, t in term.cases] + [term.default]
        return [op for op in term.operands if isinstance(op, ir.Block)]


def _holds_case_label(stmt: A.Stmt) -> bool:
    """Whether a `case` or `default` label of an enclosing switch sits in
    `stmt` (outside any switch of its own)."""
    return A.any_node(stmt, lambda n: isinstance(n, (A.CaseLabel, A.DefaultLabel)), A.Stmt, (A.SwitchStmt,))


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >> (width - 1) & 1 else value


def _resource_of(handle: ir.Value) -> Any:
    """Which global resource (range) a handle is of: a createHandle's class
    and range, a createHandleFromBinding's binding, through annotateHandle;
    the handle itself otherwise.  Handles of one range at different indices
    are one resource (DXC selects the index)."""
    for _ in range(8):
        if not isinstance(handle, ir.CallInstr) or not handle.args:
            return id(handle)
        name = getattr(handle.callee, "name", "")
        if name.startswith("dx.op.annotateHandle"):
            handle = handle.args[1]
            continue
        if name.startswith("dx.op.createHandleFromHeap"):
            return "heap"
        if name.startswith("dx.op.createHandleFromBinding"):
            return ("binding", str(handle.args[1]))
        if name.startswith("dx.op.createHandle"):
            return ("range", str(handle.args[1]), str(handle.args[2]))
        return id(handle)
    return id(handle)


def _array_leaf(t: T.Type) -> T.Type:
    while isinstance(t, T.ArrayType):
        t = t.elem
    return t


def _flattens(t: T.Type) -> bool:
    """Numbers, and arrays and structs of numbers: what element-wise casts take."""
    if isinstance(t, (T.ScalarType, T.VectorType, T.MatrixType, T.EnumType)):
        return True
    if isinstance(t, T.ArrayType):
        return t.size is not None and _flattens(t.elem)
    if isinstance(t, T.ClassType):
        return all(f.type is not None and _flattens(f.type) for f in t.instance.fields)
    return False


def _flat_scalars(t: T.Type, engine: Any) -> int:
    if isinstance(t, (T.ScalarType, T.EnumType)):
        return 1
    if isinstance(t, (T.VectorType, T.MatrixType)):
        return T.component_count(t)
    if isinstance(t, T.ArrayType):
        return (t.size or 0) * _flat_scalars(t.elem, engine)
    if isinstance(t, T.ClassType):
        return sum(_flat_scalars(engine.var_type(f), engine) for f in t.instance.fields)
    return 0


def _holds_resources(t: T.Type) -> bool:
    while isinstance(t, T.ArrayType):
        t = t.elem
    return isinstance(t, T.ResourceType)


def _is_linalg(t: T.Type) -> bool:
    return isinstance(t, T.ClassType) and t.instance.template is not None \
        and t.instance.template.qualified_name == "dx::linalg::Matrix"


def _is_linalg_function(fn: Any) -> bool:
    owner = getattr(fn, "owner", None)
    if owner is not None and owner.template is not None and owner.template.qualified_name == "dx::linalg::Matrix":
        return True
    return getattr(fn, "qualified_name", "").startswith("dx::linalg::")


def _swizzle_indices(name: str) -> list[int]:
    for letters in ("xyzw", "rgba"):
        if all(ch in letters for ch in name):
            return [letters.index(ch) for ch in name]
    return [0]


def _is_float(t: T.Type) -> bool:
    elem = t.element
    return elem is not None and elem.kind == "float"


def _float_bits(ty: ir.Type) -> int:
    return {ir.HalfType: 16, ir.FloatType: 32, ir.DoubleType: 64}[type(ty)]


def _type_text(ty: ir.Type) -> str:
    """Our overload spelling of an LLVM type: f16/f32/f64/i1..i64, v<N><T>."""
    if isinstance(ty, ir.VectorType):
        return f"v{ty.count}{_type_text(ty.element)}"
    if isinstance(ty, ir.PointerType):
        return f"p{ty.addrspace}{_type_text(ty.pointee)}"
    if isinstance(ty, ir.IntType):
        return f"i{ty.width}"
    return {ir.HalfType: "f16", ir.FloatType: "f32", ir.DoubleType: "f64"}[type(ty)]


def _flatten_items(node: A.InitListExpr) -> list:
    out = []
    for item in node.items:
        if isinstance(item, A.InitListExpr):
            out.extend(_flatten_items(item))
        else:
            out.append(item)
    return out


def _fold(op: str, a: ir.Value, c: ir.Value, elem: T.ScalarType) -> ir.Value | None:
    """Fold an operation on two scalar constants (as DXC's output shows
    `i32 32` for `8 * 4`)."""
    if not (isinstance(a, ir.Constant) and isinstance(c, ir.Constant)):
        return None
    x, y = a.constant, c.constant
    if not isinstance(x, (int, float)) or not isinstance(y, (int, float)) or isinstance(x, bool):
        return None
    if op in ("==", "!=", "<", ">", "<=", ">="):
        if elem.kind in ("uint", "bool") and isinstance(x, int) and isinstance(a.type, ir.IntType):
            mask = (1 << a.type.width) - 1
            x, y = x & mask, y & mask
        outcome = {"==": x == y, "!=": x != y, "<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y}[op]
        return ir.Constant(I1, 1 if outcome else 0)
    try:
        if elem.kind == "float":
            r = {"+": x + y, "-": x - y, "*": x * y, "/": x / y if y else None}.get(op)
            return fconst(a.type, r) if r is not None else None
        width = a.type.width
        mask = (1 << width) - 1
        if elem.kind in ("uint", "bool"):
            # Unsigned values compare and divide by their bit pattern.
            x, y = x & mask, y & mask
        if op in ("/", "%") and y == 0:
            return None
        if op == "/":
            q = abs(x) // abs(y)
            r = q if (x >= 0) == (y >= 0) else -q
        elif op == "%":
            q = abs(x) // abs(y)
            r = x - (q if (x >= 0) == (y >= 0) else -q) * y
        else:
            r = {"+": x + y, "-": x - y, "*": x * y, "&": x & y, "|": x | y, "^": x ^ y,
                 "<<": x << (y & (width - 1)), ">>": (x >> (y & (width - 1))) if elem.kind == "int"
                 else ((x & mask) >> (y & (width - 1)))}.get(op)
            if r is None:
                return None
        r &= mask
        if elem.kind == "int" and r >= 1 << (width - 1):
            r -= 1 << width
        return ir.Constant(a.type, r)
    except (OverflowError, ZeroDivisionError, TypeError):
        return None


def _is_static_member(sym: Any) -> bool:
    return isinstance(sym, VarSymbol) and sym.is_static and sym.owner is not None
