// Methods never written (the fidelity policy's P1) in classes that compile: a starter's stub is a body that
// only returns a default value (`return 0;`, `return null;`), throws UnsupportedOperationException, or is
// empty, with nothing but comments beside it ("// TODO: your code here"). A test that fails at a call of
// such a method could check none of its rules: its tests lose their points as a method never written does,
// once charged (charges.ts). A stub that happens to give the right answer is never looked at: this is read
// only for a step that failed.
// Space and comments; a block comment ends at its first `*/` (a lazy match could stretch over code to a later one).
const GAP = String.raw`(?:\s|//[^\n]*\n|/\*(?:[^*]|\*(?!/))*\*/)*`;
const DEFAULT = String.raw`(?:return\s+(?:-?0|-1|0L|0\.0|null|false|"")\s*;|throw\s+new\s+UnsupportedOperationException\s*\([^;]*\)\s*;)`;
// One GAP before the optional return and one after it: two GAPs side by side would split every run of space
// between them in every way on the way to a failure (a hostile file of 20,000 spaces: 3 s of the grader's thread).
const STUB = new RegExp(String.raw`\b([A-Za-z_]\w*)\s*\([^()]*\)\s*(?:throws\s+[\w.,\s]+)?\{${GAP}(?:${DEFAULT}${GAP})?\}`, 'g');
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'synchronized', 'else', 'do', 'try']);

/** The names of the methods (and constructors) of these sources whose bodies are stubs. */
export function stubMethods(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(STUB)) if (!NOT_METHODS.has(m[1]!)) out.add(m[1]!);
  return out;
}
