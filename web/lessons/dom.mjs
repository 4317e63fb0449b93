// An element with its attributes and children: `onclick` and `oninput` are listeners, `text` its text, `value`
// a field's value, the rest attributes.
export function el(tag, attributes = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) {
    if (k === 'onclick') e.addEventListener('click', v);
    else if (k === 'oninput') e.addEventListener('input', v);
    else if (k === 'text') e.textContent = v;
    else if (k === 'value') e.value = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}
