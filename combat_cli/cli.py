"""The command line (thin): new, play, show, rulesets, roll, demo.

Only typer is imported at start-up; everything else is imported inside the command that needs
it, so ``combat --help`` stays fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

app = typer.Typer(
    help="combat-cli: a terminal combat tracker for the Game Master.",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
    add_completion=False,
)


def _fail(message: str, code: int = 1) -> None:
    sys.stderr.write(f"combat: {message}\n")
    raise typer.Exit(code)


def _make_console():  # noqa: ANN202
    from combat_cli.render.console import make_console

    return make_console()


def _dice(mode: str | None, seed: int | None, asker, saved: object = None):  # noqa: ANN001, ANN202
    """The table's dice: ``--dice`` if given, else the mode the file was saved with."""
    from combat_cli.dice import MODES, RandomDice, TableDice

    if mode is None:
        mode = saved if saved in MODES else "auto"
    source = TableDice(mode, RandomDice(seed), asker)
    source.start_saved = saved
    return source


def _lang(lang: str) -> str:
    return "" if lang in ("", "default") else lang


@app.command()
def new(
    file: Path = typer.Argument(..., help="the encounter file to create"),
    ruleset: str = typer.Option(..., "--ruleset", "-r", help="the table's rule system"),
    house_rules: Path | None = typer.Option(None, "--house-rules", help="a TOML file of house rules"),
    force: bool = typer.Option(False, "--force", help="replace an existing file"),
) -> None:
    """Create an encounter file for a ruleset."""
    import rulesets
    from combat_cli.dice import RandomDice
    from combat_cli.engine.errors import CommandError
    from combat_cli.engine.table import Table
    from combat_cli.store.savefile import SaveError, save

    if file.exists() and not force:
        _fail(f"{file} already exists: combat play {file} resumes it (--force replaces it)")
    try:
        rs = rulesets.load(ruleset)
        overrides = _read_house_rules(house_rules) if house_rules else {}
        table = Table.new(rs, RandomDice(), overrides)
        save(file, table)
    except (CommandError, SaveError) as e:
        _fail(str(e))
    print(f"created {file} ({ruleset}); next: combat play {file}")


def _read_house_rules(path: Path) -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        _fail(f"can't read {path}: {e.strerror or e}")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        _fail(f"{path} is not valid TOML: {e}")
    return {}


@app.command()
def play(
    file: Path = typer.Argument(..., help="the encounter file (made by combat new)"),
    script: str | None = typer.Option(None, "--script", "-s", help="run lines from a file (- for stdin)"),
    dice: str | None = typer.Option(None, "--dice", help="auto (the tracker rolls), manual (type "
                                    "every roll) or players (type the PCs' rolls); default: "
                                    "as saved, else auto"),
    seed: int | None = typer.Option(None, "--seed", help="seed for auto dice"),
    lang: str = typer.Option("", "--lang", help="display language, for rulesets that have several"),
) -> None:
    """Play (or resume) an encounter: the REPL, or a script."""
    from combat_cli.store.savefile import Lock, SaveError

    if dice is not None and dice not in ("auto", "manual", "players"):
        _fail(f'--dice is auto, manual or players, not "{dice}"', 2)
    interactive = script is None and sys.stdin.isatty()
    driver_ref: list = []
    code = 0
    _exit_cleanly_on_signals()
    try:
        with Lock(file):
            if interactive:
                code = _play_interactive(file, dice, seed, _lang(lang), driver_ref)
            else:
                code = _play_script(file, script, dice, seed, _lang(lang), driver_ref)
    except SaveError as e:
        _fail(str(e))
    if code:
        raise typer.Exit(code)


def _exit_cleanly_on_signals() -> None:
    """A closed terminal or a kill (SIGHUP, SIGTERM) still saves what was typed: they end the
    program through the normal exit path, which writes the pending autosave."""
    import signal

    def leave(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), leave)


def _play_interactive(file: Path, dice: str | None, seed: int | None, lang: str,
                      driver_ref: list) -> int:
    """The REPL. Only the JSON is checked before the prompt shows; the rest loads meanwhile."""
    import rulesets
    from combat_cli.repl.session import make_dice_asker, run_interactive
    from combat_cli.store.savefile import SaveError, read_raw

    raw = read_raw(file)
    if not rulesets.known(raw["ruleset"]):
        raise SaveError(f'{file}: no ruleset "{raw["ruleset"]}" is installed (combat rulesets lists them)')
    enc = raw.get("encounter")
    data = enc.get("data") if isinstance(enc, dict) else None
    saved = data.get("dice") if isinstance(data, dict) else None
    source = _dice(dice, seed, make_dice_asker(driver_ref), saved)
    run_interactive(file, raw, source, source.mode, lang, driver_ref)
    return 0


def _play_script(file: Path, script: str | None, dice: str | None, seed: int | None, lang: str,
                 driver_ref: list) -> int:
    from combat_cli.render.console import make_console
    from combat_cli.repl.driver import Driver
    from combat_cli.repl.script import ScriptLines, make_asker, run_script
    from combat_cli.store.savefile import load

    lines = ScriptLines(_script_lines(script))
    source = _dice(dice, seed, make_asker(lines, driver_ref))
    driver = Driver(load(file, source, lang), file, make_console())
    saved = source.start_saved = driver.table.enc.data.get("dice")
    if dice is None and saved in ("auto", "manual", "players"):
        source.mode = source.start_mode = saved
    driver_ref.append(driver)
    try:
        return run_script(driver, lines)
    finally:
        driver.close()


def _script_lines(script: str | None):  # noqa: ANN202
    if script is None or script == "-":
        return sys.stdin
    try:
        return Path(script).read_text(encoding="utf-8").splitlines()
    except OSError as e:
        _fail(f"can't read {script}: {e.strerror or e}")
    except UnicodeDecodeError:
        _fail(f"{script} is not a text file")


@app.command()
def show(
    file: Path = typer.Argument(..., help="the encounter file"),
    json_: bool = typer.Option(False, "--json", help="the state as JSON"),
    lang: str = typer.Option("", "--lang", help="display language"),
) -> None:
    """Show an encounter: the round table, or its JSON."""
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import SaveError, load

    try:
        table = load(file, RandomDice(), _lang(lang))
    except SaveError as e:
        _fail(str(e))
    if json_:
        import json

        from combat_cli.render.jsonview import public_json

        print(json.dumps(public_json(table), ensure_ascii=False, indent=2))
        return
    from combat_cli.render.output import print_state

    print_state(_make_console(), table)


@app.command("rulesets")
def list_rulesets() -> None:
    """List the installed rulesets."""
    import rulesets

    found = rulesets.available()
    if not found:
        print("no rulesets installed")
    for name, title in found.items():
        print(f"{name:<12} {title}")


@app.command()
def roll(
    expr: list[str] = typer.Argument(..., help="a roll: 3d6+1, 4D+2, 6d10>=8, 1d12"),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", help="read EXPR in this ruleset's notation"),
    seed: int | None = typer.Option(None, "--seed", help="seed the dice"),
) -> None:
    """Roll dice once and show every face."""
    from combat_cli.dice import DiceError, RandomDice, parse
    from combat_cli.dice.words import roll_expression

    try:
        if ruleset:
            import rulesets
            from combat_cli.engine.errors import CommandError

            try:
                spec = roll_expression(rulesets.load(ruleset).parse_roll, expr)
            except CommandError as e:
                _fail(str(e))
        else:
            spec = roll_expression(parse, expr)
        r = RandomDice(seed).roll(spec)
    except DiceError as e:
        _fail(str(e), 2)
    unit = (" success" if r.total == 1 else " successes") if spec.is_pool else ""
    print(f"{spec.text()}: [{' '.join(map(str, r.faces or ()))}] = {r.total}{unit}")


@app.command()
def demo(
    ruleset: str = typer.Option("d6", "--ruleset", "-r", help="which ruleset's demo fight"),
    seed: int = typer.Option(7, "--seed", help="seed for the dice"),
    lang: str = typer.Option("", "--lang", help="display language"),
) -> None:
    """Play a short demo fight from the rules' own examples (no input needed)."""
    import rulesets
    from combat_cli.dice import RandomDice
    from combat_cli.engine.errors import CommandError
    from combat_cli.engine.table import Table
    from combat_cli.repl.driver import Driver
    from combat_cli.repl.script import ScriptLines, run_script

    try:
        rs = rulesets.load(ruleset)
    except CommandError as e:
        _fail(str(e))
    lines = rs.demo()
    if not lines:
        _fail(f"{ruleset} has no demo fight")
    try:
        table = Table.new(rs, RandomDice(seed), lang=_lang(lang))
    except CommandError as e:
        _fail(str(e))
    driver = Driver(table, None, _make_console())
    code = run_script(driver, ScriptLines(lines))
    if code:
        raise typer.Exit(code)


def main() -> None:
    # pydantic otherwise scans every installed package for plug-ins on first use (~15 ms);
    # combat-cli uses none. A user who wants them can set the variable themselves.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    app()


if __name__ == "__main__":
    main()
