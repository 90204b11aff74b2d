/**
 * Words and numbers as the report, the CLI and the editor show them.
 */
import type { DynamoCategory, Mechanism } from '../detect/types';

const CATEGORY_LABELS: Readonly<Record<DynamoCategory, string>> = {
  'protocol-unmarshal': 'DynamoDB unmarshal (wire JSON → SDK types)',
  'protocol-marshal': 'DynamoDB marshal (SDK types → wire JSON)',
  'attribute-unmarshal': 'AttributeValue unmarshal (→ your items)',
  'attribute-marshal': 'AttributeValue marshal (your items →)',
  'connection-setup': 'connection setup (TLS handshake)',
  'error-response': 'error responses (decoding refused requests: throttling, failed conditions)',
  'retry-backoff': 'retry decisions and back-off',
};

const CATEGORY_SHORT: Readonly<Record<DynamoCategory, string>> = {
  'protocol-unmarshal': 'unmarshal',
  'protocol-marshal': 'marshal',
  'attribute-unmarshal': 'attribute unmarshal',
  'attribute-marshal': 'attribute marshal',
  'connection-setup': 'TLS handshake',
  'error-response': 'error response',
  'retry-backoff': 'retry',
};

/** Long label of a category, e.g. `DynamoDB unmarshal (wire JSON → SDK types)`. */
export function categoryLabel(category: DynamoCategory): string {
  return CATEGORY_LABELS[category];
}

/** Short label of a category, e.g. `unmarshal`, `attribute marshal`. */
export function categoryShortLabel(category: DynamoCategory): string {
  return CATEGORY_SHORT[category];
}

/** `reflection` etc. as shown after an SDK label: `aws-sdk-go v1 jsonrpc, reflection`. */
export function mechanismLabel(mechanism: Mechanism): string {
  return mechanism === 'interpreted' ? 'interpreted JS' : mechanism === 'error-path' ? 'error path' : mechanism;
}

/** `part` as a percentage of `total` with one decimal (`46.9%`); `0.0%` when total is 0. */
export function formatPercent(part: number, total: number): string {
  return `${(total > 0 ? (part / total) * 100 : 0).toFixed(1)}%`;
}

/**
 * A weight in its unit, readably: nanoseconds as `16.40s`, `120ms`, `850µs`; other units as
 * the number with the unit (`1,640 count`).
 */
export function formatWeight(weight: number, unit: string): string {
  if (unit === 'nanoseconds') {
    if (weight >= 1e9) return `${(weight / 1e9).toFixed(2)}s`;
    if (weight >= 1e6) return `${(weight / 1e6).toFixed(weight >= 1e8 ? 0 : 1)}ms`;
    return `${(weight / 1e3).toFixed(0)}µs`;
  }
  return `${Math.round(weight).toLocaleString('en-US')} ${unit || 'value'}`;
}

/** @datadog/pprof's name for an anonymous function: `(anonymous:L#<line>:C#<column>)` (position of its start). */
const PPROF_ANONYMOUS_NAME = /^\(anonymous:L#\d+(:C#\d+)?\)$/;

/**
 * A Go or JavaScript function name shortened for tables: the package path is dropped
 * (`github.com/acme/svc/internal/repo.(*Adapter).Get` → `repo.(*Adapter).Get`), and
 * @datadog/pprof's synthetic name of an anonymous function reads `(anonymous)`, as V8 and
 * DevTools name it (the row's file:line already says where it is).
 */
export function shortFunctionName(name: string): string {
  if (PPROF_ANONYMOUS_NAME.test(name)) return '(anonymous)';
  const slash = name.lastIndexOf('/', name.indexOf('(') >= 0 ? name.indexOf('(') : name.length);
  return slash >= 0 ? name.slice(slash + 1) : name;
}
