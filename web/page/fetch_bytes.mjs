// The page's one streaming fetch: a file's bytes, with each chunk's size as it arrives, for the loading bar
// (a game's .wasm) and the policy files' progress.

// The text of a failed response's error: "HTTP 404 Not Found".
export const httpError = (response) =>
  'HTTP ' + response.status + (response.statusText ? ' ' + response.statusText : '');

// A promise of the bytes (Uint8Array) of `url`. onResponse(response) is called once the headers are in (before
// any byte); onBytes(n) with each chunk's size, decoded. Rejects with httpError's text if the response failed.
export function fetchBytes(url, { onResponse = () => {}, onBytes = () => {} } = {}) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(httpError(response));
    onResponse(response);
    if (!response.body || !response.body.getReader) {
      return response.arrayBuffer().then((b) => { onBytes(b.byteLength); return new Uint8Array(b); });
    }
    const reader = response.body.getReader();
    const chunks = [];
    let length = 0;
    const pump = () => reader.read().then(({ done, value }) => {
      if (done) return joined(chunks, length);
      chunks.push(value);
      length += value.length;
      onBytes(value.length);
      return pump();
    });
    return pump();
  });
}

function joined(chunks, length) {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const c of chunks) { bytes.set(c, offset); offset += c.length; }
  return bytes;
}
