// The choices a question offers in its own words: "Type '1' to play without hints, '2' with hints",
// "(y/n)", "[a/b]", "1) new game". A program may ask a question the handout's program never asks (a menu
// before the game); the handout is silent about it, so any of its choices is a reasonable answer, and the
// test's own answers are for the questions after it. Read from the output just before the answer the
// program refused, the question itself and the lines that lead up to it.

/** How many lines before the refused answer may hold the question's choices. */
const LEAD = 6;

/** The choices offered before `answer` was given (at its last echo in `transcript`), in order; at most 4. */
export function offeredChoices(transcript: string, answer: string): string[] {
  const at = transcript.lastIndexOf(`${answer}\n`);
  if (at < 0) return [];
  const lines = transcript.slice(0, at).split('\n').slice(-LEAD);
  const out: string[] = [];
  const add = (c: string | undefined) => {
    const v = c?.trim();
    if (v && v !== answer.trim() && !out.includes(v) && out.length < 4) out.push(v);
  };
  for (const line of lines) {
    // Quoted short tokens: Type '1', press "a".
    for (const m of line.matchAll(/['"‘“]([A-Za-z0-9]{1,3})['"’”]/g)) add(m[1]);
    // Alternatives in brackets: (y/n), [1/2/3], (a|b).
    for (const m of line.matchAll(/[([]\s*([A-Za-z0-9]{1,3}(?:\s*[/|,]\s*[A-Za-z0-9]{1,3})+)\s*[)\]]/g)) for (const c of m[1]!.split(/[/|,]/)) add(c);
    // Choices in brackets of their own, on a line that asks to press one: "press (a) with hints, (b) without".
    if (/\b(?:press|type|enter|choose|select|pick)\s*[([]\s*[A-Za-z0-9]{1,3}\s*[)\]]/i.test(line)) for (const m of line.matchAll(/[([]\s*([A-Za-z0-9]{1,3})\s*[)\]]/g)) add(m[1]);
    // Two bare choices after that word: "ENTER a OR b".
    for (const m of line.matchAll(/\b(?:press|type|enter|choose|select|pick)\s+([A-Za-z0-9])\s+or\s+([A-Za-z0-9])\b/gi)) { add(m[1]); add(m[2]); }
    // A numbered or lettered menu line: "1) play", "2. hints", "a - quit".
    add(/^\s*([0-9]|[A-Za-z])\s*[).:-]\s+\S/.exec(line)?.[1]);
  }
  return out;
}
