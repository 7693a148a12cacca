"""The one model of DXIL-like IR that every consumer reads.

`reader` turns IR text (hlslc's or any other producer's) into records:
structs, globals, functions, blocks, instructions with typed operands, and
metadata.  `types` parses LLVM type text into `IRType` (one parser, one
type table per module); `operands` reads an instruction's typed operands
and constants' text.  `cfg` gives a function's control-flow graph with
dominators and post-dominators (the one implementation of both).  `ops`
is the operation table (`ir/dxil_ops.json`): names, opcodes, signatures,
overloads.

The validator (`hlslc.validate`), the SPIR-V backend (`hlslc.spirv`) and the
CPU engines (`hlslc.runner`) are peers that read this model; none of them
imports another's internals.
"""
