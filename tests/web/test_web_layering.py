"""The web stack (Starlette, uvicorn) is imported by the server modules only."""

from __future__ import annotations

from pathlib import Path

from tests.test_layering import imports

ROOT = Path(__file__).resolve().parents[2]
WEB = {"starlette", "uvicorn", "anyio", "h11", "httpx"}
ALLOWED = {ROOT / "combat_cli" / "web" / f"{name}.py"
           for name in ("app", "server", "phones", "guard", "live", "limits")}


def test_only_the_server_modules_import_the_web_stack() -> None:
    files = [*(ROOT / "combat_cli").rglob("*.py"), *(ROOT / "rulesets").rglob("*.py")]
    assert len(files) > 50
    for f in files:
        if f not in ALLOWED:
            bad = imports(f) & WEB
            assert not bad, f"{f.relative_to(ROOT)} imports {bad}"
    for f in ALLOWED:
        assert imports(f) & WEB


def test_the_report_and_the_players_view_import_no_terminal_library() -> None:
    for folder in ("report", "web"):
        for f in (ROOT / "combat_cli" / folder).rglob("*.py"):
            assert not imports(f) & {"rich", "prompt_toolkit", "typer"}, f
