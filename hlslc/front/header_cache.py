"""The cache of the built-in header's preprocessed and parsed form.

Owns: `HeaderEntry` (what `#include <dx/linalg.h>` contributes to a
translation unit: the macros it defines, the parser's name sets
after it and its top-level declarations), the per-process table of entries,
and their copies on disk.

When it applies: the include of a built-in header (one under hlslc's own
include tree) is the first thing in the main file that produces tokens, and
whatever the header includes is built in too (the dxc revision's
`dx/linalg.h` includes `<type_traits>` and `<enable_if>`).  That is how every linalg shader starts,
and it makes the header a prefix of the translation unit that ends at a
top-level declaration boundary, so its declarations can be parsed (and
reused) on their own.  Anything else (a header included later, inside a
namespace, or after a declaration) is preprocessed and parsed as usual.

The key: the header's text, every macro defined at the include (so -D,
-U, the profile's predefined macros and 16-bit types are all in it), the
grammar tables, and the identity of the hlslc modules whose records an
entry holds.  The headers the header includes are checked on every hit:
each include, searched again with this compile's include directories,
must find the same built-in file, with the same text, not yet included
(`#pragma once`) by the main file; otherwise it is a miss.  An entry is made only from a header that produced no
diagnostic and whose parse ended cleanly; on disk it is a pickle written
atomically under the user cache directory (`$HLSLC_CACHE_DIR`, else
`$XDG_CACHE_HOME/hlslc`, else `~/.cache/hlslc`).  A cache that cannot be
read or written costs only speed.

Does not own: sema, which analyses the cached declarations like any
others (they are never mutated: sema's facts live in side tables).
"""

from __future__ import annotations

import os
import sys
import zlib
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from .. import _version
from ..paths import read_pickle, user_cache_dir, write_atomically
from .parse_tables import FORMAT_VERSION

# Bump when the layout of an entry (or of anything pickled in it) changes.
FORMAT = 3

_MEMORY: dict[str, "HeaderEntry"] = {}
_BUILD_ID: str | None = None

# Modules whose classes are pickled in an entry, or whose behaviour decides
# its content: a change to any of them (size or time) makes a new key.
_KEY_MODULES = ("front/ast", "source", "front/tokens", "front/preprocessor", "front/lexer", "front/parser",
                "front/parse_tables", "front/header_cache", "spec/resource_types", "_version")


class HeaderEntry:
    """What one built-in header contributes to the start of a translation unit."""

    __slots__ = ("key", "path", "source", "macros_set", "macros_removed", "once",
                 "names", "decls", "includes", "once_added")

    def __init__(self, key: str, path: str, source: Any, macros_set: dict,
                 macros_removed: tuple[str, ...], once: bool) -> None:
        self.key = key
        self.path = path
        self.source = source                  # the SourceFile every span points into
        self.macros_set = macros_set          # name -> macro defined (or redefined) by it
        self.macros_removed = macros_removed  # names it #undef'd
        self.once = once                      # it said #pragma once
        # Filled by the parser: the classifier's name sets after the header,
        # and the header's top-level declarations (None until parsed).
        self.names: tuple[frozenset[str], ...] = ()     # Classifier.names() after the header
        self.decls: list | None = None
        # Every #include the header (or a header it includes) ran, in order:
        # (name, angled, including file, path found, skipped as already
        # included, the SourceFile read or None), and the `#pragma once`
        # keys of the headers it included.
        self.includes: tuple[tuple, ...] = ()
        self.once_added: tuple[str, ...] = ()

    def __getstate__(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state: tuple) -> None:
        for name, value in zip(self.__slots__, state):
            setattr(self, name, value)


def build_id() -> str:
    """This hlslc's identity for cache keys: version, formats, and the size
    and time of the modules an entry depends on."""
    global _BUILD_ID
    if _BUILD_ID is None:
        parts = [f"hlslc {_version.__version__}", f"entry {FORMAT}", f"tables {FORMAT_VERSION}",
                 f"python {sys.version_info[0]}.{sys.version_info[1]}"]
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # the hlslc package
        for name in _KEY_MODULES:
            try:
                st = os.stat(os.path.join(here, name + ".py"))
                parts.append(f"{name} {st.st_size} {st.st_mtime_ns}")
            except OSError:
                parts.append(f"{name} ?")
        _BUILD_ID = "\n".join(parts)
    return _BUILD_ID


def make_key(path: str, text: str, macro_state: str) -> str:
    """The whole key, kept in the entry and compared on every hit: the file
    name is only a digest of it, so a digest collision is a miss."""
    return "\0".join((build_id(), path, text, macro_state))


def _disk_path(key: str) -> str:
    # CRC-32 and Adler-32 of the key: zlib is built in (hashlib's import
    # alone costs 2 ms of start-up), and the entry's own key is checked.
    data = key.encode("utf-8", "surrogatepass")
    name = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"
    return os.path.join(user_cache_dir(), "headers", f"{name}.pickle")


def lookup(key: str, use_disk: bool) -> tuple[HeaderEntry, str] | None:
    """The complete entry for `key` (parsed too) and where it was found
    ("memory" or "disk"), or None."""
    entry = _MEMORY.get(key)
    if entry is not None:
        return entry, "memory"
    if not use_disk:
        return None
    try:
        with open(_disk_path(key), "rb") as f:
            data = f.read()
    except (OSError, ValueError):
        return None
    try:
        entry = read_pickle(data)
    except Exception:       # a damaged or foreign file is a miss, never a crash
        return None
    if not isinstance(entry, HeaderEntry) or entry.key != key or entry.decls is None:
        return None
    _MEMORY[key] = entry
    return entry, "disk"


def store(entry: HeaderEntry, use_disk: bool) -> None:
    """Keep a complete entry for this process and, when allowed, on disk."""
    _MEMORY[entry.key] = entry
    if not use_disk:
        return
    import pickle   # late: only the disk copies need it (1 ms of start-up otherwise)
    try:
        write_atomically(_disk_path(entry.key), pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL), ".header-")
    except (OSError, RecursionError, pickle.PicklingError):
        pass


def clear_memory() -> None:
    """Forget this process's entries (tests, and `--no-header-cache` runs)."""
    _MEMORY.clear()
