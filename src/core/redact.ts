/**
 * Keeps secrets out of messages and logs: credentials written into a URL
 * (`http://user:password@host`) are replaced before the URL is printed anywhere.
 */

/** Scheme, then the user-info part of the authority (greedy up to its last `@`, never past a `/`). */
const URL_USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi;

/**
 * `text` with the user and password of every URL in it replaced by `<redacted>`
 * (`http://admin:s3cret@db:8000/x` → `http://<redacted>@db:8000/x`). Text without such a URL
 * comes back unchanged.
 */
export function redactUrlCredentials(text: string): string {
  return text.replace(URL_USER_INFO, '$1<redacted>@');
}
