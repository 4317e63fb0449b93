// Every playground link in the teachers' documents (docs/embedding.md, README.md) opens cleanly: each URL with a
// `?game=` query is opened against the site under test (SITE_DIR; the documented host is left out), and fails if
// the page shows an error or warning (playground.messages(): {text, error}; the page's warnings about its URL
// parameters are errors there), logs a console error, or does not show what the link asks for (its `step`, its
// `agents` once their policy files are in).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSite, open, api, root } from './helpers.mjs';

useSite();

const DOCUMENTS = ['docs/embedding.md', 'README.md'];

// The queries of a Markdown text's playground links, as written (HTML's &amp; read as &). A link ends at white
// space, a quote, a backtick, a bracket or a closing parenthesis (URL parameters are encoded where they hold those).
function playgroundQueries(markdown) {
  const links = markdown.match(/\?game=[^\s"'`<>()[\]]*/g) || [];
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
