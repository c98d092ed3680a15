"""Data written inside a page's own ``<script>`` element, as JSON no text can break out of.

Inside a script element the HTML parser looks for ``</script>``, and after ``<!--`` followed by
``<script`` it stops looking for it: a text holding ``</script>`` or ``<!--<script>`` (a title
from the data) would end the element early or make the parser read past its end, into the page.
``script_json`` writes ``<``, ``>`` and ``&`` as JSON's ``\\u003C``, ``\\u003E`` and ``\\u0026``
(as Django's ``json_script`` does): the same data to ``JSON.parse`` or to a script, with none
of the characters the parser reacts to. Outside strings JSON has none of these characters, so
only the strings' text changes form, never their value.
"""

from __future__ import annotations

import json

_UNSAFE = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def script_json(value, **options) -> str:
    """``value`` as JSON safe inside a ``<script>`` element (``options`` go to ``json.dumps``)."""
    return json.dumps(value, **options).translate(_UNSAFE)
