"""The small names every lowering module shares, so that the helpers need not
import `codegen` (which imports them all) and imports run one way.

Owns: `LowerError` (a construct the lowering cannot translate, with its
span), the LLVM integer and floating-point types, `fconst` (a float
constant holding the value its type holds), DXC's barrier mode bits per
barrier intrinsic (`BARRIERS`), and `Handle` (a resource parameter of an
inlined function, bound to the caller's handle).

Does not own: LLVM types of HLSL types (`Codegen.llt`), places (`places`),
anything that needs the code generator itself.
"""

from __future__ import annotations

import math
import struct
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from llvmlite import ir

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.symbols import VarSymbol
    from ..source import Span

I1, I8, I16, I32, I64 = ir.IntType(1), ir.IntType(8), ir.IntType(16), ir.IntType(32), ir.IntType(64)
HALF_T, FLOAT_T, DOUBLE_T = ir.HalfType(), ir.FloatType(), ir.DoubleType()

# Barrier mode bits (DXC): SyncThreadGroup 1, UAVFenceGlobal 2, UAVFenceThreadGroup 4, TGSMFence 8.
BARRIERS = {
    "GroupMemoryBarrier": 8, "GroupMemoryBarrierWithGroupSync": 1 | 8,
    "DeviceMemoryBarrier": 2, "DeviceMemoryBarrierWithGroupSync": 1 | 2,
    "AllMemoryBarrier": 2 | 8, "AllMemoryBarrierWithGroupSync": 1 | 2 | 8,
}


class LowerError(Exception):
    def __init__(self, message: str, span: Span | None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


class Handle:
    """A resource parameter bound to the caller's handle value."""
    __slots__ = ("value",)

    def __init__(self, value: ir.Value) -> None:
        self.value = value


class ResourceArrayAlias:
    """An array-of-resources parameter given a whole global resource array
    (`f(Textures)`): its elements are that array's, indexed as the global
    is (a handle per index, also one chosen at run time), as DXC's inlining
    leaves it.  `sym` is the global's symbol."""
    __slots__ = ("sym",)

    def __init__(self, sym: VarSymbol) -> None:
        self.sym = sym


class _FloatConstant(ir.Constant):
    """A float constant printed without llvmlite's padding of zero
    (`float              0x0` becomes `float 0x0`)."""

    def get_reference(self) -> str:
        return super().get_reference().strip()


class ScalarTable(ir.Constant):
    """An array constant of integers, spelled once from their values.

    Generated code declares tables of 100,000 constants; an element object
    each, and llvmlite's printing of each, cost a tenth of a second there.
    The elements are made only if something asks for `constant`."""

    def __init__(self, ty: ir.ArrayType, values: list[int]) -> None:
        self.type = ty
        self._values = values

    @property
    def constant(self) -> list[ir.Constant]:        # type: ignore[override]
        elem = self.type.element
        return [ir.Constant(elem, value) for value in self._values]

    def _get_reference(self) -> str:
        prefix = f"{self.type.element} "
        return "[" + ", ".join([prefix + str(value) for value in self._values]) + "]"


def fconst(ty: ir.Type, value: float, literal: bool = False) -> ir.Constant:
    """A floating-point constant; out-of-range values become infinities, as
    the conversion to that type does at run time.  A float or half holds
    its type's value, except an HLSL 2021 unsuffixed `literal` (of any
    precision: converted to a double, it keeps a double's)."""
    limit = {ir.HalfType: 65504.0, ir.FloatType: 3.4028234663852886e38}.get(type(ty))
    if limit is not None and math.isfinite(value) and abs(value) > limit:
        value = math.copysign(math.inf, value)
    elif limit is not None and math.isfinite(value) and not literal:
        # The value the type holds (what a later conversion starts from).
        code = "<e" if isinstance(ty, ir.HalfType) else "<f"
        try:
            value = struct.unpack(code, struct.pack(code, value))[0]
        except OverflowError:
            value = math.copysign(math.inf, value)
    return _FloatConstant(ty, value)
