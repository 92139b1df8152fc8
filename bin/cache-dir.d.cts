export function cacheDirOf(root: string, installed: boolean): string;
