"""A SPIR-V module being written: ids, the module's sections in the order
the specification requires, deduplicated types and constants, the binary
encoding, and a disassembly in the spirit of `spirv-dis`.

Owns: instructions as data (an opcode and typed operands, so one list is
both encoded as words and printed as text), the id allocator, the logical
layout of a module (capabilities, extensions, imports, memory model, entry
points, execution modes, debug names, decorations, types/constants/globals,
functions), type and constant deduplication, names for the disassembly.
Does not own: what the instructions mean (`translate` and the modules it
calls) or the order of a function's blocks (`structure`).
"""

from __future__ import annotations

import re
import struct

from . import spec


# ---------------------------------------------------------------------------
# Operands

class Id:
    """A result id as an operand."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value


class Lit:
    """A literal number (one word, or several for wide constants)."""

    __slots__ = ("words", "text")

    def __init__(self, value: int | list[int], text: str | None = None) -> None:
        self.words = value if isinstance(value, list) else [value & 0xFFFFFFFF]
        self.text = text if text is not None else str(value if not isinstance(value, list) else value[0])


class Str:
    """A literal string."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class Enum:
    """An enumerant of an operand kind of `spec.ENUMS` (or a plain number
    for the kinds printed as numbers)."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: int | str) -> None:
        self.kind = kind
        self.value = spec.ENUMS[kind][value] if isinstance(value, str) else value


def _string_words(text: str) -> list[int]:
    data = text.encode("utf-8") + b"\0"
    data += b"\0" * (-len(data) % 4)
    return list(struct.unpack(f"<{len(data) // 4}I", data))


# Debug names (OpName, OpMemberName) are cut to this many bytes: an
# instruction holds at most 65,535 words, and a name says what it names
# long before that (a 300 KB identifier is legal HLSL).
MAX_DEBUG_NAME_BYTES = 4096


def debug_name(text: str) -> str:
    """`text`, cut to MAX_DEBUG_NAME_BYTES of UTF-8 at a character boundary."""
    if len(text) <= MAX_DEBUG_NAME_BYTES // 4:
        return text
    data = text.encode("utf-8")
    if len(data) <= MAX_DEBUG_NAME_BYTES:
        return text
    return data[:MAX_DEBUG_NAME_BYTES].decode("utf-8", errors="ignore")


class Instruction:
    __slots__ = ("op", "type", "result", "operands")

    def __init__(self, op: str, type: int | None, result: int | None, operands: list) -> None:
        self.op = op
        self.type = type
        self.result = result
        self.operands = operands

    def words(self) -> list[int]:
        body: list[int] = []
        if self.type is not None:
            body.append(self.type)
        if self.result is not None:
            body.append(self.result)
        for operand in self.operands:
            if isinstance(operand, Id):
                body.append(operand.value)
            elif isinstance(operand, Lit):
                body.extend(operand.words)
            elif isinstance(operand, Str):
                body.extend(_string_words(operand.text))
            elif isinstance(operand, Enum):
                body.append(operand.value)
            else:
                raise TypeError(f"unknown operand {operand!r}")
        count = len(body) + 1
        if count > 0xFFFF:
            raise ValueError(f"Op{self.op} has too many operands for one instruction")
        return [(count << 16) | spec.OPCODES[self.op]] + body


# ---------------------------------------------------------------------------
# The module

class Block:
    """A basic block of a function being written: its label and instructions."""

    __slots__ = ("label", "instructions")

    def __init__(self, label: int) -> None:
        self.label = label
        self.instructions: list[Instruction] = []

    @property
    def terminated(self) -> bool:
        return bool(self.instructions) and self.instructions[-1].op in (
            "Branch", "BranchConditional", "Switch", "Return", "ReturnValue", "Unreachable")


class Function:
    """A function being written: its header instructions, the Function-storage
    variables (emitted at the top of the first block) and its blocks."""

    def __init__(self, header: Instruction) -> None:
        self.header = header
        self.variables: list[Instruction] = []
        self.blocks: list[Block] = []


class Module:
    def __init__(self) -> None:
        self.version: tuple[int, int] = (1, 6)   # the SPIR-V version written (-fspv-target-env)
        self.bound = 1
        self.capabilities: list[str] = []
        self.extensions: list[str] = []
        self.imports: dict[str, int] = {}
        self.memory_model = "GLSL450"
        # PhysicalStorageBuffer64 once a buffer device address is used
        # (vk::RawBufferLoad/Store).
        self.addressing_model = "Logical"
        self.entry_points: list[Instruction] = []
        self.execution_modes: list[Instruction] = []
        self.strings: list[Instruction] = []     # OpString: the debug section's first part
        self._string_ids: dict[str, int] = {}
        self.names: list[Instruction] = []
        self.decorations: list[Instruction] = []
        self.globals: list[Instruction] = []     # types, constants, global variables
        self.functions: list[Function] = []
        self._types: dict[tuple, int] = {}
        self._constants: dict[tuple, int] = {}
        self._named: dict[int, str] = {}
        self.type_of: dict[int, tuple] = {}      # type id -> its key (what the type is)
        self.value_type: dict[int, int] = {}     # constant / variable id -> its type id
        self.friendly: dict[int, str] = {}       # ids of types and constants -> disassembly name
        self.warnings: list = []                 # what the translation warns about (see hlslc.spirv)
        self.int_values: dict[int, int] = {}     # integer constant id -> its value (bits, unsigned)
        self.parts: dict[int, list[int]] = {}    # composite constant id -> its constituents
        self.constant_ids: set[int] = set()

    # -- ids and module-level sections ---------------------------------------

    def new_id(self) -> int:
        value = self.bound
        self.bound += 1
        return value

    def capability(self, name: str) -> None:
        if name not in self.capabilities:
            self.capabilities.append(name)

    def extension(self, name: str) -> None:
        if name not in self.extensions:
            self.extensions.append(name)

    def ext_import(self, name: str) -> int:
        found = self.imports.get(name)
        if found is None:
            found = self.imports[name] = self.new_id()
        return found

    def string(self, text: str) -> int:
        """The id of an OpString of `text` (one per text)."""
        found = self._string_ids.get(text)
        if found is None:
            found = self._string_ids[text] = self.new_id()
            self.strings.append(Instruction("String", None, found, [Str(text)]))
        return found

    def name(self, target: int, text: str) -> None:
        if target in self._named or not text:
            return
        text = debug_name(text)
        self._named[target] = text
        self.names.append(Instruction("Name", None, None, [Id(target), Str(text)]))

    def member_name(self, target: int, index: int, text: str) -> None:
        self.names.append(Instruction("MemberName", None, None, [Id(target), Lit(index), Str(debug_name(text))]))

    def decorate(self, target: int, decoration: str, *values: int | Enum) -> None:
        operands = [Id(target), Enum("Decoration", decoration)]
        operands += [v if isinstance(v, Enum) else Lit(v) for v in values]
        self.decorations.append(Instruction("Decorate", None, None, operands))

    def member_decorate(self, target: int, member: int, decoration: str, *values: int) -> None:
        operands = [Id(target), Lit(member), Enum("Decoration", decoration)] + [Lit(v) for v in values]
        self.decorations.append(Instruction("MemberDecorate", None, None, operands))

    # -- types ---------------------------------------------------------------

    def _type(self, key: tuple, op: str, operands: list, friendly: str, unique: bool = False) -> int:
        if not unique:
            found = self._types.get(key)
            if found is not None:
                return found
        tid = self.new_id()
        self.globals.append(Instruction(op, None, tid, operands))
        if not unique:
            self._types[key] = tid
        self.type_of[tid] = key
        self.friendly[tid] = friendly
        return tid

    def t_void(self) -> int:
        return self._type(("void",), "TypeVoid", [], "void")

    def t_bool(self) -> int:
        return self._type(("bool",), "TypeBool", [], "bool")

    def t_int(self, width: int = 32, signed: bool = False) -> int:
        if width == 16:
            self.capability("Int16")
        elif width == 64:
            self.capability("Int64")
        elif width == 8:
            self.capability("Int8")
        name = {8: "uchar", 16: "ushort", 32: "uint", 64: "ulong"}[width]
        if signed:
            name = name[1:] if name != "uint" else "int"
        return self._type(("int", width, signed), "TypeInt", [Lit(width), Lit(int(signed))], name)

    def t_float(self, width: int = 32) -> int:
        if width == 16:
            self.capability("Float16")
        elif width == 64:
            self.capability("Float64")
        name = {16: "half", 32: "float", 64: "double"}[width]
        return self._type(("float", width), "TypeFloat", [Lit(width)], name)

    def t_vector(self, elem: int, count: int) -> int:
        return self._type(("vector", elem, count), "TypeVector", [Id(elem), Lit(count)],
                          f"v{count}{self.friendly[elem]}")

    def t_array(self, elem: int, count: int, stride: int | None = None) -> int:
        """An array of `count`; with `stride`, the explicitly laid out type
        of buffers (an ArrayStride decoration), a type of its own."""
        length = self.const_uint(count)
        key = ("array", elem, count, stride)
        found = self._types.get(key)
        if found is not None:
            return found
        tid = self._type(key, "TypeArray", [Id(elem), Id(length)],
                         f"_arr_{self.friendly[elem]}_{self.friendly[length]}", unique=stride is not None)
        if stride is not None:
            self._types[key] = tid
            self.decorate(tid, "ArrayStride", stride)
        return tid

    def t_runtime_array(self, elem: int, stride: int) -> int:
        key = ("runtime_array", elem, stride)
        found = self._types.get(key)
        if found is not None:
            return found
        tid = self._type(key, "TypeRuntimeArray", [Id(elem)], f"_runtimearr_{self.friendly[elem]}", unique=True)
        self._types[key] = tid
        self.decorate(tid, "ArrayStride", stride)
        return tid

    def t_runtime_array_plain(self, elem: int) -> int:
        """A runtime array without a stride (of descriptors)."""
        return self._type(("runtime_array", elem, None), "TypeRuntimeArray", [Id(elem)],
                          f"_runtimearr_{self.friendly[elem]}")

    def t_struct(self, members: list[int], name: str | None = None, unique: bool = False) -> int:
        friendly = _sanitize(name) if name else "_struct"
        tid = self._type(("struct", tuple(members)), "TypeStruct", [Id(m) for m in members], friendly,
                         unique=unique)
        if name:
            self.name(tid, name)
        return tid

    def t_pointer(self, storage: str, pointee: int) -> int:
        return self._type(("pointer", storage, pointee), "TypePointer", [Enum("StorageClass", storage), Id(pointee)],
                          f"_ptr_{storage}_{self.friendly[pointee]}")

    def t_function(self, result: int, params: list[int]) -> int:
        return self._type(("function", result, tuple(params)), "TypeFunction", [Id(result)] + [Id(p) for p in params],
                          f"fn_{self.friendly[result]}")

    def t_coop_matrix(self, component: int, scope: int, rows: int, cols: int, use: int) -> int:
        self.capability("CooperativeMatrixKHR")
        self.extension("SPV_KHR_cooperative_matrix")
        ids = [self.const_uint(v) for v in (scope, rows, cols, use)]
        use_name = {0: "A", 1: "B", 2: "Acc"}.get(use, str(use))
        return self._type(("coopmat", component, scope, rows, cols, use), "TypeCooperativeMatrixKHR",
                          [Id(component)] + [Id(i) for i in ids],
                          f"coopmat_{self.friendly[component]}_{rows}x{cols}_{use_name}")

    def t_tensor_layout(self, dims: int, clamp: int) -> int:
        """SPV_NV_tensor_addressing's tensor layout of `dims` dimensions."""
        self.capability("TensorAddressingNV")
        self.extension("SPV_NV_tensor_addressing")
        ids = [self.const_uint(dims), self.const_uint(clamp)]
        return self._type(("tensorlayout", dims, clamp), "TypeTensorLayoutNV", [Id(i) for i in ids],
                          f"tensor_layout_{dims}d")

    # -- constants -------------------------------------------------------------

    def _constant(self, key: tuple, op: str, type_id: int, operands: list, friendly: str) -> int:
        found = self._constants.get(key)
        if found is not None:
            return found
        cid = self.new_id()
        self.globals.append(Instruction(op, type_id, cid, operands))
        self._constants[key] = cid
        self.constant_ids.add(cid)
        self.value_type[cid] = type_id
        self.friendly[cid] = friendly
        return cid

    def const_int(self, type_id: int, value: int) -> int:
        width = self.type_of[type_id][1]
        value &= (1 << width) - 1
        words = [value & 0xFFFFFFFF] if width <= 32 else [value & 0xFFFFFFFF, value >> 32]
        text = str(value - (1 << width) if self.type_of[type_id][2] and value >> (width - 1) else value)
        cid = self._constant(("int", type_id, value), "Constant", type_id, [Lit(words, text)],
                             f"{self.friendly[type_id]}_{_friendly_number(text)}")
        self.int_values[cid] = value
        return cid

    def const_uint(self, value: int) -> int:
        return self.const_int(self.t_int(32), value)

    def const_float(self, type_id: int, value: float) -> int:
        width = self.type_of[type_id][1]
        if width == 16:
            bits = struct.unpack("<H", struct.pack("<e", value))[0]
            words = [bits]
        elif width == 32:
            bits = struct.unpack("<I", struct.pack("<f", value))[0]
            words = [bits]
        else:
            bits = struct.unpack("<Q", struct.pack("<d", value))[0]
            words = [bits & 0xFFFFFFFF, bits >> 32]
        text = _float_text(value)
        # As spirv-dis writes it: a half as a hex float, a float with the 9
        # significant digits that name every float exactly.
        shown = _half_text(bits) if width == 16 else _float32_text(value) if width == 32 else text
        return self._constant(("float", type_id, bits), "Constant", type_id, [Lit(words, shown)],
                              f"{self.friendly[type_id]}_{_friendly_number(text)}")

    def const_bool(self, value: bool) -> int:
        t = self.t_bool()
        return self._constant(("bool", bool(value)), "ConstantTrue" if value else "ConstantFalse", t, [],
                              "true" if value else "false")

    def const_null(self, type_id: int) -> int:
        return self._constant(("null", type_id), "ConstantNull", type_id, [], f"{self.friendly[type_id]}_null")

    def const_composite(self, type_id: int, parts: list[int]) -> int:
        cid = self._constant(("composite", type_id, tuple(parts)), "ConstantComposite", type_id,
                             [Id(p) for p in parts], f"{self.friendly[type_id]}_const")
        self.parts[cid] = list(parts)
        return cid

    def spec_constant(self, default: int, spec_id: int, name: str) -> int:
        """A specialization constant (SpecId `spec_id`) of the scalar
        constant `default`'s type and value: its own instruction, never
        shared."""
        inst = next(i for i in self.globals if i.result == default)
        op = {"Constant": "SpecConstant", "ConstantTrue": "SpecConstantTrue",
              "ConstantFalse": "SpecConstantFalse"}[inst.op]
        cid = self.new_id()
        self.globals.append(Instruction(op, inst.type, cid, list(inst.operands)))
        self.value_type[cid] = inst.type
        self.friendly[cid] = name
        self.decorate(cid, "SpecId", spec_id)
        return cid

    def is_constant(self, value: int) -> bool:
        return value in self.constant_ids

    # -- global variables --------------------------------------------------------

    def global_variable(self, type_id: int, storage: str, name: str | None = None,
                        initializer: int | None = None) -> int:
        ptr = self.t_pointer(storage, type_id)
        vid = self.new_id()
        operands: list = [Enum("StorageClass", storage)]
        if initializer is not None:
            operands.append(Id(initializer))
        self.globals.append(Instruction("Variable", ptr, vid, operands))
        self.value_type[vid] = ptr
        if name:
            self.name(vid, name)
        return vid

    # -- output --------------------------------------------------------------

    def _header_sections(self) -> list[Instruction]:
        out = [Instruction("Capability", None, None, [Enum("Capability", c)]) for c in self.capabilities]
        extensions = list(self.extensions)
        for c in self.capabilities:
            since = spec.EXTENSION_BEFORE.get(c)
            if since is not None and self.version < since[0] and since[1] not in extensions:
                extensions.append(since[1])
        out += [Instruction("Extension", None, None, [Str(e)]) for e in extensions]
        out += [Instruction("ExtInstImport", None, rid, [Str(name)]) for name, rid in self.imports.items()]
        out.append(Instruction("MemoryModel", None, None, [Enum("AddressingModel", self.addressing_model),
                                                          Enum("MemoryModel", self.memory_model)]))
        out += self.entry_points + self.execution_modes + self.strings + self.names + self.decorations + self.globals
        return out

    def _all_instructions(self) -> list[Instruction]:
        out = self._header_sections()
        for fn in self.functions:
            out.append(fn.header)
            for k, block in enumerate(fn.blocks):
                out.append(Instruction("Label", None, block.label, []))
                if k == 0:
                    out.extend(fn.variables)
                out.extend(block.instructions)
            out.append(Instruction("FunctionEnd", None, None, []))
        return out

    def to_words(self) -> list[int]:
        words = [spec.MAGIC, self.version[0] << 16 | self.version[1] << 8, spec.GENERATOR, self.bound, 0]
        for ins in self._all_instructions():
            words.extend(ins.words())
        return words

    def to_bytes(self) -> bytes:
        words = self.to_words()
        return struct.pack(f"<{len(words)}I", *words)

    def disassemble(self, raw_ids: bool = False) -> str:
        """Text in the manner of `spirv-dis`: a header comment, then one
        instruction per line with ids shown by name (`raw_ids`: by number,
        as `spirv-dis --raw-id` shows them)."""
        names = {} if raw_ids else self._display_names()
        lines = ["; SPIR-V", f"; Version: {self.version[0]}.{self.version[1]}", "; Generator: hlslc",
                 f"; Bound: {self.bound}", "; Schema: 0"]
        for ins in self._all_instructions():
            lines.append(_format(ins, names, self))
        return "\n".join(lines) + "\n"

    def _display_names(self) -> dict[int, str]:
        """A readable, unique name per id: OpName names first, then the
        friendly names of types and constants; numbers for the rest."""
        out: dict[int, str] = {}
        used: set[str] = set()

        def claim(rid: int, base: str) -> None:
            base = _sanitize(base) or str(rid)
            name, k = base, 0
            while name in used or name.isdigit() and int(name) != rid:
                k += 1
                name = f"{base}_{k}"
            used.add(name)
            out[rid] = name

        for rid, text in self._named.items():
            claim(rid, text)
        for rid, text in self.friendly.items():
            if rid not in out:
                claim(rid, text)
        for name, rid in self.imports.items():
            if rid not in out:
                claim(rid, re.sub(r"\W", "_", name))
        return out


_SANITIZE = re.compile(r"[^A-Za-z0-9_]")


def _sanitize(text: str) -> str:
    return _SANITIZE.sub("_", text)


def _float_text(value: float) -> str:
    if value != value:
        return "nan"
    if value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def _float32_text(value: float) -> str:
    if value != value or value in (float("inf"), float("-inf")):
        return _float_text(value)
    return f"{value:.9g}"


def _half_text(bits: int) -> str:
    """A 16-bit float as the disassembler writes it: a hex float
    (`0x1.8p+1`), denormals normalised."""
    sign = "-" if bits & 0x8000 else ""
    exponent = bits >> 10 & 0x1F
    fraction = bits & 0x3FF
    if exponent == 0 and fraction == 0:
        return f"{sign}0x0p+0"
    if exponent == 0:
        exponent = -14
        while not fraction & 0x400:
            fraction <<= 1
            exponent -= 1
        fraction &= 0x3FF
    elif exponent == 0x1F:
        exponent = 16
    else:
        exponent -= 15
    digits = f"{fraction << 2:03x}".rstrip("0")
    return f"{sign}0x1{'.' + digits if digits else ''}p{'+' if exponent >= 0 else '-'}{abs(exponent)}"


def _friendly_number(text: str) -> str:
    return text.replace("-", "n").replace(".", "_").replace("+", "")


_MASK_KINDS = {"FunctionControl", "SelectionControl", "LoopControl", "ImageOperands", "MemoryAccess",
               "TensorAddressingOperands"}


def _format(ins: Instruction, names: dict[int, str], module: Module) -> str:
    def ident(value: int) -> str:
        return "%" + names.get(value, str(value))

    parts = [f"Op{ins.op}"]
    if ins.type is not None:
        parts.append(ident(ins.type))
    for operand in ins.operands:
        if isinstance(operand, Id):
            parts.append(ident(operand.value))
        elif isinstance(operand, Lit):
            parts.append(operand.text)
        elif isinstance(operand, Str):
            parts.append('"' + operand.text.replace("\\", "\\\\").replace('"', '\\"') + '"')
        elif isinstance(operand, Enum):
            if ins.op == "ExtInst" and operand.kind == "GLSL":
                parts.append(spec.GLSL_NAMES.get(operand.value, str(operand.value)))
                continue
            table = spec.ENUMS.get(operand.kind, {})
            name = next((n for n, v in table.items() if v == operand.value), None)
            if name is None and operand.kind in _MASK_KINDS and operand.value:
                bits = [n for n, v in table.items() if v and operand.value & v == v]
                if sum(table[n] for n in bits) == operand.value:
                    name = "|".join(bits)
            parts.append(name if name is not None else str(operand.value))
    text = " ".join(parts)
    if ins.result is not None:
        lhs = ident(ins.result)
        return f"{lhs:>15} = {text}" if len(lhs) <= 15 else f"{lhs} = {text}"
    return " " * 15 + "   " + text if ins.op not in ("Label",) else text
