"""The layering of hlslc's modules (docs/architecture.md): imports run one
way, from the command line down to the base modules, and never in a circle.

Every `import` of an hlslc module counts, those inside functions too; an
import under `if TYPE_CHECKING:` only names types for annotations and does
not count.  An import inside a function is allowed only where it keeps
start-up fast or loads an optional part (Vulkan, the SPIR-V backend) when
asked, and then says so in a comment on its line or the line above.

Run `python tests/unit/test_layering.py` for the list of problems.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from hlslc.dxil.cfg import strong_components

PACKAGE = Path(__file__).resolve().parents[2] / "hlslc"

# The layers, lowest first.  A module may import modules of its own layer
# or of a lower one; `PEERS` are packages of one layer that must not import
# each other.  The most specific prefix decides a module's layer.
LAYERS: list[tuple[str, ...]] = [
    # 0: bases every stage uses
    ("hlslc._version", "hlslc.records", "hlslc.patterns", "hlslc.source", "hlslc.depth", "hlslc.paths",
     "hlslc.diagnostics"),
    # 1: shared data: the specifications' rules, the IR model and the operation table
    ("hlslc.spec", "hlslc.dxil", "hlslc.devices"),
    # 2-4: the compiler's stages, in order
    ("hlslc.front",),
    ("hlslc.sema",),
    ("hlslc.lower",),
    # 5: the consumers of IR, peers
    ("hlslc.validate", "hlslc.spirv", "hlslc.runner"),
    # 6: the driver and what it calls after the stages
    ("hlslc.driver", "hlslc.portability", "hlslc.reflection", "hlslc.sarif", "hlslc.verify"),
    # 7: the ways in: command lines and the library's front door
    ("hlslc.options", "hlslc.project_config", "hlslc.cli", "hlslc.runner.command", "hlslc.validate.command",
     "hlslc.__main__", "hlslc"),
]

PEERS = ("hlslc.validate", "hlslc.spirv", "hlslc.runner")
# Where a peer uses another's public package (never its modules): the Vulkan
# runner compiles IR to SPIR-V for the pipeline it runs.
PEER_USES = {("hlslc.runner", "hlslc.spirv")}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


class Import:
    __slots__ = ("source", "target", "names", "line", "in_function", "commented")

    def __init__(self, source: str, target: str, names: list[str], line: int, in_function: bool,
                 commented: bool) -> None:
        self.source = source
        self.target = target
        self.names = names
        self.line = line
        self.in_function = in_function
        self.commented = commented


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                ids.update(id(n) for n in ast.walk(stmt))
    return ids


def _function_nodes(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            ids.update(id(n) for n in ast.walk(node) if n is not node)
    return ids


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    typing_only = _type_checking_nodes(tree)
    in_function = _function_nodes(tree)
    is_package = path.name == "__init__.py"
    found: list[Import] = []
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        line = lines[node.lineno - 1]
        above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
        commented = "#" in line or above.startswith("#")
        inside = id(node) in in_function
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "hlslc" or alias.name.startswith("hlslc."):
                    found.append(Import(name, alias.name, [], node.lineno, inside, commented))
            continue
        if node.level:
            base = name.split(".") if is_package else name.split(".")[:-1]
            if node.level > 1:
                base = base[:len(base) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        if not (target == "hlslc" or target.startswith("hlslc.")):
            continue
        for alias in node.names:
            full = f"{target}.{alias.name}"
            if full in modules:
                found.append(Import(name, full, [], node.lineno, inside, commented))
            else:
                found.append(Import(name, target, [alias.name], node.lineno, inside, commented))
    return found


def layer_of(module: str) -> int:
    best, best_len = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    return best


def _peer(module: str) -> str | None:
    return next((p for p in PEERS if module == p or module.startswith(p + ".")), None)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module."""
    succ = {m: sorted(graph[m]) for m in graph}
    return [sorted(c) for c in strong_components(sorted(graph), succ) if len(c) > 1]


def problems() -> list[str]:
    modules = _modules()
    found: list[str] = []
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        if layer_of(name) < 0:
            found.append(f"{name}: in no layer (add it to LAYERS in tests/unit/test_layering.py)")
        for imp in imports_of(name, path, modules):
            where = f"{path.relative_to(PACKAGE.parent)}:{imp.line}"
            if imp.target != name and imp.target in modules:
                graph[name].add(imp.target)
            for item in imp.names:
                if item.startswith("_") and not item.startswith("__") and imp.target != name:
                    found.append(f"{where}: imports the private name '{item}' of {imp.target}")
            if imp.in_function and not imp.commented:
                found.append(f"{where}: an import inside a function without a comment saying why it is late "
                             f"({imp.target})")
            src_layer, dst_layer = layer_of(name), layer_of(imp.target)
            if dst_layer > src_layer:
                found.append(f"{where}: {name} (layer {src_layer}) imports {imp.target} (layer {dst_layer}), "
                             f"against the layer order")
            src_peer, dst_peer = _peer(name), _peer(imp.target)
            if src_peer and dst_peer and src_peer != dst_peer and src_layer == dst_layer == layer_of(src_peer):
                if (src_peer, dst_peer) not in PEER_USES or imp.target != dst_peer:
                    found.append(f"{where}: {name} imports {imp.target}: {src_peer} and {dst_peer} are peers "
                                 f"that read the IR model (hlslc.dxil), not each other")
    for component in _cycles(graph):
        found.append("import circle: " + " -> ".join(component))
    return found


def test_imports_follow_the_layers_without_circles() -> None:
    found = problems()
    assert not found, "\n".join(found)


def test_the_layering_test_sees_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_every_module_has_a_layer() -> None:
    assert layer_of("hlslc.runner.command") == 7
    assert layer_of("hlslc.runner.executor") == 5
    assert layer_of("hlslc.front.lexer") == 2


if __name__ == "__main__":
    for problem in problems():
        print(problem)
    sys.exit(0)
