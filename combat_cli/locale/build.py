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


def catalogues() -> list[Path]:
    return sorted(DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def main() -> int:
    for po in catalogues():
        po.with_suffix(".mo").write_bytes(compiled(po))
        print(f"compiled {po.relative_to(DIR)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
