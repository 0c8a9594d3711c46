"""Views shared by the front-ends: what an audience is shown, built from the engine's data.

``render`` (the terminal and ``show --json``), ``report`` and ``web`` each read these and the
engine, never one another: the players' view (:mod:`.player`), the log told in words
(:mod:`.sentences`, :mod:`.words`) and help text without rule IDs (:mod:`.ruleids`).
"""
