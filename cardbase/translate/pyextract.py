"""Finding the interface messages of the Python code, wherever a call to gettext stands.

Babel's own Python extractor reads tokens: on Python 3.11 an f-string is one token, so a message
translated inside one (``f"▶ {_('try it')}"``) is never seen, and a helper that translates the
message it is given (``def _worded(message, **values): ... _(message, ...)``) hides its callers'
messages behind a name the keywords do not list. This extractor reads the syntax tree instead:
every call of a keyword is found, inside f-strings and lambdas too, and so is every call of a
function of the same module that passes its first parameter to a keyword, as if it were that
keyword. It is named in ``babel.cfg`` (``cardbase.translate.pyextract.extract``) and keeps
Babel's extractor interface, so ``pybabel extract`` and ``cardbase translate extract`` find the
same messages.
"""

from __future__ import annotations

import ast


def _name(func: ast.expr) -> str | None:
    """The name a call is made through (``_``, ``i18n._`` → ``_``)."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _wrappers(tree: ast.AST, keywords) -> dict[str, str]:
    """The functions of ``tree`` that translate their first parameter, with the keyword they
    call it with (a helper of a helper counts too)."""
    functions = [node for node in ast.walk(tree)
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and node.args.args]
    found: dict[str, str] = {}
    changed = True
    while changed:
        changed = False
        for function in functions:
            if function.name in found or function.name in keywords:
                continue
            first = function.args.args[0].arg
            for node in ast.walk(function):
                if not (isinstance(node, ast.Call) and node.args
                        and isinstance(node.args[0], ast.Name) and node.args[0].id == first):
                    continue
                name = _name(node.func)
                keyword = name if name in keywords else found.get(name)
                if keyword is not None:
                    found[function.name] = keyword
                    changed = True
                    break
    return found


def _text(node: ast.expr):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extractor interface: ``(line, keyword, messages, comments)`` for each call of a
    keyword (or of a function that translates its first argument) with a literal message."""
    source = fileobj.read()
    if isinstance(source, bytes):
        source = source.decode(options.get("encoding", "utf-8"))
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    keywords = set(keywords)
    wrappers = _wrappers(tree, keywords)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args]
    for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
        name = _name(node.func)
        keyword = name if name in keywords else wrappers.get(name)
        if keyword is None:
            continue
        texts = tuple(_text(arg) for arg in node.args)
        if texts[0] is None:
            continue
        yield node.lineno, keyword, texts if len(texts) > 1 else texts[0], []
