"""Structured control flow for SPIR-V, recovered from an IR function's
control-flow graph.

Vulkan requires structured control flow: every loop header names its merge
block and its continue target (`OpLoopMerge`), every other branch on a
condition that does not simply leave a loop names the block where its
paths meet (`OpSelectionMerge`), and the constructs these instructions
delimit nest.  hlslc's IR comes from structured HLSL (if, for, while, do,
switch, break, continue, return, and helper functions inlined with their
returns turned into branches to a `.exit` block), so the graph is
reducible and the structure is there to find:

1. Blocks no path from the entry reaches are dropped.  Phi instructions
   become Function variables (a store before each predecessor's
   terminator, a load where the phi was), so later edits of the graph need
   not maintain them.
2. Loops are the natural loops of back edges (an edge to a dominator; an
   edge to an earlier block that is not a dominator makes the graph
   irreducible, which SPIR-V cannot express).  A loop gets exactly one
   back edge (several are joined in a new block), and exactly one exit
   target: a `return` inside the loop stays inside (its blocks join the
   loop's body), while exits to different places that meet again later
   (the `return` of an inlined helper inside its loop goes to the helper's
   `.exit` block, past the loop's own end) go through one new merge block
   that sets a selector variable on the way out and dispatches on it.
   Repeated, innermost loops first, until every loop is in this form.
3. Each loop's merge is its exit target (a new unreachable block when the
   loop never exits); its continue target is the block `continue` jumps
   to: the lowering's `loop.step` block, else the back-edge block (or its
   single empty predecessor for a do-while's condition block).
4. Each conditional branch and switch is a selection header unless it
   leaves the innermost loop or switch (break, continue).  Its merge is the
   first block (in reverse post-order) that two of its successors both
   reach without leaving the innermost loop or switch; when the successors
   never meet (the others break, continue or return), the successor that
   reaches most, or a new unreachable block.  A merge that another
   construct already uses, or that the header does not dominate, gets a
   new block in front of it for this construct's edges.

The result annotates the graph (`Node.loop_merge`, `.loop_continue`,
`.selection_merge`) and orders the blocks (reverse post-order, unreachable
merge blocks last), which is all `translate` needs to write `OpLoopMerge`,
`OpSelectionMerge` and the blocks.

Owns: the graph of one function and its structure.  Does not own: the
instructions (`translate`), the graph algorithms (post-order, dominators:
`hlslc.dxil.cfg`, run on this graph as it changes).
"""

from __future__ import annotations

import heapq
import re
from typing import Any

from ..dxil import reader as R
from ..dxil.cfg import DominatorTree, dominates, immediate_dominators, loop_tests, post_order, strong_components
from ..dxil.types import IRError, TypeTable
from .base import read_operands


class StructureError(Exception):
    """Control flow SPIR-V cannot express; `line` is the IR line of the branch."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


# How much whole-graph work the structuring of one function may take, in
# block visits: each round of placing selection merges, and each merge
# block split off, recomputes the order and the dominators of the whole
# graph (about 2.5 us a block, more in a large graph, whose other walks
# grow with it: n * (1 + n / 20,000) a time), and walks of what a branch
# reaches count a quarter of a visit per block.  A round reroutes one selection's escaping
# edges (a `return` of an inlined helper from inside nested branches), so a
# function of n blocks with k such selections costs about k * n.  Past
# this limit (some 20 s) the function is a located error rather than a
# compile without end: the 57,000 blocks of a 680,000-line entry with
# hundreds of inlined early returns took over ten minutes, and now stop
# after 30 s.  A filter's weight function with two early returns inlined
# 512 times (3,600 blocks, 512 split merges) needs 2,000,000 and compiles
# in about 5 s; the other tests need at most 1,000,000.
WORK_LIMIT = 8_000_000


def _charge(graph: "Graph", line: int | None) -> None:
    n = len(graph.nodes)
    # (A round's other walks grow with the graph too: a large graph's
    # round or split costs more per block.)
    graph.work += n + n * n // 20_000
    if graph.work > WORK_LIMIT:
        if line is None:
            # (At a round's start: the first branch of the function.)
            line = next((n.line for n in graph.nodes.values() if n.line is not None and n.term[0] != "br"), None)
        raise StructureError(
            f"this function is too large to put in structured form for SPIR-V ({len(graph.nodes)} blocks after "
            f"inlining, with early returns from inlined functions inside nested branches that each need their "
            f"own rerouting): hlslc stops rather than take minutes; move work out of the entry into fewer, "
            f"shallower helpers, or return once at their end", line)


class Node:
    """A block of the graph: an IR block (`ir`), or one made here (`ir` None).

    `term` is the terminator: ("br", target), ("cbr", operand, true, false),
    ("switch", operand, default, [(value, target)]), ("ret", operand | None),
    ("unreachable",), or ("dispatch", variable, default, [(value, target)])
    for a selector switch made here.  `stores` are (variable, operand or
    int) pairs to store before the terminator (phi copies, selector values).
    """

    def __init__(self, name: str, ir: R.Block | None, term: tuple) -> None:
        self.name = name
        self.ir = ir
        self.term = term
        self.stores: list[tuple[str, Any]] = []
        self.loop_merge: str | None = None
        self.loop_continue: str | None = None
        self.selection_merge: str | None = None
        self.two_way = False        # a dispatch written as a conditional branch (`is_two_way`)
        self.line = ir.terminator.line if ir is not None and ir.terminator is not None else None

    def succs(self) -> list[str]:
        t = self.term
        kind = t[0]
        if kind == "br":
            return [t[1]]
        if kind == "cbr":
            return [t[2]] if t[2] == t[3] else [t[2], t[3]]
        if kind in ("switch", "dispatch"):
            # (In order, once each: a linear walk, not a list search per case.)
            return list(dict.fromkeys([t[2], *(target for _, target in t[3])]))
        return []

    def retarget(self, old: str, new: str) -> None:
        t = self.term
        kind = t[0]
        if kind == "br":
            self.term = ("br", new if t[1] == old else t[1])
        elif kind == "cbr":
            self.term = ("cbr", t[1], new if t[2] == old else t[2], new if t[3] == old else t[3])
        elif kind in ("switch", "dispatch"):
            self.term = (kind, t[1], new if t[2] == old else t[2],
                         [(v, new if target == old else target) for v, target in t[3]])

    def __repr__(self) -> str:
        return f"<Node {self.name}>"


class Loop:
    def __init__(self, header: str, body: set[str], latches: list[str]) -> None:
        self.header = header
        self.body = body
        self.latches = latches


class Graph:
    """The control flow of one function, structured for SPIR-V."""

    def __init__(self, entry: str) -> None:
        self.entry = entry
        self.nodes: dict[str, Node] = {}
        self.order: list[str] = []          # the blocks in the order to write them
        self.phi_types: dict[str, Any] = {}   # phi result -> IRType: Function variables to declare
        self.selectors: list[str] = []        # selector variables (uint) made for loop and selection exits
        self.escape_rounds: dict[str, int] = {}   # how often each selection's escapes were rerouted
        self.escape_dispatches: set[str] = set()  # the dispatch blocks that rerouting made
        self.switch_ends: dict[str, str] = {}     # switch block -> the block it ends in (the lowering's word)
        self.work = 0                               # whole-graph walks so far, in blocks (`_charge`)
        self.cyclic: set[str] | None = None         # the blocks on a cycle this round (`_cyclic`), once asked
        self._fresh = 0

    def fresh_name(self, base: str) -> str:
        self._fresh += 1
        name = f"{base}.{self._fresh}"
        while name in self.nodes:
            self._fresh += 1
            name = f"{base}.{self._fresh}"
        return name

    def add(self, node: Node) -> Node:
        self.nodes[node.name] = node
        return node

    def position(self, name: str) -> int:
        """Where a block was made: the IR's order, then the blocks made here."""
        try:
            return list(self.nodes).index(name)
        except ValueError:
            return len(self.nodes)

    # -- graph helpers -------------------------------------------------------

    def preds(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {n: [] for n in self.nodes}
        for n, node in self.nodes.items():
            for s in node.succs():
                if s in out and n not in out[s]:
                    out[s].append(n)
        return out

    def reverse_post_order(self) -> list[str]:
        """The blocks in reverse post-order, a branch's first successor (an
        if's then, a loop's body) before the others: the order the
        translation writes them, so a loop body comes before what follows
        the loop."""
        order = post_order([self.entry], {n: node.succs()[::-1] for n, node in self.nodes.items()})
        order.reverse()
        return order


# ---------------------------------------------------------------------------
# Reading a function

def read_function(fn: R.Function, types: TypeTable, module: R.Module | None = None) -> Graph:
    """The graph of an IR function, with its phis turned into variables.
    With the `module`, a switch's `!hlslc.switch.end` (the block the
    lowering ended it with, in modules for -spirv) is its merge."""
    if not fn.blocks:
        raise StructureError(f"function {fn.name} has no body")
    graph = Graph(fn.blocks[0].name)
    for block in fn.blocks:
        term_ins = block.terminator
        if term_ins is None:
            raise StructureError(f"block '{block.name}' has no terminator")
        graph.add(Node(block.name, block, _terminator(term_ins, types)))
        ref = term_ins.attachments.get("hlslc.switch.end") if module is not None else None
        if ref is not None:
            node = module.md_node(ref)
            end = module.md_string(node[0]) if node else None
            if end is not None:
                graph.switch_ends[block.name] = end
    for block in fn.blocks:
        for ins in block.instructions:
            if ins.opcode != "phi":
                continue
            parsed = read_operands(ins, types)
            graph.phi_types[ins.result] = parsed.type
            for operand, pred in zip(parsed.operands, parsed.extra):
                node = graph.nodes.get(pred.strip('"'))
                if node is not None:
                    node.stores.append((ins.result, operand))
    return graph


def _terminator(ins: R.Instruction, types: TypeTable) -> tuple:
    op = ins.opcode
    targets = [t.strip('"') for t in ins.targets]
    try:
        parsed = read_operands(ins, types)
    except IRError as err:
        raise StructureError(str(err), ins.line) from None
    if op == "br":
        if parsed.operands:
            return ("cbr", parsed.operands[0], targets[0], targets[1])
        return ("br", targets[0])
    if op == "switch":
        return ("switch", parsed.operands[0], targets[0], parsed.extra)
    if op == "ret":
        return ("ret", parsed.operands[0] if parsed.operands else None)
    if op == "unreachable":
        return ("unreachable",)
    raise StructureError(f"block '{ins.block.name}' ends in '{op}', not a terminator", ins.line)


# ---------------------------------------------------------------------------
# Structuring

def structure(graph: Graph) -> None:
    _drop_unreachable(graph)
    for _ in range(10_000):
        if not _normalize_one_loop(graph):
            break
    else:  # pragma: no cover - every step removes a loop's extra exits or back edges
        raise StructureError("the loops of this function could not be put in structured form")
    rpo = graph.reverse_post_order()
    idom = immediate_dominators(graph.entry, rpo, graph.preds())
    loops = _loops(graph, rpo, idom)
    if _split_branching_headers(graph, loops):
        rpo = graph.reverse_post_order()
        idom = immediate_dominators(graph.entry, rpo, graph.preds())
        loops = _loops(graph, rpo, idom)
    claimed: set[str] = set()
    preds = graph.preds()
    for loop in loops:
        header = graph.nodes[loop.header]
        exits = _raw_exits(graph, loop)
        merge = exits[0] if exits else _unreachable_block(graph, loop.header + ".merge")
        if exits and any(p not in loop.body for p in preds.get(merge, [])):
            # The loop's exit is also reached from outside it (a rotated
            # loop behind its guard, as DXC emits `for` loops): a block of
            # its own is the loop's merge, so that the guard's selection can
            # merge at the exit.
            merge = _dedicated_exit(graph, loop, merge)
            preds = graph.preds()
        header.loop_merge = merge
        header.loop_continue = _continue_target(graph, loop, idom)
        claimed.update((merge, header.loop_continue))
    # A selection whose construct is left other than through its merge (a
    # `return` inside nested ifs of an inlined function, which branches to
    # the function's end) gets its escaping edges routed through a selector
    # dispatch at its merge; then every selection is placed again.
    # Each round reroutes one selection's escapes; a selection rerouted over
    # and over (a graph this cannot structure) is an error, not a hang.
    graph.escape_rounds = {}
    for _ in range(4 * len(graph.nodes) + 64):
        for node in graph.nodes.values():
            node.selection_merge = None
        if not _assign_selection_merges(graph, loops, set(claimed)):
            break
    else:
        raise StructureError("the branches of this function could not be put in structured form")
    rpo = graph.reverse_post_order()
    reached = set(rpo)
    graph.order = rpo + [n for n in graph.nodes if n not in reached]


def is_two_way(node: Node) -> bool:
    """A selector dispatch written as OpBranchConditional on the selector's
    value (and structured as a conditional branch): one between two blocks
    where a switch would not nest (`_assign_selection_merges`)."""
    return node.two_way and node.term[0] == "dispatch" and len(node.succs()) == 2


def _split_branching_headers(graph: Graph, loops: list[Loop]) -> bool:
    """A loop header whose branch stays in the loop (a do-while whose body
    starts with an if) hands the branch to a block of its own, which can
    then be that if's selection header: a loop header merges only the
    loop, so the if's branches (a `return` of an inlined helper from inside
    them) had no construct to be routed out of."""
    split = False
    for loop in loops:
        header = graph.nodes[loop.header]
        if header.term[0] == "cbr" and len(header.succs()) == 2 and all(s in loop.body for s in header.succs()):
            inner = graph.add(Node(graph.fresh_name(loop.header + ".if"), None, header.term))
            inner.line = header.line
            header.term = ("br", inner.name)
            split = True
    return split


def _dedicated_exit(graph: Graph, loop: Loop, exit_: str) -> str:
    new = graph.add(Node(graph.fresh_name(exit_ + ".loopexit"), None, ("br", exit_)))
    for n in sorted(loop.body):
        if exit_ in graph.nodes[n].succs():
            graph.nodes[n].retarget(exit_, new.name)
    return new.name


def _drop_unreachable(graph: Graph) -> None:
    reached = set(graph.reverse_post_order())
    for name in list(graph.nodes):
        if name not in reached:
            del graph.nodes[name]


def _unreachable_block(graph: Graph, base: str) -> str:
    return graph.add(Node(graph.fresh_name(base), None, ("unreachable",))).name


def _loops(graph: Graph, rpo: list[str], idom: dict[str, str]) -> list[Loop]:
    """The natural loops, innermost first, with each body extended by the
    blocks inside it that can only end in a return."""
    index = {n: k for k, n in enumerate(rpo)}
    preds = graph.preds()
    latches: dict[str, list[str]] = {}
    for n in rpo:
        for s in graph.nodes[n].succs():
            if s not in index:
                continue
            if index[s] <= index[n]:
                if not dominates(idom, s, n):
                    raise StructureError("this control flow is irreducible (a jump into the middle of a loop); "
                                         "SPIR-V needs structured control flow", graph.nodes[n].line)
                latches.setdefault(s, []).append(n)
    loops = []
    for header, ls in latches.items():
        body = {header}
        work = [x for x in ls if x != header]
        body.update(work)
        while work:
            b = work.pop()
            for p in preds[b]:
                if p not in body:
                    body.add(p)
                    work.append(p)
        loops.append(Loop(header, body, ls))
    loops.sort(key=lambda lp: len(lp.body))
    for loop in loops:
        _absorb_exits(graph, loop, idom, index)
    # An inner loop's blocks are in every loop around it.
    for k, loop in enumerate(loops):
        for outer in loops[k + 1:]:
            if loop.header in outer.body:
                outer.body |= loop.body
    return loops


def _cyclic(graph: Graph) -> set[str]:
    """The blocks on a cycle of the graph (in a strongly connected component
    of more than one block, or with an edge to themselves).  Found as each
    round of placing merges begins; blocks that round inserts on existing
    edges (split merges) change no other block's answer."""
    succ = {n: node.succs() for n, node in graph.nodes.items()}
    cyclic: set[str] = set()
    for component in strong_components(graph.nodes, succ):
        if len(component) > 1 or component[0] in succ[component[0]]:
            cyclic.update(component)
    return cyclic


def _cycles_now(graph: Graph) -> set[str]:
    graph.cyclic = _cyclic(graph)
    return graph.cyclic


def _reach(graph: Graph, start: str, within: set[str] | None, stop: set[str]) -> set[str]:
    out = {start}
    work = [start]
    while work:
        n = work.pop()
        for s in graph.nodes[n].succs():
            if s in out or s in stop or (within is not None and s not in within):
                continue
            out.add(s)
            work.append(s)
    graph.work += len(out) >> 2        # (a quarter of a dominator recomputation's cost per block)
    return out


def _absorb_exits(graph: Graph, loop: Loop, idom: dict[str, str], index: dict[str, int]) -> None:
    """Make the blocks a loop leaves to part of the loop where that leaves
    it one exit: a `break` block on its way to the loop's end, the path of
    a `return` inside the loop (it ends the function), or whatever lies
    between the loop's exits and the one block where they all meet."""
    exits = _raw_exits(graph, loop)
    if len(exits) <= 1:
        return
    # Paths that go back to a block before the header have taken an outer
    # loop's back edge: they are not where this loop's exits meet.
    earlier = {n for n, k in index.items() if k <= index[loop.header]}
    reach = {t: _reach(graph, t, None, loop.body | earlier) for t in exits}
    # The loop's own exit: where its test leads (as the executors take it,
    # `dxil.cfg`).
    tests = loop_tests({n: node.succs() for n, node in graph.nodes.items()}, loop, exits)  # type: ignore[arg-type]
    common = set.intersection(*reach.values())
    if common:
        join = min(common, key=lambda n: index.get(n, len(index)))
        # Where the loop ends of itself (its header's or latch's test
        # failing) is where its breaks go: its merge, never part of its
        # body.  Were it absorbed, a break from inside an `if` would branch
        # to a block of the loop that is no merge, which no selector can
        # route (a `return` inside the loop, which goes past that end to
        # the function's end, made the blocks meet only there).
        # (Only where a break reaches it: an end only the loop's own test
        # reaches is absorbed, the merge being where it meets the return.)
        # Nor is the code after the loop where its test leads (on the way
        # to where a `return` inside it leads too, an inlined helper's
        # exit block): its threads meet there, and the `return` reaches
        # the helper's exit through a selector at the loop's merge
        # (`_join_exits`).  The blocks this pass makes carry no code.
        preds = graph.preds()
        own = {loop.header, *loop.latches}
        natural = {s for n in own for s in graph.nodes[n].succs()
                   if s not in loop.body and s != join and any(p not in own for p in preds[s])}
        if tests and tests[0] != join and graph.nodes[tests[0]].ir is not None:
            natural.add(tests[0])
        regions = [_reach(graph, t, None, loop.body | earlier | {join} | natural) - {join}
                   if t != join and t not in natural else set()
                   for t in exits]
        inside = set().union(*regions)
        if all(dominates(idom, loop.header, b) for b in inside):
            loop.body |= inside
        return
    # No common block: the paths that end the function (a `return`) join
    # the loop, when they stay apart from the others; the loop's own exit
    # (where its test leads, as the executors take it: `dxil.cfg`) stays
    # its exit, else the one most of the function follows.
    main = tests[0] if tests else max(exits, key=lambda t: (len(reach[t]), -exits.index(t)))
    for t in exits:
        if t == main:
            continue
        others = set().union(*(reach[o] for o in exits if o != t))
        ends = all(s in reach[t] for b in reach[t] for s in graph.nodes[b].succs())
        if ends and not reach[t] & others and all(dominates(idom, loop.header, b) for b in reach[t]):
            loop.body |= reach[t]


def _raw_exits(graph: Graph, loop: Loop) -> list[str]:
    out: list[str] = []
    for n in sorted(loop.body):
        for s in graph.nodes[n].succs():
            if s not in loop.body and s not in out:
                out.append(s)
    return out


def _normalize_one_loop(graph: Graph) -> bool:
    """Fix the innermost loop that has several back edges or several exit
    targets; False when every loop is in structured form."""
    rpo = graph.reverse_post_order()
    idom = immediate_dominators(graph.entry, rpo, graph.preds())
    for loop in _loops(graph, rpo, idom):
        header = loop.header
        if len(loop.latches) > 1 or loop.latches == [header]:
            latch = graph.add(Node(graph.fresh_name(header + ".latch"), None, ("br", header)))
            for src in loop.latches:
                graph.nodes[src].retarget(header, latch.name)
            return True
        exits = _raw_exits(graph, loop)
        if len(exits) > 1:
            _join_exits(graph, loop, exits)
            return True
    return False


def _join_exits(graph: Graph, loop: Loop, exits: list[str]) -> None:
    """Route a loop's exits through one new merge block that dispatches on
    a selector variable to where each exit went."""
    selector = f"%{loop.header}.exit.selector"
    graph.selectors.append(selector)
    merge = graph.add(Node(graph.fresh_name(loop.header + ".exit"), None,
                           ("dispatch", selector, exits[0], [(k, t) for k, t in enumerate(exits) if k])))
    for n in sorted(loop.body):
        node = graph.nodes[n]
        leaving = {s for s in node.succs() if s not in loop.body}
        if len(leaving) == 1:
            # One way out of the loop from here: the block sets the
            # selector itself and branches straight to the merge (a
            # `break` inside an `if` must reach the loop's merge directly).
            # A path through the loop goes out through one such block
            # last, so its value is the one the merge reads.
            (s,) = leaving
            node.stores.append((selector, exits.index(s)))
            node.retarget(s, merge.name)
            continue
        for s in node.succs():
            if s in loop.body:
                continue
            k = exits.index(s)
            step = graph.add(Node(graph.fresh_name(f"{loop.header}.exit{k}"), None, ("br", merge.name)))
            step.stores.append((selector, k))
            node.retarget(s, step.name)


def _continue_target(graph: Graph, loop: Loop, idom: dict[str, str]) -> str:
    latch = loop.latches[0]
    header = loop.header
    step = re.compile(r"loop\.step(\.\d+)?$")
    for n in sorted(loop.body):
        if n != header and step.match(n) and dominates(idom, n, latch) and _closed_tail(graph, loop, n, idom):
            return n
    node = graph.nodes[latch]
    if node.term[0] == "cbr":
        preds = graph.preds()[latch]
        if len(preds) == 1 and preds[0] != header and graph.nodes[preds[0]].term == ("br", latch):
            return preds[0]
    return latch


def _closed_tail(graph: Graph, loop: Loop, start: str, idom: dict[str, str]) -> bool:
    """Whether the blocks `start` dominates in the loop leave it only by
    the back edge (and the loop's exit from the back-edge block)."""
    latch = loop.latches[0]
    for n in loop.body:
        if not dominates(idom, start, n):
            continue
        for s in graph.nodes[n].succs():
            if s == loop.header and n == latch:
                continue
            if s not in loop.body and n == latch:
                continue
            if s not in loop.body or not dominates(idom, start, s):
                return False
    return True


def _assign_selection_merges(graph: Graph, loops: list[Loop], claimed: set[str]) -> bool:
    """Give every branch its selection merge; True when a selection's
    escaping edges were rerouted instead (the caller starts again)."""
    _charge(graph, None)
    graph.cyclic = None
    rpo = graph.reverse_post_order()
    preds = graph.preds()
    idom = immediate_dominators(graph.entry, rpo, preds)
    index = {n: k for k, n in enumerate(rpo)}
    doms = DominatorTree(idom)
    # (construct, merge, case targets) of switch headers, outer first
    switches: list[tuple[set[str], str, set[str]]] = []
    suspects = _leaving_headers(graph, rpo, idom, doms, loops)
    for name in rpo:
        node = graph.nodes[name]
        kind = node.term[0]
        if kind not in ("cbr", "switch", "dispatch"):
            continue
        loop = next((lp for lp in loops if name in lp.body), None)
        loop_continue = graph.nodes[loop.header].loop_continue if loop is not None else None
        exits: set[str] = set()
        # The region the paths from the branch stay in (None: the whole
        # function); they also stop at the exits.
        region: set[str] | None = None
        if loop is not None:
            h = graph.nodes[loop.header]
            exits |= {h.loop_merge, h.loop_continue}
            region = loop.body
        switch = next((sw for sw in reversed(switches) if name in sw[0] and (loop is None or sw[0] <= loop.body)),
                      None)
        if kind == "dispatch" and (node.two_way or switch is not None and len(node.succs()) == 2 and any(
                t == switch[1] or t not in switch[0] or switch[1] in graph.nodes[t].succs() for t in node.succs())):
            # A selector dispatch between two blocks, one of them the merge
            # of the switch around it (a `return` from a loop in a case of an
            # earlier return's dispatch): an OpSwitch's target may not leave
            # the switch around it, a conditional branch may (a break).  It
            # is written as one (`translate`) and structured as one.
            node.two_way = True
            kind = "cbr"
        if switch is not None:
            if kind == "cbr":
                # A `break` out of the innermost switch, from an if inside
                # it.  Inside a switch (or a selector dispatch) nested in
                # another, the innermost is that one: its blocks may not
                # branch to the outer one's merge.
                exits.add(switch[1])
                region = switch[0]
            else:
                # A switch's targets are its cases or its merge, never the
                # enclosing switch's merge: a selector dispatch in another
                # whose case leaves for the outer merge (a `return` from a
                # switch in an inlined helper after another `return`)
                # merges where its targets meet, the outer merge, and so
                # gets a block of its own in front of it.
                region = switch[0] | {switch[1]}
        targets = node.succs()
        live = [t for t in targets if t not in exits]
        if kind == "cbr" and len(live) <= 1:
            continue
        # Where the successors' paths meet: the block most of them reach
        # (all of them, for an if or a switch whose cases all end there),
        # the first such block in reverse post-order.  The block all of
        # them reach is found by walking the blocks in that order, which
        # stops there; a walk of everything each successor reaches (once
        # per branch, quadratic in nested ifs) is left for the branches
        # whose paths do not all meet.
        end = graph.switch_ends.get(name) if kind == "switch" else None
        if end is not None and end in index and end not in exits:
            merge = end
        else:
            merge = _first_meeting(graph, live, region, exits, index, doms) if live else None
        if end is None and kind == "switch" and merge in live and len(live) > 1:
            # A case that the others fall into is where their paths first
            # meet, but not the switch's end when a `break` in one of them
            # goes past it (do { switch (x) { case 0: if (c) break;
            # default: ... } } while (...)): the merge is the first block
            # every target reaches that no path from the switch bypasses.
            merge = _switch_end(graph, name, live, merge, region, exits, index)
        if merge is None:
            reach = {t: _reach(graph, t, region, exits) for t in live}
            count: dict[str, int] = {}
            for t in live:
                for n in reach[t]:
                    count[n] = count.get(n, 0) + 1
            joins = [n for n, c in count.items() if c >= 2]
            if joins:
                merge = min(joins, key=lambda n: (-count[n], index.get(n, len(index))))
            elif live and kind == "cbr" and len(live) == 2 and \
                    len(on := _going_on_around(graph, name, live, region, exits, doms, idom)) == 1:
                # Inside another selection, the side that reaches its merge
                # goes on; the other leaves (a `return` of an inlined
                # helper, inside an if after a switch).
                merge = on[0]
            elif live:
                # The successor that carries on (reaches the loop's continue
                # target, or the function's end) rather than breaking out.
                # (Ties: the successor made last, an if's end rather than its then.)
                carry = {t: any(s in (loop_continue, None) for b in reach[t] for s in _succs_or_end(graph, b))
                         for t in live}
                # Inside a switch, the successor that goes on to the
                # switch's end (or the loop's next iteration) carries on
                # before one that only returns from the entry (OpReturn may
                # leave any construct): a `return` inside a case whose
                # other side falls through into the next case.  (An
                # inlined helper's `return` branches on to its exit block,
                # routed like the other escapes.)
                onward = {switch[1], loop_continue} - {None} if switch is not None else set()
                # (A side that only leaves: returns, or goes to the loop's
                # continue target or merge.)
                leave = {graph.nodes[loop.header].loop_merge, loop_continue} - {None} if loop is not None else set()
                # (Falling into the next case is no leaving: that case's
                # first block is reached from the case construct's end.)
                cases = switch[2] if switch is not None else set()
                returns = {t: all(s in reach[t] or s in leave for b in reach[t] for s in graph.nodes[b].succs())
                           and any(graph.nodes[b].term[0] == "ret" or any(s in leave for s in graph.nodes[b].succs())
                                   for b in reach[t]) and not (reach[t] & cases) for t in live}
                goes_on = {t: kind == "cbr" and bool(onward) and any(returns.values()) and not returns[t]
                           and any(s in onward for b in reach[t] for s in graph.nodes[b].succs()) for t in live}
                # First of all, inside a case, the side that falls into the
                # next case goes on (the other breaks, returns or leaves):
                # the fallthrough must leave the if through its merge.
                falls = {t: bool(reach[t] & cases) for t in live}
                merge = max(live, key=lambda t: (falls[t], goes_on[t], carry[t], len(reach[t]), graph.position(t)))
            else:
                merge = _unreachable_block(graph, name + ".merge")
        # Where the targets meet may lie past the merge of the selection
        # around this one, when some leave it (a `return` of an inlined
        # helper): then the merge is inside (`_within_enclosing`).  Asked
        # of every switch, and of an if whose sides meet at a block it
        # does not dominate (rare: the walk up the dominator tree is not
        # paid per if of an `else if` chain).
        if merge is not None and live and merge in doms.pre and (
                kind != "cbr" or len(live) == 2 and (merge in claimed or not doms.dominates(name, merge))):
            merge = _within_enclosing(graph, name, merge, live, region, exits, doms, idom)
        if merge in graph.nodes and graph.nodes[merge].ir is None and graph.nodes[merge].term == ("unreachable",) \
                and merge not in index:
            pass
        elif merge in claimed or not doms.dominates(name, merge) or merge == name:
            before = merge
            _charge(graph, node.line)
            merge, moved = _split_merge(graph, name, merge, doms)
            # The new block stands where the old merge did: inside every
            # loop and switch construct that held that (later branches'
            # walks stay inside their loop's body).
            for lp in loops:
                if before in lp.body:
                    lp.body.add(merge)
            for construct, _, _ in switches:
                if before in construct:
                    construct.add(merge)
            rpo = graph.reverse_post_order()
            preds = graph.preds()
            idom = _dominators_after_split(idom, doms, rpo, preds, merge, before, moved)
            index = {n: k for k, n in enumerate(rpo)}
            doms = DominatorTree(idom)
        node.selection_merge = merge
        claimed.add(merge)
        if node.loop_merge is None and (any(not doms.dominates(merge, n) for n in suspects.get(name, ())) or _past_merge(name, merge, doms, preds, exits)):
            escapes = _escapes(graph, name, merge, doms, exits)
            if escapes:
                rounds = graph.escape_rounds.get(name, 0) + 1
                graph.escape_rounds[name] = rounds
                # A dispatch made by rerouting that escapes in turn would be
                # rerouted through another like it, without end.
                if rounds > 8 or name in graph.escape_dispatches:
                    raise StructureError("the branches of this function could not be put in structured form "
                                         "(SPIR-V needs structured control flow)", node.line)
                _route_escapes(graph, name, merge, escapes, doms, loops, exits, idom)
                return True
        if kind != "cbr":
            construct = {n for n in doms.dominated(name) if not doms.dominates(merge, n)}
            if loop is not None:
                # A switch in a loop (or heading it) ends where the loop's
                # iteration goes on: its continue construct and what
                # follows the loop are the loop's.
                construct = {n for n in construct & loop.body
                             if not (loop_continue in doms.pre and doms.dominates(loop_continue, n))}
            switches.append((construct, merge, set(targets) - {merge}))
    return False


def _leaving_headers(graph: Graph, rpo: list[str], idom: dict[str, str], doms: DominatorTree,
                     loops: list[Loop]) -> dict[str, list[str]]:
    """The branch blocks that some edge leaves for a block they do not
    dominate, other than their loop's merge or continue target, each with
    the blocks such edges leave from.  A selection whose merge dominates
    all of those (the edges leave after the merge), and whose edges do not
    go past its merge (`_past_merge`), is left only through its merge.

    Asking `_escapes` of every selection would walk every construct:
    quadratic in an `else if` chain.  For an edge n -> t, the blocks that
    dominate n but not t are those on the dominator-tree path from n up to
    the first block that dominates t: a short walk in structured code."""
    loop_exits: dict[str, set[str]] = {}
    for lp in loops:
        h = graph.nodes[lp.header]
        for n in lp.body:
            loop_exits.setdefault(n, set()).update((h.loop_merge, h.loop_continue))
    out: dict[str, list[str]] = {}      # header -> the blocks such edges leave from
    for n in rpo:
        for t in graph.nodes[n].succs():
            if t not in idom:
                continue
            x = n
            while not doms.dominates(x, t):
                if graph.nodes[x].term[0] in ("cbr", "switch", "dispatch") and t not in loop_exits.get(x, ()):
                    sources = out.setdefault(x, [])
                    if not sources or sources[-1] != n:
                        sources.append(n)
                parent = idom[x]
                if parent == x:
                    break
                x = parent
    return out


def _past_merge(header: str, merge: str, doms: DominatorTree, preds: dict[str, list[str]], allowed: set[str]) -> bool:
    """Whether an edge from a block `header` dominates, and `merge` does
    not, goes to a block that the merge reaches but does not dominate (its
    dominance frontier): a `return` inside an if of an inlined function
    whose header dominates the function's end."""
    if merge not in doms.pre:
        return False
    for t in doms.frontier(lambda: preds).get(merge, ()):
        if t in allowed:
            continue
        for n in preds.get(t, ()):
            if n != merge and doms.dominates(header, n) and not doms.dominates(merge, n):
                return True
    return False


def _escapes(graph: Graph, header: str, merge: str, doms: DominatorTree, allowed: set[str]) -> list[tuple[str, str]]:
    """The edges that leave the selection construct of `header` (the blocks
    it dominates that `merge` does not) other than to its merge or to an
    exit it may take (the enclosing loop's merge or continue target, the
    enclosing switch's merge)."""
    construct = _construct(graph, header, merge, doms, allowed)
    out = []
    for n in sorted(construct):
        for t in graph.nodes[n].succs():
            if t == merge or t in allowed or t not in graph.nodes or t in construct:
                continue
            out.append((n, t))
    return out


def _construct(graph: Graph, header: str, merge: str, doms: DominatorTree, allowed: set[str]) -> set[str]:
    """The blocks of the selection construct of `header`: those it dominates
    that the merge does not dominate and cannot reach (a block after the
    merge belongs to what follows the selection, whoever dominates it).

    Only what the merge reaches among the blocks `header` dominates counts,
    and a path from outside them comes in through `header` alone: where no
    cycle holds `header`, it is what the merge reaches without leaving
    them (nothing, for a merge outside them), not a walk of the rest of
    the function per selection (quadratic in a helper's early returns)."""
    if merge not in graph.nodes:
        after: set[str] = set()
    elif header not in (graph.cyclic if graph.cyclic is not None else _cycles_now(graph)):
        dominated = doms.dominated(header)
        inside = set(dominated) if merge in doms.pre and doms.dominates(header, merge) else None
        after = _reach(graph, merge, inside, set(allowed)) if inside is not None else set()
    else:
        after = _reach(graph, merge, None, set(allowed))
    # (The enclosing loop's continue construct and what follows its merge
    # are the loop's, not the selection's.)
    return {n for n in doms.dominated(header) if not doms.dominates(merge, n) and n not in after
            and not any(a in graph.nodes and doms.dominates(a, n) for a in allowed)}


def _route_escapes(graph: Graph, header: str, merge: str, escapes: list[tuple[str, str]], doms: DominatorTree,
                   loops: list[Loop], allowed: set[str], idom: dict[str, str]) -> None:
    """Send a selection's escaping edges to a new merge that dispatches on
    a selector: 0 (set at the header) goes on to the old merge, k to where
    the k-th escape went.

    An escape that also leaves selections around this one (a `return`
    from a switch inside an if of an inlined helper) goes out one
    construct at a time: the dispatch at this merge sends it to a dispatch
    at the merge of the next selection it leaves, and so on, the last one
    to where it went; each selection is then left only through its merge."""
    selector = f"%{header}.escape.selector"
    graph.selectors.append(selector)
    targets: list[str] = []
    for _, t in escapes:
        if t not in targets:
            targets.append(t)
    # Per target, the dispatches at the merges of the enclosing selections
    # it leaves (innermost first); the dispatch here goes to the first.
    outer: dict[tuple[str, str], str] = {}      # (enclosing header, target) -> its dispatch
    firsts: dict[str, str] = {}
    for t in targets:
        following = t
        for around in reversed(_selections_left(graph, header, t, doms, idom)):
            key = (around, t)
            if key not in outer:
                outer[key] = _dispatch_at_merge(graph, around, selector, doms, loops, allowed,
                                                [(targets.index(t) + 1, following)])
            else:
                graph.nodes[outer[key]].term[3].append((targets.index(t) + 1, following))
            following = outer[key]
        firsts[t] = following
    dispatch = _dispatch_at_merge(graph, header, selector, doms, loops, allowed,
                                  [(k + 1, firsts[t]) for k, t in enumerate(targets)])
    for src, t in escapes:
        step = graph.add(Node(graph.fresh_name(f"{header}.escape{targets.index(t) + 1}"), None,
                              ("br", dispatch)))
        step.stores.append((selector, targets.index(t) + 1))
        graph.nodes[src].retarget(t, step.name)
        for lp in loops:
            if src in lp.body:
                lp.body.add(step.name)


def _dispatch_at_merge(graph: Graph, header: str, selector: str, doms: DominatorTree, loops: list[Loop],
                       allowed: set[str], cases: list[tuple[int, str]]) -> str:
    """A dispatch on `selector` in front of the merge of the selection at
    `header` (its construct's edges to the merge go to it): 0, set at the
    header, goes on to the merge; each of `cases` elsewhere."""
    merge = graph.nodes[header].selection_merge
    assert merge is not None
    dispatch = graph.add(Node(graph.fresh_name(merge + ".escape"), None, ("dispatch", selector, merge, list(cases))))
    graph.escape_dispatches.add(dispatch.name)
    dispatch.line = graph.nodes[header].line
    graph.nodes[header].stores.append((selector, 0))
    if graph.switch_ends.get(header) == merge:
        graph.switch_ends[header] = dispatch.name
    construct = _construct(graph, header, merge, doms, allowed) - {dispatch.name}
    for n in sorted(construct):
        if merge in graph.nodes[n].succs():
            graph.nodes[n].retarget(merge, dispatch.name)
    for lp in loops:
        if merge in lp.body:
            lp.body.add(dispatch.name)
    return dispatch.name


def _switch_end(graph: Graph, header: str, live: list[str], first: str, region: set[str] | None,
                exits: set[str], index: dict[str, int]) -> str:
    """Where a switch without the lowering's word on its end merges, when
    its targets first meet in one of its cases (`first`, which others fall
    into): the first block every target reaches that no path from the
    switch bypasses.  A block that returns is no such end (a `return` may
    leave from anywhere): when the cases meet only in one (a case falls
    into a default that returns), the end is that of the targets that do
    not only return."""
    def returns(n: str) -> bool:
        return graph.nodes[n].term[0] == "ret"

    reach = {t: _reach(graph, t, region, exits) for t in live}

    def first_unbypassed(candidates: set[str]) -> str | None:
        for candidate in sorted(candidates, key=lambda n: index.get(n, len(index))):
            before = _reach(graph, header, region, exits | {candidate})
            after = {n for n in _reach(graph, candidate, region, exits) if n != candidate and not returns(n)}
            if not (before & after):
                return candidate
        return None

    found = first_unbypassed(set.intersection(*reach.values()))
    if found is not None and not returns(found):
        return found
    going = [t for t in live if any(not returns(n) for n in reach[t])]
    if going:
        entered = {t for t in live if any(t in reach[u] for u in live if u != t)}
        common = set.intersection(*({n for n in reach[t] if not returns(n)} for t in going))
        found = first_unbypassed({n for n in common if n not in live or n in entered})
        if found is not None:
            return found
    return first


def _enclosing_selection(graph: Graph, header: str, doms: DominatorTree,
                         idom: dict[str, str]) -> tuple[str, str] | None:
    """The innermost selection (header, merge) whose construct holds the
    branch at `header`, within its loop; None when there is none."""
    x = header
    while True:
        a = idom.get(x)
        if a is None or a == x:
            return None
        x = a
        node = graph.nodes[a]
        if node.loop_merge is not None:
            return None
        m = node.selection_merge
        if m is not None and m in doms.pre and not doms.dominates(m, header):
            return a, m


def _going_on(graph: Graph, live: list[str], merge: str, region: set[str] | None, exits: set[str]) -> list[str]:
    """The targets whose paths reach `merge` (the enclosing selection's)."""
    return [t for t in live if t == merge or any(merge in graph.nodes[n].succs()
                                                 for n in _reach(graph, t, region, exits | {merge}))]


def _going_on_around(graph: Graph, header: str, live: list[str], region: set[str] | None, exits: set[str],
                     doms: DominatorTree, idom: dict[str, str]) -> list[str]:
    around = _enclosing_selection(graph, header, doms, idom)
    # (Reaching the merge of the switch around is a `break`, no going on.)
    return [] if around is None or around[1] in exits else _going_on(graph, live, around[1], region, exits)


def _within_enclosing(graph: Graph, header: str, merge: str, live: list[str], region: set[str] | None,
                      exits: set[str], doms: DominatorTree, idom: dict[str, str]) -> str:
    """A switch's (or dispatch's) merge inside the selection around it:
    where its targets' paths meet may lie past that selection's merge
    when some case leaves it (a `return` of an inlined helper from a
    switch inside an if); the switch then merges where the cases that go
    on reach the enclosing merge (that merge itself when all do, which
    then gets a block of the switch's own in front of it)."""
    around = _enclosing_selection(graph, header, doms, idom)
    if around is None:
        return merge
    a, m = around
    if merge == m or merge not in doms.pre or (doms.dominates(a, merge) and not doms.dominates(m, merge)):
        return merge
    going_on = _going_on(graph, live, m, region, exits)
    if len(going_on) == len(live):
        return m
    if len(going_on) == 1:
        return going_on[0]
    return merge


def _selections_left(graph: Graph, header: str, target: str, doms: DominatorTree,
                     idom: dict[str, str]) -> list[str]:
    """The selections around the one at `header` (innermost first) that an
    edge from inside it to `target` leaves too: those whose construct holds
    `header` but neither holds `target` nor has it for merge.  The walk
    stops at the enclosing loop's header (its exits are allowed ones)."""
    out: list[str] = []
    x = header
    while True:
        a = idom.get(x)
        if a is None or a == x:
            break
        x = a
        node = graph.nodes[a]
        if node.loop_merge is not None:
            break
        m = node.selection_merge
        if m is None or m not in doms.pre or doms.dominates(m, header):
            continue
        if target == m or (target in doms.pre and doms.dominates(a, target) and not doms.dominates(m, target)):
            break
        out.append(a)
    return out


def _first_meeting(graph: Graph, live: list[str], within: set[str] | None, stop: set[str],
                   index: dict[str, int], doms: DominatorTree) -> str | None:
    """The first block in reverse post-order that every one of `live`
    reaches (as `_reach` walks: inside `within`, not through `stop`), or
    None when there is none or the walk cannot tell.  Blocks are visited in
    reverse post-order, so each is seen after every block before it that
    leads to it; a later block leading back to one already seen (which a
    reducible graph's loops do not do here) makes it give up."""
    full = (1 << len(live)) - 1
    labels: dict[str, int] = {}
    heap: list[tuple[int, str]] = []
    end = len(index)
    for k, t in enumerate(live):
        if t not in labels:
            labels[t] = 0
            heapq.heappush(heap, (index.get(t, end), t))
        labels[t] |= 1 << k
    done: set[str] = set()
    nodes = graph.nodes
    frontier = doms.frontier(graph.preds)
    while heap:
        _, n = heapq.heappop(heap)
        if n in done:
            continue
        done.add(n)
        label = labels[n]
        if label == full:
            return n
        # The blocks `n` dominates carry its label and no other, so none
        # of them is where all paths meet: go straight to its frontier.
        if doms.size.get(n, 1) > 1 and doms.closed(n, within, stop, live):
            following = frontier.get(n, ())
        else:
            following = nodes[n].succs()
        for s in following:
            if s in stop or (within is not None and s not in within):
                continue
            before = labels.get(s)
            if before is None:
                labels[s] = label
                heapq.heappush(heap, (index.get(s, end), s))
            elif before | label != before:
                if s in done:
                    return None
                labels[s] = before | label
    return None


def _succs_or_end(graph: Graph, name: str) -> list[str | None]:
    """A block's successors, None standing for the end of the function."""
    node = graph.nodes[name]
    return [None] if node.term[0] == "ret" else list(node.succs())


def _split_merge(graph: Graph, header: str, merge: str, doms: DominatorTree) -> tuple[str, list[str]]:
    """A new block in front of `merge` for the edges from the blocks
    `header` dominates (its construct), to be this construct's merge; and
    the blocks whose edges now go to it."""
    new = graph.add(Node(graph.fresh_name(merge + ".pre"), None, ("br", merge)))
    if graph.switch_ends.get(header) == merge:
        graph.switch_ends[header] = new.name
    moved = []
    for n, node in list(graph.nodes.items()):
        if n == new.name:
            continue
        if merge in node.succs() and doms.dominates(header, n):
            node.retarget(merge, new.name)
            moved.append(n)
    return new.name, moved


def _dominators_after_split(idom: dict[str, str], doms: DominatorTree, rpo: list[str],
                            preds: dict[str, list[str]], new: str, merge: str, moved: list[str]) -> dict[str, str]:
    """The immediate dominators once `new` stands on the edges from `moved`
    to `merge` (`_split_merge`), without computing them again: inserting a
    block on edges changes no other block's dominators; `new`'s is where
    the moved blocks' paths meet, and it is `merge`'s when every edge into
    `merge` was moved.  In reverse post-order, as `immediate_dominators`
    gives them."""
    reached = [m for m in moved if m in doms.pre]
    top = reached[0] if reached else None
    if top is not None:
        while not all(doms.dominates(top, m) for m in reached):
            top = idom[top]
    only_new = all(p == new for p in preds.get(merge, ()))
    out: dict[str, str] = {}
    for n in rpo:
        if n == new:
            out[n] = top if top is not None else n
        elif n == merge and only_new:
            out[n] = new
        else:
            out[n] = idom[n]
    return out
