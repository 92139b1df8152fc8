import java.util.Map;
import java.util.TreeMap;

/** How often each word was counted. */
public class Counter {
    private final Map<String, Tally> tallies = new TreeMap<>();

    public void count(String word) {
        tallies.computeIfAbsent(word, w -> new Tally()).add();
    }

    public int of(String word) {
        Tally t = tallies.get(word);
        return t == null ? 0 : t.value();
    }
}
