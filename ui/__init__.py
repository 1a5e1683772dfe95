"""The Omaha Nash desktop application (PySide6). Imports omahanash, never the reverse."""
