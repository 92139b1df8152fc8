import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * HangmanManager keeps the state of one game of "evil" hangman: the computer never commits to a
 * secret word. It keeps every word that fits what the player has been shown, and each time the
 * player guesses a letter it keeps the largest group of words (a "family") that share the same
 * pattern of revealed letters. All reading and printing is done by the client (HangmanMain).
 */
public class HangmanManager {
    private Set<String> words;        // the words still considered, in alphabetical order
    private Set<Character> guesses;   // every letter guessed so far, in alphabetical order
    private int guessesLeft;          // wrong guesses the player may still make
    private String pattern;           // what the player sees, e.g. "- o o -"

    /**
     * Starts a game with every word of the dictionary that has the given length, duplicates
     * removed, and allows max wrong guesses. The dictionary itself is not changed.
     * The pattern starts as one dash per letter, separated by single spaces.
     * @throws IllegalArgumentException if length is less than 1 or max is less than 0
     */
    public HangmanManager(Collection<String> dictionary, int length, int max) {
        if (length < 1 || max < 0) {
            throw new IllegalArgumentException("length must be >= 1 and max >= 0");
        }
        words = new TreeSet<>();
        for (String word : dictionary) {
            if (word.length() == length) {
                words.add(word);
            }
        }
        guesses = new TreeSet<>();
        guessesLeft = max;
        pattern = "-";
        for (int i = 1; i < length; i++) {
            pattern += " -";
        }
    }

    /**
     * Returns the set of words the computer is still considering (alphabetical order).
     */
    public Set<String> words() {
        return words;
    }

    /**
     * Returns how many wrong guesses the player has left.
     */
    public int guessesLeft() {
        return guessesLeft;
    }

    /**
     * Returns the letters guessed so far (alphabetical order).
     */
    public Set<Character> guesses() {
        return guesses;
    }

    /**
     * Returns the current pattern: each letter of the word, or a dash when it is not revealed,
     * separated by single spaces, with no leading or trailing space.
     * @throws IllegalStateException if the set of words is empty
     */
    public String pattern() {
        if (words.isEmpty()) {
            throw new IllegalStateException("no words to make a pattern from");
        }
        return pattern;
    }

    /**
     * Records a guess of the given letter: groups the words into families by the pattern they
     * would show, keeps the largest family (a tie goes to the pattern that comes first
     * alphabetically) and makes its pattern the current one. A guess that reveals nothing costs
     * the player one guess. Returns how many times the letter occurs in the new pattern.
     * @throws IllegalStateException if no guesses are left or the set of words is empty
     * @throws IllegalArgumentException otherwise, if the letter was guessed before
     */
    public int record(char guess) {
        if (guessesLeft < 1 || words.isEmpty()) {
            throw new IllegalStateException("the game is over");
        }
        if (guesses.contains(guess)) {
            throw new IllegalArgumentException("already guessed: " + guess);
        }
        guesses.add(guess);
        Map<String, Set<String>> families = families(guess);
        pattern = largestFamily(families);
        words = families.get(pattern);
        int count = occurrences(guess);
        if (count == 0) {
            guessesLeft--;
        }
        return count;
    }

    // Groups the current words by the pattern each one would show after the given guess.
    private Map<String, Set<String>> families(char guess) {
        Map<String, Set<String>> families = new TreeMap<>();
        for (String word : words) {
            String key = patternFor(word, guess);
            if (!families.containsKey(key)) {
                families.put(key, new TreeSet<>());
            }
            families.get(key).add(word);
        }
        return families;
    }

    // Returns the current pattern with the given guess revealed wherever it occurs in word.
    private String patternFor(String word, char guess) {
        StringBuilder result = new StringBuilder(pattern);
        for (int i = 0; i < word.length(); i++) {
            if (word.charAt(i) == guess) {
                result.setCharAt(2 * i, guess);
            }
        }
        return result.toString();
    }

    // Returns the key of the largest family; on a tie the first key in the map's order wins.
    private String largestFamily(Map<String, Set<String>> families) {
        String best = null;
        for (String key : families.keySet()) {
            if (best == null || families.get(key).size() > families.get(best).size()) {
                best = key;
            }
        }
        return best;
    }

    // Returns how many times the given letter occurs in the current pattern.
    private int occurrences(char letter) {
        int count = 0;
        for (int i = 0; i < pattern.length(); i++) {
            if (pattern.charAt(i) == letter) {
                count++;
            }
        }
        return count;
    }
}
