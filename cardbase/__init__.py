"""cardbase: a multilingual rules reference and card database for the Munchkin family of games.

The package is laid out as the pipeline it runs: ``sources`` reads the manifest and the raw rule
texts, ``normalise`` repairs extraction damage while remembering where every character came from,
``segment`` splits the repaired text into sections and scores their damage, ``storage`` writes and
searches the SQLite database, and ``cli`` is a thin command-line layer over those libraries.
"""

__version__ = "0.1.0"
