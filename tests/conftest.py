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


def pytest_collection_finish(session):
    """The collector's full passes, made rarer: each UI test builds and drops an app of
    some 100,000 Kivy objects in cycles, and a full pass walks every live one. With
    Python's default (one in 10 of the middle passes) a worker spent about a third of its
    time collecting; one in 300 keeps memory bounded (some 500 MB a worker at most) at a
    fraction of that. A pass walks the app of the test running then too: one in 100 took
    15% more CPU over the UI tests than one in 300, and one in 1000 no less. What was
    imported to collect the tests lives as long as the worker: frozen out of the passes,
    as ui/start.py does for the app. The app's own collection is left as it is: this is
    the test worker's, which builds many apps, not the app's, which builds one."""
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 300)
