"""``combat demo --ruleset d6``: a short fight from the seed's own examples (Lector, Mina,
demon thugs, vampires), written so that any dice keep every line valid."""

DEMO = [
    "# Lector (armoured) and Mina against two demon thugs and two vampires",
    "add Lector side=pc Instincts=3D+1 Dodge=4D Brawling=4D Firearms=4D Strength=3D "
    "Constitution=4D armor=3D \"First Aid=3D\" weapon=\"Heavy Pistol\" kits=1",
    "add Mina side=pc Instincts=3D+2 Dodge=4D \"Missile Weapons=5D\" Strength=2D+2 "
    "Constitution=3D weapon=\"Repeating Crossbow\"",
    "add \"Demon Thug 1\" Instincts=2D+1 Brawling=2D Strength=2D Constitution=3D",
    "# the second thug is a sniper on a rooftop: quick to act",
    "add \"Demon Thug 2\" Instincts=4D Firearms=4D Constitution=3D weapon=\"Heavy Pistol\"",
    "add Vampire x2 Instincts=3D Brawling=2D Strength=2D Constitution=3D",
    "add \"Demon Thug 3\" Instincts=2D Firearms=3D Constitution=3D weapon=\"Light Pistol\"",
    "start",
    "# Mina fires once at each vampire: -1D and -2D (D6-RANGE-2)",
    "declare Mina shoot \"Vampire 1\", shoot \"Vampire 2\"",
    "# Lector attacks and holds an action to block: -1D to both (D6-REACT-6)",
    "declare Lector brawl \"Demon Thug 1\", block",
    "declare \"Demon Thug 1\" brawl Lector",
    "declare \"Vampire 1\" brawl Lector",
    "resolve all",
    "status",
    "end",
    "# Round 2: a thug shoots at Mina from the rooftop; she only dodges (full dodge)",
    "declare Mina fulldodge",
    "declare \"Demon Thug 2\" shoot Mina range=medium",
    "declare Lector shoot \"Demon Thug 2\"",
    "declare \"Demon Thug 3\" shoot Lector",
    "resolve",
    "resolve",
    "# Lector has acted once; the third thug shoots at him and he dodges after all:",
    "# 4D -1D (two actions) -1D (reaction) = 2D, and his roll is the thug's difficulty",
    "react Lector dodge",
    "resolve",
    "end",
    "# After the fight: first aid, then days of rest",
    "damage Mina Wounded Twice",
    "firstaid Lector Mina",
    "rest Mina 3d care=easy",
    "advance 4d",
    "status",
]


def demo() -> list[str]:
    """The ruleset's ``demo``: :data:`DEMO`."""
    return list(DEMO)
