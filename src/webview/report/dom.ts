/// <reference lib="dom" />
/** A tiny element builder: `h('td', { className: 'num' }, '46.9%')`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Pick<HTMLElementTagNameMap[K], 'className' | 'title' | 'id'>> & { dataset?: Record<string, string> } = {},
  ...children: (Node | string | undefined)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(el, rest);
  if (dataset) for (const [k, v] of Object.entries(dataset)) el.dataset[k] = v;
  for (const c of children) if (c !== undefined) el.append(c);
  return el;
}

/** `46.9%` with one decimal. */
export function pct(value: number): string {
  return value > 0 && value < 0.05 ? '<0.1%' : `${value.toFixed(1)}%`;
}

/**
 * `text` with line-break opportunities (`<wbr>`) after `/`, `.` and `(`: a path or a qualified
 * name wraps between its parts in a narrow panel, never inside a word.
 */
export function breakable(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of text.split(/(?<=[/.(])/)) {
    if (fragment.childNodes.length) fragment.append(document.createElement('wbr'));
    fragment.append(part);
  }
  return fragment;
}

/**
 * `text` whose hyphenated words (`aws-sdk-go`, `go-attributevalue`) never wrap at their hyphens:
 * each is kept in one `.nobr` span; the text still wraps at its spaces.
 */
export function unbroken(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of text.split(/(\S*-\S*)/)) {
    if (!part) continue;
    fragment.append(part.includes('-') && !/\s/.test(part) ? h('span', { className: 'nobr' }, part) : part);
  }
  return fragment;
}
