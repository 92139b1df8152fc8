// gradekit's compile server: one JVM that runs javac for request after request. A fresh javac costs
// ~0.6 s of CPU (a JVM start, then javac warming up); a warm one compiles a student's few files in a
// tenth of that. Each request is a javac command line, its arguments separated by NUL on one line; the
// reply is the exit status, the length in bytes of javac's output, and the output (UTF-8):
//   "<status> <length>\n<output>"
// Every request is a fresh javac run (its own context and file manager): nothing of one submission's
// compile is visible to the next. Annotation processing stays off (the caller passes -proc:none).
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public class JavacServer {
    /** Bytes of diagnostics sent back at most (the grader keeps a few KiB of them). */
    private static final int MAX_OUTPUT = 1 << 20;

    public static void main(String[] argv) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            System.err.println("no system Java compiler (a JRE without javac?)");
            System.exit(2);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        String line;
        while ((line = in.readLine()) != null) {
            String[] args = line.isEmpty() ? new String[0] : line.split("\u0000", -1);
            ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
            int status;
            try {
                status = javac.run(null, diagnostics, diagnostics, args);
            } catch (Throwable t) { // a javac crash on strange source is that submission's compile error
                diagnostics.write(("javac crashed: " + t).getBytes(StandardCharsets.UTF_8));
                status = 4;
            }
            byte[] body = diagnostics.toByteArray();
            if (body.length > MAX_OUTPUT) { // each error quotes its source line: a long line makes a long report
                byte[] cut = new byte[MAX_OUTPUT];
                System.arraycopy(body, 0, cut, 0, MAX_OUTPUT);
                body = cut;
            }
            out.write((status + " " + body.length + "\n").getBytes(StandardCharsets.UTF_8));
            out.write(body);
            out.flush();
        }
    }
}
