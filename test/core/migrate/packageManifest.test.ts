import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sectionsListing, withoutDependency } from '../../../src/core/migrate/packageManifest';

describe('package.json: removing a dependency', () => {
  it('removes the entry line, in every section, keeping the rest byte for byte', () => {
    const text = `{\n  "name": "x",\n  "dependencies": {\n    "async": "2.5.0",\n    "aws-sdk": "^2.408.0",\n    "lodash": "^4.17.15"\n  },\n  "devDependencies": {\n    "mocha": "4",\n    "aws-sdk": "^2"\n  }\n}\n`;
    assert.deepEqual(sectionsListing(text, 'aws-sdk'), ['dependencies', 'devDependencies']);
    assert.equal(withoutDependency(text, 'aws-sdk'), `{\n  "name": "x",\n  "dependencies": {\n    "async": "2.5.0",\n    "lodash": "^4.17.15"\n  },\n  "devDependencies": {\n    "mocha": "4"\n  }\n}\n`);
  });
  it('handles one-line JSON, a sole entry and CRLF', () => {
    assert.equal(withoutDependency(`{"dependencies":{"aws-sdk":"2","b":"1"}}`, 'aws-sdk'), `{"dependencies":{"b":"1"}}`);
    assert.equal(withoutDependency(`{"dependencies":{"b":"1", "aws-sdk":"2"}}`, 'aws-sdk'), `{"dependencies":{"b":"1"}}`);
    assert.equal(withoutDependency(`{"dependencies":{"aws-sdk":"2"}}`, 'aws-sdk'), `{"dependencies":{}}`);
    assert.equal(withoutDependency(`{\r\n  "dependencies": {\r\n    "aws-sdk": "2",\r\n    "b": "1"\r\n  }\r\n}\r\n`, 'aws-sdk'), `{\r\n  "dependencies": {\r\n    "b": "1"\r\n  }\r\n}\r\n`);
  });
  it('gives undefined when the package is not listed or the text is not JSON', () => {
    assert.equal(withoutDependency(`{"dependencies":{"b":"1"}}`, 'aws-sdk'), undefined);
    assert.equal(withoutDependency(`{ oops`, 'aws-sdk'), undefined);
    assert.deepEqual(sectionsListing(`{"scripts":{"aws-sdk":"x"}}`, 'aws-sdk'), []);
  });
});
