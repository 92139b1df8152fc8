// A Turn is what a person at the terminal sees between two inputs: the output printed since the
// previous input, the prompt the program waited at, and the line typed there. The Python driver and
// the Java lockstep runner both record, for every input, the prompt and where in the transcript it
// was answered; this file cuts a transcript into turns from those records, the same way for both.
import type { Fact } from './facts.js';

export interface Turn {
  /** 0-based: turn i ends with input i; the turn after the last input has index = number of inputs. */
  index: number;
  /** Output since the previous input, up to the start of the prompt line. */
  before: string;
  /** The text on the line where the program waited ('' for a bare input()). */
  prompt: string;
  /** The line typed, or null for the output after the last input. */
  input: string | null;
  /** Offset of the turn's first character in the transcript. */
  start: number;
  /** The question's role, when the asking program states it (the reference does). */
  role?: string;
  /** What the reference printed in this turn, as facts (only for reference turns). */
  facts?: Fact[];
}

/** An input as runners record it: the prompt it answered and the transcript offset where it was typed. */
export interface InputRecord {
  prompt: string;
  line: string;
  /** Transcript offset at which the input was answered (the prompt ends here). */
  at: number;
  role?: string;
}

/**
 * Cuts a transcript into turns. With `echoed`, every input appears in the transcript right after its
 * prompt followed by a newline (as the driver and the lockstep runner write it), and that echo is not
 * part of the next turn.
 */
export function turnsOf(transcript: string, inputs: readonly InputRecord[], echoed = true): Turn[] {
  const turns: Turn[] = [];
  let start = 0;
  inputs.forEach((inp, index) => {
    const at = Math.max(start, Math.min(inp.at, transcript.length));
    const text = transcript.slice(start, at);
    const nl = text.lastIndexOf('\n');
    turns.push({ index, before: text.slice(0, nl + 1), prompt: text.slice(nl + 1), input: inp.line, start, ...(inp.role ? { role: inp.role } : {}) });
    start = at;
    if (echoed && transcript.startsWith(inp.line + '\n', at)) start = at + inp.line.length + 1;
    else if (echoed && transcript.startsWith(inp.line, at)) start = at + inp.line.length;
  });
  const rest = transcript.slice(start);
  turns.push({ index: inputs.length, before: rest, prompt: '', input: null, start });
  return turns;
}

/** The inputs of a transcript that shows them echoed after their prompts (a terminal session, a
 *  handout's example): each scripted line is found, in order, at the end of a line. Lines not found
 *  end the list. */
export function echoedInputs(transcript: string, lines: readonly string[]): InputRecord[] {
  const out: InputRecord[] = [];
  let from = 0;
  for (const line of lines) {
    const at = transcript.indexOf(line + '\n', from);
    if (at < 0) break;
    const lineStart = transcript.lastIndexOf('\n', at - 1) + 1;
    out.push({ prompt: transcript.slice(lineStart, at), line, at });
    from = at + line.length + 1;
  }
  return out;
}

/** Everything the program printed in the turn, the prompt included. */
export function turnText(t: Turn): string {
  return t.before + t.prompt;
}

/** 1-based first and last transcript lines of a turn, for reports that show where a problem is. */
export function turnLines(transcript: string, t: Turn): { startLine: number; endLine: number } {
  const startLine = lineAt(transcript, t.start);
  const end = t.start + turnText(t).length + (t.input !== null ? t.input.length : 0);
  return { startLine, endLine: Math.max(startLine, lineAt(transcript, Math.max(t.start, end - 1))) };
}

function lineAt(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** How a message names the moment of a turn: "after 'jar' (input 2)" or "before the first input". */
export function whenTurn(turns: readonly Turn[], index: number): string {
  if (index === 0) return 'before the first input';
  const prev = turns[index - 1];
  return `after ${JSON.stringify(prev?.input ?? '')} (input ${index})`;
}
