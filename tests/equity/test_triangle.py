import itertools

import numpy as np

from omahanash.equity.triangle import (
    disjoint_pairs_triangle,
    expand_triangle,
    triangle_cells,
    triangle_index,
    triangle_rows,
)


def test_index_is_row_major_upper_triangle():
    n = 7
    rows, cols = np.triu_indices(n)
    assert triangle_cells(n) == rows.size == 28
    assert [triangle_index(a, b, n) for a, b in zip(rows, cols)] == list(range(28))
    for start, stop in [(0, 28), (5, 6), (6, 20), (27, 28), (13, 13)]:
        r, c = triangle_rows(start, stop, n)
        assert r.tolist() == rows[start:stop].tolist()
        assert c.tolist() == cols[start:stop].tolist()


def test_expand():
    values = np.array([0.5, 0.25, 0.5])  # 2 x 2: (0,0) (0,1) (1,1)
    full = expand_triangle(values, 2, "complement")
    assert full.tolist() == [[0.5, 0.25], [0.75, 0.5]]
    assert expand_triangle(np.array([1, 2, 3]), 2, "same").tolist() == [[1, 2], [2, 3]]


def test_pairs_match_brute_force_on_holdem_like_classes():
    # Toy classes: two-card hands grouped by rank pair and suitedness (Hold'em's 169), only
    # ranks 2..5 to keep it small. Brute force counts every disjoint (hand a, hand b) pair.
    cards = [r * 4 + s for r in range(4) for s in range(4)]
    classes: dict[tuple, list[tuple[int, int]]] = {}
    for x, y in itertools.combinations(cards, 2):
        key = (x >> 2, y >> 2, (x & 3) == (y & 3))
        classes.setdefault(key, []).append((x, y))
    keys = sorted(classes)
    masks, offsets = [], [0]
    for key in keys:
        masks += [(1 << x) | (1 << y) for x, y in classes[key]]
        offsets.append(len(masks))
    combos = np.array([len(classes[k]) for k in keys], np.int64)
    tri = disjoint_pairs_triangle(
        np.array(masks, np.uint64), np.array(offsets, np.int64), combos
    )
    n = len(keys)
    for a, b in itertools.combinations_with_replacement(range(n), 2):
        brute = sum(
            1
            for ha in classes[keys[a]]
            for hb in classes[keys[b]]
            if not set(ha) & set(hb)
        )
        assert tri[triangle_index(a, b, n)] == brute, (keys[a], keys[b])
