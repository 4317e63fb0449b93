// Calls into the running module. Every string given to the engine crosses here, as UTF-8 copied into the heap
// (never onto the WebAssembly stack, where Module.ccall's 'string' arguments go: a text of a megabyte or two
// overruns it and corrupts memory). Texts over MAX_INPUT_BYTES are refused before anything is copied: parsed
// JSON takes up to ~27 times its text's size in the page's memory, at most 2 GB (see README.md).
import { page, running } from './state.mjs';

export const MAX_INPUT_BYTES = 32 * 1024 * 1024;
export const megabytes = (bytes) => (bytes / 1048576).toFixed(1) + ' MB';
export const tooLargeMessage = (prefix, bytes, what) =>
  prefix + 'the ' + (what || 'text') + ' is ' + megabytes(bytes) + ' (' + bytes + ' bytes), over the limit of ' +
  megabytes(MAX_INPUT_BYTES) + ' (' + MAX_INPUT_BYTES + ' bytes) for text given to the page';

// Copies `text` into the heap as a NUL-terminated UTF-8 string; the caller frees the pointer. Throws an
// Error, having copied nothing, if the text is over the limit or does not fit in memory.
export function stringToHeap(text, prefix) {
  const Module = page.module;
  const s = String(text);
  const bytes = Module.lengthBytesUTF8(s);
  if (bytes > MAX_INPUT_BYTES) throw new Error(tooLargeMessage(prefix, bytes));
  const p = Module._malloc(bytes + 1);
  if (!p) {
    throw new Error(prefix + 'not enough memory for the text (' + megabytes(bytes) + '; the page uses ' +
                    megabytes(Module.HEAPU8.length) + ')');
  }
  Module.stringToUTF8(s, p, bytes + 1);
  return p;
}

// Adds an error to the page's messages (a short text, under the limit; if even that does not fit in memory,
// the refusal is not reported again).
let reporting = false;
export function report(message) {
  if (reporting) return;
  reporting = true;
  try {
    call('pg_report_error', ['string'], [message.slice(0, 4096)]);
  } finally {
    reporting = false;
  }
}

// The Error for an input refused before it reaches the engine; the page shows it among its messages too.
export function refuse(message) {
  try { report(message); } catch (e) { /* the Error still tells the caller */ }
  return new Error(message);
}

// Calls an exported pg_* function: string arguments are passed as heap pointers and always freed; the
// stack pointer is restored even if the call throws. Returns the parsed JSON reply, or throws its error.
export function call(name, types, args, prefix) {
  if (!running()) throw new Error(name + ': the engine is starting; call again once it shows its first frame');
  const Module = page.module;
  types = types || [];
  args = args || [];
  const owned = [];
  const stack = Module.stackSave();
  try {
    const cArgs = args.map((a, i) => {
      if (types[i] !== 'string') return a;
      try {
        owned.push(stringToHeap(a, prefix || name + ': '));
      } catch (e) {
        throw refuse(e.message);
      }
      return owned[owned.length - 1];
    });
    const cTypes = types.map((t) => (t === 'string' ? 'number' : t));
    const text = Module.ccall(name, 'string', cTypes, cArgs);
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value) && 'error' in value) throw new Error(value.error);
    return value;
  } finally {
    for (const p of owned) Module._free(p);
    Module.stackRestore(stack);
  }
}

// Calls a pg_* function that returns nothing, or a number, with plain arguments (Module.ccall's own); nothing
// when the engine is not running.
export function callPlain(name, returns, types, args) {
  if (!running()) return undefined;
  return page.module.ccall(name, returns, types, args);
}

// The JSON text of an API argument: strings as they are, anything else stringified (an object too large
// for a JavaScript string is refused like a text over the limit).
export function jsonText(value, prefix) {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw refuse(prefix + 'the object is too large to write as JSON text; the limit is ' +
                 megabytes(MAX_INPUT_BYTES) + ' (' + MAX_INPUT_BYTES + ' bytes) for text given to the page');
  }
}

// Copies bytes (a Uint8Array) into the heap as they are (binary files must arrive intact, not as UTF-8
// text); the caller frees the pointer. Throws an Error, having copied nothing, over the limit or out of memory.
function bytesToHeap(bytes, prefix) {
  const Module = page.module;
  if (bytes.length > MAX_INPUT_BYTES) throw new Error(tooLargeMessage(prefix, bytes.length, 'file'));
  const p = Module._malloc(bytes.length || 1);
  if (!p) throw new Error(prefix + 'not enough memory for the file (' + megabytes(bytes.length) + ')');
  Module.HEAPU8.set(bytes, p);
  return p;
}

// Calls an exported pg_* function with a string and a byte buffer (pointer, length), freeing both.
export function callWithBytes(name, text, bytes, prefix) {
  const Module = page.module;
  let p = 0;
  try {
    p = bytesToHeap(bytes, prefix);
  } catch (e) {
    throw refuse(e.message);
  }
  try {
    return call(name, ['string', 'number', 'number'], [text, p, bytes.length], prefix);
  } finally {
    Module._free(p);
  }
}

// An error's message as text.
export const messageOf = (e) => String((e && e.message) || e);
