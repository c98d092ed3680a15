"""Normalisation: repairing extraction damage in a raw rule text, one named stage at a time.

Each stage is a pure function from the current text to a list of edits; ``pipeline.normalise``
applies them in order and keeps, for every character of the repaired text, the span of raw text it
came from, plus a record of every change each stage made. The raw text is never modified.
"""
