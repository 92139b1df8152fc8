// gradekit's call driver for Java class assignments (harness/grade/java-calls.ts): it constructs the
// student's (or the solution's) class and calls its methods in the order a test's steps say, each result
// reported by value on our own stdout, each line behind a nonce the student's code never sees (the request
// is the first line of stdin, read before any of it runs). What a call prints is captured and reported with
// its step.
//
// Arguments are converted to the declared parameter types of the method the program declares (a List or a
// Collection, a Set or a SortedSet: the API versions a course has used), and results are reported by the
// declared return type: a Set's order is not its value, a List's or a SortedSet's is.
package __gradekit;

import java.io.*;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public final class GradekitCalls {
  private GradekitCalls() {}

  /** Caps what one step's printed output keeps (the rest is counted, not kept). */
  private static final int OUT_CAP = 64 * 1024;

  public static void main(String[] argv) throws Exception {
    // Byte by byte up to the newline: nothing of what follows is taken from the program's own System.in.
    ByteArrayOutputStream line0 = new ByteArrayOutputStream();
    for (int c = System.in.read(); c != -1 && c != '\n'; c = System.in.read()) line0.write(c);
    Map<String, Object> req = asMap(new Json(new String(line0.toByteArray(), StandardCharsets.UTF_8)).value());
    String nonce = (String) req.get("nonce");
    PrintStream real = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    CapturedOut captured = new CapturedOut();
    System.setOut(new PrintStream(captured, true, "UTF-8"));
    Map<String, Object> bound = new HashMap<>();
    List<Object> steps = asList(req.get("steps"));
    // unchanged_args: each collection, array or map a step passes is copied before the call and compared
    // with itself after it (and after every later step: a class that keeps the caller's list may change it
    // later); a change is reported once, with both values, only when there is one.
    checkArgs = Boolean.TRUE.equals(req.get("unchanged"));
    List<Watched> watched = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      Map<String, Object> step = asMap(steps.get(i));
      StringBuilder line = new StringBuilder("{\"i\":").append(i);
      captured.reset();
      lastArgs = null;
      lastSnaps = null;
      try {
        Object[] result = perform(step, bound);
        line.append(",\"sig\":").append(quote((String) result[1]));
        if (result.length > 3) line.append(",\"renamed\":").append(quote((String) result[3]));
        if (step.get("bind") != null) bound.put((String) step.get("bind"), result[0]);
        // A constructor's result is the object it made, named by its class (its hash code is no value).
        line.append(",\"value\":").append(step.get("target") == null ? "{\"t\":\"obj\",\"class\":" + quote(result[0].getClass().getName()) + ",\"v\":" + quote("a new " + result[0].getClass().getSimpleName()) + "}" : encode(result[0], (Type) result[2], 0));
      } catch (Missing m) {
        line.append(",\"missing\":").append(quote(m.getMessage()));
      } catch (InvocationTargetException e) {
        line.append(",\"throws\":").append(thrown(e.getCause()));
      } catch (Bad b) {
        line.append(",\"bad\":").append(quote(b.getMessage()));
      } catch (Throwable t) {
        line.append(",\"throws\":").append(thrown(t));
      }
      System.out.flush();
      if (lastSnaps != null) {
        for (int k = 0; k < lastSnaps.length; k++) if (lastSnaps[k] != null) watched.add(new Watched(i, k, lastArgs[k], lastSnaps[k], lastTypes[k]));
      }
      StringBuilder changed = new StringBuilder();
      for (Iterator<Watched> it = watched.iterator(); it.hasNext(); ) {
        Watched w = it.next();
        boolean same;
        try {
          same = sameValue(w.snap, w.live);
        } catch (Throwable t) {
          same = true; // a value that cannot be compared is not judged
        }
        if (same) continue;
        it.remove();
        changed.append(changed.length() > 0 ? "," : "").append("{\"step\":").append(w.step).append(",\"arg\":").append(w.arg)
            .append(",\"before\":").append(encode(w.snap, w.type, 0)).append(",\"after\":").append(encode(w.live, w.type, 0)).append('}');
      }
      if (changed.length() > 0) line.append(",\"changed\":[").append(changed).append(']');
      line.append(",\"out\":").append(quote(captured.text())).append(",\"outBytes\":").append(captured.count);
      real.println(nonce + line.append('}'));
      real.flush();
    }
    real.println(nonce + "{\"done\":true}");
    real.flush();
    // Threads the program started must not keep the test running.
    System.exit(0);
  }

  // ------------------------------------------------------------------ unchanged arguments

  static boolean checkArgs;
  /** The arguments of the step being made, as passed, their copies from before the call, and their types. */
  static Object[] lastArgs, lastSnaps;
  static Type[] lastTypes;

  static final class Watched {
    final int step, arg;
    final Object live, snap;
    final Type type;

    Watched(int step, int arg, Object live, Object snap, Type type) {
      this.step = step;
      this.arg = arg;
      this.live = live;
      this.snap = snap;
      this.type = type;
    }
  }

  /** Called with the converted arguments just before the call. */
  static void aboutToCall(Object[] args, Type[] types) {
    if (!checkArgs) return;
    lastArgs = args;
    lastTypes = types;
    lastSnaps = new Object[args.length];
    for (int k = 0; k < args.length; k++) {
      Object a = args[k];
      if (a != null && (a instanceof Collection || a instanceof Map || a.getClass().isArray())) lastSnaps[k] = snapshot(a, 0);
    }
  }

  /** A copy by value of a collection, map or array (its items copied the same way; other items shared). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object snapshot(Object a, int depth) {
    if (a == null || depth > MAX_DEPTH) return a;
    if (a.getClass().isArray()) {
      int n = Array.getLength(a);
      Object c = Array.newInstance(a.getClass().getComponentType(), n);
      for (int i = 0; i < n; i++) Array.set(c, i, snapshot(Array.get(a, i), depth + 1));
      return c;
    }
    if (a instanceof Collection) {
      Collection c = a instanceof SortedSet ? new TreeSet(((SortedSet) a).comparator()) : a instanceof Set ? new LinkedHashSet() : new ArrayList();
      for (Object x : (Collection) a) c.add(snapshot(x, depth + 1));
      return c;
    }
    if (a instanceof Map) {
      Map m = a instanceof SortedMap ? new TreeMap(((SortedMap) a).comparator()) : new LinkedHashMap();
      for (Map.Entry e : ((Map<?, ?>) a).entrySet()) m.put(snapshot(e.getKey(), depth + 1), snapshot(e.getValue(), depth + 1));
      return m;
    }
    return a;
  }

  /** Whether the value after the call is the one before it: a list (or an array, a queue) in order, a set as
   *  a set, a map by its entries, anything else by equals. */
  static boolean sameValue(Object before, Object after) {
    if (before == after) return true;
    if (before == null || after == null) return false;
    if (before.getClass().isArray()) {
      if (!after.getClass().isArray() || Array.getLength(before) != Array.getLength(after)) return false;
      for (int i = 0; i < Array.getLength(before); i++) if (!sameValue(Array.get(before, i), Array.get(after, i))) return false;
      return true;
    }
    if (before instanceof Set && after instanceof Set) return before.equals(after);
    if (before instanceof Collection && after instanceof Collection) {
      Collection<?> b = (Collection<?>) before, a = (Collection<?>) after;
      if (b.size() != a.size()) return false;
      Iterator<?> x = b.iterator(), y = a.iterator();
      while (x.hasNext()) if (!y.hasNext() || !sameValue(x.next(), y.next())) return false;
      return true;
    }
    if (before instanceof Map && after instanceof Map) {
      Map<?, ?> b = (Map<?, ?>) before, a = (Map<?, ?>) after;
      if (b.size() != a.size()) return false;
      for (Map.Entry<?, ?> e : b.entrySet()) if (!a.containsKey(e.getKey()) || !sameValue(e.getValue(), a.get(e.getKey()))) return false;
      return true;
    }
    return before.equals(after);
  }

  /** The program's own failure, not a step the driver could not make. */
  static final class Missing extends Exception {
    Missing(String m) { super(m); }
  }

  /** A step the driver cannot make (a name never bound, an argument of no declared type). */
  static final class Bad extends Exception {
    Bad(String m) { super(m); }
  }

  /** {value, signature, declared type} of one step. */
  static Object[] perform(Map<String, Object> step, Map<String, Object> bound) throws Exception {
    String name = (String) step.get("name");
    String target = (String) step.get("target");
    List<Object> args = asList(step.get("args"));
    if (target == null) {
      Class<?> c = loadClass(name);
      if (c == null) throw new Missing("no class " + name + " (the submission does not define it)");
      return construct(c, args, bound);
    }
    Object self = bound.get(target);
    Class<?> c;
    if (self == null) {
      if (bound.containsKey(target)) throw new Bad(target + " was not made (its constructor threw)");
      c = loadClass(target);
      if (c == null) throw new Missing("no class " + target + " (the submission does not define it)");
    } else c = self.getClass();
    return invoke(c, self, name, args, bound);
  }

  static Class<?> loadClass(String name) {
    try {
      return Class.forName(name, false, GradekitCalls.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  static Object[] construct(Class<?> c, List<Object> args, Map<String, Object> bound) throws Exception {
    List<Constructor<?>> cands = new ArrayList<>();
    for (Constructor<?> k : c.getDeclaredConstructors()) if (k.getParameterCount() == args.size()) cands.add(k);
    for (Constructor<?> k : cands) {
      Object[] conv = convertAll(k.getGenericParameterTypes(), args, bound);
      if (conv == null) continue;
      k.setAccessible(true);
      aboutToCall(conv, k.getGenericParameterTypes());
      return new Object[] {k.newInstance(conv), signature(c.getSimpleName(), null, k.getGenericParameterTypes()), c};
    }
    throw new Missing(c.getSimpleName() + " has no constructor " + c.getSimpleName() + "(" + kinds(args) + ")" + declared(c, c.getSimpleName(), cands.isEmpty() ? Arrays.asList(c.getDeclaredConstructors()) : cands));
  }

  static Object[] invoke(Class<?> c, Object self, String name, List<Object> args, Map<String, Object> bound) throws Exception {
    List<Method> cands = new ArrayList<>();
    List<Method> named = new ArrayList<>();
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      for (Method m : k.getDeclaredMethods()) {
        if (!m.getName().equals(name) || m.isSynthetic() || m.isBridge()) continue;
        named.add(m);
        if (m.getParameterCount() == args.size() && (self != null || Modifier.isStatic(m.getModifiers()))) cands.add(m);
      }
    }
    for (Method m : cands) {
      Object[] conv = convertAll(m.getGenericParameterTypes(), args, bound);
      if (conv == null) continue;
      m.setAccessible(true);
      aboutToCall(conv, m.getGenericParameterTypes());
      return new Object[] {m.invoke(self, conv), signature(name, m.getGenericReturnType(), m.getGenericParameterTypes()), m.getGenericReturnType()};
    }
    // A method written under another name (balanc for balance, getTotal for total): the one of the
    // same arity whose name is closest, if close, stands in; the test reports the rename (one changed signature).
    if (named.isEmpty()) {
      Method best = null;
      int bestDistance = Integer.MAX_VALUE;
      for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
        for (Method m : k.getDeclaredMethods()) {
          if (m.isSynthetic() || m.getParameterCount() != args.size() || (self == null && !Modifier.isStatic(m.getModifiers()))) continue;
          int d = nameDistance(name, m.getName());
          if (d < bestDistance && convertAll(m.getGenericParameterTypes(), args, bound) != null) { best = m; bestDistance = d; }
        }
      }
      if (best != null && bestDistance <= Math.max(1, name.length() / 4)) {
        best.setAccessible(true);
        Object[] conv = convertAll(best.getGenericParameterTypes(), args, bound);
        aboutToCall(conv, best.getGenericParameterTypes());
        return new Object[] {best.invoke(self, conv), signature(best.getName(), best.getGenericReturnType(), best.getGenericParameterTypes()), best.getGenericReturnType(), best.getName()};
      }
    }
    throw new Missing(c.getSimpleName() + " has no method " + name + "(" + kinds(args) + ")" + declared(c, name, named));
  }

  /** How far apart two method names are: edits between them, case ignored, a get/is prefix free. */
  static int nameDistance(String want, String have) {
    String a = want.toLowerCase(), b = have.toLowerCase().replaceFirst("^(get|is)(?=.)", "");
    int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) prev[j] = j;
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
      int[] t = prev; prev = cur; cur = t;
    }
    return prev[b.length()];
  }

  static String declared(Class<?> c, String name, List<? extends Executable> have) {
    if (have.isEmpty()) return "";
    StringBuilder b = new StringBuilder(" (it declares ");
    for (int i = 0; i < have.size(); i++) {
      Executable e = have.get(i);
      b.append(i > 0 ? ", " : "").append(signature(name, e instanceof Method ? ((Method) e).getGenericReturnType() : null, e.getGenericParameterTypes()));
    }
    return b.append(')').toString();
  }

  static String signature(String name, Type ret, Type[] params) {
    StringBuilder b = new StringBuilder();
    if (ret != null) b.append(typeName(ret)).append(' ');
    b.append(name).append('(');
    for (int i = 0; i < params.length; i++) b.append(i > 0 ? ", " : "").append(typeName(params[i]));
    return b.append(')').toString();
  }

  static String typeName(Type t) {
    return t.getTypeName().replaceAll("\\b(?:java\\.(?:lang|util|io)\\.)", "");
  }

  /** What the test passed, as a TA would say it: (a list, an int, an int). */
  static String kinds(List<Object> args) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < args.size(); i++) {
      String t = (String) asMap(args.get(i)).get("t");
      String v = asMap(args.get(i)).get("v") instanceof String ? (String) asMap(args.get(i)).get("v") : "";
      b.append(i > 0 ? ", " : "").append("str".equals(t) && v.length() == 1 ? "char" : "words".equals(t) ? "Collection<String>" : "int".equals(t) ? "int" : "str".equals(t) ? "String" : t);
    }
    return b.toString();
  }

  // ------------------------------------------------------------------ arguments

  /** The arguments converted to the declared types, or null when one does not fit. */
  static Object[] convertAll(Type[] types, List<Object> args, Map<String, Object> bound) throws Exception {
    Object[] out = new Object[args.size()];
    for (int i = 0; i < out.length; i++) {
      Object[] one = convert(types[i], asMap(args.get(i)), bound);
      if (one == null) return null;
      out[i] = one[0];
    }
    return out;
  }

  static final Object[] NULL = new Object[] {null};

  /** {value} of the declared type, or null when the argument cannot be one. */
  static Object[] convert(Type type, Map<String, Object> v, Map<String, Object> bound) throws Exception {
    String t = (String) v.get("t");
    Class<?> raw = rawOf(type);
    if ("ref".equals(t)) {
      Object o = bound.get((String) v.get("name"));
      return o == null || raw.isInstance(o) ? new Object[] {o} : null;
    }
    if ("none".equals(t)) return raw.isPrimitive() ? null : NULL;
    if ("words".equals(t)) {
      List<Object> words = new ArrayList<>();
      for (String w : new String(Files.readAllBytes(Paths.get((String) v.get("file"))), StandardCharsets.UTF_8).split("\\s+")) {
        if (!w.isEmpty()) words.add(strItem(w));
      }
      Map<String, Object> list = new HashMap<>();
      list.put("t", "list");
      list.put("v", words);
      return convert(type, list, bound);
    }
    if (raw == Object.class) return new Object[] {natural(v, bound)};
    switch (t) {
      case "bool":
        return raw == boolean.class || raw == Boolean.class ? new Object[] {v.get("v")} : null;
      case "int": {
        long n = Long.parseLong((String) v.get("v"));
        if (raw == int.class || raw == Integer.class) return n == (int) n ? new Object[] {(int) n} : null;
        if (raw == long.class || raw == Long.class) return new Object[] {n};
        if (raw == short.class || raw == Short.class) return n == (short) n ? new Object[] {(short) n} : null;
        if (raw == byte.class || raw == Byte.class) return n == (byte) n ? new Object[] {(byte) n} : null;
        if (raw == double.class || raw == Double.class) return new Object[] {(double) n};
        if (raw == float.class || raw == Float.class) return new Object[] {(float) n};
        return null;
      }
      case "float": {
        double d = ((Number) v.get("v")).doubleValue();
        if (raw == double.class || raw == Double.class) return new Object[] {d};
        if (raw == float.class || raw == Float.class) return new Object[] {(float) d};
        return null;
      }
      case "str": {
        String s = (String) v.get("v");
        if (raw == String.class || raw == CharSequence.class) return new Object[] {s};
        if ((raw == char.class || raw == Character.class) && s.length() == 1) return new Object[] {s.charAt(0)};
        return null;
      }
      case "list": case "tuple": case "set":
        return collection(type, raw, asList(v.get("v")), bound);
      case "dict":
        return map(type, raw, asList(v.get("v")), bound);
      default:
        return null;
    }
  }

  static Map<String, Object> strItem(String w) {
    Map<String, Object> m = new HashMap<>();
    m.put("t", "str");
    m.put("v", w);
    return m;
  }

  static Class<?> rawOf(Type t) {
    if (t instanceof Class) return (Class<?>) t;
    if (t instanceof ParameterizedType) return (Class<?>) ((ParameterizedType) t).getRawType();
    if (t instanceof GenericArrayType) return Array.newInstance(rawOf(((GenericArrayType) t).getGenericComponentType()), 0).getClass();
    if (t instanceof WildcardType) return rawOf(((WildcardType) t).getUpperBounds()[0]);
    return Object.class;
  }

  static Type argOf(Type t, int k) {
    if (t instanceof ParameterizedType) {
      Type[] a = ((ParameterizedType) t).getActualTypeArguments();
      if (k < a.length) return a[k];
    }
    return Object.class;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object[] collection(Type type, Class<?> raw, List<Object> items, Map<String, Object> bound) throws Exception {
    if (raw.isArray()) {
      Type comp = type instanceof GenericArrayType ? ((GenericArrayType) type).getGenericComponentType() : raw.getComponentType();
      Object arr = Array.newInstance(rawOf(comp), items.size());
      for (int i = 0; i < items.size(); i++) {
        Object[] one = convert(comp, asMap(items.get(i)), bound);
        if (one == null) return null;
        Array.set(arr, i, one[0]);
      }
      return new Object[] {arr};
    }
    Collection c;
    if (raw.isAssignableFrom(ArrayList.class)) c = new ArrayList();
    else if (raw.isAssignableFrom(TreeSet.class)) c = new TreeSet();
    else if (raw.isAssignableFrom(LinkedHashSet.class)) c = new LinkedHashSet();
    else if (raw.isAssignableFrom(LinkedList.class)) c = new LinkedList();
    else if (raw.isAssignableFrom(ArrayDeque.class)) c = new ArrayDeque();
    else if (raw.isAssignableFrom(PriorityQueue.class)) c = new PriorityQueue();
    else if (Collection.class.isAssignableFrom(raw) && !raw.isInterface() && !Modifier.isAbstract(raw.getModifiers())) c = (Collection) raw.getDeclaredConstructor().newInstance();
    else return null;
    Type elem = argOf(type, 0);
    for (Object item : items) {
      Object[] one = convert(elem, asMap(item), bound);
      if (one == null) return null;
      c.add(one[0]);
    }
    return new Object[] {c};
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object[] map(Type type, Class<?> raw, List<Object> pairs, Map<String, Object> bound) throws Exception {
    Map m;
    if (raw.isAssignableFrom(LinkedHashMap.class)) m = new LinkedHashMap();
    else if (raw.isAssignableFrom(TreeMap.class)) m = new TreeMap();
    else return null;
    for (Object p : pairs) {
      List<Object> kv = asList(p);
      Object[] k = convert(argOf(type, 0), asMap(kv.get(0)), bound), val = convert(argOf(type, 1), asMap(kv.get(1)), bound);
      if (k == null || val == null) return null;
      m.put(k[0], val[0]);
    }
    return new Object[] {m};
  }

  /** An argument declared as Object (or a raw type's element): its own kind of value. */
  static Object natural(Map<String, Object> v, Map<String, Object> bound) throws Exception {
    String t = (String) v.get("t");
    switch (t) {
      case "int": return Integer.valueOf((String) v.get("v"));
      case "float": return ((Number) v.get("v")).doubleValue();
      case "bool": return v.get("v");
      case "str": return v.get("v");
      case "ref": return bound.get((String) v.get("name"));
      case "list": case "tuple": return convert(List.class, v, bound)[0];
      case "set": return convert(Set.class, v, bound)[0];
      case "dict": return convert(Map.class, v, bound)[0];
      default: return null;
    }
  }

  // ------------------------------------------------------------------ results

  /** Types whose iteration order is part of the value. */
  static boolean ordered(Class<?> c) {
    return c.isArray() || List.class.isAssignableFrom(c) || SortedSet.class.isAssignableFrom(c) || Queue.class.isAssignableFrom(c) || SortedMap.class.isAssignableFrom(c);
  }

  static final int MAX_DEPTH = 20;

  /** A value as JSON, by what its declared type promises (a Set declared is unordered, whatever class made it). */
  static String encode(Object o, Type declared, int depth) {
    if (o == null) return "{\"t\":\"null\"}";
    if (depth > MAX_DEPTH) return "{\"t\":\"obj\",\"class\":" + quote(o.getClass().getName()) + ",\"v\":\"(nested too deep)\"}";
    Class<?> d = rawOf(declared);
    Class<?> use = d == Object.class || d == null || !(d.isAssignableFrom(o.getClass())) ? o.getClass() : d;
    if (o instanceof Character) return "{\"t\":\"char\",\"v\":" + quote(o.toString()) + "}";
    if (o instanceof String) return "{\"t\":\"str\",\"v\":" + quote((String) o) + "}";
    if (o instanceof Boolean) return "{\"t\":\"bool\",\"v\":" + o + "}";
    if (o instanceof Integer || o instanceof Long || o instanceof Short || o instanceof Byte) return "{\"t\":\"int\",\"v\":\"" + o + "\"}";
    if (o instanceof Double || o instanceof Float) {
      double x = ((Number) o).doubleValue();
      return Double.isFinite(x) ? "{\"t\":\"float\",\"v\":" + x + "}" : "{\"t\":\"float\",\"v\":" + quote(Double.toString(x)) + "}";
    }
    if (o.getClass().isArray()) {
      StringBuilder b = new StringBuilder("{\"t\":\"seq\",\"v\":[");
      Type comp = declared instanceof GenericArrayType ? ((GenericArrayType) declared).getGenericComponentType() : o.getClass().getComponentType();
      for (int i = 0; i < Array.getLength(o); i++) b.append(i > 0 ? "," : "").append(encode(Array.get(o, i), comp, depth + 1));
      return b.append("]}").toString();
    }
    if (o instanceof Collection) {
      String kind = ordered(use) ? "seq" : o instanceof Set || Set.class.isAssignableFrom(use) ? "set" : "bag";
      StringBuilder b = new StringBuilder("{\"t\":\"" + kind + "\",\"v\":[");
      int i = 0;
      for (Object x : (Collection<?>) o) b.append(i++ > 0 ? "," : "").append(encode(x, argOf(declared, 0), depth + 1));
      return b.append("]}").toString();
    }
    if (o instanceof Map) {
      StringBuilder b = new StringBuilder("{\"t\":\"map\",\"ordered\":" + ordered(use) + ",\"v\":[");
      int i = 0;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
        b.append(i++ > 0 ? "," : "").append('[').append(encode(e.getKey(), argOf(declared, 0), depth + 1)).append(',').append(encode(e.getValue(), argOf(declared, 1), depth + 1)).append(']');
      }
      return b.append("]}").toString();
    }
    String s;
    try {
      s = String.valueOf(o);
    } catch (Throwable t) {
      s = o.getClass().getName() + " (its toString threw " + t.getClass().getSimpleName() + ")";
    }
    return "{\"t\":\"obj\",\"class\":" + quote(o.getClass().getName()) + ",\"v\":" + quote(s) + "}";
  }

  static String thrown(Throwable t) {
    StringBuilder chain = new StringBuilder("[");
    int i = 0;
    for (Class<?> c = t.getClass(); c != null && c != Object.class; c = c.getSuperclass()) chain.append(i++ > 0 ? "," : "").append(quote(c.getSimpleName()));
    String at = "";
    String in = "";
    for (StackTraceElement e : t.getStackTrace()) {
      if (e.getClassName().startsWith("__gradekit.") || e.getClassName().startsWith("java.") || e.getClassName().startsWith("jdk.") || e.getClassName().startsWith("sun.")) continue;
      at = (e.getFileName() == null ? e.getClassName() : e.getFileName()) + ":" + e.getLineNumber();
      in = e.getMethodName();
      break;
    }
    String msg;
    try {
      msg = t.getMessage();
    } catch (Throwable x) {
      msg = null;
    }
    return "{\"class\":" + quote(t.getClass().getName()) + ",\"chain\":" + chain.append(']') + ",\"message\":" + (msg == null ? "null" : quote(msg)) + ",\"at\":" + quote(at) + ",\"in\":" + quote(in) + "}";
  }

  static String quote(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  // ------------------------------------------------------------------ plumbing

  /** The program's System.out during a step, kept up to OUT_CAP bytes. */
  static final class CapturedOut extends OutputStream {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    long count;

    @Override public synchronized void write(int b) {
      count++;
      if (kept.size() < OUT_CAP) kept.write(b);
    }

    @Override public synchronized void write(byte[] b, int off, int len) {
      count += len;
      int room = OUT_CAP - kept.size();
      if (room > 0) kept.write(b, off, Math.min(room, len));
    }

    synchronized void reset() {
      kept.reset();
      count = 0;
    }

    synchronized String text() {
      return new String(kept.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static List<Object> asList(Object o) {
    return (List<Object>) o;
  }

  /** A small JSON reader for the request (objects, arrays, strings, numbers, booleans, null). */
  static final class Json {
    private final String s;
    private int i;

    Json(String s) { this.s = s; }

    Object value() {
      ws();
      char c = s.charAt(i);
      if (c == '{') {
        i++;
        Map<String, Object> m = new HashMap<>();
        ws();
        if (s.charAt(i) == '}') { i++; return m; }
        while (true) {
          ws();
          String k = string();
          ws();
          i++; // ':'
          m.put(k, value());
          ws();
          if (s.charAt(i++) == '}') return m;
        }
      }
      if (c == '[') {
        i++;
        List<Object> l = new ArrayList<>();
        ws();
        if (s.charAt(i) == ']') { i++; return l; }
        while (true) {
          l.add(value());
          ws();
          if (s.charAt(i++) == ']') return l;
        }
      }
      if (c == '"') return string();
      if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
      if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
      if (s.startsWith("null", i)) { i += 4; return null; }
      int j = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
      return Double.valueOf(s.substring(j, i));
    }

    private void ws() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private String string() {
      StringBuilder b = new StringBuilder();
      i++; // opening quote
      while (true) {
        char c = s.charAt(i++);
        if (c == '"') return b.toString();
        if (c != '\\') { b.append(c); continue; }
        char e = s.charAt(i++);
        switch (e) {
          case 'n': b.append('\n'); break;
          case 't': b.append('\t'); break;
          case 'r': b.append('\r'); break;
          case 'b': b.append('\b'); break;
          case 'f': b.append('\f'); break;
          case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
          default: b.append(e);
        }
      }
    }
  }
}
