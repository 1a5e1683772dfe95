"""The ``$`` macros of the ProPokerTools generic syntax, each defined as the text it stands for
(README "Ranges" lists them; every one is a test).

*Hand macros* are whole hands (combine them with ``:``, e.g. ``AA:$ds``); *rank macros* are
one card's rank set and go where a rank goes (``$B$B**``, ``$Bs``).

>>> HAND_MACROS["$ds"], RANK_MACROS["$B"]
('xxyy', '[A-T]')
"""

from __future__ import annotations

HAND_MACROS = {
    "$ds": "xxyy",  # double-suited: two suits, two cards each
    "$ss": "xxyz",  # single-suited: exactly one suited pair (Omaha)
    "$r": "wxyz",  # rainbow: four suits (Omaha)
    "$np": "*!RR",  # no pair
    "$R": "AKQJ-5432",  # rundown: four consecutive ranks, aces high
    "$s": "xx",  # suited: two cards of one suit
    "$o": "xy",  # offsuit: two cards of different suits
}

RANK_MACROS = {
    "$B": "[A-T]",  # broadway
    "$F": "[K-J]",  # face cards
    "$L": "[A,2-8]",  # low cards (8-or-better)
    "$N": "[K-9]",  # non-low cards other than the ace
    "$W": "[A,2-5]",  # wheel cards
}
