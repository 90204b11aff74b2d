// v2 type annotations in files no client touches (a base class's `keys(): DynamoDB.Key`) and under
// v2's `Types` namespace change with the clients (trial F4, dynamodb-instagram's shape), and what
// cannot change (a `Record<string, unknown>` passed as an item) is a v3-verify error at its line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { migrationAnalyzers } from '../../../../src/core/migrate/program/analyzers';
import { migrateFolder } from '../../../../src/core/migrate/program/migrateFolder';
import { verifyMigration } from '../../../../src/core/migrate/program/verify';
import { diskProject } from './diskProject';
import { env } from './virtualProject';

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs', esModuleInterop: true, skipLibCheck: true, types: ['node'] } });
const files = {
  'tsconfig.json': tsconfig,
  'src/base.ts': `import { DynamoDB } from 'aws-sdk';\nexport abstract class Item {\n  abstract get pk(): string;\n  keys(): DynamoDB.Key {\n    return { PK: { S: this.pk } };\n  }\n}\n`,
  'src/client.ts': `import { DynamoDB } from 'aws-sdk';\nexport const client: DynamoDB = new DynamoDB({ region: 'us-east-1' });\n`,
  'src/utils.ts': `import { DynamoDB } from 'aws-sdk';\nexport const write = async ({ client, params }: { client: DynamoDB; params: DynamoDB.Types.TransactWriteItemsInput }) => client.transactWriteItems(params).promise();\n`,
  'src/user.ts': [
    `import { Item } from './base';`,
    `import { client } from './client';`,
    `import { write } from './utils';`,
    `class User extends Item {`,
    `  constructor(readonly name: string) { super(); }`,
    `  get pk() { return 'U#' + this.name; }`,
    `}`,
    `export async function get(name: string) {`,
    `  const out = await client.getItem({ TableName: 't', Key: new User(name).keys() }).promise();`,
    `  return out.Item;`,
    `}`,
    `export const add = (name: string) => write({ client, params: { TransactItems: [{ Put: { TableName: 't', Item: new User(name).keys() } }] } });`,
    ``,
  ].join('\n'),
};

describe('v2 type annotations across the program', () => {
  it('become v3 types in files no client touches and under DynamoDB.Types, and the result type-checks', () => {
    const root = diskProject(files);
    const folder = migrateFolder({ root }, { env, analyzers: migrationAnalyzers });
    const base = folder.texts.get(`${root}/src/base.ts`) ?? '';
    assert.match(base, /^import \{ AttributeValue \} from '@aws-sdk\/client-dynamodb';$/m);
    assert.match(base, /^ {2}keys\(\): Record<string, AttributeValue> \{$/m);
    assert.doesNotMatch(base, /aws-sdk'/);
    assert.match(folder.texts.get(`${root}/src/utils.ts`) ?? '', /params: TransactWriteItemsInput \}/);
    assert.deepEqual(folder.result.files.map((o) => [o.fileName.replace(`${root}/`, ''), o.status]), [['src/base.ts', 'migrated'], ['src/client.ts', 'migrated'], ['src/user.ts', 'migrated'], ['src/utils.ts', 'migrated']]);
    const v = verifyMigration(root, folder.texts);
    assert.deepEqual(v.findings.map((f) => f.message), []);
    assert.equal(v.errorsBefore, 0);
  });
  it('an item typed Record<string, unknown> (accepted by v2, not v3) is a v3-verify error at its line', () => {
    // Not strict, as dynamodb-instagram: v2's all-optional AttributeValue then accepts `unknown` members.
    const loose = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'commonjs', esModuleInterop: true, skipLibCheck: true, types: ['node'] } });
    const root = diskProject({ ...files, 'tsconfig.json': loose, 'src/user.ts': files['src/user.ts'].replace('Item: new User(name).keys()', 'Item: new User(name).keys() as Record<string, unknown>') });
    const folder = migrateFolder({ root }, { env, analyzers: migrationAnalyzers });
    const v = verifyMigration(root, folder.texts);
    assert.deepEqual(v.findings.map((f) => [f.fileName.replace(`${root}/`, ''), f.severity, f.code]), [['src/user.ts', 'error', 'v3-verify']]);
    assert.match(v.findings[0]!.message, /TS2322 Type 'Record<string, unknown>' is not assignable to type 'Record<string, AttributeValue>'/);
    assert.equal(v.errorsBefore, 0);
  });
});
