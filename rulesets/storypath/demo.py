"""The demo fight: an ambush, PC slots, attacks with Stunts, Injury Conditions, first aid.

Written to run without errors whatever the dice: the thugs' initiative pool is 0 (they always
take the SGC slots after the PC slots), they have Health enough to stay up, and the first aid
happens after a known injury."""

LINES = (
    "# Storypath demo: Ann and Ben ambush two thugs in a warehouse",
    "add Ann side=pc might=3 dexterity=3 stamina=5 cunning=2 intellect=2 composure=2 "
    "close_combat=3 athletics=2 subterfuge=2 medicine=1 weapon=sword",
    "add Ben side=pc might=2 dexterity=3 stamina=3 cunning=3 intellect=3 composure=3 "
    "firearms=3 athletics=2 subterfuge=3 medicine=3 weapon=pistol",
    'add Thug x2 cunning=0 might=3 dexterity=2 stamina=2 attack_pool=4 health=5 defense=1 '
    "weapon=club",
    'ambush Ann Ben vs "Thug 1" "Thug 2"',
    "start",
    "slot Ann",
    'act Ann attack "Thug 1" stunts=damage,critical name="Cracked Ribs"',
    "next",
    'act Ben attack "Thug 2" range=short mixed=athletics+dexterity other="dive behind a crate"',
    "next",
    "end",
    "slot Ben",
    'act Ben complicate "Thug 1" protect=Ann pool=firearms+dexterity',
    "next",
    "prone Ann" if False else 'act Ann prone',
    'act Ann stand',
    'act Ann attack "Thug 1"',
    "next",
    'act "Thug 1" attack Ann box=bruised,bruised name="Split Lip"',
    "next",
    'act "Thug 2" attack Ben range=close',
    "next",
    "status",
    "aftermath",
    'damage Ann 1 name="Twisted Knee"',
    "aid Ben Ann",
    "status",
    "scene",
    "log 12",
)
