// XML 1.0 text that any parser accepts: markup characters escaped, characters XML 1.0 forbids made visible.
import { escapeUnsafeUnicode } from './text.js';

/** Characters XML 1.0 does not allow anywhere, even escaped (C0 controls except tab/LF/CR, U+FFFE/U+FFFF, lone surrogates). */
const INVALID_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replace forbidden characters with a readable escape (\x1b for ESC), or U+FFFD for lone surrogates and non-characters. */
export function stripInvalidXml(s: string): string {
  return s.replace(INVALID_XML, (ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : '\uFFFD';
  });
}

/** Text content: also C1 controls, bidirectional overrides and line separators as \u escapes (see text.ts). */
export function escapeXmlText(s: string): string {
  return escapeUnsafeUnicode(stripInvalidXml(s)).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute values also escape quotes, and encode newlines/tabs so attribute normalisation keeps them. */
export function escapeXmlAttr(s: string): string {
  return escapeXmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
