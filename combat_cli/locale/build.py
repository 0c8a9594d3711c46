"""Compile every catalogue: ``python -m combat_cli.locale.build`` (needs Babel, a development
dependency; the program itself reads the compiled ``.mo`` with the standard library)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from combat_cli.locale import DIR, DOMAIN


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes for a ``.po`` file (deterministic: same input, same bytes)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        cat = read_po(f, abort_invalid=True)
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


RULESETS = DIR.parents[1] / "rulesets" / "combat_rulesets"
"""The built-in rulesets, each with its own catalogues (``<name>/locale/<lang>/LC_MESSAGES/
<name>.po``) in a checkout."""


def catalogues() -> list[Path]:
    """The core's catalogues, then the built-in rulesets' own."""
    return (sorted(DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")) +
            sorted(RULESETS.glob("*/locale/*/LC_MESSAGES/*.po")))


def main() -> int:
    for po in catalogues():
        po.with_suffix(".mo").write_bytes(compiled(po))
        print(f"compiled {po.relative_to(DIR.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
