"""The command line (thin): new, play, show, rulesets, roll, demo, paths.

Only typer is imported at start-up; everything else is imported inside the command that needs
it, so ``combat --help`` stays fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from combat_cli import choices, clicommands

if TYPE_CHECKING:
    from collections.abc import Iterable
    from types import TracebackType

    from rich.console import Console

    from combat_cli.config import Config
    from combat_cli.dice import TableDice
    from combat_cli.repl.port import FrontPort

app = typer.Typer(
    help="combat-cli: a terminal combat tracker for the Game Master.",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
    cls=clicommands.Group,
    context_settings={"help_option_names": ["-h", "--help"]},
)
DICE = choices.fixed("auto", "manual", "players")
LANGS = choices.languages()
RULESETS = choices.rulesets()
FORMATS = choices.report_formats()


def _show_version(value: bool) -> None:
    if value:
        from combat_cli import __version__

        print(f"combat-cli {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="print the version and leave"),
    lang: str | None = LANGS.option(None, "--lang",
                                    help="the language of the command line and its fights"),
) -> None:
    """combat-cli: a terminal combat tracker for the Game Master."""
    _ROOT_LANG[0] = lang or ""


_ROOT_LANG = [""]
"""``combat --lang cs COMMAND``: the language given before the command."""


def _msg(key: str, **values: object) -> object:
    """A message as data (the catalogue is imported only when something is refused)."""
    from combat_cli.locale import Msg

    return Msg(key, **values)


def _fail(message: object, code: int = 1) -> NoReturn:
    from combat_cli.locale import text as worded
    from combat_cli.textsafe import escape_all

    sys.stderr.write(f"combat: {escape_all(worded(message))}\n")
    raise typer.Exit(code)


class _output:  # noqa: N801 - used as a function: with _output(): ...
    """What a command prints to the standard output: a full disk (``> /dev/full``) is one
    error line and exit 1, not a crash; a reader that went away (``| head``) ends it quietly."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        if e is None:
            try:
                sys.stdout.flush()
            except OSError as flushed:
                e = flushed
        if not isinstance(e, OSError):
            return
        try:  # the rest of the buffer goes nowhere (no second error when Python exits)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        if isinstance(e, BrokenPipeError):
            raise typer.Exit(1) from None
        _fail(_msg("can't write to the standard output: {problem}", problem=e.strerror or str(e)))


def _make_console() -> Console:
    from combat_cli.render.console import make_console

    return make_console()


def _invoked_as() -> str:
    """How the user can type this program again: ``combat`` when that is what the shell finds,
    else the path they used (``.venv/bin/combat`` before the venv is on the PATH)."""
    import shutil

    used = sys.argv[0]
    if Path(used).stem.lower() != "combat":      # python -m combat_cli
        return "combat"
    found = shutil.which("combat")
    try:
        if found and Path(found).resolve() == Path(used).resolve():
            return "combat"
        shown = os.path.relpath(used)
    except (OSError, ValueError):                 # another drive (Windows)
        shown = used
    shown = shown if len(shown) < len(used) else used
    return shown if " " not in shown else f'"{shown}"'


def _dice(mode: str | None, seed: int | None, asker: Any = None, saved: object = None,
          default: str = "auto") -> TableDice:
    """The table's dice: ``--dice`` if given, else the mode the file was saved with (the
    ``dice`` verb), else ``default`` (the config file's)."""
    from combat_cli.dice import MODES, RandomDice, TableDice

    if mode is None:
        mode = saved if saved in MODES else default
    source = TableDice(mode, RandomDice(seed), asker)
    source.start_saved = saved
    return source


def _config() -> Config:
    """The GM's config file (a bad one stops here in one line); its colour choice applied."""
    from combat_cli.config import ConfigError, load

    try:
        cfg = load()
    except ConfigError as e:
        _fail(e, 2)
    if cfg.color == "never":
        os.environ["NO_COLOR"] = os.environ.get("NO_COLOR") or "1"
    elif cfg.color == "always" and not os.environ.get("NO_COLOR"):
        os.environ.setdefault("FORCE_COLOR", "1")
    return cfg


def _lang(lang: str | None, cfg: Config) -> str:
    """--lang, else the config file's language, else the ruleset's own ("")."""
    return lang if lang is not None else _ROOT_LANG[0] or cfg.lang


def _speak_for(file: Path, lang: str | None, cfg: Config) -> None:
    """What is said about ``file`` before its ruleset is loaded (errors, a refused lock, the
    greeting) in the language its table will have: --lang, the config's, the file's own."""
    from combat_cli import clilang
    from combat_cli.locale import use

    use(clilang.for_file(_lang(lang, cfg), "", file))


@app.command(cls=clicommands.Command)
def new(
    file: Path = typer.Argument(..., metavar="FILE", help="the encounter file to create"),
    ruleset: str = RULESETS.option(..., "--ruleset", "-r",
                                help="the table's rule system (combat rulesets lists them)"),
    house_rules: Path | None = typer.Option(None, "--house-rules", metavar="FILE", help="a TOML file of house rules"),
    force: bool = typer.Option(False, "--force", help="replace an existing file"),
    from_file: Path | None = typer.Option(
        None, "--from", metavar="OLD", help="carry the PCs (wounds, conditions, timers) and the clock of an "
        "earlier fight into this one"),
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """Create an encounter file for a ruleset."""
    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.domain.errors import CommandError
    from combat_cli.engine.table import Table
    from combat_cli.locale import use
    from combat_cli.store.savefile import SaveError, save

    try:
        rs = plugins.load(ruleset)
    except CommandError as e:
        _fail(e)
    use(_lang(lang, _config()) or rs.language)  # what is said: in the new table's language
    if file.exists() and not force:
        _fail(_msg("{file} already exists: combat play {file2} resumes it (--force replaces it)",
                  file=str(file), file2=str(file)))
    try:
        overrides = _read_house_rules(house_rules) if house_rules else {}
        table = Table.new(rs, RandomDice(), overrides, lang=lang or _ROOT_LANG[0])
        if from_file is not None and from_file.resolve() == file.resolve():
            _fail(_msg("--from {file} is the file being created: name a new file", file=str(from_file)))
        carried = _carry_from(from_file, table) if from_file is not None else None
        save(file, table)
    except (CommandError, SaveError) as e:
        _fail(e)
    from combat_cli.locale import _  # the table just made set its ruleset's language

    if carried is not None:
        print(_("carried from {file}: {names}, and the clock").format(
            file=from_file, names=", ".join(carried) or _("no PCs")))
    print(_("created {file} ({ruleset}); next: {me} play {file2}").format(
        file=file, ruleset=ruleset, me=_invoked_as(), file2=file))


def _carry_from(path: Path, table: Any) -> list[str]:
    """The PCs and the clock of the fight in ``path`` into the new ``table`` (same ruleset)."""
    from combat_cli.commands.fight import carry_over
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import load, read_raw

    raw = read_raw(path)
    if raw.get("ruleset") != table.ruleset.name:
        _fail(_msg("{path} is a {ruleset} fight: --from needs one of the same ruleset ({ours})",
                  path=str(path), ruleset=str(raw.get("ruleset")), ours=table.ruleset.name))
    old = load(path, RandomDice(), "", raw)
    if not table.enc.house_rules and old.enc.house_rules:  # the table's house rules go on
        table.enc.house_rules = dict(old.enc.house_rules)
        table.tables = old.tables
    names = carry_over(old.enc, table.ruleset, table.enc)
    table.set_state(table.enc)
    return names


def _read_house_rules(path: Path) -> dict[str, Any]:
    from combat_cli.store.tomlfile import read_toml

    return read_toml(path, "house-rules file")


@app.command(cls=clicommands.Command)
def play(
    file: Path = typer.Argument(..., metavar="FILE", help="the encounter file (made by combat new)"),
    script: str | None = typer.Option(None, "--script", "-s", metavar="FILE", help="run lines from a file (- for stdin)"),
    dice: str | None = DICE.option(None, "--dice",
                                    help="auto: the tracker rolls; manual: you type every "
                                         "roll; players: you type the PCs' rolls (default: "
                                         "as the file was left, else the config file's, "
                                         "else auto)"),
    seed: int | None = typer.Option(None, "--seed", metavar="N", parser=choices.integer, help="seed for auto dice"),
    lang: str | None = LANGS.option(None, "--lang",
                                    help="display language, for rulesets that have several"),
    serve: bool = typer.Option(False, "--serve", help="serve the table page and the "
                               "players' phones while you play (players shows how to join)"),
    host: str | None = typer.Option(None, "--host", metavar="HOST", help="with --serve: the address to listen "
                                    "on (default 127.0.0.1, this machine only; 0.0.0.0: the "
                                    "table's network)"),
    port: int = typer.Option(8321, "--port", metavar="PORT", parser=choices.integer, help="with --serve: the port (0 picks a free one)"),
) -> None:
    """Play (or resume) an encounter: the REPL, or a script."""
    from combat_cli.store.savefile import Lock, SaveError

    cfg = _config()
    _speak_for(file, lang, cfg)
    interactive = script is None and sys.stdin.isatty()
    if (host is not None or port != 8321) and not serve:
        _fail("--host and --port go with --serve (combat play FILE --serve --host 0.0.0.0)", 2)
    code = 0
    _exit_cleanly_on_signals()
    try:
        with Lock(file):
            web = (host, port) if serve else None
            if interactive:
                code = _play_interactive(file, dice, cfg.dice, seed, _lang(lang, cfg), web)
            else:
                code = _play_script(file, script, dice, cfg.dice, seed, _lang(lang, cfg), web)
    except SaveError as e:
        _fail(e)
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


def _served(base: FrontPort, web: tuple[str | None, int] | None) -> FrontPort:
    """The front end's port, with the players' phones when ``--serve`` was given."""
    if web is None:
        return base
    from combat_cli.repl.phones import PhonePort
    from combat_cli.web.server import ServeError

    try:
        port = PhonePort(base, *web)
    except ServeError as e:
        _fail(e)
    print(port.announce(), flush=True)
    return port


def _play_interactive(file: Path, dice: str | None, default: str, seed: int | None, lang: str,
                      web: tuple[str | None, int] | None) -> int:
    """The REPL. Only the JSON is checked before the prompt shows; the rest loads meanwhile."""
    from combat_cli import plugins
    from combat_cli.repl.port import ReplPort
    from combat_cli.repl.session import run_interactive
    from combat_cli.store.savefile import SaveError, read_raw

    raw = read_raw(file)
    if not plugins.known(raw["ruleset"]):
        raise SaveError("{path}: no ruleset {name} is installed (combat rulesets lists them)",
                        path=file, name=f'"{raw["ruleset"]}"')
    enc = raw.get("encounter")
    data = enc.get("data") if isinstance(enc, dict) else None
    saved = data.get("dice") if isinstance(data, dict) else None
    port = _served(ReplPort(), web)
    source = _dice(dice, seed, port, saved, default)
    run_interactive(file, raw, source, source.mode, lang, port, dice)
    return 0


def _play_script(file: Path, script: str | None, dice: str | None, default: str,
                 seed: int | None, lang: str, web: tuple[str | None, int] | None) -> int:
    from combat_cli.render.console import make_console
    from combat_cli.repl.driver import Driver
    from combat_cli.repl.port import ScriptPort
    from combat_cli.repl.script import ScriptLines, run_script
    from combat_cli.store.savefile import load

    lines = ScriptLines(_script_lines(script), live=web is not None and script in (None, "-"))
    port = _served(ScriptPort(lines), web)
    source = _dice(dice, seed, port, None, default)
    from combat_cli.render.output import print_resume

    driver = Driver(load(file, source, lang), file, make_console(), port)
    saved = source.start_saved = driver.table.enc.data.get("dice")
    if dice is None and saved in ("auto", "manual", "players"):
        source.mode = source.start_mode = saved
    driver.adopt_dice(dice)
    print_resume(driver.console, driver.table)   # a fight resumed: where it stands
    try:
        return run_script(driver, lines)
    finally:
        driver.close()


def _script_lines(script: str | None) -> Iterable[str]:
    if script is None or script == "-":
        return sys.stdin
    try:
        return Path(script).read_text(encoding="utf-8").splitlines()
    except OSError as e:
        _fail(_msg("can't read {path}: {problem}", path=str(script), problem=e.strerror or str(e)))
    except UnicodeDecodeError:
        _fail(_msg("{path} is not a text file", path=str(script)))


@app.command(cls=clicommands.Command)
def show(
    file: Path = typer.Argument(..., metavar="FILE", help="the encounter file"),
    json_: bool = typer.Option(False, "--json", help="the state as JSON"),
    player: bool = typer.Option(False, "--player", help="only what the players may see "
                                "(with --json: exactly what combat serve sends)"),
    show_rolls: bool = typer.Option(False, "--show-rolls", help="with --player: the dice too"),
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """Show an encounter: the round table, or its JSON."""
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import SaveError, load

    cfg = _config()
    _speak_for(file, lang, cfg)
    try:
        table = load(file, RandomDice(), _lang(lang, cfg))
    except SaveError as e:
        _fail(e)
    if player:
        from combat_cli.web.view import player_text

        text = player_text(table, show_rolls, as_json=json_)
        with _output():
            print(text)
        return
    if json_:
        from combat_cli.render.jsonview import public_json
        from combat_cli.textsafe import json_text

        text = json_text(public_json(table))
        with _output():
            print(text)
        return
    from combat_cli.render.output import print_state

    with _output():
        print_state(_make_console(), table)


@app.command(cls=clicommands.Command)
def serve(
    file: Path = typer.Argument(..., metavar="FILE", help="the encounter file (it may be open in combat play)"),
    host: str | None = typer.Option(None, "--host", metavar="HOST", help="listen on this address (default "
                                    "127.0.0.1, this machine only; 0.0.0.0 for the network)"),
    port: int = typer.Option(8321, "--port", metavar="PORT", parser=choices.integer, help="the port (0: any free one)"),
    show_rolls: bool = typer.Option(False, "--show-rolls", help="show the dice on the page"),
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """The players' live page: follows FILE and shows what players may see."""
    from combat_cli.store.savefile import SaveError

    if not 0 <= port <= 65535:
        _fail(_msg("--port is 0..65535, not {port}", port=port), 2)
    try:
        from combat_cli.web.server import ServeError
        from combat_cli.web.server import serve as run
    except ModuleNotFoundError as e:
        _fail(_msg("serve needs {module}: reinstall combat-cli (pip install -e .)", module=str(e.name)))
    cfg = _config()
    _speak_for(file, lang, cfg)
    try:
        run(file, host, port, _lang(lang, cfg), show_rolls)
    except (SaveError, ServeError) as e:
        _fail(e)
    except KeyboardInterrupt:
        pass
    from combat_cli.locale import _

    print(_("stopped"))


@app.command(cls=clicommands.Command)
def report(
    file: Path = typer.Argument(..., metavar="FILE", help="the encounter file"),
    format_: str = FORMATS.option("md", "--format", "-f",
                                 help="md (Markdown) or html"),
    out: Path | None = typer.Option(None, "-o", "--output", metavar="OUT", help="write it here (default, or "
                                    "-: print it)"),
    player: bool = typer.Option(False, "--player", help="for the players: every secret left out"),
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """The fight told back: who fought, round by round, wounds, who stands, what is due."""
    from combat_cli.dice import RandomDice
    from combat_cli.report.build import report as tell
    from combat_cli.store.savefile import SaveError, load

    if out is not None and str(out) == "-":
        out = None                                # -o -: the standard output
    if out is not None and out.exists() and file.exists() and out.resolve() == file.resolve():
        _fail(_msg("-o {out} is the encounter file itself: pick another name", out=str(out)), 2)
    cfg = _config()
    _speak_for(file, lang, cfg)
    try:
        table = load(file, RandomDice(), _lang(lang, cfg))
    except SaveError as e:
        _fail(e)
    text = tell(table, format_, player)
    if out is None:
        with _output():
            sys.stdout.write(text)
        return
    from combat_cli.store.fileio import write_new

    try:
        write_new(out, text)  # a link planted at OUT is replaced, never written through
    except OSError as e:
        _fail(_msg("can't write {path}: {problem}", path=str(out), problem=e.strerror or str(e)))
    from combat_cli.locale import _

    print(_("wrote {out}").format(out=out))


@app.command("rulesets", cls=clicommands.Command)
def list_rulesets(
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """List the installed rulesets."""
    from combat_cli import plugins
    from combat_cli.engine.domain.errors import CommandError
    from combat_cli.locale import _, text

    names = plugins.names()
    if not names:
        print(_("no rulesets installed"))
    from combat_cli.textsafe import escape_all

    for name in names:
        try:
            rs = plugins.load(name)
            title = _(rs.title) if rs.title else ""
        except CommandError as e:
            title = _("(broken: {problem})").format(problem=text(e))
        print(escape_all(f"{name:<12} {title}"))  # a plug-in's words never reach the terminal raw


@app.command(cls=clicommands.Command)
def roll(
    expr: list[str] = typer.Argument(..., metavar="EXPR...", help="a roll: 3d6+1, 4D+2, 6d10>=8, 1d12"),
    ruleset: str | None = RULESETS.option(None, "--ruleset", "-r",
                                       help="read EXPR in this ruleset's notation"),
    seed: int | None = typer.Option(None, "--seed", metavar="N", parser=choices.integer, help="seed the dice"),
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """Roll dice once and show every face."""
    from combat_cli.dice import RandomDice
    from combat_cli.locale import dice, n_

    spec = _roll_spec(expr, ruleset)
    r = RandomDice(seed).roll(spec)
    total = n_("{n} success", "{n} successes", r.total) if spec.is_pool else str(r.total)
    print(f"{dice(spec.text())}: [{' '.join(map(str, r.faces or ()))}] = {total}")


def _roll_spec(expr: list[str], ruleset: str | None) -> Any:
    """The typed words as one roll, in ``ruleset``'s notation (or the core's); a bad one
    stops here in one line."""
    from combat_cli.dice import DiceError, parse
    from combat_cli.dice.words import roll_expression
    from combat_cli.engine.domain.errors import CommandError

    try:
        if ruleset:
            from combat_cli import plugins

            return roll_expression(plugins.load(ruleset).parse_roll, expr)
        return roll_expression(parse, expr)
    except CommandError as e:
        _fail(e)
    except DiceError as e:
        _fail(e, 2)


@app.command(cls=clicommands.Command)
def odds(
    expr: list[str] = typer.Argument(..., metavar="EXPR...", help="a roll, then the result it must reach: "
                                     "4D+1 15, 6d10>=8 3, 1d12 9"),
    ruleset: str | None = RULESETS.option(None, "--ruleset", "-r",
                                       help="read EXPR in this ruleset's notation"),
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """The exact chance that a roll reaches a result (successes, for a pool)."""
    from combat_cli.dice import DiceError
    from combat_cli.dice.odds import chance
    from combat_cli.locale import _, dice, f_, n_, number
    from combat_cli.textsafe import long_number

    if len(expr) < 2:
        _fail("odds needs an expression and a target", 2)
    too_long = long_number(expr[-1])
    if too_long:
        from combat_cli.locale import Msg

        _fail(Msg(too_long[0], **too_long[1]), 2)
    try:
        target = int(expr[-1])
    except ValueError:
        _fail(_msg("the target must be a number, not {value}", value=repr(expr[-1])), 2)
    spec = _roll_spec(expr[:-1], ruleset)
    try:
        p = chance(spec, target)
    except DiceError as e:   # too big to work out in a moment
        _fail(e, 2)
    fraction = f" ({p.numerator}/{p.denominator})" if p.denominator < 10**9 else ""
    what = (n_("{n} success or more", "{n} successes or more", target) if spec.is_pool
            else _("{n} or more").format(n=target))
    percent = f_("{p}%", p=number(float(p) * 100, 1 if fraction else 2))
    print(f"{dice(spec.text())}: {what}: {percent}{fraction}")


@app.command(cls=clicommands.Command)
def demo(
    ruleset: str = RULESETS.option("d6", "--ruleset", "-r",
                                help="which ruleset's demo fight"),
    seed: int = typer.Option(7, "--seed", metavar="N", parser=choices.integer, help="seed for the dice (another number, another fight)"),
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
    pace: bool = typer.Option(False, "--pace", help="wait for Enter before each command"),
) -> None:
    """A short demo fight (no input needed; --pace: step by step)."""
    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.domain.errors import CommandError
    from combat_cli.engine.table import Table
    from combat_cli.repl import demo as told
    from combat_cli.repl.driver import Driver

    cfg = _config()
    try:
        rs = plugins.load(ruleset)
        table = Table.new(rs, RandomDice(seed), lang=_lang(lang, cfg))
    except CommandError as e:
        _fail(e)
    lines = rs.demo()
    if not lines:
        _fail(_msg("{ruleset} has no demo fight", ruleset=ruleset))
    if pace and not (sys.stdin.isatty() and sys.stdout.isatty()):
        from combat_cli.locale import _

        sys.stderr.write("combat: " + _("--pace needs a terminal; playing the demo straight "
                                        "through") + "\n")
        pace = False
    console = _make_console()
    driver = Driver(table, None, console)
    for line in told.intro(ruleset):
        console.print(line, style="note")
    code = told.run_demo(driver, lines, told.enter_or_quit if pace else None)
    driver.close()
    if code:
        raise typer.Exit(code)
    for line in told.outro(ruleset, pace, _invoked_as()):
        console.print(line, style="note")


@app.command(cls=clicommands.Command)
def paths(
    lang: str | None = LANGS.option(None, "--lang", help="display language"),
) -> None:
    """Where the config file, REPL history and error log are."""
    from combat_cli import paths as where
    from combat_cli.locale import _

    config = where.config_file()
    history = where.history_file()
    rows = [(_("config"), f"{config}{'' if config.is_file() else '  ' + _('(none yet: defaults apply)')}"),
            (_("history"), str(history) if history is not None else _("off (COMBAT_HISTORY is empty)")),
            (_("error log"), str(where.error_log()))]
    width = max(len(name) for name, _v in rows) + 2
    for name, value in rows:
        print(f"{name:<{width}}{value}")


def main() -> None:
    # pydantic otherwise scans every installed package for plug-ins on first use (~15 ms);
    # combat-cli uses none. A user who wants them can set the variable themselves.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from combat_cli import clilang
    from combat_cli.engine.domain.errors import CommandError

    lang = clilang.for_command(sys.argv[1:])
    try:
        command = typer.main.get_command(app)
        if lang == clilang.SOURCE:
            command()
        else:  # the command line's own words (help, usage errors) in that language too
            from combat_cli import clihelp
            from combat_cli.locale import use

            use(lang)
            clicommands.localize()
            code = clihelp.run(command)
            if code:
                sys.exit(code)
    except CommandError as e:  # a display hook that cannot read a damaged record: one line
        from combat_cli.locale import _, text

        sys.stderr.write(f"combat: {_('error')}: {text(e)}\n")
        sys.exit(1)
    except Exception as e:  # a bug: one line and the traceback in the error log
        from combat_cli.locale import Msg, text
        from combat_cli.paths import crash_line, record_crash

        where = crash_line(record_crash(" ".join(sys.argv)))
        what = " ".join(str(e).split())[:200]
        line = text(Msg("internal error ({what}); {where}", what=f"{type(e).__name__}: {what}",
                        where=where))
        sys.stderr.write(f"combat: {line}\n")
        sys.exit(1)



if __name__ == "__main__":
    main()
