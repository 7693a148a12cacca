"""`RunError`: a dispatch that cannot run, on the CPU or on a device.

Its own module so that the Vulkan runner and the command line can raise
and catch it without importing the CPU executor.
"""

from __future__ import annotations


class RunError(Exception):
    """A dispatch that cannot run: `line` is the IR line, when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
