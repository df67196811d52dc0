# Shared set-up for scripts/run, scripts/test and scripts/bench: sourced, not run.
# Makes .venv when missing and (re)installs the project when pyproject.toml changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${CELLMATE_VENV:-$ROOT/.venv}"

# System libraries Kivy's SDL2 wheel loads at run time (GL/EGL for the window,
# mtdev for touch screens), and espeak-ng for speech. Installed with apt-get only when missing and root.
need_debs=()
have_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }
have_lib 'libEGL.so.1' || need_debs+=(libegl1)
have_lib 'libGL.so.1' || need_debs+=(libgl1)
have_lib 'libmtdev.so.1' || need_debs+=(libmtdev1)
[ -e /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so ] || [ -d /usr/lib/aarch64-linux-gnu/dri ] || need_debs+=(libgl1-mesa-dri)
# Cellmate's voice (offline, English and German): without it the app says "no voice" and plays on.
command -v espeak-ng >/dev/null || need_debs+=(espeak-ng)
# The USB stick tests (tests/test_stick.py): FAT32 and exFAT images, made and mounted as root
# (by the FUSE drivers where the kernel has no vfat or exfat, as in a container).
have_cmd() { PATH="$PATH:/usr/sbin:/sbin" command -v "$1" >/dev/null; }
have_cmd mkfs.vfat || need_debs+=(dosfstools)
have_cmd mkfs.exfat || need_debs+=(exfatprogs)
have_cmd fusefat || need_debs+=(fusefat)
have_cmd mount.exfat-fuse || need_debs+=(exfat-fuse)
# The phones' page tested in a real browser (tests/test_phones_browser.py): Debian's headless
# Chromium and its WebDriver, driven by Selenium.
have_cmd chromium || need_debs+=(chromium)
have_cmd chromedriver || need_debs+=(chromium-driver)
if [ ${#need_debs[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "cellmate: installing system packages: ${need_debs[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null || true
        apt-get install -y -qq "${need_debs[@]}" >/dev/null
    else
        echo "cellmate: missing system packages (${need_debs[*]}); install them with apt-get as root" >&2
    fi
fi

if [ ! -x "$VENV/bin/python" ]; then
    echo "cellmate: creating $VENV"
    python3 -m venv "$VENV"
fi
stamp="$VENV/.cellmate-installed"
want="$(cat "$ROOT/pyproject.toml" | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "cellmate: installing the project into $VENV (log: $VENV/install.log)"
    if ! { "$VENV/bin/python" -m pip install --upgrade pip &&
           "$VENV/bin/python" -m pip install -e "$ROOT[test]"; } >"$VENV/install.log" 2>&1; then
        tail -n 30 "$VENV/install.log" >&2
        echo "cellmate: installing failed; the whole log is in $VENV/install.log" >&2
        exit 1
    fi
    echo "$want" > "$stamp"
fi

# Cellmate's own bytecode, as a regular pip install would compile it: an editable
# install never does, and with PYTHONDONTWRITEBYTECODE set Python compiles every
# module again at each start (~0.1 s of a cold start). Up-to-date files are skipped.
"$VENV/bin/python" -m compileall -q "$ROOT/companion" "$ROOT/ui" "$ROOT/hardware" >/dev/null || true
# The text catalogue's cache (companion/i18n.py, "The cache"): a start reads it instead of
# parsing the .ftl files; made anew only where a file changed. Without it a start just reads them.
"$VENV/bin/python" -c "from companion.i18n import write_caches; write_caches()" >/dev/null 2>&1 || true
