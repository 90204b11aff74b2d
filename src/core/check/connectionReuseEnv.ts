/** The variable aws-sdk v2 for JavaScript reads to keep connections alive (lib/http/node.js: on only when it is exactly `'1'`). */
export const CONNECTION_REUSE_ENV = 'AWS_NODEJS_CONNECTION_REUSE_ENABLED';

// NAME (in quotes or brackets or not), then an assignment `=` (not `==`, `!=`) or `:`, then the value.
const ASSIGNED = new RegExp(`${CONNECTION_REUSE_ENV}["'\`]?\\]?\\s*(?:=(?!=)|:)\\s*(.*)$`);
// Dockerfile `ENV NAME value` (the only form where blanks assign).
const DOCKER_ENV = new RegExp(`^\\s*ENV\\s+${CONNECTION_REUSE_ENV}\\s+(.*)$`);
// Kubernetes and ECS container definitions: `name: NAME` with `value: …` on the same or the next line.
const NAMED = new RegExp(`name["']?\\s*[:=]\\s*["']?${CONNECTION_REUSE_ENV}\\b`);
const VALUE = /\bvalue["']?\s*[:=]\s*(.*)$/;
const VALUE_FROM = /\bvalueFrom\b/;
const COMMENT_START = /^\s*(?:#|\/\/|\/?\*|<!--|;|--)/;

/**
 * True when `text` (a deployment file, script, `.env` or source) sets AWS_NODEJS_CONNECTION_REUSE_ENABLED
 * outside a comment to `1`, or to a value read from elsewhere (`var.reuse`, `${env:REUSE}`,
 * `valueFrom`) that may be 1. A mention, a comparison, a commented-out line or a literal other
 * than 1 (`0`, `true`: aws-sdk v2 compares with `'1'`) does not keep connections alive, so it does
 * not silence the no-keep-alive check. Lines are judged one at a time (the Kubernetes
 * `name:`/`value:` pair over two); a comment is a line starting with `#`, `//`, `*`, `/*`, `<!--`,
 * `;` or `--`, or the part of a line after ` #` or `//`.
 */
export function setsConnectionReuse(text: string): boolean {
  if (!text.includes(CONNECTION_REUSE_ENV)) return false;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.includes(CONNECTION_REUSE_ENV) || COMMENT_START.test(lines[i]!)) continue;
    const code = withoutTrailingComment(lines[i]!);
    const assigned = DOCKER_ENV.exec(code) ?? ASSIGNED.exec(code);
    if (assigned && mayBeOne(assigned[1]!)) return true;
    if (!NAMED.test(code)) continue;
    const next = COMMENT_START.test(lines[i + 1] ?? '') ? '' : withoutTrailingComment(lines[i + 1] ?? '');
    const value = VALUE.exec(code) ?? VALUE.exec(next);
    if ((value && mayBeOne(value[1]!)) || VALUE_FROM.test(code) || VALUE_FROM.test(next)) return true;
  }
  return false;
}

/**
 * Whether an assigned value (the rest of the line after `=`/`:`) can be `1`: a quoted or bare
 * literal only when it is 1, anything read from elsewhere (a variable, an interpolation) yes.
 */
function mayBeOne(rest: string): boolean {
  const value = rest.trim();
  const quoted = /^(["'`])(.*?)\1/.exec(value);
  if (quoted) return quoted[2] === '1' || /\$\{|\$\(/.test(quoted[2]!);
  if (/^1(?![\w.])/.test(value)) return true;
  if (value === '' || /^(?:[0-9]|true\b|false\b|null\b|undefined\b|yes\b|no\b|on\b|off\b|\{|,|;|\))/i.test(value)) return false;
  return true;
}

/** The line up to a ` #` or `//` that starts a comment (not `//` inside a URL: `://`). */
function withoutTrailingComment(line: string): string {
  const cut = [line.search(/\s#/), line.search(/(?<![:/])\/\//)].filter((i) => i >= 0);
  return cut.length ? line.slice(0, Math.min(...cut)) : line;
}
