"""`printf` for Vulkan (-spirv): DXIL has no printf, SPIR-V has
NonSemantic.DebugPrintf.  A call becomes

    call void (i32, ...) @hlslc.printf(i32 FORMAT, VALUES...)

where FORMAT indexes the module's `!hlslc.printf` list of format strings
and the values are the arguments converted to the types sema chose
(literals as int and float, bools as uint, vectors kept whole, as the
format's `%v4f` reads them).  Only a module for -spirv holds these calls:
the SPIR-V backend (`Translator._debug_printf`, hlslc/spirv/translate.py)
turns each into `DebugPrintf`.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from ..front import ast as A
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

from llvmlite import ir

from .base import I32

FUNCTION = "hlslc.printf"
FORMATS = "hlslc.printf"


def lower_printf(gen: "Codegen", expr: "A.CallExpr", info: "CallInfo") -> None:
    module = gen.module
    fn = module.globals.get(FUNCTION)
    if fn is None:
        fn = ir.Function(module, ir.FunctionType(ir.VoidType(), [I32], var_arg=True), FUNCTION)
    formats = module.add_named_metadata(FORMATS)
    index = len(formats.operands)
    formats.add(module.add_metadata([ir.MetaDataString(module, info.target)]))
    args: list[ir.Value] = [ir.Constant(I32, index)]
    for arg_expr, t in zip(expr.args[1:], info.param_types):
        value = gen.emit_expr(arg_expr)
        args.append(gen.convert(value, gen.expr_type(arg_expr), t, explicit=True, span=arg_expr.span))
    gen.builder.call(fn, args)
