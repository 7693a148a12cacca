"""The memory a CPU dispatch may take (`--max-memory`): its default, a
share of the machine's memory, how a size is written on the command line,
and how one is shown in messages.

Owns: `default_max_memory`, `parse_size`, `show_size`, and `DEFAULT_TIMEOUT`
(the seconds a dispatch may run unless `--timeout` says).  Does not own: what
counts against the limit (the pipeline's buffers: `pipeline`; the
dispatch's threads and their memory: `executor`).
"""

from __future__ import annotations

import os
import re

# Seconds a dispatch may run before it is stopped (--timeout; None: no limit).
DEFAULT_TIMEOUT = 300.0

# The share of the machine's physical memory a dispatch may take by default.
SHARE = 0.5
_FALLBACK = 8 << 30


def default_max_memory() -> int:
    """Half the machine's physical memory (8 GiB where it cannot be read)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return _FALLBACK
    return int(total * SHARE) if total > 0 else _FALLBACK


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_size(text: str) -> int | None:
    """Bytes from `1000000`, `512K`, `64M`, `16G`, `1T` (a `B` or `iB`
    after the unit is allowed), or None when `text` is not such a size."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGTkmgt]?)(?:i?[Bb])?\s*", text)
    if not m:
        return None
    value = float(m.group(1)) * _UNITS[m.group(2).upper()]
    return int(value) if value >= 1 else None


def show_size(n: float) -> str:
    """`256 GiB`, `1.5 MiB`, `100 bytes`."""
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            value = n / size
            return f"{value:.0f} {unit}" if value >= 100 or value == int(value) else f"{value:.1f} {unit}"
    return f"{int(n)} bytes"
