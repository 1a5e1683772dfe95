"""Knockout (KO) and progressive-knockout (PKO) bounties at a push/fold table.

Every player carries a bounty on their head (:class:`Bounties`: one amount per seat, in the
same money as the payouts). The player who busts them — the winner of the pot that holds
their last chips, which side pots decide (the pot between the two contribution levels that
end at the busted player's stack) — collects it; a split pot splits it (the high half and
the low half of a Hi/Lo pot each carry their share of the bounty, each shared among its
winners). In a **KO** tournament the whole bounty is paid at once; in a **PKO** one half is
paid and half is added to the winner's own bounty.

The value of a hand's result, in the prize pool's units (both in money), is then

    prize equity of the stacks after the hand (ICM, or a valuation)
    + the bounty money paid this hand
    + the player's share of the bounties still in play, in proportion to the chips.

The last term is the model of the bounties not yet won: every bounty still in play (the
winner's own one too: the last player left collects their own) goes to a player in
proportion to their chips (the chance to bust a given player is taken proportional to one's
share of the other players' chips, and the chance that the bounty's owner wins the
tournament to their share of all chips: both give ``chips / total chips``). Heads-up it is
exact (whoever wins the tournament collects every bounty left), so a heads-up
winner-takes-all spot with bounties has the chip-EV strategies; with more players it is the
simplest model that values one's own bounty (at risk when one is covered) and the others'.

Chip EV converts money to chips at the chips in play per unit of the prize pool (a bounty
worth a tenth of the pool is worth a tenth of the chips); a spot without payouts (pure chip
EV) takes its bounties in chips.

The settlement of the pots with the bust credits (:func:`add_bounty_values`) is a numba
kernel the push/fold passes call at every terminal they settle deal by deal, and the tables
of terminal values made once per spot call for every other terminal.

>>> b = Bounties.parse(bounty=25, players=3, kind="pko")
>>> b.amounts, b.kind, b.total
((25.0, 25.0, 25.0), 'pko', 75.0)
>>> Bounties.parse(bounties="10,10,20", players=3).describe()
{'bounties': [10.0, 10.0, 20.0], 'bounty_type': 'ko', 'total': 40.0}
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from omahanash.errors import InputError

#: The kinds of bounty: knockout (the whole bounty paid) and progressive knockout (half
#: paid, half added to the winner's own bounty).
KINDS = ("ko", "pko")
#: The head of a bounty spec array (:meth:`Bounties.spec`): kind (1 PKO), the rate (the
#: model's units per unit of money), 1 when values are changes (chip EV), then the amounts.
SPEC_HEAD = 3
#: The most a bounty may be (money units; the payouts' own bound is far above any use).
MAX_BOUNTY = 1e12


@dataclass(frozen=True)
class Bounties:
    """The bounty of every seat (preflop order, as the stacks) and the kind, ``ko`` or
    ``pko``. Make one with :meth:`parse`."""

    amounts: tuple[float, ...]
    kind: str = "ko"

    @classmethod
    def parse(cls, *, bounty: object = None, bounties: object = None, kind: object = "ko",
              players: int) -> Bounties:
        """One ``bounty`` for every player or ``bounties`` per seat (a list, or text
        ``10,10,20`` / ``10/10/20``), and the ``kind``; an :class:`InputError` naming the bad
        value otherwise.

        >>> Bounties.parse(bounty=-1, players=3)
        Traceback (most recent call last):
        ...
        omahanash.errors.InputError: bounty must be a number >= 0, got -1
        >>> Bounties.parse(bounties="10,10", players=3)
        Traceback (most recent call last):
        ...
        omahanash.errors.InputError: bounties must list one bounty per player (3), got 2: '10,10'
        """
        if (bounty is None) == (bounties is None):
            raise InputError("give one bounty for every player or the bounties per seat "
                             "(not both)")
        text = str(kind).strip().lower() if isinstance(kind, str) else kind
        if text not in KINDS:
            raise InputError(f"bounty type must be ko or pko, got {kind!r}")
        if bounty is not None:
            amounts = [_amount("bounty", bounty)] * players
        else:
            items: list[object]
            if isinstance(bounties, str):
                items = [part for part in re.split(r"[,/\s]+", bounties.strip()) if part]
            elif isinstance(bounties, (Sequence, np.ndarray)):
                items = list(bounties)
            else:
                raise InputError(f"bounties must be a list of amounts, got {bounties!r}")
            if len(items) != players:
                raise InputError(f"bounties must list one bounty per player ({players}), got "
                                 f"{len(items)}: {bounties!r}")
            amounts = [_amount(f"bounties[{i}]", item) for i, item in enumerate(items)]
        return cls(tuple(amounts), str(text))

    @property
    def total(self) -> float:
        """Every bounty in play, added up (money)."""
        return float(sum(self.amounts))

    @property
    def progressive(self) -> bool:
        return self.kind == "pko"

    def rate(self, chips: float, pool: float | None, icm: bool) -> float:
        """Units of the model per unit of bounty money: 1 for prize equity (both in money)
        and for chip EV without payouts (the bounties given in chips); chip EV of a spot
        with payouts: the chips in play per unit of the prize pool.

        >>> Bounties((10.0, 10.0)).rate(2000, 100, icm=False)
        20.0
        """
        if icm or not pool:
            return 1.0
        return chips / pool

    def spec(self, stacks: np.ndarray, pool: float | None, icm: bool) -> np.ndarray:
        """The array the kernels read (:func:`add_bounty_values`): the kind, the rate
        (:meth:`rate`), whether values are changes of the stack (chip EV), then the
        amounts."""
        if len(self.amounts) != stacks.size:
            raise InputError(f"bounties are for {len(self.amounts)} players, the table has "
                             f"{stacks.size}")
        head = [1.0 if self.progressive else 0.0,
                self.rate(float(stacks.sum()), pool, icm), 0.0 if icm else 1.0]
        return np.array(head + list(self.amounts), np.float64)

    def describe(self) -> dict:
        """The bounties as JSON-ready values."""
        return {"bounties": list(self.amounts), "bounty_type": self.kind, "total": self.total}


def _amount(name: str, value: object) -> float:
    number = value
    if isinstance(value, str):
        try:
            number = float(value.replace("_", ""))
        except ValueError:
            raise InputError(f"{name} must be a number >= 0, got {value!r}") from None
    if isinstance(number, bool) or not isinstance(number, (int, float, np.integer,
                                                            np.floating)):
        raise InputError(f"{name} must be a number >= 0, got {value!r}")
    amount = float(number)
    if not math.isfinite(amount) or amount < 0 or amount > MAX_BOUNTY:
        raise InputError(f"{name} must be a number >= 0, got {value!r}")
    return amount


def no_bounty() -> np.ndarray:
    """The spec of a table without bounties (the kernels then add nothing)."""
    return np.zeros(0)


@njit(cache=True)
def pot_shares(eligible: int, hi: np.ndarray, lo: np.ndarray, hilo: bool,
               shares: np.ndarray) -> None:
    """Each player's share of a pot that the players of the bit set ``eligible`` contest:
    the best high hand takes it (ties split), or with a qualifying low (Hi/Lo) half, the
    best low the other half — the rule :func:`~omahanash.pushfold.kernels.settle_pots`
    awards pots by."""
    n = shares.size
    for i in range(n):
        shares[i] = 0.0
    best_lo = 0
    if hilo:
        for i in range(n):
            if eligible >> i & 1 and lo[i] > best_lo:
                best_lo = lo[i]
    high = 1.0 if best_lo == 0 else 0.5
    best_hi = -1
    for i in range(n):
        if eligible >> i & 1 and hi[i] > best_hi:
            best_hi = hi[i]
    winners = 0
    for i in range(n):
        if eligible >> i & 1 and hi[i] == best_hi:
            winners += 1
    for i in range(n):
        if eligible >> i & 1 and hi[i] == best_hi:
            shares[i] += high / winners
    if best_lo > 0:
        winners = 0
        for i in range(n):
            if eligible >> i & 1 and lo[i] == best_lo:
                winners += 1
        for i in range(n):
            if eligible >> i & 1 and lo[i] == best_lo:
                shares[i] += 0.5 / winners


@njit(cache=True)
def bust_credit(j: int, live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool,
                contrib: np.ndarray, shares: np.ndarray) -> None:
    """Who busted player ``j`` (who put ``contrib[j]`` in and has nothing left): each
    player's share of the pot that holds ``j``'s last chips — the pot between the highest
    contribution below ``contrib[j]`` and ``contrib[j]``, contested by the live players who
    put in at least ``contrib[j]``."""
    n = contrib.size
    top = contrib[j]
    eligible = 0
    for i in range(n):
        if live >> i & 1 and contrib[i] >= top:
            eligible |= 1 << i
    if eligible == 0:  # (the pot went back: j cannot have lost it)
        for i in range(n):
            shares[i] = 0.0
        return
    pot_shares(eligible, hi, lo, hilo, shares)


@njit(cache=True)
def add_bounty_values(live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool,
                      stacks: np.ndarray, contrib: np.ndarray, final: np.ndarray,
                      spec: np.ndarray, out: np.ndarray, work: np.ndarray) -> None:
    """Add to ``out`` every seat's bounty value of a settled hand (``spec``:
    :meth:`Bounties.spec`; empty: nothing): the players with chips before the hand and none
    after are busted, their bounty credited by :func:`bust_credit` (PKO: half paid, half on
    the winner's head); then each seat gets the money paid plus its chip share of the
    bounties left in play, times the rate; chip EV subtracts the share it had before the
    hand (values are changes). ``work`` holds ``3 n`` floats."""
    n = stacks.size
    if spec.size == 0 or spec[1] == 0.0:
        return
    paid = work[:n]
    heads = work[n:2 * n]
    shares = work[2 * n:3 * n]
    for i in range(n):
        paid[i] = 0.0
        heads[i] = spec[SPEC_HEAD + i]
    for j in range(n):
        if stacks[j] > 0.0 and final[j] <= 0.0:
            bust_credit(j, live, hi, lo, hilo, contrib, shares)
            _credit(j, shares, spec, paid, heads)
    _bounty_tail(stacks, final, spec, paid, heads, out)


@njit(cache=True, inline="always")
def _credit(j: int, shares: np.ndarray, spec: np.ndarray, paid: np.ndarray,
            heads: np.ndarray) -> None:
    """Player ``j``'s bounty to the winners of the pot of their last chips, in ``shares``
    (PKO: half paid, half on the winners' heads)."""
    won = spec[SPEC_HEAD + j]
    pko = spec[0] > 0.5
    for i in range(shares.size):
        if shares[i] > 0.0:
            if pko:
                paid[i] += 0.5 * won * shares[i]
                heads[i] += 0.5 * won * shares[i]
            else:
                paid[i] += won * shares[i]


@njit(cache=True, inline="always")
def _bounty_tail(stacks: np.ndarray, final: np.ndarray, spec: np.ndarray,
                 paid: np.ndarray, heads: np.ndarray, out: np.ndarray) -> None:
    """Add to ``out``: the money ``paid``, plus each seat's chip share of the ``heads`` of
    the players left (minus the share of every bounty before the hand for chip EV), times
    the rate."""
    n = stacks.size
    total = 0.0
    before = 0.0
    left = 0.0
    for i in range(n):
        total += stacks[i]
        before += spec[SPEC_HEAD + i]
        if final[i] > 0.0:
            left += heads[i]
    if total <= 0.0:
        return
    rate = spec[1]
    relative = spec[2] > 0.5
    for i in range(n):
        value = paid[i] + final[i] / total * left
        if relative:
            value -= stacks[i] / total * before
        out[i] += rate * value


@njit(cache=True)
def settle_with_bounties(live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool,
                         stacks: np.ndarray, contrib: np.ndarray, final: np.ndarray,
                         spec: np.ndarray, out: np.ndarray, work: np.ndarray) -> None:
    """The pots and the bounties in one walk: the stacks after the hand into ``final`` (the
    pots by contribution of :func:`~omahanash.pushfold.kernels.settle_pots`), and the bounty
    values of :func:`add_bounty_values` added to ``out`` — a player whose top pot (the one
    ending at their contribution) leaves them nothing is busted by that pot's winners, seen
    as the pot is awarded. The pots settled deal by deal use it; ``work`` holds ``3 n``
    floats."""
    n = stacks.size
    paid = work[:n]
    heads = work[n:2 * n]
    shares = work[2 * n:3 * n]
    for i in range(n):
        final[i] = stacks[i] - contrib[i]
        paid[i] = 0.0
        heads[i] = spec[SPEC_HEAD + i]
    level = 0.0
    while True:
        nxt = np.inf
        for i in range(n):
            if contrib[i] > level and contrib[i] < nxt:
                nxt = contrib[i]
        if nxt == np.inf:
            break
        amount = 0.0
        eligible = 0
        for i in range(n):
            if contrib[i] > level:
                amount += min(contrib[i], nxt) - level
                if live >> i & 1 and contrib[i] >= nxt:
                    eligible |= 1 << i
        if eligible == 0:
            for i in range(n):
                if contrib[i] > level:
                    final[i] += min(contrib[i], nxt) - level
        elif amount != 0.0:
            pot_shares(eligible, hi, lo, hilo, shares)
            for i in range(n):
                final[i] += amount * shares[i]
            for j in range(n):  # the players whose last chips were in this pot
                if contrib[j] == nxt and stacks[j] > 0.0 and final[j] <= 0.0:
                    _credit(j, shares, spec, paid, heads)
        level = nxt
    _bounty_tail(stacks, final, spec, paid, heads, out)


@njit(cache=True)
def bounty_of_settled(live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool,
                      stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
                      final: np.ndarray, spec: np.ndarray, out: np.ndarray) -> None:
    """:func:`add_bounty_values` of a push/fold hand (the live players all in, the others
    folded after posting: the contributions of :func:`~omahanash.pushfold.kernels.settle`)
    whose stacks after it are ``final``."""
    n = stacks.size
    contrib = np.empty(n)
    for i in range(n):
        contrib[i] = stacks[i] if live >> i & 1 else antes[i] + blinds[i]
    add_bounty_values(live, hi, lo, hilo, stacks, contrib, final, spec, out, np.empty(3 * n))
