import java.io.File;
import java.io.FileNotFoundException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Scanner;

/**
 * gradekit's own driver for the UW CSE 143 "Evil Hangman" assignment, written from the course's
 * description of its HangmanMain: it reads a dictionary, asks for a word length and a number of
 * wrong answers, and plays one game against the student's HangmanManager. It works with either
 * constructor (Collection<String> or the older List<String>) and with guesses() typed Set or
 * SortedSet, since it only calls contains and toString on what guesses() returns.
 */
public class HangmanMain {
    public static final String DICTIONARY_FILE = "dictionary.txt";
    public static final boolean SHOW_COUNT = false;   // true: also show how many words are left

    public static void main(String[] args) throws FileNotFoundException {
        System.out.println("Welcome to the cse143 hangman game.");
        System.out.println();
        List<String> dictionary = readWords(DICTIONARY_FILE);

        Scanner console = new Scanner(System.in);
        System.out.print("What length word do you want to use? ");
        int length = console.nextInt();
        System.out.print("How many wrong answers allowed? ");
        int max = console.nextInt();
        System.out.println();

        // an unmodifiable list: a manager that changes its argument fails here
        HangmanManager hangman =
            new HangmanManager(Collections.unmodifiableList(dictionary), length, max);
        if (hangman.words().isEmpty()) {
            System.out.println("No words of that length in the dictionary.");
            return;
        }
        playGame(console, hangman);
        showResult(hangman);
    }

    // Returns every whitespace-separated token of the named file, lower-cased.
    public static List<String> readWords(String fileName) throws FileNotFoundException {
        Scanner input = new Scanner(new File(fileName));
        List<String> result = new ArrayList<>();
        while (input.hasNext()) {
            result.add(input.next().toLowerCase());
        }
        input.close();
        return result;
    }

    // Plays turns until the player runs out of guesses or the pattern has no dash left.
    public static void playGame(Scanner console, HangmanManager hangman) {
        while (hangman.guessesLeft() > 0 && hangman.pattern().contains("-")) {
            System.out.println("guesses : " + hangman.guessesLeft());
            if (SHOW_COUNT) {
                System.out.println("words   : " + hangman.words().size());
            }
            System.out.println("guessed : " + hangman.guesses());
            System.out.println("current : " + hangman.pattern());
            System.out.print("Your guess? ");
            char ch = console.next().toLowerCase().charAt(0);
            if (hangman.guesses().contains(ch)) {
                System.out.println("You already guessed that");
            } else {
                reportGuess(ch, hangman.record(ch));
            }
        }
    }

    // Tells the player how many times the guessed letter occurs, then prints a blank line.
    public static void reportGuess(char ch, int count) {
        if (count == 0) {
            System.out.println("Sorry, there are no " + ch + "'s");
        } else if (count == 1) {
            System.out.println("Yes, there is one " + ch);
        } else {
            System.out.println("Yes, there are " + count + " " + ch + "'s");
        }
        System.out.println();
    }

    // Shows the word the computer settles on and who won.
    public static void showResult(HangmanManager hangman) {
        System.out.println("answer = " + hangman.words().iterator().next());
        if (hangman.guessesLeft() > 0) {
            System.out.println("You beat me");
        } else {
            System.out.println("Sorry, you lose");
        }
    }
}
