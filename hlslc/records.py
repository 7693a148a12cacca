"""Bases for hlslc's plain data classes.

Owns: `Record` (a `repr` from the class's `_fields`) and `ValueRecord`
(equality and hashing by those fields as well).  A data class writes its
`__init__` and `_fields` out and takes the rest from one of these.

Why not `dataclasses`: the module costs 7 ms to import and each class it
makes costs about 0.2 ms more, all of it on the start-up path of every
compile (issue 7 measured 30 ms of a 110 ms small-shader run).  Written-out
classes cost nothing after the first import, because their code is in the
bytecode cache.

Does not own: what the classes mean; `tests/unit/test_records.py` checks
every record class's `_fields` against its `__init__`.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any


class Record:
    """A data class whose `repr` lists its `_fields`."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({args})"

    def __reduce__(self) -> tuple:
        # Records pickle (the header cache) as a call of the class with
        # their fields, which loads much faster than per-slot state.
        return (_restore_record, (type(self), self._values()))

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def replace(self, **changes: Any) -> Any:
        """A copy with some fields changed, as `dataclasses.replace` makes."""
        values = {name: getattr(self, name) for name in self._fields}
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        return type(self)(**values)


class ValueRecord(Record):
    """A record compared and hashed by the values of its fields."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())


def _restore_record(cls: type, values: tuple) -> Any:
    # `_fields` is the order of `__init__`'s parameters (test_records), so
    # the values go in by position, unless the parameters are keyword-only:
    # the header cache holds hundreds of records, each read at start-up.
    code = getattr(cls.__init__, "__code__", None)
    if code is not None and not code.co_kwonlyargcount:
        return cls(*values)
    return cls(**dict(zip(cls._fields, values)))
