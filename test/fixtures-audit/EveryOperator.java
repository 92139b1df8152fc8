import java.util.ArrayList;
import java.util.List;

/** Each mutation operator of the Java mutator (harness/audit/Mutate.java) has a place to act here. */
public class EveryOperator {
    private static final boolean DEBUG = false;
    private int total = 0;
    private boolean verbose = true;

    public EveryOperator(int start) {
        if (start < 0) {
            throw new IllegalArgumentException("start must be >= 0");
        }
        total = start;
    }

    public int add(int a, int b) {
        total += a * b;
        return total;
    }

    public boolean inRange(int x) {
        return x >= 1 && x <= 10 || !verbose;
    }

    public List<String> shortWords(List<String> words) {
        List<String> out = new ArrayList<>(words);
        for (String w : words) {
            if (w.length() <= 3) {
                continue;
            }
            out.remove(w);
        }
        return out;
    }

    public int firstNegative(int[] xs) {
        int i = 0;
        while (i < xs.length) {
            if (xs[i] < 0) {
                break;
            }
            i++;
        }
        return i == xs.length ? -1 : i;
    }

    public String sign(int x) {
        String s;
        if (x > 0) {
            s = "positive";
        } else {
            s = "not positive";
        }
        return s;
    }

    public int clamp(int x) {
        return Math.min(x, 100);
    }

    public char separator() {
        return '-';
    }

    public void show() {
        if (DEBUG) {
            System.out.println("debugging");
        }
        System.out.println("Total: " + total);
    }
}
