/// <reference lib="dom" />
/**
 * The VS Code theme as a webview sees it: the body's `vscode-light` / `vscode-dark` /
 * `vscode-high-contrast` / `vscode-high-contrast-light` class and the `--vscode-*` colour
 * variables VS Code rewrites on the `html` element's style when the user switches theme.
 */

/** The current theme kind from the body's class (`vscode-dark` when none is set). */
export function themeKind(): string {
  const classes = document.body.classList;
  for (const kind of ['vscode-high-contrast-light', 'vscode-high-contrast', 'vscode-light', 'vscode-dark']) if (classes.contains(kind)) return kind;
  return 'vscode-dark';
}

/** A `--vscode-*` colour as currently computed, or `fallback`. */
export function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

/** Calls `onChange` whenever the theme changes (body class or the colour variables); returns a stop function. */
export function onThemeChange(onChange: () => void): () => void {
  let last = `${themeKind()}|${themeColor('--vscode-foreground', '')}`;
  const observer = new MutationObserver(() => {
    const now = `${themeKind()}|${themeColor('--vscode-foreground', '')}`;
    if (now === last) return;
    last = now;
    onChange();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-kind'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
  return () => observer.disconnect();
}

/**
 * Gives every cell of `table` a `data-label` from its column's header, so that on a narrow panel
 * the stylesheet can stack a row's cells as "label: value" lines instead of hiding columns.
 */
export function labelCells(table: HTMLTableElement): HTMLTableElement {
  const headers = Array.from(table.querySelector('tr')?.querySelectorAll('th') ?? []).map((th) => th.textContent ?? '');
  table.classList.add('stack');
  for (const row of Array.from(table.querySelectorAll('tr'))) {
    Array.from(row.children).forEach((cell, i) => {
      if (cell.tagName === 'TD' && headers[i]) (cell as HTMLElement).dataset.label = headers[i]!;
    });
  }
  return table;
}
