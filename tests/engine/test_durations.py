from __future__ import annotations

import pytest

from combat_cli.engine.domain.durations import DurationError, format_duration, parse_duration


@pytest.mark.parametrize("text,seconds", [
    ("3r", 15), ("10 rounds", 50), ("30s", 30), ("5m", 300), ("8h", 28800), ("3d", 259200),
    ("2w", 1209600), ("1d12h", 129600),
])
def test_parse_duration(text, seconds):
    assert parse_duration(text, 5) == seconds


@pytest.mark.parametrize("text", ["", "3", "3x", "0d", "d", "3d junk", "999999w"])
def test_bad_durations(text):
    with pytest.raises(DurationError):
        parse_duration(text, 5)


def test_format_duration():
    assert format_duration(129600) == "1d 12h"
    assert format_duration(0) == "0s"
