// A small editor for compiled Java class files (JVMS chapter 4), enough to redirect method calls: it reads
// the constant pool and the methods' bytecode, appends new constants, repoints a method reference's class,
// and turns an `invokevirtual` of one reference into an `invokestatic` of another (both 3 bytes). Nothing
// is ever moved: existing constant-pool indices, bytecode offsets, stack maps and exception tables stay
// valid, so the JVM's verifier checks the edited class exactly as it checked the original.
// JDK 17 has no public class-file API; this reads every class-file version (constant tags up to 20).

export class ClassFormatError extends Error {}

export type Constant =
  | { tag: 1; text: string }
  | { tag: 3 | 4 | 5 | 6 }
  | { tag: 7 | 8 | 16 | 19 | 20; index: number }
  | { tag: 9 | 10 | 11; classIndex: number; natIndex: number }
  | { tag: 12; nameIndex: number; descIndex: number }
  | { tag: 15; kind: number; refIndex: number }
  | { tag: 17 | 18; bootstrap: number; natIndex: number };

export interface MemberInfo {
  access: number;
  name: string;
  descriptor: string;
  /** Where this member's Code attribute's bytecode lies in the file (methods with a body only). */
  code?: { start: number; length: number };
}

export interface ClassInfo {
  /** Binary name with '/' (java/lang/Thread). */
  name: string;
  superName?: string;
  methods: MemberInfo[];
}

const ACC_STATIC = 0x0008;

/** A parsed class file: read once, edited in place, then written with the new constants appended. */
export class ClassFile {
  private readonly bytes: Buffer;
  /** pool[i] is constant i (1-based; undefined at 0 and after a long or double). */
  readonly pool: (Constant | undefined)[] = [];
  /** File offset of each constant's tag byte. */
  private readonly offsets: number[] = [];
  private readonly poolEnd: number;
  private readonly appended: Buffer[] = [];
  private count: number;
  readonly info: ClassInfo;

  constructor(data: Uint8Array) {
    this.bytes = Buffer.from(data);
    const r = new Reader(this.bytes);
    if (r.u4() !== 0xcafebabe) throw new ClassFormatError('not a class file (bad magic number)');
    r.u2(); // minor
    r.u2(); // major
    this.count = r.u2();
    for (let i = 1; i < this.count; i++) {
      this.offsets[i] = r.pos;
      const tag = r.u1();
      switch (tag) {
        case 1: {
          const n = r.u2();
          this.pool[i] = { tag, text: decodeModifiedUtf8(r.take(n)) };
          break;
        }
        case 3: case 4: r.take(4); this.pool[i] = { tag }; break;
        case 5: case 6: r.take(8); this.pool[i] = { tag }; i++; break; // takes two slots
        case 7: case 8: case 16: case 19: case 20: this.pool[i] = { tag, index: r.u2() }; break;
        case 9: case 10: case 11: this.pool[i] = { tag, classIndex: r.u2(), natIndex: r.u2() }; break;
        case 12: this.pool[i] = { tag, nameIndex: r.u2(), descIndex: r.u2() }; break;
        case 15: this.pool[i] = { tag, kind: r.u1(), refIndex: r.u2() }; break;
        case 17: case 18: this.pool[i] = { tag, bootstrap: r.u2(), natIndex: r.u2() }; break;
        default: throw new ClassFormatError(`unknown constant tag ${tag} at constant ${i}`);
      }
    }
    this.poolEnd = r.pos;
    r.u2(); // access flags
    const name = this.className(r.u2());
    const superIndex = r.u2();
    const superName = superIndex ? this.className(superIndex) : undefined;
    r.take(2 * r.u2()); // interfaces
    this.members(r); // fields
    const methods = this.members(r);
    const attributes = r.u2();
    for (let i = 0; i < attributes; i++) {
      r.u2();
      r.take(r.u4());
    }
    if (r.pos !== this.bytes.length) throw new ClassFormatError(`${this.bytes.length - r.pos} bytes after the class file's end`);
    this.info = { name, superName, methods };
  }

  private members(r: Reader): MemberInfo[] {
    const out: MemberInfo[] = [];
    const n = r.u2();
    for (let i = 0; i < n; i++) {
      const m: MemberInfo = { access: r.u2(), name: this.utf8(r.u2()), descriptor: this.utf8(r.u2()) };
      const attributes = r.u2();
      for (let j = 0; j < attributes; j++) {
        const attrName = this.utf8(r.u2());
        const len = r.u4();
        const start = r.pos;
        r.take(len);
        if (attrName === 'Code') {
          // max_stack u2, max_locals u2, code_length u4, code
          const codeLength = this.bytes.readUInt32BE(start + 4);
          if (8 + codeLength > len) throw new ClassFormatError(`method ${m.name}: code longer than its attribute`);
          m.code = { start: start + 8, length: codeLength };
        }
      }
      out.push(m);
    }
    return out;
  }

  utf8(i: number): string {
    const c = this.pool[i];
    if (!c || c.tag !== 1) throw new ClassFormatError(`constant ${i} is not a UTF-8 string`);
    return c.text;
  }

  className(i: number): string {
    const c = this.pool[i];
    if (!c || c.tag !== 7) throw new ClassFormatError(`constant ${i} is not a class`);
    return this.utf8(c.index);
  }

  /** The class, name and descriptor a Methodref (or Fieldref, InterfaceMethodref) constant names. */
  memberRef(i: number): { owner: string; name: string; descriptor: string } {
    const c = this.pool[i];
    if (!c || (c.tag !== 9 && c.tag !== 10 && c.tag !== 11)) throw new ClassFormatError(`constant ${i} is not a member reference`);
    const nat = this.pool[c.natIndex];
    if (!nat || nat.tag !== 12) throw new ClassFormatError(`constant ${c.natIndex} is not a name and type`);
    return { owner: this.className(c.classIndex), name: this.utf8(nat.nameIndex), descriptor: this.utf8(nat.descIndex) };
  }

  /** Appends a constant (never one of two slots) and returns its index. */
  private append(c: Constant, bytes: Buffer): number {
    if (this.count >= 0xffff) throw new ClassFormatError('the constant pool is full');
    this.pool[this.count] = c;
    this.appended.push(bytes);
    return this.count++;
  }

  /** The index of a UTF-8 constant with this text, appended if the pool has none. */
  addUtf8(text: string): number {
    const found = this.pool.findIndex((c) => c?.tag === 1 && c.text === text);
    if (found > 0) return found;
    const body = encodeModifiedUtf8(text);
    if (body.length > 0xffff) throw new ClassFormatError('string constant too long');
    const b = Buffer.alloc(3 + body.length);
    b[0] = 1;
    b.writeUInt16BE(body.length, 1);
    body.copy(b, 3);
    return this.append({ tag: 1, text }, b);
  }

  addClass(name: string): number {
    const nameIndex = this.addUtf8(name);
    const found = this.pool.findIndex((c) => c?.tag === 7 && c.index === nameIndex);
    if (found > 0) return found;
    return this.append({ tag: 7, index: nameIndex }, u2s(7, [nameIndex]));
  }

  addMethodref(owner: string, name: string, descriptor: string): number {
    const classIndex = this.addClass(owner);
    const nameIndex = this.addUtf8(name);
    const descIndex = this.addUtf8(descriptor);
    let natIndex = this.pool.findIndex((c) => c?.tag === 12 && c.nameIndex === nameIndex && c.descIndex === descIndex);
    if (natIndex <= 0) natIndex = this.append({ tag: 12, nameIndex, descIndex }, u2s(12, [nameIndex, descIndex]));
    return this.append({ tag: 10, classIndex, natIndex }, u2s(10, [classIndex, natIndex]));
  }

  /** Points Methodref `i` at another class (same name and descriptor): for static methods only. */
  setOwner(i: number, classIndex: number): void {
    const c = this.pool[i];
    if (!c || c.tag !== 10) throw new ClassFormatError(`constant ${i} is not a method reference`);
    c.classIndex = classIndex;
    this.bytes.writeUInt16BE(classIndex, this.offsets[i]! + 1);
  }

  /** Makes every `invokevirtual from` an `invokestatic to` (to takes the receiver as its first argument), and
   *  every method handle that invokes `from` virtually a static handle of `to`. Returns how many were changed. */
  virtualToStatic(from: number, to: number): number {
    let changed = 0;
    for (const m of this.info.methods) {
      if (!m.code) continue;
      forEachInstruction(this.bytes, m.code.start, m.code.length, (op, at) => {
        if (op === INVOKEVIRTUAL && this.bytes.readUInt16BE(at + 1) === from) {
          this.bytes[at] = INVOKESTATIC;
          this.bytes.writeUInt16BE(to, at + 1);
          changed++;
        }
      });
    }
    this.pool.forEach((c, i) => {
      if (c?.tag === 15 && c.kind === REF_INVOKE_VIRTUAL && c.refIndex === from) {
        c.kind = REF_INVOKE_STATIC;
        c.refIndex = to;
        this.bytes[this.offsets[i]! + 1] = REF_INVOKE_STATIC;
        this.bytes.writeUInt16BE(to, this.offsets[i]! + 2);
        changed++;
      }
    });
    return changed;
  }

  /** Methodref constants, with what they name. */
  methodRefs(): { index: number; owner: string; name: string; descriptor: string }[] {
    const out: { index: number; owner: string; name: string; descriptor: string }[] = [];
    this.pool.forEach((c, index) => {
      if (c?.tag === 10) out.push({ index, ...this.memberRef(index) });
    });
    return out;
  }

  /** The class file with every edit: appended constants go after the original pool, so no index moves. */
  write(): Buffer {
    if (this.appended.length === 0) return Buffer.from(this.bytes);
    const head = Buffer.from(this.bytes.subarray(0, this.poolEnd));
    head.writeUInt16BE(this.count, 8);
    return Buffer.concat([head, ...this.appended, this.bytes.subarray(this.poolEnd)]);
  }
}

export const isStatic = (m: MemberInfo) => (m.access & ACC_STATIC) !== 0;

const INVOKEVIRTUAL = 0xb6;
const INVOKESTATIC = 0xb8;
const REF_INVOKE_VIRTUAL = 5;
const REF_INVOKE_STATIC = 6;

/** Operand bytes after each fixed-length opcode (JVMS 6.5); -1: not an opcode a class file may hold; the
 *  switches and `wide` are measured apart. */
const OPERANDS: Int8Array = (() => {
  const t = new Int8Array(256).fill(-1);
  const set = (from: number, to: number, n: number) => {
    for (let op = from; op <= to; op++) t[op] = n;
  };
  set(0x00, 0x0f, 0); // nop .. dconst_1
  t[0x10] = 1; t[0x11] = 2; t[0x12] = 1; t[0x13] = 2; t[0x14] = 2; // bipush sipush ldc ldc_w ldc2_w
  set(0x15, 0x19, 1); // iload .. aload
  set(0x1a, 0x35, 0); // iload_0 .. saload
  set(0x36, 0x3a, 1); // istore .. astore
  set(0x3b, 0x83, 0); // istore_0 .. lxor
  t[0x84] = 2; // iinc
  set(0x85, 0x98, 0); // i2l .. dcmpg
  set(0x99, 0xa8, 2); // ifeq .. jsr
  t[0xa9] = 1; // ret
  set(0xac, 0xb1, 0); // ireturn .. return
  set(0xb2, 0xb8, 2); // getstatic .. invokestatic
  t[0xb9] = 4; t[0xba] = 4; // invokeinterface invokedynamic
  t[0xbb] = 2; t[0xbc] = 1; t[0xbd] = 2; // new newarray anewarray
  set(0xbe, 0xbf, 0); // arraylength athrow
  t[0xc0] = 2; t[0xc1] = 2; // checkcast instanceof
  set(0xc2, 0xc3, 0); // monitorenter monitorexit
  t[0xc5] = 3; // multianewarray
  t[0xc6] = 2; t[0xc7] = 2; // ifnull ifnonnull
  t[0xc8] = 4; t[0xc9] = 4; // goto_w jsr_w
  return t;
})();

/** Calls `visit(opcode, offset)` for each instruction of a method's code; throws on bytecode it cannot walk. */
export function forEachInstruction(bytes: Buffer, start: number, length: number, visit: (op: number, at: number) => void): void {
  const end = start + length;
  let pc = start;
  while (pc < end) {
    const op = bytes[pc]!;
    visit(op, pc);
    let size: number;
    if (op === 0xaa || op === 0xab) {
      // tableswitch / lookupswitch: padding to a multiple of 4 from the code's start, then 4-byte operands.
      const p = pc + 1 + ((4 - ((pc + 1 - start) % 4)) % 4);
      if (p + 12 > end) throw new ClassFormatError('truncated switch');
      if (op === 0xaa) {
        const low = bytes.readInt32BE(p + 4);
        const high = bytes.readInt32BE(p + 8);
        if (high < low) throw new ClassFormatError('tableswitch with high < low');
        size = p - pc + 12 + 4 * (high - low + 1);
      } else {
        const pairs = bytes.readInt32BE(p + 4);
        if (pairs < 0) throw new ClassFormatError('lookupswitch with a negative pair count');
        size = p - pc + 8 + 8 * pairs;
      }
    } else if (op === 0xc4) {
      size = bytes[pc + 1] === 0x84 ? 6 : 4; // wide iinc, or wide load/store/ret
    } else {
      const n = OPERANDS[op]!;
      if (n < 0) throw new ClassFormatError(`unknown opcode 0x${op.toString(16)} at ${pc - start}`);
      size = 1 + n;
    }
    pc += size;
  }
  if (pc !== end) throw new ClassFormatError('the last instruction runs past the end of the code');
}

class Reader {
  pos = 0;
  constructor(private readonly b: Buffer) {}
  private need(n: number): void {
    if (this.pos + n > this.b.length) throw new ClassFormatError('truncated class file');
  }
  u1(): number { this.need(1); return this.b[this.pos++]!; }
  u2(): number { this.need(2); const v = this.b.readUInt16BE(this.pos); this.pos += 2; return v; }
  u4(): number { this.need(4); const v = this.b.readUInt32BE(this.pos); this.pos += 4; return v; }
  take(n: number): Buffer { this.need(n); const v = this.b.subarray(this.pos, this.pos + n); this.pos += n; return v; }
}

function u2s(tag: number, values: number[]): Buffer {
  const b = Buffer.alloc(1 + 2 * values.length);
  b[0] = tag;
  values.forEach((v, k) => b.writeUInt16BE(v, 1 + 2 * k));
  return b;
}

/** Java's "modified UTF-8" (JVMS 4.4.7): NUL as two bytes, characters beyond the BMP as two 3-byte surrogates. */
export function decodeModifiedUtf8(b: Buffer): string {
  let out = '';
  for (let i = 0; i < b.length; ) {
    const x = b[i]!;
    if (x < 0x80) { out += String.fromCharCode(x); i += 1; }
    else if ((x & 0xe0) === 0xc0) { out += String.fromCharCode(((x & 0x1f) << 6) | (b[i + 1]! & 0x3f)); i += 2; }
    else { out += String.fromCharCode(((x & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f)); i += 3; }
  }
  return out;
}

export function encodeModifiedUtf8(s: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i); // UTF-16 units: a surrogate pair becomes two 3-byte sequences, as Java writes it
    if (c !== 0 && c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Buffer.from(out);
}
