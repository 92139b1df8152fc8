// Types of scripts/build.mjs for the TypeScript that imports it (harness/export, harness/assignment).
export const ESBUILD_MISSING: 'GRADEKIT_ESBUILD_MISSING';
export function loadEsbuild(from?: string): typeof import('esbuild');
export function build(root?: string, which?: string[]): Promise<void>;
export function buildTypes(root?: string): void;
