// Item 7: tests that stub aws-sdk v2, and a jest too old for the v3 packages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTestRunner, jestVersionIn } from '../../../../src/core/migrate/checks/tooling/testRunner';
import { checkTestStubs } from '../../../../src/core/migrate/checks/tooling/testStubs';
import { rows, viewOf } from './programView';

const db = [
  `const AWS = require('aws-sdk');`,
  `const docClient = new AWS.DynamoDB.DocumentClient();`,
  `async function getUser(id) { return (await docClient.get({ TableName: 'U', Key: { id } }).promise()).Item; }`,
  `module.exports = { docClient, getUser };`,
].join('\n');

describe('test stubs of aws-sdk v2', () => {
  it('finds module mocks, aws-sdk-mock, prototype stubs and stubs of the migrated client across files', () => {
    const view = viewOf({
      '/p/db.js': db,
      '/p/db.test.js': [
        `const AWS = require('aws-sdk');`,
        `const AWSMock = require('aws-sdk-mock');`,
        `const sinon = require('sinon');`,
        `const { mock } = require('node:test');`,
        `const { docClient } = require('./db');`,
        `jest.mock('aws-sdk');`,
        `jest.mock('aws-sdk/clients/dynamodb', () => ({}));`,
        `jest.mock('./logger');`,
        `AWSMock.mock('DynamoDB.DocumentClient', 'get', (p, cb) => cb(null, { Item: {} }));`,
        `AWSMock.mock('S3', 'getObject', () => {});`,
        `sinon.stub(AWS.DynamoDB.DocumentClient.prototype, 'query').returns({ promise: async () => ({ Items: [] }) });`,
        `jest.spyOn(docClient, 'get').mockReturnValue({ promise: () => Promise.resolve({}) });`,
        `mock.method(AWS.DynamoDB.prototype, 'getItem');`,
        `AWS.DynamoDB.DocumentClient.prototype.put = jest.fn();`,
        `docClient.scan = jest.fn();`,
        `sinon.stub(console, 'log');`,
        `const proxyquire = require('proxyquire');`,
        `proxyquire('./db', { 'aws-sdk': { DynamoDB: {} } });`,
      ].join('\n'),
    });
    const findings = checkTestStubs(view);
    assert.deepEqual(rows(view, findings).map((r) => r.split(':').slice(0, 3).join(':')), [
      'db.test.js:6:v3-test-stub', 'db.test.js:7:v3-test-stub', 'db.test.js:9:v3-test-stub', 'db.test.js:11:v3-test-stub',
      'db.test.js:12:v3-test-stub', 'db.test.js:13:v3-test-stub', 'db.test.js:14:v3-test-stub', 'db.test.js:15:v3-test-stub',
      'db.test.js:18:v3-test-stub',
    ]);
    assert.match(findings[0]!.message, /^jest\.mock\('aws-sdk'\) replaces aws-sdk v2: after the migration the code under test calls the v3 SDK, which this stub does not intercept/);
    assert.match(findings[4]!.message, /^jest\.spyOn\(docClient, 'get'\) stubs a v2 client: the stub still replaces the method, but the migrated code awaits its result directly/);
    assert.match(findings[0]!.message, /aws-sdk-client-mock/);
  });

  it('finds jest manual mocks of aws-sdk and the v2 classes replaced whole, once something is migrated', () => {
    const files = {
      '/p/db.js': db,
      '/p/__mocks__/aws-sdk.js': `const get = jest.fn();
module.exports = { DynamoDB: { DocumentClient: jest.fn(() => ({ get })) } };
`,
      '/p/src/__mocks__/aws-sdk/clients/dynamodb.ts': `export default class DynamoDB {}
`,
      '/p/db.test.js': [
        `const AWS = require('aws-sdk');`,
        `const sinon = require('sinon');`,
        `sinon.stub(AWS, 'DynamoDB');`,
        `jest.spyOn(AWS.DynamoDB, 'DocumentClient').mockImplementation(() => ({}));`,
        `AWS.DynamoDB.DocumentClient = jest.fn();`,
        `sinon.stub(AWS, 'S3');`,
      ].join('\n'),
    };
    const view = viewOf(files);
    const findings = checkTestStubs(view);
    assert.deepEqual(rows(view, findings).map((r) => r.split(':').slice(0, 3).join(':')), [
      '__mocks__/aws-sdk.js:1:v3-test-stub', 'db.test.js:3:v3-test-stub', 'db.test.js:4:v3-test-stub', 'db.test.js:5:v3-test-stub',
      'src/__mocks__/aws-sdk/clients/dynamodb.ts:1:v3-test-stub',
    ]);
    assert.match(findings[0]!.message, /^jest manual mock of aws-sdk: jest puts it in place of aws-sdk in every test .*aws-sdk-client-mock: mockClient\(DynamoDBDocumentClient\)/);
    assert.match(findings[4]!.message, /^jest manual mock of aws-sdk\/clients\/dynamodb: /);
    assert.match(findings[1]!.message, /^sinon\.stub\(AWS, 'DynamoDB'\) replaces the aws-sdk v2 class: after the migration the code under test calls the v3 SDK/);
    const untouched = viewOf({ '/p/__mocks__/aws-sdk.js': files['/p/__mocks__/aws-sdk.js'], '/p/x.js': `const x = 1;
` });
    assert.deepEqual(checkTestStubs(untouched), [], 'nothing migrated: the manual mock still serves');
  });

  it('says nothing when no client is migrated', () => {
    const view = viewOf({ '/p/x.test.js': `const sinon = require('sinon');\nconst o = { get() {} };\nsinon.stub(o, 'get');\njest.mock('./db');\n` });
    assert.deepEqual(checkTestStubs(view), []);
  });
});

describe('test runner: jest too old for the v3 packages', () => {
  const project = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'jest-version-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };
  const manifest = JSON.stringify({ name: 'svc', devDependencies: { jest: '^26.6.3' } }, null, 2);

  it('reads the installed version first, then the lockfiles, then the range', () => {
    assert.deepEqual(jestVersionIn(project({ 'package.json': manifest, 'node_modules/jest/package.json': '{"version":"26.4.2"}' })), { version: '26.4.2', source: 'node_modules/jest/package.json' });
    assert.deepEqual(jestVersionIn(project({ 'package.json': manifest, 'package-lock.json': '{"packages":{"node_modules/jest":{"version":"26.6.3"}}}' })), { version: '26.6.3', source: 'package-lock.json' });
    assert.deepEqual(jestVersionIn(project({ 'package.json': manifest, 'yarn.lock': 'jest@^25.1.0:\n  version "25.5.4"\n' })), { version: '25.5.4', source: 'yarn.lock' });
    assert.deepEqual(jestVersionIn(project({ 'package.json': manifest, 'pnpm-lock.yaml': 'importers:\n  .:\n    devDependencies:\n      jest:\n        specifier: ^26.0.0\n        version: 26.6.3\n' })), { version: '26.6.3', source: 'pnpm-lock.yaml' });
    assert.deepEqual(jestVersionIn(project({ 'package.json': manifest })), { version: '26.6.3', source: 'package.json range' });
    assert.equal(jestVersionIn(project({ 'package.json': '{"devDependencies":{"mocha":"10.0.0"}}' })), undefined);
  });

  it('reports jest < 27 at package.json\'s "jest" entry, from a sub-folder of the project; nothing for 27+', () => {
    const old = project({ 'package.json': manifest, 'node_modules/jest/package.json': '{"version":"26.6.3"}', 'src/db.js': db });
    const view = { ...viewOf({ '/p/db.js': db }), projectRoot: join(old, 'src') };
    const [f, ...more] = checkTestRunner(view);
    assert.equal(more.length, 0);
    assert.equal(f!.fileName, join(old, 'package.json'));
    assert.equal(manifest.slice(f!.start, f!.end), '"jest"');
    assert.equal(f!.severity, 'warning');
    assert.match(f!.message, /^jest 26\.6\.3 \(node_modules\/jest\/package\.json\) cannot load the v3 SDK/);
    const recent = project({ 'package.json': manifest, 'node_modules/jest/package.json': '{"version":"27.0.0"}' });
    assert.deepEqual(checkTestRunner({ ...view, projectRoot: recent }), []);
  });
});
