// A lesson's short Markdown as page elements: paragraphs, lists ("- " or "1. "), *emphasis*, **strong**,
// `code` and [links](https://...). Built as elements and text nodes, never as HTML, so that nothing a lesson
// file says can run in the page; a link goes to http(s) or mailto only, in a new tab.

const INLINE = /(\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/;

function safeHref(href) {
  return /^(https?:\/\/|mailto:)/i.test(href) ? href : null;
}

// The inline pieces of one line of text into `parent`.
export function appendInline(parent, text) {
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) { parent.append(rest); return; }
    if (m.index > 0) parent.append(rest.slice(0, m.index));
    let node;
    if (m[2] !== undefined) { node = document.createElement('strong'); node.textContent = m[2]; }
    else if (m[3] !== undefined || m[4] !== undefined) { node = document.createElement('em'); node.textContent = m[3] ?? m[4]; }
    else if (m[5] !== undefined) { node = document.createElement('code'); node.textContent = m[5]; }
    else {
      const href = safeHref(m[7]);
      if (href) {
        node = document.createElement('a');
        node.href = href;
        node.target = '_blank';
        node.rel = 'noopener';
        node.textContent = m[6];
      } else {
        node = document.createTextNode(m[6]);
      }
    }
    parent.append(node);
    rest = rest.slice(m.index + m[0].length);
  }
}

// The text's blocks (paragraphs and lists) as elements, in a fragment.
export function renderMarkdown(text) {
  const fragment = document.createDocumentFragment();
  let paragraph = null;
  let list = null;
  for (const raw of String(text || '').split('\n')) {
    const line = raw.trim();
    const item = /^(-|\*|\d+\.)\s+(.*)$/.exec(line);
    if (!line) { paragraph = null; list = null; continue; }
    if (item) {
      const ordered = /\d/.test(item[1]);
      if (!list || (list.tagName === 'OL') !== ordered) {
        list = document.createElement(ordered ? 'ol' : 'ul');
        fragment.append(list);
      }
      const li = document.createElement('li');
      appendInline(li, item[2]);
      list.append(li);
      paragraph = null;
      continue;
    }
    list = null;
    if (!paragraph) {
      paragraph = document.createElement('p');
      fragment.append(paragraph);
    } else {
      paragraph.append(' ');
    }
    appendInline(paragraph, line);
  }
  return fragment;
}
