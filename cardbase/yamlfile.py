"""Loading YAML data files so that every value still knows the line it was written on.

Data files (manifest, outlines, overlays, topics) are edited by hand, so a problem in them must be
reported as ``file:line: what was expected``. ``load_yaml`` returns ordinary dicts and lists whose
subclasses carry ``.line`` (where the mapping or list starts) and ``.line_of(key_or_index)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataError, DataErrors


class LineDict(dict):
    line: int = 0
    key_lines: dict

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    line: int = 0
    item_lines: list

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe loader (libyaml's when PyYAML has it: large card lists load several times
    faster), building mappings and lists that remember their lines."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark)
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path | str, text: str | None = None) -> Any:
    """Parse a YAML file (or ``text`` said to come from it), raising ``DataError`` with a line."""
    path = Path(path)
    if text is None:
        if not path.is_file():
            raise DataError("file not found", path=str(path))
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DataError(f"not valid UTF-8 (byte {exc.start})", path=str(path),
                            line=_line_of_byte(path.read_bytes(), exc.start))
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise DataError(f"not valid YAML: {exc.problem or exc}", path=str(path), line=line)
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML: {exc}", path=str(path))


def _line_of_byte(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


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
