// Emitted TypeScript type-checks against the real v3 packages (item 6 and the editor's TS2345),
// and `verifyMigration` (item 9) reports exactly the errors a migration adds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { migrationAnalyzers } from '../../../../src/core/migrate/program/analyzers';
import { migrateFolder } from '../../../../src/core/migrate/program/migrateFolder';
import { verifyMigration } from '../../../../src/core/migrate/program/verify';
import { diskProject } from './diskProject';
import { env } from './virtualProject';

// A stand-in for @types/aws-lambda's stream types (its shape: optional members, base64 strings for binaries).
const lambdaTypes = [
  'export interface AttributeValue { B?: string; BS?: string[]; BOOL?: boolean; L?: AttributeValue[]; M?: { [id: string]: AttributeValue }; N?: string; NS?: string[]; NULL?: boolean; S?: string; SS?: string[] }',
  'export interface StreamRecord { NewImage?: { [key: string]: AttributeValue }; OldImage?: { [key: string]: AttributeValue } }',
  'export interface DynamoDBRecord { eventName?: string; dynamodb?: StreamRecord }',
  'export interface DynamoDBStreamEvent { Records: DynamoDBRecord[] }',
  '',
].join('\n');
const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs', esModuleInterop: true, skipLibCheck: true, types: ['node'] } });

describe('emitted TypeScript type-checks against the v3 packages', () => {
  const root = diskProject({
    'tsconfig.json': tsconfig,
    'node_modules/@types/aws-lambda/index.d.ts': lambdaTypes,
    'node_modules/@types/aws-lambda/package.json': '{ "name": "@types/aws-lambda", "types": "index.d.ts" }',
    'src/stream.ts': `import AWS from 'aws-sdk';\nimport type { DynamoDBStreamEvent } from 'aws-lambda';\nexport const handler = async (e: DynamoDBStreamEvent) => e.Records.map((r) => AWS.DynamoDB.Converter.unmarshall(r.dynamodb!.NewImage!));\n`,
    'src/raw.ts': `import AWS from 'aws-sdk';\nconst ddb = new AWS.DynamoDB({ region: 'us-east-1' });\nexport async function all() {\n  const out = await ddb.query({ TableName: 't', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'x' } } }).promise();\n  return (out.Items ?? []).map((i) => AWS.DynamoDB.Converter.unmarshall(i));\n}\n`,
    'src/kept.ts': `import AWS from 'aws-sdk';\nimport { legacyOnly } from './legacy';\nconst ddb = new AWS.DynamoDB({ region: 'us-east-1' });\nlegacyOnly(ddb);\nexport async function one(id: string) {\n  const out = await ddb.getItem({ TableName: 't', Key: { id: { S: id } } }).promise();\n  return AWS.DynamoDB.Converter.unmarshall(out.Item!);\n}\n`,
    'src/legacy.ts': `import type AWS from 'aws-sdk';\nexport function legacyOnly(c: AWS.DynamoDB): void { c.config.update({ region: 'eu-west-1' }); }\n`,
    'src/meta.ts': `import AWS from 'aws-sdk';\nconst doc = new AWS.DynamoDB.DocumentClient({ region: 'us-east-1' });\nexport async function id(k: string) {\n  const out = await doc.get({ TableName: 't', Key: { k } }).promise();\n  return [out.$response.requestId, out.$response.httpResponse.statusCode];\n}\n`,
  });
  const folder = migrateFolder({ root }, { env, analyzers: migrationAnalyzers });
  const after = (name: string) => folder.texts.get(`${root}/src/${name}`) ?? readFileSync(`${root}/src/${name}`, 'utf8');

  it('casts aws-lambda and still-v2 AttributeValue maps where v3 unmarshall gets them, and only there', () => {
    assert.match(after('stream.ts'), /unmarshall\(\(r\.dynamodb!\.NewImage!\) as Record<string, AttributeValue> \?\? \{\}, \{ wrapNumbers: Number \}\)/);
    assert.match(after('stream.ts'), /^import \{ AttributeValue \} from '@aws-sdk\/client-dynamodb';$/m);
    assert.match(after('raw.ts'), /\.map\(\(i\) => unmarshall\(i \?\? \{\}, \{ wrapNumbers: Number \}\)\)/);
    assert.match(after('kept.ts'), /return unmarshall\(\(out\.Item!\) as Record<string, AttributeValue> \?\? \{\}, \{ wrapNumbers: Number \}\);/);
    assert.match(after('kept.ts'), /^const ddb = new AWS\.DynamoDB\(\{ region: 'us-east-1' \}\);$/m);
    assert.match(after('meta.ts'), /return \[out\.\$metadata\.requestId, out\.\$metadata\.httpStatusCode\];/);
  });
  it('verify: the migrated project has no error the original did not have', () => {
    const v = verifyMigration(root, folder.texts);
    assert.deepEqual(v.findings.map((f) => f.message), []);
    assert.equal(v.checkedFiles, 4);
    assert.equal(v.errorsAfter, v.errorsBefore);
  });
  it('verify: an error the migration would add is reported at its original line', () => {
    const broken = new Map(folder.texts);
    broken.set(`${root}/src/meta.ts`, after('meta.ts').replace('out.$metadata.requestId', 'out.$response.requestId'));
    const v = verifyMigration(root, broken);
    assert.deepEqual(v.findings.map((f) => [f.fileName.replace(`${root}/`, ''), readFileSync(f.fileName, 'utf8').slice(0, f.start).split('\n').length, f.severity, f.code]), [['src/meta.ts', 5, 'error', 'v3-verify']]);
    assert.match(v.findings[0]!.message, /^after the migration this does not type-check \(line \d+ of the migrated file\): TS2339 Property '\$response' does not exist on type 'GetCommandOutput'/);
  });
});
