// Item 3: request parameters whose type is not the API model's. v2 converted numeric strings to
// numbers before sending; the migration writes that conversion, or reports what it cannot know.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { inputScalars, type InputShape } from '../../../../src/core/migrate/program/dynamodbInputScalars';
import { migrateVirtual } from './virtualProject';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const model = require('aws-sdk/apis/dynamodb-2012-08-10.min.json') as { operations: Record<string, { input?: Shape }>; shapes: Record<string, Shape> };
interface Shape { type?: string; shape?: string; members?: Record<string, Shape>; member?: Shape }

/** The typed members of a model shape, walked the way the table was made (AttributeValues left out). */
function scalars(s: Shape, seen: Set<string>): InputShape | undefined {
  if (s.shape) return seen.has(s.shape) ? undefined : scalars(model.shapes[s.shape]!, new Set([...seen, s.shape]));
  if (['integer', 'long', 'float', 'double', 'boolean', 'timestamp'].includes(s.type ?? '')) return s.type as InputShape;
  if (s.type === 'structure' && s.members && !('BOOL' in s.members && 'S' in s.members)) {
    const out = Object.fromEntries(Object.entries(s.members).map(([k, v]) => [k, scalars(v, seen)]).filter(([, v]) => v !== undefined));
    return Object.keys(out).length ? out : undefined;
  }
  if (s.type === 'list' && s.member) {
    const t = scalars(s.member, seen);
    return t === undefined ? undefined : { '[]': t };
  }
  return undefined;
}

const strict: ts.CompilerOptions = {
  allowJs: true, strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10, esModuleInterop: true, lib: ['lib.es2022.d.ts'], types: [],
};

describe('parameter types', () => {
  it('the table of typed input members is the one of aws-sdk v2\'s DynamoDB model', () => {
    const expected = Object.fromEntries(Object.entries(model.operations).map(([op, o]) => [op, o.input && scalars(o.input, new Set())]).filter(([, v]) => v !== undefined));
    assert.deepEqual(inputScalars, expected);
    assert.deepEqual(inputScalars.Scan, { Limit: 'integer', Segment: 'integer', TotalSegments: 'integer', ConsistentRead: 'boolean' });
  });
  it('writes v2\'s conversion where a string goes to a number (TypeScript, strict null checks)', () => {
    const m = migrateVirtual({ 'l.ts': [
      `import AWS from 'aws-sdk';`,
      `const doc = new AWS.DynamoDB.DocumentClient();`,
      `export const a = (limit: number) => doc.query({ TableName: 't', Limit: String(limit) as any as number }).promise();`,
      `export const b = (q: { limit?: string; seg: string }) => doc.scan({ TableName: 't', Limit: q.limit as any, Segment: q.seg as any, TotalSegments: '4' as any }).promise();`,
      `export const c = (limit: string) => { const Limit = limit; return doc.scan({ TableName: 't', Limit } as any).promise(); };`,
      '',
    ].join('\n') }, { compilerOptions: strict });
    const lines = m.after['l.ts']!.split('\n');
    assert.equal(lines[3], `export const a = (limit: number) => doc.query({ TableName: 't', Limit: String(limit) as any as number });`);
    assert.equal(lines[4], `export const b = (q: { limit?: string; seg: string }) => doc.scan({ TableName: 't', Limit: q.limit as any, Segment: q.seg as any, TotalSegments: '4' as any });`);
    assert.equal(lines[5], `export const c = (limit: string) => { const Limit = limit; return doc.scan({ TableName: 't', Limit: parseInt(Limit, 10) } as any); };`);
  });
  it('in JavaScript: converts what is known to be a string, warns where the type is unknown', () => {
    const m = migrateVirtual({ 'h.js': [
      `const AWS = require('aws-sdk');`,
      `const doc = new AWS.DynamoDB.DocumentClient();`,
      `exports.list = async (event, limit) => doc.query({ TableName: 't', Limit: String(limit), ConsistentRead: event.consistent, ScanIndexForward: 'true' }).promise();`,
      `exports.page = (limit = '25') => doc.scan({ TableName: 't', Limit: limit, Segment: '1', TotalSegments: 2 }).promise();`,
      '',
    ].join('\n') });
    const lines = m.after['h.js']!.split('\n');
    assert.equal(lines[3], `exports.list = async (event, limit) => doc.query({ TableName: 't', Limit: parseInt(String(limit), 10), ConsistentRead: event.consistent, ScanIndexForward: 'true' });`);
    assert.equal(lines[4], `exports.page = (limit = '25') => doc.scan({ TableName: 't', Limit: limit == null ? undefined : parseInt(limit, 10), Segment: 1, TotalSegments: 2 });`);
    assert.deepEqual(m.lines.filter((l) => l.includes('v3-param-type')).map((l) => l.replace(/: (?:its type|string where|String\(|limit is|'1' is).*$/, '')), [
      'h.js:3 information v3-param-type Limit',
      'h.js:3 warning v3-param-type ConsistentRead',
      'h.js:3 warning v3-param-type ScanIndexForward',
      'h.js:4 information v3-param-type Limit',
      'h.js:4 information v3-param-type Segment',
    ]);
  });
  it('checks nested members of the low-level client (CreateTable throughput)', () => {
    const m = migrateVirtual({ 't.js': `const AWS = require('aws-sdk');\nconst ddb = new AWS.DynamoDB();\nexports.create = () => ddb.createTable({ TableName: 't', ProvisionedThroughput: { ReadCapacityUnits: '5', WriteCapacityUnits: 5 } }).promise();\n` });
    assert.match(m.after['t.js']!, /ProvisionedThroughput: \{ ReadCapacityUnits: 5, WriteCapacityUnits: 5 \}/);
    assert.ok(m.lines.some((l) => l.startsWith('t.js:3 information v3-param-type ProvisionedThroughput.ReadCapacityUnits: \'5\' is a string')));
  });
  it('follows a typed parameter to its call sites: an `any` passed for a number gets v2\'s conversion at the request member', () => {
    const m = migrateVirtual({
      'repo.ts': [
        `import AWS from 'aws-sdk';`,
        `const doc = new AWS.DynamoDB.DocumentClient();`,
        `export const list = (id: string, limit?: number) => doc.query({ TableName: 't', KeyConditionExpression: 'id = :i', ExpressionAttributeValues: { ':i': id }, Limit: limit }).promise();`,
        `export const page = (o: { size: number }) => doc.scan({ TableName: 't', Limit: o.size }).promise();`,
        `export const typed = (limit: number) => doc.scan({ TableName: 't', Limit: limit }).promise();`,
        '',
      ].join('\n'),
      'handler.ts': [
        `import { list, page, typed } from './repo';`,
        `export const handler = (event: { query: Record<string, any> }) => list('a', event.query.limit);`,
        `export const paged = (size: string) => page({ size: size as any });`,
        `export const fine = () => [list('a'), typed(5)];`,
        '',
      ].join('\n'),
    }, { compilerOptions: strict });
    const lines = m.after['repo.ts']!.split('\n');
    assert.equal(lines[3], `export const list = (id: string, limit?: number) => doc.query({ TableName: 't', KeyConditionExpression: 'id = :i', ExpressionAttributeValues: { ':i': id }, Limit: limit == null ? undefined : parseInt(String(limit), 10) });`);
    assert.equal(lines[4], `export const page = (o: { size: number }) => doc.scan({ TableName: 't', Limit: parseInt(String(o.size), 10) });`);
    assert.equal(lines[5], `export const typed = (limit: number) => doc.scan({ TableName: 't', Limit: limit });`);
    assert.equal(m.after['handler.ts'], `import { list, page, typed } from './repo';\nexport const handler = (event: { query: Record<string, any> }) => list('a', event.query.limit);\nexport const paged = (size: string) => page({ size: size as any });\nexport const fine = () => [list('a'), typed(5)];\n`);
    assert.deepEqual(m.lines.filter((l) => l.includes('v3-param-type')), [
      'repo.ts:3 information v3-param-type Limit: limit is typed number | undefined, but handler.ts:2 passes event.query.limit (any); v2 converted a numeric string to a number before sending, v3 would send the string (DynamoDB rejects it: SerializationException): the fix writes limit == null ? undefined : parseInt(String(limit), 10), v2\'s conversion',
      'repo.ts:4 information v3-param-type Limit: o.size is typed number, but handler.ts:3 passes { size: size as any } (any); v2 converted a numeric string to a number before sending, v3 would send the string (DynamoDB rejects it: SerializationException): the fix writes parseInt(String(o.size), 10), v2\'s conversion',
    ]);
  });
});
