from ui.app import create_main_window


def test_main_window_title(qtbot):
    window = create_main_window()
    qtbot.addWidget(window)
    assert window.windowTitle() == "Omaha Nash"
