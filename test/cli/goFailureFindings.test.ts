// A Go module migrate cannot load gives one error finding per file naming the cause (trial F6:
// "5 error findings" with none printed when the module proxy was unreachable).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { goFailureCause, goFailureLines } from '../../src/cli/goFailureFindings';

const repo = resolve(__dirname, '..', '..');
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

// What go 1.19 printed for serverless/examples' aws-golang-rest-api-with-dynamodb without network.
const goListOutput = [
  'go list ./todos failed:',
  'go: github.com/aws/aws-lambda-go@v1.22.0: Get "https://proxy.golang.org/github.com/aws/aws-lambda-go/@v/v1.22.0.mod": dial tcp: lookup proxy.golang.org on 10.255.255.53:53: no such host',
  'go: downloading github.com/aws/aws-lambda-go v1.22.0',
].join('\n');

describe('Go modules migrate cannot load', () => {
  it('names a failed module download and the command to run', () => {
    assert.equal(
      goFailureCause(goListOutput, '/w/api'),
      'the module\'s dependencies could not be downloaded (go: github.com/aws/aws-lambda-go@v1.22.0: Get "https://proxy.golang.org/github.com/aws/aws-lambda-go/@v/v1.22.0.mod": dial tcp: lookup proxy.golang.org on 10.255.255.53:53: no such host): run `go mod download` in /w/api where the module proxy is reachable, then migrate again',
    );
    assert.equal(goFailureCause('go list ./x failed:\nx/a.go:3:1: syntax error: non-declaration statement outside function body', '/w'), 'go list ./x failed: x/a.go:3:1: syntax error: non-declaration statement outside function body');
    assert.deepEqual(goFailureLines(['/elsewhere/a.go'], 'why'), ['/elsewhere/a.go:1:1: error go-not-migrated: not migrated: why']);
  });
  it('prints one finding per file using legacy DynamoDB packages, and the count says as many', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrate-go-'));
    const src = 'package db\n\nimport "github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute"\n\nvar _ = dynamodbattribute.MarshalMap\n';
    writeFileSync(join(dir, 'a.go'), src);
    writeFileSync(join(dir, 'b.go'), src.replace('var _', 'var _b'));
    writeFileSync(join(dir, 'hello.go'), 'package db\n\nfunc Hello() string { return "hi" }\n');
    const r = spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', 'a.go', 'b.go', 'hello.go'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 3, r.stderr);
    assert.deepEqual(r.stderr.split('\n').filter((l) => /^\S+:\d+:\d+: error /.test(l)).map((l) => l.replace(/not migrated: .*/, 'not migrated: …')), ['a.go:1:1: error go-not-migrated: not migrated: …', 'b.go:1:1: error go-not-migrated: not migrated: …']);
    assert.match(r.stderr, /^a\.go:1:1: error go-not-migrated: not migrated: (no go\.mod above it|.*go)/m);
    assert.match(r.stderr, /^0 of 3 files would change; 2 error findings: something is not migrated$/m);
  });
});
