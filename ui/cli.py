"""The `companion` command: run the app, script a table, check the machine, print the version."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from companion import __version__
from companion.games import IllegalAction
from companion.session import Session
from companion.store import Store


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Cellmate, the game master on the table.")
    parser.add_argument("--version", action="version", version=f"cellmate {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="start the touchscreen app")
    run.add_argument("--data-dir", type=Path, help="where games are saved (default: CELLMATE_DATA_DIR or the user data dir)")
    run.add_argument("--config", type=Path, help="the config file (default: CELLMATE_CONFIG or the user config dir)")
    run.add_argument("--size", metavar="WxH", help="window size, e.g. 800x480")
    run.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi's kiosk mode)")
    run.add_argument("--pads", type=_pad_count, metavar="N",
                     help="add N simulated seat pads (0 to 8): keys 1-8 press MAIN on that seat's pad, "
                          "Shift+1-8 DONE")
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

    args = parser.parse_args(argv)
    if args.command == "doctor":
        from hardware.doctor import run_doctor  # gpiozero and pyserial load only here
        return run_doctor(args)
    if args.command == "run":
        from ui.app import run_app  # Kivy loads only here
        return run_app(args)
    if args.command == "script":
        return run_script(args, sys.stdin, sys.stdout)
    parser.print_help()
    return 2


def _pad_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--pads takes a number of pads, not {text!r}") from None
    if not 0 <= count <= 8:
        raise argparse.ArgumentTypeError(f"--pads takes 0 to 8 pads, not {count}")
    return count


def _reply(out, ok: bool, **fields) -> None:
    out.write(json.dumps({"ok": ok, **fields}, ensure_ascii=False) + "\n")
    out.flush()  # one acknowledged line = one committed action


def _state_reply(session: Session) -> dict:
    return {"session": session.id, "head": session.head, "can_undo": session.can_undo,
            "can_redo": session.can_redo, "state": session.state,
            "legal": list(dict.fromkeys(spec.type for spec in session.game.legal_actions(session.state)))}


def run_script(args, inp, out) -> int:
    """One JSON line in, one JSON line out. A bad line changes nothing."""
    store = Store.memory() if args.memory else Store.open(args.data_dir)
    if store.notice:
        print(f"companion: {store.notice}: {store.notice_params}", file=sys.stderr)
    session = None
    failures = 0
    if args.resume:
        try:
            sid = store.last_unfinished() if args.resume == "last" else int(args.resume)
            if sid is None:
                raise IllegalAction("no_session", "there is no unfinished session to continue")
            session = Session.load(store, sid)
        except (IllegalAction, ValueError) as exc:
            _reply(out, False, error=str(exc))
            return 1
        _reply(out, True, **_state_reply(session))
    for line in inp:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("each line must be a JSON object")
        except ValueError as exc:
            failures += 1
            _reply(out, False, error=f"not a JSON object: {exc}")
            continue
        try:
            if session is None:
                session = _setup(store, request)
            else:
                _act(session, request)
        except IllegalAction as exc:
            failures += 1
            _reply(out, False, error=str(exc))
            continue
        _reply(out, True, **_state_reply(session))
    return 0 if failures == 0 else 1


def _setup(store: Store, request: dict) -> Session:
    if "game" not in request:
        raise IllegalAction("bad_setup", 'the first line sets up the table: {"game": ..., "players": [...], "options": {...}}')
    unknown = set(request) - {"game", "players", "options"}
    if unknown:
        raise IllegalAction("bad_setup", f"unknown setup fields: {', '.join(sorted(unknown))}")
    return Session.create(store, request["game"], request.get("players"), request.get("options"))


def _act(session: Session, request: dict) -> None:
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
