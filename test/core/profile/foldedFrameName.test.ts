// Frame names of folded stacks, in the spellings real tools write: `perf script` of a Node run with
// --perf-basic-prof (recorded here with Linux perf 6.1 and Node 20, folded by stackcollapse-perf.pl),
// older Node's LazyCompile names, stack-trace style, Pyroscope's Node SDK, and names with no position.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseFoldedFrameName } from '../../../src/core/profile/foldedFrameName';

const at = (name: string, file: string, line: number, column = 0) => ({ name, file, line, column, inlined: false, kernel: false });

describe('positions in folded frame names', () => {
  it('reads V8 code-event names as perf script prints them (Node 20: JS:, tier markers, anonymous, node: modules)', () => {
    assert.deepEqual(parseFoldedFrameName('JS:*marshall /srv/app/index.js:276:18'), at('marshall', '/srv/app/index.js', 276, 18));
    assert.deepEqual(parseFoldedFrameName('JS:^getUserActivity /srv/app/dist/repository/v2-adapter.js:63:26'), at('getUserActivity', '/srv/app/dist/repository/v2-adapter.js', 63, 26));
    assert.deepEqual(parseFoldedFrameName('JS:~ node:path:1208:10'), at('(anonymous)', 'node:path', 1208, 10));
    assert.deepEqual(parseFoldedFrameName('JS:+Translator.translate /srv/app/node_modules/aws-sdk/lib/dynamodb/translator.js:21:42'), at('Translator.translate', '/srv/app/node_modules/aws-sdk/lib/dynamodb/translator.js', 21, 42));
    assert.deepEqual(parseFoldedFrameName('JS:*get size /srv/app/x.js:9:3'), at('get size', '/srv/app/x.js', 9, 3));
  });

  it('reads older Node (LazyCompile:, Function:, Script:) and file URLs of ES modules', () => {
    assert.deepEqual(parseFoldedFrameName('LazyCompile:~marshall /path/index.js:276:18'), at('marshall', '/path/index.js', 276, 18));
    assert.deepEqual(parseFoldedFrameName('LazyCompile:_tickDomainCallback node.js:387'), at('_tickDomainCallback', 'node.js', 387));
    assert.deepEqual(parseFoldedFrameName('Function:^handle file:///srv/my%20app/main.mjs:3:1'), at('handle', '/srv/my app/main.mjs', 3, 1));
    assert.deepEqual(parseFoldedFrameName('Script:~ /srv/app/main.js:1:1'), at('(anonymous)', '/srv/app/main.js', 1, 1));
  });

  it('removes stackcollapse-perf.pl annotations and symbol offsets; _[k] is a kernel frame with no file', () => {
    assert.deepEqual(parseFoldedFrameName('JS:*marshall /srv/app/index.js:276:18_[j]'), at('marshall', '/srv/app/index.js', 276, 18));
    assert.deepEqual(parseFoldedFrameName('exc_page_fault_[k]'), { ...at('exc_page_fault', '', 0), kernel: true });
    assert.deepEqual(parseFoldedFrameName('memcpy_[i]'), { ...at('memcpy', '', 0), inlined: true });
    assert.deepEqual(parseFoldedFrameName('JS:*marshall /srv/app/index.js:276:18+0x21d'), at('marshall', '/srv/app/index.js', 276, 18));
  });

  it('reads stack-trace style and Pyroscope Node names', () => {
    assert.deepEqual(parseFoldedFrameName('getTargetingModel (/srv/app/dist/repository/v2-adapter.js:73:28)'), at('getTargetingModel', '/srv/app/dist/repository/v2-adapter.js', 73, 28));
    assert.deepEqual(parseFoldedFrameName('(anonymous) (/srv/app/dist/main.js:57:50)'), at('(anonymous)', '/srv/app/dist/main.js', 57, 50));
    assert.deepEqual(parseFoldedFrameName('./build/index.js:bikeSearchHandler:26'), at('bikeSearchHandler', './build/index.js', 26));
    assert.deepEqual(parseFoldedFrameName('node:internal/modules/cjs/loader:Module._compile:1482'), at('Module._compile', 'node:internal/modules/cjs/loader', 1482));
  });

  it('keeps names that hold no script position as they are (Go, C++, process names, [unknown])', () => {
    for (const name of [
      'github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshalStruct',
      'net/http.(*conn).serve',
      'v8::internal::(anonymous namespace)::Invoke',
      'v8::internal::JsonParser<unsigned char>::ParseJson',
      'Builtins_JSEntryTrampoline',
      'node',
      '[unknown]',
      'main.foo:file.go:137',
    ]) {
      assert.deepEqual(parseFoldedFrameName(name), at(name, '', 0), name);
    }
  });
});
