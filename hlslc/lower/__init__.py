"""Lowering: the checked program to DXIL-like LLVM IR (the `lower` stage).

Entry point: `lower_unit(sema, diags, options)`, which returns the
`llvmlite.ir.Module` or None when something could not be lowered (reported).
`codegen` owns functions, statements and expressions; `linalg` owns the
dx::linalg operations; `metadata` owns the `!dx.*` named metadata; `base`
holds the names they all share (`LowerError`, the LLVM types, `fconst`).

Imports run one way: base and layout <- places <- bitfields <- access <-
textures and atomics <- intrinsics (with wave and math); layout <- bindings
<- metadata <- interface; linalg, wavematrix and printf (`printf` for
-spirv, as a call of `hlslc.printf`) on base alone; codegen,
which dispatches to them all, on top.  A helper that calls back into the
code generator receives it (`gen`) and names its class only for
annotations.
"""

from __future__ import annotations

from .codegen import LowerOptions, lower_unit

__all__ = ["LowerOptions", "lower_unit"]
