import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { npmPackageOf } from '../../paths/npmPackage';
import { compareVersions } from '../installedVersions';
import { followAliases } from './referenceIndex';

/**
 * A library the program hands its DocumentClient to, known to take a v3 document client in its
 * place, with the installed version that does.
 */
export interface V3Consumer {
  /** npm package name. */
  library: string;
  /** Installed version, read from its package.json. */
  version: string;
  /** What changes when it gets the v3 client, for the warning at the hand-over. */
  behaviour: string;
}

interface KnownConsumer {
  library: string;
  /** First version that accepts a v3 document client. */
  since: string;
  behaviour: string;
}

/**
 * Libraries that accept a v2 DocumentClient or a v3 DynamoDBDocumentClient for the same option.
 * electrodb: CHANGELOG 1.7.1 ("Adding support for the v3 DynamoDBClient"); its client.js tells the
 * two apart by their methods (`send` for v3), creates sets with `new Set` for v3 and reads both
 * kinds of set back as arrays (schema.js `fromDDBSet`).
 */
const KNOWN: readonly KnownConsumer[] = [
  {
    library: 'electrodb',
    since: '1.7.1',
    behaviour: 'it then sends @aws-sdk/lib-dynamodb commands; items it writes and the set attributes it returns are the same, '
      + "but values it passes through as they are (binary, 'any' and 'custom' attributes) come back as v3 reads them (Uint8Array, Set)",
  },
];

function installedVersion(dir: string): string | undefined {
  try {
    const version = (JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Declaration files of what `call` calls (through import aliases), as the checker resolves them. */
function calleeFiles(call: ts.CallExpression | ts.NewExpression, checker: ts.TypeChecker): string[] {
  const symbol = followAliases(checker, checker.getSymbolAtLocation(ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression));
  return (symbol?.declarations ?? []).map((d) => d.getSourceFile().fileName);
}

/**
 * The library `call` belongs to when it is one known to take a v3 document client (see
 * {@link KNOWN}) and the installed version does; undefined otherwise (unknown library, version
 * too old or unreadable). Reads the library's package.json from disk.
 */
export function v3ConsumerOf(call: ts.CallExpression | ts.NewExpression, checker: ts.TypeChecker): V3Consumer | undefined {
  for (const file of calleeFiles(call, checker)) {
    const pkg = npmPackageOf(file);
    const known = pkg && KNOWN.find((k) => k.library === pkg.name);
    if (!pkg || !known) continue;
    const dir = pkg.path ? file.slice(0, file.length - pkg.path.length - 1) : file;
    const version = installedVersion(dir);
    if (version && compareVersions(version, known.since) >= 0) return { library: known.library, version, behaviour: known.behaviour };
  }
  return undefined;
}
