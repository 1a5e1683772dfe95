"""Dominoes: settings, deal, draws, placement, passes, scoring, labels, and whole-tree checks.

Whole trees are walked by a small exhaustive walker below and compared with an independent
brute-force enumeration of the rules written with plain lists (no bit masks, no shared code).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL
from omahanash.games.domino import DominoState, make_domino_game, parse_tiles

FIRST_SETTING = "[0|0][0|1][0|2][1|2]"  # thesis Figure 2.4
SECOND_SETTING = "[0|0][0|1][0|2][1|1][1|2][2|2]"  # thesis Figure 2.7

# Thesis Figure 2.6: root strategies of player 0 for the second setting (action: hand (prob)).
FIGURE_2_6 = """
0) [0|0]: [0|0][0|1] (0,98399) [0|0][0|2] (0,98813) [0|0][1|1] (0,03686) [0|0][1|2] (0,98964) [0|0][2|2] (0,02069)
1) [0|1]: [0|0][0|1] (0,01601) [0|1][0|2] (0,92002) [0|1][1|1] (0,01486) [0|1][1|2] (0,56124) [0|1][2|2] (0,00400)
2) [0|2]: [0|0][0|2] (0,01187) [0|1][0|2] (0,07998) [0|2][1|1] (0,00652) [0|2][1|2] (0,12828) [0|2][2|2] (0,00604)
3) [1|1]: [0|0][1|1] (0,96314) [0|1][1|1] (0,98514) [0|2][1|1] (0,99348) [1|1][1|2] (0,99559) [1|1][2|2] (0,02351)
4) [1|2]: [0|0][1|2] (0,01036) [0|1][1|2] (0,43876) [0|2][1|2] (0,87172) [1|1][1|2] (0,00441) [1|2][2|2] (0,00043)
5) [2|2]: [0|0][2|2] (0,97931) [0|1][2|2] (0,99600) [0|2][2|2] (0,99396) [1|1][2|2] (0,97649) [1|2][2|2] (0,99957)
"""  # noqa: E501

# Thesis Figure 2.3: all four tiles dealt (perfect information in effect).
FIGURE_2_3 = """
0) [0|1]: [0|1][1|1] (0,00002) [0|1][1|2] (0,00001) [0|1][2|2] (0,00002)
1) [1|1]: [0|1][1|1] (0,99998) [1|1][1|2] (0,99998) [1|1][2|2] (0,50000)
2) [1|2]: [0|1][1|2] (0,99999) [1|1][1|2] (0,00002) [1|2][2|2] (0,99999)
3) [2|2]: [0|1][2|2] (0,99998) [1|1][2|2] (0,50000) [1|2][2|2] (0,00001)
"""


def parse_figure(text: str) -> dict[str, dict[str, float]]:
    """{hand: {tile played: probability}} from a thesis root-strategy figure."""
    table: dict[str, dict[str, float]] = {}
    for line in text.strip().splitlines():
        action, rest = re.match(r"\d+\) (\[\d\|\d\]): (.*)", line).groups()
        for hand, probability in re.findall(r"((?:\[\d\|\d\]){2}) \((\d,\d+)\)", rest):
            table.setdefault(hand, {})[action] = float(probability.replace(",", "."))
    return table


# -- an exhaustive walker over the game interface ------------------------------------------


class Walk:
    """Every node of a game tree, with the checks the CFR compiler relies on."""

    def __init__(self, game, root: DominoState | None = None) -> None:
        self.nodes = Counter()  # "chance" / "decision" / "terminal"
        self.outcomes: Counter = Counter()  # (dealt, public, final hands, returns) -> probability
        self.infosets: dict[str, tuple] = {}  # key -> (legal action labels, own past)
        self.seen: dict[tuple, set] = {}  # (player, public history) -> {(hand, key)}
        self.game = game
        start = game.new_initial_state() if root is None else root
        self._visit(start, 1.0, [() for _ in range(game.num_players)])

    def _visit(self, state: DominoState, probability: float, past: list[tuple]) -> None:
        player = state.current_player()
        if player == TERMINAL:
            self.nodes["terminal"] += 1
            players = range(self.game.num_players)
            dealt = tuple(self.game.hand_label(state.dealt_hand(p)) for p in players)
            final = tuple(state.private_label(p) for p in players)
            outcome = (dealt, state.public_history(), final, tuple(state.returns()))
            self.outcomes[outcome] += probability
            return
        if player == CHANCE:
            self.nodes["chance"] += 1
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len(outcomes) >= 2 or state.public_history() == ()  # only deals can be 1-way
            for action, chance in outcomes:
                self._visit(state.child(action), probability * chance, past)
            return
        self.nodes["decision"] += 1
        actions = state.legal_actions()
        assert len(actions) >= 2  # forced moves are applied, not asked
        key = state.information_state_key(player)
        assert key.startswith(f"P{player} {self.game.hand_label(state.dealt_hand(player))}|")
        labels = tuple(state.action_to_string(a) for a in actions)
        public = (player, state.public_history())
        self.seen.setdefault(public, set()).add((state.private_label(player), key))
        # Same key: same actions, and the same own past (perfect recall).
        assert self.infosets.setdefault(key, (labels, past[player])) == (labels, past[player])
        for action in actions:
            own = [*past]
            own[player] = (*past[player], key, action)
            self._visit(state.child(action), probability, own)


# -- an independent brute force of the rules ---------------------------------------------------


def brute_force(tile_text: str, players: int, hand: int, block: bool):
    """(node counts, {(dealt, public, final, returns): probability}) by plain enumeration.

    Nodes are counted as the game module promises: every deal, every choice among two or more
    moves, every draw among two or more tiles, every end; forced steps are not nodes.
    """
    tiles = sorted(tuple(sorted(map(int, t))) for t in re.findall(r"\[(\d+)\|(\d+)\]", tile_text))
    counts: Counter = Counter()
    outcomes: Counter = Counter()

    def name(t):
        return f"[{t[0]}|{t[1]}]"

    def label(hand_tiles):
        return "".join(name(t) for t in sorted(hand_tiles))

    def finish(dealt, hands, public, probability):
        counts["terminal"] += 1
        pips = [sum(a + b for a, b in h) for h in hands]
        low = min(pips)
        winners = [p for p in range(players) if pips[p] == low]
        payments = {p: (pips[p] if block else 1) for p in range(players) if pips[p] != low}
        result = [-float(payments[p]) if p in payments else 0.0 for p in range(players)]
        for w in winners:
            result[w] = sum(payments.values()) / len(winners)
        key = (tuple(label(h) for h in dealt), tuple(public), tuple(label(h) for h in hands))
        outcomes[(*key, tuple(result))] += probability

    def turn(dealt, hands, ends, yard, player, passes, public, probability):
        if passes == players:
            return finish(dealt, hands, public, probability)
        mine = hands[player]
        moves = []  # (tile, label, new ends)
        if ends is None:
            moves = [(t, name(t), t) for t in mine]
        elif mine:
            left, right = ends
            for t in mine:
                options = []
                if left in t:
                    options.append(("L", ((t[0] + t[1] - left), right)))
                if right in t:
                    options.append(("R", (left, (t[0] + t[1] - right))))
                if not block:
                    options = options[:1]
                seen = set()
                for side, new in options:
                    if tuple(sorted(new)) not in seen:
                        seen.add(tuple(sorted(new)))
                        moves.append((t, name(t) + (side if block else ""), new))
        nxt = (player + 1) % players
        if moves:
            if len(moves) > 1:
                counts["decision"] += 1
            for t, text, new in moves:
                rest = [h if p != player else [x for x in h if x != t] for p, h in enumerate(hands)]
                if block and not rest[player]:
                    finish(dealt, rest, [*public, text], probability)
                else:
                    turn(dealt, rest, new, yard, nxt, 0, [*public, text], probability)
        elif mine and yard:
            if len(yard) > 1:
                counts["chance"] += 1
            for t in yard:
                more = [h + [t] if p == player else h for p, h in enumerate(hands)]
                left_over = [x for x in yard if x != t]
                chance = probability / len(yard)
                turn(dealt, more, ends, left_over, player, passes, [*public, "draw"], chance)
        else:
            turn(dealt, hands, ends, yard, nxt, passes + 1, [*public, "pass"], probability)

    def deal(remaining, hands, probability):
        if len(hands) == players:
            return turn(hands, hands, None, remaining, 0, 0, [], probability)
        counts["chance"] += 1
        options = list(combinations(remaining, hand))
        for chosen in options:
            rest = [t for t in remaining if t not in chosen]
            deal(rest, [*hands, list(chosen)], probability / len(options))

    deal(tiles, [], 1.0)
    return counts, outcomes


def assert_same_outcomes(mine: Counter, theirs: Counter) -> None:
    assert set(mine) == set(theirs)
    for outcome, probability in theirs.items():
        assert mine[outcome] == pytest.approx(probability), outcome


# -- settings -------------------------------------------------------------------------------


def test_parse_tiles_canonical_and_named_sets():
    assert parse_tiles(" [1|0] [2|2]\n[0|0] ") == ((0, 0), (0, 1), (2, 2))
    assert parse_tiles("double-3") == parse_tiles(
        "[0|0][0|1][0|2][0|3][1|1][1|2][1|3][2|2][2|3][3|3]"
    )
    assert len(parse_tiles("Double-6")) == 28
    game = make_domino_game("[2|2][1|0][0|0]", 2, 1, "block")
    assert game.settings() == {
        "tiles": "[0|0][0|1][2|2]",
        "players": 2,
        "hand": 1,
        "rules": "block",
    }
    again = make_domino_game(**game.settings())
    assert again.settings() == game.settings()


@pytest.mark.parametrize(
    ("tiles", "players", "hand", "rules", "message"),
    [
        ("[0|1]x[1|1]", 2, 1, "thesis", "cannot read tile set '[0|1]x[1|1]' at 'x'"),
        ("[0|1[1|1]", 2, 1, "thesis", "cannot read tile set"),
        ("double-six", 2, 1, "thesis", "cannot read tile set 'double-six'"),
        ("", 2, 1, "thesis", "has no tiles"),
        ("[0|1][1|0]", 2, 1, "thesis", "tile [0|1] appears twice"),
        ("double-19", 2, 1, "thesis", "double-N needs N between 0 and 18"),
        ("double-3", 1, 2, "thesis", "number of players must be 2, 3 or 4, not 1"),
        ("double-3", 5, 2, "thesis", "number of players must be 2, 3 or 4, not 5"),
        ("double-3", 2, 0, "thesis", "hand size must be between 1 and 7, not 0"),
        ("double-6", 2, 8, "thesis", "hand size must be between 1 and 7, not 8"),
        (FIRST_SETTING, 2, 3, "thesis", "need 6 tiles, but the tile set has only 4"),
        ("double-3", 2, 2, "sevens", "unknown domino rules 'sevens'"),
    ],
)
def test_bad_settings_raise_input_error(tiles, players, hand, rules, message):
    with pytest.raises(InputError) as error:
        make_domino_game(tiles, players, hand, rules)
    assert message in str(error.value)
    assert isinstance(error.value, ValueError)


def test_deal_state_rejects_bad_hands():
    game = make_domino_game(FIRST_SETTING, 2, 2)
    with pytest.raises(InputError, match="must have 2 tiles"):
        game.deal_state(["[0|0]", "[0|1][0|2]"])
    with pytest.raises(InputError, match="shares a tile"):
        game.deal_state(["[0|0][0|1]", "[0|1][0|2]"])
    with pytest.raises(InputError, match=r"tile \[3\|3\] is not in the tile set"):
        game.deal_state(["[0|0][3|3]", "[0|1][0|2]"])


# -- the deal -----------------------------------------------------------------------------------


def test_deal_counts_probabilities_and_labels():
    game = make_domino_game(SECOND_SETTING, 2, 2)
    root = game.new_initial_state()
    assert root.current_player() == CHANCE
    first = root.chance_outcomes()
    assert len(first) == comb(6, 2) == 15
    assert [p for _, p in first] == [pytest.approx(1 / 15)] * 15
    assert root.action_to_string(first[0][0]) == "deal P0 [0|0][0|1]"
    assert root.action_to_string(first[-1][0]) == "deal P0 [1|2][2|2]"
    second_node = root.child(first[0][0])
    second = second_node.chance_outcomes()
    assert len(second) == comb(4, 2) == 6
    assert [p for _, p in second] == [pytest.approx(1 / 6)] * 6
    assert second_node.action_to_string(second[0][0]) == "deal P1 [0|2][1|1]"
    assert game.number_of_deals() == 90
    total = sum(p0 * p1 for _, p0 in first for _, p1 in root.child(_).chance_outcomes())
    assert total == pytest.approx(1.0)
    # Four players, double-3, hand 2: 45 * 28 * 15 * 6 ordered deals.
    assert make_domino_game("double-3", 4, 2).number_of_deals() == 113400


def test_root_information_sets_of_the_second_thesis_setting():
    game = make_domino_game(SECOND_SETTING, 2, 2)
    root = game.new_initial_state()
    by_key: dict[str, list] = {}
    for a0, p0 in root.chance_outcomes():
        dealt0 = root.child(a0)
        for a1, p1 in dealt0.chance_outcomes():
            state = dealt0.child(a1)
            assert state.current_player() == 0
            assert state.public_history() == ()
            by_key.setdefault(state.information_state_key(0), []).append((state, p0 * p1))
    assert len(by_key) == 15
    hands = set()
    for states in by_key.values():
        assert len(states) == 6  # the opponent's possible hands
        assert sum(p for _, p in states) == pytest.approx(1 / 15)
        labels = {s.private_label(0) for s, _ in states}
        assert len(labels) == 1
        hand = labels.pop()
        hands.add(hand)
        for state, _ in states:  # any tile of the hand may open
            assert [state.action_to_string(a) for a in state.legal_actions()] == re.findall(
                r"\[\d\|\d\]", hand
            )
    assert hands == set(parse_figure(FIGURE_2_6))


# -- moves: forced play, draws, placement, passes -------------------------------------------


def test_must_play_a_fitting_tile_and_may_choose_which():
    game = make_domino_game("double-3", 2, 3)
    state = game.deal_state(["[0|0][2|2][3|3]", "[0|1][0|2][1|3]"])
    assert state.current_player() == 0
    opening = {state.action_to_string(a): a for a in state.legal_actions()}
    assert list(opening) == ["[0|0]", "[2|2]", "[3|3]"]
    after = state.child(opening["[0|0]"])
    # Player 1 holds two tiles that fit 0 and one that does not: he chooses between the two,
    # and may not draw although the boneyard has 4 tiles.
    assert after.current_player() == 1
    assert [after.action_to_string(a) for a in after.legal_actions()] == ["[0|1]", "[0|2]"]
    assert after.boneyard().bit_count() == 4
    with pytest.raises(ValueError):
        after.child(opening["[3|3]"])


def test_draw_until_a_tile_fits_then_forced_steps():
    tiles = "[0|0][0|1][1|1][2|2][2|3][3|3][0|3]"
    game = make_domino_game(tiles, 2, 2)
    state = game.deal_state(["[0|0][2|2]", "[1|1][3|3]"])
    state = state.child(game.tiles.index((0, 0)))  # ends 0, 0: nothing of player 1 fits
    assert state.current_player() == CHANCE
    assert state.public_history() == ("[0|0]",)
    draws = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in draws] == [
        "P1 draws [0|1]",
        "P1 draws [0|3]",
        "P1 draws [2|3]",
    ]
    assert [p for _, p in draws] == [pytest.approx(1 / 3)] * 3
    # [2|3] does not fit: he draws again, from the two tiles left.
    state = state.child(game.tiles.index((2, 3)))
    assert state.current_player() == CHANCE
    assert [p for _, p in state.chance_outcomes()] == [pytest.approx(1 / 2)] * 2
    assert state.private_label(1) == "[1|1][2|3][3|3]"
    # [0|1] fits and is his only fitting tile: played at once, on the left end (which shows 0).
    # Player 0's [2|2] fits nothing; he draws the last tile [0|3] (no choice, so no chance
    # node), which fits only the right end 0; then player 1 has a real choice.
    state = state.child(game.tiles.index((0, 1)))
    assert state.public_history() == ("[0|0]", "draw", "draw", "[0|1]", "draw", "[0|3]")
    assert state.ends() == (1, 3)
    assert state.boneyard() == 0
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "[1|1]",
        "[2|3]",
        "[3|3]",
    ]
    assert state.private_label(0) == "[2|2]"
    assert state.private_label(1) == "[1|1][2|3][3|3]"
    # Own draws are named in the own key only.
    assert state.information_state_key(1) == (
        "P1 [1|1][3|3]|[0|0] draw[2|3] draw[0|1] [0|1] draw [0|3]"
    )
    assert state.information_state_key(0) == ("P0 [0|0][2|2]|[0|0] draw draw [0|1] draw[0|3] [0|3]")


def test_left_end_first_and_going_out_does_not_end_the_thesis_game():
    game = make_domino_game("[0|1][1|2][0|2][3|3]", 2, 2)
    state = game.deal_state(["[0|1][0|2]", "[1|2][3|3]"])
    state = state.child(game.tiles.index((0, 1)))  # ends 0, 1
    # [1|2] fits only the right end; then [0|2] fits both ends 0 and 2 and goes left (ends 2,2;
    # the right end would have left 0,0). Player 0 is out, yet the game goes on until both
    # players pass in a row.
    assert state.public_history() == ("[0|1]", "[1|2]", "[0|2]", "pass", "pass")
    assert state.ends() == (2, 2)
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]


def test_block_player_chooses_the_end_and_going_out_ends_the_game():
    game = make_domino_game("[0|1][1|2][0|2][3|3]", 2, 2, "block")
    state = game.deal_state(["[0|1][0|2]", "[1|2][3|3]"])
    state = state.child(game.tiles.index((0, 1)) * 2)
    assert state.public_history() == ("[0|1]", "[1|2]R")
    assert state.current_player() == 0
    moves = {state.action_to_string(a): a for a in state.legal_actions()}
    assert list(moves) == ["[0|2]L", "[0|2]R"]
    assert state.child(moves["[0|2]L"]).ends() == (2, 2)
    done = state.child(moves["[0|2]R"])
    assert done.ends() == (0, 0)
    assert done.is_terminal()
    assert done.public_history() == ("[0|1]", "[1|2]R", "[0|2]R")
    assert done.returns() == [6.0, -6.0]  # player 1 pays his 6 pips


def test_block_equal_ends_give_one_move_per_tile():
    game = make_domino_game("[1|1][1|2][0|1][0|0]", 2, 2, "block")
    state = game.deal_state(["[1|1][0|0]", "[1|2][0|1]"])
    state = state.child(game.tiles.index((1, 1)) * 2)  # ends 1, 1
    assert state.ends() == (1, 1)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["[0|1]L", "[1|2]L"]


def test_passes_reset_by_a_play_and_three_players_must_all_pass():
    tiles = "[0|0][0|1][1|1][2|2][3|3][1|3]"
    thesis = make_domino_game(tiles, 3, 2)
    state = thesis.deal_state(["[0|0][1|3]", "[2|2][3|3]", "[0|1][1|1]"])
    state = state.child(thesis.tiles.index((0, 0)))
    assert state.public_history() == (
        "[0|0]", "pass", "[0|1]", "[1|3]", "[3|3]", "pass", "pass", "pass",
    )  # fmt: skip
    assert state.is_terminal()
    assert state.returns() == [2.0, -1.0, -1.0]  # pips left 0, 4, 2: each loser pays 1
    block = make_domino_game(tiles, 3, 2, "block")
    state = block.deal_state(["[0|0][1|3]", "[2|2][3|3]", "[0|1][1|1]"])
    state = state.child(block.tiles.index((0, 0)) * 2)
    assert state.public_history() == ("[0|0]", "pass", "[0|1]L", "[1|3]L")
    assert state.returns() == [12.0, -10.0, -2.0]  # losers pay their pips 10 and 2


def test_keys_name_own_draws_so_that_players_remember():
    """The same public history and current hand can come from different draws, after which the
    player had decided with different hands: keying on the current hand would merge them and
    break perfect recall. Own draws are named in the key, so they stay apart."""
    game = make_domino_game("[0|0][0|1][0|2][1|1][1|2][2|2][0|3][1|3][2|3]", 2, 2)
    walk = Walk(game, game.deal_state(["[0|0][0|1]", "[1|1][1|2]"]))  # checks perfect recall
    public = ("[0|0]", "draw", "draw", "[0|2]", "[0|1]", "[1|1]", "pass", "[1|2]", "pass")
    public += ("draw", "draw", "draw", "[1|3]", "pass")
    hand = "[0|3][2|2][2|3]"
    before, after = "P1 [1|1][1|2]|[0|0] ", " [0|2] [0|1] [1|1] pass [1|2] pass "
    # He kept [2|2] or [2|3] from his first draws: different hands at his decision after [0|1].
    assert sorted(walk.seen[(1, public)]) == [
        (hand, before + "draw[2|2] draw[0|2]" + after + "draw[0|3] draw[2|3] draw[1|3] [1|3] pass"),
        (hand, before + "draw[2|2] draw[0|2]" + after + "draw[2|3] draw[0|3] draw[1|3] [1|3] pass"),
        (hand, before + "draw[2|3] draw[0|2]" + after + "draw[0|3] draw[2|2] draw[1|3] [1|3] pass"),
        (hand, before + "draw[2|3] draw[0|2]" + after + "draw[2|2] draw[0|3] draw[1|3] [1|3] pass"),
    ]


# -- scoring --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hands", "expected"),
    [
        # Doubles only: nobody follows. Player 0 plays out; player 1 holds [0|0], 0 pips.
        ("thesis", ["[1|1]", "[0|0]", "[2|2]"], [0.5, 0.5, -1.0]),
        ("block", ["[1|1]", "[0|0]", "[2|2]"], [2.0, 2.0, -4.0]),
        ("thesis", ["[2|2]", "[1|1]", "[0|0]"], [0.5, -1.0, 0.5]),
        ("block", ["[2|2]", "[1|1]", "[0|0]"], [1.0, -2.0, 1.0]),
    ],
)
def test_shared_payments(rules, hands, expected):
    game = make_domino_game("[0|0][1|1][2|2]", 3, 1, rules)
    state = game.deal_state(hands)
    assert state.is_terminal()  # the one-tile opening is forced, then all pass (or it ends)
    assert state.returns() == expected
    assert sum(expected) == 0


def test_everyone_tied_gets_nothing():
    game = make_domino_game("[0|0][0|1][1|1]", 3, 1)
    state = game.deal_state(["[1|1]", "[0|0]", "[0|1]"])
    assert state.public_history() == ("[1|1]", "pass", "[0|1]", "pass", "[0|0]") + ("pass",) * 3
    assert state.returns() == [0.0, 0.0, 0.0]


# -- whole trees ----------------------------------------------------------------------------------


def test_first_thesis_setting_against_brute_force():
    walk = Walk(make_domino_game(FIRST_SETTING, 2, 2))
    counts, outcomes = brute_force(FIRST_SETTING, 2, 2, block=False)
    # 6 + 1 deal nodes; 20 finished games (6 deals); 14 real decisions; 41 nodes in all.
    assert walk.nodes == counts == Counter(chance=7, decision=14, terminal=20)
    assert_same_outcomes(walk.outcomes, outcomes)
    assert make_domino_game(FIRST_SETTING, 2, 2).tree_size_estimate() == 41


@pytest.mark.parametrize(
    ("tiles", "players", "hand", "rules"),
    [
        (FIRST_SETTING, 2, 2, "block"),
        (SECOND_SETTING, 2, 2, "thesis"),  # = double-2
        (SECOND_SETTING, 2, 2, "block"),
        (SECOND_SETTING, 3, 1, "thesis"),
        (SECOND_SETTING, 3, 1, "block"),
        (SECOND_SETTING, 4, 1, "thesis"),
        ("[0|0][0|1][0|2][1|1][1|2][0|3][1|3]", 2, 2, "thesis"),
    ],
)
def test_tree_matches_brute_force_with_draws(tiles, players, hand, rules):
    game = make_domino_game(tiles, players, hand, rules)
    walk = Walk(game)
    counts, outcomes = brute_force(tiles, players, hand, block=rules == "block")
    assert walk.nodes == counts
    assert_same_outcomes(walk.outcomes, outcomes)
    for _, _, _, returns in walk.outcomes:
        assert sum(returns) == pytest.approx(0.0)


def test_known_tree_sizes():
    sizes = {
        ("double-2", 2, 2, "thesis"): Counter(chance=145, decision=231, terminal=468),
        ("double-2", 2, 2, "block"): Counter(chance=97, decision=237, terminal=414),
    }
    for (tiles, players, hand, rules), expected in sizes.items():
        game = make_domino_game(tiles, players, hand, rules)
        assert Walk(game).nodes == expected
        estimate = game.tree_size_estimate()
        assert abs(estimate / sum(expected.values()) - 1) < 0.15


def test_tree_size_estimate_of_a_huge_game_is_cheap_and_huge():
    game = make_domino_game("double-6", 4, 7)
    assert game.number_of_deals() == 472518347558400
    assert game.tree_size_estimate(samples=50) > 10**20


def minimax_openings(rules: str, hand: str, other: str) -> dict[str, float]:
    """Player 0's minimax value of each opening tile when all tiles are dealt."""
    game = make_domino_game("[0|1][1|1][1|2][2|2]", 2, 2, rules)

    def value(state) -> float:
        if state.is_terminal():
            return state.returns()[0]
        assert state.current_player() != CHANCE  # no boneyard: perfect information
        values = [value(state.child(a)) for a in state.legal_actions()]
        return max(values) if state.current_player() == 0 else min(values)

    root = game.deal_state([hand, other])
    return {root.action_to_string(a): value(root.child(a)) + 0.0 for a in root.legal_actions()}


def test_figure_2_3_agrees_with_the_thesis_rules_not_with_block():
    """Figure 2.3 deals all four tiles: perfect information, so minimax values are exact.

    Under ``thesis`` every tile the figure plays with probability ~1 is worth at least as much
    as the other, and the 50/50 hand is indifferent. (``[1|2][2|2]``: both openings are worth
    0, the thesis's 0.99999 is a tie its run broke.) Under ``block`` the figure makes mistakes.
    """
    tiles = re.findall(r"\[\d\|\d\]", "[0|1][1|1][1|2][2|2]")
    figure = parse_figure(FIGURE_2_3)
    thesis_values = {
        "[0|1][1|1]": {"[0|1]": -1.0, "[1|1]": 0.0},
        "[0|1][1|2]": {"[0|1]": 0.0, "[1|2]": 0.0},
        "[0|1][2|2]": {"[0|1]": 0.0, "[2|2]": 1.0},
        "[1|1][1|2]": {"[1|1]": 0.0, "[1|2]": -1.0},
        "[1|1][2|2]": {"[1|1]": 0.0, "[2|2]": 0.0},
        "[1|2][2|2]": {"[1|2]": 0.0, "[2|2]": 0.0},
    }
    assert set(figure) == set(thesis_values)
    block_mistakes = []
    for hand, strategy in figure.items():
        other = "".join(t for t in tiles if t not in hand)
        values = minimax_openings("thesis", hand, other)
        assert values == thesis_values[hand]
        favoured, other_tile = sorted(strategy, key=strategy.get, reverse=True)
        if strategy[favoured] > 0.99:
            assert values[favoured] >= values[other_tile], hand
        else:
            assert values[favoured] == values[other_tile], hand
        block = minimax_openings("block", hand, other)
        if strategy[favoured] > 0.99:
            wrong = block[favoured] < block[other_tile]
        else:
            wrong = block[favoured] != block[other_tile]
        if wrong:
            block_mistakes.append(hand)
    # Under block, [0|1][1|2] should open [0|1] (4 > 2), [1|1][2|2] should open [2|2]
    # (1 > -4), [1|2][2|2] should open [2|2] (3 > 1).
    assert block_mistakes == ["[0|1][1|2]", "[1|1][2|2]", "[1|2][2|2]"]


def test_first_thesis_setting_always_ends_in_a_tie():
    """Why CFR solves the default setting in one iteration: under ``thesis`` rules every game
    of [0|0][0|1][0|2][1|2] (two hands of two, nothing left over) ends 0 : 0, whatever anyone
    plays. Every number shows an even number of times (0 on [0|0] twice, [0|1], [0|2]; 1 and 2
    twice each), so a line whose ends differ can always be extended while tiles remain, and
    a line closed on one number can strand only [0|0] (1-0-2-1) — which has no pips. Going
    out does not end the game, so everybody ends with 0 pips. Under ``block`` the choices
    matter (going out first ends the game, losers pay their pips)."""
    thesis = Walk(make_domino_game(FIRST_SETTING, 2, 2))
    assert {returns for *_, returns in thesis.outcomes} == {(0.0, 0.0)}
    assert {final for _, _, final, _ in thesis.outcomes} == {("", ""), ("[0|0]", ""), ("", "[0|0]")}
    block = Walk(make_domino_game(FIRST_SETTING, 2, 2, "block"))
    assert len({returns for *_, returns in block.outcomes}) > 1
