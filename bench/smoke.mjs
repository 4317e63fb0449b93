// The benchmark kernels' smoke run (a test, not a measurement): every kernel runs for a moment natively and in
// WebAssembly (node), and must give the same result in both builds (its reference checksum) and, where it
// plays the games of another kernel, the same games. Timings are printed by scripts/bench.sh, never checked.
//   node bench/smoke.mjs NATIVE_HARNESS WASM_HARNESS_JS
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const [nativeHarness, wasmHarness] = process.argv.slice(2);
if (!nativeHarness || !wasmHarness) {
  console.error('usage: node bench/smoke.mjs build/native/bin/bench_harness_native build/wasm/bin/bench_wasm.js');
  process.exit(2);
}
if (!fs.existsSync(wasmHarness)) {
  console.log(`skipped: ${wasmHarness} is not built (bash scripts/build.sh wasm)`);
  process.exit(77);
}
// The checksums are 64-bit: read as strings, not as JavaScript numbers (which keep 53 bits).
const run = (command, args) => JSON.parse(execFileSync(command, [...args, '--seconds', '0.01'], { encoding: 'utf8' })
  .replace(/"reference_checksum": (\d+)/g, '"reference_checksum": "$1"'));
const native = run(nativeHarness, []);
const wasm = run('node', [wasmHarness]);
const failures = [];
if (native.length === 0) failures.push('the native harness ran no kernel');
for (const n of native) {
  const w = wasm.find((k) => k.kernel === n.kernel);
  if (!w) { failures.push(`${n.kernel}: missing from the WebAssembly run`); continue; }
  if (n.reference_checksum !== w.reference_checksum)
    failures.push(`${n.kernel}: checksum ${n.reference_checksum} natively, ${w.reference_checksum} in WebAssembly`);
  if (n.same_games_as && !(n.same_games && w.same_games))
    failures.push(`${n.kernel}: does not play the games of ${n.same_games_as} (native ${n.same_games}, wasm ${w.same_games})`);
}
for (const w of wasm)
  if (!native.some((n) => n.kernel === w.kernel)) failures.push(`${w.kernel}: missing from the native run`);
if (failures.length > 0) {
  console.log('FAIL:\n  ' + failures.join('\n  '));
  process.exit(1);
}
console.log(`ok: ${native.length} kernels ran natively and in WebAssembly with the same results`);
