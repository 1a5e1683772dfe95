"""Seeded synthetic sit-and-go tournaments in PokerStars' text format (benchmarks, tests).

:func:`synthetic_sng` writes the hero's hand history of one 6-max or 9-max Hold'em no-limit
sit-and-go after another, as PokerStars writes it and
:mod:`~omahanash.history.pokerstars` reads it: the header with the tournament, its buy-in
and the level (``Tournament #N, $10+$1 USD Hold'em No Limit - Level IV (50/100)``), the
table (``Table 'N 1' 9-max Seat #k is the button``), the seats, the antes and blinds, the
actions, the streets, the showdown with side pots, the players finishing, the summary.

**Play.** Every player starts with 1,500 chips; the blinds rise every ``hands_per_level``
hands (10/20 up to 1500/3000), antes from 100/200 on. The button moves to the next seat
still playing after the last button's seat, the small and big blinds follow it (heads-up the
button posts the small blind). Players bust out until one is left; a tournament's file ends
where the hero's does (the hero busts, or wins). The play is a plausible caricature, not a
strategy: each player has a looseness; deep, hands are opened with min-raises or bigger,
limped, called, 3-bet; at 12 bb or less a player pushes or folds, and calls an all-in with a
range that narrows with the price; after the flop a player bets made hands and some bluffs,
calls or folds, and may go all in. So early hands are outside the push/fold model (deep
stacks, raises that are not all in) and most push/fold spots come late, at 3 to 9 players.

The same arguments always write the same text (one :class:`random.Random` seeded by
``seed``). The last tournament stops where the hand count is reached.
"""

from __future__ import annotations

import random
from itertools import combinations

from omahanash.errors import InputError
from omahanash.evaluate.reference import best_holdem, high_key

START_CHIPS = 1500
#: Blind levels: (small blind, big blind, ante).
LEVELS = ((10, 20, 0), (15, 30, 0), (25, 50, 0), (50, 100, 0), (75, 150, 0),
          (100, 200, 25), (150, 300, 25), (200, 400, 50), (300, 600, 75), (400, 800, 100),
          (600, 1200, 150), (800, 1600, 200), (1000, 2000, 250), (1500, 3000, 300))
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
          "XIV")
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
               "Jack", "Queen", "King", "Ace")
_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
            "Jacks", "Queens", "Kings", "Aces")
_NAMES = ("ace_of_base", "Bluff Master", "nit_42", "reg.one", "Zoë", "BigStack",
          "callstation", "shorty", "pl4yer.two", "Sn@ke [eyes]", "FishyMcFish", "GrindQueen",
          "lucky7", "donk (88)", "TiltKing", "river_rat", "Mr. Fold", "allin_andy")
_PAYOUTS = {6: (0.65, 0.35), 9: (0.5, 0.3, 0.2)}
_BUY_IN = 10


def _card(code: int) -> str:
    return _RANKS[code >> 2] + _SUITS[code & 3]


def _cards(codes: list[int]) -> str:
    return " ".join(_card(c) for c in codes)


def _chen(a: int, b: int) -> float:
    """A preflop score of two cards (Chen's formula, roughly)."""
    high, low = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    points = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(high, (high + 2) / 2)
    if high == low:
        return max(points * 2, 5.0)
    if a & 3 == b & 3:
        points += 2
    gap = high - low - 1
    points -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and high < 10:
        points += 1
    return points


def _percentiles() -> dict[tuple[int, int], float]:
    """Each two-card hand's share of hands at least as strong (0 the best, 1 the worst)."""
    scores = {pair: _chen(*pair) for pair in combinations(range(52), 2)}
    ordered = sorted(scores.values(), reverse=True)
    share: dict[float, float] = {}
    for index, score in enumerate(ordered):
        share.setdefault(score, (index + 1) / len(ordered))
    return {pair: share[score] for pair, score in scores.items()}


_TOP = _percentiles()


def _describe(key: tuple[int, ...]) -> str:
    """PokerStars' words for a hand (``a pair of Kings``)."""
    category, ranks = key[0], key[1:]
    names, plural = _RANK_NAMES, _PLURALS
    if category == 0:
        return f"high card {names[ranks[0]]}"
    if category == 1:
        return f"a pair of {plural[ranks[0]]}"
    if category == 2:
        return f"two pair, {plural[ranks[0]]} and {plural[ranks[1]]}"
    if category == 3:
        return f"three of a kind, {plural[ranks[0]]}"
    if category == 4:
        return f"a straight, {names[max(ranks[0] - 4, -1)] if ranks[0] > 3 else 'Ace'} to " \
               f"{names[ranks[0]]}"
    if category == 5:
        return f"a flush, {names[ranks[0]]} high"
    if category == 6:
        return f"a full house, {plural[ranks[0]]} full of {plural[ranks[1]]}"
    if category == 7:
        return f"four of a kind, {plural[ranks[0]]}"
    return f"a straight flush, {names[ranks[0]]} high"


class _Hand:
    """One hand being played: chips, bets, the lines written."""

    def __init__(self, rng: random.Random, names: list[str], stacks: dict[str, int],
                 loose: dict[str, float], blinds: tuple[int, int, int]) -> None:
        self.rng, self.names, self.loose = rng, names, loose
        self.start = dict(stacks)
        self.stack = dict(stacks)
        self.sb, self.bb, self.ante = blinds
        self.put = dict.fromkeys(names, 0)  # chips in the pot this hand
        self.bet = dict.fromkeys(names, 0)  # chips in this street
        self.folded: set[str] = set()
        self.lines: list[str] = []
        self.board: list[int] = []
        self.cards: dict[str, list[int]] = {}
        self.raises = 0
        self.pots: list[int] = []
        self.street = "before Flop"
        self.posters: list[str] = []  # the small and big blinds
        self.fold_street: dict[str, str] = {}
        self.keys: dict[str, tuple[int, ...]] = {}

    def live(self) -> list[str]:
        return [n for n in self.names if n not in self.folded]

    def pay(self, name: str, chips: int, ante: bool = False) -> tuple[int, str]:
        """Move up to ``chips`` of ``name`` into the pot (into this street's bet unless an
        ``ante``): the chips moved and the all-in words when none are left."""
        chips = min(chips, self.stack[name])
        self.stack[name] -= chips
        self.put[name] += chips
        if not ante:
            self.bet[name] += chips
        return chips, " and is all-in" if self.stack[name] == 0 else ""

    def strength(self, name: str) -> float:
        """0 the best hand, 1 the worst: preflop the hand's rank, after it how much the
        hand improves the board."""
        a, b = self.cards[name]
        if not self.board:
            return _TOP[(min(a, b), max(a, b))]
        mine = best_holdem((a, b), self.board)
        board = max(high_key(list(five)) for five in combinations(self.board, 5)) \
            if len(self.board) >= 5 else (0,)
        if mine[0] >= 2 and mine[0] > board[0]:
            return 0.05
        if mine[0] > board[0]:
            return 0.3 if mine[1] >= max(c >> 2 for c in self.board) else 0.5
        return 0.85

    def decide(self, name: str, level: int, behind: int, preflop: bool) -> tuple[str, int]:
        """The player's action: ``(kind, total bet)``."""
        rng, loose = self.rng, self.loose[name]
        s = self.strength(name) / loose
        owe = level - self.bet[name]
        full = self.bet[name] + self.stack[name]  # all in: this street's total
        others = max((self.start[n] for n in self.live() if n != name), default=0)
        eff = min(self.start[name], others) / self.bb
        if preflop and eff <= 12:  # push or fold
            if owe == 0:
                return "check", level
            if self.raises == 0:  # open: wider with fewer behind and shorter stacks
                share = min(1.0, 1.6 / (behind + 1) * (8 / max(eff, 1.0)) ** 0.6)
                return ("raise", full) if s <= share else ("fold", 0)
            price = min(owe, self.stack[name]) / self.bb
            share = min(0.9, 0.35 * (10 / max(price, 1.0)) ** 0.7) / (1 + self.raises)
            return ("raise", full) if s <= share else ("fold", 0)  # all in, or fold
        if preflop:
            if self.raises == 0:
                share = 1.2 / (behind + 1)
                if s <= share:
                    if eff <= 20 and rng.random() < 0.5:
                        return "raise", full
                    size = rng.choice((2, 2, 2.5, 3)) * self.bb
                    return "raise", min(full, int(size) + (self.bet[name] if owe == 0 else 0))
                if owe == 0:
                    return "check", level
                return ("call", level) if s <= 0.45 and rng.random() < 0.2 else ("fold", 0)
            if s <= 0.03 or (eff <= 20 and s <= 0.06):
                return "raise", full
            if s <= 0.05 and self.raises == 1:
                return "raise", min(full, 3 * level)
            return ("call", level) if s <= 0.15 and self.raises == 1 else ("fold", 0)
        if owe == 0:
            bets = s <= 0.35 or rng.random() < 0.2
            pot = sum(self.put.values())
            size = max(self.bb, int(pot * rng.choice((0.5, 0.66, 1.0))))
            return ("raise", min(full, size)) if bets else ("check", level)
        if s <= 0.06 and rng.random() < 0.4:
            return "raise", full
        if s <= 0.35 or rng.random() < 0.12:
            return "call", level
        return "fold", 0

    def betting(self, order: list[str], level: int, preflop: bool) -> None:
        """One betting round, ``order`` the players in acting order."""
        min_raise = self.bb
        acted: set[str] = set()
        while True:
            waiting = [n for n in order if n not in self.folded and self.stack[n] > 0
                       and (n not in acted or self.bet[n] < level)]
            if not waiting or len(self.live()) == 1:
                break
            name = waiting[0]
            can_act = [n for n in self.live() if self.stack[n] > 0]
            if can_act == [name] and self.bet[name] >= level:
                break
            behind = len([n for n in order[order.index(name) + 1:] if n not in self.folded])
            kind, total = self.decide(name, level, behind, preflop)
            acted.add(name)
            owe = level - self.bet[name]
            if kind == "raise" and len(can_act) == 1:
                kind = "call" if owe > 0 else "check"  # nobody left to raise against
            if kind == "fold" and owe == 0:
                kind = "check"
            if kind == "check" and owe > 0:
                kind = "fold"
            if kind == "fold":
                self.folded.add(name)
                self.fold_street[name] = self.street
                self.lines.append(f"{name}: folds")
            elif kind == "check":
                self.lines.append(f"{name}: checks")
            elif kind == "call" or total <= level or total - level < min_raise \
                    and total < self.bet[name] + self.stack[name]:
                if owe <= 0:
                    self.lines.append(f"{name}: checks")
                    continue
                paid, allin = self.pay(name, owe)
                self.lines.append(f"{name}: calls {paid}{allin}")
            else:
                paid, allin = self.pay(name, total - self.bet[name])
                new = self.bet[name]
                if level == 0:
                    self.lines.append(f"{name}: bets {new}{allin}")
                else:
                    self.lines.append(f"{name}: raises {new - level} to {new}{allin}")
                if new - level >= min_raise:  # a full raise reopens the betting
                    min_raise = new - level
                    acted = {name}
                self.raises += 1
                level = new
        self.return_uncalled()

    def return_uncalled(self) -> None:
        ordered = sorted(self.names, key=lambda n: self.bet[n], reverse=True)
        top, second = ordered[0], ordered[1] if len(ordered) > 1 else None
        excess = self.bet[top] - (self.bet[second] if second else 0)
        if excess > 0:
            self.bet[top] -= excess
            self.put[top] -= excess
            self.stack[top] += excess
            self.lines.append(f"Uncalled bet ({excess}) returned to {top}")
        self.bet = dict.fromkeys(self.names, 0)


def _play(rng: random.Random, seats: dict[int, str], stacks: dict[str, int], button: int,
          loose: dict[str, float], blinds: tuple[int, int, int], hero: str
          ) -> tuple[_Hand, dict[str, int]]:
    """Play one hand: the hand (its lines from the antes to the showdown) and the chips
    each winner collected."""
    numbers = sorted(seats)
    at = numbers.index(button)
    order = numbers[at + 1:] + numbers[:at + 1]  # from the small blind to the button
    if len(numbers) == 2:
        order = [button] + [n for n in numbers if n != button]
    names = [seats[n] for n in order]
    by_seat = [seats[n] for n in numbers]
    hand = _Hand(rng, by_seat, stacks, loose, blinds)
    sb, bb, ante = blinds
    if ante:
        for name in by_seat:
            paid, allin = hand.pay(name, ante, ante=True)
            hand.lines.append(f"{name}: posts the ante {paid}{allin}")
    for name, blind, what in ((names[0], sb, "small blind"), (names[1], bb, "big blind")):
        if hand.stack[name] > 0:
            hand.posters.append(name)
            paid, allin = hand.pay(name, blind)
            hand.lines.append(f"{name}: posts {what} {paid}{allin}")
    hand.lines.append("*** HOLE CARDS ***")
    deck = list(range(52))
    rng.shuffle(deck)
    for index, name in enumerate(names):
        hand.cards[name] = deck[2 * index:2 * index + 2]
    rest = deck[2 * len(names):]
    hand.lines.append(f"Dealt to {hero} [{_cards(hand.cards[hero])}]")
    preflop = names[2:] + names[:2] if len(names) > 2 else names
    hand.betting(preflop, bb, True)
    postflop = names if len(names) > 2 else names[::-1]
    for street, count in (("FLOP", 3), ("TURN", 1), ("RIVER", 1)):
        if len(hand.live()) == 1:
            break
        shown = _cards(hand.board)
        hand.board += rest[len(hand.board):len(hand.board) + count]
        if street == "FLOP":
            hand.lines.append(f"*** FLOP *** [{_cards(hand.board)}]")
        else:
            hand.lines.append(f"*** {street} *** [{shown}] [{_card(hand.board[-1])}]")
        hand.street = "on the " + street.title()
        if sum(1 for n in hand.live() if hand.stack[n] > 0) > 1:
            hand.raises = 0
            hand.betting(postflop, 0, False)
    return hand, _settle(hand)


def _settle(hand: _Hand) -> dict[str, int]:
    """Award the pots (side pots at a showdown) and write the showdown; chips won."""
    live = hand.live()
    won: dict[str, int] = {}
    if len(live) == 1:
        pot = sum(hand.put.values())
        hand.lines.append(f"{live[0]} collected {pot} from pot")
        won[live[0]] = pot
        hand.pots = [pot]
        return won
    hand.lines.append("*** SHOW DOWN ***")
    keys = {n: best_holdem(tuple(hand.cards[n]), hand.board) for n in live}
    hand.keys = keys
    for name in live:
        hand.lines.append(f"{name}: shows [{_cards(hand.cards[name])}] "
                          f"({_describe(keys[name])})")
    levels = sorted({hand.put[n] for n in live})
    pots, below = [], 0
    for level in levels:
        chips = sum(min(max(hand.put[n] - below, 0), level - below) for n in hand.names)
        if chips:
            pots.append((chips, [n for n in live if hand.put[n] >= level]))
        below = level
    pots[-1] = (pots[-1][0] + sum(hand.put.values()) - sum(c for c, _ in pots), pots[-1][1])
    hand.pots = [chips for chips, _ in pots]
    for index, (chips, able) in enumerate(pots):
        best = max(keys[n] for n in able)
        winners = [n for n in able if keys[n] == best]
        share, odd = divmod(chips, len(winners))
        label = "pot" if len(pots) == 1 else ("main pot" if index == 0 else
                                               f"side pot-{index}" if len(pots) > 2
                                               else "side pot")
        for place, name in enumerate(winners):
            amount = share + (1 if place < odd else 0)
            won[name] = won.get(name, 0) + amount
            hand.lines.append(f"{name} collected {amount} from {label}")
    return won


def _summary(hand: _Hand, seats: dict[int, str], button: int, won: dict[str, int]
             ) -> list[str]:
    """The ``*** SUMMARY ***`` part: the pots, the board, a line a seat."""
    pots, board = hand.pots, hand.board
    total = sum(pots)
    if len(pots) > 1:
        sides = " ".join(f"Side pot{'' if len(pots) == 2 else f'-{i}'} {p}."
                         for i, p in enumerate(pots[1:], 1))
        lines = ["*** SUMMARY ***", f"Total pot {total} Main pot {pots[0]}. {sides} | Rake 0"]
    else:
        lines = ["*** SUMMARY ***", f"Total pot {total} | Rake 0"]
    if board:
        lines.append(f"Board [{_cards(board)}]")
    roles = {seats[button]: " (button)"}
    for name, role in zip(hand.posters, (" (small blind)", " (big blind)")):
        roles[name] = roles.get(name, "") + role
    for number in sorted(seats):
        name = seats[number]
        who = f"Seat {number}: {name}{roles.get(name, '')}"
        if name in hand.fold_street:
            bet = " (didn't bet)" if hand.put[name] == 0 and hand.fold_street[name] == \
                "before Flop" else ""
            lines.append(f"{who} folded {hand.fold_street[name]}{bet}")
        elif name in hand.keys:
            shown = f"{who} showed [{_cards(hand.cards[name])}] and "
            words = _describe(hand.keys[name])
            lines.append(f"{shown}won ({won[name]}) with {words}" if won.get(name)
                         else f"{shown}lost with {words}")
        else:
            lines.append(f"{who} collected ({won.get(name, 0)})")
    return lines


def synthetic_sng(hands: int, seats: int = 9, seed: int = 1, hands_per_level: int = 10,
                  hero: str = "Hero") -> str:
    """``hands`` hands of the hero's sit-and-go tournaments at ``seats``-max tables (6 or 9)
    in PokerStars' format (see the module); the same arguments write the same text.

    >>> text = synthetic_sng(30, seats=6, seed=3)
    >>> text.count("PokerStars Hand #"), text.count("*** SUMMARY ***"), "6-max" in text
    (30, 30, True)
    >>> text == synthetic_sng(30, seats=6, seed=3)
    True
    """
    if not isinstance(hands, int) or hands < 0:
        raise InputError(f"hands must be a count of hands, got {hands!r}")
    if seats not in _PAYOUTS:
        raise InputError(f"seats must be 6 or 9, got {seats!r}")
    if not isinstance(hands_per_level, int) or hands_per_level < 1:
        raise InputError(f"hands_per_level must be a positive count, got {hands_per_level!r}")
    rng = random.Random(seed)
    out: list[str] = []
    tournament = 3_700_000_000
    number = 270_000_000_000
    while len(out) < hands:
        tournament += 1
        cast = rng.sample([n for n in _NAMES if n != hero], seats - 1)
        cast.insert(rng.randrange(seats), hero)
        table = {seat + 1: name for seat, name in enumerate(cast)}
        stacks = dict.fromkeys(cast, START_CHIPS)
        loose = {name: rng.uniform(0.7, 1.4) for name in cast}
        button = rng.randrange(1, seats + 1)
        played = 0
        while len(out) < hands and len(table) > 1 and hero in table.values():
            level = min(played // hands_per_level, len(LEVELS) - 1)
            blinds = LEVELS[level]
            numbers = sorted(table)
            button = next((n for n in numbers if n > button), numbers[0])
            number += rng.randint(1, 40)
            minutes = 12 * 60 + played
            header = [f"PokerStars Hand #{number}: Tournament #{tournament}, ${_BUY_IN}+$1 USD "
                      f"Hold'em No Limit - Level {_ROMAN[level]} ({blinds[0]}/{blinds[1]}) - "
                      f"2024/03/{1 + tournament % 28:02d} {minutes // 60:02d}:"
                      f"{minutes % 60:02d}:{rng.randrange(60):02d} ET",
                      f"Table '{tournament} 1' {seats}-max Seat #{button} is the button"]
            header += [f"Seat {n}: {table[n]} ({stacks[table[n]]} in chips)" for n in numbers]
            hand, won = _play(rng, table, {table[n]: stacks[table[n]] for n in numbers},
                              button, loose, blinds, hero)
            lines = hand.lines
            after = {name: hand.stack[name] + won.get(name, 0) for name in hand.names}
            busted = sorted((n for n in numbers if after[table[n]] == 0),
                            key=lambda n: stacks[table[n]])  # the shorter finishes lower
            place = len(numbers)
            for n in busted:
                lines.append(_finish(table[n], place, seats))
                place -= 1
            if place == 1:
                winner = next(table[n] for n in numbers if after[table[n]] > 0)
                lines.append(f"{winner} wins the tournament and receives "
                             f"${_BUY_IN * seats * _PAYOUTS[seats][0]:.2f} - congratulations!")
            summary = _summary(hand, table, button, won)
            out.append("\n".join(header + lines + summary))
            for n in busted:
                del table[n]
            stacks = {name: after[name] for name in table.values()}
            played += 1
    return "\n\n\n".join(out) + "\n"


def _finish(name: str, place: int, seats: int) -> str:
    """The line of a player busting out in ``place``."""
    share = _PAYOUTS[seats]
    if place <= len(share):
        return (f"{name} finished the tournament in {_ordinal(place)} place and received "
                f"${_BUY_IN * seats * share[place - 1]:.2f}.")
    return f"{name} finished the tournament in {_ordinal(place)} place"


def _ordinal(place: int) -> str:
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place if place < 20 else 0, 'th')}"
