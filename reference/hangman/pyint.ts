// Python's int(str) for base 10, exactly: the course runner's only validation of typed numbers.
// Accepted: surrounding whitespace, one sign, digits with single underscores between them, and any
// Unicode decimal digit (int('４') == 4). Rejected (ValueError): everything else, and more than
// 4300 digits (CPython's int_max_str_digits default).

/** Whitespace int() skips: ASCII " \t\n\v\f\r" and non-ASCII str.isspace() characters (not \x1c-\x1f). */
const INT_SPACE = new Set(
  ' \t\n\x0b\x0c\r\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000',
);
const DECIMAL = /^\p{Nd}$/u;
export const INT_MAX_STR_DIGITS = 4300;

/** The value of one Unicode decimal digit (Nd digits come in runs of ten starting at zero). */
function digitValue(ch: string): number | null {
  const c = ch.codePointAt(0)!;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c < 0x80 || !DECIMAL.test(ch)) return null;
  let start = c;
  while (start > 0 && DECIMAL.test(String.fromCodePoint(start - 1))) start--;
  return (c - start) % 10;
}

/** int(s) as a BigInt, or null where Python raises ValueError. */
export function pyInt(s: string): bigint | null {
  const chars = [...s];
  let i = 0, j = chars.length;
  while (i < j && INT_SPACE.has(chars[i])) i++;
  while (j > i && INT_SPACE.has(chars[j - 1])) j--;
  let negative = false;
  if (i < j && (chars[i] === '+' || chars[i] === '-')) negative = chars[i++] === '-';
  let digits = '';
  let prevDigit = false;
  for (let k = i; k < j; k++) {
    if (chars[k] === '_') {
      if (!prevDigit || k + 1 >= j) return null;
      prevDigit = false;
      continue;
    }
    const d = digitValue(chars[k]);
    if (d === null) return null;
    digits += d;
    prevDigit = true;
  }
  if (digits === '' || digits.length > INT_MAX_STR_DIGITS) return null;
  const v = BigInt(digits);
  return negative ? -v : v;
}
