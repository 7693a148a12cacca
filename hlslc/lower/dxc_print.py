"""A lowered module printed as DXC prints its DXIL (LLVM 3.7's assembly
writer), for `--linalg-revision=dxc`.

Owns: the text of a module in LLVM's own spelling rather than llvmlite's:
bare names where LLVM leaves them bare (`@dx.op.linAlgFillMatrix.mC9M4N4U0S1.f32`,
`%dx.types.Handle`) and LLVM's escapes where it quotes
(`@"\\01?SharedArr@@3PAMA"`); local values and blocks numbered in LLVM's
slot order (`%1` is a function's first value, its entry block being `%0`);
floating-point constants as LLVM writes them (`float 1.000000e+00` when
that reads back exactly, else `0x400921FB60000000`, halves as `0xH3C00`);
`true`/`false`, `zeroinitializer`, `{ ... }` spacing; declarations with
attribute groups and their `; Function Attrs:` line; and the comment DXC
prints after each `dx.op` call (`; LinAlgFillMatrix(value)`), given by
`comment_of`.

Does not own: what is printed (codegen, `ssa`), the operation table.
"""

from __future__ import annotations

import re
import struct
from typing import Any, Callable

from llvmlite import ir

_IDENT = re.compile(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*\Z")
_QUOTED = re.compile(r'([%@])"((?:[^"\\]|\\[0-9A-Fa-f]{2})*)"')
_FLOAT = re.compile(r"\b(half|float|double) (-?0x[0-9a-fA-F]+|[-+]?(?:inf|nan)|[-+]?[0-9]+\.[0-9]*(?:e[-+]?[0-9]+)?)")
_BOOL = re.compile(r"\bi1 ([01])\b")
# llvmlite's spelling of a floating-point constant (a double's bits, lower
# case); LLVM's own hex constants are upper case, so never taken again.
_BARE_FLOAT = re.compile(r"(?<![\w.])(-?0x[0-9a-f]+)\b")
_FLOAT_TYPE = re.compile(r"\b(half|float|double)\b")
_VECTOR_CONST = re.compile(r"<(\d+) x ([^<>,]+?)> <([^<>]*)>")
_ARRAY_CONST = re.compile(r"\[(\d+) x ([^\[\]]+?)\] \[([^\[\]]*)\]")


def llvm_name(name: str) -> str:
    """A global or type name as LLVM writes it after its sigil."""
    if _IDENT.match(name):
        return name
    out = []
    for ch in name:
        code = ord(ch)
        if ch in '"\\' or code < 0x20 or code > 0x7E:
            out.extend(f"\\{b:02X}" for b in ch.encode("utf-8"))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _unescape(text: str) -> str:
    """llvmlite's escapes in a quoted name (`\\22`, `\\5c`) undone."""
    return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), text)


def format_float(type_name: str, value: float) -> str:
    """A floating-point constant as LLVM's assembly writer prints it."""
    if type_name == "half":
        try:
            bits = struct.unpack("<H", struct.pack("<e", value))[0]
        except OverflowError:
            bits = 0x7C00 if value > 0 else 0xFC00
        return f"0xH{bits:04X}"
    if value == value and value not in (float("inf"), float("-inf")):
        text = "%e" % value
        if float(text) == value:
            return text
    return "0x%016X" % struct.unpack("<Q", struct.pack("<d", value))[0]


def _parse_float(text: str) -> float:
    if text.lower().lstrip("-").startswith("0x"):
        negative = text.startswith("-")
        bits = int(text.lstrip("-"), 16)
        value = struct.unpack("<d", struct.pack("<Q", bits))[0]
        return -value if negative else value
    return float(text)


def _floats(text: str) -> str:
    text = _FLOAT.sub(lambda m: f"{m.group(1)} {format_float(m.group(1), _parse_float(m.group(2)))}", text)
    if _BARE_FLOAT.search(text) is None:
        return text

    def bare(m: re.Match) -> str:
        # An operand whose type is written once for the instruction
        # (`fmul float %1, 0x4000000000000000`): the last type before it.
        kinds = _FLOAT_TYPE.findall(text, 0, m.start())
        return format_float(kinds[-1], _parse_float(m.group(1))) if kinds else m.group(0)
    return _BARE_FLOAT.sub(bare, text)


def _is_zero(item: str) -> bool:
    parts = item.strip().split(" ", 1)
    if len(parts) != 2:
        return False
    value = parts[1]
    return value in ("0", "false", "zeroinitializer", "null") or value == "0.000000e+00" or value == "0xH0000"


def _aggregates(text: str) -> str:
    def fold(m: re.Match, opener: str, closer: str) -> str:
        items = [i for i in m.group(3).split(", ")]
        head = f"{opener}{m.group(1)} x {m.group(2)}{closer}"
        if items and all(_is_zero(i) for i in items):
            return f"{head} zeroinitializer"
        if items and all(i.strip().endswith(" undef") for i in items):
            return f"{head} undef"
        return m.group(0)
    text = _VECTOR_CONST.sub(lambda m: fold(m, "<", ">"), text)
    return _ARRAY_CONST.sub(lambda m: fold(m, "[", "]"), text)


def _braces(text: str) -> str:
    text = re.sub(r"\{(?=[^ }])", "{ ", text)
    return re.sub(r"(?<=[^ {])\}", " }", text)


class _Names:
    """The slot numbers of one function's values and blocks.  With
    `keep_names` (-fcgl), values and blocks code generation named keep
    their names, as clang's do; only unnamed ones (llvmlite's `.N`) are
    numbered."""

    def __init__(self, fn: ir.Function, keep_names: bool = False) -> None:
        self.slots: dict[str, int] = {}
        n = 0

        def number(name: str) -> None:
            nonlocal n
            if keep_names and name and not name.startswith("."):
                return
            self.slots[name] = n
            n += 1
        for arg in fn.args:
            number(arg.name)
        for block in fn.blocks:
            number(block.name)
            for ins in block.instructions:
                if not isinstance(ins.type, ir.VoidType):
                    number(ins.name)

    def ref(self, sigil: str, name: str) -> str:
        if sigil == "%" and name in self.slots:
            return f"%{self.slots[name]}"
        return sigil + llvm_name(name)

    def label(self, name: str) -> str:
        """A block's label line, without its predecessors."""
        if name in self.slots:
            return f"; <label>:{self.slots[name]}"
        return llvm_name(name) + ":"


def _rewrite(text: str, names: "_Names | None") -> str:
    def ref(m: re.Match) -> str:
        name = _unescape(m.group(2))
        if names is not None:
            return names.ref(m.group(1), name)
        return m.group(1) + llvm_name(name)
    text = _QUOTED.sub(ref, text)
    text = _BOOL.sub(lambda m: "i1 " + ("true" if m.group(1) == "1" else "false"), text)
    return _braces(_aggregates(_floats(text)))


def llvm_type_text(ty: ir.Type) -> str:
    """An LLVM type as LLVM spells it (`%dx.types.Handle`, `<4 x float>`)."""
    return _braces(_rewrite(str(ty), None))


_type = llvm_type_text


def _attributes(fn: ir.Function) -> tuple[str, ...]:
    attrs = set(fn.attributes)
    order = ("nounwind", "readnone", "readonly", "noduplicate", "convergent", "alwaysinline", "noinline")
    return tuple(a for a in order if a in attrs) + tuple(sorted(a for a in attrs if a not in order))


def print_module(module: ir.Module, comment_of: Callable[[ir.CallInstr], str | None] | None = None,
                 lines: "dict[int, ir.Instruction] | None" = None) -> str:
    """The module's text.  `lines`, when given, receives the instruction
    printed on each (1-based) line.  A module of -fcgl
    (`hlslc_high_level`) keeps its values' names."""
    keep_names = getattr(module, "hlslc_high_level", False)
    out: list[str] = [f"; ModuleID = '{module.name}'",
                      f'target datalayout = "{module.data_layout}"',
                      f'target triple = "{module.triple}"', ""]
    types = [t for t in module.context.identified_types.values()]
    for t in types:
        body = "opaque" if t.is_opaque else _braces(_type(ir.LiteralStructType(t.elements, t.packed)))
        out.append(f"%{llvm_name(t.name)} = type {body}")
    if types:
        out.append("")
    globals_ = [g for g in module.global_values if isinstance(g, ir.GlobalVariable)]
    for g in globals_:
        out.append(_global(g))
    if globals_:
        out.append("")
    groups: dict[tuple[str, ...], int] = {}
    functions = [f for f in module.functions if f.blocks] + [f for f in module.functions if not f.blocks]
    for fn in functions:
        if fn.blocks:
            _define(fn, out, comment_of, lines, keep_names)
        else:
            attrs = _attributes(fn)
            params = ", ".join(_type(a.type) for a in fn.args)
            suffix = ""
            if attrs:
                group = groups.setdefault(attrs, len(groups))
                out.append(f"; Function Attrs: {' '.join(attrs)}")
                suffix = f" #{group}"
            out.append(f"declare {_type(fn.function_type.return_type)} @{llvm_name(fn.name)}({params}){suffix}")
            out.append("")
    for attrs, group in groups.items():
        out.append(f"attributes #{group} = {{ {' '.join(attrs)} }}")
    if groups:
        out.append("")
    for name, node in module.namedmetadata.items():
        items = ", ".join(op.get_reference() for op in node.operands)
        out.append(f"!{name} = !{{{items}}}")
    for md in module.metadata:
        out.append(str(md).strip() if isinstance(md, ir.DIValue) else _metadata(md))
    return "\n".join(out) + "\n"


def _global(g: ir.GlobalVariable) -> str:
    parts = [f"@{llvm_name(g.name)} ="]
    linkage = g.linkage or ""
    if linkage and linkage != "external":
        parts.append(linkage)
    elif g.initializer is None:
        parts.append("external")
    if g.addrspace:
        parts.append(f"addrspace({g.addrspace})")
    parts.append("constant" if g.global_constant else "global")
    parts.append(_type(g.value_type))
    text = " ".join(parts)
    if g.initializer is not None:
        text += " " + _rewrite(g.initializer.get_reference(), None)
    if g.align is not None:
        text += f", align {g.align}"
    return text


def _metadata(md: Any) -> str:
    items = []
    for op in md.operands:
        if op is None or isinstance(getattr(op, "type", None), ir.MetaDataType) and getattr(op, "constant", 0) is None:
            items.append("null")
        elif isinstance(op, (ir.MDValue, ir.MetaDataString)):
            items.append(op.get_reference())
        else:
            items.append(_rewrite(f"{op.type} {op.get_reference()}", None))
    return f"{md.get_reference()} = !{{{', '.join(items)}}}"


def _define(fn: ir.Function, out: list[str], comment_of: Callable[[ir.CallInstr], str | None] | None,
            lines: "dict[int, ir.Instruction] | None", keep_names: bool = False) -> None:
    names = _Names(fn, keep_names)
    params = ", ".join(f"{_type(a.type)} {names.ref('%', a.name)}" for a in fn.args)
    linkage = fn.linkage + " " if fn.linkage and fn.linkage != "external" else ""
    out.append(f"define {linkage}{_type(fn.function_type.return_type)} @{llvm_name(fn.name)}({params}) {{")
    preds: dict[int, list[ir.Block]] = {id(b): [] for b in fn.blocks}
    for block in fn.blocks:
        term = block.instructions[-1] if block.instructions else None
        if term is None:
            continue
        targets = [term.default] + [b for _, b in term.cases] if isinstance(term, ir.SwitchInstr) \
            else [op for op in term.operands if isinstance(op, ir.Block)]
        seen: list[ir.Block] = []
        for t in targets:
            if not any(t is s for s in seen):
                seen.append(t)
                preds.setdefault(id(t), []).append(block)
    for index, block in enumerate(fn.blocks):
        if index == 0 and block.name not in names.slots:
            out.append(names.label(block.name))
        if index > 0:
            label = names.label(block.name)
            ps = preds.get(id(block), [])
            if ps:
                label = label.ljust(50) + "; preds = " + ", ".join(names.ref("%", p.name) for p in ps)
            out.append("")
            out.append(label)
        for ins in block.instructions:
            buf: list[str] = []
            if isinstance(ins, ir.PhiInstr):
                buf.append(f"phi {ins.type} " + ", ".join(f"[ {v.get_reference()}, {b.get_reference()} ]"
                                                         for v, b in ins.incomings))
            else:
                ins.descr(buf)
            body = _rewrite("".join(buf).strip(), names)
            if ins.metadata:
                # llvmlite leaves a space before the metadata of some
                # instructions and none at all on others.
                body = body.replace(" , !", ", !")
                attached = ins._stringify_metadata(leading_comma=True)
                if attached and attached not in body:
                    body += attached
            align = getattr(ins, "hlslc_align", None)
            if align is not None:
                body += f", align {align}"
            if not isinstance(ins.type, ir.VoidType):
                body = f"{names.ref('%', ins.name)} = {body}"
            comment = comment_of(ins) if comment_of is not None and isinstance(ins, ir.CallInstr) else None
            if comment:
                body += f"  ; {comment}"
            location = getattr(ins, "hlslc_location", None)
            if location is not None:
                # DXC's printer follows a located instruction with its place.
                body += f" ; line:{location[0]} col:{location[1]}"
            if lines is not None:
                lines[len(out) + 1] = ins
            out.append("  " + body)
    out.append("}")
    out.append("")
