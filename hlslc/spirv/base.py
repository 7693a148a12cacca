"""What the SPIR-V backend's modules share: its error, and the values known
only to the translation.

Owns: `SpirvError` and `no_mapping`; `Val` (a SPIR-V id with its IR type),
`Ptr` (a variable and an access-chain path), `Handle` (a resource binding
and array element), `Parts` (the components of a `dx.types` struct value),
`Slot` (a variable holding a handle or matrix reference),
`resource_handle`, the handle an operand names, and `read_operands`, an
instruction's operands as `hlslc.dxil.operands` reads them.  The helpers (`buffers`,
`images`, `ops`, `matrices`, `packing`) and `translate`, which dispatches
to them, all build on these, so imports run one way: base <- helpers <-
translate.

Does not own: the translation itself (`translate`), reading the IR's types
and operands (`hlslc.dxil.types`, `hlslc.dxil.operands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dxil.operands import Operand, Parsed, UnknownInstruction, parse_instruction
from ..dxil.types import IRError

if TYPE_CHECKING:  # pragma: no cover
    from ..dxil import reader as R
    from ..dxil.types import IRType, TypeTable
    from .descriptors import ResourceInfo
    from .translate import Translator


class SpirvError(Exception):
    """Something the SPIR-V output cannot express; `line` is the IR line of
    the instruction (mapped to the source by the driver)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def no_mapping(what: str, why: str = "") -> SpirvError:
    return SpirvError(f"{what} has no SPIR-V mapping" + (f": {why}" if why else ""))


# ---------------------------------------------------------------------------
# Values known only to the translation

class Val:
    """A SPIR-V value: its id and IR type."""

    __slots__ = ("id", "ty")

    def __init__(self, id: int, ty: IRType) -> None:
        self.id = id
        self.ty = ty


class Ptr:
    """A pointer: `root` (a variable id) of `storage` class holding a
    `root_type`, and the access-chain `path` (ids) to the pointee, of IR
    type `view`.  `decayed`: the last index of the path is an element of an
    array or vector reached by casting a pointer to it to an element
    pointer, so a `getelementptr`'s first index moves along it."""

    __slots__ = ("root", "storage", "root_type", "path", "view", "decayed", "name")

    def __init__(self, root: int, storage: str, root_type: IRType, path: list[int], view: IRType,
                 decayed: bool = False, name: str = "") -> None:
        self.root = root
        self.storage = storage
        self.root_type = root_type
        self.path = path
        self.view = view
        self.decayed = decayed
        self.name = name


class Handle:
    """A resource: its binding and, for arrays of resources, the element
    (an id, or None for the first)."""

    __slots__ = ("res", "index", "non_uniform")

    def __init__(self, res: ResourceInfo, index: int | None, non_uniform: bool = False) -> None:
        self.res = res
        self.index = index
        self.non_uniform = non_uniform


class Parts:
    """A `dx.types` struct value (a buffer load's ResRet, a constant-buffer
    row, dimensions, a compare-exchange's pair): its components."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any]) -> None:
        self.items = items

    def item(self, k: int) -> Any:
        return self.items[k]


class Slot:
    """An alloca (or global) holding a handle or a matrix reference: what
    was stored in it (one thing, since SPIR-V cannot choose a resource at
    run time: checked when the translation ends), and the IR line of its
    first load."""

    __slots__ = ("name", "value", "stored", "loaded", "block", "blocks")

    def __init__(self, name: str) -> None:
        self.name = name
        self.value: Any = None
        self.stored: dict[Any, Any] = {}
        self.loaded: int | None = None
        self.block: str | None = None       # the block of the last store
        self.blocks: set[str] = set()       # the blocks of every store

    def put(self, value: Any, block: str) -> None:
        self.stored.setdefault(_identity(value), value)
        self.value = value
        self.block = block
        self.blocks.add(block)

    def take(self, tr: Translator, line: int) -> Any:
        """The value a load reads: the last store when it is earlier in the
        same block, or when every store so far is in a block that dominates
        the load's and no cycle holds the load's block (the blocks are
        written in reverse post-order, so the last store written is the
        nearest one, and no later store reaches back); otherwise every store
        must have stored the same thing (checked when the translation
        ends)."""
        if self.value is None:
            raise SpirvError("a resource or matrix variable read before it is set")
        here = tr.node.name
        if self.block != here and self.loaded is None and not tr.straight_reach(self.blocks, here):
            self.loaded = line
            tr.slots.append(self)
        return self.value


def _identity(value: Any) -> Any:
    """What makes two stored handles the same resource."""
    if isinstance(value, Handle):
        return ("handle", id(value.res), value.index)
    return ("object", id(value))


def resource_handle(tr: Translator, operand: Operand) -> Handle:
    """The resource a handle operand names."""
    value = tr.get(operand)
    if not isinstance(value, Handle):
        raise SpirvError("a resource operand that no handle operation made")
    return value


def read_operands(ins: R.Instruction, types: TypeTable) -> Parsed:
    """An instruction's operands; an instruction `hlslc.dxil.operands` does
    not read is an `IRError` naming this backend."""
    try:
        return parse_instruction(ins, types)
    except UnknownInstruction as err:
        raise IRError(f"the SPIR-V backend does not read the instruction '{err.opcode}'") from None
