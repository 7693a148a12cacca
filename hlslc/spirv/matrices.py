"""Matrices in SPIR-V: `dx::linalg` (proposal 0035, SM 6.10) and the SM 6.8
Wave Matrix API on SPV_KHR_cooperative_matrix.

A Wave-scope matrix is a cooperative matrix (`OpTypeCooperativeMatrixKHR`,
Subgroup scope) held in a Function variable.  The IR's matrices are
references (`createMatrix` makes one, copies share it, operations update it
in place); every reference that can reach a given variable (through
allocas, copies, selects) is the same SPIR-V variable, so in-place updates
are loads and stores of that variable.  Uses: A -> MatrixAKHR, B ->
MatrixBKHR, Accumulator -> MatrixAccumulatorKHR; Wave Matrix Left -> A
(M x K), Right -> B (K x N), Accumulator -> Accumulator, with K = 16 (the
depth `MatrixDepth()` returns).

| operation | SPIR-V |
| --- | --- |
| Splat / Fill | `OpCompositeConstruct` of the matrix type from the value |
| Load, Store (byte-address buffer) | `OpCooperativeMatrixLoadKHR` / `StoreKHR` through a view of the buffer as an array of the component type (offset and stride converted from bytes to elements) |
| Load, Store (groupshared) | the same on the groupshared array (converting when its element type is not the matrix's) |
| Accumulate | load, `OpFAdd`/`OpIAdd`, store |
| Multiply, MultiplyAccumulate | `OpCooperativeMatrixMulAddKHR` (with `Matrix*SignedComponents` for signed integers) |
| cast (component type) | `OpFConvert`, `OpSConvert`, `OpConvertFToS`, ... on the matrix type |
| `*=` | `OpMatrixTimesScalar` (floats); `+= -= /=` and integer `*=` the arithmetic instruction with a splat matrix |
| Negate | `OpFNegate` / `OpSNegate` |
| Abs, Sin, Cos, Tan | a loop over the invocation's elements (`OpCooperativeMatrixLengthKHR`) |

Thread-scope matrices are never materialised: a matrix loaded from a
byte-address buffer is read in place by `Multiply(vector, matrix)` and
`MultiplyAdd` (a loop over rows and columns per thread), and an outer
product is added into a buffer element by element with atomic adds by
`Accumulate`.  The opaque layouts (MulOptimal, OuterProductOptimal) are
read and written as row-major, tightly packed: Vulkan defines no
driver-chosen layout for them.

Everything else is a located error naming the operation: ThreadGroup
scope, changing a matrix's use in a cast, the thread-vector operations,
SumAccumulate, the accumulator layout query, packed 8-bit component types,
and the Wave Matrix fragments (LeftColAcc, RightRowAcc).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dxil import reader as R
from ..dxil.operands import Operand
from ..dxil.types import IRType
from . import spec
from .base import Handle, Ptr, Slot, SpirvError, Val, no_mapping, resource_handle
from .module import Enum, Id, Lit
from .ops import OPERATIONS, op
from .packing import PackedElement

if TYPE_CHECKING:  # pragma: no cover
    from .translate import Translator

# DXIL MatrixComponentType -> (kind, bits, signed)
_COMPONENTS = {2: ("int", 16, True), 3: ("int", 16, False), 4: ("int", 32, True), 5: ("int", 32, False),
               6: ("int", 64, True), 7: ("int", 64, False), 8: ("float", 16, False), 9: ("float", 32, False),
               10: ("float", 64, False),
               # Four 8-bit values per 32-bit word in memory: a matrix of 8-bit integers.
               17: ("int", 8, True), 18: ("int", 8, False)}
_COMPONENT_NAMES = {1: "I1", 11: "SNormF16", 12: "UNormF16", 13: "SNormF32", 14: "UNormF32", 15: "SNormF64",
                    16: "UNormF64", 17: "PackedS8x32", 18: "PackedU8x32"}
_SCOPES = {0: "Thread", 1: "Wave", 2: "ThreadGroup"}
_USES = {0: "A", 1: "B", 2: "Accumulator"}
WAVE_MATRIX_DEPTH = 16
_WAVE_KINDS = {0: "Left", 1: "Right", 2: "LeftColAcc", 3: "RightRowAcc", 4: "Accumulator"}


class MatrixType:
    def __init__(self, component: int, rows: int, cols: int, use: int, scope: int) -> None:
        self.component = component
        self.rows = rows
        self.cols = cols
        self.use = use
        self.scope = scope

    def key(self) -> tuple:
        return (self.component, self.rows, self.cols, self.use, self.scope)

    def describe(self) -> str:
        comp = _COMPONENT_NAMES.get(self.component) or {2: "I16", 3: "U16", 4: "I32", 5: "U32", 6: "I64",
                                                        7: "U64", 8: "F16", 9: "F32", 10: "F64"}.get(
            self.component, str(self.component))
        return f"{comp} {self.rows}x{self.cols} {_USES.get(self.use, self.use)} {_SCOPES.get(self.scope)}"


class Matrix:
    """One matrix the SPIR-V holds: every IR reference that can reach it."""

    def __init__(self, name: str, mtype: MatrixType) -> None:
        self.name = name
        self.type = mtype
        self.var: int | None = None
        self.group_var: int | None = None      # ThreadGroup scope: its groupshared array
        # Thread scope: where the elements are (set by a load or an outer product).
        self.source: dict[str, Any] | None = None
        self.writers: set[str] = set()


class Matrices:
    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.m = tr.m
        self.parent: dict[str, str] = {}
        self.types: dict[str, MatrixType] = {}
        self.objects: dict[str, Matrix] = {}

    def generic(self, mt: MatrixType) -> bool:
        """A ThreadGroup-scope matrix done by generic code (not a Workgroup-scope
        cooperative matrix)."""
        return mt.scope == 2 and not self.tr.options.workgroup_matrices

    # -- which references are one matrix ----------------------------------------

    def _find(self, name: str) -> str:
        parent = self.parent.setdefault(name, name)
        if parent == name:
            return name
        root = self._find(parent)
        self.parent[name] = root
        return root

    def _union(self, a: str, b: str) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self.parent[ra] = rb

    def prepare(self) -> None:
        """Group the IR's matrix references into matrices, and read their
        types from the operations that make them."""
        tr = self.tr
        for name in tr.graph.order:
            node = tr.graph.nodes[name]
            if node.ir is None:
                continue
            for ins in node.ir.instructions:
                self._scan(ins)
        for name, mtype in list(self.types.items()):
            root = self._find(name)
            existing = self.objects.get(root)
            if existing is None:
                self.objects[root] = Matrix(root, mtype)
            elif existing.type.key() != mtype.key():
                raise SpirvError(f"one matrix variable holds matrices of two types ({existing.type.describe()} "
                                 f"and {mtype.describe()})")

    def _scan(self, ins: Any) -> None:
        tr = self.tr
        op_name = ins.opcode
        if op_name == "call" and ins.callee and ins.callee.startswith("@dx.op."):
            args = ins.args
            opcode = args[0].const if args else None
            if opcode == 400 and ins.result:
                values = [a.const for a in args[1:6]]
                if None in values:
                    raise SpirvError("a matrix type with a dimension chosen at run time", ins.line)
                comp, rows, cols, use, scope = values
                self.types[ins.result] = MatrixType(comp, rows, cols, use, scope)
                self._find(ins.result)
            elif opcode == 419 and ins.result:
                values = [a.const for a in args[1:5]]
                comp, rows, cols, scope = values
                self.types[ins.result] = MatrixType(comp, rows, cols, 2, scope)
            elif opcode == 226:
                target = args[1].value
                props = _struct_ints(args[2].value)
                kind, comp, dim_m, dim_n = props
                if kind in (2, 3):
                    self.types[target] = MatrixType(comp, dim_m, 1, -kind, 1)
                else:
                    rows = dim_m if kind in (0, 4) else WAVE_MATRIX_DEPTH
                    cols = WAVE_MATRIX_DEPTH if kind == 0 else dim_n
                    use = {0: 0, 1: 1, 4: 2}[kind]
                    self.types[target] = MatrixType(comp, rows, cols, use, 1)
            elif opcode is not None and args:
                writes = {401: 1, 402: 1, 403: 2, 404: 2, 405: 1, 406: 1, 407: 1, 412: 3, 413: 3, 414: 3, 420: 1}
                k = writes.get(opcode)
                if k is not None and k < len(args) and args[k].is_local:
                    self.parent.setdefault(args[k].value, args[k].value)
                    self._writers(args[k].value).add(str(opcode))
            return
        if op_name in ("store",):
            parsed = tr.parse(ins)
            value, ptr = parsed.operands
            if value.type.kind == "matref" and value.is_local and ptr.is_local:
                self._union(value.value, ptr.value)
        elif op_name == "load":
            parsed = tr.parse(ins)
            if parsed.type.kind == "matref" and parsed.operands[0].is_local:
                self._union(ins.result, parsed.operands[0].value)
        elif op_name in ("select", "phi", "bitcast", "getelementptr") and ins.result:
            parsed = tr.parse(ins)
            if parsed.type is not None and (parsed.type.kind == "matref" or op_name in ("bitcast", "getelementptr")
                                            and _is_matrix_pointer(parsed)):
                for operand in parsed.operands:
                    if operand.is_local and operand.type.kind in ("matref", "pointer"):
                        self._union(ins.result, operand.value)

    def _writers(self, name: str) -> set[str]:
        pending = getattr(self, "_pending_writers", None)
        if pending is None:
            pending = self._pending_writers = {}
        return pending.setdefault(name, set())

    def writers_of(self, matrix: Matrix) -> set[str]:
        out: set[str] = set()
        for name, ops in getattr(self, "_pending_writers", {}).items():
            if self._find(name) == matrix.name:
                out |= ops
        return out

    def wave_matrix_alloca(self, name: str) -> Matrix:
        return self.of_name(name)

    def of_name(self, name: str) -> Matrix:
        found = self.objects.get(self._find(name))
        if found is None:
            raise SpirvError("a matrix reference that no matrix operation made")
        return found

    # -- values ---------------------------------------------------------------

    def matrix(self, operand: Operand) -> Matrix:
        value = self.tr.get(operand)
        if isinstance(value, Matrix):
            return value
        if isinstance(value, Slot) or operand.is_local:
            return self.of_name(operand.value)
        raise SpirvError("a matrix operand that no matrix operation made")

    def coop_type(self, mt: MatrixType) -> int:
        scope = spec.SCOPE["Subgroup"]
        if mt.scope == 2:
            if not self.tr.options.workgroup_matrices:
                raise no_mapping("a ThreadGroup-scope matrix",
                                 "Vulkan's cooperative matrices are per subgroup (use Wave scope)")
            scope = spec.SCOPE["Workgroup"]
            self.m.extension("SPV_NV_cooperative_matrix2")
        if mt.use < 0:
            raise no_mapping(f"the Wave Matrix fragment {_WAVE_KINDS[-mt.use]}")
        comp = _COMPONENTS.get(mt.component)
        if comp is None:
            raise no_mapping(f"a matrix of component type {_COMPONENT_NAMES.get(mt.component, mt.component)}")
        component = self.m.t_float(comp[1]) if comp[0] == "float" else self.m.t_int(comp[1])
        return self.m.t_coop_matrix(component, scope, mt.rows, mt.cols, mt.use)

    def variable(self, mat: Matrix) -> int:
        if mat.type.scope == 0:
            raise no_mapping(f"this operation on a Thread-scope matrix ({mat.type.describe()})",
                             "Thread-scope matrices are read in place by Multiply and MultiplyAdd only")
        if mat.var is None:
            mat.var = self.tr.local_var(self.coop_type(mat.type), mat.name.lstrip("%"))
        return mat.var

    def load(self, mat: Matrix) -> int:
        return self.tr.emit("Load", self.coop_type(mat.type), Id(self.variable(mat)))

    def store(self, mat: Matrix, value: int) -> None:
        self.tr.emit_void("Store", Id(self.variable(mat)), Id(value))

    def component_type(self, mt: MatrixType) -> int:
        comp = _COMPONENTS.get(mt.component)
        if comp is None:
            raise no_mapping(f"a matrix of component type {_COMPONENT_NAMES.get(mt.component, mt.component)}")
        return self.m.t_float(comp[1]) if comp[0] == "float" else self.m.t_int(comp[1])

    def convert_scalar(self, value: Val, to: tuple[str, int, bool], signed_source: bool | None = None) -> int:
        """A scalar converted to a component type."""
        tr = self.tr
        kind, bits, signed = to
        target = self.m.t_float(bits) if kind == "float" else self.m.t_int(bits)
        src = value.ty
        source_signed = signed if signed_source is None else signed_source
        if src.kind == "bool":
            one = self.m.const_float(target, 1.0) if kind == "float" else self.m.const_int(target, 1)
            return tr.emit("Select", target, Id(value.id), Id(one), Id(self.m.const_null(target)))
        if tr.stype(src) == target:
            return value.id
        if src.kind == "float" and kind == "float":
            return tr.emit("FConvert", target, Id(value.id))
        if src.kind == "float":
            return tr.emit("ConvertFToS" if signed else "ConvertFToU", target, Id(value.id))
        if kind == "float":
            return tr.emit("ConvertSToF" if source_signed else "ConvertUToF", target, Id(value.id))
        return tr.emit("SConvert" if source_signed else "UConvert", target, Id(value.id))

    def convert_matrix(self, value: int, src: MatrixType, dst: MatrixType) -> int:
        """A cooperative matrix converted to another component type."""
        s = component_of(src)
        d = component_of(dst)
        target = self.coop_type(dst)
        if src.component == dst.component or (s[0] == d[0] == "int" and s[1] == d[1]):
            return value if src.component == dst.component else self.tr.emit("Bitcast", target, Id(value))
        if s[0] == "float" and d[0] == "float":
            name = "FConvert"
        elif s[0] == "float":
            name = "ConvertFToS" if d[2] else "ConvertFToU"
        elif d[0] == "float":
            name = "ConvertSToF" if s[2] else "ConvertUToF"
        else:
            name = "SConvert" if s[2] else "UConvert"
        return self.tr.emit(name, target, Id(value))

    def splat(self, mt: MatrixType, value: Val) -> int:
        comp = _COMPONENTS.get(mt.component)
        if comp is None:
            raise no_mapping(f"a matrix of component type {_COMPONENT_NAMES.get(mt.component, mt.component)}")
        scalar = self.convert_scalar(value, comp)
        return self.tr.emit("CompositeConstruct", self.coop_type(mt), Id(scalar))

    def layout(self, operand: Operand, what: str) -> int:
        value = operand.const_int
        if value is None:
            raise no_mapping(f"{what} with a layout chosen at run time")
        if value not in (0, 1):
            names = {2: "MulOptimal", 3: "OuterProductOptimal"}
            raise no_mapping(f"{what} in the {names.get(value, value)} layout",
                             "Wave-scope loads and stores are RowMajor or ColMajor")
        return self.tr.uint(value)

    def element_size(self, mt: MatrixType) -> int:
        return component_of(mt)[1] // 8

    def to_elements(self, byte_value: int, size: int) -> int:
        return self.tr.buffers.element_index(byte_value, size)

    def aligned_elements(self, byte_operand: Operand, size: int) -> int:
        """A byte offset or stride of a buffer as a count of `size`-byte
        elements, masked to the multiple of up to 16 bytes that packing.py's
        dataflow proves it is (a run-time value only: the mask changes
        nothing, but tells the driver, which cannot see through the
        byte-to-element shift, that rows start 8- or 16-byte aligned, so
        that it stores and loads matrix rows in wide pieces)."""
        tr = self.tr
        value = self.to_elements(tr.index_id(byte_operand), size)
        if byte_operand.const_int is not None:
            return value
        align = min(16, tr.packing.multiple(byte_operand))
        if align <= size:
            return value
        mask = tr.uint(~(align // size - 1) & 0xFFFFFFFF)
        return tr.emit("BitwiseAnd", self.m.t_int(32), Id(value), Id(mask))

    # -- memory -------------------------------------------------------------------

    def descriptor_pointer(self, handle: Handle, mt: MatrixType, offset: Operand) -> int:
        comp = _COMPONENTS.get(mt.component)
        if comp is None:
            raise no_mapping(f"a matrix of component type {_COMPONENT_NAMES.get(mt.component, mt.component)}")
        if handle.res.kind != "RawBuffer":
            raise no_mapping(f"a matrix in '{handle.res.name}' ({handle.res.kind})")
        view = self.tr.buffers.view(handle.res, (comp[0], comp[1]))
        index = self.aligned_elements(offset, comp[1] // 8)
        return self.tr.buffers.pointer(handle, view, [index], view.element.type)

    def memory_pointer(self, operand: Operand, offset: Operand, stride: Operand) -> tuple[int, IRType, int]:
        """The pointer, element type and stride of a matrix in groupshared
        memory (a packed array's units: packing.py)."""
        tr = self.tr
        p = tr.get(operand)
        if isinstance(p, PackedElement):
            uint = self.m.t_int(32)
            start = p.index if offset.const_int == 0 else \
                tr.emit("IAdd", uint, Id(p.index), Id(tr.index_id(offset)))
            units = tr.shift_right(tr.index_id(stride), p.array.shift)
            return tr.packed_unit(p, start), p.array.element, units
        if not isinstance(p, Ptr):
            raise SpirvError("a groupshared matrix operand that is not a pointer")
        path = list(p.path)
        if offset.const_int != 0:
            if not path:
                raise no_mapping("a matrix at an offset of a groupshared scalar")
            path[-1] = tr.emit("IAdd", self.m.t_int(32), Id(path[-1]), Id(tr.index_id(offset)))
        q = Ptr(p.root, p.storage, p.root_type, path, p.view, p.decayed, p.name)
        return tr.address(q), p.view, tr.index_id(stride)

    def memory_type(self, mt: MatrixType, element: IRType) -> MatrixType:
        """The matrix type of groupshared memory's elements (the matrix's
        own when they match)."""
        kind = "float" if element.kind == "float" else "int"
        comp = _COMPONENTS.get(mt.component)
        if comp is not None and comp[0] == kind and comp[1] == element.bits:
            return mt
        for number, (k, bits, signed) in _COMPONENTS.items():
            if k == kind and bits == element.bits and (kind == "float" or signed == (comp[2] if comp else False)):
                return MatrixType(number, mt.rows, mt.cols, mt.use, mt.scope)
        raise no_mapping(f"a matrix in groupshared memory of '{element.text}'")

    # -- tensor addressing (SPV_NV_tensor_addressing) ----------------------------

    def tensor_layout(self, mt: MatrixType, handle: Handle, offset: Operand, stride: Operand,
                      layout: Operand) -> tuple[int, int] | None:
        """A pointer and a tensor layout addressing a Workgroup-scope
        matrix at a byte offset and row stride of a byte-address buffer,
        for OpCooperativeMatrixLoadTensorNV/StoreTensorNV; None where the
        plain load or store is used (another scope, a column-major layout,
        or tensor addressing not asked for).

        Where the offset and the stride are proved multiples of 16 bytes
        (packing.py's dataflow), the tensor is the matrix itself: the
        pointer is its first element, the layout rows x cols with rows
        `stride` elements apart, offset and stride masked to multiples of
        16 bytes so that the driver sees their alignment.  Otherwise the
        buffer is a 2-D tensor of rows `stride` elements apart and the
        matrix the slice whose first element is at `offset`: row offset /
        stride, column offset % stride (stride 0: every row the same, one
        row at column `offset`).  The layout's dimensions are just large
        enough to hold the slice, so that no coordinate is out of bounds
        (the clamp mode is Undefined): element (i, j) is at offset + i *
        stride + j, as OpCooperativeMatrixLoadKHR reads it.  The pointer is
        the buffer's first element, which tensor addressing wants 16-byte
        aligned."""
        tr = self.tr
        if mt.scope != 2 or not tr.options.tensor_addressing or layout.const_int != 0:
            return None
        comp = _COMPONENTS.get(mt.component)
        if comp is None or handle.res.kind != "RawBuffer":
            return None
        size = comp[1] // 8
        uint = self.m.t_int(32)
        if tr.packing.multiple(offset) >= 16 and tr.packing.multiple(stride) >= 16:
            # Offset and stride proved multiples of 16 bytes: the tensor
            # starts at the matrix, and both are masked to say so (as
            # llama.cpp's `stride &= ~7` does by hand).  The driver then
            # moves tiles 16 bytes at a time; from a tensor whose slice it
            # finds by dividing the offset by the stride it cannot, and on
            # an H100 the GEMM benchmark's Workgroup-scope kernels ran 2.7
            # to 4.8 times slower (bench/run_gpu_gemm.py --peers, issue 27).
            mask = tr.uint(~(16 // size - 1) & 0xFFFFFFFF)
            at = tr.emit("BitwiseAnd", uint, Id(self.to_elements(tr.index_id(offset), size)), Id(mask))
            step = tr.emit("BitwiseAnd", uint, Id(self.to_elements(tr.index_id(stride), size)), Id(mask))
            view = tr.buffers.view(handle.res, (comp[0], comp[1]))
            base = tr.buffers.pointer(handle, view, [at], view.element.type)
            self.m.capability("CooperativeMatrixTensorAddressingNV")
            self.m.extension("SPV_NV_cooperative_matrix2")
            ty = self.m.t_tensor_layout(2, spec.TENSOR_CLAMP_MODE["Undefined"])
            t = tr.emit("CreateTensorLayoutNV", ty)
            t = tr.emit("TensorLayoutSetDimensionNV", ty, Id(t), Id(tr.uint(mt.rows)), Id(tr.uint(mt.cols)))
            t = tr.emit("TensorLayoutSetStrideNV", ty, Id(t), Id(step), Id(tr.uint(1)))
            return base, t
        base = tr.buffers.scalar_pointer(handle, tr.uint(0), (comp[0], comp[1]))
        at = self.to_elements(tr.index_id(offset), size)
        constant = stride.const_int
        if constant is not None and constant // size == 0:
            row, col, step = tr.uint(0), at, tr.uint(0)
            width = tr.emit("IAdd", uint, Id(at), Id(tr.uint(mt.cols)))
        else:
            step = self.to_elements(tr.index_id(stride), size)
            divisor = step
            if constant is None:
                zero = tr.emit("IEqual", self.m.t_bool(), Id(step), Id(tr.uint(0)))
                divisor = tr.emit("Select", uint, Id(zero), Id(tr.uint(1)), Id(step))
            row = tr.emit("UDiv", uint, Id(at), Id(divisor))
            col = tr.emit("UMod", uint, Id(at), Id(divisor))
            if constant is None:
                row = tr.emit("Select", uint, Id(zero), Id(tr.uint(0)), Id(row))
                col = tr.emit("Select", uint, Id(zero), Id(at), Id(col))
            end = tr.emit("IAdd", uint, Id(col), Id(tr.uint(mt.cols)))
            wide = tr.emit("UGreaterThan", self.m.t_bool(), Id(end), Id(divisor))
            width = tr.emit("Select", uint, Id(wide), Id(end), Id(divisor))
        height = tr.emit("IAdd", uint, Id(row), Id(tr.uint(mt.rows)))
        self.m.capability("CooperativeMatrixTensorAddressingNV")
        self.m.extension("SPV_NV_cooperative_matrix2")
        ty = self.m.t_tensor_layout(2, spec.TENSOR_CLAMP_MODE["Undefined"])
        t = tr.emit("CreateTensorLayoutNV", ty)
        t = tr.emit("TensorLayoutSetDimensionNV", ty, Id(t), Id(height), Id(width))
        t = tr.emit("TensorLayoutSetStrideNV", ty, Id(t), Id(step), Id(tr.uint(1)))
        t = tr.emit("TensorLayoutSliceNV", ty, Id(t), Id(row), Id(tr.uint(mt.rows)), Id(col), Id(tr.uint(mt.cols)))
        return base, t

    def tensor_load(self, mt: MatrixType, pointer: int, layout: int) -> int:
        ct = self.coop_type(mt)
        return self.tr.emit("CooperativeMatrixLoadTensorNV", ct, Id(pointer), Id(self.tr.emit("Undef", ct)),
                            Id(layout), Enum("MemoryAccess", 0), Enum("TensorAddressingOperands", 0))

    def tensor_store(self, pointer: int, value: int, layout: int) -> None:
        self.tr.emit_void("CooperativeMatrixStoreTensorNV", Id(pointer), Id(value), Id(layout),
                          Enum("MemoryAccess", 0), Enum("TensorAddressingOperands", 0))

    def coop_load(self, mt: MatrixType, pointer: int, layout: int, stride: int) -> int:
        return self.tr.emit("CooperativeMatrixLoadKHR", self.coop_type(mt), Id(pointer), Id(layout), Id(stride))

    def coop_store(self, pointer: int, value: int, layout: int, stride: int) -> None:
        self.tr.emit_void("CooperativeMatrixStoreKHR", Id(pointer), Id(value), Id(layout), Id(stride))

    def add(self, mt: MatrixType, a: int, b: int) -> int:
        name = "FAdd" if component_of(mt)[0] == "float" else "IAdd"
        return self.tr.emit(name, self.coop_type(mt), Id(a), Id(b))

    def mul_add(self, a: Matrix, b: Matrix, c_type: MatrixType, c: int) -> int:
        operands = 0
        for mt, bit in ((a.type, "MatrixASigned"), (b.type, "MatrixBSigned"), (c_type, "MatrixCSigned")):
            if component_of(mt)[2]:
                operands |= spec.MATRIX_OPERANDS[bit]
        if component_of(c_type)[2]:
            operands |= spec.MATRIX_OPERANDS["MatrixResultSigned"]
        extra = [Lit(operands)] if operands else []
        return self.tr.emit("CooperativeMatrixMulAddKHR", self.coop_type(c_type), Id(self.load(a)), Id(self.load(b)),
                            Id(c), *extra)

    def zero(self, mt: MatrixType) -> int:
        return self.m.const_composite(self.coop_type(mt), [self.m.const_null(self.component_type(mt))])

    def elementwise(self, mat: Matrix, kind: str, value: Val | None) -> None:
        """`kind`: add, sub, mul, div (with a scalar), neg, abs, sin, cos, tan."""
        tr = self.tr
        mt = mat.type
        comp = component_of(mt)
        coop = self.coop_type(mt)
        current = self.load(mat)
        is_float = comp[0] == "float"
        if kind in ("add", "sub", "mul", "div"):
            assert value is not None
            if kind == "mul" and is_float:
                scalar = self.convert_scalar(value, comp)
                self.store(mat, tr.emit("MatrixTimesScalar", coop, Id(current), Id(scalar)))
                return
            other = self.splat(mt, value)
            name = {"add": ("FAdd", "IAdd"), "sub": ("FSub", "ISub"), "mul": ("FMul", "IMul"),
                    "div": ("FDiv", "SDiv" if comp[2] else "UDiv")}[kind][0 if is_float else 1]
            self.store(mat, tr.emit(name, coop, Id(current), Id(other)))
            return
        if kind == "neg":
            self.store(mat, tr.emit("FNegate" if is_float else "SNegate", coop, Id(current)))
            return
        if kind == "abs" and not is_float and not comp[2]:
            return                       # |x| of unsigned values
        if not is_float and kind != "abs":
            raise no_mapping(f"{kind.capitalize()} on a matrix of integers")
        # Element by element: the elements this invocation holds.
        var = self.variable(mat)
        element = self.component_type(mt)
        ptr_type = self.m.t_pointer("Function", element)
        count = tr.emit("CooperativeMatrixLengthKHR", self.m.t_int(32), Id(coop))

        def body(i: int) -> None:
            p = tr.emit("AccessChain", ptr_type, Id(var), Id(i))
            x = tr.emit("Load", element, Id(p))
            if kind == "abs":
                y = tr.glsl("FAbs" if is_float else "SAbs", element, x)
            else:
                y = tr.glsl({"sin": "Sin", "cos": "Cos", "tan": "Tan"}[kind], element, x)
            tr.emit_void("Store", Id(p), Id(y))

        tr.loop(count, body, "element")


def component_of(mt: MatrixType) -> tuple[str, int, bool]:
    """(kind, bits, signed) of a matrix's component type, or the located error."""
    comp = _COMPONENTS.get(mt.component)
    if comp is None:
        raise no_mapping(f"a matrix of component type {_COMPONENT_NAMES.get(mt.component, mt.component)}")
    return comp


def _struct_ints(text: str) -> list[int]:
    out = []
    for p in R.split_top(text.strip()[1:-1].strip()):
        _, value = R.take_type(p)
        out.append(int(value.strip()))
    return out


def _is_matrix_pointer(parsed: Any) -> bool:
    return any(o.type.kind == "pointer" and o.type.elem is not None and o.type.elem.kind == "matref"
               for o in parsed.operands)


# ---------------------------------------------------------------------------
# dx::linalg operations

def _mats(tr: Translator) -> Matrices:
    return tr.matrices


@op("CreateMatrix")
def _create(tr, ins, o, args, rt):
    mat = _mats(tr).of_name(ins.result)
    component_of(mat.type)                   # the located error of packed types
    return mat


@op("FillMatrix")
def _fill(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = ms.matrix(args[0])
    value = tr.val(args[1])
    if tr.matrices.generic(mat.type):
        scalar = ms.convert_scalar(value, component_of(mat.type))
        _group(tr).each(mat, lambda e, r, c: _group(tr).store(mat, e, scalar), writes=True)
        return
    ms.store(mat, ms.splat(mat.type, value))


@op("CastMatrix")
def _cast(tr, ins, o, args, rt):
    ms = _mats(tr)
    dst, src = ms.matrix(args[0]), ms.matrix(args[1])
    if tr.matrices.generic(dst.type):
        g = _group(tr)
        g.each(dst, lambda e, r, c: g.store(dst, e, g.convert(src, g.load(src, e), dst.type)), writes=True)
        return
    if dst.type.use != src.type.use:
        raise no_mapping(f"a cast that changes a matrix's use ({_USES[src.type.use]} to {_USES[dst.type.use]})",
                         "SPV_KHR_cooperative_matrix converts component types only")
    ms.store(dst, ms.convert_matrix(ms.load(src), src.type, dst.type))


_UNARY = {0: None, 1: "neg", 2: "abs", 3: "sin", 4: "cos", 5: "tan"}
_BINARY = {1: "add", 2: "sub", 3: "mul", 4: "div"}


@op("MatrixElementwiseUnaryOp")
def _unary(tr, ins, o, args, rt):
    ms = _mats(tr)
    kind = _UNARY.get(args[0].const_int)
    mat = ms.matrix(args[1])
    if kind is not None:
        if tr.matrices.generic(mat.type):
            _group(tr).elementwise(mat, kind, None)
        else:
            ms.elementwise(mat, kind, None)


@op("MatrixElementwiseBinaryOp")
def _binary(tr, ins, o, args, rt):
    ms = _mats(tr)
    kind = _BINARY.get(args[0].const_int)
    if kind is None:
        raise SpirvError(f"unknown element-wise operation {args[0].value}")
    mat = ms.matrix(args[1])
    if tr.matrices.generic(mat.type):
        _group(tr).elementwise(mat, kind, tr.val(args[2]))
    else:
        ms.elementwise(mat, kind, tr.val(args[2]))


@op("MatrixLoadFromDescriptor")
def _load_descriptor(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = ms.matrix(args[0])
    handle = resource_handle(tr, args[1])
    if mat.type.scope == 0:
        _thread_source(tr, mat, handle, args[2], args[3], args[4])
        return None
    if tr.matrices.generic(mat.type):
        _group(tr).descriptor(mat, handle, args[2:5], "load")
        return None
    tensor = ms.tensor_layout(mat.type, handle, args[2], args[3], args[4])
    if tensor is not None:
        ms.store(mat, ms.tensor_load(mat.type, *tensor))
        return None
    size = ms.element_size(mat.type)
    ptr = ms.descriptor_pointer(handle, mat.type, args[2])
    stride = ms.aligned_elements(args[3], size)
    ms.store(mat, ms.coop_load(mat.type, ptr, ms.layout(args[4], "a matrix load"), stride))


def _write_descriptor(tr: Translator, args: list[Operand], accumulate: bool) -> None:
    ms = _mats(tr)
    mat = ms.matrix(args[0])
    handle = resource_handle(tr, args[1])
    if mat.type.scope == 0:
        if accumulate:
            _thread_accumulate(tr, mat, handle, args[2])
            return
        ms.variable(mat)             # the located error
    if tr.matrices.generic(mat.type):
        _group(tr).descriptor(mat, handle, args[2:5], "accumulate" if accumulate else "store")
        return
    tensor = ms.tensor_layout(mat.type, handle, args[2], args[3], args[4])
    if tensor is not None:
        value = ms.load(mat)
        if accumulate:
            value = ms.add(mat.type, ms.tensor_load(mat.type, *tensor), value)
        ms.tensor_store(tensor[0], value, tensor[1])
        return
    size = ms.element_size(mat.type)
    ptr = ms.descriptor_pointer(handle, mat.type, args[2])
    stride = ms.aligned_elements(args[3], size)
    layout = ms.layout(args[4], "a matrix accumulate" if accumulate else "a matrix store")
    value = ms.load(mat)
    if accumulate:
        value = ms.add(mat.type, ms.coop_load(mat.type, ptr, layout, stride), value)
    ms.coop_store(ptr, value, layout, stride)


@op("MatrixStoreToDescriptor", "MatrixAccumulateToDescriptor")
def _store_descriptor(tr, ins, o, args, rt):
    _write_descriptor(tr, args, o.name == "MatrixAccumulateToDescriptor")


@op("MatrixLoadFromMemory")
def _load_memory(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = ms.matrix(args[0])
    if tr.matrices.generic(mat.type):
        _group(tr).memory(mat, args[1:5], "load")
        return
    ms.variable(mat)
    ptr, element, stride = ms.memory_pointer(args[1], args[2], args[3])
    stored = ms.memory_type(mat.type, element)
    value = ms.coop_load(stored, ptr, ms.layout(args[4], "a matrix load"), stride)
    ms.store(mat, ms.convert_matrix(value, stored, mat.type))


def _write_memory(tr: Translator, args: list[Operand], accumulate: bool) -> None:
    ms = _mats(tr)
    mat = ms.matrix(args[0])
    if tr.matrices.generic(mat.type):
        _group(tr).memory(mat, args[1:5], "accumulate" if accumulate else "store")
        return
    ms.variable(mat)
    ptr, element, stride = ms.memory_pointer(args[1], args[2], args[3])
    stored = ms.memory_type(mat.type, element)
    layout = ms.layout(args[4], "a matrix accumulate" if accumulate else "a matrix store")
    value = ms.convert_matrix(ms.load(mat), mat.type, stored)
    if accumulate:
        value = ms.add(stored, ms.coop_load(stored, ptr, layout, stride), value)
    ms.coop_store(ptr, value, layout, stride)


@op("MatrixStoreToMemory", "MatrixAccumulateToMemory")
def _store_memory(tr, ins, o, args, rt):
    _write_memory(tr, args, o.name == "MatrixAccumulateToMemory")


@op("MatrixMultiply", "MatrixMultiplyAccumulate")
def _multiply(tr, ins, o, args, rt):
    ms = _mats(tr)
    a, b, c = (ms.matrix(x) for x in args[:3])
    if tr.matrices.generic(c.type):
        _group(tr).multiply(a, b, c, accumulate=o.name == "MatrixMultiplyAccumulate")
        return
    for mat in (a, b, c):
        ms.variable(mat)
    start = ms.zero(c.type) if o.name == "MatrixMultiply" else ms.load(c)
    ms.store(c, ms.mul_add(a, b, c.type, start))


@op("MatrixSumAccumulate")
def _sum_accumulate(tr, ins, o, args, rt):
    ms = _mats(tr)
    a, b, c = (ms.matrix(x) for x in args[:3])
    if tr.matrices.generic(c.type) and all((m.type.rows, m.type.cols) == (c.type.rows, c.type.cols) for m in (a, b)):
        g = _group(tr)

        def add(e: int, r: int, col: int) -> None:
            total = g.add(c.type, g.load(c, e), g.convert(a, g.load(a, e), c.type))
            g.store(c, e, g.add(c.type, total, g.convert(b, g.load(b, e), c.type)))

        g.each(c, add, writes=True)
        return
    raise no_mapping("SumAccumulate", "cooperative matrices of different uses cannot be added"
                     if not tr.matrices.generic(c.type) else "A, B and the accumulator differ in shape")


@op("MatrixLoadFromThreads")
def _from_thread_vectors(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = ms.matrix(args[0])
    if tr.matrices.generic(mat.type):
        _group(tr).from_threads(mat, tr.val(args[1]))
        return
    raise no_mapping("FromThreadVectors",
                     "Vulkan does not say which invocation holds which elements of a cooperative matrix")


@op("MatrixExtractToThreads")
def _get_thread_vector(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = ms.matrix(args[0])
    if tr.matrices.generic(mat.type):
        return _group(tr).to_threads(mat, args[1], rt)
    raise no_mapping("GetThreadVector",
                     "Vulkan does not say which invocation holds which elements of a cooperative matrix")


@op("MatrixQueryAccumulatorLayout")
def _accumulator_layout(tr, ins, o, args, rt):
    raise no_mapping("AccumulatorLayout", "Vulkan does not report the layout of accumulator matrices")


@op("MatrixAccumulate")
def _matrix_accumulate(tr, ins, o, args, rt):
    raise no_mapping("OuterProductAccumulate (draft API)")


# -- Thread scope ---------------------------------------------------------------

def _thread_source(tr: Translator, mat: Matrix, handle: Handle, offset: Operand, stride: Operand,
                   layout: Operand) -> None:
    """A Thread-scope load: remember where the matrix is (its offset and
    stride in Function variables: the load may be in a loop or a branch)."""
    uint = tr.m.t_int(32)
    value = layout.const_int
    if value is None:
        raise no_mapping("a Thread-scope matrix load with a layout chosen at run time")
    source = mat.source
    if source is None:
        source = mat.source = {"kind": "load", "handle": handle, "layout": value,
                               "offset": tr.local_var(uint, mat.name.lstrip("%") + ".offset"),
                               "stride": tr.local_var(uint, mat.name.lstrip("%") + ".stride")}
    elif source.get("kind") != "load" or source["layout"] != value or source["handle"].res is not handle.res:
        raise no_mapping("a Thread-scope matrix loaded from different places or in different layouts")
    tr.emit_void("Store", Id(source["offset"]), Id(tr.index_id(offset)))
    tr.emit_void("Store", Id(source["stride"]), Id(tr.index_id(stride)))


def _element_address(tr: Translator, mat: Matrix, row: int, col: int) -> int:
    """The byte address of element (row, col) of a Thread-scope matrix
    read in place."""
    uint = tr.m.t_int(32)
    source = mat.source
    assert source is not None
    size = component_of(mat.type)[1] // 8
    offset = tr.emit("Load", uint, Id(source["offset"]))
    layout = source["layout"]
    if layout == 0:
        stride = tr.emit("Load", uint, Id(source["stride"]))
        major, minor = row, col
    elif layout == 1:
        stride = tr.emit("Load", uint, Id(source["stride"]))
        major, minor = col, row
    else:
        # The opaque layouts: row-major, tightly packed.
        stride = tr.uint(mat.type.cols * size)
        major, minor = row, col
    at = tr.emit("IMul", uint, Id(major), Id(stride))
    at = tr.emit("IAdd", uint, Id(at), Id(tr.emit("IMul", uint, Id(minor), Id(tr.uint(size)))))
    return tr.emit("IAdd", uint, Id(offset), Id(at))


def _matvec(tr: Translator, o: Any, args: list[Operand], rt: IRType) -> Val:
    ms = _mats(tr)
    vec = tr.val(args[0])
    mat = ms.matrix(args[1])
    comp = component_of(mat.type)
    element_ir = _component_ir(tr, mat.type)
    if tr.matrices.generic(mat.type):
        g = _group(tr)
        tr.group_barrier()

        def fetch(i: int, k: int) -> int:
            uint = tr.m.t_int(32)
            e = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(i), Id(tr.uint(mat.type.cols)))), Id(k))
            return g.load(mat, e)
    else:
        writers = ms.writers_of(mat)
        if mat.source is None or mat.source.get("kind") != "load" or writers - {"405"}:
            raise no_mapping(f"{'MultiplyAdd' if o.name == 'MatVecMulAdd' else 'Multiply'} of a vector by a "
                             f"{_SCOPES[mat.type.scope]}-scope matrix that was not loaded from a byte-address "
                             "buffer")
        handle = mat.source["handle"]

        def fetch(i: int, k: int) -> int:
            address = _element_address(tr, mat, i, k)
            pointer = tr.buffers.scalar_pointer(handle, address, (comp[0], comp[1]))
            return tr.emit("Load", tr.stype(element_ir), Id(pointer))

    m = tr.m
    assert rt.elem is not None and vec.ty.elem is not None
    out_elem = rt.elem
    out_kind = ("float", out_elem.bits, False) if out_elem.kind == "float" else ("int", out_elem.bits, True)
    out_type = tr.stype(out_elem)
    in_var = tr.local_var(tr.stype(vec.ty), "matvec.input")
    tr.emit_void("Store", Id(in_var), Id(vec.id))
    acc_var = tr.local_var(tr.stype(rt), "matvec.result")
    if o.name == "MatVecMulAdd":
        tr.emit_void("Store", Id(acc_var), Id(tr.val(args[2]).id))
    else:
        tr.emit_void("Store", Id(acc_var), Id(m.const_null(tr.stype(rt))))
    in_ptr = m.t_pointer("Function", tr.stype(vec.ty.elem))
    out_ptr = m.t_pointer("Function", out_type)
    mul = "FMul" if out_kind[0] == "float" else "IMul"
    add = "FAdd" if out_kind[0] == "float" else "IAdd"

    def per_output(k: int) -> None:
        target = tr.emit("AccessChain", out_ptr, Id(acc_var), Id(k))

        def per_input(i: int) -> None:
            x = tr.emit("Load", tr.stype(vec.ty.elem), Id(tr.emit("AccessChain", in_ptr, Id(in_var), Id(i))))
            x = ms.convert_scalar(Val(x, vec.ty.elem), out_kind, signed_source=True)
            w = ms.convert_scalar(Val(fetch(i, k), element_ir), out_kind, signed_source=comp[2])
            total = tr.emit("Load", out_type, Id(target))
            tr.emit_void("Store", Id(target), Id(tr.emit(add, out_type, Id(total),
                                                        Id(tr.emit(mul, out_type, Id(x), Id(w))))))

        tr.loop(tr.uint(mat.type.rows), per_input, "row")

    tr.loop(tr.uint(mat.type.cols), per_output, "column")
    return Val(tr.emit("Load", tr.stype(rt), Id(acc_var)), rt)


def _component_ir(tr: Translator, mt: MatrixType) -> IRType:
    comp = component_of(mt)
    return tr.types.get({("float", 16): "half", ("float", 32): "float", ("float", 64): "double",
                         ("int", 8): "i8", ("int", 16): "i16", ("int", 32): "i32", ("int", 64): "i64"}[
        (comp[0], comp[1])])


@op("MatVecMul", "MatVecMulAdd")
def _matvec_op(tr, ins, o, args, rt):
    return _matvec(tr, o, args, rt)


@op("MatrixOuterProduct")
def _outer(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = ms.of_name(ins.result)
    va, vb = tr.val(args[4]), tr.val(args[5])
    if tr.matrices.generic(mat.type):
        _group(tr).outer_product(mat, va, vb)
        return mat
    if mat.type.scope != 0:
        raise no_mapping(f"OuterProduct at {_SCOPES[mat.type.scope]} scope",
                         "Vulkan does not say which invocation holds which elements of a cooperative matrix")
    a_var = tr.local_var(tr.stype(va.ty), "outer.a")
    b_var = tr.local_var(tr.stype(vb.ty), "outer.b")
    tr.emit_void("Store", Id(a_var), Id(va.id))
    tr.emit_void("Store", Id(b_var), Id(vb.id))
    mat.source = {"kind": "outer", "a": (a_var, va.ty), "b": (b_var, vb.ty)}
    return mat


def _thread_accumulate(tr: Translator, mat: Matrix, handle: Handle, offset: Operand) -> None:
    """Add a Thread-scope outer product into a buffer, element by element,
    atomically (every thread adds into the same elements)."""
    ms = _mats(tr)
    source = mat.source
    if source is None or source.get("kind") != "outer":
        raise no_mapping("Accumulate of a Thread-scope matrix that is not an outer product")
    comp = _COMPONENTS.get(mat.type.component)
    if comp is None or comp[1] != 32:
        raise no_mapping(f"Accumulate of a Thread-scope {mat.type.describe()} matrix",
                         "atomic adds are 32-bit")
    m = tr.m
    uint = m.t_int(32)
    element = ms.component_type(mat.type)
    base = tr.local_var(uint, "accumulate.offset")
    tr.emit_void("Store", Id(base), Id(tr.index_id(offset)))
    a_var, a_type = source["a"]
    b_var, b_type = source["b"]
    assert a_type.elem is not None and b_type.elem is not None
    cols = mat.type.cols
    kind = (comp[0], comp[1], comp[2])
    if comp[0] == "float":
        m.capability("AtomicFloat32AddEXT")
        m.extension("SPV_EXT_shader_atomic_float_add")

    def per_row(i: int) -> None:
        a = tr.emit("Load", tr.stype(a_type.elem),
                    Id(tr.emit("AccessChain", m.t_pointer("Function", tr.stype(a_type.elem)), Id(a_var), Id(i))))
        a = ms.convert_scalar(Val(a, a_type.elem), kind, signed_source=True)

        def per_col(j: int) -> None:
            b = tr.emit("Load", tr.stype(b_type.elem), Id(tr.emit(
                "AccessChain", m.t_pointer("Function", tr.stype(b_type.elem)), Id(b_var), Id(j))))
            b = ms.convert_scalar(Val(b, b_type.elem), kind, signed_source=True)
            product = tr.emit("FMul" if comp[0] == "float" else "IMul", element, Id(a), Id(b))
            index = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(i), Id(tr.uint(cols)))), Id(j))
            address = tr.emit("IAdd", uint, Id(tr.emit("Load", uint, Id(base))),
                              Id(tr.emit("IMul", uint, Id(index), Id(tr.uint(4)))))
            pointer = tr.buffers.scalar_pointer(handle, address, (comp[0], 32))
            name = "AtomicFAddEXT" if comp[0] == "float" else "AtomicIAdd"
            tr.emit(name, element, Id(pointer), Id(tr.scope("Device")), Id(tr.uint(0)), Id(product))

        tr.loop(tr.uint(cols), per_col, "column")

    tr.loop(tr.uint(mat.type.rows), per_row, "row")


# -- ThreadGroup scope -----------------------------------------------------------

def _group(tr: Translator) -> "Group":
    found = getattr(tr, "_group_matrices", None)
    if found is None:
        found = tr._group_matrices = Group(tr)
    return found


class Group:
    """ThreadGroup-scope matrices, with no Vulkan counterpart, as generic
    code: each is a groupshared array of its M x N elements (row by row);
    an operation shares the elements out among the group's threads, with a
    barrier of the group before (earlier readers are done) and after (its
    writes are seen).  The specification requires these operations in
    group-uniform control flow, so every thread reaches the barriers."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.m = tr.m
        self.ms = tr.matrices

    def var(self, mat: Matrix) -> int:
        if mat.group_var is None:
            element = self.ms.component_type(mat.type)
            array = self.m.t_array(element, mat.type.rows * mat.type.cols)
            mat.group_var = self.m.global_variable(array, "Workgroup", mat.name.lstrip("%") + ".group")
            self.tr.interface.append(mat.group_var)
        return mat.group_var

    def pointer(self, mat: Matrix, e: int) -> int:
        element = self.ms.component_type(mat.type)
        return self.tr.emit("AccessChain", self.m.t_pointer("Workgroup", element), Id(self.var(mat)), Id(e))

    def load(self, mat: Matrix, e: int) -> int:
        return self.tr.emit("Load", self.ms.component_type(mat.type), Id(self.pointer(mat, e)))

    def store(self, mat: Matrix, e: int, value: int) -> None:
        self.tr.emit_void("Store", Id(self.pointer(mat, e)), Id(value))

    def convert(self, src: Matrix | MatrixType, value: int, dst: MatrixType) -> int:
        mt = src.type if isinstance(src, Matrix) else src
        comp = component_of(mt)
        return self.ms.convert_scalar(Val(value, _component_ir(self.tr, mt)), component_of(dst),
                                      signed_source=comp[2])

    def add(self, mt: MatrixType, a: int, b: int) -> int:
        kind = component_of(mt)[0]
        return self.tr.emit("FAdd" if kind == "float" else "IAdd", self.ms.component_type(mt), Id(a), Id(b))

    def each(self, mat: Matrix, body: Any, writes: bool) -> None:
        """`body(e, row, col)` for the elements this thread owns."""
        tr = self.tr
        uint = self.m.t_int(32)
        cols = tr.uint(mat.type.cols)
        if writes:
            tr.group_barrier()

        def one(e: int) -> None:
            body(e, tr.emit("UDiv", uint, Id(e), Id(cols)), tr.emit("UMod", uint, Id(e), Id(cols)))

        tr.for_each_element(mat.type.rows * mat.type.cols, one)
        tr.group_barrier()

    def elementwise(self, mat: Matrix, kind: str, value: Val | None) -> None:
        tr = self.tr
        comp = component_of(mat.type)
        element = self.ms.component_type(mat.type)
        is_float = comp[0] == "float"
        scalar = self.ms.convert_scalar(value, comp) if value is not None else None

        def body(e: int, r: int, c: int) -> None:
            x = self.load(mat, e)
            if kind in ("add", "sub", "mul", "div"):
                name = {"add": ("FAdd", "IAdd"), "sub": ("FSub", "ISub"), "mul": ("FMul", "IMul"),
                        "div": ("FDiv", "SDiv" if comp[2] else "UDiv")}[kind][0 if is_float else 1]
                y = tr.emit(name, element, Id(x), Id(scalar))
            elif kind == "neg":
                y = tr.emit("FNegate" if is_float else "SNegate", element, Id(x))
            elif kind == "abs":
                y = tr.glsl("FAbs", element, x) if is_float else tr.glsl("SAbs", element, x) if comp[2] else x
            elif is_float:
                y = tr.glsl({"sin": "Sin", "cos": "Cos", "tan": "Tan"}[kind], element, x)
            else:
                raise no_mapping(f"{kind.capitalize()} on a matrix of integers")
            self.store(mat, e, y)

        self.each(mat, body, writes=True)

    def _address(self, mat: Matrix, args: list[Operand], r: int, c: int, size: int) -> int:
        """offset + row * stride + col * size (RowMajor), or with row and
        column exchanged (ColMajor)."""
        tr = self.tr
        uint = self.m.t_int(32)
        layout = args[3].const_int
        if layout not in (0, 1):
            raise no_mapping("a ThreadGroup-scope matrix load or store in this layout",
                             "RowMajor and ColMajor only")
        major, minor = (r, c) if layout == 0 else (c, r)
        at = tr.emit("IMul", uint, Id(major), Id(tr.index_id(args[2])))
        at = tr.emit("IAdd", uint, Id(at), Id(tr.emit("IMul", uint, Id(minor), Id(tr.uint(size)))))
        return tr.emit("IAdd", uint, Id(tr.index_id(args[1])), Id(at))

    def descriptor(self, mat: Matrix, handle: Handle, args: list[Operand], kind: str) -> None:
        """Load, Store or Accumulate with a byte-address buffer."""
        tr = self.tr
        comp = component_of(mat.type)
        element = self.ms.component_type(mat.type)
        operands = [None] + list(args)

        def body(e: int, r: int, c: int) -> None:
            address = self._address(mat, operands, r, c, comp[1] // 8)
            pointer = tr.buffers.scalar_pointer(handle, address, (comp[0], comp[1]))
            if kind == "load":
                self.store(mat, e, tr.emit("Load", element, Id(pointer)))
                return
            value = self.load(mat, e)
            if kind == "accumulate":
                value = self.add(mat.type, tr.emit("Load", element, Id(pointer)), value)
            tr.emit_void("Store", Id(pointer), Id(value))

        self.each(mat, body, writes=True)

    def memory(self, mat: Matrix, args: list[Operand], kind: str) -> None:
        """Load, Store or Accumulate with a groupshared array (its own
        element type, converted)."""
        tr = self.tr
        uint = self.m.t_int(32)
        p = tr.get(args[0])
        if not isinstance(p, Ptr) or not p.path:
            raise SpirvError("a groupshared matrix operand that is not a pointer into an array")
        element_ir = p.view
        memory_type = self.ms.memory_type(mat.type, element_ir)
        stored = self.ms.component_type(memory_type)

        def body(e: int, r: int, c: int) -> None:
            layout = args[3].const_int
            if layout not in (0, 1):
                raise no_mapping("a ThreadGroup-scope matrix load or store in this layout")
            major, minor = (r, c) if layout == 0 else (c, r)
            index = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(major), Id(tr.index_id(args[2])))), Id(minor))
            index = tr.emit("IAdd", uint, Id(index), Id(tr.index_id(args[1])))
            path = list(p.path)
            path[-1] = tr.emit("IAdd", uint, Id(path[-1]), Id(index))
            pointer = tr.address(Ptr(p.root, p.storage, p.root_type, path, p.view, p.decayed, p.name))
            if kind == "load":
                self.store(mat, e, self.convert(memory_type, tr.emit("Load", stored, Id(pointer)), mat.type))
                return
            value = self.convert(mat, self.load(mat, e), memory_type)
            if kind == "accumulate":
                value = self.add(memory_type, tr.emit("Load", stored, Id(pointer)), value)
            tr.emit_void("Store", Id(pointer), Id(value))

        self.each(mat, body, writes=True)

    def multiply(self, a: Matrix, b: Matrix, c: Matrix, accumulate: bool) -> None:
        """C (+)= A x B: each thread computes its elements of C."""
        tr = self.tr
        uint = self.m.t_int(32)
        element = self.ms.component_type(c.type)
        is_float = component_of(c.type)[0] == "float"
        depth = a.type.cols
        total = tr.local_var(element, "dot")

        def body(e: int, r: int, col: int) -> None:
            start = self.load(c, e) if accumulate else self.m.const_null(element)
            tr.emit_void("Store", Id(total), Id(start))

            def step(k: int) -> None:
                x = self.load(a, tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(r), Id(tr.uint(depth)))), Id(k)))
                y = self.load(b, tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(k), Id(tr.uint(b.type.cols)))),
                                         Id(col)))
                product = tr.emit("FMul" if is_float else "IMul", element, Id(self.convert(a, x, c.type)),
                                  Id(self.convert(b, y, c.type)))
                sum_ = tr.emit("FAdd" if is_float else "IAdd", element, Id(tr.emit("Load", element, Id(total))),
                               Id(product))
                tr.emit_void("Store", Id(total), Id(sum_))

            tr.loop(tr.uint(depth), step, "k")
            self.store(c, e, tr.emit("Load", element, Id(total)))

        self.each(c, body, writes=True)

    def outer_product(self, mat: Matrix, va: Val, vb: Val) -> None:
        tr = self.tr
        element = self.ms.component_type(mat.type)
        kind = component_of(mat.type)
        a_var = tr.local_var(tr.stype(va.ty), "outer.a")
        b_var = tr.local_var(tr.stype(vb.ty), "outer.b")
        tr.emit_void("Store", Id(a_var), Id(va.id))
        tr.emit_void("Store", Id(b_var), Id(vb.id))
        assert va.ty.elem is not None and vb.ty.elem is not None

        def body(e: int, r: int, c: int) -> None:
            x = tr.emit("Load", tr.stype(va.ty.elem), Id(tr.emit(
                "AccessChain", self.m.t_pointer("Function", tr.stype(va.ty.elem)), Id(a_var), Id(r))))
            y = tr.emit("Load", tr.stype(vb.ty.elem), Id(tr.emit(
                "AccessChain", self.m.t_pointer("Function", tr.stype(vb.ty.elem)), Id(b_var), Id(c))))
            x = self.ms.convert_scalar(Val(x, va.ty.elem), kind, signed_source=True)
            y = self.ms.convert_scalar(Val(y, vb.ty.elem), kind, signed_source=True)
            self.store(mat, e, tr.emit("FMul" if kind[0] == "float" else "IMul", element, Id(x), Id(y)))

        self.each(mat, body, writes=True)

    def from_threads(self, mat: Matrix, vector: Val) -> None:
        """An A matrix's column, a B matrix's row, from each thread."""
        tr = self.tr
        uint = self.m.t_int(32)
        is_a = mat.type.use == 0
        limit = mat.type.cols if is_a else mat.type.rows
        length = mat.type.rows if is_a else mat.type.cols
        assert vector.ty.elem is not None
        v_var = tr.local_var(tr.stype(vector.ty), "thread.vector")
        tr.emit_void("Store", Id(v_var), Id(vector.id))
        tr.group_barrier()
        tid = tr.flat_thread_index()

        def write() -> None:
            def one(i: int) -> None:
                x = tr.emit("Load", tr.stype(vector.ty.elem), Id(tr.emit(
                    "AccessChain", self.m.t_pointer("Function", tr.stype(vector.ty.elem)), Id(v_var), Id(i))))
                x = self.ms.convert_scalar(Val(x, vector.ty.elem), component_of(mat.type))
                row, col = (i, tid) if is_a else (tid, i)
                e = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(row), Id(tr.uint(mat.type.cols)))), Id(col))
                self.store(mat, e, x)
            tr.loop(tr.uint(length), one, "i")

        tr.if_then(tr.emit("ULessThan", self.m.t_bool(), Id(tid), Id(tr.uint(limit))), write)
        tr.group_barrier()

    def to_threads(self, mat: Matrix, index: Operand, rt: IRType) -> Val:
        """Thread t gets column (index * group size + t) of an A matrix, row
        of a B matrix; zeros past the matrix."""
        tr = self.tr
        uint = self.m.t_int(32)
        is_a = mat.type.use == 0
        limit = mat.type.cols if is_a else mat.type.rows
        length = mat.type.rows if is_a else mat.type.cols
        assert rt.elem is not None
        result = tr.local_var(tr.stype(rt), "thread.vector")
        tr.emit_void("Store", Id(result), Id(self.m.const_null(tr.stype(rt))))
        tr.group_barrier()
        line = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(tr.index_id(index)), Id(tr.uint(tr.group_size)))),
                       Id(tr.flat_thread_index()))

        def read() -> None:
            def one(i: int) -> None:
                row, col = (i, line) if is_a else (line, i)
                e = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(row), Id(tr.uint(mat.type.cols)))), Id(col))
                x = self.ms.convert_scalar(Val(self.load(mat, e), _component_ir(tr, mat.type)),
                                           ("float" if rt.elem.kind == "float" else "int", rt.elem.bits,
                                            component_of(mat.type)[2]), signed_source=component_of(mat.type)[2])
                tr.emit_void("Store", Id(tr.emit("AccessChain", self.m.t_pointer("Function", tr.stype(rt.elem)),
                                                 Id(result), Id(i))), Id(x))
            tr.loop(tr.uint(length), one, "i")

        tr.if_then(tr.emit("ULessThan", self.m.t_bool(), Id(line), Id(tr.uint(limit))), read)
        return Val(tr.emit("Load", tr.stype(rt), Id(result)), rt)


# ---------------------------------------------------------------------------
# Wave Matrix (SM 6.8)

def _wave(tr: Translator, operand: Operand) -> Matrix:
    ms = _mats(tr)
    mat = ms.matrix(operand)
    if mat.type.use < 0:
        raise no_mapping(f"the Wave Matrix fragment {_WAVE_KINDS[-mat.type.use]}",
                         "LeftColAcc and RightRowAcc have no cooperative-matrix counterpart")
    return mat


@op("WaveMatrix_Annotate")
def _annotate(tr, ins, o, args, rt):
    _wave(tr, args[0])


@op("WaveMatrix_Depth")
def _depth(tr, ins, o, args, rt):
    return Val(tr.uint(WAVE_MATRIX_DEPTH), tr.types.get("i32"))


@op("WaveMatrix_Fill")
def _wave_fill(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = _wave(tr, args[0])
    ms.store(mat, ms.splat(mat.type, tr.val(args[1])))


def _col_major(tr: Translator, operand: Operand) -> int:
    value = operand.const_int
    if value is None:
        raise no_mapping("a Wave Matrix load or store with an orientation chosen at run time")
    return tr.uint(1 if value else 0)


@op("WaveMatrix_LoadRawBuf", "WaveMatrix_StoreRawBuf")
def _wave_raw(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = _wave(tr, args[0])
    handle = resource_handle(tr, args[1])
    size = ms.element_size(mat.type)
    ptr = ms.descriptor_pointer(handle, mat.type, args[2])
    stride = ms.aligned_elements(args[3], size)
    layout = _col_major(tr, args[5])
    if o.name == "WaveMatrix_LoadRawBuf":
        ms.store(mat, ms.coop_load(mat.type, ptr, layout, stride))
    else:
        ms.coop_store(ptr, ms.load(mat), layout, stride)


@op("WaveMatrix_LoadGroupShared", "WaveMatrix_StoreGroupShared")
def _wave_groupshared(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = _wave(tr, args[0])
    ptr, element, stride = ms.memory_pointer(args[1], args[2], args[3])
    stored = ms.memory_type(mat.type, element)
    layout = _col_major(tr, args[4])
    if o.name == "WaveMatrix_LoadGroupShared":
        ms.store(mat, ms.convert_matrix(ms.coop_load(stored, ptr, layout, stride), stored, mat.type))
    else:
        ms.coop_store(ptr, ms.convert_matrix(ms.load(mat), mat.type, stored), layout, stride)


@op("WaveMatrix_Multiply", "WaveMatrix_MultiplyAccumulate")
def _wave_multiply(tr, ins, o, args, rt):
    ms = _mats(tr)
    acc, left, right = (_wave(tr, x) for x in args[:3])
    start = ms.zero(acc.type) if o.name == "WaveMatrix_Multiply" else ms.load(acc)
    ms.store(acc, ms.mul_add(left, right, acc.type, start))


@op("WaveMatrix_ScalarOp")
def _wave_scalar(tr, ins, o, args, rt):
    ms = _mats(tr)
    mat = _wave(tr, args[0])
    kind = {0: "add", 1: "sub", 2: "mul", 3: "div"}.get(args[1].const_int)
    if kind is None:
        raise SpirvError(f"unknown Wave Matrix scalar operation {args[1].value}")
    ms.elementwise(mat, kind, tr.val(args[2]))


@op("WaveMatrix_SumAccumulate")
def _wave_sum(tr, ins, o, args, rt):
    _wave(tr, args[0])
    raise no_mapping("SumAccumulate")


@op("WaveMatrix_Add")
def _wave_add(tr, ins, o, args, rt):
    ms = _mats(tr)
    acc = _wave(tr, args[0])
    other = _wave(tr, args[1])
    if other.type.key() != acc.type.key():
        raise no_mapping("adding a Wave Matrix of another kind or type")
    ms.store(acc, ms.add(acc.type, ms.load(acc), ms.load(other)))


assert "CreateMatrix" in OPERATIONS
