"""Cellmate's user interfaces: the Kivy screens and the `companion` command line.

Importing this package loads no Kivy; only `ui.app` does, when the app runs.
"""
