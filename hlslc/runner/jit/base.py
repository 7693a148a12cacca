"""What the JIT's modules share: the layout of the dispatch's context and a
wave's frame, the values that are not lane vectors (pointers, handles,
matrices), memory objects, and the registries `ops` and `linalg` fill.

Owns: `CTX_*`, `F_*`, the wave statuses, `Unsupported`, `PtrV`,
`HandleV`, `MatV`, `Root`, `Segment`, `scalar_leaves`, `stride`,
`is_object_type`, `OPERATIONS` / `op` (dx.op translations), `MAKERS` /
`maker` (the operations that make a handle or a matrix, resolved when the
module is compiled), `SYNC` (operations that make the waves of a group
wait for each other).  Does not own: translating (`compiler`).
"""

from __future__ import annotations

from typing import Any, Callable

from ...dxil import reader as R
from ..binding import Resource
from ..layout import MemoryType
from .emit import Lanes


# The dispatch's context (`ctx`), shared by every worker: byte offsets.
CTX_STOP = 0          # i32: non-zero stops every wave (an error, the watchdog)
CTX_ERROR = 4         # i32: the first error's number (1-based), 0 when none
CTX_NEXT = 8          # i32: the next group to run
CTX_GROUPS = 12       # i32: the number of groups
CTX_DIMS = 16         # 3 x i32: the dispatch's groups in x, y, z
CTX_CHUNK = 28        # i32: how many groups a worker takes at a time
CTX_DETAIL = 32       # i64: a number the error message shows
CTX_BLOCKS = 40       # i32: the number of blocks (`Plan`: k groups each)
CTX_STOP_LINE = 44    # i32: the IR line of a loop a wave was running when the dispatch was stopped
CTX_MATH = 64         # MATH_SLOTS x (ptr loop, ptr data): numpy's inner loops of the math functions
MATH_SLOTS = 64
CTX_RESOURCES = CTX_MATH + 16 * MATH_SLOTS   # per resource (32 bytes): ptr data, i64 size, i32 counter @16, i32 written @24
RESOURCE_SIZE = 32

# A wave's status, returned by @wave and kept in its frame.
RUNNING, SUSPENDED, FAILED, DONE = 0, 1, 2, 3

# The frame's header.
F_SP = 0              # i32: entries on the SIMT stack
F_SYNC = 4            # i32: the synchronisation point the wave waits at
F_STATUS = 8          # i32: RUNNING, SUSPENDED or DONE
F_LINE = 12           # i32: the IR line of the last jump back (a loop) the wave took
F_STACK = 64


class Unsupported(Exception):
    """The module uses something the JIT does not run: `what` names it,
    `line` is its IR line (the caller falls back to the interpreter)."""

    def __init__(self, what: str, line: int | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.line = line


def align(n: int, a: int) -> int:
    return (n + a - 1) // a * a


# --------------------------------------------------------------------------
# Values that are not lane vectors


class PtrV:
    """A pointer per lane into one memory object (`root`): a byte offset
    per lane (`off`, i32 lanes), or for a promoted alloca a constant byte
    offset (`coff`)."""

    __slots__ = ("root", "off", "coff")

    def __init__(self, root: "Root", off: Lanes | None = None, coff: int = 0) -> None:
        self.root = root
        self.off = off
        self.coff = coff


class HandleV:
    """A resource handle, resolved when the module is compiled: `index` is
    the resource's place in the context (None: the binding is missing, and
    `error` the message of using it).  A handle into an array of resources
    indexed at run time is `dynamic`: the registers it may name, with
    their resources (`Dynamic`), and `lanes` each lane's register."""

    __slots__ = ("res", "index", "error", "dynamic", "lanes")

    def __init__(self, res: Resource | None, index: int | None, error: str | None = None,
                 dynamic: "Dynamic | None" = None, lanes: Lanes | None = None) -> None:
        self.res = res
        self.index = index
        self.error = error
        self.dynamic = dynamic
        self.lanes = lanes


class Dynamic:
    """The resources a run-time index may choose: (register, HandleV of
    that register) in register order, and the message of a register the
    pipeline does not bind (`{detail}`: the register)."""

    def __init__(self, choices: list[tuple[int, "HandleV"]], missing: str) -> None:
        self.choices = choices
        self.missing = missing


class MatV:
    """A `dx::linalg` matrix: the `Site` (createMatrix or outer product)
    that made it."""

    __slots__ = ("site",)

    def __init__(self, site: Any) -> None:
        self.site = site


class Root:
    """A memory object: an alloca or a global.  kind: 'cells' (an alloca
    kept in slots: `cells` maps a byte offset to its scalar type and slot),
    'private' (per-lane memory in the frame, `offset` its start, words
    interleaved by lane), 'shared' (groupshared: `offset` into the group's
    memory), 'const' (a static nothing writes: one copy, `data` its bytes),
    'objects' (an alloca of handles or matrices: no storage)."""

    def __init__(self, name: str, t: MemoryType, kind: str) -> None:
        self.name = name
        self.t = t
        self.kind = kind
        self.size = max(t.size, 1)
        self.offset = 0
        self.cells: dict[int, tuple[MemoryType, int]] = {}
        self.data: bytes = b""
        self.init: bytes | None = None      # a private static's initial bytes (one lane)
        self.local = False                  # cells: every access in one segment (no frame storage)


class Segment:
    """A block, or the part of one between two synchronisation points."""

    def __init__(self, index: int, block: R.Block, start: int, end: int) -> None:
        self.index = index
        self.block = block
        self.start = start       # first instruction
        self.end = end           # one past the last (the sync op or the terminator)
        self.sync: R.Instruction | None = None     # the op that ends it, when not the terminator


def scalar_leaves(t: MemoryType, base: int = 0) -> list[tuple[int, MemoryType]]:
    """The scalars of a type with their byte offsets."""
    if t.kind == "scalar":
        return [(base, t)]
    if t.kind == "vector":
        step = align(t.elem.size, t.elem.align)
        return [(base + k * step, t.elem) for k in range(t.count)]
    if t.kind == "array":
        step = align(t.elem.size, t.elem.align)
        out = []
        for k in range(t.count):
            out += scalar_leaves(t.elem, base + k * step)
        return out
    if t.kind == "struct":
        out = []
        for off, f in zip(t.offsets, t.fields):
            out += scalar_leaves(f, base + off)
        return out
    return []


def stride(t: MemoryType) -> int:
    return align(t.size, t.align)


def is_object_type(t: MemoryType) -> bool:
    """Handles and matrix references: values the JIT resolves when it
    compiles, with no storage."""
    if t.kind == "opaque":
        return True
    if t.kind == "pointer":
        return t.elem is None or t.elem.kind == "opaque"
    if t.kind in ("struct", "array"):
        parts = t.fields if t.kind == "struct" else [t.elem]
        return any(is_object_type(p) for p in parts)
    return False


# The operation handlers of `ops` and `linalg`: name -> fn(compiler, ins,
# op, args, mask) returning the call's value.
OPERATIONS: dict[str, Callable[..., Any]] = {}
# Operations that make a handle or a matrix: name -> fn(compiler, ins, op)
# returning what the call makes (a HandleV, or a matrix site).
# The operations the interpreter runs and the JIT does not, with why: a
# module that uses one runs on the interpreter (`Unsupported`). (What the
# interpreter does not run either, the JIT does not: `runner/ops.py`'s
# UNSUPPORTED says why.)
_TEXTURES = "textures and samplers (runner/sampling.py's filtering, mips and formats): the interpreter runs the module"
_WAVE_MATRIX = "SM 6.8 Wave Matrices (runner/wavematrix.py): the interpreter runs the module"
_DXC_LINALG = ("not emitted by hlslc's lowering: DXC's value-typed dx.op.linAlg* matrices "
               "(runner/linalg_dxc.py): the interpreter runs the module")
FALLBACK: dict[str, str] = {
    **{name: _TEXTURES for name in (
        "CalculateLOD", "Sample", "SampleBias", "SampleCmp", "SampleCmpBias", "SampleCmpGrad", "SampleCmpLevel",
        "SampleCmpLevelZero", "SampleGrad", "SampleLevel", "TextureGather", "TextureGatherCmp", "TextureGatherRaw",
        "TextureLoad", "TextureStore", "WriteSamplerFeedback", "WriteSamplerFeedbackBias",
        "WriteSamplerFeedbackLevel", "WriteSamplerFeedbackGrad")},
    **{f"WaveMatrix_{name}": _WAVE_MATRIX for name in (
        "Add", "Annotate", "Depth", "Fill", "LoadGroupShared", "LoadRawBuf", "Multiply", "MultiplyAccumulate",
        "ScalarOp", "StoreGroupShared", "StoreRawBuf", "SumAccumulate")},
    **{f"LinAlg{name}": _DXC_LINALG for name in (
        "Convert", "CopyConvertMatrix", "FillMatrix", "MatVecMul", "MatVecMulAdd", "MatrixAccumulate",
        "MatrixAccumulateToDescriptor", "MatrixAccumulateToMemory", "MatrixGetCoordinate", "MatrixGetElement",
        "MatrixLength", "MatrixLoadFromDescriptor", "MatrixLoadFromMemory", "MatrixMultiply",
        "MatrixMultiplyAccumulate", "MatrixOuterProduct", "MatrixQueryAccumulatorLayout", "MatrixSetElement",
        "MatrixStoreToDescriptor", "MatrixStoreToMemory", "VectorAccumulateToDescriptor")},
}
MAKERS: dict[str, Callable[..., Any]] = {}
# Operations that may make the waves of a group wait for each other:
# name -> fn(compiler, ins, op) -> bool.
SYNC: dict[str, Callable[..., bool]] = {}


def op(*names: str) -> Callable:
    def register(fn: Callable) -> Callable:
        for name in names:
            OPERATIONS[name] = fn
        return fn
    return register


def maker(*names: str) -> Callable:
    def register(fn: Callable) -> Callable:
        for name in names:
            MAKERS[name] = fn
        return fn
    return register


class Plan:
    """How a dispatch's threads lie in the JIT's vectors.  A vector (a
    unit) has `width` lanes; a wave is `wave` consecutive lanes (width is a
    multiple); a group takes `padded` lanes (its threads, up to a whole
    number of waves, so no wave spans two groups).  A block is `k` groups
    one after another, in `units` vectors: k > 1 when a vector holds
    several groups (small groups; or the whole of a small dispatch, which
    then runs in one lockstep like the interpreter), else units = the
    vectors a group needs.  `@group` runs one block.  `together`: the
    group's vectors run as one (the group mode: one stack of masks for
    the group, each segment a loop over its vectors, a barrier only the
    end of a segment), else each vector is a wave of its own, run phase
    by phase."""

    def __init__(self, width: int, wave: int, group: int, k: int, together: bool = False) -> None:
        self.width = width
        self.wave = wave
        self.group = group
        self.padded = -(-group // wave) * wave
        self.k = k
        self.units = -(-(k * self.padded) // width)
        self.together = together and k == 1 and self.units > 1 and width >= 8

    def key(self) -> str:
        return f"{self.width}/{self.wave}/{self.group}/{self.k}" + ("/g" if self.together else "")

    @property
    def waves_per_unit(self) -> int:
        return self.width // self.wave
