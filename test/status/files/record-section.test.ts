// The status writer, the tree reader and STATUS.md know no controller: they write, read back and
// show whatever record sections they are handed (src/status/record-section.ts).
import { describe, expect, it } from 'vitest';
import { parseStatusTree, statusFiles, statusMarkdown, type RecordSection, type StatusReport } from '../../../src/status/index.ts';

/** A section no status code knows: `notes/<name>.yaml`, each a `text` field. */
const NOTES: RecordSection<string[]> = {
  name: 'notes',
  folder: 'notes/',
  files: (names) => names.map((name) => ({ path: `notes/${name}.yaml`, document: { text: name } })),
  read: (names, _path, document, warn) => {
    const text = (document as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string') return [...(names ?? []), text];
    warn('text is missing; ignored');
    return names;
  },
  markdown: (names) => ['## Notes', '', ...names.map((n) => `- ${n}`), ''],
};

const report = (records?: StatusReport['records']): StatusReport => ({
  sourceCommit: 'a'.repeat(40),
  reconciledAt: '2026-12-04T00:00:00.000Z',
  clusters: [],
  templates: [],
  ...(records ? { records } : {}),
});

const asFiles = (r: StatusReport, sections: readonly RecordSection<unknown>[]) =>
  statusFiles(r, sections).map((f) => ({ path: f.path, content: Buffer.from(f.content) }));

describe('record sections', () => {
  it.each([
    ['handed the section', [NOTES], ['notes/a.yaml', 'notes/b.yaml'], ['a', 'b'], true],
    ['not handed it: nothing written', [], [], undefined, false],
  ])('%s', (_name, sections, paths, readBack, shown) => {
    const written = asFiles(report({ notes: ['a', 'b'] }), sections);
    expect(written.map((f) => f.path).filter((p) => p.startsWith('notes/'))).toEqual(paths);
    expect(parseStatusTree(written, sections).records['notes']).toEqual(readBack);
    expect(statusMarkdown(report({ notes: ['a', 'b'] }), sections).includes('## Notes\n\n- a\n- b')).toBe(shown);
  });

  it('reads a file of a section it is not handed as nothing, and warns of a file that does not read', () => {
    const files = [
      { path: 'notes/a.yaml', content: Buffer.from('text: a\n') },
      { path: 'notes/b.yaml', content: Buffer.from('other: b\n') },
    ];
    expect(parseStatusTree(files, []).records).toEqual({});
    const tree = parseStatusTree(files, [NOTES]);
    expect(tree.records['notes']).toEqual(['a']);
    expect(tree.warnings).toEqual(['notes/b.yaml: text is missing; ignored']);
  });

  it('writes no files and no STATUS.md section for a section without a record', () => {
    expect(statusFiles(report(), [NOTES]).map((f) => f.path)).toEqual(['STATUS.md', 'summary.json']);
    expect(statusMarkdown(report(), [NOTES])).not.toContain('## Notes');
  });
});
