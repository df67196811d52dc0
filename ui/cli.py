"""The `companion` command: run the app, script a table, export the games, check the machine, print the version."""
from __future__ import annotations

import argparse
import gc
import json
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion import __version__

# The games, the store and the catalogue are imported by the command that uses them:
# `run` after it has turned the collector off (main), `script` and `export` as they start.
if TYPE_CHECKING:
    from companion.session import Session
    from companion.store import Store

SCRIPT_BUSY_WAIT = 30.0   # s a script waits for another program to finish with the saved games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Cellmate, the game master on the table.")
    parser.add_argument("--version", action="version", version=f"cellmate {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="start the touchscreen app")
    run.add_argument("--data-dir", type=Path, help="where games are saved (default: data_dir in the config, else CELLMATE_DATA_DIR, else the user data dir)")
    run.add_argument("--config", type=Path, help="the config file (default: CELLMATE_CONFIG or the user config dir)")
    run.add_argument("--size", metavar="WxH", help="window size, e.g. 800x480")
    run.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi's kiosk mode)")
    run.add_argument("--pads", type=_pad_count, metavar="N",
                     help="add N simulated seat pads (0 to 8): keys 1-8 press MAIN on that seat's pad, "
                          "Shift+1-8 DONE")
    run.add_argument("--verbose", action="store_true", help="show Kivy's own log in the terminal")
    run.add_argument("--quiet", action="store_true", help="print no start summary")
    group = run.add_mutually_exclusive_group()
    group.add_argument("--simulate", dest="simulate", action="store_true", default=None,
                       help="keyboard keys instead of GPIO buttons, buzzer cues on screen")
    group.add_argument("--gpio", dest="simulate", action="store_false",
                       help="use the GPIO buttons and buzzer (falls back to simulation, saying why, when there is no GPIO)")

    script = sub.add_parser("script", help="play a table from JSON lines on standard input")
    script.add_argument("--data-dir", type=Path, help="where games are saved")
    script.add_argument("--continue", dest="resume", metavar="SESSION", nargs="?", const="last",
                        help="go on with a saved session (its id, or the last unfinished one); no setup line then")
    script.add_argument("--memory", action="store_true", help="save nothing")

    doctor = sub.add_parser("doctor", help="check this machine: board, GPIO, buttons, buzzer, pads, display, data",
                            description="Say what Cellmate finds here, one line each; exit code 1 when "
                                        "something it needs is missing.")
    doctor.add_argument("--config", type=Path, help="the config file (default: CELLMATE_CONFIG, the user's "
                                                     "file, else the kiosk's /etc/cellmate/config.toml)")
    doctor.add_argument("--data-dir", type=Path, help="the data dir to check (default: as the app finds it)")
    doctor.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                        help="how long to wait for each button press and answer (default 10)")
    asking = doctor.add_mutually_exclusive_group()
    asking.add_argument("--interactive", dest="interactive", action="store_true", default=None,
                        help="ask for button presses even when standard input is not a terminal")
    asking.add_argument("--no-input", dest="interactive", action="store_false",
                        help="ask nothing: buttons are only opened and read (the default without a terminal)")
    doctor.add_argument("--no-beep", action="store_true", help="do not sound the buzzer")
    doctor.add_argument("--no-voice", action="store_true", help="do not say the voice's test sentence")

    export = sub.add_parser("export", help="write every saved game and its actions to files (secrets left out)",
                            description="Write all games, their results and their actions: JSON, CSV (games, "
                                        "players, actions) or a BG Stats play file. Secret values are never "
                                        "written. Default folder: a mounted USB stick, else the data dir.")
    export.add_argument("--format", choices=("json", "csv", "bgstats"), default="json", help="default json")
    export.add_argument("--out", type=Path, metavar="DIR", help="the folder to write to")
    export.add_argument("--data-dir", type=Path, help="where games are saved")

    args = parser.parse_args(argv)
    if args.command == "export":
        return run_export(args, sys.stdout, sys.stderr)
    if args.command == "doctor":
        from hardware.doctor import run_doctor  # gpiozero and pyserial load only here
        return run_doctor(args)
    if args.command == "run":
        kivy_log_to_terminal(args.verbose)
        # Start-up makes ~100,000 objects that live as long as the app (Kivy, the kv
        # rules, the screens): the collector would walk them again and again for
        # nothing. It is back on once the table is on the screen (ui/start.py _settle_heap).
        gc.disable()
        from ui.start import run_app  # Kivy loads only here
        try:
            return run_app(args)
        except Exception as exc:    # a bug: said in a line (and logged where Kivy keeps a log), not silence
            import logging
            logging.getLogger("cellmate").exception("Cellmate stopped")
            print(f"companion: Cellmate stopped on an unexpected error ({type(exc).__name__}: {exc}). "
                  "Start it with --verbose to see the whole report.",
                  file=sys.__stderr__ or sys.stderr)    # (Kivy's quiet log takes sys.stderr into its file)
            return 1
    if args.command == "script":
        return run_script(args, sys.stdin.buffer, sys.stdout.buffer)
    parser.print_help()
    return 2


def kivy_log_to_terminal(verbose: bool) -> None:
    """Kivy's own log in the terminal only with --verbose (it still goes to its log
    file). Kivy reads these when it is first imported: call this before."""
    import os
    if verbose:
        os.environ.pop("KIVY_NO_CONSOLELOG", None)
        os.environ["KIVY_LOG_MODE"] = "KIVY"     # its own handlers, to the terminal
    else:
        os.environ["KIVY_NO_CONSOLELOG"] = "1"


def _pad_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--pads takes a number of pads, not {text!r}") from None
    if not 0 <= count <= 8:
        raise argparse.ArgumentTypeError(f"--pads takes 0 to 8 pads, not {count}")
    return count


MAX_LINE = 64 * 1024   # bytes: a longer line is refused, not read into memory
MAX_DEPTH = 32         # nesting of arrays and objects; actions need three or four
EXIT_REFUSED = 1       # some lines were refused (the rest is saved)
EXIT_NOT_SAVED = 2     # saving failed or was never possible: see stderr and the replies


def _reply(out, ok: bool, **fields) -> None:
    """One JSON line, always UTF-8 whatever the locale says. Text that cannot be
    written as UTF-8 (an unpaired surrogate from an old file) is escaped instead."""
    body = {"ok": ok, **fields}
    try:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        data = json.dumps(body).encode("ascii")
    out.write(data + b"\n")
    out.flush()  # one acknowledged line = one committed action


def _state_reply(session: Session) -> dict:
    """The whole state (a script is the tests' view, not the table's), and beside it the
    fields of it the rules keep secret now (Game.secrets): what no screen shows."""
    return {"session": session.id, "head": session.head, "can_undo": session.can_undo,
            "can_redo": session.can_redo, "state": session.state,
            "secret": session.game.secret_fields(session.state, veiled=session.veiled()),
            "legal": list(dict.fromkeys(spec.type for spec in session.game.legal_actions(session.state)))}


class BadLine(ValueError):
    """A line that is not a request: the reply says why."""


def _lines(inp):
    """(line, problem) for each line of the byte stream: a line longer than
    MAX_LINE is skipped to its end and given as a problem, not held in memory."""
    while True:
        chunk = inp.readline(MAX_LINE + 1)
        if not chunk:
            return
        if len(chunk) > MAX_LINE and not chunk.endswith(b"\n"):
            size = len(chunk)
            while chunk and not chunk.endswith(b"\n"):
                chunk = inp.readline(MAX_LINE)
                size += len(chunk)
            size -= chunk.endswith(b"\n")
            yield None, f"the line is too long ({size:,} bytes; at most {MAX_LINE:,})"
            continue
        yield chunk, None


def _no_constant(name):
    raise BadLine(f"{name} is not a number JSON allows")


def parse_request(raw: bytes) -> dict | None:
    """The JSON object on one line; None for a blank line; BadLine says what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadLine(f"the line is not UTF-8 text (byte 0x{raw[exc.start]:02x} at position {exc.start})") from None
    text = text.lstrip("\ufeff").strip(" \t\r\n")   # JSON's whitespace: a control character is not blank
    if not text:
        return None
    try:
        request = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BadLine(f"not a JSON object: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # JSONDecodeError, a number too long to read
        raise BadLine(f"not a JSON object: {exc}") from None
    if not isinstance(request, dict):
        raise BadLine("not a JSON object: each line must be a JSON object")
    _check_values(request)
    return request


def _check_values(value) -> None:
    """No deeper than MAX_DEPTH, no infinite number, no text that cannot be
    stored or shown (an unpaired surrogate); checked without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadLine(f"not a JSON object: nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
            stack.extend((k, depth) for k in item)
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise BadLine("a number is too large")
        elif isinstance(item, str) and any("\ud800" <= ch <= "\udfff" for ch in item):
            raise BadLine("a text holds a broken character (an unpaired surrogate); send it as UTF-8")


def run_script(args, inp, out, err=None) -> int:
    """One JSON line in, one JSON line out. A refused line changes nothing, and
    "ok": true is only said for an action committed to disk (or with --memory)."""
    from companion.store import Store

    err = err or sys.stderr

    def say(text: str) -> None:
        print(f"companion: {text}", file=err, flush=True)

    if args.memory:
        store = Store.memory()
    else:
        store = Store.open(args.data_dir, fallback=False, busy_wait=SCRIPT_BUSY_WAIT, owner="script",
                           on_busy=lambda path: say(f"waiting: {path} is locked by another program"))
    try:
        return _play(store, args, inp, out, say)
    finally:
        store.close()   # lets go of the game at once, not only when the process ends


def _play(store: Store, args, inp, out, say) -> int:
    from companion.controller import REFUSED
    from companion.games import IllegalAction
    from companion.i18n import Catalogue
    from companion.session import Session
    from companion.store import PATH_PARAMS, StoreError

    store.on_busy = lambda path: say(f"waiting: {path} is locked by another program")
    if store.waiting is not None:
        _reply(out, False, error=f"the saved games ({store.waiting}) stayed locked by another program for "
                                 f"{SCRIPT_BUSY_WAIT:.0f} s; nothing was done (close it and try again)")
        return EXIT_NOT_SAVED
    if store.notice:
        en = Catalogue("en")
        say(en(store.notice, **store.notice_params))
        for name, key in PATH_PARAMS.items():      # the screen keeps paths for About; here they belong
            if name in store.notice_params:
                say("  " + en(key, **{name: store.notice_params[name]}))
    if store.refusal is not None:
        say("nothing can be saved: every action will be refused (--memory plays without saving)")
        if store.path is None:
            _reply(out, False, error=str(store.refusal))
            return EXIT_NOT_SAVED
    session = None
    failures = 0
    unsaved = False
    if args.resume:
        if args.resume != "last" and not args.resume.isdigit():
            _reply(out, False, error=f"--continue takes a session number, not {args.resume!r}")
            return EXIT_REFUSED
        try:
            sid = store.last_unfinished() if args.resume == "last" else int(args.resume)
            if sid is None:
                raise IllegalAction("no_session", "there is no unfinished session to continue")
            session = Session.load(store, sid)
        except REFUSED as exc:
            _reply(out, False, error=str(exc))
            return EXIT_NOT_SAVED if isinstance(exc, StoreError) else EXIT_REFUSED
        _reply(out, True, **_state_reply(session))
    for raw, problem in _lines(inp):
        before = (session.id, session.head, session.length) if session is not None else None
        try:
            if problem:
                raise BadLine(problem)
            request = parse_request(raw)
            if request is None:
                continue
            if session is None:
                session = _setup(store, request)
            else:
                _act(session, request)
            reply = _state_reply(session)
        except (BadLine, *REFUSED) as exc:
            failures += 1
            if isinstance(exc, StoreError) and not unsaved:
                say(f"{exc}; " + ("every later action is refused too" if store.refusal else "nothing changed"))
            unsaved |= isinstance(exc, StoreError)
            _reply(out, False, error=str(exc))
            continue
        except Exception as exc:  # a defect of ours: say it in one line, never a traceback
            failures += 1
            changed = session is not None and before != (session.id, session.head, session.length)
            _reply(out, False, error=f"internal error ({type(exc).__name__}: {exc}); "
                                     + ("the action was saved" if changed else "nothing was changed"),
                   **({"head": session.head} if changed else {}))
            continue
        _reply(out, True, **reply)
    if unsaved:
        return EXIT_NOT_SAVED
    return 0 if failures == 0 else EXIT_REFUSED


def run_export(args, out, err) -> int:
    """`companion export`: the files written, one a line; a problem in one line on stderr, exit 2."""
    from companion import export
    from companion.store import DB_NAME, Store, default_data_dir

    def fail(text: str) -> int:
        print(f"companion export: {text}", file=err, flush=True)
        return EXIT_NOT_SAVED

    try:
        data_dir = args.data_dir or default_data_dir()
        if not (Path(data_dir) / DB_NAME).exists():
            return fail(f"there are no saved games in {data_dir}")
        store = Store.open(data_dir, fallback=False, busy_wait=SCRIPT_BUSY_WAIT, owner="script")
    except Exception as exc:     # never a traceback
        return fail(f"the saved games cannot be opened: {exc}")
    try:
        if store.waiting is not None:
            return fail(f"the saved games ({store.waiting}) stayed locked by another program")
        params = store.notice_params
        if store.notice in ("store.corrupt", "store.other"):
            return fail(f"the saved games file could not be read ({params.get('reason')}); it was moved aside "
                        f"to {params.get('moved')} and nothing was exported")
        if store.path is None:
            return fail(f"the saved games cannot be read: {params.get('reason') or store.notice}")
        folder = export.destination(args.out, data_dir)
        written = export.write(store, args.format, folder)
    except export.ExportError as exc:
        return fail(str(exc))
    except Exception as exc:     # a defect of ours: one line, never a traceback
        return fail(f"internal error ({type(exc).__name__}: {exc}); nothing more was written")
    finally:
        store.close()
    for path in written:
        print(path, file=out, flush=True)
    return 0


def _setup(store: Store, request: dict) -> Session:
    from companion.games import IllegalAction
    from companion.session import Session

    if "game" not in request:
        raise IllegalAction("bad_setup", 'the first line sets up the table: {"game": ..., "players": [...], "options": {...}}')
    unknown = set(request) - {"game", "players", "options"}
    if unknown:
        raise IllegalAction("bad_setup", f"unknown setup fields: {', '.join(sorted(unknown))}")
    return Session.create(store, request["game"], request.get("players"), request.get("options"))


def _act(session: Session, request: dict) -> None:
    from companion.games import IllegalAction

    kind = request.get("action", request.get("type"))
    if kind == "undo":
        session.undo()
    elif kind == "redo":
        session.redo()
    else:
        if not isinstance(kind, str):
            raise IllegalAction("bad_action", 'each line after the setup names an action: {"action": "roll", ...}')
        action = {k: v for k, v in request.items() if k != "action"}
        action["type"] = kind
        session.act(action)


if __name__ == "__main__":
    sys.exit(main())
