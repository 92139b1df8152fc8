"""Our replica of the CS 313E Evil Hangman course runner (runner.py).

Behaves byte for byte like the course runner: same prompts, messages and error paths, Python
int() parsing, the isalpha test on the first character, play-again on an answer starting with y/Y,
and, when stdin is not a terminal, each line read printed right after its prompt (the guess
lower-cased). Like the course runner it imports only Hangman and DICTIONARY_FILE from the
student's hangman.py; debug output is off unless this script is run with --debug (the course
runner's own DEBUG constant).

Usage: cd <dir with hangman.py and the dictionary> && python3 runner.py [--debug] < session.txt
"""
import os
import sys

sys.path.insert(0, os.getcwd())
from hangman import Hangman, DICTIONARY_FILE  # noqa: E402  (the student's module, from the cwd)

DEBUG = "--debug" in sys.argv[1:]
MAX_GUESSES = 25
MAX_LETTERS_PER_WORD = 25
DIFFICULTIES = {1: "EASY", 2: "MEDIUM", 3: "HARD"}


def read(prompt):
    """input() that shows the typed line when stdin is piped, as the course runner does."""
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


def read_guess():
    """The course runner lower-cases the guess before echoing it."""
    line = input("Your guess? ").lower()
    if not sys.stdin.isatty():
        print(line)
    return line


def load_dictionary():
    words = set()
    try:
        with open(DICTIONARY_FILE, "r") as f:
            for line in f:
                words.add(line.strip().lower())
    except FileNotFoundError:
        print(f"Unable to find this file: {DICTIONARY_FILE}")
        print("Program running in this directory: ", os.getcwd())
        print("Be sure the dictionary file is in that directory")
        print("Returning empty list for dictionary.")
    return sorted(words)


def valid_choice(choice, low, high, explanation):
    ok = low <= choice <= high
    if not ok:
        print(f"{choice} is not a valid number for {explanation}")
        print(f"Pick a number between {low} and {high}.")
    return ok


def has_words(hangman, length):
    n = hangman.num_words(length)
    if n == 0:
        print()
        print(f"I don't know any words with {length} letters. Enter another number.")
    return n != 0


def set_game_parameters(hangman):
    if not hangman:
        raise ValueError("hangman manager may not be null")
    while True:
        try:
            length = read("What length word do you want to use? ")
            if has_words(hangman, int(length)):
                break
        except ValueError:
            print("Error: Please enter a valid integer for word length.")
    while True:
        try:
            guesses = read("How many wrong answers allowed? ")
            if valid_choice(int(guesses), 1, MAX_GUESSES, "number of wrong guesses"):
                break
        except ValueError:
            print("Error: Please enter a valid integer for number of wrong guesses.")
    while True:
        try:
            print("What difficulty level do you want?")
            choice = read("Enter a number between 1 (EASIEST) and 3 (HARDEST): ")
            if valid_choice(int(choice), 1, 3, "difficulty"):
                break
        except ValueError:
            print("Error: Please enter a valid integer for difficulty level.")
    hangman.prep_for_round(int(length), int(guesses), DIFFICULTIES[int(choice)])


def get_letter(hangman):
    if not hangman:
        raise ValueError("manager may not be None")
    while True:
        result = read_guess()
        while not result or not result[0].isalpha() or len(result) > 1:
            print("That is not an English letter.")
            result = read_guess()
        guess = result[0]
        if not hangman.already_guessed(guess):
            # the course runner re-checks here, so already_guessed runs twice per accepted guess
            assert guess.isalpha() and not hangman.already_guessed(guess), f"bad guess {guess}"
            return guess
        print("You already guessed that! Pick a new letter please.")


def show_patterns(results):
    if not results:
        raise ValueError("results may not be none")
    print("DEBUGGING: Based on guess here are the resulting patterns and")
    print("number of words in each pattern:")
    for key, value in results.items():
        print(f"Pattern: {key}, Number of words: {value}")
    print("END DEBUGGING")
    print()


def play_game(hangman):
    while hangman.get_guesses_left() > 0 and "-" in hangman.get_pattern():
        print("Guesses left:", hangman.get_guesses_left())
        if DEBUG:
            print("DEBUGGING: Words left:", hangman.num_words_current())
        print("Guessed so far:", hangman.get_guesses_made())
        print("Current word:", hangman.get_pattern())
        print()
        guess = get_letter(hangman)
        results = hangman.make_guess(guess)
        if DEBUG:
            show_patterns(results)
        pattern = hangman.get_pattern()
        if not pattern:
            raise ValueError("Pattern may not be None")
        count = pattern.count(guess)
        if count == 0:
            print(f"Sorry, there are no {guess}'s")
        elif count == 1:
            print(f"Yes, there is one {guess}")
        else:
            print(f"Yes, there are {count} {guess}'s")


def show_results(hangman):
    print("Answer =", hangman.get_secret_word())
    if hangman.get_guesses_left() > 0:
        print("You beat me")
    else:
        print("Sorry, you lose")


def main():
    print("Welcome to the CS313E hangman game.")
    print()
    hangman = Hangman(load_dictionary(), DEBUG)
    if DEBUG:
        print("Number of words of each length in the dictionary:")
        for i in range(2, MAX_LETTERS_PER_WORD):
            print(f"{i}: {hangman.num_words(i)}")
    while True:
        set_game_parameters(hangman)
        play_game(hangman)
        show_results(hangman)
        print()
        answer = read("Another game? Enter y for another game, anything else to quit: ")
        if not (len(answer) > 0 and answer.lower().startswith("y")):
            break


if __name__ == "__main__":
    main()
