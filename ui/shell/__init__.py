"""The application around the tabs: the main window, its tabs list, sessions and settings, the
guide, the crash dialog, start-up, the platform check and the frozen app's start."""
