import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import type { DetectedFix } from '../converterFix';
import type { SingleFile } from '../singleFileProgram';
import { readV2Options } from '../v2OptionsArgument';
import type { MigrationSubject, MigrationView, ResultOrigin } from '../program/api';
import type { MigrationEnvironment } from '../types';

const dataMethods = new Set(['get', 'put', 'query', 'scan', 'update', 'delete', 'batchGet', 'batchWrite', 'transactGet', 'transactWrite']);

function wraps(options: ts.Expression | undefined, sf: ts.SourceFile): boolean {
  const w = readV2Options(options, sf)?.wrapNumbers;
  return w !== undefined && w !== 'false';
}

/** The origin a DocumentClient data call delivers its output at: `.promise()`, or its callback. */
function documentClientOrigin(subjectId: string, call: ts.CallExpression, method: string, wrapNumbers: boolean): ResultOrigin | undefined {
  const outer = call.parent;
  const base = { subjectId, api: 'DocumentClient', method, wrapNumbers } as const;
  if (ts.isPropertyAccessExpression(outer) && outer.name.text === 'promise' && ts.isCallExpression(outer.parent) && outer.parent.expression === outer) {
    return { ...base, node: outer.parent, delivery: 'promise' };
  }
  const last = call.arguments[call.arguments.length - 1];
  if (call.arguments.length >= 2 && last && (ts.isArrowFunction(last) || ts.isFunctionExpression(last))) {
    return { ...base, node: last, delivery: 'callback' };
  }
  return undefined;
}

function subjectId(kind: MigrationSubject['kind'], sf: ts.SourceFile, origin: ts.Node): string {
  return `${kind}:${sf.fileName}:${origin.getStart(sf)}`;
}

/**
 * The {@link MigrationView} of one file migrated by the single-file path (`migrateSource`):
 * results of the DocumentClients and Converter calls whose fixes were built, their `createSet`
 * calls, and the values they write. Used until the whole-program engine supplies its own view.
 */
export function singleFileView(file: SingleFile, resolver: V2Resolver, detected: readonly DetectedFix[], env: MigrationEnvironment): MigrationView {
  const sf = file.sourceFile;
  const fixed = (code: string) => new Set(detected.filter((d) => d.change && d.finding.code.startsWith(code)).map((d) => d.finding.start));
  const migratedClients = fixed('v2-document-client');
  const migratedConverterCalls = fixed('v2-converter-');
  const subjects = new Map<string, MigrationSubject>();
  const subject = (kind: MigrationSubject['kind'], origin: ts.Node, migrated: boolean, wrapNumbers: string | undefined): string => {
    const id = subjectId(kind, sf, origin);
    if (!subjects.has(id)) subjects.set(id, { id, kind, origins: [origin], migrated, ...(wrapNumbers ? { wrapNumbers } : {}) });
    return id;
  };
  const results: ResultOrigin[] = [];
  const createdSets: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const entity = resolver.resolve(callee);
      if (entity?.kind === 'converterFunction' && (entity.name === 'unmarshall' || entity.name === 'output')) {
        const wrapNumbers = readV2Options(node.arguments[1], sf)?.wrapNumbers;
        const id = subject('converter-call', node, migratedConverterCalls.has(node.getStart(sf)), wrapNumbers);
        results.push({ subjectId: id, node, api: 'Converter', method: entity.name, delivery: 'value', wrapNumbers: wraps(node.arguments[1], sf) });
      }
      if (ts.isPropertyAccessExpression(callee)) {
        const owner = resolver.resolve(callee.expression);
        if (owner?.kind === 'documentClientInstance') {
          const migrated = migratedClients.has(owner.creation.getStart(sf));
          const id = subject('document-client', owner.creation, migrated, readV2Options(owner.creation.arguments?.[0], sf)?.wrapNumbers);
          const method = callee.name.text;
          if (method === 'createSet' && migrated) createdSets.push(node);
          const origin = dataMethods.has(method) ? documentClientOrigin(id, node, method, wraps(owner.creation.arguments?.[0], sf)) : undefined;
          if (origin) results.push(origin);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return {
    program: file.program,
    checker: file.checker,
    files: [sf],
    subjects: [...subjects.values()],
    results,
    createdSets,
    written: detected.flatMap((d) => (d.change ? (d.written ?? []) : [])).map((n) => n as ts.Expression),
    migratedFiles: new Set(detected.some((d) => d.change) ? [sf.fileName] : []),
    env,
  };
}
