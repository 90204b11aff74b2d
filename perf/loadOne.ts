/**
 * Child process of `npm run perf`: loads and analyses one profile, prints one JSON line
 * `{ loadMs, analyzeMs, maxRssBytes, heapBeforeBytes, samples }`. Run in a fresh process per file
 * so that peak RSS belongs to that file alone.
 */
import { readProfileFile } from '../src/core/profile/read';
import { analyzeProfile } from '../src/core/analysis/analyze';
import { createPathResolver } from '../src/core/paths/resolve';
import { createWorkspaceIndex } from '../src/core/paths/scan';

async function main(): Promise<void> {
  const [file, root = process.cwd()] = process.argv.slice(2);
  if (!file) throw new Error('usage: loadOne <profile> [root]');
  const baseRss = process.memoryUsage().rss;
  const t0 = performance.now();
  const profile = await readProfileFile(file);
  const t1 = performance.now();
  const resolver = createPathResolver(createWorkspaceIndex(root, [], []), []);
  const analysis = analyzeProfile(profile, { resolver });
  const t2 = performance.now();
  process.stdout.write(
    `${JSON.stringify({
      loadMs: t1 - t0,
      analyzeMs: t2 - t1,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      baseRssBytes: baseRss,
      samples: profile.samples.length,
      dynamoPercent: (analysis.dynamoWeight / analysis.totalWeight) * 100,
    })}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
