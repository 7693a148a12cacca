"""Control flow of DXIL-like IR: a function's graph of blocks, its
dominators and post-dominators, control dependence, and its constructs.

Owns: `CFG`, the graph of a `reader.Function` (blocks in the IR's order,
each block's distinct successors), and the graph algorithms its consumers
share, written once: depth-first post-order, immediate dominators (Cooper,
Harvey and Kennedy's iteration over reverse post-order), dominance (by a
walk up the tree, or in constant time and with dominance frontiers by
`DominatorTree`), and immediate post-dominators (the same iteration on the
reversed graph, from a virtual exit that every `ret` leads to).  The
functions take any graph of names, so the SPIR-V backend's structurizer
runs them on the graph it edits.  And `structure`: the constructs of
structured code as a reading of the graph, without changing it (natural
loops with their merge and continue target, each branch's merge), where
threads that split meet again: the CPU engines' reconvergence.

Does not own: what the consumers make of the trees (the validator's
uniformity, the executor's stack of masks, SPIR-V's structured control
flow, which edits the graph into the form SPIR-V requires).
"""

from __future__ import annotations

import bisect
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Callable, Iterable, Mapping, Sequence

from .reader import Function

EXIT = "\0exit"   # the virtual block every return leads to


def post_order(roots: Iterable[str], succ: Mapping[str, Sequence[str]]) -> list[str]:
    """The blocks reached depth-first from each root in turn, each after
    its successors (visited in the order given); names that are not keys
    of `succ` are not blocks of the graph."""
    seen: set[str] = set()
    order: list[str] = []
    for root in roots:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(succ[root]))]
        while stack:
            name, successors = stack[-1]
            for s in successors:
                if s not in seen and s in succ:
                    seen.add(s)
                    stack.append((s, iter(succ[s])))
                    break
            else:
                order.append(name)
                stack.pop()
    return order


def strong_components(nodes: Iterable[str], succ: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of a graph (Tarjan's algorithm,
    without recursion), each found as its root finishes; successors that
    are not in `succ` are left out."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for s in successors:
                if s not in succ:
                    continue
                if s not in index:
                    index[s] = low[s] = counter
                    counter += 1
                    stack.append(s)
                    on_stack.add(s)
                    work.append((s, iter(succ[s])))
                    advanced = True
                    break
                if s in on_stack:
                    low[node] = min(low[node], index[s])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                result.append(component)
    return result


def immediate_dominators(root: str, order: Sequence[str], preds: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Each block's immediate dominator (the root's is itself), from the
    blocks in reverse post-order from `root` and their predecessors;
    blocks not in `order` have none and do not count as predecessors."""
    index = {n: k for k, n in enumerate(order)}
    idom: dict[str, str] = {root: root}

    def intersect(a: str, b: str) -> str:
        while a != b:
            while index[a] > index[b]:
                a = idom[a]
            while index[b] > index[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for n in order:
            if n == root:
                continue
            new = None
            ps = preds[n]
            if len(ps) > 2:
                # Deepest first: each intersection then climbs from the
                # last one (a switch whose many cases fall into one another
                # made the climbs quadratic in the other order).
                ps = sorted(ps, key=lambda p: -index.get(p, -1))
            for p in ps:
                if p in idom and p in index:
                    new = p if new is None else intersect(p, new)
            if new is not None and idom.get(n) != new:
                idom[n] = new
                changed = True
    return idom


def dominates(idom: Mapping[str, str], a: str, b: str) -> bool:
    """Whether `a` dominates `b` (every block dominates itself) in the tree
    `idom` (post-dominates, in a tree of post-dominators)."""
    while True:
        if a == b:
            return True
        parent = idom.get(b)
        if parent is None or parent == b:
            return False
        b = parent


class DominatorTree:
    """The dominator tree in a form for constant-time questions: each
    block's preorder number and subtree size (`dominates`), and its
    dominance frontier (the blocks just past the part of the graph it
    dominates).  Walking up the tree per question made nested ifs and
    `else if` chains quadratic.  `dominates` gives the same
    answers as `dominates(idom, a, b)`."""

    def __init__(self, idom: dict[str, str]) -> None:
        children: dict[str, list[str]] = {}
        for n, parent in idom.items():
            if n != parent:
                children.setdefault(parent, []).append(n)
        self.pre: dict[str, int] = {}
        self.size: dict[str, int] = {}
        order: list[str] = []
        for root in (n for n, parent in idom.items() if n == parent):
            stack = [root]
            while stack:
                n = stack.pop()
                self.pre[n] = len(order)
                order.append(n)
                stack.extend(reversed(children.get(n, ())))
        for n in reversed(order):
            self.size[n] = 1 + sum(self.size[c] for c in children.get(n, ()))
        self.order = order
        self.idom = idom
        self._frontier: dict[str, list[str]] | None = None
        self._regions: dict[int, tuple[set[str], list[int]]] = {}

    def dominated(self, a: str) -> list[str]:
        """The blocks `a` dominates (itself included), in preorder."""
        start = self.pre[a]
        return self.order[start:start + self.size[a]]

    def frontier(self, preds: Callable[[], Mapping[str, Sequence[str]]]) -> dict[str, list[str]]:
        """Each block's dominance frontier (Cooper, Harvey and Kennedy: a
        walk from each predecessor of a join up to the join's immediate
        dominator), computed once, the first time, from `preds()` (each
        block's predecessors)."""
        if self._frontier is None:
            idom = self.idom
            frontier: dict[str, list[str]] = {}
            for n, ps in preds().items():
                if len(ps) < 2 or n not in idom:
                    continue
                stop = idom[n]
                for p in ps:
                    runner = p
                    while runner in idom and runner != stop:
                        fr = frontier.setdefault(runner, [])
                        if n not in fr:
                            fr.append(n)
                        parent = idom[runner]
                        if parent == runner:
                            break
                        runner = parent
            self._frontier = frontier
        return self._frontier

    def dominates(self, a: str, b: str) -> bool:
        if a == b:
            return True
        pre = self.pre
        if a not in pre or b not in pre:
            return False
        return pre[a] < pre[b] < pre[a] + self.size[a]

    def closed(self, n: str, within: set[str] | None, stop: set[str], starts: list[str]) -> bool:
        """Whether every block `n` dominates is in `within`, none is in
        `stop` and none but `n` is in `starts`: then a walk from `n` goes
        through them all, and out of them only to `n`'s frontier."""
        first = self.pre.get(n)
        if first is None:
            return False
        last = first + self.size[n]
        pre = self.pre
        for s in stop:
            if s in pre and first <= pre[s] < last:
                return False
        for s in starts:
            if s != n and s in pre and first <= pre[s] < last:
                return False
        if within is None:
            return True
        region = self._regions.get(id(within))
        if region is None or region[0] is not within:
            region = (within, sorted(pre[b] for b in within if b in pre))
            self._regions[id(within)] = region
        numbers = region[1]
        return bisect.bisect_left(numbers, last) - bisect.bisect_left(numbers, first) == last - first


def immediate_post_dominators(names: Sequence[str], succ: Mapping[str, Sequence[str]]
                              ) -> dict[str, str | None] | None:
    """Each block's immediate post-dominator (None: the function's exit),
    or None when a block cannot reach an exit (an endless loop)."""
    exits = [n for n in names if not succ[n]]
    preds: dict[str, list[str]] = {n: [] for n in names}    # successors in the reversed graph
    for n in names:
        for t in succ[n]:
            preds[t].append(n)
    order = post_order(exits, preds)
    if len(order) != len(names):
        return None
    order.append(EXIT)
    order.reverse()
    ipdom = immediate_dominators(EXIT, order, {n: succ[n] or [EXIT] for n in names})
    return {n: (None if ipdom[n] == EXIT else ipdom[n]) for n in names}


def post_dominator_sets(names: Sequence[str], succ: Mapping[str, Sequence[str]]) -> dict[str, set[str]]:
    """Each block's post-dominators, as sets: quadratic, but defined where
    a block cannot reach an exit (every block post-dominates it)."""
    everything = set(names)
    pdom = {n: ({n} if not succ[n] else set(everything)) for n in names}
    changed = True
    while changed:
        changed = False
        for n in reversed(names):
            if not succ[n]:
                continue
            new = {n} | set.intersection(*(pdom[s] for s in succ[n]))
            if new != pdom[n]:
                pdom[n] = new
                changed = True
    return pdom


class CFG:
    """The control-flow graph of a defined function: `names` (its blocks
    in the IR's order, the entry first) and `succ` (each block's distinct
    successors that are blocks of the function, in branch order)."""

    def __init__(self, fn: Function) -> None:
        self.names = [b.name for b in fn.blocks]
        known = set(self.names)
        self.succ = {b.name: [t for t in dict.fromkeys(b.terminator.targets if b.terminator else []) if t in known]
                     for b in fn.blocks}
        # The blocks that end in a `switch` (their constructs hold `break`s).
        self.switches = {b.name for b in fn.blocks if b.terminator is not None and b.terminator.opcode == "switch"}

    def preds(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {n: [] for n in self.names}
        for n in self.names:
            for t in self.succ[n]:
                out[t].append(n)
        return out

    def reverse_post_order(self) -> list[str]:
        """The blocks the entry reaches, in reverse post-order."""
        return post_order(self.names[:1], self.succ)[::-1]

    def immediate_dominators(self) -> dict[str, str]:
        """Each reachable block's immediate dominator (the entry's is itself)."""
        return immediate_dominators(self.names[0], self.reverse_post_order(), self.preds()) if self.names else {}

    def immediate_post_dominators(self) -> dict[str, str | None] | None:
        """Each block's immediate post-dominator (None: the function's exit),
        or None when a block cannot reach an exit."""
        return immediate_post_dominators(self.names, self.succ)

    def control_dependence(self) -> dict[str, set[str]]:
        """For each block, the branches it is control dependent on: `y` is
        control dependent on `x` when one edge out of `x` always reaches `y`
        and another may not (Ferrante, Ottenstein and Warren).  Each edge
        `x -> s` marks the post-dominator tree's path from `s` up to (not
        including) `ipdom(x)`: linear in the edges times the tree depth,
        where sets of post-dominators were cubic in nested `if`s; they
        remain for graphs with a block that cannot reach an exit."""
        names, succ = self.names, self.succ
        ipdom = immediate_post_dominators(names, succ)
        cd: dict[str, set[str]] = {n: set() for n in names}
        if ipdom is None:
            pdom = post_dominator_sets(names, succ)
            for x in names:
                if len(succ[x]) < 2:
                    continue
                strict = pdom[x] - {x}
                for s in succ[x]:
                    for y in pdom[s]:
                        if y not in strict:
                            cd[y].add(x)
            return cd
        for x in names:
            if len(succ[x]) < 2:
                continue
            stop = ipdom[x]
            for y in succ[x]:
                while y is not None and y != stop:
                    if x in cd[y]:
                        break       # the rest of this path is marked: an earlier edge of x went up it
                    cd[y].add(x)
                    y = ipdom[y]
        return cd


# ---------------------------------------------------------------------------
# Constructs and their merge points: where threads that split rejoin

NEXT = "\0next "   # `NEXT + header`: a loop's next iteration, where its back edges lead


def next_iteration(header: str) -> str:
    """The name a back edge to `header` leads to in a `Structure`: the
    start of the loop's next iteration (not a block of the function)."""
    return NEXT + header


class Loop:
    """A natural loop: `header`, `body` (its blocks, with the paths of a
    `return` or a `break` inside it that lead nowhere else), `merge` (the
    block after the loop, where its test's exit leads and the threads
    that leave it meet; None when it never exits), `after` (where the
    threads that entered it meet again when that is not the merge: the
    exit block of an inlined helper whose `return` inside the loop goes
    past the loop's end; else None) and `continue_key` (where an
    iteration ends: the block `continue` leads to, or
    `next_iteration(header)` when a `continue` takes the back edge
    itself)."""

    __slots__ = ("header", "body", "latches", "merge", "after", "continue_key", "test_exit")

    def __init__(self, header: str, body: set[str], latches: list[str]) -> None:
        self.header = header
        self.body = body
        self.latches = latches
        self.merge: str | None = None
        self.after: str | None = None
        self.continue_key = next_iteration(header)
        self.test_exit: str | None = None


class Structure:
    """The constructs of a function, for running it as GPUs reconverge
    structured code (SPIR-V's maximal reconvergence): `loops` by header,
    `back_edges` (source, header), and `merges`: for each block that
    branches to two or more blocks, the blocks where its threads wait for
    each other, last the one where those that stay in its construct meet
    again (an if's or a switch's end), before it (when another) the first
    block every thread of the branch passes (its immediate post-dominator,
    in the iteration of the innermost loop; where an inlined helper's
    `return` leaves the construct for the helper's exit block); none
    where the branch has no construct of its own (a loop's exit test, a
    `break`, a `continue`: the threads that leave wait at the loop's merge
    or continue target).  `structured` is False for the fallback of a graph
    whose loops are not natural (irreducible): merges are then the
    immediate post-dominators, and loops are not known."""

    def __init__(self, loops: dict[str, Loop], back_edges: set[tuple[str, str]],
                 merges: dict[str, tuple[str, ...]], structured: bool) -> None:
        self.loops = loops
        self.back_edges = back_edges
        self.merges = merges
        self.structured = structured

    def edge(self, source: str, target: str) -> str:
        """Where the edge `source -> target` leads: `next_iteration(target)`
        for a back edge, else `target`."""
        return next_iteration(target) if (source, target) in self.back_edges else target


def structure(cfg: CFG) -> Structure:
    """The constructs of `cfg` (see `Structure`).  hlslc's IR comes from
    structured HLSL, so its loops are natural loops and each branch's
    merge is the first block (in reverse post-order) that two of its
    successors reach without leaving the innermost loop or switch; when
    its successors never meet (the others break, continue or return), the
    one that carries on.  A graph with a loop that is not natural (IR of
    another producer) falls back to immediate post-dominators."""
    found = _structure(cfg)
    if found is not None:
        return found
    ipdom = cfg.immediate_post_dominators() or {}
    merges = {n: (ipdom[n],) if ipdom.get(n) else () for n in cfg.names if len(cfg.succ[n]) > 1}
    return Structure({}, set(), merges, False)


def _structure(cfg: CFG) -> Structure | None:
    names, succ = cfg.names, cfg.succ
    if not names:
        return Structure({}, set(), {}, True)
    rpo = cfg.reverse_post_order()
    index = {n: k for k, n in enumerate(rpo)}
    preds = cfg.preds()
    idom = immediate_dominators(names[0], rpo, preds)
    latches: dict[str, list[str]] = {}
    back_edges: set[tuple[str, str]] = set()
    for n in rpo:
        for s in succ[n]:
            if s in index and index[s] <= index[n]:
                if not dominates(idom, s, n):
                    return None         # irreducible: a jump into the middle of a loop
                latches.setdefault(s, []).append(n)
                back_edges.add((n, s))
    loops: list[Loop] = []
    for header, ls in latches.items():
        body = {header}
        work = [x for x in ls if x != header]
        body.update(work)
        while work:
            b = work.pop()
            for p in preds[b]:
                if p not in body and p in index:
                    body.add(p)
                    work.append(p)
        loops.append(Loop(header, body, ls))
    loops.sort(key=lambda lp: (len(lp.body), index[lp.header]))
    for loop in loops:
        _absorb_exits(succ, loop, idom, index)
    # An inner loop's blocks are in every loop around it.
    for k, loop in enumerate(loops):
        for outer in loops[k + 1:]:
            if loop.header in outer.body:
                outer.body |= loop.body
    for loop in loops:
        exits = _exits(succ, loop)
        if loop.test_exit in exits:
            loop.merge = loop.test_exit
        elif exits:
            # Exits that never meet: the one most of the function follows.
            loop.merge = max(exits, key=lambda t: (len(_reach(succ, t, None, loop.body)), -index.get(t, 0)))
        inner = set().union(*(lp.body for lp in loops if lp.header != loop.header and lp.header in loop.body))
        loop.continue_key = _continue_key(succ, loop, inner, cfg.switches)
    by_header = {lp.header: lp for lp in loops}

    def edges(n: str) -> list[str]:
        return [next_iteration(s) if (n, s) in back_edges else s for s in succ[n]]

    graph = {n: edges(n) for n in names}
    # Post-dominators with the back edges leading to the next iterations
    # (ends, as returns are): a block every path from a branch passes
    # before its iteration or the function ends gathers every thread of
    # the branch, where its construct's merge gathers those that stay.
    # The back edges of the loops a branch is in lead to their next
    # iterations; those of loops inside its construct stay cycles (the
    # threads of a side with a loop in it come out of the loop: a branch
    # around a loop still has a block where all of its threads pass).
    ipdoms: dict[str | None, dict[str, str | None]] = {}

    def ipdom_in(loop: Loop | None) -> dict[str, str | None]:
        key = loop.header if loop is not None else None
        if key not in ipdoms:
            ends = {lp.header for lp in loops if loop is not None and loop.header in lp.body}
            g = {n: [next_iteration(s) if (n, s) in back_edges and s in ends else s for s in succ[n]] for n in names}
            nodes = list(names) + sorted({s for ss in g.values() for s in ss if s.startswith(NEXT)})
            ipdoms[key] = immediate_post_dominators(nodes, {n: g.get(n, []) for n in nodes}) or {}
        return ipdoms[key]

    # Where the threads that enter a loop meet again, past its merge (an
    # inlined helper's exit block, where a `return` inside the loop goes):
    # the first block outside it that every path from its header passes,
    # in the iteration of the loop around it.
    for loop in loops:
        around = next((lp for lp in loops if lp is not loop and loop.header in lp.body), None)
        up = ipdom_in(around)
        a: str | None = loop.header
        while a is not None and a in loop.body:
            a = up.get(a)
        if a is not None and a != loop.merge and a not in loop.body and (around is None or a in around.body):
            loop.after = a
    merges: dict[str, tuple[str, ...]] = {}
    switches: list[tuple[set[str], str]] = []      # (construct, merge), outer first
    for name in rpo:
        targets = list(dict.fromkeys(graph[name]))
        if len(targets) < 2:
            continue
        loop = next((lp for lp in loops if name in lp.body), None)
        exits: set[str] = set()
        region = set(names)
        if loop is not None:
            exits |= {loop.continue_key, next_iteration(loop.header)}
            if loop.merge is not None:
                exits.add(loop.merge)
            region = set(loop.body)
        switch = next((sw for sw in reversed(switches)
                       if name in sw[0] and (loop is None or sw[0] <= loop.body)), None)
        if switch is not None:
            exits.add(switch[1])
            region = set(switch[0])
        region -= exits
        live = [t for t in targets if t not in exits and t in region]
        after = ipdom_in(loop).get(name)
        if after is None or after not in region:
            after = None
        if len(live) < 2:
            merges[name] = (after,) if after is not None else ()
            continue
        reach = {t: _reach(graph, t, region, exits) for t in live}
        count: dict[str, int] = {}
        for t in live:
            for n in reach[t]:
                count[n] = count.get(n, 0) + 1
        joins = [n for n, c in count.items() if c >= 2]
        if joins:
            most = max(count[n] for n in joins)
            candidates = sorted((n for n in joins if count[n] == most), key=lambda n: index.get(n, len(index)))
            merge = candidates[0]
            # The first block they all reach that no path from a successor
            # goes around (a switch whose cases fall through into the
            # default reach the default's block, but a `break` in a case
            # goes around it to the switch's end).  Only a successor, or a
            # block inside one, can be gone around so (a case the others
            # fall into): a block where the sides' own paths join is the
            # construct's end even where an inlined helper's `return`
            # inside it goes around it to the helper's exit block
            # (`if (a) {...} else { if (b) return ...; }`: the if's end).
            for k, block in enumerate(candidates):
                if not any(dominates(idom, t, block) for t in live):
                    merge = block
                    break
                later = set(candidates[k + 1:])
                if not any(later & _reach(graph, t, region, exits | {block}) for t in live if t != block):
                    merge = block
                    break
        else:
            # The successor that carries on (to the iteration's end or the
            # function's) rather than leaving; ties: the larger part, then
            # the later block (an if's end rather than its then).
            ends = exits - ({loop.merge} if loop is not None else set())
            carry = {t: any(not graph[b] or any(s in ends for s in graph[b]) for b in reach[t]) for t in live}
            merge = max(live, key=lambda t: (carry[t], len(reach[t]), names.index(t)))
        merges[name] = (after, merge) if after is not None and after != merge else (merge,)
        if name in cfg.switches:
            construct = {n for n in names if n in index and dominates(idom, name, n)
                         and not dominates(idom, merge, n)}
            switches.append((construct, merge))
    return Structure(by_header, back_edges, merges, True)


def _reach(graph: Mapping[str, Sequence[str]], start: str, within: set[str] | None, stop: set[str]) -> set[str]:
    """The blocks reached from `start` (itself included) without entering
    `stop` or leaving `within` (None: anywhere)."""
    out = {start}
    work = [start]
    while work:
        n = work.pop()
        for s in graph.get(n, ()):
            if s in out or s in stop or (within is not None and s not in within) or s not in graph:
                continue
            out.add(s)
            work.append(s)
    return out


def _exits(succ: Mapping[str, Sequence[str]], loop: Loop) -> list[str]:
    out: list[str] = []
    for n in sorted(loop.body):
        for s in succ[n]:
            if s not in loop.body and s not in out:
                out.append(s)
    return out


def _absorb_exits(succ: Mapping[str, Sequence[str]], loop: Loop, idom: Mapping[str, str],
                  index: Mapping[str, int]) -> None:
    """Make the blocks a loop leaves to part of the loop where that leaves
    it one exit: first the paths of a `return` inside the loop (they end
    the function, apart from the other exits), then whatever lies between
    the remaining exits and the one block where they all meet (a `break`
    block on its way to the loop's end; an inlined helper's `return`
    inside its loop, which leads past the loop's end to the helper's exit
    block)."""
    exits = _exits(succ, loop)
    if len(exits) <= 1:
        return
    # Paths that go back to a block before the header have taken an outer
    # loop's back edge: they are not where this loop's exits meet.
    earlier = {n for n, k in index.items() if k <= index[loop.header]}
    reach = {t: _reach(succ, t, None, loop.body | earlier) for t in exits}
    # The loop's own exit: where its test leads, else the exit most of the
    # function follows.
    tests = loop_tests(succ, loop, exits)
    main = tests[0] if tests else max(exits, key=lambda t: (len(reach[t]), index.get(t, 0)))
    loop.test_exit = main if tests else None
    for t in exits:
        if t == main:
            continue
        others = set().union(*(reach[o] for o in exits if o != t))
        ends = all(s in reach[t] for b in reach[t] for s in succ[b])
        if ends and not reach[t] & others and all(dominates(idom, loop.header, b) for b in reach[t]):
            loop.body |= reach[t]
    exits = _exits(succ, loop)
    if len(exits) <= 1:
        return
    reach = {t: _reach(succ, t, None, loop.body | earlier) for t in exits}
    common = set.intersection(*reach.values())
    if common:
        join = min(common, key=lambda n: index.get(n, len(index)))
        # (Not where the loop's test leads: the code after the loop, on the
        # way to a helper's exit block where its `return`s in the loop
        # lead too; the threads meet there again, the loop's `after`.)
        kept = {join, main} if tests else {join}
        regions = [_reach(succ, t, None, loop.body | earlier | {join}) - {join} if t not in kept else set()
                   for t in exits]
        inside = set().union(*regions)
        if all(dominates(idom, loop.header, b) for b in inside):
            loop.body |= inside


def loop_tests(succ: Mapping[str, Sequence[str]], loop: Loop, exits: list[str]) -> list[str]:
    """The exits a loop's test leads to: a do-while's, at a latch (a block
    whose back edge is taken when the test holds); else a while or for
    loop's, at a block every iteration passes before its body (the header,
    or the block after a condition with a ternary or a short circuit: the
    header's post-dominators within the iteration, nearest first).  Not
    a `return` or `break` inside the body, which some iterations pass by
    (one at the start of a do-while's body leaves from its header)."""
    found = [t for t in exits if any(t in succ[b] for b in loop.latches)]
    if found:
        return found
    body = loop.body
    nxt = next_iteration(loop.header)
    graph: dict[str, list[str]] = {nxt: []}
    for n in body:
        graph[n] = list(dict.fromkeys(nxt if s == loop.header else s for s in succ[n]))
        for s in graph[n]:
            graph.setdefault(s, [])
    ipdom = immediate_post_dominators(list(graph), graph)
    if ipdom is None:
        return [t for t in exits if t in succ[loop.header]]
    x: str | None = loop.header
    while x is not None and x in body:
        found += [t for t in exits if t in succ[x] and t not in found]
        x = ipdom[x]
    return found


def _continue_key(succ: Mapping[str, Sequence[str]], loop: Loop, inner: set[str],
                  switches: set[str] = frozenset()) -> str:
    """Where an iteration of `loop` ends: walking back from the back edge
    (the next iteration) over blocks every iteration passes once (not
    those of `inner` loops), the first block where paths meet (the target
    of `continue`: a for loop's step), passing over the diamonds of a
    do-while's condition (a ternary, a short circuit: paths that part at a
    two-way branch every iteration passes and meet again, none leaving
    early; see `_diamond`);
    the next iteration itself where several back edges (a `continue`
    straight to the header) lead there, or where one path runs through
    the body."""
    header, body = loop.header, loop.body
    nxt = next_iteration(header)
    graph: dict[str, list[str]] = {}
    for n in body:
        graph[n] = [nxt if s == header else s for s in succ[n] if s in body or s == header]
    graph[nxt] = []
    # Only the blocks from which the next iteration is reached count.
    back: dict[str, list[str]] = {n: [] for n in graph}
    for n, ss in graph.items():
        for s in ss:
            back[s].append(n)
    live = {nxt}
    work = [nxt]
    while work:
        n = work.pop()
        for p in back[n]:
            if p not in live:
                live.add(p)
                work.append(p)
    if header not in live:
        return nxt
    names = [n for n in graph if n in live]
    g = {n: [s for s in graph[n] if s in live] for n in names}
    ipdom = immediate_post_dominators(names, g)
    if ipdom is None:
        return nxt
    chain = set()
    before: dict[str, str] = {}         # a block of the chain -> the one before it
    x = ipdom[header]
    last = header
    while x is not None:
        chain.add(x)
        before[x] = last
        last = x
        x = ipdom[x]
    # (A do-while: its test is at the back edge, after the body.)
    tested = any(len(succ[x]) > 1 for x in loop.latches)
    key = nxt
    while True:
        ps = [p for p in back[key] if p in live]
        if len(ps) > 1 and tested and key in before and _diamond(succ, g, ipdom, before[key], key, inner, switches):
            key = before[key]
            if key == header:
                return nxt      # the body is the condition's diamonds: the iteration ends at the back edge
            continue
        if len(ps) != 1 or ps[0] not in chain or ps[0] in inner:
            # Where paths meet (`continue`s and the body's end), or the end of
            # an inner loop (whose blocks run many times an iteration).
            return key
        if ps[0] == header:
            return nxt          # one path through the body: the iteration ends at the back edge
        key = ps[0]


def _diamond(succ: Mapping[str, Sequence[str]], g: Mapping[str, Sequence[str]], ipdom: Mapping[str, str | None],
             branch: str, join: str, inner: set[str], switches: set[str]) -> bool:
    """Whether the paths from the two-way `branch` to `join` (its immediate
    post-dominator in the iteration's graph `g`) are an expression's (a
    ternary, `&&`, `||`): none leaves them (a `return`, a `break`) or
    comes into them from elsewhere, and every branch among them meets
    again before `join` (a `continue` inside a statement goes to the
    loop's step past its construct's end)."""
    if branch in switches or branch in inner or len(succ.get(branch, ())) != 2:
        return False
    region: set[str] = set()
    work = [t for t in succ[branch] if t != join]
    while work:
        b = work.pop()
        if b in region:
            continue
        if b not in g:
            return False        # a path that leaves the iteration
        region.add(b)
        work += [t for t in succ.get(b, ()) if t != join and t not in region]
    if region & inner or region & switches:
        return False
    for b in region:
        if any(b in g.get(p, ()) for p in g if p not in region and p != branch):
            return False
        if len(succ.get(b, ())) > 1 and ipdom.get(b) == join:
            return False
    return True
