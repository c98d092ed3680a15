"""The rules checker: "can I play this now?", answered by rules written as code.

``query`` reads and checks a question in the public query format against the game's declaration
(``cardbase.games``), ``model`` defines what a rule is (an id, a one-line statement, the quotes of
every rulebook that states it, and a judgement), the rule modules each declaration names
(``munchkin``, ``warhammer``, ``dungeon_mayhem``, ``smashup``...) hold the rules,
each clause's quotes written above the code that implements it, ``engine`` asks every rule that
applies and combines their verdicts per rulebook, ``combat`` resolves a fight, ``editions`` lists
where rulebooks of one game disagree, and ``table`` enumerates whole decision tables.
"""
