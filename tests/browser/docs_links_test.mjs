// Every link of the documents (README.md and docs/**/*.md) leads somewhere: a relative link names a file of the
// repository (and a heading of it, for a #fragment), and each playground URL with a `?game=` query is opened
// against the site under test (SITE_DIR; the documented host is left out). A playground link fails if the page
// shows an error or warning (playground.messages(): {text, error}; the page's warnings about its URL parameters
// are errors there), logs a console error, or does not show what the link asks for (its `step`, its `agents`
// once their policy files are in).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, open, api, root } from './helpers.mjs';

useSite();

function markdownFiles(dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}
const DOCUMENTS = ['README.md', ...markdownFiles('docs')];

// A heading's fragment as GitHub writes it: lower case, punctuation dropped, spaces as hyphens.
function slug(heading) {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}
function fragments(markdown) {
  return new Set((markdown.match(/^#{1,6} .*$/gm) || []).map((h) => slug(h.replace(/^#+ /, ''))));
}

// The relative links of a Markdown text: [text](target), outside code blocks.
function relativeLinks(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
}

test('every relative link of the documents names a file that exists, and a heading of it', () => {
  const broken = [];
  for (const doc of DOCUMENTS) {
    const text = fs.readFileSync(path.join(root, doc), 'utf8');
    for (const target of relativeLinks(text)) {
      const [file, fragment] = target.split('#');
      const resolved = file ? path.join(path.dirname(doc), decodeURIComponent(file)) : doc;
      if (!fs.existsSync(path.join(root, resolved))) {
        broken.push(`${doc}: ${target} (no file ${resolved})`);
      } else if (fragment && resolved.endsWith('.md') &&
                 !fragments(fs.readFileSync(path.join(root, resolved), 'utf8')).has(fragment)) {
        broken.push(`${doc}: ${target} (no heading #${fragment} in ${resolved})`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

// The queries of a Markdown text's playground links, as written (HTML's &amp; read as &); `?game=` alone names
// the parameter. A link ends at white space, a quote, a backtick, a bracket, a brace or a closing parenthesis (URL
// parameters are encoded where they hold those).
function playgroundQueries(markdown) {
  const links = markdown.match(/\?game=[a-z][^\s"'`<>()[\]{}]*/g) || [];
  return links.map((q) => q.replace(/&amp;/g, '&').replace(/[.,;:]+$/, ''));
}

const links = [];
for (const doc of DOCUMENTS) {
  for (const query of playgroundQueries(fs.readFileSync(path.join(root, doc), 'utf8'))) {
    if (!links.some((l) => l.query === query)) links.push({ doc, query });
  }
}

test('the documents have playground links', () => {
  assert.ok(links.filter((l) => l.doc === 'docs/embedding.md').length >= 6, JSON.stringify(links));
});

for (const { doc, query } of links) {
  test(`${doc}: ${query}`, async () => {
    const { page, errors } = await open(query);
    const params = new URLSearchParams(query);
    if (params.has('agents')) {
      const agents = params.get('agents');
      await page.waitForFunction((a) => window.playground.state().agents.join() === a, agents, { timeout: 60000 })
        .catch(async () => assert.fail(`agents ${agents} not seated: ${JSON.stringify((await api(page, 'state')).agents)}; ` +
                                       `messages: ${JSON.stringify(await api(page, 'messages'))}`));
    }
    if (params.has('step')) {
      // Without `actions`, the agents play to the step (each decision in the worker): it comes in a while.
      const step = Number(params.get('step'));
      await page.waitForFunction((t) => window.playground.state().step === t, step, { timeout: 60000 })
        .catch(async () => assert.fail(`the page shows step ${(await api(page, 'state')).step}, not ${step}; ` +
                                       `messages: ${JSON.stringify(await api(page, 'messages'))}`));
    }
    const messages = await api(page, 'messages');
    assert.deepEqual(messages.filter((m) => m.error).map((m) => m.text), [], 'no error or warning on the page');
    assert.deepEqual(errors, [], 'no console error');
    await page.close();
  });
}
