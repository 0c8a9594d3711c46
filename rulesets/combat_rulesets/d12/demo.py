"""A short d12 fight from the rules' own mob example (``combat demo d12``)."""

DEMO: tuple[str, ...] = (
    "# Cory is on the wrong end of four shooters and a punch (the rules' mob example)",
    "add Cory side=pc Strength=5 Agility=6 Precision=4 Intelligence=5 Will=5 Dodge=1 Fighting=2",
    "add Puncher Strength=7 Agility=7 Fighting=1",
    "add Shooter x4 Agility=4 Precision=4 weapon=.22 Guns=1",
    'add "Table Guy" Agility=2',
    "start",
    'declare "Table Guy" move to="in front of the table"',
    'declare Cory move to="the bar", defend 1 from=Puncher, '
    'defend 5 from="Shooter 1,Shooter 2,Shooter 3,Shooter 4"',
    "declare Puncher attack Cory bid=full",
    'declare "Shooter 1" attack Cory bid=4',
    'declare "Shooter 2" attack Cory bid=4 range=close',
    'declare "Shooter 3" attack Cory bid=4',
    'declare "Shooter 4" attack Cory bid=4 path="Table Guy"',
    "bids",
    "resolve all",
    "end",
    'task Cory tn=8 skill=Dodge rp=1 for="vault the bar"',
    "status",
)


def demo() -> list[str]:
    """The ruleset's ``demo``: :data:`DEMO`."""
    return list(DEMO)
