"""-fcgl: the IR as code generation leaves it, before the dxc revision's
lowering passes (DXC's "high-level" IR).

DXC compiles in two halves: clang's code generation writes high-level IR
(every intrinsic a `dx.hl.op` call, locals in allocas, user functions
called, classes as named structs, each instruction with its source
location), then passes inline the calls, promote the allocas to SSA values
and lower the HL calls to `dx.op` operations.  hlslc's dxc revision has the
same two halves (codegen, then `ssa.optimize_module`), with the built-ins
lowered to `dx.op` calls as they are emitted; with -fcgl it stops after the
first half and emits what DXC's first half does:

- each `__builtin_LinAlg_*` call as DXC's HL call,
  `call <ret> @"dx.hl.op..<ret> (i32, <params>)"(i32 <HL opcode>, ...)`
  (the opcode from the built-in table, `sema/linalg_builtins.py`), with
  `out`/`ref` arguments as pointers to their storage and a groupshared
  array as its whole global;
- a call of a free function of the user's source as a call (the built-in
  header's functions and member functions are still inlined), its
  definition emitted once (`define internal`, `linkonce_odr` for a
  template instantiation, external in an offline library or when
  exported), named as DXC names it (`mangle`), a parameter passed by
  value stored to an alloca of its own (`%a` to `%a.addr`; a LinAlg
  matrix `%m.coerce` to `%m`);
- allocas with their alignment, classes and structs as named types
  (`%"class.dx::linalg::Matrix<...>"`), and each instruction of the
  user's source with its location (`!dbg`, printed with DXC's
  `; line:L col:C`).

Other revisions have no such half: their IR is the same with -fcgl
(only not validated).

Does not own: the built-ins' DXIL lowering (`dxc_linalg`), printing
(`dxc_print`), the rest of code generation (`codegen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from .access import rooted_outside
from .base import I32, Handle, LowerError
from .dxc_print import llvm_type_text

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

# `GetHLFunctionAttributeMangling` of DXC: none of the LinAlg built-ins is
# readnone or readonly, so their functions are all `dx.hl.op..`.
HL_INTRINSIC = "dx.hl.op."


# --------------------------------------------------------------------------
# Built-in calls

def lower_builtin(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    """A `__builtin_LinAlg_*` call as DXC's high-level call."""
    match = info.target
    builtin = match.builtin
    operands: list[ir.Value] = []
    write_back: list[tuple[ir.Value, A.Expr]] = []
    for param, ptype, arg in zip(builtin.params, match.param_types, expr.args):
        if param.mode in ("out", "ref"):
            pointer = _storage(gen, arg)
            if pointer is None:
                # A buffer element or a swizzle: through a temporary.
                pointer = gen.alloca(gen.llt(ptype, arg.span), "tmp")
                if param.mode == "ref":
                    gen.builder.store(gen.emit_converted(arg, ptype), pointer)
                write_back.append((pointer, arg))
            operands.append(pointer)
        elif param.kind == "gsarray":
            operands.append(gen.emit_lvalue(arg))
        elif param.kind in ("ByteAddressBuffer", "RWByteAddressBuffer"):
            operands.append(gen.emit_expr(arg))
        else:
            operands.append(gen.emit_converted(arg, ptype))
    result_type = gen.llt(builtin.return_type, expr.span) if builtin.returns != "void" else ir.VoidType()
    fnty = ir.FunctionType(result_type, [I32] + [v.type for v in operands])
    name = HL_INTRINSIC + "." + llvm_type_text(fnty)
    fn = gen.declared.get(name)
    if fn is None:
        fn = ir.Function(gen.module, fnty, name)
        fn.attributes.add("nounwind")
        gen.declared[name] = fn
    value = gen.builder.call(fn, [ir.Constant(I32, builtin.hl_opcode)] + operands)
    for pointer, arg in write_back:
        gen.store_to(arg, gen.builder.load(pointer))
    return value if builtin.returns != "void" else ir.Constant(I32, 0)


def _storage(gen: "Codegen", arg: A.Expr) -> ir.Value | None:
    """A pointer to the memory an argument names, or None when it is no
    LLVM memory (a buffer element, a swizzle)."""
    if rooted_outside(gen, arg):
        return None
    try:
        return gen.emit_lvalue(arg)
    except LowerError:
        return None


# --------------------------------------------------------------------------
# Calls of user functions

def keeps_call(gen: "Codegen", fn: Any) -> bool:
    """Whether a call of `fn` stays a call (-fcgl, dxc revision): a free
    function of the user's source."""
    return (gen.options.high_level and gen.dxc_style and fn.owner is None and fn.decl.body is not None
            and fn.decl.span is not None and not fn.decl.span.file.is_builtin)


def linkage(gen: "Codegen", fn: Any) -> str:
    """DXC's linkage of a function it defines: a template instantiation is
    `linkonce_odr`, a static function `internal`; in a library an exported
    function, or any in an offline library (lib_6_x), is external; else
    `internal` (DXC's default linkage)."""
    if fn.template_bindings:
        return "linkonce_odr"
    if "static" in fn.decl.specifiers:
        return "internal"
    if gen.options.stage == "lib" and (gen.options.offline or "export" in fn.decl.specifiers):
        return ""
    return "internal"


def call_function(gen: "Codegen", expr: A.Expr, info: "CallInfo", arg_exprs: "list[A.Expr] | None" = None,
                  ) -> ir.Value:
    """A call of a function defined apart (-fcgl) or in another library
    (lib_6_x): the arguments as `codegen.inline_call` binds them, `out`
    and `inout` ones by pointer (through a temporary where the argument
    is no LLVM memory or has another type)."""
    fn = info.target
    args = expr.args if arg_exprs is None else arg_exprs
    sig = gen.engine.signature_of(fn)
    callee = gen.function_ir(fn)
    b = gen.builder
    values: list[ir.Value] = []
    copy_out: list[tuple[ir.Value, A.Expr, T.Type, T.Type]] = []
    for param, ptype, arg in zip(sig.param_decls, sig.param_types, args):
        if "out" in param.modifiers or "inout" in param.modifiers:
            arg_t = gen.expr_type(arg)
            pointer = _storage(gen, arg)
            if pointer is None or pointer.type.pointee != gen.llt(ptype):
                temp = gen.alloca(gen.llt(ptype), "tmp")
                if "inout" in param.modifiers:
                    b.store(gen.convert(gen.emit_expr(arg), arg_t, ptype, True, arg.span), temp)
                copy_out.append((temp, arg, ptype, arg_t))
                pointer = temp
            values.append(pointer)
        elif "groupshared" in param.modifiers or isinstance(ptype, T.WaveMatrixType):
            values.append(gen.emit_lvalue(arg))
        else:
            values.append(gen.emit_converted(arg, ptype))
    for param, ptype in list(zip(sig.param_decls, sig.param_types))[len(args):]:
        values.append(gen.const_of(gen.engine.evaluate(param.default, fn.env), ptype))
    for i, (value, want) in enumerate(zip(values, callee.function_type.args)):
        if value.type != want and isinstance(value.type, ir.PointerType) and isinstance(want, ir.PointerType):
            values[i] = b.bitcast(value, want)
    result = b.call(callee, values)
    for temp, arg, ptype, arg_t in copy_out:
        gen.store_to(arg, gen.convert(b.load(temp), ptype, arg_t, True, arg.span))
    return result if sig.return_type is not T.VOID else ir.Constant(I32, 0)


def parameter_type(gen: "Codegen", param: A.ParamDecl, ptype: T.Type) -> ir.Type:
    """The LLVM type a parameter is passed as."""
    ty = gen.llt(ptype, param.span)
    if "groupshared" in param.modifiers:
        return ty.as_pointer(3)
    if "out" in param.modifiers or "inout" in param.modifiers:
        return ty.as_pointer()
    return ty


def bind_parameters(gen: "Codegen", fn: Any, fn_ir: ir.Function, frame: Any, sig: Any) -> None:
    """A called function's parameters in its frame: pointers as they are,
    values stored to allocas of their own (clang's names: `%a` stored to
    `%a.addr`; a LinAlg matrix, which clang coerces, `%m.coerce` to `%m`)."""
    for arg, param, ptype in zip(fn_ir.args, sig.param_decls, sig.param_types):
        var = gen._param_symbol(fn, param)
        name = param.name or "param"
        if "out" in param.modifiers or "inout" in param.modifiers or "groupshared" in param.modifiers \
                or isinstance(ptype, T.WaveMatrixType):
            arg.name = name
            if var is not None:
                frame.vars[id(var)] = arg
            continue
        if isinstance(ptype, T.ResourceType):
            arg.name = name
            if var is not None:
                frame.vars[id(var)] = Handle(arg)
            continue
        coerced = isinstance(ptype, T.LinAlgHandleType)
        arg.name = name + ".coerce" if coerced else name
        slot = gen.alloca(arg.type, name if coerced else name + ".addr")
        gen.builder.store(arg, slot)
        if var is not None:
            frame.vars[id(var)] = slot


# --------------------------------------------------------------------------
# Types, alignments, names

def alignment(ty: ir.Type, native_16bit: bool) -> int:
    """The ABI alignment of a type under DXIL's data layout (vectors as
    their elements, as HLSL lays them out)."""
    if isinstance(ty, ir.IntType):
        if ty.width <= 8:
            return 1 if native_16bit and ty.width == 8 else 4
        if ty.width == 16:
            return 2 if native_16bit else 4
        return ty.width // 8 if ty.width >= 32 else 4
    if isinstance(ty, ir.HalfType):
        return 2 if native_16bit else 4
    if isinstance(ty, ir.DoubleType):
        return 8
    if isinstance(ty, (ir.VectorType, ir.ArrayType)):
        return alignment(ty.element, native_16bit)
    if isinstance(ty, (ir.LiteralStructType, ir.IdentifiedStructType)):
        return max((alignment(e, native_16bit) for e in ty.elements or ()), default=1)
    return 4


_CLANG_SCALARS = {"uint": "unsigned int", "int64_t": "long long", "uint64_t": "unsigned long long",
                  "int16_t": "short", "uint16_t": "unsigned short", "dword": "unsigned int"}


def clang_type_name(t: Any) -> str:
    """A type or template argument as clang prints it in a record name
    (`vector<float, 4>`, `dx::linalg::MatrixUse::MatrixUseEnum::B`)."""
    if isinstance(t, T.ConstValue):
        if isinstance(t.type, T.EnumType):
            name = t.type.symbol.name_of(t.value)
            if name is not None:
                return f"{t.type.symbol.qualified_name}::{name}"
        if t.type is T.BOOL:
            return "true" if t.value else "false"
        return str(t.value)
    if isinstance(t, T.ScalarType):
        return _CLANG_SCALARS.get(t.name, t.name)
    if isinstance(t, T.VectorType):
        return f"vector<{clang_type_name(t.elem)}, {t.size}>"
    if isinstance(t, T.MatrixType):
        return f"matrix<{clang_type_name(t.elem)}, {t.rows}, {t.cols}>"
    if isinstance(t, T.ClassType):
        return _instance_name(t.instance)
    if isinstance(t, T.Type):
        return t.spell()
    return str(t)


def _instance_name(instance: Any) -> str:
    if instance.template is None:
        return instance.qualified_name
    args = ", ".join(clang_type_name(a) for a in instance.args)
    if args.endswith(">"):
        args += " "
    return f"{instance.qualified_name}<{args}>"


def record_name(instance: Any) -> str:
    """The name clang gives a class's or struct's LLVM type
    (`class.dx::linalg::Matrix<...>`, `struct.S`)."""
    keyword = getattr(instance.decl, "keyword", "struct") if instance.decl is not None else "struct"
    return f"{'class' if keyword == 'class' else 'struct'}.{_instance_name(instance)}"


# --------------------------------------------------------------------------
# Source locations

def finish(gen: "Codegen") -> None:
    """What clang writes on each instruction: the alignment of every load
    and store, and each instruction emitted for the user's source its
    location (`!dbg !N`, a `DILocation` in its function's `DISubprogram`),
    as DXC's code generation tracks them for its diagnostics; allocas have
    none."""
    spans: dict[int, tuple[ir.Instruction, Any]] = gen.spans
    module = gen.module
    native_16bit = gen.options.native_16bit
    files: dict[str, Any] = {}
    unit = None
    locations: dict[tuple[int, int, int], Any] = {}
    # Each function's symbol, for its DISubprogram's name and line.
    sources = {id(fn_ir): fn for fn_ir, fn in gen.entries}
    for key, fn_ir in gen.function_defs.items():
        sources[id(fn_ir)] = gen.function_symbols[key]

    def node(kind: str, operands: list[tuple[str, Any]], distinct: bool = False) -> Any:
        made = module.add_debug_info(kind, dict(operands), is_distinct=distinct)
        made.operands = tuple(operands)     # in LLVM's order
        return made

    for fn in module.functions:
        if not fn.blocks:
            continue
        scope = None
        for block in fn.blocks:
            for ins in block.instructions:
                if isinstance(ins, (ir.LoadInstr, ir.StoreInstr)) and ins.align is None:
                    pointer = ins.operands[0] if isinstance(ins, ir.LoadInstr) else ins.operands[1]
                    ins.align = alignment(pointer.type.pointee, native_16bit)
                entry = spans.get(id(ins))
                if entry is None or entry[0] is not ins or isinstance(ins, ir.AllocaInstr):
                    continue
                span = entry[1]
                if span.file.is_builtin:
                    continue
                if scope is None:
                    path = span.file.path
                    di_file = files.get(path)
                    if di_file is None:
                        di_file = files[path] = node("DIFile", [("filename", path), ("directory", "")])
                    if unit is None:
                        unit = node("DICompileUnit", [
                            ("language", ir.DIToken("DW_LANG_C_plus_plus")), ("file", di_file),
                            ("producer", "hlslc"), ("isOptimized", False), ("runtimeVersion", 0),
                            ("emissionKind", 0)], distinct=True)
                        module.add_named_metadata("llvm.dbg.cu").add(unit)
                        module.add_named_metadata("llvm.module.flags").add(module.add_metadata(
                            [ir.Constant(I32, 2), ir.MetaDataString(module, "Debug Info Version"),
                             ir.Constant(I32, 3)]))
                    symbol = sources.get(id(fn))
                    fields: list[tuple[str, Any]] = [("name", symbol.name if symbol is not None else fn.name)]
                    if symbol is not None and fn.name != symbol.name:
                        fields.append(("linkageName", fn.name))
                    fields += [("scope", di_file), ("file", di_file)]
                    if symbol is not None and symbol.decl.name_span is not None:
                        fields.append(("line", symbol.decl.name_span.line_col()[0]))
                    fields += [("isLocal", fn.linkage == "internal"), ("isDefinition", True),
                               ("isOptimized", False), ("unit", unit)]
                    scope = node("DISubprogram", fields, distinct=True)
                line, column = span.line_col()
                key = (id(scope), line, column)
                loc = locations.get(key)
                if loc is None:
                    loc = locations[key] = node("DILocation", [("line", line), ("column", column),
                                                               ("scope", scope)])
                ins.set_metadata("dbg", loc)
                ins.hlslc_location = (line, column)
