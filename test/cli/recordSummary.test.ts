// `record`'s summary: one line per call site and first caller; contexts that differ only in outer
// callers (the same helper line reached from a handler called by a warm-up loop and by the request
// loop) are one line with their calls added. Positions in built JavaScript are shown at their source.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { bundledDependencyOf, recordedSiteLines, sourcePositionText } from '../../src/cli/recordSummary';
import { createSourceMapper } from '../../src/core/sourcemap/sourceMapper';
import { diskFiles } from '../../src/core/sourcemap/diskFiles';
import { ADAPTER_TS, lineOf } from '../core/sourcemap/buildWithTools';
import { CALL_SITE_LABEL, CALLERS_LABEL, callersLabel, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL } from '../../src/core/analysis/recorderLabels';

const site = { [CALL_SITE_LABEL]: '/srv/db.js:8:20', [FUNCTION_LABEL]: 'query', [OPERATION_LABEL]: 'Query', [CLIENT_LABEL]: 'DocumentClient' };
const listOrders = { file: '/srv/handlers.js', line: 10, column: 5, functionName: 'listOrders' };

describe('record summary lines', () => {
  it('merges contexts whose first caller is the same, sums their calls, heaviest first', () => {
    const lines = recordedSiteLines([
      { labels: { ...site, [CALLERS_LABEL]: callersLabel([listOrders, { file: '/srv/main.js', line: 9, column: 3, functionName: 'warmUp' }]) }, calls: 30 },
      { labels: { ...site, [CALLERS_LABEL]: callersLabel([{ ...listOrders, line: 5, functionName: 'listBadges' }]) }, calls: 100 },
      { labels: { ...site, [CALLERS_LABEL]: callersLabel([listOrders, { file: '/srv/main.js', line: 20, column: 3, functionName: 'main' }]) }, calls: 412 },
      { labels: { [OPERATION_LABEL]: 'GetItem', [CLIENT_LABEL]: 'DynamoDBClient' }, calls: 2 },
    ]);
    assert.deepEqual(lines, [
      '      442  Query on DocumentClient  query  /srv/db.js:8:20  ← listOrders /srv/handlers.js:10:5',
      '      100  Query on DocumentClient  query  /srv/db.js:8:20  ← listBadges /srv/handlers.js:5:5',
      '        2  GetItem on DynamoDBClient    (no frame of your code on the stack)',
    ]);
  });
});

describe('record summary positions', () => {
  it('shows a position in built JavaScript at its TypeScript line, the generated one beside it (trial6 F14)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-record-summary-'));
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src/adapter.ts'), ADAPTER_TS);
      buildSync({ entryPoints: [join(dir, 'src/adapter.ts')], outfile: join(dir, 'dist/adapter.js'), sourcemap: true, format: 'cjs', logLevel: 'silent' });
      const js = readFileSync(join(dir, 'dist/adapter.js'), 'utf8');
      const jsLine = lineOf(js, 'this.client.query(');
      const jsColumn = js.split('\n')[jsLine - 1]!.indexOf('this.client.query(') + 1;
      const tsLine = lineOf(ADAPTER_TS, 'this.client.query(');
      const tsColumn = ADAPTER_TS.split('\n')[tsLine - 1]!.indexOf('this.client.query(') + 1;
      const generated = join(dir, 'dist/adapter.js');
      const lines = recordedSiteLines(
        [{ labels: { ...site, [CALL_SITE_LABEL]: `${generated}:${jsLine}:${jsColumn}`, [CALLERS_LABEL]: callersLabel([{ ...listOrders, file: join(dir, 'main.js') }]) }, calls: 7 }],
        sourcePositionText(createSourceMapper(diskFiles), diskFiles, dir),
      );
      assert.deepEqual(lines, [
        `        7  Query on DocumentClient  query  ${join(dir, 'src/adapter.ts')}:${tsLine}:${tsColumn} (adapter.js:${jsLine}:${jsColumn})  ← listOrders ${join(dir, 'main.js')}:10:5`,
      ]);
      assert.notEqual(jsLine, tsLine);
      // The source edited after the build: the map's sourcesContent is not today's file, so its lines are not trusted.
      writeFileSync(join(dir, 'src/adapter.ts'), `// moved\n// down\n${ADAPTER_TS}`);
      const stale = sourcePositionText(createSourceMapper(diskFiles), diskFiles, dir)(generated, jsLine, jsColumn);
      assert.equal(stale, `${generated}:${jsLine}:${jsColumn}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('record summary with a library bundled into the program (trial7 N4)', () => {
  it('names the first frame of the user\'s code as the call site, and the package the call went through', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-record-bundled-'));
    try {
      mkdirSync(join(dir, 'src'));
      mkdirSync(join(dir, 'node_modules/@acme/toolbox'), { recursive: true });
      const LIBRARY = 'exports.query = function query(client, params) {\n  return client.query(params).promise();\n};\n';
      const APP = "import { query } from '@acme/toolbox';\n\nexport async function listUsers(client: any) {\n  const out = await query(client, { TableName: 'users' });\n  return out.Items;\n}\n";
      writeFileSync(join(dir, 'node_modules/@acme/toolbox/index.js'), LIBRARY);
      writeFileSync(join(dir, 'src/app.ts'), APP);
      buildSync({ entryPoints: [join(dir, 'src/app.ts')], outfile: join(dir, 'dist/app.js'), bundle: true, sourcemap: true, format: 'cjs', platform: 'node', logLevel: 'silent', absWorkingDir: dir });
      const js = readFileSync(join(dir, 'dist/app.js'), 'utf8');
      const at = (needle: string) => {
        const line = lineOf(js, needle);
        return { line, column: js.split('\n')[line - 1]!.indexOf(needle) + 1 };
      };
      const generated = join(dir, 'dist/app.js');
      const inLibrary = at('client.query(params)');
      const inApp = at('await (0, import_toolbox.query)(client');
      const mapper = createSourceMapper(diskFiles);
      const lines = recordedSiteLines(
        [{ labels: { ...site, [CALL_SITE_LABEL]: `${generated}:${inLibrary.line}:${inLibrary.column}`, [CALLERS_LABEL]: callersLabel([{ file: generated, ...inApp, functionName: 'listUsers' }, listOrders]) }, calls: 3 }],
        sourcePositionText(mapper, diskFiles, dir),
        bundledDependencyOf(mapper),
      );
      const appColumn = APP.split('\n')[3]!.indexOf('await query(client') + 1;
      assert.deepEqual(lines, [
        `        3  Query on DocumentClient  listUsers  ${join(dir, 'src/app.ts')}:4:${appColumn} (app.js:${inApp.line}:${inApp.column})  (through @acme/toolbox)  ← listOrders /srv/handlers.js:10:5`,
      ]);
      // Without the bundle's map nothing tells the library apart: the recorded site stays.
      const unmapped = recordedSiteLines([{ labels: { ...site, [CALL_SITE_LABEL]: `${generated}:${inLibrary.line}:${inLibrary.column}` }, calls: 1 }]);
      assert.deepEqual(unmapped, [`        1  Query on DocumentClient  query  ${generated}:${inLibrary.line}:${inLibrary.column}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('adds what the calls did under a line when something happened: new connections, retries, failures, unprocessed items', () => {
    const stats = { calls: 120, attempts: 160, retriedCalls: 30, retries: { ThrottlingException: 40 }, errors: { ThrottlingException: 2 }, handshakes: 120, resumedHandshakes: 0, unprocessedItems: 31, unprocessedResent: 6 };
    assert.deepEqual(recordedSiteLines([{ labels: site, calls: 120, stats }, { labels: { ...site, [CALL_SITE_LABEL]: '/srv/db.js:9:3' }, calls: 5, stats: { ...stats, calls: 5, retriedCalls: 0, retries: {}, errors: {}, handshakes: 0, unprocessedItems: 0 } }]), [
      '      120  Query on DocumentClient  query  /srv/db.js:8:20',
      '           120 new TLS connections · 30 retried (ThrottlingException 40) · 2 failed (ThrottlingException 2) · 31 unprocessed, 25 dropped',
      '        5  Query on DocumentClient  query  /srv/db.js:9:3',
    ]);
  });
});
