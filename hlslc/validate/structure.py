"""Well-formed IR and DXIL's module rules: what every module must be
before any operation rule means anything.

Owns: the entry points of `!dx.entryPoints` (each entry's function and
stage, a library's per-function shader kinds, a hull shader's patch
constant function) and the rules about the module's shape: a
`!dx.entryPoints` that names defined functions (IR-ENTRY-POINTS), blocks
that end in terminators (IR-TERMINATOR), names that are defined
(IR-UNDEFINED-VALUE), calls whose types match the called function's
declaration (IR-CALL-TYPES), no casts of aggregates such as LinAlg
matrices (IR-CAST); and DXC's entry compatibility rules: groupshared
memory from stages without a thread group (IR-GROUPSHARED-STAGE) and
operations an entry's stage does not allow, reported at the function that
introduces them (IR-ENTRY-INCOMPATIBLE, IR-FUNCTION-STAGE,
IR-FUNCTION-GROUP).  A module cut off inside a function is the reader's
ParseError (IR-TRUNCATED, `core`).

Cost: these rules run on every compile, so they use what the reader and
the main pass already collect (the names an instruction mentions that its
function does not define, each function's dx.op calls and groupshared
references) and touch each instruction at most once more.

Does not own: reading IR (`reader`), LLVM's own verifier (`llvm_check`,
`hlslc validate` only), the operation rules (`checks`, `linalg_dxc`).
"""

from __future__ import annotations

import re
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from ..records import ValueRecord
from ..dxil.reader import Function, Instruction, NAME, take_type
from ..patterns import LazyPattern

if TYPE_CHECKING:
    from .checks import Validator

# DXIL's ShaderKind (the value of entry property tag 8) as operation-table stage names.
SHADER_KINDS = ("pixel", "vertex", "geometry", "hull", "domain", "compute", "library", "raygeneration",
                "intersection", "anyhit", "closesthit", "miss", "callable", "mesh", "amplification", "node")
SHADER_KIND_TAG = 8
HULL_PROPERTIES_TAG = 3
# The shader kinds as DXC's shader model names spell them (`ps_6_10`, `lib_6_10(anyhit)`).
KIND_NAMES = {"pixel": "ps", "vertex": "vs", "geometry": "gs", "hull": "hs", "domain": "ds", "compute": "cs",
              "library": "lib", "raygeneration": "raygeneration", "intersection": "intersection",
              "anyhit": "anyhit", "closesthit": "closesthit", "miss": "miss", "callable": "callable", "mesh": "ms",
              "amplification": "as", "node": "node"}
# Stages whose shaders run in thread groups (DXC's isTGSMEntry and compute-like kinds).
GROUP_STAGES = frozenset({"compute", "mesh", "amplification", "node"})

TERMINATORS = frozenset({"ret", "br", "switch", "unreachable", "indirectbr", "resume", "invoke", "callbr",
                         "cleanupret", "catchret", "catchswitch"})
CASTS = frozenset({"bitcast", "addrspacecast", "inttoptr", "ptrtoint", "zext", "sext", "trunc", "fptrunc", "fpext",
                   "fptoui", "fptosi", "uitofp", "sitofp"})
_GLOBAL_REF = LazyPattern(r"@" + NAME)
_FUNCTION_REF = re.compile(r"(@" + NAME + r")")


class Entry(ValueRecord):
    """One `!dx.entryPoints` tuple: its function (`@name`, None for a
    library's first entry), stage (None when not known) and line."""

    function: str | None
    stage: str | None
    line: int | None
    _fields = ("function", "stage", "line")

    def __init__(self, function: str | None, stage: str | None, line: int | None) -> None:
        self.function = function
        self.stage = stage
        self.line = line


class StructureRules:
    """The module-shape rules of one module."""

    def __init__(self, validator: "Validator") -> None:
        self.v = validator
        self.entries: list[Entry] = []
        self.patch_functions: set[str] = set()
        self.stages: dict[str, str] = {}          # function -> its entry's stage (libraries)
        self._read_entries()
        # Filled by the validator's pass over the calls: per function, the
        # stages every dx.op call it makes allows (None: all), and the
        # groupshared globals it names, with the first instruction naming each.
        self.call_stages: dict[str, frozenset[str] | None] = {}
        self.groupshared: dict[str, dict[str, Instruction]] = {}
        self.callees: dict[str, list[str]] = {}
        self._declared: dict[str, tuple | None] = {}
        self._typed_calls: set[int] = set()     # ids of argument lists of calls spelt as declared

    # ---- entry points ------------------------------------------------------------

    def _read_entries(self) -> None:
        v, mod = self.v, self.v.mod
        for ref in mod.named_metadata.get("dx.entryPoints", []):
            node = mod.md_node(ref)
            line = mod.metadata_lines.get(ref.strip())
            function = None
            if node:
                m = _FUNCTION_REF.search(node[0])
                function = m.group(1).replace('"', "") if m and node[0].strip() != "null" else None
                if function is not None and function not in mod.functions:
                    quoted = m.group(1) if m else function
                    function = quoted if quoted in mod.functions else function
            stage = v.module_stage
            props = mod.md_node(node[4]) if node and len(node) >= 5 else None
            for tag, value in zip((props or [])[0::2], (props or [])[1::2]):
                t = mod.md_int(tag)
                if t == SHADER_KIND_TAG:
                    kind = mod.md_int(value)
                    stage = SHADER_KINDS[kind] if kind is not None and 0 <= kind < len(SHADER_KINDS) else None
                elif t == HULL_PROPERTIES_TAG:
                    hull = mod.md_node(value)
                    m = _FUNCTION_REF.search(hull[0]) if hull else None
                    if m:
                        self.patch_functions.add(m.group(1))
            self.entries.append(Entry(function, stage, line))
            if function is not None and stage is not None:
                self.stages.setdefault(function, stage)

    def stage_of(self, fn: Function) -> str | None:
        """The stage a function's operations are checked against: the
        module's; in a library, its entry's shader kind, else `library`; a
        hull shader's patch constant function is `hull` (as in DXC)."""
        if fn.name in self.patch_functions:
            return "hull"
        if self.v.module_stage == "library":
            return self.stages.get(fn.name, "library")
        return self.v.module_stage

    def check_entry_points(self, part: bool) -> None:
        v, mod = self.v, self.v.mod
        if "dx.entryPoints" not in mod.named_metadata:
            line = mod.metadata_lines.get("dx.shaderModel")
            v.report("IR-ENTRY-POINTS", "the module has no !dx.entryPoints: a DXIL module lists its entry functions "
                     "there (a library: a first entry with a null function)", line=line, order=(1, 0))
            return
        for ref, entry in zip(mod.named_metadata["dx.entryPoints"], self.entries):
            node = mod.md_node(ref)
            if node is None or len(node) < 5:
                shown = "!{" + ", ".join(node) + "}" if node is not None else "undefined"
                v.report("IR-ENTRY-POINTS", f"!dx.entryPoints entry {ref} is {shown}, not !{{function, name, "
                         "signatures, resources, properties}", line=entry.line or mod.metadata_lines.get(
                             "dx.entryPoints"), order=(1, entry.line or 0))
                continue
            if entry.function is None or part:
                continue
            fn = mod.functions.get(entry.function)
            if fn is None or not fn.defined:
                what = "declares but does not define" if fn is not None else "does not define"
                v.report("IR-ENTRY-POINTS", f"!dx.entryPoints entry {ref} names {entry.function}, which the module "
                         f"{what}", line=entry.line, order=(1, entry.line or 0))

    # ---- one function ---------------------------------------------------------------

    def check_function(self, fn: Function) -> None:
        v, mod = self.v, self.v.mod
        if not fn.blocks:
            v.report("IR-TERMINATOR", f"{fn.name} has a body without a basic block", fn, line=fn.line)
        for index, block in enumerate(fn.blocks):
            last = block.terminator
            # Where LLVM's parser notices: the next block's label or the closing brace.
            following = fn.blocks[index + 1].instructions if index + 1 < len(fn.blocks) else []
            noticed = following[0].line - 1 if following else fn.end_line
            if last is None:
                v.report("IR-TERMINATOR", f"block '{block.name}' of {fn.name} has no instructions: a block ends with "
                         "a terminator (ret, br, switch or unreachable)", fn, line=fn.line,
                         order=(3, fn.line, noticed))
            elif last.opcode not in TERMINATORS:
                v.report("IR-TERMINATOR", f"block '{block.name}' of {fn.name} ends with '{last.opcode}', not a "
                         "terminator (ret, br, switch or unreachable)", fn, last, order=(3, fn.line, noticed))
        blocks = {b.name for b in fn.blocks}
        seen: set[tuple[int, str]] = set()
        for ins, name in fn.unresolved:
            if name in mod.structs or name.lstrip("%") in blocks or (ins.line, name) in seen:
                continue
            seen.add((ins.line, name))
            v.report("IR-UNDEFINED-VALUE", f"{name} is not defined in {fn.name} (no instruction, parameter or named "
                     "type has that name)", fn, ins)

    def check_call(self, fn: Function, ins: Instruction) -> None:
        """The call's types against the called function's declaration."""
        v = self.v
        callee = ins.callee or ""
        if not callee.startswith("@"):
            return
        if id(ins.args) in self._typed_calls:
            return          # a call of the same text (they share their argument list) was spelt as declared
        declared = v.mod.functions.get(callee)
        if declared is None:
            v.report("IR-UNDEFINED-VALUE", f"the call names {callee}, which the module neither declares nor defines",
                     fn, ins)
            return
        want = self._declared.get(callee)
        if want is None:
            params = declared.params
            want = self._declared[callee] = (
                () if params and params[-1].type == "..." else
                ((declared.result, tuple(p.type for p in params)),
                 (_squash(declared.result), tuple(_squash(p.type) for p in params))))
        if not want:
            return          # a variadic function
        result = ins.type or "void"
        if result == want[0][0] and tuple([a.type for a in ins.args]) == want[0][1]:
            self._typed_calls.add(id(ins.args))
            return          # spelt as declared (the usual case)
        if _squash(result) != want[1][0] or len(ins.args) != len(want[1][1]) or \
                any(_squash(a.type) != b for a, b in zip(ins.args, want[1][1])):
            got = ", ".join(a.type for a in ins.args)
            v.report("IR-CALL-TYPES", f"the call passes '{result} ({got})', but {callee} is declared "
                     f"'{declared.result} ({', '.join(p.type for p in declared.params)})' (line {declared.line})",
                     fn, ins)

    def check_cast(self, fn: Function, ins: Instruction) -> None:
        """IR-CAST: LLVM's casts take no struct or array; the message is
        the one LLVM's parser (and so DXC) gives."""
        text = ins.text.split("=", 1)[1] if ins.result else ins.text
        body = text.strip()[len(ins.opcode):].strip()
        source, _, _ = body.rpartition(" to ")
        try:
            source_type = take_type(source)[0]
        except ValueError:
            return
        target_type = ins.type or ""
        if _aggregate(source_type) or _aggregate(target_type):
            self.v.report("IR-CAST", f"invalid cast opcode for cast from '{self._spell(source_type)}' to "
                          f"'{self._spell(target_type)}'", fn, ins)

    def _spell(self, t: str) -> str:
        """A type as LLVM's parser prints it in messages: a named struct
        with its body (`%S = type { i8* }`)."""
        body = self.v.mod.structs.get(t)
        return f"{t} = type {body}" if body is not None else t

    def note_groupshared(self, fn: Function, ins: Instruction) -> None:
        """Remember the groupshared globals `ins` names (its text mentions
        address space 3)."""
        mine = self.groupshared.setdefault(fn.name, {})
        for name in _GLOBAL_REF.findall(ins.text):
            g = self.v.mod.globals.get(name)
            if g is not None and g.addrspace == 3 and name not in mine:
                mine[name] = ins

    def note_call(self, fn: Function, stages: tuple[str, ...]) -> None:
        """Narrow the stages `fn`'s dx.op calls allow by one call's (an
        operation of every stage is not noted)."""
        now = self.call_stages.get(fn.name)
        self.call_stages[fn.name] = frozenset(stages) if now is None else now & frozenset(stages)

    # ---- entries: groupshared memory and stage compatibility --------------------------

    def check_entries(self) -> None:
        v, mod = self.v, self.v.mod
        for entry in self.entries:
            fn = mod.functions.get(entry.function or "")
            if fn is None or not fn.defined or entry.stage is None or entry.stage == "library":
                continue
            reachable = self._reachable(fn.name)
            if entry.stage not in GROUP_STAGES:
                self._groupshared_unsupported(fn, reachable)
            self._compatibility(fn, entry.stage)

    def _reachable(self, name: str) -> list[str]:
        order, stack, seen = [], [name], {name}
        while stack:
            f = stack.pop()
            order.append(f)
            for callee in self.callees.get(f, ()):
                if callee not in seen and callee in self.v.mod.functions and self.v.mod.functions[callee].defined:
                    seen.add(callee)
                    stack.append(callee)
        return order

    def _groupshared_unsupported(self, entry: Function, reachable: list[str]) -> None:
        v = self.v
        first: dict[str, tuple[Function, Instruction]] = {}
        for name in reachable:
            for g, ins in self.groupshared.get(name, {}).items():
                if g not in first or ins.line < first[g][1].line:
                    first[g] = (v.mod.functions[name], ins)
        for g in sorted(first, key=lambda g: v.mod.globals[g].line):
            fn, ins = first[g]
            v.report("IR-GROUPSHARED-STAGE", "Thread Group Shared Memory not supported from non-compute entry points.",
                     fn, ins, order=(2, v.mod.globals[g].line, 0))

    def _compatibility(self, entry: Function, stage: str) -> None:
        """DXC's CompatibilityChecker: find the functions that introduce a
        conflict (an operation the stage does not allow; groupshared memory
        in a stage without a group) that their callees do not."""
        mod = self.v.mod
        infos: dict[str, tuple[frozenset[str] | None, bool]] = {}

        def info(name: str, visiting: frozenset[str]) -> tuple[frozenset[str] | None, bool]:
            if name in infos:
                return infos[name]
            stages, group = self.call_stages.get(name), bool(self.groupshared.get(name))
            for callee in self.callees.get(name, ()):
                f = mod.functions.get(callee)
                if f is None or not f.defined or callee in visiting:
                    continue
                s, g = info(callee, visiting | {callee})
                if s is not None:
                    stages = s if stages is None else stages & s
                group = group or g
            infos[name] = (stages, group)
            return stages, group

        def conflicts(name: str) -> int:
            stages, group = info(name, frozenset({name}))
            mask = 0
            if stages is not None and stage not in stages:
                mask |= 1
            if group and stage not in GROUP_STAGES:
                mask |= 2
            return mask

        remaining = conflicts(entry.name)
        if not remaining:
            return
        visited: set[str] = set()

        def visit(name: str) -> int:
            nonlocal remaining
            if remaining == 0 or name in visited:
                return 0
            visited.add(name)
            mine = conflicts(name)
            from_calls = 0
            for callee in self.callees.get(name, ()):
                f = mod.functions.get(callee)
                if f is None or not f.defined:
                    continue
                from_calls |= visit(callee)
                if remaining == 0:
                    return 0
            introduced = remaining & mine & ~from_calls
            if introduced:
                self._diagnose(entry, mod.functions[name], stage, introduced)
                remaining &= ~introduced
            return mine

        visit(entry.name)

    def _diagnose(self, entry: Function, fn: Function, stage: str, conflict: int) -> None:
        v = self.v
        order = (4, entry.line, fn.line)
        if fn is entry:
            v.report("IR-ENTRY-INCOMPATIBLE", "Entry function performs some operation that is incompatible with the "
                     "shader stage or other entry properties.  See other errors for details.", entry, order=order)
        else:
            v.report("IR-ENTRY-INCOMPATIBLE", "Entry function calls one or more functions using incompatible "
                     "features.  See other errors for details.", entry, order=order)
        if conflict & 1:
            v.report("IR-FUNCTION-STAGE", f"Function uses features incompatible with the shader stage "
                     f"({KIND_NAMES.get(stage, stage)}) of the entry function.", fn, order=order)
        if conflict & 2:
            v.report("IR-FUNCTION-GROUP", "Function requires a visible group, but is called from a shader without "
                     "one.", fn, order=order)


def _aggregate(t: str) -> bool:
    t = t.strip()
    return bool(t) and (t[0] in "[{" or t.startswith("<{") or (t.startswith("%") and not t.endswith("*")))


_SQUASHED: dict[str, str] = {}
_SPACES = re.compile(r"\s+")


def _squash(t: str) -> str:
    """A type without spaces or quotes, to compare (cached: a module has few types)."""
    squashed = _SQUASHED.get(t)
    if squashed is None:
        squashed = _SQUASHED[t] = _SPACES.sub("", t).replace('"', "")
    return squashed
