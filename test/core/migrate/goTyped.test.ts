// The typed Go migration (gohelper + go build -overlay) on Go packages written for it and on the
// real sample service, with the machine's Go and the real modules pinned in the fixture module's
// go.mod/go.sum (aws-sdk-go v1.55, aws-sdk-go-v2, guregu/dynamo v1.23.0 and v2), downloaded by
// scripts/goSetup.sh (.ci/run runs it); GOPROXY=off here, so nothing is fetched while testing.
// Goldens: <file>.golden beside each package file; UPDATE_GOLDEN=1 rewrites them (review the diff).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { migrateGoPackages, type GoMigrationResult } from '../../../src/core/migrate/go/typedMigrate';
import { findGoBinary } from '../../../src/core/bench/goSuite';
import { setWorkspaceTrust } from '../../../src/core/exec/workspaceTrust';

// These tests stand for the user's own command (the CLI), which vouches for the folders it names.
setWorkspaceTrust(true);

const MODULE = join(process.cwd(), 'test/fixtures/go-migrate');
const line = (text: string, offset: number) => text.slice(0, offset).split('\n').length;
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

function findingsOf(result: GoMigrationResult, file: string): string[] {
  const f = result.files.find((x) => x.path === join(MODULE, file))!;
  return f.findings.map((x) => `${line(f.before, x.start)}:${x.severity}:${x.code}`);
}

function golden(result: GoMigrationResult, file: string): void {
  const f = result.files.find((x) => x.path === join(MODULE, file))!;
  assert.ok(f.after, `${file} was not rewritten: ${f.findings.map((x) => x.message).join('\n')}`);
  if (process.env.UPDATE_GOLDEN) writeFileSync(`${f.path}.golden`, f.after);
  assert.equal(f.after, readFileSync(`${f.path}.golden`, 'utf8'));
}

describe('typed Go migration (needs go and the modules scripts/goSetup.sh downloads)', () => {
  let result: GoMigrationResult;
  const goMod = sha(join(MODULE, 'go.mod'));
  const goSum = sha(join(MODULE, 'go.sum'));
  before(async () => {
    const env = { GOPROXY: process.env.GOPROXY, GOFLAGS: process.env.GOFLAGS };
    process.env.GOPROXY = 'off'; // everything the fixture's go.sum pins is in the module cache
    try {
      result = await migrateGoPackages({ goBinary: findGoBinary()!, paths: ['guregu', 'attrv2', 'untouched', 'blocked'].map((d) => join(MODULE, d)) });
    } finally {
      process.env.GOPROXY = env.GOPROXY;
    }
  });

  it('guregu/dynamo v1 → v2: the golden fix, built with go build -overlay against the v2 API', () => {
    golden(result, 'guregu/store.go');
    assert.deepEqual(result.build, { ok: true, checked: true, errors: [], preexisting: [] });
    assert.deepEqual(findingsOf(result, 'guregu/store.go'), [
      '14:information:go-dynamo-v1',
      '29:information:go-dynamo-new',
      '45:warning:go-context-todo',
      '74:information:go-dynamo-v1',
      '85:warning:go-dynamo-v1',
      '93:warning:go-dynamo-retry',
      '94:warning:go-awserr',
      '102:warning:go-context-todo',
    ]);
  });

  it('session.Must(session.NewSession(…)) → config.LoadDefaultConfig, panicking on error as session.Must did', () => {
    golden(result, 'guregu/must.go');
    assert.deepEqual(findingsOf(result, 'guregu/must.go'), ['6:information:go-dynamo-v1', '11:information:go-dynamo-new']);
  });

  it("a file that reaches guregu values without importing guregu/dynamo is migrated too (by type)", () => {
    golden(result, 'guregu/audit.go');
    assert.deepEqual(findingsOf(result, 'guregu/audit.go'), ['6:warning:go-context-todo']);
  });

  it('dynamodbattribute → attributevalue where no v1 item type is in sight, with the tag notes', () => {
    golden(result, 'attrv2/repo.go');
    const f = result.files.find((x) => x.path.endsWith('attrv2/repo.go'))!;
    const notes = f.findings.filter((x) => x.severity === 'warning').map((x) => x.message);
    assert.match(notes.join('\n'), /Ad \(.*attrv2\/repo\.go:10\) names fields with `json` tags only \(Title\): dynamodbattribute read them, attributevalue does not/);
    assert.match(notes.join('\n'), /Ad \(.*attrv2\/repo\.go:10\) has omitemptyelem fields \(Tags\): attributevalue writes empty maps and lists .*aws-sdk-go-v2#3117/);
    assert.match(notes.join('\n'), /v1 wrote empty strings and empty \[\]byte as NULL/);
  });

  it("leaves aws-sdk-go v1 ScanWithContext and another library's RunContext untouched", () => {
    const f = result.files.find((x) => x.path.endsWith('untouched/scan.go'))!;
    assert.equal(f.after, undefined);
    assert.deepEqual(f.findings, []);
  });

  it('makes no change where it cannot carry the code, and says why at error level', () => {
    const f = result.files.find((x) => x.path.endsWith('blocked/blocked.go'))!;
    assert.equal(f.after, undefined);
    assert.deepEqual(findingsOf(result, 'blocked/blocked.go'), ['10:information:go-dynamo-v1', '14:error:go-dynamo-v1', '15:error:go-dynamo-new', '19:warning:go-context-todo']);
    assert.match(f.findings[1]!.message, /^dynamo\.RetryTimeout is gone in guregu\/dynamo v2/);
    assert.match(f.findings[2]!.message, /this session is made elsewhere \(a parameter, a field or another function\)/);
  });

  it('writes nothing in the module', () => {
    assert.equal(sha(join(MODULE, 'go.mod')), goMod);
    assert.equal(sha(join(MODULE, 'go.sum')), goSum);
  });
});

describe('typed Go migration on the sample service (fixtures/go-adserver)', () => {
  it('ddbv1: attributevalue needs the v2 client, so no change is made and an error says so', async () => {
    const dir = join(process.cwd(), 'fixtures/go-adserver/src/internal/repository/ddbv1');
    const r = await migrateGoPackages({ goBinary: findGoBinary()!, paths: [dir] });
    const f = r.files.find((x) => x.path.endsWith('adapter.go'))!;
    assert.equal(f.after, undefined);
    const errors = f.findings.filter((x) => x.severity === 'error');
    assert.equal(errors.length, 1);
    assert.equal(relative(dir, f.path), 'adapter.go');
    assert.equal(line(f.before, errors[0]!.start), 17);
    assert.match(errors[0]!.message, /this file still works with aws-sdk-go v1 items \(dynamodb\.AttributeValue, dynamodb\.New, dynamodb\.PutItemInput, dynamodb\.QueryInput\): no change made/);
  });
});
