"""Microsoft-ABI names, as DXC's clang gives them, for the dxc revision.

Owns: the symbol of a function (`\\01?f2@@YAX$linalg_matrixC21M3N3U0S1@@Z`
for `void f2(__builtin_LinAlgMatrix [[...]] m)`, `\\01??$fTemplate@$02$03@@YAXXZ`
for `fTemplate<3, 4>()`) and of a groupshared global (`\\01?SharedArr@@3PAMA`):
the type codes (`M` float, `I` uint, `V?$vector@M$03@@` float4,
`$linalg_matrixC4M5N4U1S2@` a LinAlg matrix, `U<name>@@` a struct,
`AIA<type>` an `out`/`inout` parameter, `?A` before a class returned),
numbers (`$0` then `0`-`9` for 1-10, hex digits `A`-`P` ended by `@`, `A@`
for 0), and the two kinds of back-reference (a repeated parameter type is
its index, a repeated name inside types its index).

A type this module has no code for (an array or resource parameter, a
member function) gives None: the caller keeps the HLSL name.

Does not own: which functions are named this way (codegen, `high_level`).
"""

from __future__ import annotations

from typing import Any

from ..sema import types as T

_SCALAR_CODES = {"int": "H", "uint": "I", "float": "M", "double": "N", "bool": "_N", "int64_t": "_J",
                 "uint64_t": "_K", "int16_t": "F", "uint16_t": "G", "min16float": "$min16f@",
                 "min10float": "$min10f@", "min16int": "$min16i@", "min12int": "$min12i@",
                 "min16uint": "$min16ui@", "int8_t4_packed": "$i8_4pk@", "uint8_t4_packed": "$ui8_4pk@",
                 "dword": "K"}


class _Unmangleable(Exception):
    pass


def number(value: int) -> str:
    """An integer as the ABI writes it (`$0` is written before a template
    argument's): 1-10 as `0`-`9`, else hex digits `A`-`P` ended by `@`,
    0 as `A@`, a negative one after `?`."""
    if value < 0:
        return "?" + number(-value)
    if 1 <= value <= 10:
        return str(value - 1)
    digits = ""
    v = value
    while v:
        digits = chr(ord("A") + (v & 15)) + digits
        v >>= 4
    return (digits or "A") + "@"


class _Mangler:
    """One symbol's back-reference state."""

    def __init__(self, native_16bit: bool) -> None:
        self.native_16bit = native_16bit
        self.names: list[str] = []
        self.arg_types: dict[tuple[int, bool], int] = {}

    def source_name(self, name: str) -> str:
        if name in self.names:
            return str(self.names.index(name))
        if len(self.names) < 10:
            self.names.append(name)
        return name + "@"

    def qualified(self, qualified_name: str, last: str | None = None) -> str:
        """A (possibly namespaced) name: innermost first, each ended by `@`,
        then the `@` that ends them.  `last` replaces the innermost part
        (a template instantiation's `?$Name@args`)."""
        parts = qualified_name.split("::")
        head = self.source_name(last if last is not None else parts[-1])
        return head + "".join(self.source_name(p) for p in reversed(parts[:-1])) + "@"

    def template_args(self, args: list[Any]) -> str:
        inner = _Mangler(self.native_16bit)
        out = []
        for arg in args:
            if isinstance(arg, T.ConstValue):
                out.append("$0" + number(int(arg.value)))
            elif isinstance(arg, T.Type):
                out.append(inner.type(arg))
            else:
                raise _Unmangleable()
        return "".join(out)

    def type(self, t: T.Type) -> str:
        if t is T.VOID:
            return "X"
        if isinstance(t, T.ScalarType):
            if t.literal:
                raise _Unmangleable()
            if t.kind == "float" and t.bits == 16 and t.name == "half":
                return "$f16@" if self.native_16bit else "$halff@"
            code = _SCALAR_CODES.get(t.name)
            if code is None:
                raise _Unmangleable()
            return code
        if isinstance(t, T.VectorType):
            args = "?$vector@" + _Mangler(self.native_16bit).type(t.elem) + "$0" + number(t.size)
            return "V" + self.source_name(args) + "@"
        if isinstance(t, T.MatrixType):
            args = "?$matrix@" + _Mangler(self.native_16bit).type(t.elem) + "$0" + number(t.rows) + "$0" + \
                number(t.cols)
            return "V" + self.source_name(args) + "@"
        if isinstance(t, T.LinAlgHandleType) and t.attributed:
            return f"$linalg_matrix{t.mangling}@"
        if isinstance(t, T.EnumType):
            return "W4" + self.qualified(t.symbol.qualified_name)
        if isinstance(t, T.ClassType):
            instance = t.instance
            tag = "V" if instance.decl is not None and getattr(instance.decl, "keyword", "struct") == "class" else "U"
            if instance.template is None:
                return tag + self.qualified(instance.qualified_name)
            name = "?$" + instance.qualified_name.split("::")[-1] + "@" + self.template_args(list(instance.args))
            return tag + self.qualified(instance.qualified_name, last=name)
        raise _Unmangleable()

    def argument(self, t: T.Type, by_reference: bool) -> str:
        """A parameter's type, or the index of the same type earlier in
        the list (types written in more than one character)."""
        key = (id(t), by_reference)
        known = self.arg_types.get(key)
        if known is not None:
            return str(known)
        code = ("AIA" if by_reference else "") + self.type(t)
        if len(code) > 1 and len(self.arg_types) < 10:
            self.arg_types[key] = len(self.arg_types)
        return code

    def return_type(self, t: T.Type) -> str:
        code = self.type(t)
        return "?A" + code if isinstance(t, T.ClassType) or code.startswith("V") else code


def function_name(fn: Any, return_type: T.Type, param_types: list[T.Type], by_reference: list[bool],
                  native_16bit: bool) -> str | None:
    """The symbol of a free function (its template arguments from its
    bindings), or None where a type has no code here."""
    if fn.owner is not None:
        return None
    m = _Mangler(native_16bit)
    try:
        if fn.template_bindings:
            head = "?$" + fn.name + "@" + m.template_args(list(fn.template_bindings.values()))
            # A function template's instantiation is no back-referenced name.
            parts = fn.qualified_name.split("::")
            name = head + "@" + "".join(m.source_name(p) for p in reversed(parts[:-1])) + "@"
        else:
            name = m.qualified(fn.qualified_name)
        signature = "YA" + m.return_type(return_type)
        if param_types:
            signature += "".join(m.argument(t, ref) for t, ref in zip(param_types, by_reference)) + "@"
        else:
            signature += "X"
    except _Unmangleable:
        return None
    return "\x01?" + name + signature + "Z"


def groupshared_name(name: str, t: T.Type, native_16bit: bool) -> str:
    """DXC's symbol for a global groupshared variable (`\\01?Tile@@3PAMA`
    for `groupshared float Tile[N]`); the plain name where the type has no
    code here."""
    m = _Mangler(native_16bit)
    m.names.append(name)
    try:
        if isinstance(t, T.ArrayType) and not isinstance(t.elem, T.ArrayType):
            return f"\x01?{name}@@3PA{m.type(t.elem)}A"
        return f"\x01?{name}@@3{m.type(t)}A"
    except _Unmangleable:
        return name
