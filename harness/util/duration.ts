// A duration as every message of the grader writes it: "850 ms", "3.04 s".
export function fmtMs(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
