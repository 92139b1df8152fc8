/**
 * An n-by-n grid of sites, each open or blocked. A full site is an open site
 * that can be connected to an open site in the top row by a chain of
 * neighbouring (left, right, up, down) open sites. The system percolates when
 * some site in the bottom row is full. Rows and columns are numbered 1 to n.
 */
public class Percolation {
    private final int n;
    private final boolean[] open;
    private int openSites;
    private final int top;
    private final int bottom;
    // sites, a virtual top and a virtual bottom: answers percolates()
    private final WeightedQuickUnionUF flow;
    // sites and the virtual top only, so that isFull() sees no backwash
    private final WeightedQuickUnionUF fill;

    /** Creates an n-by-n grid, with all sites initially blocked. */
    public Percolation(int n) {
        if (n <= 0) throw new IllegalArgumentException("n must be positive: " + n);
        this.n = n;
        open = new boolean[n * n];
        top = n * n;
        bottom = n * n + 1;
        flow = new WeightedQuickUnionUF(n * n + 2);
        fill = new WeightedQuickUnionUF(n * n + 1);
    }

    /** Opens the site (row, col) if it is not open already. */
    public void open(int row, int col) {
        int site = index(row, col);
        if (open[site]) return;
        open[site] = true;
        openSites++;
        if (row == 1) {
            flow.union(site, top);
            fill.union(site, top);
        }
        if (row == n) flow.union(site, bottom);
        join(site, row - 1, col);
        join(site, row + 1, col);
        join(site, row, col - 1);
        join(site, row, col + 1);
    }

    /** Is the site (row, col) open? */
    public boolean isOpen(int row, int col) {
        return open[index(row, col)];
    }

    /** Is the site (row, col) full? */
    public boolean isFull(int row, int col) {
        int site = index(row, col);
        return open[site] && fill.find(site) == fill.find(top);
    }

    /** Returns the number of open sites. */
    public int numberOfOpenSites() {
        return openSites;
    }

    /** Does the system percolate? */
    public boolean percolates() {
        return flow.find(top) == flow.find(bottom);
    }

    private void join(int site, int row, int col) {
        if (row < 1 || row > n || col < 1 || col > n) return;
        int other = (row - 1) * n + (col - 1);
        if (!open[other]) return;
        flow.union(site, other);
        fill.union(site, other);
    }

    private int index(int row, int col) {
        if (row < 1 || row > n) throw new IllegalArgumentException("row " + row + " is outside 1.." + n);
        if (col < 1 || col > n) throw new IllegalArgumentException("col " + col + " is outside 1.." + n);
        return (row - 1) * n + (col - 1);
    }
}
