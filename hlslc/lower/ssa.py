"""The clean-up passes of `--linalg-revision=dxc`: hlslc's straightforward
IR (every variable an alloca, every inlined call its own blocks, a copy
per argument) turned into the SSA form DXC's optimizer leaves, so that the
IR matches DXC's (its CHECK lines follow matrix values from operation to
operation, and its value numbering).

Owns, per function of an `llvmlite.ir.Module`: removing unreachable
blocks; scalar replacement of aggregates (a struct or small array alloca
used only through constant GEPs and whole loads and stores becomes one
alloca per element); promotion of allocas to SSA values with phis
(`mem2reg`, on the dominance frontiers); folding (extract/insert chains,
constant vectors, constant arithmetic and casts, trivial phis, selects);
dead code elimination (unused values, calls of `readnone`/`readonly`
functions, allocas only ever written); and CFG simplification (constant
branches, blocks merged into their only predecessor, empty forwarding
blocks removed).

Does not own: what the IR means (codegen), printing it (`dxc_print`).
Only the dxc revision runs these passes: the other revisions' output stays
what it was.
"""

from __future__ import annotations

import math
import struct
from typing import Any, Iterable

from llvmlite import ir

_MAX_SROA_ELEMENTS = 64
_INT_OPS = frozenset({"add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "udiv", "sdiv", "urem",
                      "srem"})
_FLOAT_OPS = frozenset({"fadd", "fsub", "fmul", "fdiv"})
_CASTS = frozenset({"zext", "sext", "trunc", "sitofp", "uitofp", "fptosi", "fptoui", "fpext", "fptrunc", "bitcast"})


def optimize_module(module: ir.Module) -> None:
    """Run the clean-up on every function defined in `module`."""
    for fn in module.functions:
        if fn.blocks:
            optimize_function(fn)


def optimize_function(fn: ir.Function) -> None:
    _remove_unreachable(fn)
    for _ in range(16):
        changed = _sroa(fn)
        changed |= _mem2reg(fn)
        changed |= _simplify(fn)
        changed |= _dce(fn)
        changed |= _simplify_cfg(fn)
        if not changed:
            break


# --------------------------------------------------------------------------
# Operands and replacement

def _is_block(value: Any) -> bool:
    return isinstance(value, ir.Block)


def _operands(ins: ir.Instruction) -> list:
    """The values an instruction reads (not the blocks it branches to)."""
    if isinstance(ins, ir.PhiInstr):
        return [v for v, _ in ins.incomings]
    return [op for op in ins.operands if not _is_block(op)]


def _set_operands(ins: ir.Instruction, new: list) -> None:
    """Replace the operands (all of them, blocks included) and the
    attributes llvmlite keeps beside them."""
    ins.operands = list(new) if isinstance(ins.operands, list) else tuple(new)
    if isinstance(ins, ir.GEPInstr):
        ins.pointer = new[0]
        ins.indices = list(new[1:])
    elif isinstance(ins, ir.ExtractValue):
        ins.aggregate = new[0]
    elif isinstance(ins, ir.InsertValue):
        ins.aggregate = new[0]
        ins.value = new[1]
    ins._clear_string_cache()


class _Replacer:
    """Pending replacements of values, applied to a whole function at once
    (chains followed: a load replaced by a load replaced by a value)."""

    def __init__(self) -> None:
        self.map: dict[int, Any] = {}
        self.keep: list = []

    def add(self, old: Any, new: Any) -> None:
        if old is not new:
            self.map[id(old)] = new
            self.keep.append(old)

    def resolve(self, value: Any) -> Any:
        seen = 0
        while id(value) in self.map and seen < 10000:
            value = self.map[id(value)]
            seen += 1
        return value

    def apply(self, fn: ir.Function) -> bool:
        if not self.map:
            return False
        for block in fn.blocks:
            for ins in block.instructions:
                if isinstance(ins, ir.PhiInstr):
                    incomings = [(self.resolve(v), b) for v, b in ins.incomings]
                    if any(a is not b for (a, _), (b, _) in zip(incomings, ins.incomings)):
                        ins.incomings = incomings
                        ins._clear_string_cache()
                    continue
                ops = list(ins.operands)
                new = [op if _is_block(op) else self.resolve(op) for op in ops]
                if any(a is not b for a, b in zip(new, ops)):
                    _set_operands(ins, new)
        self.map.clear()
        self.keep.clear()
        return True


def _remove(ins: ir.Instruction) -> None:
    block = ins.parent
    block.instructions.remove(ins)
    if block.terminator is ins:
        block.terminator = None


def _uses(fn: ir.Function) -> dict[int, list[ir.Instruction]]:
    uses: dict[int, list[ir.Instruction]] = {}
    for block in fn.blocks:
        for ins in block.instructions:
            for op in _operands(ins):
                uses.setdefault(id(op), []).append(ins)
    return uses


# --------------------------------------------------------------------------
# The control-flow graph

def _successors(block: ir.Block) -> list[ir.Block]:
    term = block.instructions[-1] if block.instructions else None
    if term is None:
        return []
    if isinstance(term, ir.SwitchInstr):
        out = [term.default] + [b for _, b in term.cases]
    else:
        out = [op for op in term.operands if _is_block(op)]
    unique: list[ir.Block] = []
    for b in out:
        if not any(b is u for u in unique):
            unique.append(b)
    return unique


def _predecessors(fn: ir.Function) -> dict[int, list[ir.Block]]:
    preds: dict[int, list[ir.Block]] = {id(b): [] for b in fn.blocks}
    for block in fn.blocks:
        for succ in _successors(block):
            preds.setdefault(id(succ), []).append(block)
    return preds


def _reachable(fn: ir.Function) -> list[ir.Block]:
    entry = fn.blocks[0]
    seen = {id(entry)}
    order = [entry]
    work = [entry]
    while work:
        block = work.pop()
        for succ in _successors(block):
            if id(succ) not in seen:
                seen.add(id(succ))
                order.append(succ)
                work.append(succ)
    return order


def _remove_unreachable(fn: ir.Function) -> bool:
    live = {id(b) for b in _reachable(fn)}
    dead = [b for b in fn.blocks if id(b) not in live]
    if not dead:
        return False
    dead_ids = {id(b) for b in dead}
    for block in fn.blocks:
        if id(block) in dead_ids:
            continue
        for ins in block.instructions:
            if isinstance(ins, ir.PhiInstr):
                kept = [(v, b) for v, b in ins.incomings if id(b) not in dead_ids]
                if len(kept) != len(ins.incomings):
                    ins.incomings = kept
                    ins._clear_string_cache()
    # Values defined in dead blocks and used by live ones cannot exist in
    # reachable code (dominance); drop the blocks.
    fn.blocks[:] = [b for b in fn.blocks if id(b) not in dead_ids]
    return True


def _dominators(fn: ir.Function) -> tuple[dict[int, ir.Block | None], list[ir.Block]]:
    """Immediate dominators (Cooper, Harvey and Kennedy) and the reverse
    postorder of the reachable blocks."""
    entry = fn.blocks[0]
    post: list[ir.Block] = []
    seen = {id(entry)}
    stack: list[tuple[ir.Block, Iterable]] = [(entry, iter(_successors(entry)))]
    while stack:
        block, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            post.append(block)
        elif id(nxt) not in seen:
            seen.add(id(nxt))
            stack.append((nxt, iter(_successors(nxt))))
    rpo = list(reversed(post))
    index = {id(b): i for i, b in enumerate(rpo)}
    preds = _predecessors(fn)
    idom: dict[int, ir.Block | None] = {id(entry): entry}

    def intersect(a: ir.Block, b: ir.Block) -> ir.Block:
        while a is not b:
            while index[id(a)] > index[id(b)]:
                a = idom[id(a)]
            while index[id(b)] > index[id(a)]:
                b = idom[id(b)]
        return a

    changed = True
    while changed:
        changed = False
        for block in rpo[1:]:
            new = None
            for p in preds.get(id(block), []):
                if id(p) in idom and id(p) in index:
                    new = p if new is None else intersect(p, new)
            if new is not None and idom.get(id(block)) is not new:
                idom[id(block)] = new
                changed = True
    idom[id(entry)] = None
    return idom, rpo


# --------------------------------------------------------------------------
# Scalar replacement of aggregates

def _const_int(value: Any) -> int | None:
    if isinstance(value, ir.Constant) and isinstance(value.type, ir.IntType) and isinstance(value.constant, int):
        return value.constant
    return None


def _elements(ty: ir.Type) -> list[ir.Type] | None:
    if isinstance(ty, ir.ArrayType):
        return [ty.element] * ty.count if 0 < ty.count <= _MAX_SROA_ELEMENTS else None
    if isinstance(ty, ir.BaseStructType) and not getattr(ty, "is_opaque", False):
        elems = list(ty.elements)
        return elems if elems else None
    return None


def _sroa(fn: ir.Function) -> bool:
    uses = _uses(fn)
    changed = False
    replacer = _Replacer()      # one pass over the function for every split
    for block in fn.blocks:
        for alloca in [i for i in block.instructions if isinstance(i, ir.AllocaInstr)]:
            elems = _elements(alloca.allocated_type)
            if elems is None or alloca.operands:
                continue
            users = uses.get(id(alloca), [])
            ok = True
            for user in users:
                if isinstance(user, ir.LoadInstr):
                    continue
                if isinstance(user, ir.StoreInstr) and user.operands[1] is alloca and user.operands[0] is not alloca:
                    continue
                if isinstance(user, ir.GEPInstr) and user.pointer is alloca and len(user.indices) >= 2 \
                        and _const_int(user.indices[0]) == 0 and _const_int(user.indices[1]) is not None \
                        and 0 <= _const_int(user.indices[1]) < len(elems):
                    continue
                ok = False
                break
            if not ok or not users:
                continue
            _split(alloca, elems, users, replacer)
            changed = True
    replacer.apply(fn)
    return changed


def _split(alloca: ir.AllocaInstr, elems: list[ir.Type], users: list, replacer: "_Replacer") -> None:
    b = ir.IRBuilder(alloca.parent)
    b.position_before(alloca)
    parts = [b.alloca(t) for t in elems]
    zero = ir.Constant(ir.IntType(32), 0)
    for user in users:
        b.position_before(user)
        if isinstance(user, ir.GEPInstr):
            k = _const_int(user.indices[1])
            rest = list(user.indices[2:])
            new = parts[k] if not rest else b.gep(parts[k], [zero] + rest, inbounds=user.inbounds)
            replacer.add(user, new)
            _remove(user)
        elif isinstance(user, ir.LoadInstr):
            value: Any = ir.Constant(alloca.allocated_type, ir.Undefined)
            for k, part in enumerate(parts):
                value = b.insert_value(value, b.load(part), k)
            replacer.add(user, value)
            _remove(user)
        else:
            stored = user.operands[0]
            for k, part in enumerate(parts):
                b.store(b.extract_value(stored, k), part)
            _remove(user)
    _remove(alloca)


# --------------------------------------------------------------------------
# Promotion to SSA values

def _promotable(fn: ir.Function) -> list[ir.AllocaInstr]:
    uses = _uses(fn)
    out = []
    for block in fn.blocks:
        for ins in block.instructions:
            if not isinstance(ins, ir.AllocaInstr) or ins.operands:
                continue
            ok = True
            for user in uses.get(id(ins), []):
                if isinstance(user, ir.LoadInstr):
                    continue
                if isinstance(user, ir.StoreInstr) and user.operands[1] is ins and user.operands[0] is not ins:
                    continue
                ok = False
                break
            if ok:
                out.append(ins)
    return out


def _mem2reg(fn: ir.Function) -> bool:
    allocas = _promotable(fn)
    if not allocas:
        return False
    _remove_unreachable(fn)
    idom, rpo = _dominators(fn)
    children: dict[int, list[ir.Block]] = {}
    for block in rpo[1:]:
        parent = idom.get(id(block))
        if parent is not None:
            children.setdefault(id(parent), []).append(block)
    preds = _predecessors(fn)
    # Dominance frontiers.
    frontier: dict[int, list[ir.Block]] = {id(b): [] for b in rpo}
    for block in rpo:
        ps = [p for p in preds.get(id(block), []) if id(p) in frontier]
        if len(ps) < 2:
            continue
        for p in ps:
            runner = p
            while runner is not None and runner is not idom.get(id(block)):
                if not any(block is f for f in frontier[id(runner)]):
                    frontier[id(runner)].append(block)
                runner = idom.get(id(runner))
    index = {id(a): i for i, a in enumerate(allocas)}
    # Phi placement on the iterated dominance frontier of each alloca's stores.
    phis: dict[int, dict[int, ir.PhiInstr]] = {}     # block -> alloca index -> phi
    store_blocks: dict[int, list[ir.Block]] = {}
    for block in rpo:
        for ins in block.instructions:
            if isinstance(ins, ir.StoreInstr) and id(ins.operands[1]) in index:
                store_blocks.setdefault(id(ins.operands[1]), []).append(block)
    for alloca in allocas:
        work = list(store_blocks.get(id(alloca), []))
        placed: set[int] = set()
        while work:
            block = work.pop()
            for f in frontier.get(id(block), []):
                if id(f) in placed:
                    continue
                placed.add(id(f))
                phi = ir.PhiInstr(f, alloca.allocated_type, "")
                f.instructions.insert(0, phi)
                phis.setdefault(id(f), {})[index[id(alloca)]] = phi
                work.append(f)
    # Renaming, along the dominator tree.
    replacer = _Replacer()
    current: list[list] = [[ir.Constant(a.allocated_type, ir.Undefined)] for a in allocas]
    dead: list[ir.Instruction] = []
    stack: list[tuple[ir.Block, bool]] = [(rpo[0], False)]
    pushed: dict[int, list[int]] = {}
    while stack:
        block, leaving = stack.pop()
        if leaving:
            for k in pushed.pop(id(block), []):
                current[k].pop()
            continue
        mine: list[int] = []
        for k, phi in phis.get(id(block), {}).items():
            current[k].append(phi)
            mine.append(k)
        for ins in block.instructions:
            if isinstance(ins, ir.LoadInstr) and id(ins.operands[0]) in index:
                replacer.add(ins, current[index[id(ins.operands[0])]][-1])
                dead.append(ins)
            elif isinstance(ins, ir.StoreInstr) and id(ins.operands[1]) in index:
                k = index[id(ins.operands[1])]
                current[k].append(ins.operands[0])
                mine.append(k)
                dead.append(ins)
        for succ in _successors(block):
            for k, phi in phis.get(id(succ), {}).items():
                phi.add_incoming(current[k][-1], block)
                phi._clear_string_cache()
        pushed[id(block)] = mine
        stack.append((block, True))
        for child in reversed(children.get(id(block), [])):
            stack.append((child, False))
    for ins in dead:
        _remove(ins)
    for alloca in allocas:
        _remove(alloca)
    replacer.apply(fn)
    return True


# --------------------------------------------------------------------------
# Folding

def _is_undef(value: Any) -> bool:
    return isinstance(value, ir.Constant) and value.constant is ir.Undefined


def _float_value(value: Any) -> float | None:
    if isinstance(value, ir.Constant) and isinstance(value.type, (ir.HalfType, ir.FloatType, ir.DoubleType)) \
            and isinstance(value.constant, (int, float)):
        return float(value.constant)
    return None


def _round(ty: ir.Type, value: float) -> float:
    code = {ir.HalfType: "<e", ir.FloatType: "<f"}.get(type(ty))
    if code is None or not math.isfinite(value):
        return value
    try:
        return struct.unpack(code, struct.pack(code, value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def _signed(value: int, width: int) -> int:
    value &= (1 << width) - 1
    return value - (1 << width) if value >= 1 << (width - 1) else value


def _truncated_div(x: int, y: int) -> int:
    """Integer division rounding toward zero, exactly (LLVM's sdiv)."""
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y >= 0) else -q


def _int_constant(ty: ir.IntType, value: int) -> ir.Constant:
    return ir.Constant(ty, _signed(value, ty.width) if ty.width > 1 else value & 1)


def _element_of(value: Any, k: int) -> Any:
    """Element k of a constant aggregate or vector (None when unknown)."""
    if _is_undef(value):
        ty = value.type
        elem = ty.elements[k] if isinstance(ty, ir.BaseStructType) else ty.element
        return ir.Constant(elem, ir.Undefined)
    if isinstance(value, ir.Constant) and value.constant is None:
        ty = value.type
        elem = ty.elements[k] if isinstance(ty, ir.BaseStructType) else ty.element
        return ir.Constant(elem, None)
    if isinstance(value, ir.Constant) and isinstance(value.constant, (list, tuple)):
        item = value.constant[k]
        ty = value.type
        elem = ty.elements[k] if isinstance(ty, ir.BaseStructType) else ty.element
        return item if isinstance(item, ir.Value) else ir.Constant(elem, item)
    return None


def _elements_of(value: Any, count: int) -> list | None:
    out = []
    for k in range(count):
        item = _element_of(value, k)
        if item is None:
            return None
        out.append(item)
    return out


def _fold(ins: ir.Instruction) -> Any:
    """A value `ins` is known to equal, or None."""
    op = ins.opname
    if isinstance(ins, ir.PhiInstr):
        values = [v for v, _ in ins.incomings if v is not ins]
        if not values:
            return ir.Constant(ins.type, ir.Undefined)
        first = values[0]
        if all(v is first or (isinstance(v, ir.Constant) and isinstance(first, ir.Constant) and v == first)
               for v in values[1:]):
            return first
        return None
    if isinstance(ins, ir.ExtractValue):
        agg = ins.aggregate
        indices = list(ins.indices)
        while len(indices) == 1:
            if isinstance(agg, ir.InsertValue) and len(agg.indices) == 1:
                if agg.indices[0] == indices[0]:
                    return agg.value
                agg = agg.aggregate
                continue
            item = _element_of(agg, indices[0])
            return item
        return None
    if isinstance(ins, ir.ExtractElement):
        vec, idx = ins.operands
        k = _const_int(idx)
        if k is None:
            return None
        while isinstance(vec, ir.InsertElement) and _const_int(vec.operands[2]) is not None:
            if _const_int(vec.operands[2]) == k:
                return vec.operands[1]
            vec = vec.operands[0]
        if 0 <= k < vec.type.count:
            return _element_of(vec, k)
        return None
    if isinstance(ins, ir.InsertElement):
        rebuilt = _rebuilt(ins, ir.InsertElement, ins.type.count)
        if rebuilt is not None:
            return rebuilt
        vec, value, idx = ins.operands
        k = _const_int(idx)
        if k is None or not isinstance(value, ir.Constant) or not isinstance(vec, ir.Constant):
            return None
        items = _elements_of(vec, vec.type.count)
        if items is None:
            return None
        items[k] = value
        return ir.Constant(vec.type, items)
    if isinstance(ins, ir.InsertValue):
        ty = ins.type
        rebuilt = _rebuilt(ins, ir.InsertValue, len(ty.elements) if isinstance(ty, ir.BaseStructType) else ty.count)
        if rebuilt is not None:
            return rebuilt
        agg, value = ins.aggregate, ins.value
        if len(ins.indices) != 1 or not isinstance(agg, ir.Constant) or not isinstance(value, ir.Constant):
            return None
        ty = agg.type
        count = len(ty.elements) if isinstance(ty, ir.BaseStructType) else ty.count
        items = _elements_of(agg, count)
        if items is None:
            return None
        items[ins.indices[0]] = value
        return ir.Constant(ty, items)
    if isinstance(ins, ir.ShuffleVector):
        a, b, mask = ins.operands
        if not isinstance(a, ir.Constant) or not (isinstance(b, ir.Constant) or b is ir.Undefined):
            return None
        n = a.type.count
        left = _elements_of(a, n)
        right = _elements_of(b, n) if isinstance(b, ir.Constant) else [ir.Constant(a.type.element, ir.Undefined)] * n
        lanes = _elements_of(mask, mask.type.count) if isinstance(mask, ir.Constant) else None
        if left is None or right is None or lanes is None:
            return None
        out = []
        for lane in lanes:
            k = _const_int(lane)
            out.append(ir.Constant(a.type.element, ir.Undefined) if k is None else (left + right)[k])
        return ir.Constant(ir.VectorType(a.type.element, len(out)), out)
    if isinstance(ins, ir.SelectInstr):
        cond = _const_int(ins.operands[0])
        if cond is not None:
            return ins.operands[1] if cond & 1 else ins.operands[2]
        if ins.operands[1] is ins.operands[2]:
            return ins.operands[1]
        return None
    if op in _INT_OPS and len(ins.operands) == 2 and isinstance(ins.type, ir.IntType):
        x, y = (_const_int(o) for o in ins.operands)
        if x is None or y is None:
            return None
        w = ins.type.width
        mask = (1 << w) - 1
        ux, uy = x & mask, y & mask
        sx, sy = _signed(x, w), _signed(y, w)
        if op in ("udiv", "sdiv", "urem", "srem") and uy == 0:
            return None
        result = {
            "add": lambda: ux + uy, "sub": lambda: ux - uy, "mul": lambda: ux * uy, "and": lambda: ux & uy,
            "or": lambda: ux | uy, "xor": lambda: ux ^ uy, "shl": lambda: ux << (uy % w),
            "lshr": lambda: ux >> (uy % w), "ashr": lambda: sx >> (uy % w), "udiv": lambda: ux // uy,
            "urem": lambda: ux % uy,
            "sdiv": lambda: _truncated_div(sx, sy),
            "srem": lambda: sx - _truncated_div(sx, sy) * sy,
        }[op]()
        return _int_constant(ins.type, result)
    if op in _FLOAT_OPS and len(ins.operands) == 2:
        x, y = (_float_value(o) for o in ins.operands)
        if x is None or y is None or (op == "fdiv" and y == 0):
            return None
        result = {"fadd": x + y, "fsub": x - y, "fmul": x * y, "fdiv": x / y if y else 0.0}[op]
        return ir.Constant(ins.type, _round(ins.type, result))
    if isinstance(ins, ir.ICMPInstr):
        x, y = (_const_int(o) for o in ins.operands)
        if x is None or y is None:
            return None
        w = ins.operands[0].type.width
        signed = ins.op.startswith("s") or ins.op in ("eq", "ne")
        if ins.op in ("eq", "ne"):
            x, y = x & ((1 << w) - 1), y & ((1 << w) - 1)
        elif ins.op.startswith("s"):
            x, y = _signed(x, w), _signed(y, w)
        else:
            x, y = x & ((1 << w) - 1), y & ((1 << w) - 1)
        cmp = ins.op[1:] if ins.op not in ("eq", "ne") else ins.op
        outcome = {"eq": x == y, "ne": x != y, "gt": x > y, "ge": x >= y, "lt": x < y, "le": x <= y}[cmp]
        del signed
        return ir.Constant(ir.IntType(1), 1 if outcome else 0)
    if op in _CASTS and len(ins.operands) == 1 and isinstance(ins.operands[0], ir.Constant) \
            and not isinstance(ins.type, (ir.VectorType, ir.PointerType)):
        src = ins.operands[0]
        if op == "bitcast":
            return None
        if op in ("fpext", "fptrunc"):
            v = _float_value(src)
            return ir.Constant(ins.type, _round(ins.type, v)) if v is not None else None
        if op in ("fptosi", "fptoui"):
            v = _float_value(src)
            if v is None or not math.isfinite(v):
                return None
            return _int_constant(ins.type, int(v))
        v = _const_int(src)
        if v is None:
            return None
        w = src.type.width
        if op in ("sitofp", "uitofp"):
            value = _signed(v, w) if op == "sitofp" and w > 1 else v & ((1 << w) - 1)
            return ir.Constant(ins.type, _round(ins.type, float(value)))
        if op == "zext":
            return _int_constant(ins.type, v & ((1 << w) - 1))
        if op == "sext":
            return _int_constant(ins.type, _signed(v, w) if w > 1 else -(v & 1))
        if op == "trunc":
            return _int_constant(ins.type, v)
    return None


def _rebuilt(ins: Any, kind: type, count: int) -> Any:
    """The value an insert chain ending in `ins` copies whole: every lane
    (element) k set to lane k of one value of the same type, read by an
    extract (a vector or struct taken apart and put back together)."""
    seen: dict[int, Any] = {}
    source = None
    node = ins
    while isinstance(node, kind) and len(seen) < count:
        if kind is ir.InsertElement:
            k = _const_int(node.operands[2])
            part = node.operands[1]
            origin = part.operands[0] if isinstance(part, ir.ExtractElement) else None
            lane = _const_int(part.operands[1]) if origin is not None else None
            nxt = node.operands[0]
        else:
            k = node.indices[0] if len(node.indices) == 1 else None
            part = node.value
            origin = part.aggregate if isinstance(part, ir.ExtractValue) and len(part.indices) == 1 else None
            lane = part.indices[0] if origin is not None else None
            nxt = node.aggregate
        if k is None or origin is None or lane != k or origin.type != ins.type:
            return None
        if source is None:
            source = origin
        elif origin is not source:
            return None
        seen.setdefault(k, part)
        node = nxt
    return source if len(seen) == count else None


def _simplify(fn: ir.Function) -> bool:
    changed = False
    for _ in range(32):
        replacer = _Replacer()
        for block in fn.blocks:
            for ins in list(block.instructions):
                if ins.type is None or isinstance(ins.type, ir.VoidType):
                    continue
                value = _fold(ins)
                if value is not None and value is not ins:
                    replacer.add(ins, value)
                    _remove(ins)
        if not replacer.apply(fn):
            break
        changed = True
    return changed


# --------------------------------------------------------------------------
# Dead code

def _pure_call(ins: ir.CallInstr) -> bool:
    callee = ins.callee
    attrs = getattr(callee, "attributes", None)
    return attrs is not None and ("readnone" in attrs or "readonly" in attrs)


def _dce(fn: ir.Function) -> bool:
    changed = _dead_allocas(fn)
    live: set[int] = set()
    work: list[ir.Instruction] = []
    for block in fn.blocks:
        for ins in block.instructions:
            root = isinstance(ins, (ir.Terminator, ir.StoreInstr, ir.AtomicRMW, ir.CmpXchg, ir.Fence)) \
                or isinstance(ins, ir.CallInstr) and not _pure_call(ins) \
                or ins.opname in ("store", "fence", "unreachable")
            if root:
                live.add(id(ins))
                work.append(ins)
    while work:
        ins = work.pop()
        for op in _operands(ins):
            if isinstance(op, ir.Instruction) and id(op) not in live:
                live.add(id(op))
                work.append(op)
    for block in fn.blocks:
        dead = [ins for ins in block.instructions if id(ins) not in live]
        for ins in dead:
            _remove(ins)
            changed = True
    return changed


def _dead_allocas(fn: ir.Function) -> bool:
    """Allocas only ever written (through GEPs too): gone with their stores."""
    uses = _uses(fn)
    changed = False

    def only_written(ptr: Any, out: list) -> bool:
        for user in uses.get(id(ptr), []):
            if isinstance(user, ir.StoreInstr) and user.operands[1] is ptr and user.operands[0] is not ptr:
                out.append(user)
            elif isinstance(user, ir.GEPInstr) and user.pointer is ptr:
                out.append(user)
                if not only_written(user, out):
                    return False
            else:
                return False
        return True

    for block in fn.blocks:
        for alloca in [i for i in block.instructions if isinstance(i, ir.AllocaInstr)]:
            doomed: list = []
            if only_written(alloca, doomed):
                for ins in doomed:
                    if ins.parent is not None and ins in ins.parent.instructions:
                        _remove(ins)
                _remove(alloca)
                changed = True
    return changed


# --------------------------------------------------------------------------
# The control-flow graph, simplified

def _drop_incoming(succ: ir.Block, pred: ir.Block) -> None:
    for ins in succ.instructions:
        if isinstance(ins, ir.PhiInstr):
            kept = [(v, b) for v, b in ins.incomings if b is not pred]
            if len(kept) != len(ins.incomings):
                ins.incomings = kept
                ins._clear_string_cache()


def _set_branch(block: ir.Block, target: ir.Block) -> None:
    old = block.instructions[-1]
    _remove(old)
    br = ir.Branch(block, "br", [target])
    block.instructions.append(br)
    block.terminator = br


def _simplify_cfg(fn: ir.Function) -> bool:
    changed = False
    for _ in range(10000):
        step = False
        # Constant conditions.
        for block in fn.blocks:
            term = block.instructions[-1] if block.instructions else None
            if isinstance(term, ir.ConditionalBranch):
                cond = _const_int(term.operands[0])
                a, b = term.operands[1], term.operands[2]
                if cond is not None or a is b:
                    keep, drop = (a, b) if cond is None or cond & 1 else (b, a)
                    if drop is not keep:
                        _drop_incoming(drop, block)
                    _set_branch(block, keep)
                    step = True
            elif isinstance(term, ir.SwitchInstr):
                value = _const_int(term.value)
                if value is not None:
                    keep = term.default
                    for case, target in term.cases:
                        if _const_int(case) is not None and _const_int(case) & ((1 << 32) - 1) == value & ((1 << 32) - 1):
                            keep = target
                            break
                    for succ in _successors(block):
                        if succ is not keep:
                            _drop_incoming(succ, block)
                    _set_branch(block, keep)
                    step = True
        step |= _remove_unreachable(fn)
        preds = _predecessors(fn)
        entry = fn.blocks[0]
        # A block whose only predecessor branches only to it: merged (all
        # such blocks in one scan, the predecessor lists kept up to date).
        replacer = _Replacer()
        merged: set[int] = set()
        for block in list(fn.blocks):
            if block is entry or id(block) in merged:
                continue
            ps = preds.get(id(block), [])
            if len(ps) != 1:
                continue
            pred = ps[0]
            if pred is block or id(pred) in merged or _successors(pred) != [block] \
                    or not isinstance(pred.instructions[-1], ir.Branch):
                continue
            for ins in list(block.instructions):
                if isinstance(ins, ir.PhiInstr):
                    replacer.add(ins, ins.incomings[0][0] if ins.incomings else ir.Constant(ins.type, ir.Undefined))
                    _remove(ins)
            _remove(pred.instructions[-1])
            for ins in block.instructions:
                ins.parent = pred
                pred.instructions.append(ins)
            pred.terminator = pred.instructions[-1] if pred.instructions else None
            block.instructions = []
            for succ in _successors(pred):
                succ_preds = preds.get(id(succ), [])
                preds[id(succ)] = [pred if p is block else p for p in succ_preds]
                for ins in succ.instructions:
                    if isinstance(ins, ir.PhiInstr) and any(b is block for _, b in ins.incomings):
                        ins.incomings = [(v, pred if b is block else b) for v, b in ins.incomings]
                        ins._clear_string_cache()
            merged.add(id(block))
            step = True
        if merged:
            fn.blocks[:] = [b for b in fn.blocks if id(b) not in merged]
            replacer.apply(fn)
        if step:
            changed = True
            continue
        # An empty block that only branches on: its predecessors branch on
        # (all such blocks in one scan, the predecessor lists kept up to date).
        gone: set[int] = set()
        for block in list(fn.blocks):
            if block is entry or len(block.instructions) != 1 or not isinstance(block.instructions[0], ir.Branch):
                continue
            target = block.instructions[0].operands[0]
            if target is block or id(target) in gone:
                continue
            ps = preds.get(id(block), [])
            if not ps:
                continue
            target_preds = preds.get(id(target), [])
            has_phis = any(isinstance(i, ir.PhiInstr) for i in target.instructions)
            if has_phis and any(any(p is q for q in target_preds) for p in ps):
                continue
            for p in ps:
                term = p.instructions[-1]
                if isinstance(term, ir.SwitchInstr):
                    if term.default is block:
                        term.default = target
                    term.cases = [(v, target if b is block else b) for v, b in term.cases]
                    term._clear_string_cache()
                else:
                    _set_operands(term, [target if op is block else op for op in term.operands])
            if has_phis:
                for ins in target.instructions:
                    if isinstance(ins, ir.PhiInstr):
                        new = []
                        for v, b in ins.incomings:
                            if b is block:
                                new.extend((v, p) for p in ps)
                            else:
                                new.append((v, b))
                        ins.incomings = new
                        ins._clear_string_cache()
            updated = [q for q in target_preds if q is not block]
            for p in ps:
                if not any(p is q for q in updated):
                    updated.append(p)
            preds[id(target)] = updated
            gone.add(id(block))
            step = True
        if gone:
            fn.blocks[:] = [b for b in fn.blocks if id(b) not in gone]
        if not step:
            break
        changed = True
    return changed

