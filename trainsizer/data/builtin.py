"""The builtin corpus: procedurally generated, deterministic by seed, shipped as code.

Short documents of templated sentences and small sums: regular enough that a tiny model learns them
measurably within seconds (the held-out loss falls), varied enough that the held-out split is not a copy.
"""

from __future__ import annotations

import random

SUBJECTS = [
    "the cat",
    "a dog",
    "the old man",
    "my sister",
    "the teacher",
    "a small bird",
    "the farmer",
    "our neighbour",
    "the pilot",
    "a young girl",
    "the baker",
    "the engineer",
]
VERBS = ["sees", "likes", "finds", "carries", "paints", "follows", "builds", "opens", "watches", "cleans"]
OBJECTS = [
    "the red box",
    "a green apple",
    "the long road",
    "an old book",
    "the blue door",
    "a warm coat",
    "the tall tree",
    "a quiet room",
    "the wooden chair",
    "a bright lamp",
]
PLACES = [
    "in the garden",
    "at the station",
    "near the river",
    "in the kitchen",
    "on the hill",
    "at school",
    "by the sea",
    "in the morning",
    "after dinner",
    "under the bridge",
]


def _sentence(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.7:
        return f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(PLACES)}."
    a, b = rng.randint(0, 49), rng.randint(0, 49)
    return f"{a} plus {b} is {a + b}."


def builtin_documents(seed: int, count: int = 2400) -> list[str]:
    rng = random.Random(seed)
    docs = []
    for _ in range(count):
        text = " ".join(_sentence(rng) for _ in range(rng.randint(2, 6)))
        docs.append(text[0].upper() + text[1:])
    return docs
