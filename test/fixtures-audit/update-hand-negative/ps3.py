# Deliberately wrong update_hand for the property-test shrinking test: it subtracts every letter of the
# word, also letters the hand does not hold, so they appear with count -1 (the reference ignores them).
def update_hand(hand, word):
    new_hand = hand.copy()
    for letter in word.lower():
        new_hand[letter] = new_hand.get(letter, 0) - 1
    return new_hand
