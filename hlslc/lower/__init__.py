"""Lowering: the checked program to DXIL-like LLVM IR (the `lower` stage).

Entry point: `lower_unit(sema, diags, options)`, which returns the
`llvmlite.ir.Module` or None when something could not be lowered (reported).
`codegen` owns functions, statements and expressions; `linalg` owns the
dx::linalg operations; `metadata` owns the `!dx.*` named metadata.
"""

from __future__ import annotations

from .codegen import LowerOptions, lower_unit

__all__ = ["LowerOptions", "lower_unit"]
