/// <reference lib="dom" />
/** A tiny element builder: text always goes through textContent, never innerHTML. */

type Child = Node | string | undefined | false;

/** Creates `<tag class=…>` with attributes and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== undefined && c !== false) node.append(c);
  return node;
}

/** A button that calls `onClick`. */
export function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', attrs, label);
  b.addEventListener('click', onClick);
  return b;
}
