// Where a WebAssembly binary's bytes go: its sections, and its code by function and by group (namespace or
// library), largest first. Function names come from the name section, so profile a build linked with
// --profiling-funcs (the size of the code is the same; the names are an extra section).
//   node scripts/wasm_size_profile.mjs FILE.wasm [--top N] [--demangle]
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: node scripts/wasm_size_profile.mjs FILE.wasm [--top N] [--demangle]');
  process.exit(2);
}
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 40;
const bytes = fs.readFileSync(file);

let pos = 0;
const u32 = () => {
  let result = 0, shift = 0, b;
  do {
    b = bytes[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return result;
};
const name = () => {
  const n = u32();
  const s = bytes.toString('utf8', pos, pos + n);
  pos += n;
  return s;
};

if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error(`${file}: not a WebAssembly binary`);
pos = 8;
const SECTION_NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start',
  'element', 'code', 'data', 'data count'];
const sections = [];
let importedFunctions = 0;
const bodySizes = [];
const names = new Map();
while (pos < bytes.length) {
  const id = bytes[pos++];
  const size = u32();
  const start = pos;
  let label = SECTION_NAMES[id] ?? `id ${id}`;
  if (id === 0) label = `custom "${name()}"`;
  if (id === 2) {  // imports: count the functions, whose indices come first
    for (let i = u32(); i > 0; --i) {
      name();
      name();
      const kind = bytes[pos++];
      if (kind === 0) { u32(); ++importedFunctions; }
      else if (kind === 1) { pos++; const flags = u32(); u32(); if (flags & 1) u32(); }
      else if (kind === 2) { const flags = u32(); u32(); if (flags & 1) u32(); }
      else if (kind === 3) { pos += 2; }
    }
  }
  if (id === 10) {
    for (let i = u32(); i > 0; --i) {
      const n = u32();
      bodySizes.push(n);
      pos += n;
    }
  }
  if (label === 'custom "name"') {
    while (pos < start + size) {
      const sub = bytes[pos++];
      const subSize = u32();
      const subEnd = pos + subSize;
      if (sub === 1) for (let i = u32(); i > 0; --i) { const index = u32(); names.set(index, name()); }
      pos = subEnd;
    }
  }
  sections.push({ label, size });
  pos = start + size;
}

const kib = (n) => (n / 1024).toFixed(1).padStart(8) + ' KiB';
console.log(`${file}: ${kib(bytes.length).trim()}`);
console.log('sections:');
for (const s of [...sections].sort((a, b) => b.size - a.size)) console.log(`  ${s.label.padEnd(30)} ${kib(s.size)}`);

let functions = bodySizes.map((size, i) => ({ name: names.get(i + importedFunctions) ?? `#${i + importedFunctions}`, size }));
if (args.includes('--demangle')) {
  const mangled = functions.map((f) => f.name);
  const out = execFileSync('c++filt', { input: mangled.join('\n'), maxBuffer: 1 << 28 }).toString().split('\n');
  functions = functions.map((f, i) => ({ ...f, name: out[i] || f.name }));
}
if (names.size === 0) console.log('(no name section: link with --profiling-funcs for function names)');

// A function's group: its namespace path (pg::mancala, ImGui, nlohmann, std) or its library by name.
const group = (n) => {
  if (/nlohmann/.test(n)) return 'nlohmann::json';
  if (/^(ImGui|Im[A-Z]|ImGui_Impl|stbtt|stb_|ImFont)/.test(n) || /\bImGui\w*::|\bIm[A-Z]\w*::/.test(n)) return 'Dear ImGui';
  if (/^SDL_|^Emscripten_|^SDL/.test(n)) return 'SDL2';
  const m = n.match(/^(?:\w+ )*?(?:\(anonymous namespace\)::)?((?:pg::\w+)(?:::\w+)?)/);
  if (m) return m[1].replace(/::(?:\(anonymous namespace\))?$/, '');
  if (/^std::|^void std::|^bool std::|^unsigned long std::|^__cxx|^__cxa|^operator /.test(n)) return 'libc++ / runtime';
  if (/^_Z/.test(n)) return 'C++ (mangled)';
  return 'C (libc, malloc, GL glue)';
};
const groups = new Map();
for (const f of functions) {
  const g = group(f.name);
  const entry = groups.get(g) ?? { size: 0, count: 0 };
  entry.size += f.size;
  entry.count += 1;
  groups.set(g, entry);
}
const code = bodySizes.reduce((s, n) => s + n, 0);
console.log(`code by group (${functions.length} functions, ${kib(code).trim()}):`);
for (const [g, e] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, top))
  console.log(`  ${g.padEnd(40)} ${kib(e.size)} ${String(e.count).padStart(6)} functions`);
console.log(`largest functions:`);
for (const f of [...functions].sort((a, b) => b.size - a.size).slice(0, top))
  console.log(`  ${kib(f.size)}  ${f.name.slice(0, 140)}`);
