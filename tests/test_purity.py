"""companion/ is the pure core: no Kivy, GPIO, serial, hardware or ui in it."""
import ast
import subprocess
import sys
from pathlib import Path

FORBIDDEN = {"kivy", "gpiozero", "serial", "RPi", "lgpio", "hardware", "ui", "smbus"}
CORE = Path(__file__).parent.parent / "companion"


def test_no_module_in_companion_imports_ui_or_hardware_code():
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                names = [a.value for a in node.args if isinstance(a, ast.Constant)]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_the_whole_core_loads_none_of_them():
    code = (
        "import sys, pkgutil, importlib, companion\n"
        "for m in pkgutil.walk_packages(companion.__path__, 'companion.'): importlib.import_module(m.name)\n"
        "print(' '.join(sorted({n.split('.')[0] for n in sys.modules})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=CORE.parent).stdout.split()
    assert FORBIDDEN.isdisjoint(out)
