"""Cards: the card lists in ``data/cards/``, the card faces parsed from a rulebook, and name matching.

``schema`` declares what a card record may hold and validates the curated files (every problem,
with file and line), ``faces`` reads card faces printed in a rulebook into the same records,
``catalog`` merges both and ties every fact to its quote, and ``matching`` finds a card by any of
its names, accents, width forms and typos notwithstanding.
"""
