"""Segmentation: the repaired text split into the sections a reader sees, each scored and topiced.

``headings`` finds headings by the styles a rulebook uses, ``outline`` adds what a human declared
(run-in headings, levels, kinds, topics), ``sections`` cuts the text at the headings and ties each
section to its raw span and page, ``quality`` scores the damage nobody could repair, and
``topics`` assigns each rule section its place in the shared topic vocabulary.
"""
