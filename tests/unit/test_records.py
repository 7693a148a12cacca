"""The written-out data classes (hlslc/records.py): each record's `_fields`
is what its `__init__` takes, and the compile path never imports
`dataclasses` (whose start-up cost the records exist to avoid)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys

import pytest

import hlslc
from hlslc.records import Record, ValueRecord


def _modules() -> list[str]:
    return [info.name for info in pkgutil.walk_packages(hlslc.__path__, "hlslc.")
            if not info.name.endswith("__main__")]


def _record_classes() -> list[type]:
    out = []
    for name in _modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, Record) and value.__module__ == name
                    and value not in (Record, ValueRecord)):
                out.append(value)
    return out


def test_there_are_records() -> None:
    assert len(_record_classes()) >= 30


@pytest.mark.parametrize("cls", _record_classes(), ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_fields_are_the_init_parameters(cls: type) -> None:
    params = [p.name for p in list(inspect.signature(cls.__init__).parameters.values())[1:]]
    assert list(cls._fields) == params
    slots = [name for klass in cls.__mro__ for name in klass.__dict__.get("__slots__", ())]
    if "__dict__" not in dir(cls) or slots:
        assert set(slots) <= set(cls._fields)


def test_value_records_compare_and_hash_by_value() -> None:
    from hlslc.spec.linalg_rules import MatrixShape
    a = MatrixShape("F16", 8, 32, "A", "Wave")
    b = MatrixShape("F16", 8, 32, "A", "Wave")
    c = a.replace(m=16)
    assert a == b and hash(a) == hash(b) and a != c and c.m == 16
    assert repr(a) == "MatrixShape(component='F16', m=8, n=32, use='A', scope='Wave')"
    assert isinstance(a, ValueRecord)
    with pytest.raises(TypeError):
        a.replace(rows=3)


def test_mutable_records_are_not_hashable() -> None:
    from hlslc.driver import CompileOptions
    with pytest.raises(TypeError):
        hash(CompileOptions())
    assert str(CompileOptions(profile="lib_6_10").replace(emit="nothing").profile) == "lib_6_10"


def test_compiling_does_not_import_dataclasses(tmp_path) -> None:
    shader = tmp_path / "s.hlsl"
    shader.write_text("RWByteAddressBuffer B;\n[numthreads(1,1,1)] void main() { B.Store(0, 1u); }\n")
    code = ("import sys\nfrom hlslc.cli import main\n"
            f"rc = main(['-T', 'cs_6_10', {str(shader)!r}, '-o', {str(tmp_path / 'out.ll')!r}])\n"
            "assert rc == 0, rc\n"
            "print(sorted(m for m in ('dataclasses', 'inspect', 'lark', 'llvmlite.binding', 'rich') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
