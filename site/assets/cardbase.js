// cardbase: site-wide scripts (the card list's filter is in cards.js).
