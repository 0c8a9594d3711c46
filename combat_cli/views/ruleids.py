"""Rule IDs (AMB-D6-3, T-D6-3, D6-MULTI-2 ...) name paragraphs of the rules digests the tests are
written against; a GM at the table has no use for them, so user-facing help leaves them out."""

from __future__ import annotations

import re

_ID = r"\b(?:AMB|T|D6|D12|SP|CZ)(?:-[A-Z0-9]+)*-\d+[a-z]?\b"
_IDS = rf"{_ID}(?:\s*(?:/|,|and)\s*{_ID})*"
_PATTERNS = (
    re.compile(rf"\s*\(\s*(?:see\s+)?{_IDS}\s*\)"),  # "... (D6-RANGE-2)"
    re.compile(rf"{_IDS}\s*:\s*"),                    # "AMB-D6-3: most actions ..."
    re.compile(rf"\s*{_IDS}"),                        # anything else
)


def without_rule_ids(text: str) -> str:
    for pattern in _PATTERNS:
        text = pattern.sub("", text)
    return text


def has_rule_id(text: str) -> bool:
    return re.search(_ID, text) is not None
