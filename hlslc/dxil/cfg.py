"""Control flow of DXIL-like IR: a function's graph of blocks, its
dominators and post-dominators, and control dependence.

Owns: `CFG`, the graph of a `reader.Function` (blocks in the IR's order,
each block's distinct successors), and the graph algorithms its consumers
share, written once: depth-first post-order, immediate dominators (Cooper,
Harvey and Kennedy's iteration over reverse post-order), dominance (by a
walk up the tree, or in constant time and with dominance frontiers by
`DominatorTree`), and immediate post-dominators (the same iteration on the
reversed graph, from a virtual exit that every `ret` leads to).  The
functions take any graph of names, so the SPIR-V backend's structurizer
runs them on the graph it edits.

Does not own: what the consumers make of the trees (the validator's
uniformity, the executor's reconvergence, SPIR-V's structured control
flow).
"""

from __future__ import annotations

import bisect
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
            for p in preds[n]:
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
        self.idom = idom
        self._frontier: dict[str, list[str]] | None = None
        self._regions: dict[int, tuple[set[str], list[int]]] = {}

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
                    cd[y].add(x)
                    y = ipdom[y]
        return cd
