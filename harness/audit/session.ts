// A started Python session on one submission (or a source text), outside gradeSubmission: the audit
// probes the original and each surviving mutant with generated inputs through it.
import { writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { Assignment } from '../assignment/load.js';
import { PythonSession } from '../run/python/session.js';
import { prepareWorkspace, wordListAliases } from '../grade/workspace.js';
import { namesToWire } from '../grade/word-lists.js';
import type { ImportResult } from '../run/python/protocol.js';

export interface OpenSession {
  session: PythonSession;
  /** The student's file name, for messages. */
  file: string;
  imported: ImportResult;
  close(): Promise<void>;
}

/** Starts the driver on a submission; `source` replaces the file's text (a mutant). */
export async function openSession(a: Assignment, submission: string, source?: string): Promise<OpenSession> {
  const ws = prepareWorkspace(a, submission);
  if (source !== undefined) writeFileSync(ws.file, source);
  const fileName = basename(ws.file);
  const module = a.spec.data.submission.module ?? basename(fileName, extname(fileName));
  const names = namesToWire(a.names);
  const aliases = wordListAliases(a, ws);
  const session = new PythonSession({ file: ws.file, module, cwd: ws.dir, names, aliases, outputCap: a.spec.data.defaults.output_cap });
  try {
    const imported = await session.start();
    return {
      session,
      file: fileName,
      imported,
      close: async () => {
        await session.close();
        ws.cleanup();
      },
    };
  } catch (e) {
    await session.close();
    ws.cleanup();
    throw e;
  }
}
