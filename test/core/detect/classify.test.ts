import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyFrame, isGcFrame, isTransparent } from '../../../src/core/detect/classify';
import type { Frame } from '../../../src/core/profile/model';
import { FRAME_RULES } from '../../../src/core/detect/rules';

const go = (name: string, file = '/usr/share/gocode/src/x.go'): Frame => ({ name, file, line: 1, inlined: false });
const js = (name: string, file: string): Frame => ({ name, file, line: 1, inlined: false });

describe('frame rules', () => {
  it('have one id each (reports, JSON and the analysis key their figures by it)', () => {
    const ids = FRAME_RULES.map((r) => r.id);
    assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  });

  it('classifies aws-sdk-go v1 jsonutil and jsonrpc frames as legacy protocol unmarshal by reflection', () => {
    const c = classifyFrame(go('github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalStruct'))!;
    assert.deepEqual([c.ruleId, c.sdk, c.generation, c.category, c.mechanism, c.migration], ['go-v1-jsonutil', 'aws-sdk-go-v1', 'legacy', 'protocol-unmarshal', 'reflection', 'go-sdk-v2']);
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.buildStruct'))!.category, 'protocol-marshal');
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Unmarshal'))!.label, 'aws-sdk-go v1 jsonrpc');
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Build'))!.category, 'protocol-marshal');
  });

  it('tells dynamodbattribute decode from encode', () => {
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.(*Decoder).decodeMap'))!.category, 'attribute-unmarshal');
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.MarshalMap'))!.category, 'attribute-marshal');
  });

  it('separates guregu/dynamo v1 from v2 and ignores its non-codec wrapper frames', () => {
    assert.equal(classifyFrame(go('github.com/guregu/dynamo.unmarshalItem'))!.sdk, 'guregu-dynamo-v1');
    assert.equal(classifyFrame(go('github.com/guregu/dynamo/v2.unmarshalItem'))!.sdk, 'guregu-dynamo-v2');
    assert.equal(classifyFrame(go('github.com/guregu/dynamo.(*Query).AllWithContext')), undefined);
  });

  it('matches only the generated awsAwsjson10 functions of aws-sdk-go-v2 service/dynamodb', () => {
    const c = classifyFrame(go('github.com/aws/aws-sdk-go-v2/service/dynamodb.awsAwsjson10_deserializeDocumentAttributeValue'))!;
    assert.deepEqual([c.generation, c.category, c.mechanism], ['current', 'protocol-unmarshal', 'generated']);
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go-v2/service/dynamodb.awsAwsjson10_serializeOpDocumentPutItemInput'))!.category, 'protocol-marshal');
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go-v2/service/dynamodb.(*Client).Query')), undefined);
    assert.equal(classifyFrame(go('github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue.(*Encoder).encodeStruct'))!.category, 'attribute-marshal');
  });

  it('leaves out lib-dynamodb command constructors, which convert no item (trial8: QueryCommand at a function head showed as a 0.0 % call site)', () => {
    const lib = '/app/node_modules/@aws-sdk/lib-dynamodb/dist-cjs';
    assert.equal(classifyFrame(js('QueryCommand', `${lib}/commands/QueryCommand.js`)), undefined);
    assert.equal(classifyFrame(js('PutCommand', `${lib}/commands/PutCommand.js`)), undefined);
    assert.equal(classifyFrame(js('DynamoDBDocumentClientCommand', `${lib}/baseCommand/DynamoDBDocumentClientCommand.js`)), undefined);
    assert.equal(classifyFrame(js('marshallInput', `${lib}/commands/utils.js`))!.category, 'attribute-marshal');
    assert.equal(classifyFrame(js('unmarshallOutput', `${lib}/commands/utils.js`))!.category, 'attribute-unmarshal');
    assert.equal(classifyFrame(js('resolveMiddleware', `${lib}/commands/QueryCommand.js`))!.category, 'attribute-marshal');
    assert.equal(classifyFrame(js('(anonymous:L#28:C#77)', `${lib}/baseCommand/DynamoDBDocumentClientCommand.js`))!.category, 'attribute-unmarshal');
  });

  it('classifies JS aws-sdk v2 and v3 files, in npm and pnpm layouts', () => {
    assert.equal(classifyFrame(js('convertOutput', '/app/node_modules/aws-sdk/lib/dynamodb/converter.js'))!.category, 'attribute-unmarshal');
    assert.equal(classifyFrame(js('convertInput', '/app/node_modules/.pnpm/aws-sdk@2.1693.0/node_modules/aws-sdk/lib/dynamodb/converter.js'))!.category, 'attribute-marshal');
    assert.equal(classifyFrame(js('translateStructure', '/a/node_modules/aws-sdk/lib/json/parser.js'))!.category, 'protocol-unmarshal');
    assert.equal(classifyFrame(js('translate', '/a/node_modules/aws-sdk/lib/json/builder.js'))!.category, 'protocol-marshal');
    assert.equal(classifyFrame(js('unmarshall', '/a/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js'))!.category, 'attribute-unmarshal');
    assert.equal(classifyFrame(js('marshall', '/a/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js'))!.category, 'attribute-marshal');
    assert.equal(classifyFrame(js('de_QueryOutput', '/a/node_modules/@aws-sdk/client-dynamodb/dist-cjs/index.js'))!.mechanism, 'generated');
    assert.equal(classifyFrame(js('QueryCommand', '/a/node_modules/@aws-sdk/client-dynamodb/dist-cjs/index.js')), undefined);
    const schema = classifyFrame(js('read', '/a/node_modules/@smithy/core/dist-cjs/submodules/protocols/index.js'))!;
    assert.deepEqual([schema.ruleId, schema.category, schema.mechanism], ['js-v3-schema-serde', 'protocol-unmarshal', 'schema']);
  });

  it('recognizes TLS handshakes as connection setup', () => {
    assert.equal(classifyFrame(go('crypto/tls.(*Conn).clientHandshake', '/usr/lib/go/src/crypto/tls/handshake_client.go'))!.category, 'connection-setup');
    assert.equal(classifyFrame(js('TLSSocket._start', 'node:_tls_wrap'))!.category, 'connection-setup');
    assert.equal(classifyFrame(js('TLSSocket._write', 'node:_tls_wrap')), undefined);
  });
});

describe('transparent and GC frames', () => {
  it('treats Go runtime/stdlib and JS builtins as transparent, user and SDK code not', () => {
    assert.equal(isTransparent(go('reflect.StructTag.Lookup', '/usr/lib/go-1.19/src/reflect/type.go')), true);
    assert.equal(isTransparent(go('encoding/json.(*decodeState).object', 'encoding/json/decode.go')), true);
    assert.equal(isTransparent(go('main.main.func1', '/home/dev/adserver/cmd/adserver/main.go')), false);
    assert.equal(isTransparent(go('github.com/example/adserver/internal/handler.(*AdHandler).ServeHTTP', '/home/dev/adserver/internal/handler/handler.go')), false);
    assert.equal(isTransparent(js('parse', '')), true);
    assert.equal(isTransparent(js('processTicksAndRejections', 'node:internal/process/task_queues')), true);
    assert.equal(isTransparent(js('(garbage collector)', '')), false);
    assert.equal(isTransparent(js('arrayEach', '/a/node_modules/aws-sdk/lib/util.js')), true);
  });

  it('knows GC workers', () => {
    assert.equal(isGcFrame(go('runtime.gcBgMarkWorker', '/usr/lib/go/src/runtime/mgc.go')), true);
    assert.equal(isGcFrame(js('(garbage collector)', '')), true);
    assert.equal(isGcFrame(go('runtime.mallocgc', '/usr/lib/go/src/runtime/malloc.go')), false);
  });

  it('counts aws-sdk-go-v2 retry decisions and backoff as the error path, not the retry middleware every request runs', () => {
    const retry = 'github.com/aws/aws-sdk-go-v2/aws/retry.';
    for (const fn of ['(*Standard).IsErrorRetryable', '(*ExponentialJitterBackoff).BackoffDelay', '(*Standard).GetRetryToken']) {
      assert.equal(classifyFrame(go(retry + fn))?.ruleId, 'go-v2-retry', fn);
      assert.equal(classifyFrame(go(retry + fn))?.mechanism, 'error-path', fn);
    }
    for (const fn of ['AddRetryMiddlewares', '(*Attempt).HandleFinalize', '(*Attempt).handleAttempt', 'MetricsHeader.HandleFinalize', 'setRetryMetricsHeader']) {
      assert.equal(classifyFrame(go(retry + fn)), undefined, fn);
    }
  });
});
