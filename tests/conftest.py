"""Every test runs headless and never touches a user's Kivy config or data."""
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
if "KIVY_HOME" not in os.environ:
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="cellmate-kivy-")
if os.environ.get("PYTEST_XDIST_WORKER"):     # each worker its own Kivy config: no race writing config.ini
    os.makedirs(os.environ["KIVY_HOME"], exist_ok=True)
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix=os.environ["PYTEST_XDIST_WORKER"] + "-",
                                               dir=os.environ["KIVY_HOME"])
os.environ.pop("CELLMATE_DATA_DIR", None)
os.environ.pop("CELLMATE_CONFIG", None)

import logging  # noqa: E402

from hardware.mainthread import use_waking_clock  # noqa: E402

# Kivy's notes on making its config in a fresh KIVY_HOME come as this imports it, before
# pytest captures anything: kept off the terminal (they still reach pytest's log capture)
logging.getLogger("kivy").addHandler(logging.NullHandler())
use_waking_clock()   # the clock the app runs on (ui/app.py), whichever test module imports Kivy first
