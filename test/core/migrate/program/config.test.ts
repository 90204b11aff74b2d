// Configuration carried into v3 clients: global AWS.config changes that run before a client,
// its own options (literal, const variable), v2 defaults, and what cannot be carried.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { migrateVirtual } from './virtualProject';

const creationLine = (text: string) => text.split('\n').find((l) => /DynamoDBDocument\.from|new DynamoDB\(/.test(l)) ?? '';

describe('global AWS.config', () => {
  const files = {
    'config.js': `const AWS = require('aws-sdk');\nAWS.config.update({ region: 'eu-west-1', endpoint: process.env.DDB_ENDPOINT });\nmodule.exports = AWS;\n`,
    'db.js': `const AWS = require('./config');\nAWS.config.update({ maxRetries: 2 });\nmodule.exports = new AWS.DynamoDB.DocumentClient();\n`,
    'test/setup.js': `const AWS = require('aws-sdk');\nAWS.config.update({ endpoint: 'http://localhost:4567', region: 'local' });\n`,
    'handler.js': `const doc = require('./db');\nexports.handler = async (e) => (await doc.get({ TableName: 't', Key: { id: e.id } }).promise()).Item;\n`,
  };
  const m = migrateVirtual(files);
  it('carries updates of the module itself and of modules it imports, later ones winning', () => {
    assert.match(creationLine(m.after['db.js']!), /DynamoDBDocument\.from\(new DynamoDB\(\{ region: 'eu-west-1', endpoint: process\.env\.DDB_ENDPOINT, maxAttempts: 3 \}\)/);
    assert.equal(m.after['config.js'], files['config.js']);
    assert.match(m.after['db.js']!, /^AWS\.config\.update\(\{ maxRetries: 2 \}\);$/m);
  });
  it('never carries an update it cannot place before the client (a test setup): warns at both ends instead', () => {
    assert.ok(m.lines.includes('test/setup.js:2 warning v3-client-config aws-sdk v2 global config: the v3 clients created at db.js:3 do not read it'), m.lines.join('\n'));
    assert.ok(m.lines.some((l) => l.startsWith('db.js:3 warning v3-client-config AWS.config at test/setup.js:2 (endpoint, region) runs where this client cannot be sure to see it')));
    assert.ok(m.lines.includes('config.js:2 information v3-client-config aws-sdk v2 global config: carried into the v3 clients created at db.js:3; it still configures any v2 client left'));
  });
  it('warns once per client, listing every update it may miss (scripts with their own config)', () => {
    const s = migrateVirtual({
      'db.js': `const AWS = require('aws-sdk');\nmodule.exports = new AWS.DynamoDB.DocumentClient();\n`,
      'scripts/a.js': `const AWS = require('aws-sdk');\nAWS.config.region = 'eu-west-1';\n`,
      'scripts/b.js': `const AWS = require('aws-sdk');\nAWS.config.update({ region: 'us-east-1', maxRetries: 1 });\n`,
    });
    assert.deepEqual(s.lines.filter((l) => l.startsWith('db.js:2 warning v3-client-config')), [
      'db.js:2 warning v3-client-config AWS.config at scripts/a.js:2 (region), scripts/b.js:2 (region, maxRetries) run where this client cannot be sure to see it (another entry point, a test setup, a function): v2 clients created after it used it; this v3 client does not read AWS.config: pass region, maxRetries to it if that matters',
    ]);
  });
  it('blocks the client when an imported update sets a value it cannot see', () => {
    const b = migrateVirtual({
      'config.js': `const AWS = require('aws-sdk');\nconst settings = require('./settings.json');\nAWS.config.update({ endpoint: settings.endpoint });\nmodule.exports = AWS;\n`,
      'db.js': `const AWS = require('./config');\nmodule.exports = new AWS.DynamoDB.DocumentClient();\n`,
    });
    assert.ok(b.lines.includes('db.js:2 error v2-not-migrated DocumentClient created at db.js:2 is not migrated: AWS.config at config.js:3 sets endpoint to settings.endpoint, which is not visible where the client is created: pass it to the client first'), b.lines.join('\n'));
    assert.equal(b.result.fixAll.size, 0);
  });
  it('blocks on AWS.config.loadFromPath (values in a file v3 does not read)', () => {
    const b = migrateVirtual({ 'a.js': `const AWS = require('aws-sdk');\nAWS.config.loadFromPath('./aws.json');\nexports.doc = new AWS.DynamoDB.DocumentClient();\n` });
    assert.match(b.lines.join('\n'), /a\.js:3 error v2-not-migrated .* AWS\.config at a\.js:2 applies to it, but AWS\.config\.loadFromPath\('\.\/aws\.json'\) reads region, credentials and more from a file that v3 does not read/);
  });
});

describe('a client\'s own options', () => {
  it('reads a const options object through its name, keeping v2 options out of the v3 config', () => {
    const m = migrateVirtual({ 'db.js': `const { DocumentClient } = require('aws-sdk/clients/dynamodb');\nconst cfg = { region: process.env.REGION, endpoint: process.env.ENDPOINT, maxRetries: 3, convertEmptyValues: true };\nexports.doc = new DocumentClient(cfg);\n` });
    assert.equal(creationLine(m.after['db.js']!), 'exports.doc = DynamoDBDocument.from(new DynamoDB({ region: cfg.region, endpoint: cfg.endpoint, maxAttempts: (cfg.maxRetries) + 1 }), { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true, convertEmptyValues: cfg.convertEmptyValues }, unmarshallOptions: { wrapNumbers: Number } });');
  });
  it('follows a variable only ever given object literals (serverless-offline: let options = {}; if (offline) options = {…})', () => {
    const offline = `const AWS = require('aws-sdk');\nlet options = {};\nif (process.env.IS_OFFLINE) {\n  options = { region: 'localhost', endpoint: 'http://localhost:8000' };\n}\nmodule.exports = new AWS.DynamoDB.DocumentClient(options);\n`;
    const m = migrateVirtual({ 'db.js': offline, 'get.js': `const db = require('./db');\nexports.get = (id, cb) => {\n  db.get({ TableName: 't', Key: { id } }, cb);\n};\n` });
    assert.match(creationLine(m.after['db.js']!), /^module\.exports = DynamoDBDocument\.from\(new DynamoDB\(\{ region: options\.region, endpoint: options\.endpoint, maxAttempts: 11 \}\)/);
    assert.deepEqual(m.result.files.map((f) => f.status), ['migrated', 'migrated']);
    const retries = migrateVirtual({ 'db.js': offline.replace("endpoint: 'http://localhost:8000'", 'maxRetries: 2') });
    assert.match(retries.lines.join('\n'), /db\.js:6 error v2-not-migrated DocumentClient created at db\.js:6 is not migrated: its options come from options, which has maxRetries in some assignments only: the tool cannot carry it/);
    const computed = migrateVirtual({ 'db.js': offline.replace("options = { region: 'localhost', endpoint: 'http://localhost:8000' }", 'options = load()') });
    assert.match(computed.lines.join('\n'), /its options come from options, whose keys the tool cannot see/);
  });
  it('translates credentials, endpoints, agents, TLS and reports what has no equivalent', () => {
    const m = migrateVirtual({ 'db.js': [
      `const AWS = require('aws-sdk');`,
      `const https = require('https');`,
      `exports.ddb = new AWS.DynamoDB({ endpoint: new AWS.Endpoint('http://127.0.0.1:8000'), accessKeyId: 'id', secretAccessKey: 'secret', sslEnabled: false,`,
      `  httpOptions: { agent: new https.Agent({ keepAlive: true }), timeout: 5000, connectTimeout: 1000 }, logger: console, maxRedirects: 3, correctClockSkew: false });`,
      '',
    ].join('\n') });
    assert.equal(creationLine(m.after['db.js']!), `exports.ddb = new DynamoDB({ endpoint: 'http://127.0.0.1:8000', tls: false, requestHandler: { httpsAgent: new https.Agent({ keepAlive: true }), requestTimeout: 5000, connectionTimeout: 1000 }, logger: console, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, maxAttempts: 11 });`);
    const notes = m.lines.filter((l) => /warning v3-client-config/.test(l));
    assert.deepEqual(notes.map((l) => l.replace(/^.*?v2 option: /, '')), [
      'maxRedirects: no v3 equivalent, not carried over',
      'correctClockSkew: false: v3 always corrects clock skew; there is no way to turn it off',
    ]);
  });
  it('blocks credential providers it does not translate, and unreadable options', () => {
    const m = migrateVirtual({ 'db.js': `const AWS = require('aws-sdk');\nexports.a = new AWS.DynamoDB({ credentials: new AWS.SharedIniFileCredentials({ profile: 'p' }) });\nexports.b = new AWS.DynamoDB(makeOptions());\n` });
    assert.match(m.lines.join('\n'), /db\.js:2 error v2-not-migrated DynamoDB client created at db\.js:2 is not migrated: v2 option: credentials: new SharedIniFileCredentials\(…\) has a v3 twin in @aws-sdk\/credential-providers/);
    assert.match(m.lines.join('\n'), /db\.js:3 error v2-not-migrated DynamoDB client created at db\.js:3 is not migrated: its options \(makeOptions\(\)\) are computed: the tool cannot see their keys/);
  });
  it('says what comes from the environment only', () => {
    const m = migrateVirtual({ 'db.js': `const AWS = require('aws-sdk');\nexports.doc = new AWS.DynamoDB.DocumentClient();\n` });
    assert.ok(m.lines.some((l) => l.startsWith('db.js:2 information v3-config-environment from the environment only: region (v2 read AWS_REGION or AMAZON_REGION') && l.includes('endpoint (v3 also honours AWS_ENDPOINT_URL_DYNAMODB')), m.lines.join('\n'));
  });
});
