"""Where hlslc's data files are: the grammar, the IR tables, the built-in headers.

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
