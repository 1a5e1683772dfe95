"""The Review tab's "From tracker database…": the dialog (the settings keep host, port,
database and user, never the password), its Qt-free form, and a review of the real test
server's database shown in the tab."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from omahanash.errors import InputError
from tests.tracker.conftest import PASSWORD, SUPERUSER, create_pt4, split_hands
from ui.review import tab as tab_module
from ui.review.tab import ReviewTab
from ui.review.tracker.dialog import TrackerDialog
from ui.review.tracker.model import TrackerForm


def test_the_form_checks_each_field():
    assert TrackerForm().url() == "host=localhost port=5432 dbname='PT4 DB' user=postgres"
    for form, argument in ((TrackerForm(port="70000"), "port"),
                           (TrackerForm(user=" "), "user"),
                           (TrackerForm(since="May 1st"), "--since"),
                           (TrackerForm(limit="ten"), "--limit")):
        with pytest.raises(InputError) as caught:
            form.url()
            form.filters()
        assert caught.value.argument == argument
    assert "password" not in TrackerForm.from_settings({"password": "x"}).settings_values()


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _fill(dialog: TrackerDialog, server, database: str) -> None:
    dialog.host_edit.setText(server.host)
    dialog.port_edit.setText(str(server.port))
    dialog.database_edit.setText(database)
    dialog.user_edit.setText(SUPERUSER)
    dialog.password_edit.setText(PASSWORD)


def test_the_dialog_never_saves_the_password(qtbot, settings, tmp_path, pg_server):
    dialog = TrackerDialog(settings=settings)
    qtbot.addWidget(dialog)
    assert dialog.database_edit.text() == "PT4 DB" and dialog.port_edit.text() == "5432"
    _fill(dialog, pg_server, "tab db")
    dialog.since_edit.setText("not a date")
    dialog.accept()
    assert dialog.result() != TrackerDialog.DialogCode.Accepted
    assert "--since" in dialog.error.text()
    dialog.since_edit.setText("2024-01-01")
    dialog.accept()
    assert dialog.result() == TrackerDialog.DialogCode.Accepted
    settings.sync()
    saved = (tmp_path / "settings.ini").read_text()
    assert PASSWORD not in saved and "tab db" in saved
    settings.beginGroup("review/tracker")
    assert sorted(settings.allKeys()) == ["database", "host", "port", "user"]
    settings.endGroup()
    again = TrackerDialog(settings=settings)
    qtbot.addWidget(again)
    assert (again.host_edit.text(), again.database_edit.text(), again.password_edit.text()) \
        == (pg_server.host, "tab db", "")


def test_the_tab_reviews_a_database(qtbot, settings, pg_server, monkeypatch, tmp_path):
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    monkeypatch.delenv("PGPASSWORD", raising=False)  # the dialog's password field serves
    create_pt4(pg_server, "tab db", split_hands())
    tab = ReviewTab()
    qtbot.addWidget(tab)
    assert tab.findChild(type(tab.open_button), "reviewTrackerButton") is tab.tracker_button

    def dialog_accepted(parent, vs, payouts):  # the dialog as a user fills it
        dialog = TrackerDialog(parent, settings=settings)
        _fill(dialog, pg_server, "tab db")
        dialog.tournament_edit.setText("4100000001")
        dialog.accept()
        return dialog.job(None, vs, payouts)

    monkeypatch.setattr(tab_module, "review_from_tracker", dialog_accepted)
    tab.tracker_button.click()
    qtbot.waitUntil(lambda: not tab.runner.running and tab.report is not None, timeout=120_000)
    report = tab.report
    assert report.hero == "Hero" and report.hands == 2
    assert [spot.hand_id for spot in report.spots] == ["410001", "410002"]
    assert [t.tournament for t in report.tournaments] == ["4100000001"]
    assert tab.model.rowCount() == 2
    assert PASSWORD not in tab.summary.toHtml()
