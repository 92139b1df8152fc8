/** The course's own driver: compiled with the student's classes, never mutated. */
public class Main {
    public static void main(String[] args) {
        Counter c = new Counter();
        for (String a : args) c.count(a);
        System.out.println(c.of("x") + 1);
    }
}
