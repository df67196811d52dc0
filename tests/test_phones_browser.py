"""The phones' page in a real browser: Debian's headless Chromium driven by Selenium,
several browsers at once as several seats, at phone size (390x844). Each joins through
the address read from the QR code in a screenshot of the Pi's dialog; they roll, drop
off and come back, and vote in secret. Screenshots in English and German go to
build/screenshots/phones-*.png."""
import shutil
import time

import pytest

from companion.config import Config, Phones
from ui_fixtures import SHOTS, kivy_window, make_ui, to_gun_vote  # noqa: F401
from test_phones_core import first_heist_taken
from test_phones_table import open_dialog, qr_address

pytestmark = pytest.mark.ui


@pytest.fixture(autouse=True)
def chromium_there():
    """Not skipped where they are missing: scripts/_setup.sh installs Debian's chromium and
    chromium-driver; a machine without them fails here saying so."""
    missing = [name for name in ("chromium", "chromedriver") if not shutil.which(name)]
    assert not missing, f"{', '.join(missing)} missing: run ./scripts/test, which installs chromium and chromium-driver"
PHONE = (390, 844)
COLOURS = ("orange", "sky", "green", "yellow")


class Browsers:
    """Headless Chromiums, one per phone (each its own profile: its own seat key), started
    as the tests first ask for them and shared by the tests of this module (of a worker)."""

    def __init__(self):
        self.drivers: list = []

    def take(self, count: int) -> list:
        from concurrent.futures import ThreadPoolExecutor
        more = count - len(self.drivers)
        if more > 0:
            with ThreadPoolExecutor(more) as pool:          # started side by side
                self.drivers += list(pool.map(lambda _: self._one(), range(more)))
        return self.drivers[:count]

    @staticmethod
    def _one():
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    f"--window-size={PHONE[0]},{PHONE[1]}", "--hide-scrollbars", "--no-first-run",
                    "--disable-extensions", "--disable-background-networking"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",   # a phone's screen, its whole page
                               {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
        return driver

    def quit(self):
        for driver in self.drivers:
            driver.quit()


@pytest.fixture(scope="module")
def browsers():
    pool = Browsers()
    yield pool
    pool.quit()


def players(names):
    return [{"name": n, "colour": COLOURS[i], "letter": n[0]} for i, n in enumerate(names)]


def until(ui, check, seconds=8.0, what="it"):
    """Pump the table (a phone's message reaches it on Kivy's clock) until `check()` is true."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ui.pump(1)
        value = check()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"no {what} within {seconds} s")


def text(driver, element_id) -> str:
    from selenium.webdriver.common.by import By
    element = driver.find_element(By.ID, element_id)
    return element.text if element.is_displayed() else ""


def join(ui, driver, address, seat, picture=None):
    """Open the address, tap the seat, wait for the seat's own view."""
    from selenium.webdriver.common.by import By
    driver.get(address)
    button = until(ui, lambda: [b for b in driver.find_elements(By.CSS_SELECTOR, "#seats button")][seat:seat + 1],
                   what="seat buttons")[0]
    if picture:
        shot(ui, driver, picture)
    button.click()
    until(ui, lambda: driver.find_element(By.ID, "game").is_displayed(), what="the seat's view")


def click(driver, selector, label=None):
    from selenium.webdriver.common.by import By
    for button in driver.find_elements(By.CSS_SELECTOR, selector):
        if button.is_displayed() and button.is_enabled() and (label is None or button.text == label):
            button.click()
            return True
    return False


def table_with_phones(make_ui, lang, game_id, names, options=None):
    """The table in `lang`, its phones switched on and open, `game_id` begun for `names`."""
    ui = make_ui(seat=0, config=Config(language=lang, phones=Phones(enabled=True, port=0)))
    table = ui.app.table
    assert table.phones.open(host="127.0.0.1") is not None
    table.start_game(game_id, players(names), options or {})
    ui.pump(2)
    return ui, table


def seat_figures(driver) -> list[list[str]]:
    """The figures under each seat in the phone's list of the table, as shown."""
    from selenium.webdriver.common.by import By
    return [[figure.text for figure in row.find_elements(By.CSS_SELECTOR, ".figure")]
            for row in driver.find_elements(By.CSS_SELECTOR, "#players li")]


def shot(ui, driver, name, settle=0.1):
    driver.execute_script("document.body.classList.remove('flash')")    # the turn's flash, over at once
    time.sleep(settle)
    ui.pump(1)
    path = SHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(path))
    return path


def test_phones_join_by_the_qr_code_roll_drop_and_come_back(make_ui, browsers):
    anna, ben = browsers.take(2)
    ui, table = table_with_phones(make_ui, "en", "dice", ("Anna", "Ben"))
    open_dialog(ui)
    address = qr_address(ui.shot("phones-dialog-qr"))
    assert address == table.phones.address()
    join(ui, anna, address, 0)
    join(ui, ben, address, 1, picture="phones-join-en")
    assert set(table.phones.server.registry.seated()) == {0, 1}
    assert until(ui, lambda: text(anna, "prompt") == "Your turn", what="Anna's turn")
    assert text(ben, "prompt") == "Waiting for Anna"
    head = table.session.head
    assert click(anna, "#buttons button.primary")             # Anna rolls from her phone
    until(ui, lambda: table.session.head == head + 1, what="the roll")
    until(ui, lambda: text(ben, "news") != "", what="the news on Ben's phone")
    # each seat's last roll, as on its token round the table: on every phone
    rolled = f"Rolled {table.session.state['seat_rolls'][0][0]}"
    for phone in (anna, ben):
        figures = until(ui, lambda: seat_figures(phone)[0][-1:] == [rolled] and seat_figures(phone),
                        what="Anna's roll on the phone")
        assert figures[1] == ["–"]                              # Ben has not rolled yet
    shot(ui, anna, "phones-dice-en")

    # Ben's phone drops off the Wi-Fi; the table plays on; he comes back to his seat and catches up
    server = table.phones.server
    phone = server.registry.holder(1)
    server.loop.call_soon_threadsafe(lambda: __import__("asyncio").ensure_future(server._sockets[phone].close()))
    until(ui, lambda: not phone.connected, what="the drop")
    table.perform_all([a for a in [_next_action(table)] if a])
    version = table.session.head
    until(ui, lambda: phone.connected and text(ben, "prompt") != "", what="Ben back")
    ben.refresh()                 # the page reloaded: its seat key (kept by the browser) brings it back
    until(ui, lambda: text(ben, "game-title").startswith("Ben"), what="Ben's seat after a reload")
    assert table.phones.server.registry.holder(1) is phone and table.session.head == version


def _next_action(table):
    """A step of the dice table from the Pi (DONE: the next player), whatever it is."""
    from companion.pads import pad_action
    state = table.session.state
    return pad_action(state, state.get("current", 0), 2) or pad_action(state, state.get("current", 0), 1)


def test_four_phones_vote_in_secret_in_german(make_ui, browsers):
    browsers = browsers.take(4)
    names = ("Anna", "Ben", "Cleo", "Dora")
    ui, table = table_with_phones(make_ui, "de", "snitch", names, {"vote": "secret"})
    assert table.session.setup["options"]["vote"] == "secret"
    open_dialog(ui)
    address = qr_address(ui.shot("phones-dialog-de"))
    ui.modal().dismiss()
    for seat, driver in enumerate(browsers):
        join(ui, driver, address, seat, picture="phones-join-de" if seat == 3 else None)
    to_gun_vote(ui.app)
    ui.pump(2)
    assert ui.app.sm.current == "vote"
    ballot = table.session.game.ballot(table.session.state)
    until(ui, lambda: all(text(d, "vote-question") for d in browsers), what="the vote on every phone")
    shot(ui, browsers[0], "phones-vote-de")
    voters = list(ballot.voters)
    for n, seat in enumerate(voters):
        driver = browsers[seat]
        choice = names[ballot.candidates[0]] if ballot.candidates[0] != seat else names[ballot.candidates[-1]]
        assert click(driver, "#candidates button", choice)
        if n < len(voters) - 1:
            until(ui, lambda: table.pad_table.has_voted(seat), what="the ballot held")
            assert table.session.game.ballot(table.session.state) is not None     # nothing counted yet
            until(ui, lambda: "abgegeben" in text(driver, "vote-voted"), what="'voted' on the phone")
    until(ui, lambda: table.session.game.ballot(table.session.state) is None, what="the totals counted")
    until(ui, lambda: not browsers[0].find_element("id", "vote").is_displayed(), what="the vote gone")
    # each seat's pieces and figures as its token says them: the Soap, the gun, the cards in hand
    from companion.i18n import Catalogue
    board = table.session.game.board(table.session.view, Catalogue("de"))
    figures = seat_figures(browsers[1])
    assert figures == [["Seife", "Pistole", "6 Karten"], ["7 Karten"], ["7 Karten"], ["6 Karten"]]
    assert [row[-len(v.figures):] for row, v in zip(figures, board.seats)] == [list(v.figures) for v in board.seats]
    shot(ui, browsers[1], "phones-after-vote-de")


def play_until(table, phase):
    """The first legal step, from the Pi, until the game is in `phase`."""
    session = table.session
    for _ in range(50):
        if session.state["phase"] == phase:
            return
        spec = session.game.legal_actions(session.state)[0]
        action = {"type": spec.type, **({"player": spec.player} if spec.player is not None else {})}
        for name, param in spec.params.items():
            action[name] = list(param.choices)[0] if param.kind in ("seat", "choice") else \
                (param.minimum or 0) if param.kind == "int" else False
        assert table.perform(action).ok, action
    raise AssertionError(f"never {phase}")


def test_sing_sing_the_file_holder_notes_the_bar_on_the_phone_and_every_phone_counts_down(make_ui, browsers):
    browsers = browsers.take(4)
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    ui, table = table_with_phones(make_ui, "en", "singsing", ("Anna", "Ben", "Cleo", "Dora"))
    for seat, driver in enumerate(browsers):
        join(ui, driver, table.phones.address(), seat)
    play_until(table, "remove")
    holder = table.session.state["file"]
    phone, other = browsers[holder], browsers[(holder + 1) % 4]
    form = until(ui, lambda: phone.find_elements(By.CSS_SELECTOR, "#forms form"), what="the bar's form")[0]
    window = form.find_element(By.NAME, "window")
    window.clear()
    window.send_keys("3")
    Select(form.find_element(By.NAME, "bar")).select_by_index(1)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    until(ui, lambda: table.session.state.get("taken"), what="the bar noted")
    said = until(ui, lambda: text(phone, "private"), what="the bar on the holder's phone")
    assert "3" in said
    assert text(other, "private") == "" and said not in other.page_source     # only the holder knows it
    shot(ui, phone, "phones-singsing-en")
    assert click(phone, "#buttons button.primary")          # MAIN: the guess timer starts
    until(ui, lambda: all(text(d, "countdown-left").endswith(" s") for d in browsers), what="every phone's countdown")
    shot(ui, other, "phones-countdown-en")


def test_heist_gems_are_coloured_pips_on_every_phone_as_on_the_tokens(make_ui, browsers):
    """Anna takes a heist: every phone shows her gems as pips of their colours, after her
    team, heists and Starter Cash, as her token round the table does."""
    from selenium.webdriver.common.by import By
    anna, ben = browsers.take(2)
    ui, table = table_with_phones(make_ui, "en", "heist", ("Anna", "Ben"))
    for seat, driver in enumerate((anna, ben)):
        join(ui, driver, table.phones.address(), seat)
    for action in first_heist_taken():
        assert table.perform(action).ok, action
    gems = {c: n for c, n in table.session.state["seats"][0]["gems"].items() if n}
    assert gems
    row = until(ui, lambda: ben.find_elements(By.CSS_SELECTOR, "#players li .pip") and
                ben.find_elements(By.CSS_SELECTOR, "#players li")[0], what="Anna's gems on Ben's phone")
    assert seat_figures(ben)[0] == ["team 1", "1 heist", "1 cash"] + [f"\u25cf{n}" for n in gems.values()]
    dots = [dot.value_of_css_property("color") for dot in row.find_elements(By.CSS_SELECTOR, ".pip .dot")]
    want = {"orange": "rgba(230, 159, 0, 1)", "sky": "rgba(86, 180, 233, 1)", "clear": "rgba(232, 244, 255, 1)"}
    assert dots == [want[c] for c in gems]
    assert seat_figures(ben)[1] == ["team 1", "0 heists", "1 cash"]
    shot(ui, ben, "phones-heist-en")
