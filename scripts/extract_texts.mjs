// The page's text catalogue (engine/core/text.h): every PG_TEXT("...") literal in the C++ sources, by the
// 64-bit FNV-1a key of its bytes, as the page fetches it; and a C++ file of static_asserts that the compiler's
// key of each literal, as written in the source, is the key written here (so the two can never disagree).
//
//   node scripts/extract_texts.mjs --root DIR --out OUT.txt --check OUT.cc
//
// OUT.txt: a line per text, "<16 hex digits>\t<text>" with "\\\\" and "\\n" for a backslash and a line break
// (engine/core/text.h reads it).
//
// Scans DIR/engine and DIR/web (*.cc, *.h). A PG_TEXT( that is not followed by string literals and ")"
// stops the build, naming the file and line.
import fs from 'node:fs';
import path from 'node:path';

function fail(message) {
  process.stderr.write('extract_texts: ' + message + '\n');
  process.exit(1);
}

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0 || i + 1 >= args.length) fail('missing ' + name + ' (usage: --root DIR --out OUT.txt --check OUT.cc)');
  return args[i + 1];
};
const root = option('--root');
const textsOut = option('--out');
const checkOut = option('--check');

function sources(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(p));
    else if (/\.(cc|h)$/.test(entry.name)) out.push(p);
  }
  return out;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = (1n << 64n) - 1n;
function fnv1a(bytes) {
  let hash = FNV_OFFSET;
  for (const b of bytes) hash = ((hash ^ BigInt(b)) * FNV_PRIME) & MASK;
  return hash;
}

const SIMPLE_ESCAPES = { n: 10, t: 9, r: 13, '\\': 92, '"': 34, "'": 39, '?': 63, a: 7, b: 8, f: 12, v: 11 };

// Decodes the body of an ordinary string literal (between its quotes) to bytes.
function decode(body, where) {
  const bytes = [];
  for (let i = 0; i < body.length; ) {
    const c = body[i];
    if (c !== '\\') {
      const cp = body.codePointAt(i);
      const ch = String.fromCodePoint(cp);
      bytes.push(...Buffer.from(ch, 'utf8'));
      i += ch.length;
      continue;
    }
    const e = body[i + 1];
    if (e in SIMPLE_ESCAPES) {
      bytes.push(SIMPLE_ESCAPES[e]);
      i += 2;
    } else if (/[0-7]/.test(e)) {
      let j = i + 1;
      let digits = '';
      while (j < body.length && digits.length < 3 && /[0-7]/.test(body[j])) digits += body[j++];
      bytes.push(parseInt(digits, 8) & 255);
      i = j;
    } else if (e === 'x') {
      let j = i + 2;
      let digits = '';
      while (j < body.length && /[0-9a-fA-F]/.test(body[j])) digits += body[j++];
      if (!digits) fail(where + ': \\x without hex digits');
      bytes.push(parseInt(digits, 16) & 255);
      i = j;
    } else {
      fail(where + ': escape \\' + e + ' is not supported in PG_TEXT');
    }
  }
  return bytes;
}

// A small C++ lexer: skips comments, string and character literals, numbers with digit separators; finds
// PG_TEXT( and reads the string literals that follow it.
function scan(file, text, found) {
  let i = 0;
  const lineAt = (pos) => text.slice(0, pos).split('\n').length;
  const skipSpaceAndComments = () => {
    for (;;) {
      if (/\s/.test(text[i] || '')) i++;
      else if (text.startsWith('//', i)) { const e = text.indexOf('\n', i); i = e < 0 ? text.length : e; }
      else if (text.startsWith('/*', i)) { const e = text.indexOf('*/', i + 2); i = e < 0 ? text.length : e + 2; }
      else return;
    }
  };
  // An ordinary "..." literal starting at i; returns its body and source text.
  const readString = () => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      if (text[i] === '\n') fail(file + ':' + lineAt(start) + ': unterminated string literal');
      i++;
    }
    if (i >= text.length) fail(file + ':' + lineAt(start) + ': unterminated string literal');
    i++;
    return { body: text.slice(start + 1, i - 1), source: text.slice(start, i) };
  };
  while (i < text.length) {
    const c = text[i];
    if (text.startsWith('//', i) || text.startsWith('/*', i)) {
      skipSpaceAndComments();
    } else if (c === '"') {
      readString();
    } else if (c === "'") {
      i++;
      while (i < text.length && text[i] !== "'") { if (text[i] === '\\') i++; i++; }
      i++;
    } else if (/[A-Za-z0-9_]/.test(c)) {
      const start = i;
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i])) i++;
      const word = text.slice(start, i);
      if (/^[0-9]/.test(word)) {  // a number: digit separators and exponents
        while (i < text.length && /[A-Za-z0-9_.']/.test(text[i])) i++;
        continue;
      }
      if (text[i] === '"' && /R$/.test(word)) {  // a raw string: R"delim( ... )delim"
        const open = text.indexOf('(', i);
        const delim = text.slice(i + 1, open);
        const end = text.indexOf(')' + delim + '"', open);
        if (end < 0) fail(file + ':' + lineAt(start) + ': unterminated raw string');
        i = end + delim.length + 2;
        continue;
      }
      if (word !== 'PG_TEXT') continue;
      const line = lineAt(start);
      const where = file + ':' + line;
      skipSpaceAndComments();
      if (text[i] !== '(') continue;  // the name without a call (a mention)
      i++;
      const literals = [];
      for (;;) {
        skipSpaceAndComments();
        if (text[i] === '"') literals.push(readString());
        else if (text[i] === ')' && literals.length) { i++; break; }
        else fail(where + ': PG_TEXT takes string literals only (found ' + JSON.stringify(text.slice(i, i + 20)) + ')');
      }
      const bytes = literals.flatMap((l) => decode(l.body, where));
      found.push({ where, bytes, source: literals.map((l) => l.source).join(' ') });
    } else {
      i++;
    }
  }
}

const found = [];
for (const dir of ['engine', 'web']) {
  for (const file of sources(path.join(root, dir)).sort()) {
    if (file.endsWith(path.join('engine', 'core', 'text.h'))) continue;  // the macro's own definition
    if (file.endsWith('_test.cc')) continue;  // tests are not shown anywhere
    scan(path.relative(root, file), fs.readFileSync(file, 'utf8'), found);
  }
}

const catalogue = {};
let check = '// Generated by scripts/extract_texts.mjs from the PG_TEXT literals in engine/ and web/. Do not edit.\n' +
  '// Each line: the compiler\'s key of a literal as written equals the key in the page\'s text catalogue.\n' +
  '#include "engine/core/text.h"\n\n';
const decoder = new TextDecoder('utf-8', { fatal: true });
for (const t of found) {
  const key = fnv1a(t.bytes).toString(16).padStart(16, '0');
  let text;
  try {
    text = decoder.decode(Uint8Array.from(t.bytes));
  } catch (e) {
    fail(t.where + ': the text is not valid UTF-8');
  }
  catalogue[key] = text;
  check += 'static_assert(pg::text_key(' + t.source + ') == 0x' + key + 'ull, "' + t.where + '");\n';
}
const write = (file, content) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) fs.writeFileSync(file, content);
};
write(textsOut, Object.entries(catalogue).map(([key, text]) => key + '\t' + text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n') + '\n').join(''));
write(checkOut, check);
