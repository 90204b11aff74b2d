import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goImports, tokenizeGo } from '../../../src/core/migrate/go/goTokens';
import { migrateSource } from '../../../src/core/migrate/migrateSource';
import { applyEdits } from '../../../src/core/migrate/textEdits';

const golden = join(__dirname, '..', '..', 'fixtures', 'migrate');
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

describe('Go tokenizer', () => {
  it('keeps strings, raw strings, runes and comments whole', () => {
    const t = tokenizeGo('x := "a.b\\"c" + `d.e` // f.g\n/* h.i */ r := \'.\'');
    assert.deepEqual(t.map((k) => `${k.kind}:${k.text}`), [
      'ident:x', 'punct::', 'punct:=', 'string:"a.b\\"c"', 'punct:+', 'string:`d.e`', 'comment:// f.g',
      'comment:/* h.i */', 'ident:r', 'punct::', 'punct:=', "rune:'.'",
    ]);
  });
  it('reads single and grouped imports with aliases', () => {
    const src = 'package p\nimport "fmt"\nimport (\n\tav "github.com/x/y"\n\t_ "embed"\n)\n';
    assert.deepEqual(goImports(tokenizeGo(src)).map((i) => [i.alias, i.path, i.inBlock]), [
      [undefined, 'fmt', false], ['av', 'github.com/x/y', true], ['_', 'embed', true],
    ]);
  });
});

describe('Go migration findings', () => {
  it('dynamodbattribute: the fix, the go get note, and warnings at the exact spots', () => {
    const text = readFileSync(join(golden, 'go-attribute-tags.before.go'), 'utf8');
    const r = migrateSource(text, 'x.go', {});
    assert.deepEqual(r.findings.map((f) => `${lineOf(text, f.start)}:${f.code}:${f.severity}`), [
      '7:go-dynamodbattribute:information', '7:go-get-required:information', '7:go-empty-values:warning',
      '12:go-json-tags:warning', '19:go-marshaler-signature:warning',
    ]);
    assert.equal(r.findings[0]!.fix!.title, 'Switch to aws-sdk-go-v2 attributevalue (then run: go get github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue)');
    const after = applyEdits(text, r.fixAll);
    assert.match(after, /"av\.MarshalMap" in a string|av\.MarshalMap in a comment/);
    assert.match(after, /return av\.MarshalMap\(r\)/);
  });
  it('the real go-adserver v1 adapter: says the v1 client must move too', () => {
    const text = readFileSync(join(golden, 'go-adserver-ddbv1.before.go'), 'utf8');
    const main = migrateSource(text, 'adapter.go', {}).findings.find((f) => f.code === 'go-dynamodbattribute')!;
    assert.match(main.message, /v1 client \(service\/dynamodb\) must move to aws-sdk-go-v2\/service\/dynamodb/);
    assert.equal(applyEdits(text, main.fix!.edits).match(/attributevalue\./g)?.length, 3);
  });
  it('guregu/dynamo: ctx-less executors and dynamo.New(session) are flagged where they are', () => {
    const text = readFileSync(join(golden, 'go-guregu.before.go'), 'utf8');
    const r = migrateSource(text, 'x.go', {});
    assert.deepEqual(r.findings.filter((f) => f.severity === 'warning').map((f) => `${lineOf(text, f.start)}:${text.slice(f.start, f.end)}`), [
      '16:dynamo.New', '21:All', '32:Run', '42:Next',
    ]);
    assert.match(r.findings.find((f) => f.code === 'go-dynamo-v1' && f.fix)!.message, /≥ 1\.22 already caches type information on SDK v1/);
  });
});
