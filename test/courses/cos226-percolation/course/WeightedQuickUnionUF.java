/**
 * Union-find with union by size and path halving, as handed out with the
 * assignment. Sites are numbered 0 to n-1.
 */
public class WeightedQuickUnionUF {
    private final int[] parent;
    private final int[] size;
    private int count;

    /** Makes n sites, each in a set of its own. */
    public WeightedQuickUnionUF(int n) {
        if (n < 0) throw new IllegalArgumentException("n must be at least 0: " + n);
        parent = new int[n];
        size = new int[n];
        count = n;
        for (int i = 0; i < n; i++) {
            parent[i] = i;
            size[i] = 1;
        }
    }

    /** The number of sets. */
    public int count() {
        return count;
    }

    /** The representative of the set holding p. */
    public int find(int p) {
        check(p);
        while (p != parent[p]) {
            parent[p] = parent[parent[p]];
            p = parent[p];
        }
        return p;
    }

    /** Whether p and q are in the same set. */
    public boolean connected(int p, int q) {
        return find(p) == find(q);
    }

    /** Merges the sets holding p and q. */
    public void union(int p, int q) {
        int a = find(p);
        int b = find(q);
        if (a == b) return;
        if (size[a] < size[b]) {
            parent[a] = b;
            size[b] += size[a];
        } else {
            parent[b] = a;
            size[a] += size[b];
        }
        count--;
    }

    private void check(int p) {
        if (p < 0 || p >= parent.length) {
            throw new IllegalArgumentException("site " + p + " is not between 0 and " + (parent.length - 1));
        }
    }
}
