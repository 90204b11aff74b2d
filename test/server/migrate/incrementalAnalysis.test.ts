// The editor's incremental whole-program analysis (issue 28, item 6) against a full one: along a
// sequence of edits to open documents, the migration the worker's cache returns (the previous
// program and its unchanged parsed files reused) equals, value for value, that of a cache made
// afresh for the same texts. Real aws-sdk v2 types (the repository's node_modules), the service fixture.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createMigrationProject } from '../../../src/core/migrate/program/project';
import type { ProgramMigration } from '../../../src/core/migrate/program/result';
import { createProjectMigrations } from '../../../src/server/migrate/projectMigrations';
import { ProjectSourceFiles } from '../../../src/server/migrate/sourceFileStore';
import { makeWorkDir } from '../lspHarness';

const REPO = resolve(__dirname, '..', '..', '..');
const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

function serviceProject(): string {
  const root = join(makeWorkDir(), 'service').replace(/\\/g, '/');
  cpSync(join(REPO, 'test/fixtures/migrate/service'), root, { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/** Everything a migration tells the editor, as plain values (offsets, messages, edits, outcomes). */
function plain(m: ProgramMigration) {
  return {
    findings: m.findings.map((f) => ({ fileName: f.fileName, start: f.start, end: f.end, severity: f.severity, code: f.code, message: f.message, fix: f.fix })),
    fixAll: [...m.fixAll],
    subjectFixes: [...m.subjectFixes],
    files: m.files,
    deferred: m.deferred,
  };
}

describe('incremental whole-program analysis', () => {
  it('gives after each edit the migration a full analysis of the same texts gives', () => {
    const root = serviceProject();
    const orders = `${root}/src/repositories/orders.ts`;
    const http = `${root}/src/handlers/http.ts`;
    const original = { orders: readFileSync(orders, 'utf8'), http: readFileSync(http, 'utf8') };
    const open = new Map<string, { version: number; text: string }>();
    const incremental = createProjectMigrations({ folders: () => [root], openDocuments: () => open });
    const edit = (file: string, text: string) => open.set(file, { version: (open.get(file)?.version ?? 0) + 1, text });
    const steps: [string, () => void][] = [
      ['open orders.ts', () => edit(orders, original.orders)],
      ['a statement added', () => edit(orders, original.orders.replace('\nexport interface', '\nconst edited = 1;\n\nexport interface'))],
      ['a use that blocks the shared client', () => edit(orders, `${original.orders}\nexport const clientOptions = documentClient.options;\n`)],
      ['a second document opened with its own DocumentClient', () => edit(http, `import DynamoDB from 'aws-sdk/clients/dynamodb';\nconst local = new DynamoDB.DocumentClient();\nexport const one = () => local.get({ TableName: 't', Key: { id: '1' } }).promise();\n${original.http}`)],
      ['the blocking use removed, a comment left', () => edit(orders, `${original.orders}\n// no options read here\n`)],
      ['a syntax error', () => edit(orders, `${original.orders}\nexport function broken( {\n`)],
      ['back to the original texts', () => (edit(orders, original.orders), edit(http, original.http))],
    ];
    const errorsInOrders: number[] = [];
    for (const [step, apply] of steps) {
      apply();
      const fast = incremental.get(orders, env)!;
      const full = createProjectMigrations({ folders: () => [root], openDocuments: () => open }).get(orders, env)!;
      assert.deepEqual(plain(fast.result), plain(full.result), step);
      assert.equal(fast.textOf(orders), open.get(orders)!.text, step);
      errorsInOrders.push(fast.result.findings.filter((f) => f.fileName === orders && f.severity === 'error').length);
    }
    // The sequence changes what the editor shows: the blocking use is an error in orders.ts, and it goes again.
    assert.deepEqual(errorsInOrders, [0, 0, 1, 1, 0, 0, 0]);
  });

  it('hands the next program the unchanged files as they were parsed and bound', () => {
    const root = serviceProject();
    const orders = `${root}/src/repositories/orders.ts`;
    const client = `${root}/src/db/client.ts`;
    const store = new ProjectSourceFiles();
    const first = createMigrationProject({ root, store });
    first.checker.getSymbolAtLocation(first.program.getSourceFile(client)!.statements[0]!);
    const parsedFirst = store.parsed;
    const text = `${readFileSync(orders, 'utf8')}\nconst edited = 1;\n`;
    const second = createMigrationProject({ root, store, overlay: new Map([[orders, text]]), oldProgram: first.program });
    assert.equal(second.program.getSourceFile(client), first.program.getSourceFile(client));
    assert.notEqual(second.program.getSourceFile(orders), first.program.getSourceFile(orders));
    assert.equal(second.program.getSourceFile(orders)!.text, text);
    assert.equal(store.parsed - parsedFirst, 1);
    assert.equal(parsedFirst, 10);
  });
});
