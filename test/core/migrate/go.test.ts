import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goImports, tokenizeGo } from '../../../src/core/migrate/go/goTokens';
import { migrateSource } from '../../../src/core/migrate/migrateSource';

const ADAPTER = join(__dirname, '..', '..', '..', 'fixtures', 'go-adserver', 'src', 'internal', 'repository', 'ddbv1', 'adapter.go');
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

describe('Go migration findings as you type (detection only: the fix is typed and built, see goTyped.test.ts)', () => {
  it('dynamodbattribute: the import and each call, with no edit', () => {
    const text = readFileSync(join(ADAPTER), 'utf8');
    const r = migrateSource(text, 'adapter.go', {});
    assert.deepEqual(r.findings.map((f) => `${lineOf(text, f.start)}:${f.code}:${f.severity}:${text.slice(f.start, f.end)}`), [
      '17:go-dynamodbattribute:information:"github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute"',
      '63:go-dynamodbattribute:information:dynamodbattribute.UnmarshalListOfMaps',
      '83:go-dynamodbattribute:information:dynamodbattribute.UnmarshalListOfMaps',
      '91:go-dynamodbattribute:information:dynamodbattribute.MarshalMap',
    ]);
    assert.deepEqual(r.fixAll, []);
    assert.ok(r.findings.every((f) => !f.fix && /Migrate This Go Package/.test(f.message)));
  });
  it('guregu/dynamo v1: the import and dynamo.New, strings and comments untouched', () => {
    const text = 'package p\n\nimport (\n\t"github.com/guregu/dynamo"\n)\n\n// dynamo.New(x) in a comment\nvar s = "dynamo.New(y)"\n\nfunc open(sess interface{}) *dynamo.DB { return dynamo.New(nil) }\n';
    const r = migrateSource(text, 'x.go', {});
    assert.deepEqual(r.findings.map((f) => `${lineOf(text, f.start)}:${text.slice(f.start, f.end)}`), ['4:"github.com/guregu/dynamo"', '10:dynamo.New']);
    assert.match(r.findings[0]!.message, /≥ 1\.22 already caches type information on SDK v1/);
  });
  it('a file without the legacy imports has no finding', () => {
    assert.deepEqual(migrateSource('package p\n\nimport "github.com/guregu/dynamo/v2"\n\nfunc f() { dynamo.New(cfg) }\n', 'x.go', {}).findings, []);
  });
});
