/**
 * The HTML shell of our webview panels: a strict Content-Security-Policy (nothing by default;
 * scripts only with a per-load nonce from `crypto`; styles, images and fonts only from the
 * extension's `media/`), the stylesheets, a placeholder and the page's bundled script.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** A 128-bit nonce from `crypto` for a panel's CSP. */
export function makeNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface WebviewPage {
  /** Page title. */
  readonly title: string;
  /** Bundled script under `media/dist/`, e.g. `report.js`. */
  readonly script: string;
  /** Stylesheets relative to `media/`, in order. */
  readonly styles: readonly string[];
  /** Text shown until the script renders. */
  readonly placeholder: string;
}

/** The page for `webview`, loading only from `mediaRoot` (the extension's `media/` folder). */
export function webviewHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, nonce: string, page: WebviewPage): string {
  const asUri = (path: string) => webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, ...path.split('/')));
  const csp = ["default-src 'none'", `img-src ${webview.cspSource} data:`, `style-src ${webview.cspSource}`, `font-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
  const links = page.styles.map((s) => `<link rel="stylesheet" href="${asUri(s)}">`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${links}
<title>${page.title}</title>
</head>
<body>
<main id="app"><p class="muted">${page.placeholder}</p></main>
<script nonce="${nonce}" src="${asUri(`dist/${page.script}`)}"></script>
</body>
</html>`;
}
