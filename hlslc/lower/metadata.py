"""The `!dx.*` named metadata of a lowered module, laid out as DXC writes it.

Owns: `!dx.version`, `!dx.valver`, `!dx.shaderModel` (lib_6_x's as DXC
writes them: `!{i32 1, i32 10}`, `!{i32 0, i32 0}`, `!{!"lib", i32 6, i32
15}`), `!dx.resources`
(SRV and UAV records), `!dx.entryPoints` (NumThreads tag 4, WaveSize tag 11 before
SM 6.8 and its range tag 23 from SM 6.8, ShaderKind tag 8 in libraries) and
`!dx.linalg.matrixUses`: one `!{i32 M, i32 N, i32 K, i32 scope, i32
operand type, i32 result type}` per `matrixOp`, `matvecmul` and
`matvecmuladd`, the PSV `MatrixUse` entries of the SM 6.10 revision (for the
vector forms M is 1, N the result length and K the input length: errata 16).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..front import ast as A
from .bindings import signed32
from .dxc_linalg import target_type_nodes

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen

I1, I32 = ir.IntType(1), ir.IntType(32)

_TAG_SHADER_KIND = 8
_TAG_NUM_THREADS = 4
_TAG_WAVE_SIZE = 23
_TAG_WAVE_SIZE_LEGACY = 11
_SHADER_KIND_COMPUTE = 5
_TAG_ATOMIC64_USE = 3
_TAG_SAMPLER_FEEDBACK_KIND = 2   # DXC's SamplerFeedbackKind tag: !{i32 2, i32 type}
# The newest DXIL version's minor number (SM 6.10): what an offline
# library (lib_6_x) declares in `!dx.version`.
NEWEST_DXIL_MINOR = 10


def _i32(v: int) -> ir.Constant:
    return ir.Constant(I32, v)


def emit_metadata(gen: "Codegen") -> None:
    m = gen.module
    opts = gen.options
    if gen.linalg_target_types:
        # dxc revision: DXC's first named metadata, with the lowest numbers.
        target_types = m.add_named_metadata("dx.targetTypes")
        for node in target_type_nodes(gen):
            target_types.add(node)
    if opts.offline:
        # lib_6_x, as DXC writes it: the newest DXIL version, validator
        # version 0.0 (not validated until linked), shader model 6.15.
        m.add_named_metadata("dx.version").add(m.add_metadata([_i32(1), _i32(NEWEST_DXIL_MINOR)]))
        m.add_named_metadata("dx.valver").add(m.add_metadata([_i32(0), _i32(0)]))
    else:
        version = m.add_metadata([_i32(1), _i32(opts.minor)])
        m.add_named_metadata("dx.version").add(version)
        m.add_named_metadata("dx.valver").add(m.add_metadata([_i32(1), _i32(opts.minor)]))
    m.add_named_metadata("dx.shaderModel").add(
        m.add_metadata([ir.MetaDataString(m, opts.stage), _i32(opts.major), _i32(opts.minor)]))

    resources = _resources(gen)
    if resources is not None:
        m.add_named_metadata("dx.resources").add(resources)

    entries = m.add_named_metadata("dx.entryPoints")
    if opts.stage == "lib":
        # A library's first entry is the null entry that carries the
        # module's resources; its shader entries carry none (as in DXC).
        entries.add(m.add_metadata([None, ir.MetaDataString(m, ""), None, resources, None]))
        for fn_ir, fn in gen.entries:
            entries.add(_entry(gen, fn_ir, fn, None))
    else:
        for fn_ir, fn in gen.entries:
            entries.add(_entry(gen, fn_ir, fn, resources))

    # A compute entry's [RootSignature("...")], kept as its text for hlslc
    # run, which binds a pipeline's root parameters by it (DXC keeps the
    # serialized signature in a container part, outside the module).
    for fn_ir, fn in gen.entries:
        attr = next((a for a in fn.decl.attributes if a.name.lower() == "rootsignature"), None)
        if attr is not None and attr.args and isinstance(attr.args[0], A.StringLiteral):
            m.add_named_metadata("hlslc.rootSignature").add(
                m.add_metadata([fn_ir, ir.MetaDataString(m, attr.args[0].value)]))

    # A [[vk::push_constant]] block is a constant buffer of its own: which
    # one, for hlslc run and the SPIR-V backend reading this IR (`!{!"name",
    # i32 space, i32 register}`).
    for binding in gen.res.bindings:
        if binding.push_constant:
            m.add_named_metadata("hlslc.pushConstants").add(
                m.add_metadata([ir.MetaDataString(m, binding.name), _i32(binding.space), _i32(binding.lower)]))

    # [[vk::constant_id(N)]] globals: a constant global holding the default
    # value, read where the constant is used, and `!{!"name", i32 N}` here, so
    # that the SPIR-V backend makes it a specialization constant and hlslc
    # run can set it from the pipeline's SpecializationConstants.
    for gv, spec_id in gen.spec_constants:
        m.add_named_metadata("hlslc.specConstants").add(
            m.add_metadata([ir.MetaDataString(m, gv.name), _i32(spec_id)]))

    if gen.matrix_uses:
        uses = m.add_named_metadata("dx.linalg.matrixUses")
        for entry in gen.matrix_uses:
            uses.add(m.add_metadata([_i32(v) for v in entry]))


def _resources(gen: "Codegen") -> Any:
    """`!{SRVs, UAVs, CBuffers, Samplers}` in DXC's record layouts:
    common fields `!{i32 id, %T* undef, !"name", i32 space, i32 lowerBound,
    i32 rangeSize, ...}`, then for an SRV `i32 kind, i32 sampleCount, extra`,
    for a UAV `i32 kind, i1 globallycoherent, i1 hasCounter, i1 ROV, extra`,
    for a CBV `i32 sizeInBytes, null`, for a sampler `i32 samplerKind,
    null`.  `extra` is `!{i32 0, i32 componentType}` for typed buffers and
    textures, `!{i32 1, i32 stride}` for structured buffers, else null."""
    m = gen.module
    lists: dict[str, list[Any]] = {"t": [], "u": [], "b": [], "s": []}
    for binding in gen.res.bindings:
        if binding.resource is not None:
            type_name = f"struct.{binding.resource.spell()}"
        else:
            type_name = binding.name
        struct_ty = gen.context.get_identified_type(type_name)
        if struct_ty.is_opaque:
            struct_ty.set_body(ir.IntType(32))
        common = [_i32(binding.id), ir.Constant(struct_ty.as_pointer(), ir.Undefined),
                  ir.MetaDataString(m, binding.name), _i32(binding.space), _i32(binding.lower),
                  _i32(signed32(binding.range_size))]
        tags: list[Any] = []
        if binding.kind_name == "StructuredBuffer":
            tags = [_i32(1), _i32(binding.stride)]
        elif binding.kind_name == "TypedBuffer" or binding.kind_name.startswith("Texture"):
            tags = [_i32(0), _i32(binding.component_type)]
        elif binding.kind_name.startswith("FeedbackTexture"):
            tags = [_i32(_TAG_SAMPLER_FEEDBACK_KIND), _i32(binding.feedback_type)]
        cls = binding.register_class
        if cls == "u" and binding.atomic64:
            tags += [_i32(_TAG_ATOMIC64_USE), _i32(1)]     # DXC's Atomic64Use
        extra = m.add_metadata(tags) if tags else None
        if cls == "t":
            samples = binding.resource.samples if binding.resource is not None else 0
            record = common + [_i32(binding.kind), _i32(samples), extra]
        elif cls == "u":
            record = common + [_i32(binding.kind), ir.Constant(I1, int(binding.globally_coherent)),
                               ir.Constant(I1, int(binding.has_counter)), ir.Constant(I1, int(binding.rov)), extra]
        elif cls == "s":
            record = common + [_i32(binding.sampler_kind), None]
        else:
            record = common + [_i32(binding.size), None]
        lists[cls].append(m.add_metadata(record))
    if not any(lists.values()):
        return None
    return m.add_metadata([m.add_metadata(lists[c]) if lists[c] else None for c in ("t", "u", "b", "s")])


def entry_sizes(gen: "Codegen", fn: Any) -> tuple[list[int] | None, list[int] | None]:
    """The values of an entry's `[numthreads(x, y, z)]` and `[WaveSize(...)]`
    (one, two or three of them), None where the attribute is absent."""
    engine = gen.engine
    attrs = {a.name.lower(): a for a in fn.decl.attributes}
    sizes: list[list[int] | None] = []
    for name in ("numthreads", "wavesize"):
        attr = attrs.get(name)
        sizes.append(None if attr is None else [int(engine.evaluate(arg, fn.env).value) for arg in attr.args])
    return sizes[0], sizes[1]


def _entry(gen: "Codegen", fn_ir: ir.Function, fn: Any, resources: Any) -> Any:
    m = gen.module
    props: list[Any] = []
    if gen.options.stage == "lib":
        props += [_i32(_TAG_SHADER_KIND), _i32(_SHADER_KIND_COMPUTE)]
    numthreads, wavesize = entry_sizes(gen, fn)
    if numthreads is not None:
        props += [_i32(_TAG_NUM_THREADS), m.add_metadata([_i32(v) for v in numthreads])]
    if wavesize is not None:
        if (gen.options.major, gen.options.minor) >= (6, 8):
            values = wavesize + [0] * (3 - len(wavesize))
            props += [_i32(_TAG_WAVE_SIZE), m.add_metadata([_i32(v) for v in values])]
        else:
            # Before SM 6.8 the one size, under DXIL's original WaveSize tag.
            props += [_i32(_TAG_WAVE_SIZE_LEGACY), m.add_metadata([_i32(wavesize[0])])]
    return m.add_metadata([fn_ir, ir.MetaDataString(m, fn.name), None, resources,
                           m.add_metadata(props) if props else None])
