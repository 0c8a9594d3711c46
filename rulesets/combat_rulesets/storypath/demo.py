"""The demo fight: an ambush, PC slots, attacks with Stunts, a complicate action, standing up
next to an enemy, an attack on two targets, Dive for Cover, Injury Conditions, first aid.

It runs without errors whatever the dice: the thugs' initiative pool is 0 (their SGC slots come
after the PC slots, ties favouring the players), they have Health enough to stay up, Ann has
boxes enough, and first aid follows a known injury."""

LINES = (
    "# Storypath demo: Ann and Ben ambush two thugs in a warehouse",
    "add Ann side=pc might=3 dexterity=3 stamina=5 cunning=2 intellect=2 composure=2 "
    "close_combat=3 athletics=2 subterfuge=2 medicine=1 weapon=sword",
    "add Ben side=pc might=2 dexterity=3 stamina=3 cunning=3 intellect=3 composure=3 "
    "firearms=3 athletics=2 subterfuge=3 medicine=3 weapon=pistol",
    "add Thug x2 cunning=0 might=3 dexterity=2 stamina=2 attack_pool=4 health=5 defense=1 "
    "weapon=club",
    "# the ambush: spare successes become a Surprise Complication on the thugs initiative",
    'ambush Ann Ben vs "Thug 1" "Thug 2"',
    "start",
    "# the players give the first PC slot to Ann; Ben takes the other",
    "slot Ann",
    'act Ann attack "Thug 1" stunts=damage+critical name="Cracked Ribs"',
    "next",
    "# a mixed action: the lower pool, successes split",
    'act Ben attack "Thug 2" range=short mixed=athletics+dexterity other="dive behind a crate"',
    "next",
    "end",
    "# round 2 reuses the roster; Ann was knocked down",
    "condition Ann +Prone",
    "slot Ben",
    "# Ben complicates the attacks of Thug 1 on Ann: Blocked N",
    'act Ben complicate "Thug 1" protect=Ann pool=firearms+dexterity',
    "next",
    "# standing up next to an enemy is part of a mixed action with Complication 1",
    'act Ann attack "Thug 1" mixed=athletics+dexterity other=stand',
    "next",
    'act "Thug 1" attack Ann box=bruised+bruised name="Split Lip"',
    "next",
    'act "Thug 2" attack Ben range=close',
    "next",
    "end",
    "# round 3: one attack on both thugs, the successes split between them",
    'act Ann attack "Thug 1" "Thug 2"',
    "next",
    "# Ben dives for cover from Thug 2 (a Defensive Stunt: 1 Defense success, one range band)",
    'react Ben defend dive="Thug 2"',
    "next",
    "status",
    "aftermath",
    'damage Ann 1 name="Twisted Knee"',
    "# first aid: Intellect + Medicine, one Condition per patient per session",
    "aid Ben Ann",
    "status",
    "scene",
)


def demo() -> list[str]:
    """The ruleset's ``demo``: :data:`LINES`."""
    return list(LINES)
