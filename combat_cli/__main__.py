"""``python -m combat_cli``. Python puts the current folder first on ``sys.path`` for ``-m``;
a folder that is not combat-cli's own source is taken off again, so a ``*.dist-info`` or a
``combat_rulesets`` package lying in it can neither add a ruleset nor stand in for a built-in one
(the ``combat`` command never had the folder on its path)."""

import os
import sys
from pathlib import Path

import combat_cli

if sys.path and not getattr(sys.flags, "safe_path", False):
    here = Path(os.path.realpath(sys.path[0] or os.curdir))
    if here == Path(os.path.realpath(os.curdir)) and \
            Path(os.path.realpath(combat_cli.__file__)).parent.parent != here:
        del sys.path[0]

from combat_cli.cli import main  # noqa: E402

main()
