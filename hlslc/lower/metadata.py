"""The `!dx.*` named metadata of a lowered module, laid out as DXC writes it.

Owns: `!dx.version`, `!dx.valver`, `!dx.shaderModel`, `!dx.resources`
(SRV and UAV records), `!dx.entryPoints` (NumThreads tag 4, WaveSize tag 23
for SM 6.8 and later, ShaderKind tag 8 in libraries) and
`!dx.linalg.matrixUses`: one `!{i32 M, i32 N, i32 K, i32 scope, i32
operand type, i32 result type}` per `matrixOp`, `matvecmul` and
`matvecmuladd`, the PSV `MatrixUse` entries of the SM 6.10 revision (for the
vector forms M is 1, N the result length and K the input length: errata 16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from .. import ast as A

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen

I1, I32 = ir.IntType(1), ir.IntType(32)

_TAG_SHADER_KIND = 8
_TAG_NUM_THREADS = 4
_TAG_WAVE_SIZE = 23
_SHADER_KIND_COMPUTE = 5
_RESOURCE_KIND_RAW_BUFFER = 11


def _i32(v: int) -> ir.Constant:
    return ir.Constant(I32, v)


def emit_metadata(gen: "Codegen") -> None:
    m = gen.module
    opts = gen.options
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

    if gen.matrix_uses:
        uses = m.add_named_metadata("dx.linalg.matrixUses")
        for entry in gen.matrix_uses:
            uses.add(m.add_metadata([_i32(v) for v in entry]))


def _resources(gen: "Codegen") -> Any:
    m = gen.module
    srv, uav = [], []
    for record in gen.resources:
        # DXC names the resource's HLSL type: `%struct.RWByteAddressBuffer* undef`.
        struct_ty = gen.context.get_identified_type(f"struct.{record['type'].name}")
        if struct_ty.is_opaque:
            struct_ty.set_body(ir.IntType(32))
        common = [_i32(record["id"]), ir.Constant(struct_ty.as_pointer(), ir.Undefined),
                  ir.MetaDataString(m, record["name"]),
                  _i32(record["space"]), _i32(record["register"]), _i32(1), _i32(_RESOURCE_KIND_RAW_BUFFER)]
        if record["class"] == "u":
            # globallycoherent, hasCounter, rasterizerOrdered, extra
            uav.append(m.add_metadata(common + [ir.Constant(I1, 0), ir.Constant(I1, 0), ir.Constant(I1, 0),
                                                None]))
        else:
            srv.append(m.add_metadata(common + [_i32(0), None]))   # sample count, extra
    if not srv and not uav:
        return None
    return m.add_metadata([m.add_metadata(srv) if srv else None, m.add_metadata(uav) if uav else None,
                           None, None])


def _entry(gen: "Codegen", fn_ir: ir.Function, fn: Any, resources: Any) -> Any:
    m = gen.module
    engine = gen.engine
    props: list[Any] = []
    if gen.options.stage == "lib":
        props += [_i32(_TAG_SHADER_KIND), _i32(_SHADER_KIND_COMPUTE)]
    attrs = {a.name.lower(): a for a in fn.decl.attributes}
    numthreads = attrs.get("numthreads")
    if numthreads is not None:
        values = [int(engine.evaluate(arg, fn.env).value) for arg in numthreads.args]
        props += [_i32(_TAG_NUM_THREADS), m.add_metadata([_i32(v) for v in values])]
    wavesize = attrs.get("wavesize")
    if wavesize is not None:
        values = [int(engine.evaluate(arg, fn.env).value) for arg in wavesize.args]
        if len(values) == 1:
            values = [values[0], 0, 0]
        elif len(values) == 2:
            values = values + [0]
        props += [_i32(_TAG_WAVE_SIZE), m.add_metadata([_i32(v) for v in values])]
    return m.add_metadata([fn_ir, ir.MetaDataString(m, fn.name), None, resources,
                           m.add_metadata(props) if props else None])
