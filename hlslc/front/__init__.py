"""The front end: source text to a syntax tree.

`preprocessor` (macros, `#include`, `#if`, the line map) hands tokens to
`lexer` (keywords, the template-name and type-name classification the
parser needs), whose tokens `parser` reads with the LALR tables of
`parse_tables` into the dataclass nodes of `ast`.  `header_cache` keeps the
built-in header's preprocessed and parsed form between compiles.  Nothing
here knows about types or meaning: that is `hlslc.sema`.
"""
