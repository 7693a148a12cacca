"""Source buffers and spans.

Owns: the text of every file a compile reads (main file, includes, the
built-in headers, command-line macro buffers) and the `Span` type that every
token, AST node and diagnostic carries.  A span is a character range into one
`SourceFile`; line and column are computed only when a diagnostic is rendered.

Does not own: reading files from disk with include-path search (the
preprocessor does that) or rendering (see `diagnostics`).
"""

from __future__ import annotations

import bisect

from .records import ValueRecord


# Byte-order marks and the encodings they announce, longest first (UTF-32
# LE starts like UTF-16 LE), as DXC reads them (DxcCodePageFromBytes).
_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
         (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
# Windows-1252's five unassigned bytes, read as Latin-1 (their own code points).
_CP1252_HOLES = {0x81: "\x81", 0x8D: "\x8d", 0x8F: "\x8f", 0x90: "\x90", 0x9D: "\x9d"}


def decode_source_bytes(data: bytes) -> tuple[str | None, str | None]:
    """The text of a source file's bytes, as DXC reads them: the encoding
    its byte-order mark names (UTF-8, UTF-16, UTF-32; the mark dropped);
    without one UTF-8, and a file that is not valid UTF-8 in the Windows
    code page (Windows-1252) that DXC's CP_ACP is where such files come
    from (a Latin-1 `é` in a comment).  Returns (text, None), or (None,
    why) for a file its byte-order mark misdescribes."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(encoding), None
            except UnicodeDecodeError as exc:
                return None, f"is not valid {encoding.upper().replace('-LE', ' LE').replace('-BE', ' BE')} " \
                             f"(byte {exc.start + len(bom)}), though its byte-order mark says so"
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        return "".join(_CP1252_HOLES.get(byte) or bytes((byte,)).decode("cp1252") for byte in data) \
            if any(byte in _CP1252_HOLES for byte in data) else data.decode("cp1252"), None


class SourceFile:
    """One buffer of source text, identified by the path shown to users."""

    __slots__ = ("path", "text", "_line_starts", "is_builtin")

    def __init__(self, path: str, text: str, is_builtin: bool = False) -> None:
        self.path = path
        self.text = text
        self.is_builtin = is_builtin
        self._line_starts: list[int] | None = None

    def __repr__(self) -> str:
        return f"SourceFile({self.path!r})"

    def __reduce__(self) -> tuple:
        return (SourceFile, (self.path, self.text, self.is_builtin))

    @property
    def line_starts(self) -> list[int]:
        starts = self._line_starts
        if starts is None:
            starts = [0]
            text = self.text
            find = text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        return starts

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column of a character offset."""
        starts = self.line_starts
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line terminator."""
        starts = self.line_starts
        if line < 1 or line > len(starts):
            return ""
        start = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        return self.text[start:end].rstrip("\r")


class Span:
    """A half-open character range [start, end) in one source file.

    `expanded_from` is set for text produced by a macro expansion: it is the
    span of the macro's name at the place it was invoked, so diagnostics can
    say "expanded from macro" with both places.

    A plain slotted class rather than a frozen dataclass: every token and
    AST node carries one, and construction cost shows in parse time.
    """

    __slots__ = ("file", "start", "end", "expanded_from")

    def __init__(self, file: SourceFile, start: int, end: int,
                 expanded_from: "MacroOrigin | None" = None) -> None:
        self.file = file
        self.start = start
        self.end = end
        self.expanded_from = expanded_from

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Span) and self.file is other.file and self.start == other.start
                and self.end == other.end and self.expanded_from == other.expanded_from)

    def __hash__(self) -> int:
        return hash((id(self.file), self.start, self.end))

    def __repr__(self) -> str:
        line, col = self.line_col()
        return f"Span({self.file.path}:{line}:{col}, {self.start}-{self.end})"

    def __reduce__(self) -> tuple:
        # Positional arguments: far quicker to load than slot state.
        return (Span, (self.file, self.start, self.end, self.expanded_from))

    @property
    def line(self) -> int:
        return self.file.line_col(self.start)[0]

    @property
    def column(self) -> int:
        return self.file.line_col(self.start)[1]

    def line_col(self) -> tuple[int, int]:
        return self.file.line_col(self.start)

    def end_line_col(self) -> tuple[int, int]:
        return self.file.line_col(max(self.start, self.end))

    def text(self) -> str:
        return self.file.text[self.start:self.end]

    def cover(self, other: "Span") -> "Span":
        """The smallest span holding both, when both are in the same file."""
        if other.file is not self.file:
            return self
        return Span(self.file, min(self.start, other.start), max(self.end, other.end), self.expanded_from)

    def point(self) -> "Span":
        """An empty span at this span's start."""
        return Span(self.file, self.start, self.start, self.expanded_from)

    def after(self) -> "Span":
        """An empty span just after this span's end (where a missing ';' goes)."""
        return Span(self.file, self.end, self.end, self.expanded_from)

    def user_span(self) -> "Span":
        """The outermost macro invocation site, or this span: where users look."""
        span = self
        while span.expanded_from is not None:
            span = span.expanded_from.invocation
        return span


class MacroOrigin(ValueRecord):
    """Where a macro-expanded token came from: the macro and its invocation."""

    name: str
    invocation: Span
    definition: Span | None
    __slots__ = ("name", "invocation", "definition")
    _fields = ("name", "invocation", "definition")

    def __init__(self, name: str, invocation: Span, definition: Span | None = None) -> None:
        self.name = name
        self.invocation = invocation
        self.definition = definition
