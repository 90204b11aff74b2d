// Source maps written by the real tools: tsc (file and inline maps), esbuild (file map; inline
// and minified), webpack (file and inline maps, minified). Each output runs under
// `node --cpu-prof`; the recorded frames must come back to the .ts declarations.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { readProfileFile } from '../../../src/core/profile/read';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { mapProfileSources } from '../../../src/core/sourcemap/mapProfileSources';
import { createSourceMapper } from '../../../src/core/sourcemap/sourceMapper';
import { diskFiles } from '../../../src/core/sourcemap/diskFiles';
import { ADAPTER_TS, buildAndProfile, lineOf, type Tool } from './buildWithTools';

const TOOLS: Tool[] = ['tsc', 'tsc-inline', 'esbuild', 'esbuild-inline-minified', 'webpack', 'webpack-inline'];

for (const tool of TOOLS) {
  describe(`source maps of ${tool} output`, async () => {
    const { dir, profilePath } = await buildAndProfile(tool);
    const profile = await readProfileFile(profilePath);
    const resolver = createPathResolver(await scanWorkspace(dir));
    const { profile: mapped, coverage } = mapProfileSources(profile, resolver, createSourceMapper(diskFiles));

    it('maps the callers of the busy function to their .ts declarations, with their own names', () => {
      // A sample whose leaf is in a function's body adds a frame at that line (more of them on a
      // busy machine); the frames seen as callers are the functions' declarations.
      const callers = new Set(mapped.samples.flatMap((s) => [...s.stack.subarray(1)]));
      const adapter = mapped.frames.filter((f, id) => callers.has(id) && f.file.endsWith('src/adapter.ts'));
      const names = new Map(adapter.map((f) => [f.name, f.line]));
      assert.equal(names.get('getUserActivity'), lineOf(ADAPTER_TS, 'getUserActivity(userId'), JSON.stringify([...names]));
      assert.equal(names.get('handleRequest'), lineOf(ADAPTER_TS, 'function handleRequest'), JSON.stringify([...names]));
      assert.ok(!mapped.frames.some((f) => /\/dist\/(main|bundle)\.js$/.test(f.file) && f.name === 'getUserActivity'), 'no caller frame stays on the JavaScript');
    });

    it('reports the generated file as mapped, with the map it read', () => {
      const generated = coverage.files.find((f) => f.generatedFile.startsWith('dist/'))!;
      assert.equal(generated.status, 'mapped');
      assert.equal(generated.mapFile === undefined, tool.includes('inline'), `${generated.mapFile}`);
      assert.equal(coverage.missingWeight, 0);
      assert.ok(coverage.mappedWeight > 0);
    });

    it('cleans up', () => rmSync(dir, { recursive: true, force: true }));
  });
}
