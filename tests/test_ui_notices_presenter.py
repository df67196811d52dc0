"""The banner's notices and the toasts' words (ui/notices.py), without Kivy: the
store's own notice first, the others in turn, each in the table's language."""
from companion.i18n import Catalogue
from companion.store import Store
from ui.notices import Notices


class View:
    def __init__(self):
        self.notice_text = ""
        self.toasts = []

    def show_toast(self, text, kind="info", seconds=3.0):
        self.toasts.append((text, kind, seconds))


def make(store=None, lang="en"):
    words = {"t": Catalogue(lang)}
    view = View()
    return Notices(store or Store.memory(), lambda: words["t"], view), view, words


def test_notices_show_one_at_a_time_in_the_order_they_came():
    notices, view, _ = make()
    notices.add("notice.config", count=2)
    notices.add("notice.pads")
    assert view.notice_text == Catalogue("en")("notice.config", count=2)
    notices.dismiss()
    assert view.notice_text == Catalogue("en")("notice.pads")
    notices.dismiss()
    notices.dismiss()                       # none left: nothing to take away
    assert view.notice_text == ""


def test_a_notice_said_once_is_not_queued_again():
    notices, view, _ = make()
    notices.once("notice.no_voice")
    notices.once("notice.no_voice")
    assert notices.items == [("notice.no_voice", {})]


def test_the_stores_notice_comes_first_and_goes_when_the_store_is_well_again():
    store = Store.memory()
    notices, view, _ = make(store)
    notices.add("notice.pads")
    store.notice, store.notice_params = "store.full", {}
    notices.check_store()
    assert notices.items[0] == ("store.full", {}) and view.notice_text == Catalogue("en")("store.full")
    store.notice = None
    notices.check_store()
    assert notices.items == [("notice.pads", {})]


def test_the_banner_follows_the_tables_language():
    notices, view, words = make()
    notices.add("notice.pads")
    words["t"] = Catalogue("de")
    notices.show()
    assert view.notice_text == Catalogue("de")("notice.pads") != Catalogue("en")("notice.pads")


def test_a_toast_is_shown_and_its_words_kept():
    notices, view, _ = make()
    notices.toast("Nothing to redo.", "error")
    assert view.toasts == [("Nothing to redo.", "error", 3.0)] and notices.last_toast == "Nothing to redo."
