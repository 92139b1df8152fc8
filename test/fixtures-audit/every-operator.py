# Input for the mutation-engine test: one of each construct the engine mutates.
import copy


def update(hand, word):
    """Docstrings are never mutated."""
    new = hand.copy()
    other = copy.deepcopy(hand)
    for c in word:
        if c in new and new[c] > 0:
            new[c] -= 1
        else:
            continue
    while not other:
        break
    total = min(len(word) * 2, 10) + other.get('a', 0) // 3
    name = input('Enter a word: ')
    print("Total: " + str(total))
    return new if total >= 1 or name == '' else word[:]
