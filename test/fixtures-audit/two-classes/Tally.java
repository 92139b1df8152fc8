/** A count that only goes up: Counter keeps one per word. */
public class Tally {
    private int n;

    public void add() {
        n++;
    }

    public int value() {
        return n;
    }
}
