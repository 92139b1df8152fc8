// Mutant generator of gradekit audit for Java, the counterpart of mutate.py: the JDK's own parser finds
// the nodes and their source positions, and each mutant is the source text rewritten at one of them, so
// its diff reads like a one-token slip. Every mutant is compiled here, in this JVM (javax.tools, one warm
// compiler: a fresh javac per mutant costs ~0.6 s of CPU each), against the original's classes; one that
// does not compile is dropped, and so is one whose bytecode (no debug information) is the original's or an
// earlier mutant's: the same program, whatever its text.
// Usage: java Mutate [--with <file.java>]... <file.java>...
//   the files after the options are mutated; --with files (a course's own classes) are compiled with them.
// Prints {"mutants": [{file, op, line, function, desc, source}], "dropped": {...}}; a file that does not
// parse or compile is one line on stderr, "<file>:<line>: does not parse: <javac's message>", and exit status
// 2 (a JDK without a compiler: exit 3).
import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.*;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.security.MessageDigest;
import java.util.*;
import javax.lang.model.element.Modifier;
import javax.tools.*;

public class Mutate {
    record Edit(int start, int end, String text, String op, int line, String function, String desc) {}

    record Mutant(String file, Edit edit, String source) {}

    /** A source held in memory (its text is what the positions index). */
    static final class Source extends SimpleJavaFileObject {
        final String name, text;

        Source(String name, String text) {
            super(uri(name), Kind.SOURCE);
            this.name = name;
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }

        /** The path as a URI (quoted: a folder name may hold spaces); javac reads the class's file name from it. */
        static URI uri(String path) {
            try {
                return new URI("string", null, "/" + path.replace('\\', '/'), null);
            } catch (java.net.URISyntaxException e) {
                throw new IllegalArgumentException(e);
            }
        }
    }

    /** Keeps the class files of a compile in memory, by class name. */
    static final class Memory extends ForwardingJavaFileManager<StandardJavaFileManager> {
        Map<String, ByteArrayOutputStream> out = new TreeMap<>();

        Memory(StandardJavaFileManager fm) {
            super(fm);
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location loc, String className, JavaFileObject.Kind kind, FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    ByteArrayOutputStream b = new ByteArrayOutputStream();
                    out.put(className, b);
                    return b;
                }
            };
        }
    }

    // -g:none: no line numbers, so a mutant that only moves lines compares equal by its bytecode.
    static final List<String> OPTIONS = List.of("-g:none", "-proc:none", "-nowarn", "-implicit:none", "-Xlint:none", "-XDsuppressNotes");

    static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

    public static void main(String[] args) throws Exception {
        if (JAVAC == null) {
            System.err.println("no Java compiler in this JDK (a JRE without javac?)");
            System.exit(3);
        }
        List<Path> with = new ArrayList<>(), targets = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--with") && i + 1 < args.length) with.add(Path.of(args[++i]));
            else targets.add(Path.of(args[i]));
        }
        List<Source> sources = new ArrayList<>();
        for (Path p : targets) {
            String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
            if (text.startsWith("\uFEFF")) text = text.substring(1);
            sources.add(new Source(p.toString(), text));
        }
        StandardJavaFileManager fm = JAVAC.getStandardFileManager(null, Locale.ENGLISH, StandardCharsets.UTF_8);
        // The original, whole: its classes are the class path every mutant compiles against.
        List<JavaFileObject> all = new ArrayList<>(sources);
        for (JavaFileObject f : fm.getJavaFileObjectsFromPaths(with)) all.add(f);
        Memory mem = new Memory(fm);
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        JavacTask task = (JavacTask) JAVAC.getTask(null, mem, diags, OPTIONS, null, all);
        Map<URI, CompilationUnitTree> units = new HashMap<>(); // by URI: javac wraps the file objects it is given
        for (CompilationUnitTree u : task.parse()) units.put(u.getSourceFile().toUri(), u);
        firstError(diags, "does not parse");
        // The places to mutate are read from the trees as parsed (analysis and code generation rewrite them).
        SourcePositions pos = Trees.instance(task).getSourcePositions();
        List<Mutant> made = new ArrayList<>();
        for (Source src : sources) {
            CompilationUnitTree unit = units.get(src.toUri());
            List<Edit> edits = new ArrayList<>();
            new Finder(src.text, unit, pos, edits).scan(unit, null);
            edits.sort(Comparator.comparingInt(Edit::line).thenComparing(Edit::op).thenComparing(Edit::desc));
            for (Edit e : edits) made.add(new Mutant(src.name, e, src.text.substring(0, e.start) + e.text + src.text.substring(e.end)));
        }
        task.analyze();
        firstError(diags, "does not compile");
        task.generate();
        firstError(diags, "does not compile");
        Path classes = Files.createTempDirectory("gradekit-mutate-");
        try {
            for (Map.Entry<String, ByteArrayOutputStream> e : mem.out.entrySet()) {
                Path f = classes.resolve(e.getKey().replace('.', File.separatorChar) + ".class");
                Files.createDirectories(f.getParent());
                Files.write(f, e.getValue().toByteArray());
            }
            fm.setLocation(StandardLocation.CLASS_PATH, List.of(classes.toFile()));
            System.out.print(keepCompiling(made, sources, mem.out, fm));
            System.out.flush();
        } finally {
            try (var walk = Files.walk(classes)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The mutants that compile and differ from the original and from each other by their bytecode, as JSON. */
    static String keepCompiling(List<Mutant> made, List<Source> sources, Map<String, ByteArrayOutputStream> original, StandardJavaFileManager fm) throws Exception {
        Set<String> texts = new HashSet<>(), programs = new HashSet<>();
        for (Source s : sources) texts.add(s.name + "\0" + s.text);
        int notCompiling = 0, sameProgram = 0;
        StringBuilder json = new StringBuilder("{\"mutants\": [");
        boolean first = true;
        for (Mutant m : made) {
            if (!texts.add(m.file + "\0" + m.source)) continue;
            Memory mem = new Memory(fm);
            Source src = new Source(m.file, m.source);
            boolean ok;
            try {
                ok = JAVAC.getTask(null, mem, d -> { }, OPTIONS, null, List.of(src)).call();
            } catch (RuntimeException e) { // a javac crash on a strange mutant: not a mutant
                ok = false;
            }
            if (!ok) {
                notCompiling++;
                continue;
            }
            // The original's own classes of this file (the same names): the same bytes are the same program.
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            boolean same = true;
            for (Map.Entry<String, ByteArrayOutputStream> e : mem.out.entrySet()) {
                byte[] b = e.getValue().toByteArray();
                ByteArrayOutputStream o = original.get(e.getKey());
                if (o == null || !Arrays.equals(o.toByteArray(), b)) same = false;
                sha.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(b);
            }
            if (same || !programs.add(m.file + "\0" + HexFormat.of().formatHex(sha.digest()))) {
                sameProgram++;
                continue;
            }
            Edit e = m.edit;
            json.append(first ? "\n" : ",\n").append("{\"file\": ").append(quote(m.file)).append(", \"op\": ").append(quote(e.op))
                .append(", \"line\": ").append(e.line).append(", \"function\": ").append(quote(e.function))
                .append(", \"desc\": ").append(quote(e.desc)).append(", \"source\": ").append(quote(m.source)).append('}');
            first = false;
        }
        return json.append("],\n\"dropped\": {\"not_compiling\": ").append(notCompiling).append(", \"same_program\": ").append(sameProgram).append("}}\n").toString();
    }

    /** Exits with the first error of a parse or compile: "file:line: what: message". */
    static void firstError(DiagnosticCollector<JavaFileObject> diags, String what) {
        for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) continue;
            String file = d.getSource() == null ? "" : d.getSource() instanceof Source s ? s.name : d.getSource().getName();
            fail(file + ":" + d.getLineNumber() + ": " + what + ": " + d.getMessage(Locale.ENGLISH).split("\n")[0]);
        }
    }

    static void fail(String message) {
        System.err.println(message);
        System.exit(2);
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    /** A Java string literal of the given value. */
    static String javaString(String v) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : v.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    static String shorten(String s) {
        s = String.join(" ", s.trim().split("\\s+"));
        return s.length() <= 50 ? s : s.substring(0, 47) + "...";
    }
    /** The places to mutate in one file, and the text each becomes (mutate.py's operators, in Java's syntax). */
    static final class Finder extends TreePathScanner<Void, Void> {
        static final Set<String> COPIES = Set.of("ArrayList", "LinkedList", "HashSet", "TreeSet", "LinkedHashSet", "HashMap", "TreeMap", "LinkedHashMap", "ArrayDeque", "PriorityQueue");
        static final Set<String> PRINTERS = Set.of("print", "println", "printf", "format");
        /** Java's operator tokens: an operator found in a gap must not be the start of a longer one. */
        static final Set<String> TOKENS = Set.of("==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "->", "::");

        final String text;
        final CompilationUnitTree unit;
        final SourcePositions pos;
        final List<Edit> out;

        Finder(String text, CompilationUnitTree unit, SourcePositions pos, List<Edit> out) {
            this.text = text;
            this.unit = unit;
            this.pos = pos;
            this.out = out;
        }

        int start(Tree t) {
            return (int) pos.getStartPosition(unit, t);
        }

        int end(Tree t) {
            return (int) pos.getEndPosition(unit, t);
        }

        String seg(Tree t) {
            return text.substring(start(t), end(t));
        }

        /** The line of an offset (the tree has no line map: -g:none keeps javac from making one). */
        int line(int offset) {
            int n = 1;
            for (int i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
            return n;
        }

        void add(int a, int b, String replacement, String op, String desc) {
            if (a < 0 || b < a || b > text.length()) return; // a node without a position in the source
            out.add(new Edit(a, b, replacement, op, line(a), function(), desc));
        }

        /** The enclosing method as "Class.method" (constructors and initializers by their JVM names, as in a stack trace). */
        String function() {
            Deque<String> names = new ArrayDeque<>();
            String member = null;
            Tree below = null;
            for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
                Tree t = p.getLeaf();
                if (t instanceof MethodTree m && member == null) member = m.getName().toString();
                else if (t instanceof ClassTree c) {
                    if (member == null) {
                        boolean isStatic = below instanceof VariableTree v ? v.getModifiers().getFlags().contains(Modifier.STATIC) : below instanceof BlockTree b && b.isStatic();
                        member = isStatic ? "<clinit>" : "<init>";
                    }
                    if (!c.getSimpleName().isEmpty()) names.addFirst(c.getSimpleName().toString());
                }
                below = t;
            }
            names.addLast(member == null ? "<init>" : member);
            return String.join(".", names);
        }

        /** The operator token `old` in the gap [a, b) between two operands (only parentheses, space and
         *  comments around it) becomes `replacement`. */
        void operator(int a, int b, String old, String replacement, String op) {
            for (int i = a; i >= 0 && i < b; i++) {
                if (text.startsWith("//", i)) i = text.indexOf('\n', i);
                else if (text.startsWith("/*", i)) {
                    int close = text.indexOf("*/", i + 2);
                    i = close < 0 ? -1 : close + 1;
                } else if (text.startsWith(old, i)) {
                    int after = i + old.length();
                    if (after < text.length() && TOKENS.contains(old + text.charAt(after))) return;
                    add(i, after, replacement, op, "`" + old + "` -> `" + replacement + "`");
                    return;
                } else if (!Character.isWhitespace(text.charAt(i)) && "()".indexOf(text.charAt(i)) < 0) return;
                if (i < 0) return; // a comment that never ends
            }
        }

        /** A statement removed: with its lines when it has them to itself, else replaced by an empty statement. */
        void drop(StatementTree s, String op, String desc) {
            int a = start(s), b = end(s);
            Tree parent = getCurrentPath().getParentPath().getLeaf();
            if (a < 0 || b < a) return;
            if (!(parent instanceof BlockTree || parent instanceof CaseTree)) {
                add(a, b, ";", op, desc);
                return;
            }
            int first = text.lastIndexOf('\n', a - 1) + 1, nl = text.indexOf('\n', b), last = nl < 0 ? text.length() : nl + 1;
            if (text.substring(first, a).isBlank() && text.substring(b, last).isBlank()) add(first, last, "", op, desc);
            else add(a, b, "", op, desc);
        }

        void negate(ExpressionTree cond, String where) {
            if (cond == null) return;
            ExpressionTree c = cond instanceof ParenthesizedTree p ? p.getExpression() : cond;
            if (c.getKind() == Tree.Kind.LOGICAL_COMPLEMENT) return; // removing the `!` already covers it
            add(start(c), end(c), "!(" + seg(c) + ")", "negate-condition", "negated the condition of the " + where);
        }

        boolean inside(Class<? extends Tree> kind) {
            for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) if (kind.isInstance(p.getLeaf())) return true;
            return false;
        }

        // ---- operators
        @Override
        public Void visitBinary(BinaryTree t, Void v) {
            String[] s = switch (t.getKind()) {
                case PLUS -> new String[] {"+", "-", "arith"};
                case MINUS -> new String[] {"-", "+", "arith"};
                case MULTIPLY -> new String[] {"*", "+", "arith"};
                case DIVIDE -> new String[] {"/", "*", "arith"};
                case REMAINDER -> new String[] {"%", "/", "arith"};
                case LESS_THAN -> new String[] {"<", "<=", "compare"};
                case LESS_THAN_EQUAL -> new String[] {"<=", "<", "compare"};
                case GREATER_THAN -> new String[] {">", ">=", "compare"};
                case GREATER_THAN_EQUAL -> new String[] {">=", ">", "compare"};
                case EQUAL_TO -> new String[] {"==", "!=", "compare"};
                case NOT_EQUAL_TO -> new String[] {"!=", "==", "compare"};
                case CONDITIONAL_AND -> new String[] {"&&", "||", "boolean"};
                case CONDITIONAL_OR -> new String[] {"||", "&&", "boolean"};
                default -> null;
            };
            // A string joined with `+` has no `-`: no mutant to compile and drop.
            boolean joins = t.getKind() == Tree.Kind.PLUS && (t.getLeftOperand().getKind() == Tree.Kind.STRING_LITERAL || t.getRightOperand().getKind() == Tree.Kind.STRING_LITERAL);
            if (s != null && !joins) operator(end(t.getLeftOperand()), start(t.getRightOperand()), s[0], s[1], s[2]);
            return super.visitBinary(t, v);
        }

        @Override
        public Void visitCompoundAssignment(CompoundAssignmentTree t, Void v) {
            String[] s = switch (t.getKind()) {
                case PLUS_ASSIGNMENT -> new String[] {"+=", "-="};
                case MINUS_ASSIGNMENT -> new String[] {"-=", "+="};
                case MULTIPLY_ASSIGNMENT -> new String[] {"*=", "+="};
                case DIVIDE_ASSIGNMENT -> new String[] {"/=", "*="};
                case REMAINDER_ASSIGNMENT -> new String[] {"%=", "/="};
                default -> null;
            };
            if (s != null && t.getExpression().getKind() != Tree.Kind.STRING_LITERAL) operator(end(t.getVariable()), start(t.getExpression()), s[0], s[1], "arith");
            return super.visitCompoundAssignment(t, v);
        }

        @Override
        public Void visitUnary(UnaryTree t, Void v) {
            ExpressionTree x = t.getExpression();
            switch (t.getKind()) {
                case POSTFIX_INCREMENT -> operator(end(x), end(t), "++", "--", "arith");
                case POSTFIX_DECREMENT -> operator(end(x), end(t), "--", "++", "arith");
                case PREFIX_INCREMENT -> operator(start(t), start(x), "++", "--", "arith");
                case PREFIX_DECREMENT -> operator(start(t), start(x), "--", "++", "arith");
                case LOGICAL_COMPLEMENT -> add(start(t), end(t), seg(x), "negation", "removed `!`");
                case UNARY_MINUS -> add(start(t), end(t), seg(x), "negation", "removed `-`");
                default -> { }
            }
            return super.visitUnary(t, v);
        }

        // ---- conditions and branches
        @Override
        public Void visitIf(IfTree t, Void v) {
            negate(t.getCondition(), "if");
            StatementTree then = t.getThenStatement(), other = t.getElseStatement();
            boolean throwsOnly = then instanceof ThrowTree || then instanceof BlockTree b && b.getStatements().size() == 1 && b.getStatements().get(0) instanceof ThrowTree;
            if (other == null && throwsOnly) drop(t, "drop-guard", "dropped the guard `if " + shorten(seg(t.getCondition())) + " throw ...`");
            // A plain if/else (not an else-if chain): each branch's text in the other's place.
            if (other != null && !(other instanceof IfTree)) {
                int a = start(then), b = end(then), c = start(other), d = end(other);
                if (a >= 0 && b <= c && c <= d) add(a, d, text.substring(c, d) + text.substring(b, c) + text.substring(a, b), "swap-branches", "swapped the if and else branches");
            }
            return super.visitIf(t, v);
        }

        @Override
        public Void visitWhileLoop(WhileLoopTree t, Void v) {
            negate(t.getCondition(), "while loop");
            return super.visitWhileLoop(t, v);
        }

        @Override
        public Void visitDoWhileLoop(DoWhileLoopTree t, Void v) {
            negate(t.getCondition(), "do-while loop");
            return super.visitDoWhileLoop(t, v);
        }

        @Override
        public Void visitForLoop(ForLoopTree t, Void v) {
            negate(t.getCondition(), "for loop");
            return super.visitForLoop(t, v);
        }

        @Override
        public Void visitConditionalExpression(ConditionalExpressionTree t, Void v) {
            negate(t.getCondition(), "conditional expression");
            return super.visitConditionalExpression(t, v);
        }

        // ---- constants
        @Override
        public Void visitLiteral(LiteralTree t, Void v) {
            int a = start(t), b = end(t);
            if (a < 0 || b < a) return null;
            String raw = text.substring(a, b);
            switch (t.getKind()) {
                case INT_LITERAL, LONG_LITERAL -> {
                    long x = ((Number) t.getValue()).longValue();
                    String suffix = t.getKind() == Tree.Kind.LONG_LITERAL ? raw.substring(raw.length() - 1) : "";
                    for (int d : new int[] {1, -1}) add(a, b, (x + d) + suffix, "off-by-one", "`" + raw + "` -> `" + (x + d) + suffix + "`");
                }
                case BOOLEAN_LITERAL -> add(a, b, String.valueOf(!(Boolean) t.getValue()), "constant", "`" + raw + "` -> `" + !(Boolean) t.getValue() + "`");
                case CHAR_LITERAL -> {
                    String c = (Character) t.getValue() == ' ' ? "'x'" : "' '";
                    add(a, b, c, "constant", "`" + raw + "` -> `" + c + "`");
                }
                case STRING_LITERAL -> {
                    if (!raw.startsWith("\"\"\"")) string(a, b, raw, (String) t.getValue()); // a text block is left as it is
                }
                default -> { }
            }
            return null;
        }

        void string(int a, int b, String raw, String value) {
            if (printed()) {
                for (int i = 0; i < value.length(); i++) {
                    char c = value.charAt(i);
                    if (Character.isLetter(c) && c < 128) {
                        char flipped = Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
                        add(a, b, javaString(value.substring(0, i) + flipped + value.substring(i + 1)), "prompt-text", "changed the case of '" + c + "' in a prompt");
                        break;
                    }
                }
                if (!value.equals(value.stripTrailing())) add(a, b, javaString(value.stripTrailing()), "prompt-text", "dropped trailing space of " + raw);
                else if (!value.isEmpty()) add(a, b, javaString(value + ":"), "prompt-text", "appended a colon to " + raw);
            } else {
                String nv = javaString(value.isEmpty() ? "x" : "");
                add(a, b, nv, "string", "`" + shorten(raw) + "` -> `" + nv + "`");
            }
        }

        /** The literal is printed: an argument of print, println, printf or format, alone or joined with `+`. */
        boolean printed() {
            TreePath p = getCurrentPath().getParentPath();
            while (p != null && (p.getLeaf().getKind() == Tree.Kind.PLUS || p.getLeaf() instanceof ParenthesizedTree)) p = p.getParentPath();
            if (p == null || !(p.getLeaf() instanceof MethodInvocationTree m)) return false;
            ExpressionTree sel = m.getMethodSelect();
            String name = sel instanceof MemberSelectTree ms ? ms.getIdentifier().toString() : sel instanceof IdentifierTree id ? id.getName().toString() : "";
            return PRINTERS.contains(name);
        }

        // ---- calls and copies
        @Override
        public Void visitMethodInvocation(MethodInvocationTree t, Void v) {
            if (t.getMethodSelect() instanceof MemberSelectTree m && m.getExpression() instanceof IdentifierTree owner) {
                String name = m.getIdentifier().toString(), on = owner.getName().toString();
                int e = end(m);
                if (on.equals("Math") && (name.equals("min") || name.equals("max")) && e > 0) {
                    String other = name.equals("min") ? "max" : "min";
                    add(e - name.length(), e, other, "call", "`Math." + name + "` -> `Math." + other + "`");
                }
                if (Set.of("List", "Set", "Map").contains(on) && name.equals("copyOf") && t.getArguments().size() == 1 && plain(t.getArguments().get(0))) {
                    add(start(t), end(t), seg(t.getArguments().get(0)), "no-copy", "used the argument itself instead of `" + shorten(seg(t)) + "`");
                }
            }
            return super.visitMethodInvocation(t, v);
        }

        @Override
        public Void visitNewClass(NewClassTree t, Void v) {
            Tree type = t.getIdentifier() instanceof ParameterizedTypeTree p ? p.getType() : t.getIdentifier();
            String name = type instanceof IdentifierTree id ? id.getName().toString() : type instanceof MemberSelectTree ms ? ms.getIdentifier().toString() : "";
            if (t.getClassBody() == null && COPIES.contains(name) && t.getArguments().size() == 1 && plain(t.getArguments().get(0))) {
                add(start(t), end(t), seg(t.getArguments().get(0)), "no-copy", "used the argument itself instead of `" + shorten(seg(t)) + "`");
            }
            return super.visitNewClass(t, v);
        }

        static boolean plain(ExpressionTree e) {
            return e instanceof IdentifierTree || e instanceof MemberSelectTree;
        }

        // ---- statements
        @Override
        public Void visitExpressionStatement(ExpressionStatementTree t, Void v) {
            boolean constructorCall = t.getExpression() instanceof MethodInvocationTree m && m.getMethodSelect() instanceof IdentifierTree id
                && (id.getName().contentEquals("super") || id.getName().contentEquals("this"));
            if (!constructorCall) drop(t, "drop-statement", "dropped `" + shorten(seg(t)) + "`");
            return super.visitExpressionStatement(t, v);
        }

        @Override
        public Void visitReturn(ReturnTree t, Void v) {
            ExpressionTree e = t.getExpression();
            String d = e == null ? null : defaultOf(returnType());
            if (d != null && !seg(e).equals(d)) add(start(e), end(e), d, "return-default", "returned `" + d + "` instead of `" + shorten(seg(e)) + "`");
            return super.visitReturn(t, v);
        }

        /** The declared return type of the method a return is in (none in a lambda: its type is not written). */
        Tree returnType() {
            for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
                if (p.getLeaf() instanceof LambdaExpressionTree || p.getLeaf() instanceof ClassTree) return null;
                if (p.getLeaf() instanceof MethodTree m) return m.getReturnType();
            }
            return null;
        }

        static String defaultOf(Tree type) {
            if (type instanceof PrimitiveTypeTree p) {
                return switch (p.getPrimitiveTypeKind()) {
                    case BOOLEAN -> "false";
                    case VOID -> null;
                    default -> "0";
                };
            }
            return type == null ? null : "null";
        }

        @Override
        public Void visitBreak(BreakTree t, Void v) {
            // A break out of a switch is not a loop's: `continue` there is another statement altogether.
            TreePath p = getCurrentPath();
            while (p != null && !(p.getLeaf() instanceof SwitchTree || p.getLeaf() instanceof SwitchExpressionTree || loop(p.getLeaf()))) p = p.getParentPath();
            if (t.getLabel() == null && p != null && loop(p.getLeaf()) && text.startsWith("break", start(t))) add(start(t), start(t) + 5, "continue", "loop", "`break` -> `continue`");
            return null;
        }

        @Override
        public Void visitContinue(ContinueTree t, Void v) {
            if (t.getLabel() == null && text.startsWith("continue", start(t))) add(start(t), start(t) + 8, "break", "loop", "`continue` -> `break`");
            return null;
        }

        static boolean loop(Tree t) {
            return t instanceof ForLoopTree || t instanceof EnhancedForLoopTree || t instanceof WhileLoopTree || t instanceof DoWhileLoopTree;
        }

        // ---- left alone: annotations (no behaviour), asserts (off when graded), serialVersionUID
        @Override
        public Void visitAnnotation(AnnotationTree t, Void v) {
            return null;
        }

        @Override
        public Void visitAssert(AssertTree t, Void v) {
            return null;
        }

        @Override
        public Void visitVariable(VariableTree t, Void v) {
            return t.getName().contentEquals("serialVersionUID") ? null : super.visitVariable(t, v);
        }
    }
}
