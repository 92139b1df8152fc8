// What the GitHub Actions runner does with a step's output, for the tests: a model of actions/runner's
// OutputManager.OnDataReceived and ActionCommandManager.TryProcessCommand (ActionCommand.TryParseV2, then the
// older TryParse), so a test can ask which lines of gradekit's output the runner would run as commands.
//   - Output is split into lines at \n, \r and \r\n (StreamReader.ReadLine).
//   - `::name props::data` after leading whitespace (String.TrimStart, Char.IsWhiteSpace), or `##[name props]data`
//     anywhere in the line, is a command when the name is registered (case-insensitive).
//   - `stop-commands` ignores every command until one named by its token; that one resumes.
// Every command name the runner registers is known here, so a line the model does not run, the runner does not.

export interface RunnerCommand {
  name: string;
  properties: Record<string, string>;
  data: string;
  /** The output line it came from. */
  line: string;
}

export interface RunnerView {
  /** Commands the runner would carry out, in order (stop-commands and its resume token included). */
  executed: RunnerCommand[];
  /** Whether commands are still stopped at the end of the output (the grader's would all be dead). */
  stopped: boolean;
}

const REGISTERED = [
  'stop-commands', 'set-env', 'set-output', 'save-state', 'add-mask', 'add-path', 'add-matcher', 'remove-matcher',
  'warning', 'error', 'notice', 'debug', 'group', 'endgroup', 'echo', 'internal-set-repo-path',
];

/** .NET Char.IsWhiteSpace. */
const DOTNET_WHITESPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;

function unescape(s: string, pairs: [string, string][]): string {
  let out = s;
  for (const [escaped, raw] of pairs) out = out.split(escaped).join(raw);
  return out;
}
const DATA: [string, string][] = [['%0D', '\r'], ['%0A', '\n'], ['%25', '%']];
const PROPERTY: [string, string][] = [['%0D', '\r'], ['%0A', '\n'], ['%3A', ':'], ['%2C', ','], ['%25', '%']];
const V1: [string, string][] = [['%3B', ';'], ['%0D', '\r'], ['%0A', '\n'], ['%5D', ']'], ['%25', '%']];

function parse(line: string, registered: Set<string>): RunnerCommand | undefined {
  const trimmed = line.replace(DOTNET_WHITESPACE, '');
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2);
    if (end >= 0) {
      const info = trimmed.slice(2, end);
      const sp = info.indexOf(' ');
      const name = sp < 0 ? info : info.slice(0, sp);
      if (registered.has(name.toLowerCase())) {
        const properties: Record<string, string> = {};
        if (sp > 0) {
          for (const p of info.slice(sp + 1).trim().split(',').filter(Boolean)) {
            const eq = p.indexOf('=');
            if (eq > 0 && eq < p.length - 1) properties[p.slice(0, eq).toLowerCase()] = unescape(p.slice(eq + 1), PROPERTY);
          }
        }
        return { name: name.toLowerCase(), properties, data: unescape(trimmed.slice(end + 2), DATA), line };
      }
    }
  }
  const at = line.indexOf('##[');
  if (at < 0) return undefined;
  const rb = line.indexOf(']', at);
  if (rb < 0) return undefined;
  const info = line.slice(at + 3, rb);
  const sp = info.indexOf(' ');
  const name = sp < 0 ? info : info.slice(0, sp);
  if (!registered.has(name.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (sp > 0) {
    for (const p of info.slice(sp + 1).split(';').filter(Boolean)) {
      const eq = p.indexOf('=');
      if (eq > 0 && eq < p.length - 1) properties[p.slice(0, eq).toLowerCase()] = unescape(p.slice(eq + 1), V1);
    }
  }
  return { name: name.toLowerCase(), properties, data: unescape(line.slice(rb + 1), V1), line };
}

/** The commands the runner would carry out for this output (one stream, or streams already interleaved). */
export function runnerView(output: string): RunnerView {
  const registered = new Set(REGISTERED);
  const executed: RunnerCommand[] = [];
  let token: string | undefined;
  for (const line of output.split(/\r\n|\r|\n/)) {
    if (!line.includes('::') && !line.includes('##[')) continue;
    const cmd = parse(line, registered);
    if (!cmd) continue;
    if (token !== undefined) {
      if (cmd.name === token.toLowerCase()) {
        registered.delete(token.toLowerCase());
        token = undefined;
        executed.push(cmd);
      }
      continue;
    }
    if (cmd.name === 'stop-commands') {
      token = cmd.data;
      registered.add(token.toLowerCase());
    }
    executed.push(cmd);
  }
  return { executed, stopped: token !== undefined };
}
