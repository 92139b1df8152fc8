import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderJunit } from '../harness/report/junit.js';
import { escapeXmlAttr, stripInvalidXml } from '../harness/report/xml.js';
import { fatalReport, hangmanReport, hostileReport } from './fixtures-report/sample-reports.js';

/** Parse with Python's expat (a strict XML 1.0 parser) and return a JSON digest of the tree. */
function parseXml(xml: string): any {
  const py = `
import sys, json, xml.etree.ElementTree as ET
root = ET.fromstring(sys.stdin.buffer.read())
def node(e):
    return {"tag": e.tag, "attrib": e.attrib, "text": e.text or "", "children": [node(c) for c in e]}
print(json.dumps(node(root)))
`;
  const r = spawnSync('python3', ['-c', py], { input: xml, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`XML did not parse: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe('JUnit XML', () => {
  it('has one testsuite per group and failure/error/skipped elements by status', () => {
    const tree = parseXml(renderJunit(hangmanReport()));
    expect(tree.tag).toBe('testsuites');
    expect(tree.attrib).toMatchObject({ tests: '9', failures: '4', errors: '1', skipped: '1' });
    const suites = tree.children;
    expect(suites.map((s: any) => s.attrib.name)).toEqual(['Hangman.num_words', 'Hangman.make_guess', 'Hangman.get_secret_word', 'transcript']);
    const guess = suites[1];
    expect(guess.attrib).toMatchObject({ tests: '3', failures: '2', errors: '1', skipped: '0' });
    const cases = guess.children.filter((c: any) => c.tag === 'testcase');
    expect(cases.every((c: any) => c.attrib.classname === 'Hangman.make_guess')).toBe(true);
    expect(cases[0].children.map((c: any) => c.tag)).toEqual(['properties', 'failure']);
    expect(cases[1].children.map((c: any) => c.tag)).toEqual(['properties', 'error']);
    expect(cases[1].children[1].text).toContain('IndexError: list index out of range');
    const skipped = suites[2].children.find((c: any) => c.attrib.name === 'secret word after the game');
    expect(skipped.children.map((c: any) => c.tag)).toEqual(['properties', 'skipped']);
    const transcript = suites[3].children.find((c: any) => c.tag === 'testcase');
    const out = transcript.children.find((c: any) => c.tag === 'system-out');
    expect(out.text).toContain('Your guess?e');
  });

  it('carries points that add up to the report total', () => {
    const tree = parseXml(renderJunit(hangmanReport()));
    let score = 0;
    for (const s of tree.children) {
      const props = s.children.find((c: any) => c.tag === 'properties').children;
      score += Number(props.find((p: any) => p.attrib.name === 'score').attrib.value);
    }
    expect(score).toBe(2.25);
  });

  it('escapes markup and replaces characters XML 1.0 forbids, so strict parsers accept it', () => {
    const xml = renderJunit(hostileReport());
    expect(xml).not.toContain('<script>');
    expect(xml).not.toMatch(/[\x00-\x08\x0B\x0C\x0E-\x1F]/);
    const tree = parseXml(xml);
    const tc = tree.children[0].children.find((c: any) => c.tag === 'testcase');
    expect(tc.attrib.name).toBe('game with <b>markup</b> & "quotes"');
    const failure = tc.children.find((c: any) => c.tag === 'failure');
    expect(failure.attrib.message).toContain('<script>window.__pwned = 1;');
    const out = tc.children.find((c: any) => c.tag === 'system-out').text;
    expect(out).toContain('\\x1b[31mred\\x1b[0m bell\\x07 nul\\x00');
    expect(out).toContain(']]> 100%');
  });

  it('keeps newlines in attributes and handles lone surrogates', () => {
    expect(escapeXmlAttr('a\nb"c')).toBe('a&#10;b&quot;c');
    expect(stripInvalidXml('ok\uD800x')).toBe('ok\uFFFDx');
    expect(stripInvalidXml('😀')).toBe('😀');
  });

  it('reports a fatal error on each test that could not run', () => {
    const tree = parseXml(renderJunit(fatalReport()));
    expect(tree.attrib.errors).toBe('4');
    const err = tree.children[0].children.find((c: any) => c.tag === 'testcase').children.find((c: any) => c.tag === 'error');
    expect(err.attrib.type).toBe('error');
    expect(err.attrib.message).toContain('TabError');
  });
});
