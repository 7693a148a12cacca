"""Pipeline files (offload-test-suite format): the model and located errors."""

from __future__ import annotations

import numpy as np
import pytest

from hlslc.runner.pipeline import PipelineError, load_pipeline

GOOD = """\
---
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [2, 1, 1]
Buffers:
  - Name: In
    Format: Float32
    Stride: 8
    Data: [ 0.5, -1.0, 0x1.8p+1, inf ]
  - Name: Halves
    Format: Float16
    Data: [ 0x3C00, 0xC000 ]
  - Name: Out
    Format: Int32
    FillSize: 16
    FillValue: -7
  - Name: Expected
    Format: Int32
    Data: [ 1, 2, 3, 4 ]
Results:
  - Result: Test
    Rule: BufferExact
    Actual: Out
    Expected: Expected
DescriptorSets:
  - Resources:
    - Name: In
      Kind: StructuredBuffer
      DirectXBinding:
        Register: 0
        Space: 0
      VulkanBinding:
        Binding: 0
    - Name: Out
      Kind: RWBuffer
      DirectXBinding:
        Register: 1
        Space: 2
...
"""


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """The (line, column) of `offset` in `text`, both from 1."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def test_reads_the_offloader_format():
    p = load_pipeline("p.yaml", GOOD)
    assert p.compute_shader().entry == "main"
    assert p.dispatch == (2, 1, 1)
    assert p.buffers["In"].data.tolist() == [0.5, -1.0, 3.0, float("inf")]
    assert p.buffers["In"].stride == 8
    assert p.buffers["Halves"].data.tolist() == [1.0, -2.0]
    assert p.buffers["Out"].data.dtype == np.int32 and p.buffers["Out"].data.tolist() == [-7] * 4
    assert [(r.name, r.register_class, r.register, r.space) for r in p.resources] == \
        [("In", "t", 0, 0), ("Out", "u", 1, 2)]
    assert p.results[0].rule == "BufferExact"


# (text replaced, its replacement, the message, the text the error points at)
@pytest.mark.parametrize("old, new, message, at", [
    ("Format: Int32\n    FillSize", "Format: Int8\n    FillSize", "unknown buffer format 'Int8'", "Int8"),
    ("FillSize: 16", "FillSize: 15", "'FillSize' is in bytes: 15 is not a whole number of Int32 elements", "15"),
    ("Data: [ 1, 2, 3, 4 ]", "Data: [ 1, 2, x, 4 ]", "a Int32 value must be an integer, not 'x'", "x,"),
    ("Actual: Out", "Actual: Missing", "result 'Test' compares buffer 'Missing'", "Missing"),
    ("Rule: BufferExact", "Rule: BufferFloatULP", "result 'Test' uses BufferFloatULP and needs 'ULPT'", "Result: Test"),
    ("[2, 1, 1]", "[2, 1]", "'DispatchGroupCount' must list three sizes [x, y, z], not 2", "[2, 1]"),
    ("    Entry: main\n", "    Entry: main\n    Extra: 1\n", "unknown key 'Extra' in a shader", "Extra"),
    ("Kind: RWBuffer", "Kind: RWThing", "unknown resource kind 'RWThing'", "RWThing"),
    ("0x3C00, 0xC000", "0x3C00, 0x1C000", "Float16 data are 16-bit patterns, and 0x1C000 does not fit", "0x1C000"),
])
def test_errors_are_located(old, new, message, at):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    with pytest.raises(PipelineError) as info:
        load_pipeline("p.yaml", text)
    assert message in info.value.message
    offset = text.index(at)
    expected = _line_col(text, offset)
    assert info.value.span is not None and info.value.span.line_col() == expected


PUSH = """\
PushConstants:
  - Stage: Compute
    Values:
    - Format: Float32
      Offset: 0
      Data: [ 1.5 ]
    - Format: Int32
      Offset: 8
      Data: [ -1, 2 ]
"""


def test_push_constants():
    # The Compute stage's values at their offsets, zeros between them.
    p = load_pipeline("p.yaml", GOOD.replace("...\n", PUSH + "...\n"))
    assert p.push_constants == np.array([1.5], np.float32).tobytes() + bytes(4) + \
        np.array([-1, 2], np.int32).tobytes()
    assert load_pipeline("p.yaml", GOOD).push_constants is None
    for old, new, message, at in [("Offset: 8", "Offset: 6", "push constant offsets are multiples of 4, not 6", "6"),
                                  ("Format: Int32\n      Offset", "Format: Int5\n      Offset",
                                   "unknown push constant format 'Int5'", "Int5")]:
        text = GOOD.replace("...\n", PUSH.replace(old, new) + "...\n")
        with pytest.raises(PipelineError) as info:
            load_pipeline("p.yaml", text)
        assert message in info.value.message
        offset = text.index(at, text.index("PushConstants"))
        assert info.value.span.line_col() == _line_col(text, offset)
    twice = GOOD.replace("...\n", PUSH + PUSH.replace("PushConstants:\n", "") + "...\n")
    with pytest.raises(PipelineError, match="a second push constant block for the Compute stage"):
        load_pipeline("p.yaml", twice)


def test_invalid_yaml_and_unreadable_files():
    with pytest.raises(PipelineError) as info:
        load_pipeline("p.yaml", "Shaders: [\n")
    assert info.value.message.startswith("invalid YAML")
    with pytest.raises(PipelineError) as info:
        load_pipeline("/nonexistent/p.yaml")
    assert "cannot read pipeline file" in info.value.message


def test_empty_flow_entries_are_skipped_as_the_offloader_does():
    # LLVM's YAML reader skips the empty entry of `[1, 2,, 3]` (the
    # offload-test-suite's WaveActiveMax tests have one); an error elsewhere
    # in such a file still points at its own place.
    p = load_pipeline("p.yaml", GOOD.replace("[ 1, 2, 3, 4 ]", "[ 1, 2,, 3,\n  , 4 ]"))
    assert p.buffers["Expected"].data.tolist() == [1, 2, 3, 4]
    text = GOOD.replace("[ 1, 2, 3, 4 ]", "[ 1,, 2, 3, 4 ]").replace("[2, 1, 1]", "[2, 1]")
    with pytest.raises(PipelineError) as info:
        load_pipeline("p.yaml", text)
    assert "must list three sizes" in info.value.message
    offset = text.index("[2, 1]")
    assert info.value.span.line_col() == _line_col(text, offset)
    with pytest.raises(PipelineError, match="invalid YAML"):
        load_pipeline("p.yaml", GOOD.replace("[ 1, 2, 3, 4 ]", "[ 1, 2, 3, 4 ]]"))


SAMPLED = GOOD.replace("""  - Name: Expected
    Format: Int32""", """  - Name: Tex
    Format: Float32
    OutputProps: { Width: 4, Height: 2, Depth: 1, MipLevels: 3 }
    Data: [ 0, 1, 2, 3, 4, 5, 6, 7, 10, 20, 100 ]
  - Name: Expected
    Format: Int32""").replace("DescriptorSets:\n", """Samplers:
  - Name: Samp
    MinFilter: Nearest
    Address: Mirror
    MipLODBias: -0.5
  - Name: Cmp
    Kind: SamplerComparison
    ComparisonOp: GreaterEqual
DescriptorSets:
""").replace("""    - Name: Out
      Kind: RWBuffer""", """    - Name: Samp
      Kind: Sampler
      DirectXBinding: { Register: 3, Space: 1 }
    - Name: Out
      Kind: RWBuffer""")


def test_samplers_and_mip_levels():
    p = load_pipeline("p.yaml", SAMPLED)
    samp, cmp = p.samplers["Samp"], p.samplers["Cmp"]
    assert (samp.min_filter, samp.mag_filter, samp.address, samp.mip_lod_bias) == ("Nearest", "Linear", "Mirror", -0.5)
    assert (cmp.kind, cmp.comparison, cmp.min_lod, cmp.max_lod > 1e38) == ("SamplerComparison", "GreaterEqual", 0.0,
                                                                            True)
    assert [(r.name, r.register_class, r.register, r.space) for r in p.resources][1] == ("Samp", "s", 3, 1)
    tex = p.buffers["Tex"]
    assert tex.mip_levels == 3 and tex.mip_extent(1) == (2, 1, 1) and tex.mip_offset(2) == 10
    # HeapIndex places a resource in the descriptor heap (samplers in theirs).
    heap = load_pipeline("p.yaml", SAMPLED.replace("      DirectXBinding: { Register: 3, Space: 1 }",
                                                   "      HeapIndex: 0"))
    samp = heap.resources[1]
    assert (samp.heap_index, samp.dx_bound) == (0, False) and heap.resources[0].heap_index is None


@pytest.mark.parametrize("old, new, message, at", [
    ("MinFilter: Nearest", "MinFilter: Cubic", "unknown filter 'Cubic'", "Cubic"),
    ("Address: Mirror", "Address: Wrap", "unknown address mode 'Wrap'", "Wrap"),
    ("ComparisonOp: GreaterEqual", "ComparisonOp: Gequal", "unknown comparison 'Gequal'", "Gequal"),
    ("    - Name: Samp\n      Kind: Sampler", "    - Name: Nope\n      Kind: Sampler",
     "sampler resource 'Nope' names no sampler of the pipeline's 'Samplers'", "Nope"),
    ("      DirectXBinding: { Register: 3, Space: 1 }", "      HeapIndex: 0\n    - Name: Cmp\n      Kind: Sampler\n"
     "      HeapIndex: 0", "resources 'Samp' and 'Cmp' both have HeapIndex 0", "0\n    - Name: Out"),
    ("MipLevels: 3", "MipLevels: 4", "'MipLevels' must be from 1 to 3, not 4", "4 }"),
    ("10, 20, 100 ]", "10, 20 ]", "buffer 'Tex' holds 10 elements, but 3 mip levels of a 4x2 texture with 1 "
                                  "channels need 11", "{ Width: 4"),
    ("    MipLODBias: -0.5\n", "    MipLODBias: -0.5\n    MinLOD: 3\n    MaxLOD: 2\n",
     "sampler 'Samp': MinLOD 3 is above MaxLOD 2", "3\n    MaxLOD"),
])
def test_sampler_errors_are_located(old, new, message, at):
    assert old in SAMPLED
    text = SAMPLED.replace(old, new, 1)
    with pytest.raises(PipelineError) as info:
        load_pipeline("p.yaml", text)
    assert message in info.value.message
    assert text.count(at) == 1
    offset = text.index(at)
    expected = _line_col(text, offset)
    assert info.value.span is not None and info.value.span.line_col() == expected


def test_specialization_constants():
    text = GOOD.replace("    Entry: main\n", """    Entry: main
    SpecializationConstants:
      - { ConstantID: 0, Value: true, Type: Bool }
      - { ConstantID: 3, Value: -2, Type: Int16 }
      - { ConstantID: 4, Value: 0x7f, Type: UInt64 }
      - { ConstantID: 5, Value: 2.5, Type: Float32 }
""")
    values = load_pipeline("p.yaml", text).compute_shader().spec_constants
    assert {k: (kind, v.item()) for k, (kind, v) in values.items()} == {
        0: ("Bool", 1), 3: ("Int16", -2), 4: ("UInt64", 127), 5: ("Float32", 2.5)}
    assert values[3][1].dtype == np.int16
    for old, new, message, at in [
            ("Value: -2, Type: Int16", "Value: 40000, Type: Int16",
             "invalid int16 value for specialization constant '40000'", "40000"),
            ("Value: true, Type: Bool", "Value: \"not a number\", Type: Bool",
             "invalid bool value for specialization constant 'not a number'", "\"not a number\""),
            ("Value: 2.5, Type: Float32", "Value: x, Type: Float32", "invalid float32 value for specialization "
                                                                    "constant 'x'", "x, Type"),
            ("ConstantID: 4,", "ConstantID: 3,", "a second entry for specialization constant ID 3", "3, Value: 0x7f"),
            ("Type: UInt64", "Type: Int8", "unknown specialization constant type 'Int8'", "Int8")]:
        bad = text.replace(old, new)
        with pytest.raises(PipelineError) as info:
            load_pipeline("p.yaml", bad)
        assert message in info.value.message
        offset = bad.index(at)
        assert info.value.span.line_col() == _line_col(bad, offset)


# ---------------------------------------------------------------------------
# Data lists read at C speed (pipeline.fast_sequences / parse_flow)

import glob  # noqa: E402
from pathlib import Path  # noqa: E402

import hlslc.runner.pipeline as pipeline_module  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

EDGE_CASES = [
    ("Float32", "[ 1.5, -2.25, 3e2, 0.1, -0 ]"),
    ("Float32", "[ 1.5, , 2.5, ]"),                    # empty entries and a trailing comma
    ("Float32", "[ inf, -.inf, .nan, 1.0 ]"),          # YAML's spellings
    ("Float32", "[ 0x3F800000, 2 ]"),                  # hex in a float format
    ("Float64", "[ 1_000.5, 2 ]"),
    ("Float16", "[ 0x3C00, 0xBC00, 0x7BFF ]"),
    ("Float16", "[ 1.5, 0x3C00 ]"),
    ("Hex32", "[ 0x0, 0xFFFFFFFF,\n  0x12345678 ]"),
    ("Hex16", "[ 0x10000 ]"),                          # does not fit: an error at its position
    ("Hex64", "[ 0xFFFFFFFFFFFFFFFF, 0x1 ]"),
    ("UInt32", "[ 0, 4294967295, 7 ]"),
    ("UInt32", "[ -1 ]"),
    ("Int32", "[ -2147483648, 2147483647, 010 ]"),
    ("Int16", "[ 32768 ]"),
    ("UInt64", "[ 18446744073709551615, 9223372036854775808, 1 ]"),
    ("Int64", "[ -9223372036854775808, 9223372036854775807 ]"),
    ("UInt32", "[ 0x10, 1_0 ]"),
    ("UInt32", "[ 1.0 ]"),
    ("Bool", "[ true, false, 1 ]"),
    ("Int32", "[ ]"),
]


def _load_both(name: str, text: str, monkeypatch):
    """(buffers or error) read with the fast path for every list, and
    through YAML's nodes only."""
    out = []
    for fast in (True, False):
        with monkeypatch.context() as m:
            m.setattr(pipeline_module, "FAST_MIN", 0)
            if not fast:
                m.setattr(pipeline_module, "fast_sequences", lambda t: ({}, t))
            try:
                p = load_pipeline(name, text)
                out.append({k: (b.data.dtype.str, b.data.tobytes()) for k, b in p.buffers.items()})
            except PipelineError as err:
                out.append((err.message, err.span.start if err.span else None))
    return out


@pytest.mark.parametrize("fmt,data", EDGE_CASES)
def test_fast_data_reading_reads_what_yaml_reads(fmt, data, monkeypatch):
    text = ("---\nShaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n  - Name: A\n"
            f"    Format: {fmt}\n    Data: {data}\n  - Name: B\n    Format: {fmt}\n    ArraySize: 2\n"
            f"    Data: [ {data}, {data} ]\n...\n")
    fast, slow = _load_both("edge.yaml", text, monkeypatch)
    assert fast == slow


def test_fast_data_reading_on_every_pipeline_of_the_tests(monkeypatch):
    files = sorted(glob.glob(str(ROOT / "tests" / "run" / "*.yaml")) + glob.glob(str(ROOT / "samples" / "*.yaml")))
    assert len(files) > 20
    for name in files:
        text = Path(name).read_text()
        fast, slow = _load_both(name, text, monkeypatch)
        assert fast == slow, name


def test_fast_data_reading_keeps_positions():
    """The lists read apart leave every other position of the file where
    it was: an error after a large list is at its line and column."""
    values = ", ".join(str(k) for k in range(5000))
    text = (f"---\nShaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n  - Name: A\n    Format: UInt32\n"
            f"    Data: [ {values} ]\n  - Name: B\n    Format: UInt33\n    Data: [ 1 ]\n...\n")
    with pytest.raises(PipelineError) as err:
        load_pipeline("big.yaml", text)
    assert err.value.span.line_col() == (10, 13)
    text = text.replace("UInt33", "UInt32").replace(f"{values} ]", f"{values}, 12x ]")
    with pytest.raises(PipelineError, match="a UInt32 value must be an integer, not '12x'") as err:
        load_pipeline("big.yaml", text)
    assert err.value.span.line_col()[0] == 8
    found, blanked = pipeline_module.fast_sequences(text.replace(", 12x", ""))
    assert len(found) == 1 and len(blanked) == len(text.replace(", 12x", ""))
