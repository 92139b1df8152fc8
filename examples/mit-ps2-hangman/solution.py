# MIT 6.0001 Problem Set 2, Hangman: the course staff's solution (gradekit's own, written from the handout).
# It is the reference of examples/mit-ps2-hangman/assignment.yaml: `gradekit golden --update` runs it in
# the sandboxed driver and records what it returns and prints in fixtures/golden/, which is what students
# are graded against. The solution itself never ships with an export or a student self-check.
import random
import string

WORDLIST_FILENAME = "words.txt"


def load_words():
    """
    Returns a list of valid words. Words are strings of lowercase letters.

    Depending on the size of the word list, this function may
    take a while to finish.
    """
    print("Loading word list from file...")
    with open(WORDLIST_FILENAME, 'r') as inFile:
        line = inFile.readline()
    words = line.split()
    print("  ", len(words), "words loaded.")
    return words


def choose_word(wordlist):
    """
    wordlist (list): list of words (strings)

    Returns a word from wordlist at random
    """
    return random.choice(wordlist)


wordlist = load_words()


def is_word_guessed(secret_word, letters_guessed):
    '''
    secret_word: string, the word the user is guessing; assumes all letters are
      lowercase
    letters_guessed: list (of letters), which letters have been guessed so far;
      assumes that all letters are lowercase
    returns: boolean, True if all the letters of secret_word are in letters_guessed;
      False otherwise

    >>> is_word_guessed('apple', ['e', 'i', 'k', 'p', 'r', 's'])
    False
    '''
    for letter in secret_word:
        if letter not in letters_guessed:
            return False
    return True


def get_guessed_word(secret_word, letters_guessed):
    '''
    secret_word: string, the word the user is guessing
    letters_guessed: list (of letters), which letters have been guessed so far
    returns: string, comprised of letters, underscores (_), and spaces that represents
      which letters in secret_word have been guessed so far.

    >>> get_guessed_word('apple', ['e', 'i', 'k', 'p', 'r', 's'])
    '_ pp_ e'
    '''
    shown = ''
    for letter in secret_word:
        if letter in letters_guessed:
            shown += letter
        else:
            shown += '_ '
    return shown


def get_available_letters(letters_guessed):
    '''
    letters_guessed: list (of letters), which letters have been guessed so far
    returns: string (of letters), comprised of letters that represents which letters have not
      yet been guessed.

    >>> get_available_letters(['e', 'i', 'k', 'p', 'r', 's'])
    'abcdfghjlmnoqtuvwxyz'
    '''
    return ''.join(c for c in string.ascii_lowercase if c not in letters_guessed)


VOWELS = 'aeiou'


def _play(secret_word, with_hints):
    """One game of hangman; with_hints: the guess '*' shows the words that match."""
    guesses = 6
    warnings = 3
    letters_guessed = []
    print("Welcome to the game Hangman!")
    print("I am thinking of a word that is", len(secret_word), "letters long.")
    print("-------------")
    while True:
        print("You have", guesses, "guesses left.")
        print("Available letters:", get_available_letters(letters_guessed))
        guess = input("Please guess a letter: ").lower()
        pattern = get_guessed_word(secret_word, letters_guessed)
        if with_hints and guess == '*':
            print("Possible word matches are:")
            show_possible_matches(pattern)
        elif len(guess) != 1 or guess not in string.ascii_lowercase:
            if warnings > 0:
                warnings -= 1
                print("Oops! That is not a valid letter. You have", warnings, "warnings left:", pattern)
            else:
                guesses -= 1
                print("Oops! That is not a valid letter. You have no warnings left so you lose one guess:", pattern)
        elif guess in letters_guessed:
            if warnings > 0:
                warnings -= 1
                print("Oops! You've already guessed that letter. You have", warnings, "warnings left:", pattern)
            else:
                guesses -= 1
                print("Oops! You've already guessed that letter. You have no warnings left so you lose one guess:", pattern)
        else:
            letters_guessed.append(guess)
            pattern = get_guessed_word(secret_word, letters_guessed)
            if guess in secret_word:
                print("Good guess:", pattern)
            else:
                guesses -= 2 if guess in VOWELS else 1
                print("Oops! That letter is not in my word:", pattern)
        print("-------------")
        if is_word_guessed(secret_word, letters_guessed):
            print("Congratulations, you won!")
            print("Your total score for this game is:", guesses * len(set(secret_word)))
            return
        if guesses <= 0:
            print("Sorry, you ran out of guesses. The word was " + secret_word + ".")
            return


def hangman(secret_word):
    '''
    secret_word: string, the secret word to guess.

    Starts up an interactive game of Hangman: 6 guesses, 3 warnings, a wrong vowel costs two
    guesses, and the score of a win is the guesses left times the number of distinct letters.
    '''
    _play(secret_word, False)


def match_with_gaps(my_word, other_word):
    '''
    my_word: string with _ characters, current guess of secret word
    other_word: string, regular English word
    returns: boolean, True if all the actual letters of my_word match the
        corresponding letters of other_word, or the letter is the special symbol
        _ , and my_word and other_word are of the same length;
        False otherwise:

    >>> match_with_gaps("te_ t", "tact")
    False
    >>> match_with_gaps("a_ _ le", "banana")
    False
    >>> match_with_gaps("a_ _ le", "apple")
    True
    >>> match_with_gaps("a_ ple", "apple")
    False
    '''
    mine = my_word.replace(' ', '')
    if len(mine) != len(other_word):
        return False
    revealed = set(mine) - {'_'}
    for shown, letter in zip(mine, other_word):
        if shown == '_':
            if letter in revealed:
                return False
        elif shown != letter:
            return False
    return True


def show_possible_matches(my_word):
    '''
    my_word: string with _ characters, current guess of secret word
    returns: nothing, but should print out every word in wordlist that matches my_word
             Keep in mind that in hangman when a letter is guessed, all the positions
             at which that letter occurs in the secret word are revealed.
             Therefore, the hidden letter(_ ) cannot be one of the letters in the word
             that has already been revealed.

    >>> show_possible_matches("t_ _ t")
    tact tart taut teat tent test text that tilt tint toot tort tout trot tuft twit
    >>> show_possible_matches("abbbb_ ")
    No matches found
    >>> show_possible_matches("a_ pl_ ")
    ample amply
    '''
    matches = [w for w in wordlist if match_with_gaps(my_word, w)]
    if matches:
        print(' '.join(matches))
    else:
        print("No matches found")


def hangman_with_hints(secret_word):
    '''
    secret_word: string, the secret word to guess.

    Starts up an interactive game of Hangman, as hangman() does; the guess * prints every word
    of the word list that matches the letters guessed so far, and costs nothing.
    '''
    _play(secret_word, True)


if __name__ == "__main__":
    secret_word = choose_word(wordlist)
    hangman(secret_word)
