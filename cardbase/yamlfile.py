"""Loading YAML data files so that every value still knows the line it was written on.

Data files (manifest, outlines, overlays, topics) are edited by hand, so a problem in them must be
reported as ``file:line: what was expected``. ``load_yaml`` returns ordinary dicts and lists whose
subclasses carry ``.line`` (where the mapping or list starts) and ``.line_of(key_or_index)``. A key
written twice is refused, and so is nesting deeper than any data file needs, and so are anchors
and aliases (``&a`` … ``*a``): no data file needs them, and a few lines of aliases to aliases
stand for billions of values ("billion laughs") that every later walk would visit. Mapping keys are
always text (``no:`` is the language code, not false), and ``text_of`` gives a value as it was
written when YAML read it as something else (a checksum of 64 zeros is not the number 0).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataError, DataErrors, excerpt

#: nesting deeper than this is refused (data files and queries need a handful of levels)
MAX_DEPTH = 32


class LineDict(dict):
    line: int = 0
    key_lines: dict
    #: the source text of each plain scalar value, for ``text_of``
    key_texts: dict

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    line: int = 0
    item_lines: list
    #: index → the source text of each plain scalar item, for ``text_of``
    key_texts: dict

    def line_of(self, index: int) -> int:
        if isinstance(index, int) and 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe loader (libyaml's when PyYAML has it: large card lists load several times
    faster), building mappings and lists that remember their lines."""

    depth = 0


class _Refused(yaml.constructor.ConstructorError):
    """A document refused for its shape: ``key`` written twice, nested ``too_deep``, or using
    the anchor or alias ``alias``."""

    def __init__(self, problem: str, mark, key: str | None = None, too_deep: bool = False,
                 alias: str | None = None):
        super().__init__(None, None, problem, mark)
        self.key = key
        self.too_deep = too_deep
        self.alias = alias


def _refuse_aliases(text: str) -> None:
    """Refuse the first anchor or alias, at its line, before anything is built from the text.

    The composer resolves aliases where Python cannot step in (libyaml's), so the events are
    read once more, only for text that holds the characters an anchor or alias starts with.
    """
    if "&" not in text and "*" not in text:
        return
    for event in yaml.parse(text, Loader=_Loader):
        name = getattr(event, "anchor", None)
        if name is not None:
            sign = "*" if isinstance(event, yaml.AliasEvent) else "&"
            raise _Refused(f"{'alias' if sign == '*' else 'anchor'} {sign}{excerpt(name)}: "
                           "anchors and aliases are not allowed; write each value out",
                           event.start_mark, alias=excerpt(name))


def _enter(loader: _Loader, node: yaml.Node) -> None:
    loader.depth += 1
    if loader.depth > MAX_DEPTH:
        raise _Refused(f"nested deeper than {MAX_DEPTH} levels", node.start_mark, too_deep=True)


def _plain_text(node: yaml.Node) -> str | None:
    """The text of a plain (unquoted) scalar that YAML resolves to something other than text."""
    if isinstance(node, yaml.ScalarNode) and node.tag != "tag:yaml.org,2002:str" \
            and node.tag != "tag:yaml.org,2002:null":
        return node.value
    return None


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    _enter(loader, node)
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    result.key_texts = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark)
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str):
            key = key_node.value  # ``no``, ``1``, ``2024-01-01``: keys are names, kept as written
        if key in result:
            raise _Refused(f"duplicate key {excerpt(key)!r}", key_node.start_mark, key=key)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
        text = _plain_text(value_node)
        if text is not None:
            result.key_texts[key] = text
    loader.depth -= 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    _enter(loader, node)
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    result.key_texts = {index: text for index, text in
                        ((i, _plain_text(child)) for i, child in enumerate(node.value))
                        if text is not None}
    loader.depth -= 1
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


class YamlError(DataError):
    """A file that is not valid YAML; ``detail`` says why without the file and line,
    ``duplicate`` is the key written twice, ``too_deep`` says the nesting was refused, ``alias``
    names the anchor or alias refused."""

    def __init__(self, detail: str, *, path: str, line: int | None = None,
                 duplicate: str | None = None, too_deep: bool = False,
                 alias: str | None = None):
        super().__init__(f"not valid YAML: {detail}", path=path, line=line)
        self.detail = detail
        self.duplicate = duplicate
        self.too_deep = too_deep
        self.alias = alias


def load_yaml(path: Path | str, text: str | None = None) -> Any:
    """Parse a YAML file (or ``text`` said to come from it), raising ``DataError`` with a line."""
    path = Path(path)
    if text is None:
        text = read_text(path)
    try:
        _refuse_aliases(text)
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = str(exc.problem or exc)
        raise YamlError(problem, path=str(path), line=line, duplicate=getattr(exc, "key", None),
                        too_deep=getattr(exc, "too_deep", False)
                        or "maximum nesting depth" in problem,
                        alias=getattr(exc, "alias", None)) from None
    except yaml.YAMLError as exc:
        raise YamlError(str(exc), path=str(path)) from None
    except ValueError as exc:  # an integer of thousands of digits, refused by int()
        raise YamlError(excerpt(str(exc)), path=str(path)) from None
    except RecursionError:
        # only the pure-Python parser recurses before our depth check sees the nesting
        raise YamlError(f"nested deeper than {MAX_DEPTH} levels", path=str(path),
                        too_deep=True) from None


def read_text(path: Path) -> str:
    """A data file's text, strict UTF-8; a missing, unreadable or undecodable file is a
    ``DataError`` naming it (and the line of the first bad byte)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataError("file not found", path=str(path)) from None
    except IsADirectoryError:
        raise DataError("is a folder, not a file", path=str(path)) from None
    except OSError as exc:
        raise DataError(f"cannot be read ({exc.strerror or exc})", path=str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"not valid UTF-8 (byte {exc.start})", path=str(path),
                        line=_line_of_byte(data, exc.start)) from None
    return text[1:] if text.startswith("\ufeff") else text


def _line_of_byte(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def text_of(container: Any, key: Any) -> Any:
    """``container[key]`` as written when YAML read a plain scalar as a number, a boolean or a
    date (``sha256: 000…0``, ``id: 1984``, ``name: yes``); otherwise the value itself (``None``
    when absent). ``key`` is an index for a list."""
    if isinstance(container, dict):
        value = container.get(key)
    elif isinstance(container, list) and isinstance(key, int) and 0 <= key < len(container):
        value = container[key]
    else:
        value = None
    if value is None or isinstance(value, str):
        return value
    texts = getattr(container, "key_texts", None)
    return texts.get(key, value) if texts else value


def texts_of(items: Any) -> Any:
    """A list with every plain scalar item as written (``[1984, yes]`` → ``['1984', 'yes']``);
    anything that is not a list is returned as it is, for the caller to refuse."""
    if not isinstance(items, list):
        return items
    return [text_of(items, index) for index in range(len(items))]


def unknown_keys(problem: "Problems", container: dict, allowed, what: str) -> None:
    """Report every key of ``container`` that is not in ``allowed``, each at its line."""
    for key in sorted(set(container) - set(allowed), key=str):
        problem(f"unknown key `{excerpt(key)}` in {what} (expected one of: "
                f"{', '.join(sorted(allowed))})", container, key)


def line_of(container: Any, key: Any) -> int | None:
    """The line of ``key`` in ``container`` if it came from ``load_yaml``, else None."""
    finder = getattr(container, "line_of", None)
    return finder(key) if finder else getattr(container, "line", None)


class Problems:
    """Collects every problem of one data file, each with its line, to report them together."""

    def __init__(self, path: Path | str, stage: str):
        self.path = str(path)
        self.stage = stage
        self.errors: list[DataError] = []

    def __call__(self, message: str, container: Any = None, key: Any = None) -> None:
        line = line_of(container, key) if container is not None else None
        self.errors.append(DataError(message, path=self.path, line=line, stage=self.stage))

    def raise_if_any(self) -> None:
        if self.errors:
            raise DataErrors(self.errors)
