import java.util.Scanner;

/**
 * The course's driver: reads the grid size n, then pairs "row col" of sites to
 * open, until the end of the input. After each site it prints the count of
 * open sites and whether the system percolates; at the end it draws the grid
 * (# blocked, . open, ~ full).
 */
public class PercolationClient {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("grid size? ");
        int n = in.nextInt();
        Percolation p = new Percolation(n);
        while (true) {
            System.out.print("open row col? ");
            if (!in.hasNextInt()) break;
            int row = in.nextInt();
            if (!in.hasNextInt()) break;
            int col = in.nextInt();
            try {
                p.open(row, col);
            } catch (IllegalArgumentException e) {
                System.out.println("(" + row + ", " + col + ") is not in the grid");
                continue;
            }
            System.out.println("open sites: " + p.numberOfOpenSites()
                + (p.percolates() ? ", percolates" : ", does not percolate"));
        }
        System.out.println();
        for (int row = 1; row <= n; row++) {
            StringBuilder line = new StringBuilder();
            for (int col = 1; col <= n; col++) {
                line.append(p.isFull(row, col) ? '~' : p.isOpen(row, col) ? '.' : '#');
            }
            System.out.println(line);
        }
        System.out.println(p.percolates() ? "percolates" : "does not percolate");
    }
}
