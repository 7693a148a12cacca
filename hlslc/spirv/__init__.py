"""SPIR-V output (`hlslc -spirv`): a Vulkan 1.3 (SPIR-V 1.6) module for a
compute entry point.

Why from the IR and not from the checked syntax tree: the IR is the program
hlslc has already lowered, validated and (with `hlslc run`) executed, with
every template instantiated, every overload and conversion resolved, every
helper inlined and every resource access reduced to a handful of `dx.op`
operations.  Translating it keeps one lowering of HLSL's semantics (a fix
there fixes both outputs) and makes this backend a table of operations
much like the CPU executor.  The price is control flow: SPIR-V needs it
structured, so `structure` recovers loops and merges from the IR's graph,
which hlslc's lowering of structured HLSL keeps reducible.  What the IR
does not carry (the layouts of buffer elements and constant buffers,
`[[vk::binding]]`) comes from the lowering's records of the module's
resources.

Stage entry point: `emit_spirv(ir_text, options)` returns the `Module`
(`.to_bytes()` for the binary, `.disassemble()` for the text) or raises
`SpirvError` with the IR line of the construct that has no SPIR-V form.

Modules: `spec` (the numbers), `module` (the writer), `base` (the error
and the values the others share), `structure` (control flow), `translate`
(values, instructions, memory), `ops` (the ordinary dx.op operations),
`images` (typed buffers, textures, samplers), `buffers` and `descriptors`
(resource variables and layouts), `packing` (packed groupshared arrays),
`matrices` (dx::linalg and Wave Matrix).  The IR's types and operands come
from `hlslc.dxil`.

The package's API: `emit_spirv` and `Options`; `ResourceInfo` and the ways
to make them (`from_bindings` from the lowering's records, `from_metadata`
from the IR's) and `apply_vulkan_options` (the -fvk-* shifts and
bindings), which the Vulkan runner uses too.
"""

from __future__ import annotations

from .base import SpirvError
from .descriptors import ResourceInfo, apply_vulkan_options, from_bindings, from_metadata
from .module import Module
from .translate import Options, Translator

__all__ = ["Module", "Options", "ResourceInfo", "SpirvError", "apply_vulkan_options", "emit_spirv",
           "from_bindings", "from_metadata"]


def emit_spirv(ir_text: str, options: Options) -> Module:
    """The SPIR-V module of the compute entry `options.entry` of an IR module.
    `Module.warnings` lists (ResourceInfo, message) pairs to report at the
    resources' declarations."""
    translator = Translator(ir_text, options)
    module = translator.translate()
    module.warnings = translator.warnings
    # ThreadGroup-scope matrices done by generic code (which a device with
    # Workgroup-scope cooperative matrices could run as such).
    module.generic_group_matrices = getattr(translator, "_group_matrices", None) is not None
    return module
