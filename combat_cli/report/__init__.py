"""``combat report`` and the players' words: the fight told back as sentences."""
