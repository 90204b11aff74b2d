// When the migration leaves no aws-sdk v2 client, global AWS.config changes go (their settings are
// carried into the v3 clients) and with them the last require('aws-sdk'); while anything still
// loads aws-sdk, they stay.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadFailures } from './loadWritten';
import { migrateVirtual } from './virtualProject';

const options = '{ marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true }, unmarshallOptions: { wrapNumbers: Number } }';

describe('global AWS.config once no v2 client is left', () => {
  const files = {
    'setup.js': `const AWS = require('aws-sdk');\nAWS.config.update({ region: process.env.AWS_REGION || 'eu-west-1' });\nAWS.config.maxRetries = 3;\n`,
    'db.js': `require('./setup');\nconst AWS = require('aws-sdk');\nAWS.config.update({ region: 'us-east-1' });\nmodule.exports = new AWS.DynamoDB.DocumentClient();\n`,
  };
  const m = migrateVirtual(files);
  it('is removed, settings carried, and aws-sdk is no longer required anywhere', () => {
    assert.equal(m.after['setup.js'], '');
    assert.equal(m.after['db.js'], [
      `require('./setup');`,
      `const { DynamoDB } = require('@aws-sdk/client-dynamodb');`,
      `const { DynamoDBDocument } = require('@aws-sdk/lib-dynamodb');`,
      `module.exports = DynamoDBDocument.from(new DynamoDB({ region: 'us-east-1', maxAttempts: 4 }), ${options});`,
      ``,
    ].join('\n'));
    assert.ok(m.lines.includes('setup.js:2 information v3-client-config aws-sdk v2 global config removed: no aws-sdk v2 client is left in the program, and its settings are carried into the v3 clients created at db.js:4'), m.lines.join('\n'));
  });
  it('leaves modules that load', async () => {
    assert.deepEqual(await loadFailures(m.after), []);
  });
});

describe('aws-sdk imports nothing refers to, once no v2 client is left', () => {
  // andrewmcoupe/service-centre-api: src/config/aws.config.ts imports `config` and never uses it.
  const files = {
    'aws.config.ts': `import { config } from 'aws-sdk'\n\nexport default () => ({})\n`,
    'repo.ts': `import { DynamoDB } from 'aws-sdk'\nconst db = new DynamoDB.DocumentClient()\nexport const get = (id: string) => db.get({ TableName: 't', Key: { id } }).promise()\n`,
  };
  it('go with the migration, so that no file loads aws-sdk', () => {
    const m = migrateVirtual(files);
    assert.equal(m.after['aws.config.ts'], `\nexport default () => ({})\n`);
    assert.match(m.after['repo.ts']!, /^import \{ DynamoDBDocument \} from '@aws-sdk\/lib-dynamodb'$/m);
    assert.doesNotMatch(Object.values(m.after).join('\n'), /aws-sdk'/);
  });
  it('stay while a v2 client is left, and in a project where nothing is migrated', () => {
    const left = migrateVirtual({ ...files, 's3.ts': `import { S3 } from 'aws-sdk'\nexport const s3 = new S3()\n` });
    assert.equal(left.after['aws.config.ts'], files['aws.config.ts']);
    const none = migrateVirtual({ 'aws.config.ts': files['aws.config.ts'] });
    assert.equal(none.after['aws.config.ts'], files['aws.config.ts']);
  });
});

describe('global AWS.config stays', () => {
  it('while a client of another service still uses aws-sdk v2 (it configures that client too)', () => {
    const files = {
      'db.js': `const AWS = require('aws-sdk');\nAWS.config.update({ region: 'us-east-1' });\nexports.doc = new AWS.DynamoDB.DocumentClient();\nexports.s3 = new AWS.S3();\n`,
    };
    const m = migrateVirtual(files);
    assert.match(m.after['db.js']!, /^AWS\.config\.update\(\{ region: 'us-east-1' \}\);$/m);
    assert.match(m.after['db.js']!, /^const AWS = require\('aws-sdk'\);$/m);
    assert.ok(m.lines.some((l) => l.startsWith('db.js:2 information v3-client-config aws-sdk v2 global config: carried into the v3 clients created at db.js:3; it still configures any v2 client left')));
  });
  it('when one change has side effects (a call): none is removed', () => {
    const files = {
      'db.js': `const AWS = require('aws-sdk');\nAWS.config.update(loadSettings());\nAWS.config.update({ region: 'us-east-1' });\nexports.doc = new AWS.DynamoDB.DocumentClient();\n`,
    };
    const m = migrateVirtual(files);
    assert.deepEqual(m.after, files, 'the client stays v2 too: the options of the first update cannot be read');
    const n = migrateVirtual({ 'db.js': `const AWS = require('aws-sdk');\nexports.doc = new AWS.DynamoDB.DocumentClient({ region: 'x' });\n`, 'other.js': `const AWS = require('aws-sdk');\nfunction setup() { AWS.config.update({ region: pick() }); }\nmodule.exports = setup;\n` });
    assert.match(n.after['other.js']!, /AWS\.config\.update\(\{ region: pick\(\) \}\)/);
  });
});
