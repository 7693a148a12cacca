"""DXC's `dx.op.linAlg*` operations (the amended proposal 0035,
`--linalg-revision=dxc`) in SPIR-V.

These matrices are SSA values of `%dx.types.LinAlgMatrixC<ct>M<m>N<n>U<u>S<s>`,
so they become SPIR-V values where Vulkan has a type for them and the
backend's own values elsewhere:

| scope | value |
| --- | --- |
| Wave | a cooperative matrix (SPV_KHR_cooperative_matrix, Subgroup scope): phis, loads, MulAdd as for any value |
| ThreadGroup, with `-fspv-extension=SPV_NV_cooperative_matrix2` | the same at Workgroup scope |
| ThreadGroup, otherwise | generic code, as our revisions' ThreadGroup matrices: a groupshared array of the elements that every thread of the group works on between two barriers; values joined by a phi share one array (DXC's code replaces a matrix by its changed copy and no longer reads the old one) |
| Thread, A or B (a load) | `{offset, stride}` of where it is in its byte-address buffer, read in place by MatVecMul(Add); the buffer and layout are the load's (every load reaching one phi must agree) |
| Thread, Accumulator (an outer product) | its two vectors (in 32-bit or 64-bit arithmetic types); AccumulateToDescriptor adds their products into the buffer with one atomic add per element |

Element types: 16/32/64-bit integers and floats, I8 and U8 natively;
F8_E4M3FN, F8_E5M2 and BFloat16 as the 8- and 16-bit integers that hold
them, decoded and encoded by integer arithmetic (round to nearest even,
saturating to the largest finite value as the specification's conversion
rules say) in thread vectors (Convert, MatVecMul's packed inputs) and in
Thread-scope matrices; a cooperative matrix of them would need
SPV_EXT_float8 / SPV_KHR_bfloat16 and is a located error.  The opaque
layouts (MulOptimal, OuterProductOptimal) are read and written row-major
and tightly packed, their *Transpose variants column-major (the memory
holds the transpose), as our revisions do: Vulkan defines no driver-chosen
layout.

Located errors: element access to a cooperative matrix's coordinates
(GetCoordinate: Vulkan does not say which invocation holds which element),
a use change or transpose in CopyConvertMatrix and Accumulate of an A or
B matrix at Wave scope (SPV_KHR_cooperative_matrix converts component
types only), QueryAccumulatorLayout (Vulkan does not report it),
8-bit float and bfloat16 cooperative matrices, atomic adds of other than
32-bit elements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dxil import ops as ir_ops
from ..dxil.operands import Operand
from ..dxil.types import IRType
from . import spec
from .base import Handle, Ptr, SpirvError, Val, no_mapping, resource_handle
from .matrices import Group, Matrix, MatrixType, component_of
from .module import Enum, Id, Lit
from .ops import op

if TYPE_CHECKING:  # pragma: no cover
    from .translate import Translator

# ComponentType -> (kind, bits, signed) of the SPIR-V type that holds it;
# "f8e4", "f8e5", "bf16" are held in integers of their width.
COMPONENTS = {2: ("int", 16, True), 3: ("int", 16, False), 4: ("int", 32, True), 5: ("int", 32, False),
              6: ("int", 64, True), 7: ("int", 64, False), 8: ("float", 16, True), 9: ("float", 32, True),
              10: ("float", 64, True), 19: ("int", 8, True), 20: ("int", 8, False), 21: ("f8e4", 8, True),
              22: ("f8e5", 8, True), 23: ("bf16", 16, True)}
NAMES = {2: "I16", 3: "U16", 4: "I32", 5: "U32", 6: "I64", 7: "U64", 8: "F16", 9: "F32", 10: "F64", 19: "I8",
         20: "U8", 21: "F8_E4M3FN", 22: "F8_E5M2", 23: "BFloat16"}
NATIVE = frozenset({2, 3, 4, 5, 6, 7, 8, 9, 10})
_SCOPES = {0: "Thread", 1: "Wave", 2: "ThreadGroup"}
_USES = {0: "A", 1: "B", 2: "Accumulator"}


def component(ct: int) -> tuple[str, int, bool]:
    found = COMPONENTS.get(ct)
    if found is None:
        raise no_mapping(f"a matrix or vector of component type {ct}",
                         "not a LinAlg component type")
    return found


def elements_per_scalar(ct: int) -> int:
    return 1 if ct in NATIVE else 2 if ct == 23 else 4


def matrix_type(t: IRType | str) -> ir_ops.MatrixType | None:
    return ir_ops.parse_matrix_type(t.text if isinstance(t, IRType) else t)


def _legacy(mt: ir_ops.MatrixType) -> MatrixType:
    """The backend's matrix type of our own revisions (its helpers take it)."""
    return MatrixType(mt.component if mt.component in NATIVE else {19: 17, 20: 18}.get(mt.component, mt.component),
                      mt.m, mt.n, mt.use, mt.scope)


class LinAlg:
    """The translation's view of DXC's matrices: which values share a
    generic ThreadGroup array or a Thread-scope load's buffer and layout."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.m = tr.m
        self.parent: dict[str, str] = {}
        self.loads: dict[str, tuple[Any, int]] = {}      # class -> (load operand, layout)
        self.arrays: dict[str, Matrix] = {}              # class -> generic ThreadGroup matrix

    # -- classes of values joined by phis and selects ------------------------------------

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

    def prepare(self, graph: Any) -> None:
        tr = self.tr
        for name in graph.order:
            node = graph.nodes[name]
            if node.ir is None:
                continue
            for ins in node.ir.instructions:
                if ins.opcode in ("phi", "select") and ins.result and ins.type and matrix_type(ins.type):
                    for used in ins.uses:
                        self._union(ins.result, used)
        del tr

    def array(self, name: str, t: IRType) -> Matrix:
        mt = matrix_type(t)
        assert mt is not None
        return _array(self.tr, name, mt)

    # -- types ----------------------------------------------------------------------------

    def coop(self, mt: ir_ops.MatrixType) -> bool:
        """Whether matrices of this type are cooperative matrices."""
        return mt.scope == 1 or (mt.scope == 2 and self.tr.options.workgroup_matrices)

    def stype(self, t: IRType) -> int:
        mt = matrix_type(t)
        assert mt is not None
        if self.coop(mt):
            return self.coop_type(mt)
        if mt.scope == 0 and mt.use != 2:
            uint = self.m.t_int(32)
            return self.m.t_struct([uint, uint], "ThreadMatrix")
        if mt.scope == 0:
            kind = self.compute_type(mt.component)
            return self.m.t_struct([self.m.t_array(kind, mt.m), self.m.t_array(kind, mt.n)], "OuterProduct")
        raise no_mapping(f"a value of a generic ThreadGroup-scope matrix ({describe(mt)})")

    def coop_type(self, mt: ir_ops.MatrixType) -> int:
        kind, bits, _ = component(mt.component)
        if kind not in ("int", "float"):
            raise no_mapping(f"a {_SCOPES[mt.scope]}-scope matrix of {NAMES[mt.component]}",
                             "cooperative matrices of 8-bit floats or bfloat16 need SPV_EXT_float8 / "
                             "SPV_KHR_bfloat16")
        if bits == 8:
            self.m.capability("Int8")
        scope = spec.SCOPE["Subgroup"] if mt.scope == 1 else spec.SCOPE["Workgroup"]
        if mt.scope == 2:
            self.m.extension("SPV_NV_cooperative_matrix2")
        elem = self.m.t_float(bits) if kind == "float" else self.m.t_int(bits)
        return self.m.t_coop_matrix(elem, scope, mt.m, mt.n, mt.use)

    def element_type(self, ct: int) -> int:
        """The SPIR-V scalar type holding one element of `ct`."""
        kind, bits, _ = component(ct)
        if bits == 8:
            self.m.capability("Int8")
        return self.m.t_float(bits) if kind == "float" else self.m.t_int(bits)

    def compute_type(self, ct: int) -> int:
        """The arithmetic type elements of `ct` are computed in: 32-bit (or
        64-bit) floats for the floats, integers of 32 (64) bits."""
        kind, bits, _ = component(ct)
        wide = 64 if bits == 64 else 32
        return self.m.t_int(wide) if kind == "int" else self.m.t_float(wide)

    # -- scalars: decoding and encoding the component types -----------------------------

    def decode(self, value: int, ct: int) -> int:
        """An element of `ct` (in its holding type) as its compute type."""
        tr, m = self.tr, self.m
        kind, bits, signed = component(ct)
        target = self.compute_type(ct)
        uint = m.t_int(32)
        if kind == "float":
            return value if bits in (32, 64) else tr.emit("FConvert", target, Id(value))
        if kind == "int":
            if bits in (32, 64):
                return value
            return tr.emit("SConvert" if signed else "UConvert", target, Id(value))
        f32 = m.t_float(32)
        code = tr.emit("UConvert", uint, Id(value))
        if kind == "bf16":
            return tr.emit("Bitcast", f32, Id(tr.emit("ShiftLeftLogical", uint, Id(code), Id(tr.uint(16)))))
        mbits, bias = (3, 7) if kind == "f8e4" else (2, 15)
        ebits = 7 - mbits
        sign = tr.emit("ShiftRightLogical", uint, Id(code), Id(tr.uint(7)))
        e = tr.emit("BitFieldUExtract", uint, Id(code), Id(tr.uint(mbits)), Id(tr.uint(ebits)))
        mant = tr.emit("BitwiseAnd", uint, Id(code), Id(tr.uint((1 << mbits) - 1)))
        normal_bits = tr.emit("BitwiseOr", uint,
                              Id(tr.emit("ShiftLeftLogical", uint, Id(tr.emit("IAdd", uint, Id(e),
                                                                                Id(tr.uint(127 - bias)))),
                                         Id(tr.uint(23)))),
                              Id(tr.emit("ShiftLeftLogical", uint, Id(mant), Id(tr.uint(23 - mbits)))))
        normal = tr.emit("Bitcast", f32, Id(normal_bits))
        sub = tr.emit("FMul", f32, Id(tr.emit("ConvertUToF", f32, Id(mant))),
                      Id(m.const_float(f32, 2.0 ** (1 - bias - mbits))))
        is_sub = tr.emit("IEqual", m.t_bool(), Id(e), Id(tr.uint(0)))
        v = tr.emit("Select", f32, Id(is_sub), Id(sub), Id(normal))
        top = (1 << ebits) - 1
        is_top = tr.emit("IEqual", m.t_bool(), Id(e), Id(tr.uint(top)))
        if kind == "f8e4":
            nan = tr.emit("LogicalAnd", m.t_bool(), Id(is_top),
                          Id(tr.emit("IEqual", m.t_bool(), Id(mant), Id(tr.uint(7)))))
            v = tr.emit("Select", f32, Id(nan), Id(m.const_float(f32, float("nan"))), Id(v))
        else:
            special = tr.emit("Select", f32, Id(tr.emit("IEqual", m.t_bool(), Id(mant), Id(tr.uint(0)))),
                              Id(m.const_float(f32, float("inf"))), Id(m.const_float(f32, float("nan"))))
            v = tr.emit("Select", f32, Id(is_top), Id(special), Id(v))
        negative = tr.emit("INotEqual", m.t_bool(), Id(sign), Id(tr.uint(0)))
        return tr.emit("Select", f32, Id(negative), Id(tr.emit("FNegate", f32, Id(v))), Id(v))

    def encode(self, value: int, from_ct: int, ct: int) -> int:
        """A value of `from_ct`'s compute type converted to `ct` (in its
        holding type) by the conversion rules: integers saturate, floats to
        integers round to nearest even and saturate, narrower floats round
        to nearest even (the 8-bit floats saturating)."""
        tr, m = self.tr, self.m
        src_kind, held_bits, src_signed = component(from_ct)
        src_bits = 64 if held_bits == 64 else 32          # the value is in its compute type
        kind, bits, signed = component(ct)
        src_float = src_kind != "int"
        target = self.element_type(ct)
        src_type = self.compute_type(from_ct)
        if kind == "int":
            wide = 64 if bits == 64 or src_bits == 64 else 32
            wide_t = m.t_int(wide)
            low, high = ((-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1))
            if src_float:
                f = src_type
                r = tr.glsl("RoundEven", f, value)
                r = tr.glsl("FClamp", f, r, m.const_float(f, float(low)), m.const_float(f, float(high)))
                nan = tr.emit("IsNan", m.t_bool(), Id(value))
                r = tr.emit("Select", f, Id(nan), Id(m.const_float(f, 0.0)), Id(r))
                out = tr.emit("ConvertFToS" if signed else "ConvertFToU", m.t_int(max(bits, 32)), Id(r))
                return out if bits >= 32 else tr.emit("UConvert" if not signed else "SConvert", target, Id(out))
            v = value
            if src_bits != wide:
                v = tr.emit("SConvert" if src_signed else "UConvert", wide_t, Id(v))
            if bits >= wide and src_signed == signed:
                return v if bits == wide else tr.emit("UConvert", target, Id(v))
            if src_signed and signed:
                v = tr.glsl("SClamp", wide_t, v, m.const_int(wide_t, low & (1 << wide) - 1),
                            m.const_int(wide_t, high))
            elif src_signed:
                v = tr.glsl("SClamp", wide_t, v, m.const_int(wide_t, 0),
                            m.const_int(wide_t, min(high, (1 << (wide - 1)) - 1)))
            else:
                v = tr.glsl("UMin", wide_t, v, m.const_int(wide_t, min(high, (1 << wide) - 1)))
            return v if bits == wide else tr.emit("UConvert", target, Id(v))
        # To a float.
        f32 = m.t_float(32)
        if src_float:
            x = value
        else:
            x = tr.emit("ConvertSToF" if src_signed else "ConvertUToF", m.t_float(64 if src_bits == 64 else 32),
                        Id(value))
        if kind == "float":
            have = 64 if (src_float and src_bits == 64) or (not src_float and src_bits == 64) else 32
            return x if have == bits else tr.emit("FConvert", target, Id(x))
        if src_bits == 64:
            x = tr.emit("FConvert", f32, Id(x))
        return self._encode_narrow(x, kind)

    def _encode_narrow(self, x: int, kind: str) -> int:
        """An f32 value as F8_E4M3FN, F8_E5M2 or BFloat16 bits."""
        tr, m = self.tr, self.m
        uint, f32, boolean = m.t_int(32), m.t_float(32), m.t_bool()
        bits = tr.emit("Bitcast", uint, Id(x))
        sign = tr.emit("BitwiseAnd", uint, Id(bits), Id(tr.uint(0x80000000)))
        nan = tr.emit("IsNan", boolean, Id(x))
        if kind == "bf16":
            lsb = tr.emit("BitwiseAnd", uint, Id(tr.emit("ShiftRightLogical", uint, Id(bits), Id(tr.uint(16)))),
                          Id(tr.uint(1)))
            rounded = tr.emit("IAdd", uint, Id(bits), Id(tr.emit("IAdd", uint, Id(tr.uint(0x7FFF)), Id(lsb))))
            code = tr.emit("ShiftRightLogical", uint, Id(rounded), Id(tr.uint(16)))
            inf = tr.emit("IsInf", boolean, Id(x))
            code = tr.emit("Select", uint, Id(inf), Id(tr.emit("ShiftRightLogical", uint, Id(bits),
                                                                 Id(tr.uint(16)))), Id(code))
            nan_code = tr.emit("BitwiseOr", uint, Id(tr.emit("ShiftRightLogical", uint, Id(sign), Id(tr.uint(16)))),
                               Id(tr.uint(0x7FC0)))
            code = tr.emit("Select", uint, Id(nan), Id(nan_code), Id(code))
            return tr.emit("UConvert", m.t_int(16), Id(code))
        mbits, bias, largest, min_normal = (3, 7, 448.0, 2.0 ** -6) if kind == "f8e4" else (2, 15, 57344.0, 2.0 ** -14)
        a = tr.glsl("FAbs", f32, x)
        inf = tr.emit("IsInf", boolean, Id(x))
        a = tr.glsl("FMin", f32, a, m.const_float(f32, largest))
        ab = tr.emit("Bitcast", uint, Id(a))
        shift = 23 - mbits
        lsb = tr.emit("BitwiseAnd", uint, Id(tr.emit("ShiftRightLogical", uint, Id(ab), Id(tr.uint(shift)))),
                      Id(tr.uint(1)))
        rounded = tr.emit("IAdd", uint, Id(ab), Id(tr.emit("IAdd", uint, Id(tr.uint((1 << (shift - 1)) - 1)),
                                                            Id(lsb))))
        normal = tr.emit("ISub", uint, Id(tr.emit("ShiftRightLogical", uint, Id(rounded), Id(tr.uint(shift)))),
                         Id(tr.uint((127 - bias) << mbits)))
        # Below the smallest normal: multiples of the smallest subnormal.
        q = tr.glsl("RoundEven", f32, tr.emit("FMul", f32, Id(a), Id(m.const_float(f32, 2.0 ** (bias - 1 + mbits)))))
        sub = tr.emit("ConvertFToU", uint, Id(q))
        small = tr.emit("FOrdLessThan", boolean, Id(a), Id(m.const_float(f32, min_normal)))
        code = tr.emit("Select", uint, Id(small), Id(sub), Id(normal))
        if kind == "f8e5":
            code = tr.emit("Select", uint, Id(inf), Id(tr.uint(0x7C)), Id(code))
        code = tr.emit("Select", uint, Id(nan), Id(tr.uint(0x7F)), Id(code))
        code = tr.emit("BitwiseOr", uint, Id(code), Id(tr.emit("ShiftRightLogical", uint, Id(sign),
                                                                 Id(tr.uint(24)))))
        self.m.capability("Int8")
        return tr.emit("UConvert", m.t_int(8), Id(code))

    # -- thread vectors -----------------------------------------------------------------------

    def vector_var(self, v: Val) -> tuple[int, IRType]:
        """A Function variable holding a vector value (its elements by index)."""
        var = self.tr.local_var(self.tr.stype(v.ty), "vector")
        self.tr.emit_void("Store", Id(var), Id(v.id))
        assert v.ty.elem is not None
        return var, v.ty.elem

    def vector_element(self, var: int, elem: IRType, index: int) -> int:
        tr = self.tr
        p = tr.emit("AccessChain", self.m.t_pointer("Function", tr.stype(elem)), Id(var), Id(index))
        return tr.emit("Load", tr.stype(elem), Id(p))

    def interpreted(self, var: int, elem: IRType, interp: int, index: int) -> int:
        """Element `index` (an id) of a thread vector read as `interp`, in
        `interp`'s compute type: a native interpretation converts the
        vector's own element; a packed one takes the bytes of its words."""
        tr, m = self.tr, self.m
        uint = m.t_int(32)
        if interp in NATIVE:
            raw = self.vector_element(var, elem, index)
            src = _ir_component(elem, interp)
            value = self.decode(raw, src) if src != interp else self.decode(raw, interp)
            if src == interp:
                return value
            return self.decode(self.encode(value, src, interp), interp)
        per = elements_per_scalar(interp)
        if elem.kind != "int" or elem.bits != 32:
            raise no_mapping(f"a vector of '{elem.text}' read as packed {NAMES[interp]}",
                             "packed interpretations are held in 32-bit words")
        word = self.vector_element(var, elem, tr.emit("UDiv", uint, Id(index), Id(tr.uint(per))))
        width = 32 // per
        offset = tr.emit("IMul", uint, Id(tr.emit("UMod", uint, Id(index), Id(tr.uint(per)))), Id(tr.uint(width)))
        kind, bits, signed = component(interp)
        if kind == "int":
            extract = "BitFieldSExtract" if signed else "BitFieldUExtract"
            return tr.emit(extract, uint, Id(word), Id(offset), Id(tr.uint(width)))
        piece = tr.emit("BitFieldUExtract", uint, Id(word), Id(offset), Id(tr.uint(width)))
        return self.decode(tr.emit("UConvert", self.element_type(interp), Id(piece)), interp)


def generic_matrix(tr: Translator, t: IRType | None) -> bool:
    """Whether values of `t` are generic ThreadGroup-scope matrices (no
    SPIR-V value: a groupshared array)."""
    if t is None or t.kind != "struct" or not (t.name or "").startswith("dx.types.LinAlgMatrix"):
        return False
    mt = matrix_type(t)
    return mt is not None and mt.scope == 2 and not tr.options.workgroup_matrices


def describe(mt: ir_ops.MatrixType) -> str:
    return (f"{NAMES.get(mt.component, mt.component)} {mt.m}x{mt.n} {_USES.get(mt.use, mt.use)} "
            f"{_SCOPES.get(mt.scope, mt.scope)}")


def _ir_component(t: IRType, interp: int | None = None) -> int:
    """The component type of an IR scalar type (integers as signed, unless
    the interpretation says unsigned)."""
    if t.kind == "float":
        return {16: 8, 32: 9, 64: 10}[t.bits]
    signed = interp is None or interp in (2, 4, 6, 19) or component(interp)[0] != "int" or component(interp)[2]
    return {(8, True): 19, (8, False): 20, (16, True): 2, (16, False): 3, (32, True): 4, (32, False): 5,
            (64, True): 6, (64, False): 7}[(t.bits if t.kind == "int" else 32, signed)]


def _la(tr: Translator) -> LinAlg:
    return tr.linalg


def _result(ins: Any) -> ir_ops.MatrixType:
    mt = matrix_type(ins.type or "")
    if mt is None:
        raise SpirvError(f"'{ins.type}' is not a LinAlg matrix type")
    return mt


def _operand_type(operand: Operand) -> ir_ops.MatrixType:
    mt = matrix_type(operand.type)
    if mt is None:
        raise SpirvError(f"'{operand.type.text}' is not a LinAlg matrix type")
    return mt


# ---------------------------------------------------------------------------
# Generic ThreadGroup matrices


def _array(tr: Translator, name: str, mt: ir_ops.MatrixType) -> Matrix:
    la = _la(tr)
    root = la._find(name)
    found = la.arrays.get(root)
    if found is None:
        if mt.component not in NATIVE and mt.component not in (19, 20):
            raise no_mapping(f"a generic ThreadGroup-scope matrix of {NAMES.get(mt.component, mt.component)}")
        found = la.arrays[root] = Matrix(root, _legacy(mt))
    return found


def _group(tr: Translator) -> Group:
    found = getattr(tr, "_group_matrices", None)
    if found is None:
        found = tr._group_matrices = Group(tr)
    return found


def _generic(tr: Translator, mt: ir_ops.MatrixType) -> bool:
    return mt.scope == 2 and not tr.options.workgroup_matrices


def _copy(tr: Translator, dst: Matrix, src: Matrix, transpose: bool = False) -> None:
    g = _group(tr)
    if dst is src and not transpose:
        return
    uint = tr.m.t_int(32)

    def body(e: int, r: int, c: int) -> None:
        k = e
        if transpose:
            k = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(c), Id(tr.uint(src.type.cols)))), Id(r))
        g.store(dst, e, g.convert(src, g.load(src, k), dst.type))

    g.each(dst, body, writes=True)


# ---------------------------------------------------------------------------
# The operations


@op("LinAlgFillMatrix")
def _fill(tr, ins, o, args, rt):
    la = _la(tr)
    mt = _result(ins)
    value = tr.val(args[0])
    src = _ir_component(value.ty, mt.component)
    if _generic(tr, mt):
        mat = _array(tr, ins.result, mt)
        g = _group(tr)
        scalar = la.encode(la.decode(value.id, src), src, mt.component)
        g.each(mat, lambda e, r, c: g.store(mat, e, scalar), writes=True)
        return mat
    if not la.coop(mt):
        raise no_mapping(f"FillMatrix of a {describe(mt)} matrix", "Thread-scope matrices are loaded or made by "
                         "OuterProduct")
    scalar = la.encode(la.decode(value.id, src), src, mt.component)
    return Val(tr.emit("CompositeConstruct", la.coop_type(mt), Id(scalar)), rt)


@op("LinAlgCopyConvertMatrix")
def _copy_convert(tr, ins, o, args, rt):
    la = _la(tr)
    mt, st = _result(ins), _operand_type(args[0])
    transpose = bool(args[1].const_int)
    if _generic(tr, mt):
        src = tr.get(args[0])
        dst = _array(tr, ins.result, mt)
        _copy(tr, dst, src, transpose)
        return dst
    if not la.coop(mt) or not la.coop(st):
        raise no_mapping(f"CopyConvertMatrix of a {describe(st)} matrix")
    value = tr.val(args[0])
    if mt.use != st.use or transpose:
        # SPV_NV_cooperative_matrix2 changes an accumulator's use (and
        # transposes one into a B matrix); KHR converts component types only.
        if not tr.options.workgroup_matrices or st.use != 2 or (transpose and mt.use != 1):
            raise no_mapping("a CopyConvertMatrix that changes a matrix's use or transposes it",
                             "SPV_KHR_cooperative_matrix converts component types only; "
                             "SPV_NV_cooperative_matrix2 (-fspv-extension=SPV_NV_cooperative_matrix2) converts "
                             "an accumulator to an A or B matrix, or transposes it to a B matrix")
        tr.m.capability("CooperativeMatrixConversionsNV")
        tr.m.extension("SPV_NV_cooperative_matrix2")
        same_use = ir_ops.MatrixType(mt.component, st.m, st.n, st.use, st.scope)
        converted = _coop_convert(tr, value.id, st, same_use)
        name = "CooperativeMatrixTransposeNV" if transpose else "CooperativeMatrixConvertNV"
        return Val(tr.emit(name, la.coop_type(mt), Id(converted)), rt)
    if mt.component == st.component:
        return Val(value.id, rt)
    s, d = component(st.component), component(mt.component)
    target = la.coop_type(mt)
    if s[0] == "float" and d[0] == "float":
        name = "FConvert"
    elif s[0] == "float":
        name = "ConvertFToS" if d[2] else "ConvertFToU"
    elif d[0] == "float":
        name = "ConvertSToF" if s[2] else "ConvertUToF"
    elif s[1] == d[1]:
        name = "Bitcast"
    else:
        name = "SConvert" if s[2] else "UConvert"
    return Val(tr.emit(name, target, Id(value.id)), rt)


def _layout(operand: Operand, what: str) -> int:
    value = operand.const_int
    if value is None:
        raise no_mapping(f"{what} with a layout chosen at run time")
    return value


@op("LinAlgMatrixLoadFromDescriptor")
def _load_descriptor(tr, ins, o, args, rt):
    la = _la(tr)
    mt = _result(ins)
    handle = resource_handle(tr, args[0])
    layout = _layout(args[3], "a matrix load")
    if mt.scope == 0:
        root = la._find(ins.result)
        known = la.loads.get(root)
        if known is None:
            la.loads[root] = (handle, layout)
        elif known[0].res is not handle.res or known[1] != layout:
            raise no_mapping("Thread-scope matrices loaded from different buffers or layouts that meet in a phi")
        uint = tr.m.t_int(32)
        return Val(tr.emit("CompositeConstruct", tr.m.t_struct([uint, uint], "ThreadMatrix"),
                           Id(tr.index_id(args[1])), Id(tr.index_id(args[2]))), rt)
    if _generic(tr, mt):
        mat = _array(tr, ins.result, mt)
        _group(tr).descriptor(mat, handle, args[1:4], "load")
        return mat
    return Val(_coop_descriptor(tr, mt, handle, args[1:4], None), rt)


def _coop_descriptor(tr: Translator, mt: ir_ops.MatrixType, handle: Handle, args: list[Operand],
                     value: int | None, accumulate: bool = False) -> int:
    """A cooperative matrix loaded from (value None) or stored to a
    byte-address buffer, RowMajor or ColMajor."""
    ms = tr.matrices
    la = _la(tr)
    layout = _layout(args[2], "a matrix load or store")
    if layout not in (0, 1):
        raise no_mapping(f"a {_SCOPES[mt.scope]}-scope matrix load or store in layout {layout}",
                         "RowMajor and ColMajor only")
    legacy = _legacy(mt)
    tensor = ms.tensor_layout(legacy, handle, args[0], args[1], args[2])
    coop = la.coop_type(mt)
    if tensor is not None:
        if value is None or accumulate:
            loaded = tr.emit("CooperativeMatrixLoadTensorNV", coop, Id(tensor[0]), Id(tr.emit("Undef", coop)),
                             Id(tensor[1]), _enum("MemoryAccess", 0), _enum("TensorAddressingOperands", 0))
            if value is None:
                return loaded
            value = _coop_add(tr, mt, loaded, value)
        ms.tensor_store(tensor[0], value, tensor[1])
        return value
    kind, bits, _ = component(mt.component)
    size = bits // 8
    pointer = tr.buffers.scalar_pointer(handle, tr.index_id(args[0]), (kind, bits))
    stride = ms.to_elements(tr.index_id(args[1]), size)
    lay = tr.uint(layout)
    if value is None or accumulate:
        loaded = tr.emit("CooperativeMatrixLoadKHR", coop, Id(pointer), Id(lay), Id(stride))
        if value is None:
            return loaded
        value = _coop_add(tr, mt, loaded, value)
    tr.emit_void("CooperativeMatrixStoreKHR", Id(pointer), Id(value), Id(lay), Id(stride))
    return value


def _enum(kind: str, value: int) -> Any:
    return Enum(kind, value)


def _coop_add(tr: Translator, mt: ir_ops.MatrixType, a: int, b: int) -> int:
    name = "FAdd" if component(mt.component)[0] == "float" else "IAdd"
    return tr.emit(name, _la(tr).coop_type(mt), Id(a), Id(b))


@op("LinAlgMatrixStoreToDescriptor", "LinAlgMatrixAccumulateToDescriptor")
def _store_descriptor(tr, ins, o, args, rt):
    mt = _operand_type(args[0])
    handle = resource_handle(tr, args[1])
    accumulate = o.name == "LinAlgMatrixAccumulateToDescriptor"
    if mt.scope == 0:
        if not accumulate:
            raise no_mapping("StoreToDescriptor of a Thread-scope matrix")
        _thread_accumulate(tr, mt, tr.val(args[0]), handle, args[2], _layout(args[4], "an accumulate"))
        return None
    if _generic(tr, mt):
        _group(tr).descriptor(tr.get(args[0]), handle, args[2:5], "accumulate" if accumulate else "store")
        return None
    _coop_descriptor(tr, mt, handle, args[2:5], tr.val(args[0]).id, accumulate)
    return None


def _memory(tr: Translator, mt: ir_ops.MatrixType, memory: Operand, offset: Operand, stride: Operand,
            layout_op: Operand, value: int | None, accumulate: bool = False, target: int | None = None) -> int:
    """A cooperative matrix loaded from or stored to a groupshared array: the
    array's bytes as they are (offset and stride in matrix elements,
    converted to the array's units)."""
    la = _la(tr)
    layout = _layout(layout_op, "a groupshared matrix load or store")
    if layout not in (0, 1):
        raise no_mapping(f"a {_SCOPES[mt.scope]}-scope matrix load or store in layout {layout}")
    p = tr.get(memory)
    if not isinstance(p, Ptr) or not p.path:
        raise SpirvError("a groupshared matrix operand that is not a pointer into an array")
    element = p.view.scalar if p.view.kind == "vector" else p.view
    unit_bytes = (p.view.count if p.view.kind == "vector" else 1) * max(element.bits, 8) // 8
    ct = mt.component if target is None else target
    esize = component(ct)[1] // 8
    uint = tr.m.t_int(32)

    def units(op_: Operand) -> int:
        elements = tr.index_id(op_)
        if esize == unit_bytes:
            return elements
        at = tr.emit("IMul", uint, Id(elements), Id(tr.uint(esize)))
        return tr.emit("UDiv", uint, Id(at), Id(tr.uint(unit_bytes)))

    path = list(p.path)
    path[-1] = tr.emit("IAdd", uint, Id(path[-1]), Id(units(offset)))
    pointer = tr.address(Ptr(p.root, p.storage, p.root_type, path, p.view, p.decayed, p.name))
    step = units(stride)
    stored = ir_ops.MatrixType(ct, mt.m, mt.n, mt.use, mt.scope)
    coop_stored = la.coop_type(stored)
    lay = tr.uint(layout)
    if value is None or accumulate:
        loaded = tr.emit("CooperativeMatrixLoadKHR", coop_stored, Id(pointer), Id(lay), Id(step))
        if value is None:
            return loaded
        value = _coop_add(tr, stored, loaded, _coop_convert(tr, value, mt, stored))
    tr.emit_void("CooperativeMatrixStoreKHR", Id(pointer), Id(value), Id(lay), Id(step))
    return value


def _coop_convert(tr: Translator, value: int, src: ir_ops.MatrixType, dst: ir_ops.MatrixType) -> int:
    if src.component == dst.component:
        return value
    s, d = component(src.component), component(dst.component)
    if s[0] == "float" and d[0] == "float":
        name = "FConvert"
    elif s[0] == "float":
        name = "ConvertFToS" if d[2] else "ConvertFToU"
    elif d[0] == "float":
        name = "ConvertSToF" if s[2] else "ConvertUToF"
    elif s[1] == d[1]:
        name = "Bitcast"
    else:
        name = "SConvert" if s[2] else "UConvert"
    return tr.emit(name, _la(tr).coop_type(dst), Id(value))


@op("LinAlgMatrixLoadFromMemory")
def _load_memory(tr, ins, o, args, rt):
    mt = _result(ins)
    if _generic(tr, mt):
        mat = _array(tr, ins.result, mt)
        _group_memory(tr, mat, args[0:4], "load")
        return mat
    if not _la(tr).coop(mt):
        raise no_mapping(f"LoadFromMemory of a {describe(mt)} matrix")
    return Val(_memory(tr, mt, args[0], args[1], args[2], args[3], None), rt)


@op("LinAlgMatrixStoreToMemory")
def _store_memory(tr, ins, o, args, rt):
    mt = _operand_type(args[0])
    if _generic(tr, mt):
        _group_memory(tr, tr.get(args[0]), args[1:5], "store")
        return None
    _memory(tr, mt, args[1], args[2], args[3], args[4], tr.val(args[0]).id)
    return None


@op("LinAlgMatrixAccumulateToMemory")
def _accumulate_memory(tr, ins, o, args, rt):
    mt = _operand_type(args[0])
    target = args[2].const_int
    if target is None or target not in COMPONENTS:
        raise no_mapping("AccumulateToMemory with a target type chosen at run time or not a LinAlg type")
    if _generic(tr, mt):
        if target != mt.component:
            raise no_mapping("a generic ThreadGroup-scope AccumulateToMemory into another type")
        _group_memory(tr, tr.get(args[0]), [args[1], args[3], args[4], args[5]], "accumulate")
        return None
    _memory(tr, mt, args[1], args[3], args[4], args[5], tr.val(args[0]).id, accumulate=True, target=target)
    return None


def _group_memory(tr: Translator, mat: Matrix, args: list[Operand], kind: str) -> None:
    p = tr.get(args[0])
    if not isinstance(p, Ptr) or not p.path:
        raise SpirvError("a groupshared matrix operand that is not a pointer into an array")
    element = p.view.scalar if p.view.kind == "vector" else p.view
    if p.view.kind == "vector" or (element.kind == "float") != (component_of(mat.type)[0] == "float") \
            or element.bits != component_of(mat.type)[1]:
        raise no_mapping("a generic ThreadGroup-scope matrix in groupshared memory of another element type",
                         "the array's elements must be the matrix's")
    _group(tr).memory(mat, args, kind)


# -- the thread-local slice --------------------------------------------------------------


def _coop_slice(tr: Translator, args: list[Operand], what: str) -> tuple[ir_ops.MatrixType, Val]:
    mt = _operand_type(args[0])
    if not _la(tr).coop(mt):
        raise no_mapping(f"{what} of a {describe(mt)} matrix")
    return mt, tr.val(args[0])


@op("LinAlgMatrixLength")
def _length(tr, ins, o, args, rt):
    mt, _ = _coop_slice(tr, args, "Length")
    return Val(tr.emit("CooperativeMatrixLengthKHR", tr.m.t_int(32), Id(_la(tr).coop_type(mt))), rt)


def _element_pointer(tr: Translator, mt: ir_ops.MatrixType, value: Val, index: Operand) -> tuple[int, int, int]:
    """(variable holding the matrix, pointer to the element at the index
    clamped into range, whether the index is in range)."""
    la = _la(tr)
    coop = la.coop_type(mt)
    uint = tr.m.t_int(32)
    var = tr.local_var(coop, "slice")
    tr.emit_void("Store", Id(var), Id(value.id))
    length = tr.emit("CooperativeMatrixLengthKHR", uint, Id(coop))
    i = tr.index_id(index)
    inside = tr.emit("ULessThan", tr.m.t_bool(), Id(i), Id(length))
    last = tr.emit("ISub", uint, Id(length), Id(tr.uint(1)))
    safe = tr.glsl("UMin", uint, i, last)
    elem = la.element_type(mt.component)
    pointer = tr.emit("AccessChain", tr.m.t_pointer("Function", elem), Id(var), Id(safe))
    return var, pointer, inside


@op("LinAlgMatrixGetElement")
def _get(tr, ins, o, args, rt):
    la = _la(tr)
    mt, value = _coop_slice(tr, args, "GetElement")
    _, pointer, inside = _element_pointer(tr, mt, value, args[1])
    raw = tr.emit("Load", la.element_type(mt.component), Id(pointer))
    out_ct = _ir_component(rt, mt.component)
    result = la.encode(la.decode(raw, mt.component), mt.component, out_ct)
    zero = tr.m.const_null(tr.stype(rt))
    return Val(tr.emit("Select", tr.stype(rt), Id(inside), Id(result), Id(zero)), rt)


@op("LinAlgMatrixSetElement")
def _set(tr, ins, o, args, rt):
    la = _la(tr)
    mt, value = _coop_slice(tr, args, "SetElement")
    var, pointer, inside = _element_pointer(tr, mt, value, args[1])
    v = tr.val(args[2])
    src = _ir_component(v.ty, mt.component)
    encoded = la.encode(la.decode(v.id, src), src, mt.component)
    # Out of range: the element at the clamped index keeps its value.
    old = tr.emit("Load", la.element_type(mt.component), Id(pointer))
    tr.emit_void("Store", Id(pointer), Id(tr.emit("Select", la.element_type(mt.component), Id(inside), Id(encoded),
                                                  Id(old))))
    return Val(tr.emit("Load", la.coop_type(mt), Id(var)), rt)


@op("LinAlgMatrixGetCoordinate")
def _coordinate(tr, ins, o, args, rt):
    mt = _operand_type(args[0])
    raise no_mapping(f"GetCoordinate of a {describe(mt)} matrix",
                     "Vulkan does not say which invocation holds which elements of a cooperative matrix")


@op("LinAlgMatrixQueryAccumulatorLayout")
def _accumulator_layout(tr, ins, o, args, rt):
    raise no_mapping("QueryAccumulatorLayout", "Vulkan does not report the layout of accumulator matrices")


# -- products --------------------------------------------------------------------------------


@op("LinAlgMatrixMultiply", "LinAlgMatrixMultiplyAccumulate")
def _multiply(tr, ins, o, args, rt):
    la = _la(tr)
    mt = _result(ins)
    at, bt = _operand_type(args[0]), _operand_type(args[1])
    accumulate = o.name == "LinAlgMatrixMultiplyAccumulate"
    if _generic(tr, mt):
        a, b = tr.get(args[0]), tr.get(args[1])
        c = _array(tr, ins.result, mt)
        if accumulate:
            _copy(tr, c, tr.get(args[2]))
        _group(tr).multiply(a, b, c, accumulate=accumulate)
        return c
    if not la.coop(mt):
        raise no_mapping(f"a multiply into a {describe(mt)} matrix")
    start = tr.val(args[2]).id if accumulate else tr.m.const_composite(
        la.coop_type(mt), [tr.m.const_null(la.element_type(mt.component))])
    operands = 0
    for t, bit in ((at, "MatrixASigned"), (bt, "MatrixBSigned"), (mt, "MatrixCSigned")):
        if component(t.component)[0] == "int" and component(t.component)[2]:
            operands |= spec.MATRIX_OPERANDS[bit]
    if component(mt.component)[0] == "int" and component(mt.component)[2]:
        operands |= spec.MATRIX_OPERANDS["MatrixResultSigned"]
    extra = [Lit(operands)] if operands else []
    return Val(tr.emit("CooperativeMatrixMulAddKHR", la.coop_type(mt), Id(tr.val(args[0]).id),
                       Id(tr.val(args[1]).id), Id(start), *extra), rt)


@op("LinAlgMatrixAccumulate")
def _accumulate(tr, ins, o, args, rt):
    mt = _result(ins)
    lt, rt_ = _operand_type(args[0]), _operand_type(args[1])
    if _generic(tr, mt):
        c = _array(tr, ins.result, mt)
        _copy(tr, c, tr.get(args[0]))
        g = _group(tr)
        rhs = tr.get(args[1])
        g.each(c, lambda e, r, col: g.store(c, e, g.add(c.type, g.load(c, e), g.convert(rhs, g.load(rhs, e), c.type))),
               writes=True)
        return c
    if lt.use == rt_.use and lt.component == rt_.component:
        return Val(_coop_add(tr, mt, tr.val(args[0]).id, tr.val(args[1]).id), rt)
    raise no_mapping(f"Accumulate of a {describe(rt_)} matrix into a {describe(lt)} one",
                     "cooperative matrices of different uses cannot be added")


# -- Thread scope ---------------------------------------------------------------------------


def _thread_element(tr: Translator, mt: ir_ops.MatrixType, source: tuple[Handle, int], value: Val, row: int,
                    col: int) -> int:
    """Element (row, col) of a Thread-scope matrix read in place, in its
    compute type."""
    la = _la(tr)
    handle, layout = source
    uint = tr.m.t_int(32)
    kind, bits, _ = component(mt.component)
    size = bits // 8
    offset = tr.emit("CompositeExtract", uint, Id(value.id), _lit(0))
    if layout in (0, 1):
        stride = tr.emit("CompositeExtract", uint, Id(value.id), _lit(1))
        major, minor = (row, col) if layout == 0 else (col, row)
    elif layout in (2, 4):
        stride, major, minor = tr.uint(mt.n * size), row, col       # opaque: row-major, tightly packed
    elif layout in (3, 5):
        stride, major, minor = tr.uint(mt.m * size), col, row       # the transpose stored so
    else:
        raise no_mapping(f"a Thread-scope matrix in layout {layout}")
    at = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(major), Id(stride))),
                 Id(tr.emit("IMul", uint, Id(minor), Id(tr.uint(size)))))
    address = tr.emit("IAdd", uint, Id(offset), Id(at))
    held = ("float", bits) if kind == "float" else ("int", bits)
    pointer = tr.buffers.scalar_pointer(handle, address, held)
    raw = tr.emit("Load", la.element_type(mt.component), Id(pointer))
    return la.decode(raw, mt.component)


def _lit(value: int) -> Any:
    return Lit(value)


@op("LinAlgMatVecMul", "LinAlgMatVecMulAdd")
def _matvec(tr, ins, o, args, rt):
    """y = A x (+ b): a loop over A's rows and the vector's elements, per
    thread, accumulating in 32-bit (or 64-bit) arithmetic."""
    la = _la(tr)
    m = tr.m
    mt = _operand_type(args[0])
    if mt.scope != 0:
        raise no_mapping(f"MatVecMul of a {describe(mt)} matrix")
    source = la.loads.get(la._find(args[0].value)) if args[0].is_local else None
    if source is None:
        raise no_mapping("MatVecMul of a Thread-scope matrix that no LoadFromDescriptor made")
    value = tr.val(args[0])
    signed = bool(args[1].const_int)
    vector = tr.val(args[2])
    interp = args[3].const_int
    if interp is None or interp not in COMPONENTS:
        raise no_mapping("a vector interpretation chosen at run time or not a LinAlg type")
    assert rt.elem is not None
    out_ct = _ir_component(rt.elem, 4 if signed else 5)
    # Compute in floats when anything is a float, else in integers.
    floats = component(out_ct)[0] != "int" or component(mt.component)[0] != "int" or component(interp)[0] != "int"
    wide = 64 if component(out_ct)[1] == 64 else 32
    acc_ct = (10 if wide == 64 else 9) if floats else (6 if wide == 64 else 4)
    acc_t = la.compute_type(acc_ct)
    in_var, in_elem = la.vector_var(vector)
    result = tr.local_var(tr.stype(rt), "matvec")
    bias_var = bias_elem = None
    if o.name == "LinAlgMatVecMulAdd":
        bias_var, bias_elem = la.vector_var(tr.val(args[4]))
    total = tr.local_var(acc_t, "dot")
    mul, add = ("FMul", "FAdd") if floats else ("IMul", "IAdd")
    mat_ct = mt.component
    in_ct = interp

    def to_acc(v: int, ct: int) -> int:
        if ct == acc_ct:
            return v
        return la.decode(la.encode(v, ct, acc_ct), acc_ct)

    def row(i: int) -> None:
        start = m.const_null(acc_t)
        if bias_var is not None:
            b = la.vector_element(bias_var, bias_elem, i)
            b_ct = _ir_component(bias_elem, 4 if signed else 5)
            start = to_acc(la.decode(b, b_ct), b_ct)
        tr.emit_void("Store", Id(total), Id(start))

        def step(k: int) -> None:
            w = to_acc(_thread_element(tr, mt, source, value, i, k), mat_ct)
            x = to_acc(la.interpreted(in_var, in_elem, in_ct, k), in_ct)
            t = tr.emit(add, acc_t, Id(tr.emit("Load", acc_t, Id(total))), Id(tr.emit(mul, acc_t, Id(w), Id(x))))
            tr.emit_void("Store", Id(total), Id(t))

        tr.loop(tr.uint(mt.n), step, "k")
        y = la.encode(tr.emit("Load", acc_t, Id(total)), acc_ct, out_ct)
        p = tr.emit("AccessChain", m.t_pointer("Function", tr.stype(rt.elem)), Id(result), Id(i))
        tr.emit_void("Store", Id(p), Id(y))

    tr.loop(tr.uint(mt.m), row, "row")
    return Val(tr.emit("Load", tr.stype(rt), Id(result)), rt)


@op("LinAlgMatrixOuterProduct")
def _outer(tr, ins, o, args, rt):
    la = _la(tr)
    mt = _result(ins)
    if mt.scope != 0:
        if _generic(tr, mt):
            mat = _array(tr, ins.result, mt)
            _group(tr).outer_product(mat, tr.val(args[0]), tr.val(args[1]))
            return mat
        raise no_mapping(f"OuterProduct into a {describe(mt)} matrix",
                         "Vulkan does not say which invocation holds which elements of a cooperative matrix")
    kind = la.compute_type(mt.component)
    arrays = []
    for vec_op, count in ((args[0], mt.m), (args[1], mt.n)):
        vec = tr.val(vec_op)
        var, elem = la.vector_var(vec)
        interp = mt.component if mt.component not in NATIVE else _ir_component(elem)
        out = tr.local_var(tr.m.t_array(kind, count), "outer")

        def each(i: int, var=var, elem=elem, interp=interp, out=out) -> None:
            v = la.interpreted(var, elem, interp, i)
            v = la.decode(la.encode(v, interp, mt.component), mt.component) if interp != mt.component else v
            tr.emit_void("Store", Id(tr.emit("AccessChain", tr.m.t_pointer("Function", kind), Id(out), Id(i))), Id(v))

        tr.loop(tr.uint(count), each, "i")
        arrays.append(tr.emit("Load", tr.m.t_array(kind, count), Id(out)))
    return Val(tr.emit("CompositeConstruct", la.stype(rt), Id(arrays[0]), Id(arrays[1])), rt)


def _thread_accumulate(tr: Translator, mt: ir_ops.MatrixType, value: Val, handle: Handle, offset: Operand,
                       layout: int) -> None:
    """Every thread adds its outer product into the buffer: one atomic add
    per element, OuterProductOptimal row-major (its Transpose column-major)."""
    la = _la(tr)
    m = tr.m
    kind, bits, signed = component(mt.component)
    if bits != 32 or kind not in ("int", "float"):
        raise no_mapping(f"AccumulateToDescriptor of a {describe(mt)} matrix", "atomic adds are 32-bit")
    if layout not in (4, 5):
        raise no_mapping(f"a Thread-scope AccumulateToDescriptor in layout {layout}",
                         "Thread-scope accumulators are OuterProductOptimal")
    if kind == "float":
        m.capability("AtomicFloat32AddEXT")
        m.extension("SPV_EXT_shader_atomic_float_add")
    uint = m.t_int(32)
    ct = la.compute_type(mt.component)
    var = tr.local_var(la.stype(value.ty), "outer")
    tr.emit_void("Store", Id(var), Id(value.id))
    base = tr.local_var(uint, "accumulate.offset")
    tr.emit_void("Store", Id(base), Id(tr.index_id(offset)))
    elem = la.element_type(mt.component)

    def row(i: int) -> None:
        a = tr.emit("Load", ct, Id(tr.emit("AccessChain", m.t_pointer("Function", ct), Id(var), Id(tr.uint(0)), Id(i))))

        def col(j: int) -> None:
            b = tr.emit("Load", ct, Id(tr.emit("AccessChain", m.t_pointer("Function", ct), Id(var), Id(tr.uint(1)),
                                               Id(j))))
            product = tr.emit("FMul" if kind == "float" else "IMul", ct, Id(a), Id(b))
            major, minor, width = (i, j, mt.n) if layout == 4 else (j, i, mt.m)
            index = tr.emit("IAdd", uint, Id(tr.emit("IMul", uint, Id(major), Id(tr.uint(width)))), Id(minor))
            address = tr.emit("IAdd", uint, Id(tr.emit("Load", uint, Id(base))),
                              Id(tr.emit("IMul", uint, Id(index), Id(tr.uint(4)))))
            pointer = tr.buffers.scalar_pointer(handle, address, (kind, 32))
            tr.emit("AtomicFAddEXT" if kind == "float" else "AtomicIAdd", elem, Id(pointer), Id(tr.scope("Device")),
                    Id(tr.uint(0)), Id(product))

        tr.loop(tr.uint(mt.n), col, "column")

    tr.loop(tr.uint(mt.m), row, "row")


@op("LinAlgConvert")
def _convert(tr, ins, o, args, rt):
    """A thread vector from one interpretation to another, element by element."""
    la = _la(tr)
    m = tr.m
    vec = tr.val(args[0])
    src, dst = args[1].const_int, args[2].const_int
    if src not in COMPONENTS or dst not in COMPONENTS:
        raise no_mapping("a Convert between interpretations chosen at run time or not LinAlg types")
    var, elem = la.vector_var(vec)
    assert rt.elem is not None
    count = vec.ty.count if vec.ty.kind == "vector" else 1
    n_in = count * elements_per_scalar(src)
    out_count = rt.count if rt.kind == "vector" else 1
    n_out = min(n_in, out_count * elements_per_scalar(dst))
    result = tr.local_var(tr.stype(rt), "converted")
    tr.emit_void("Store", Id(result), Id(m.const_null(tr.stype(rt))))
    out_elem = tr.stype(rt.elem)
    uint = m.t_int(32)
    per = elements_per_scalar(dst)

    def each(i: int) -> None:
        v = la.encode(la.interpreted(var, elem, src, i), src, dst)
        if dst in NATIVE:
            ir_ct = _ir_component(rt.elem, dst)
            if ir_ct != dst:
                v = la.encode(la.decode(v, dst), dst, ir_ct)
            p = tr.emit("AccessChain", m.t_pointer("Function", out_elem), Id(result), Id(i))
            tr.emit_void("Store", Id(p), Id(v))
            return
        width = 32 // per
        word_index = tr.emit("UDiv", uint, Id(i), Id(tr.uint(per)))
        p = tr.emit("AccessChain", m.t_pointer("Function", out_elem), Id(result), Id(word_index))
        old = tr.emit("Load", out_elem, Id(p))
        at = tr.emit("IMul", uint, Id(tr.emit("UMod", uint, Id(i), Id(tr.uint(per)))), Id(tr.uint(width)))
        piece = tr.emit("UConvert", uint, Id(v))
        tr.emit_void("Store", Id(p), Id(tr.emit("BitFieldInsert", out_elem, Id(old), Id(piece), Id(at),
                                                 Id(tr.uint(width)))))

    tr.loop(tr.uint(n_out), each, "element")
    return Val(tr.emit("Load", tr.stype(rt), Id(result)), rt)


@op("LinAlgVectorAccumulateToDescriptor")
def _vector_accumulate(tr, ins, o, args, rt):
    """Each element atomically added into the buffer at offset + i * size."""
    la = _la(tr)
    m = tr.m
    handle = resource_handle(tr, args[0])
    vec = tr.val(args[3])
    var, elem = la.vector_var(vec)
    if elem.bits != 32:
        raise no_mapping(f"InterlockedAccumulate of a vector of '{elem.text}'", "atomic adds are 32-bit")
    kind = "float" if elem.kind == "float" else "int"
    if kind == "float":
        m.capability("AtomicFloat32AddEXT")
        m.extension("SPV_EXT_shader_atomic_float_add")
    uint = m.t_int(32)
    base = tr.local_var(uint, "accumulate.offset")
    tr.emit_void("Store", Id(base), Id(tr.index_id(args[1])))
    count = vec.ty.count if vec.ty.kind == "vector" else 1

    def each(i: int) -> None:
        v = la.vector_element(var, elem, i)
        address = tr.emit("IAdd", uint, Id(tr.emit("Load", uint, Id(base))),
                          Id(tr.emit("IMul", uint, Id(i), Id(tr.uint(4)))))
        pointer = tr.buffers.scalar_pointer(handle, address, (kind, 32))
        tr.emit("AtomicFAddEXT" if kind == "float" else "AtomicIAdd", tr.stype(elem), Id(pointer),
                Id(tr.scope("Device")), Id(tr.uint(0)), Id(v))

    tr.loop(tr.uint(count), each, "element")
    return None

