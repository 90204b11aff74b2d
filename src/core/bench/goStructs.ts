/**
 * The struct types of a Go module, for choosing what the Go benchmark converts when the call site
 * does not say: every `type Name struct` in the module's non-test .go files (vendor, testdata and
 * dot-folders skipped), as `<import path>.<Name>` with its file and line. Text scan, no build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readModulePath } from '../go/goModule';

/** One struct type found. `line` is 1-based. */
export interface GoStructRef {
  goType: string;
  name: string;
  file: string;
  line: number;
}

const SKIP = new Set(['vendor', 'testdata', 'node_modules']);

/** Lists the struct types under `moduleRoot` (at most `limit`, default 2000), in path order. */
export function listModuleStructs(moduleRoot: string, limit = 2000): GoStructRef[] {
  const modulePath = readModulePath(moduleRoot);
  const out: GoStructRef[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= limit) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !entry.name.startsWith('_') && !SKIP.has(entry.name)) walk(path);
      } else if (entry.name.endsWith('.go') && !entry.name.endsWith('_test.go')) {
        const rel = relative(moduleRoot, dir).split('\\').join('/');
        const importPath = rel ? `${modulePath}/${rel}` : modulePath;
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((text, i) => {
            const m = /^type\s+([A-Za-z_]\w*)\s+struct\s*\{/.exec(text);
            if (m) out.push({ goType: `${importPath}.${m[1]}`, name: m[1]!, file: path, line: i + 1 });
          });
      }
    }
  };
  walk(moduleRoot);
  return out;
}
