"""Where hlslc's data files are: the grammar, the IR tables, the built-in headers,
and where it caches between runs.

Installed from a wheel, `grammar/` and `ir/` are the packages `hlslc._grammar`
and `hlslc._ir`; run from a source checkout they are the top-level folders
next to `hlslc/`.  Everything else asks this module, never a path literal.
"""

from __future__ import annotations

import os

_PKG_DIR = os.path.dirname(os.path.abspath(__file__))
_REPO_DIR = os.path.dirname(_PKG_DIR)


def _data_dir(installed: str, source: str) -> str:
    path = os.path.join(_PKG_DIR, installed)
    if os.path.isdir(path):
        return path
    return os.path.join(_REPO_DIR, source)


def grammar_dir() -> str:
    return _data_dir("_grammar", "grammar")


def ir_dir() -> str:
    return _data_dir("_ir", "ir")


def builtin_include_dir() -> str:
    """The directory searched last for `#include <...>`; holds dx/linalg.h."""
    return os.path.join(_PKG_DIR, "include")


def revision_include_dirs(linalg_revision: str) -> list[str]:
    """Directories whose headers replace the built-in ones for a non-default
    revision of the dx::linalg API (`--linalg-revision=draft`)."""
    path = os.path.join(_PKG_DIR, "include", "revisions", linalg_revision)
    return [path] if os.path.isdir(path) else []


def user_cache_dir() -> str:
    """Where hlslc keeps what it caches between runs (grammar tables built
    for an edited grammar, the header cache): `$HLSLC_CACHE_DIR`, else
    `$XDG_CACHE_HOME/hlslc`, else `~/.cache/hlslc`."""
    base = os.environ.get("HLSLC_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "hlslc")
    return base


def write_atomically(path: str, data: bytes, prefix: str) -> None:
    """Write `data` to `path` through a temporary file and a rename, so a
    concurrent reader (another compile, a -j worker) sees the old file or
    the new one, never half of one.  Raises OSError."""
    import tempfile
    directory = os.path.dirname(path)
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=prefix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_pickle(data: bytes) -> object:
    """`pickle.loads(data)`: the cache files' reader.  The unpickler is the
    C half of `pickle` (`_pickle`); the Python module, which a compile
    needs only to write a cache file, costs 1 ms of start-up to import."""
    try:
        from _pickle import loads  # the C unpickler (start-up time; see above)
    except ImportError:             # an interpreter without it
        from pickle import loads  # likewise
    return loads(data)
