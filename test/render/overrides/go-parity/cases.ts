/**
 * Inputs for the Go parity table: field-overrider texts (YAML and JSON) with patches, and image
 * references. record.ts runs them through the Go libraries Karmada uses (sigs.k8s.io/yaml v1.4.0,
 * evanphx/json-patch v5.9.11, distribution/reference v0.6.0) and stores the answers in
 * expected.json, which go-parity.test.ts compares with ours.
 */

/** One JSON Patch operation, in the shape the Go harness decodes. */
export interface ParityOp {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

/** A text patched as YAML or JSON, or an image reference parsed. */
export interface ParityCase {
  kind: 'yaml' | 'json' | 'image';
  text: string;
  ops?: ParityOp[];
}

type Op = ParityOp;

const long = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua';
export const cases: ParityCase[] = [];
const yamlTexts = [
  'key:\n  key1: value\n',
  'b: 1\na: 2\n',
  'key10: 1\nkey9: 2\nKey: 3\n_x: 4\n"1": 5\nk01: 6\nk1: 7\nk001: 8\n',
  'a: on\nb: yes\nc: off\nd: y\ne: n\nf: No\n',
  'v: 1.10\nw: 1.0\nx: 010\ny: 1_000\nz: 0x1F\nq: 08\nr: 0o17\ns: +5\nt: 1e3\nu: .5\nv2: -.inf\n',
  'd: 2001-12-14\nt: 12:30\nt2: 1:20:30.5\nts: 2001-12-14t21:59:43.10-05:00\n',
  'l:\n    - a\n    - b\nm:\n  - x: 1\n    y: [1, 2]\n  - - n\n',
  '# c\na: &x {p: 1}\nb: *x\nc: {<<: *x, q: 2}\n',
  's1: "true"\ns2: "1.5"\ns3: "x: y"\ns4: "#c"\ns5: " lead"\ns6: "trail "\ns7: "it\'s"\ns8: \'say "hi"\'\ns9: "a\\tb"\ns10: ""\ns11: "~"\ns12: "null"\ns13: "-"\ns14: "- x"\ns15: "*x"\ns16: "@x"\ns17: "`x"\ns18: "%x"\ns19: "!x"\ns20: "&x"\ns21: "x #y"\ns22: "[x]"\ns23: "{x}"\ns24: "a,b"\ns25: "?"\ns26: "? x"\ns27: "."\ns28: "1.2.3"\ns29: "héllo"\ns30: "\\u00e9"\ns31: "0b101"\ns32: "=" \n',
  `long: ${long} ${long}\nlongq: "x: ${long}"\nnested:\n  deeper:\n    text: ${long}\nlist:\n- ${long}\n`,
  'nl: "a\\nb"\ntrail: "a\\n"\ntrail2: "a\\n\\n"\nlead: "  a\\nb"\nonlynl: "\\n"\n',
  'f1: 1234567.5\nf2: 0.00001\nf3: 1e21\nf4: 123456789012\nf5: -0.0\nf6: 3.0e-5\n',
  'empty: {}\nlist: []\nnull1: null\nnull2: ~\nnull3:\n',
  '- a\n- b\n',
  'n: 9007199254740993\n',
  'root: {a: {b: {c: [1, {d: e}]}}}\n',
];
for (const text of yamlTexts) cases.push({ kind: 'yaml', text, ops: [{ op: 'add', path: '/zz', value: 1 }] });
cases.push({
  kind: 'yaml',
  text: 'a: 1\n',
  ops: [
    { op: 'add', path: '/s', value: long + ' ' + long },
    { op: 'add', path: '/o', value: { z: 1, a: ['x', { k: 'v' }], m: null } },
    { op: 'add', path: '/f', value: 1.5 },
  ],
});
cases.push({
  kind: 'yaml',
  text: 'a: [1]\n',
  ops: [
    { op: 'add', path: '/a/-', value: 'yes' },
    { op: 'add', path: '/a/0', value: '2001-01-01' },
  ],
});
const jsonTexts = [
  '{"key":{"key1":"value"}}',
  '{"b":1,"a":2,"10":3,"2":4}',
  '{ "a" : 1.0,\n "b": [1e3, -0, 1E+2] }',
  '{"h":"<b>&\\u00e9\\/"}',
  '[1,2]',
  '{"a":"\u2028"}',
  '{"a":{"b":[{"c":1}]}}',
];
for (const text of jsonTexts) cases.push({ kind: 'json', text, ops: [{ op: 'add', path: '/zz', value: { z: 'a&b', a: [1.5, null, true] } }] });
cases.push({
  kind: 'json',
  text: '{"a":[1,2,3]}',
  ops: [
    { op: 'add', path: '/a/-1', value: 9 },
    { op: 'remove', path: '/a/-2' },
    { op: 'replace', path: '/a/0', value: 'x' },
  ],
});
const patchCases: [string, Op[]][] = [
  ['{"a":[1,2,3]}', [{ op: 'add', path: '/a/3', value: 4 }]],
  ['{"a":[1,2,3]}', [{ op: 'add', path: '/a/4', value: 4 }]],
  ['{"a":[1,2,3]}', [{ op: 'add', path: '/a/-4', value: 0 }]],
  ['{"a":[1,2,3]}', [{ op: 'add', path: '/a/-5', value: 0 }]],
  ['{"a":[1,2,3]}', [{ op: 'remove', path: '/a/-3' }]],
  ['{"a":[1,2,3]}', [{ op: 'remove', path: '/a/-4' }]],
  ['{"a":[1,2,3]}', [{ op: 'replace', path: '/a/-1', value: 9 }]],
  ['{"a":[1,2,3]}', [{ op: 'replace', path: '/a/3', value: 9 }]],
  ['{"a":[1,2,3]}', [{ op: 'add', path: '/a/01', value: 9 }]],
  ['{"a":[1,2,3]}', [{ op: 'add', path: '/a/+1', value: 9 }]],
  ['{"a":[1,2,3]}', [{ op: 'add', path: '/a/x', value: 9 }]],
  ['{"a":{}}', [{ op: 'add', path: '/a/b/c', value: 1 }]],
  ['{"a":{}}', [{ op: 'remove', path: '/a/b' }]],
  ['{"a":{}}', [{ op: 'replace', path: '/a/b', value: 1 }]],
  ['{"a":{"b":null}}', [{ op: 'replace', path: '/a/b', value: 1 }]],
  ['{"a":{"b":null}}', [{ op: 'add', path: '/a/b/c', value: 1 }]],
  ['{"a":"s"}', [{ op: 'add', path: '/a/c', value: 1 }]],
  ['{"a":1}', [{ op: 'add', path: '', value: { b: 2 } }]],
  ['{"a":1}', [{ op: 'replace', path: '', value: [1] }]],
  ['{"a":1}', [{ op: 'replace', path: '', value: 5 }]],
  ['{"a":1}', [{ op: 'add', path: 'a', value: 5 }]],
  ['{"a":1}', [{ op: 'add', path: 'x/b', value: 5 }]],
  ['{"a":1}', [{ op: 'add', path: '/', value: 5 }]],
  ['{"a":1}', [{ op: 'replace', path: '/', value: 5 }]],
  ['{"a":1}', [{ op: 'remove', path: '/' }]],
  ['{"a":{"b":1}}', [{ op: 'add', path: '/a//b', value: 5 }]],
  [
    '{"a/b":1,"c~d":2}',
    [
      { op: 'replace', path: '/a~1b', value: 5 },
      { op: 'remove', path: '/c~0d' },
    ],
  ],
  [
    '{"a":1}',
    [
      { op: 'add', path: '/b', value: 1 },
      { op: 'remove', path: '/zz' },
    ],
  ],
  [
    '{"a":1,"b":2}',
    [
      { op: 'remove', path: '/a' },
      { op: 'add', path: '/a', value: 3 },
    ],
  ],
  [
    '{"a":[[1],[2]]}',
    [
      { op: 'add', path: '/a/1/-', value: 3 },
      { op: 'remove', path: '/a/0/0' },
    ],
  ],
  ['  {"a":1}', [{ op: 'add', path: '/b', value: 1 }]],
  ['  [1]', [{ op: 'add', path: '/-', value: 1 }]],
  ['null', [{ op: 'add', path: '/b', value: 1 }]],
  ['"x"', [{ op: 'add', path: '/b', value: 1 }]],
  ['{"a":1e400}', [{ op: 'add', path: '/b', value: 1 }]],
  ['{"a":"\ud800"}', [{ op: 'add', path: '/b', value: 1 }]],
  ['{"a":1,"a":2}', [{ op: 'add', path: '/b', value: 1 }]],
  ['{"big":12345678901234567890}', [{ op: 'add', path: '/b', value: 'x' }]],
];
for (const [text, ops] of patchCases) cases.push({ kind: 'json', text, ops });
for (const [text, ops] of patchCases.slice(0, 30)) cases.push({ kind: 'yaml', text, ops });
const moreYaml = [
  `q: 'it''s ${long} ${long}'\n`,
  `s: "${long} x: y ${long}"\n`,
  'a:\n- - - deep\n',
  'k: [a, {b: c}]\n',
  '"key with space": 1\n"true": 2\n"x: y": 3\n',
  'a: "0.5"\nb: "+1"\nc: "-1_0"\nd: "1e400"\ne: "0x"\nf: "0o8"\ng: "2001-13-01"\nh: "2001-12-14 21:59:43.10"\ni: "2001-12-14T21:59:43Z"\nj: "1:2"\nk: "190:20:30"\nl: "<<"\nm: "Yes"\nn: "yES"\n',
  'a: "\\x01"\nb: "\\u0085"\nc: "\\ufeff"\n',
  `l:\n- 'x: ${long}'\n- {k: ${long}}\n`,
  'e: "a  b"\nf: "a "\ng: " "\n',
];
for (const text of moreYaml) cases.push({ kind: 'yaml', text, ops: [{ op: 'add', path: '/zz', value: 1 }] });
const images = [
  'nginx',
  'library/nginx:1.25',
  'fictional.registry.example/imagename:v1.0.0',
  'localhost:5000/a/b:c',
  'localhost/app',
  'a.io:443/x@sha256:' + 'a'.repeat(64),
  'nginx:1@sha256:' + 'b'.repeat(64),
  '[::1]:5000/foo:bar',
  'Nginx',
  'nginx:-x',
  'a__b/c',
  'a___b',
  'a--b',
  'a-.b',
  'UPPER.io/x',
  'x:5000',
  'foo@md5:' + 'a'.repeat(32),
  'foo@sha256:' + 'A'.repeat(64),
  '',
  'a/',
  '/a',
  'a//b',
  'x.io/a:b:c',
  'sub.DOMAIN.io:1/x_y.z-w:T.a-g_1',
];
for (const text of images) cases.push({ kind: 'image', text });
