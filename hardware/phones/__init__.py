"""Phones at the table (README "Phones at the table"): the HTTP and WebSocket server
(server.py, aiohttp on a thread of its own), the keys and seats (registry.py), what a
phone may send (messages.py) and the page it is served (web/). The table wires it in
ui/phones.py; what a phone sees and may do is companion.phones'.
"""
