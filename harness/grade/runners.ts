// Language plug-ins beyond Python (which the core runs itself). Java is added by the interactive layer.
import type { LanguageRunner } from './submission.js';

const runners: Record<string, LanguageRunner> = {};

export function registerRunner(language: string, r: LanguageRunner): void {
  runners[language] = r;
}

export function languageRunners(): Record<string, LanguageRunner> {
  return runners;
}
