/**
 * `npm run perf:go-migrate [-- --runs N]`: `dynamo-hotpath migrate` on a 20-file guregu/dynamo v1
 * package, as a user pays it — whole processes of the package's bin over the production bundle
 * (`npm run build` first), under GNU time: the first use (an empty helper cache, so the Go helper
 * is built with the machine's go inside the run) and warm runs (the helper cached; median of N,
 * default 3), side by side in one run, with wall time, CPU (user + system, children included)
 * and peak RSS. The module is a temporary copy of test/fixtures/go-migrate's go.mod/go.sum (every
 * module in the cache: scripts/goSetup.sh) with the generated package; go's own build cache is
 * warm from the first run on, as on a developer's machine. Asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GNU_TIME, medianRun, type ProcessRun } from './processRuns';
import { ensureTools } from './tools';

const REPO = join(__dirname, '..');
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1] ?? 3) || 3;
const FILES = 20;

/** One file of the package: a store on guregu/dynamo v1 with the calls the migration rewrites. */
function storeFile(i: number): string {
  return `package stores

import (
	"context"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/guregu/dynamo"
)

type Item${i} struct {
	ID    string \`dynamo:"id,hash"\`
	Name  string \`dynamo:"name"\`
	Count int64  \`dynamo:"count"\`
}

type Store${i} struct{ table dynamo.Table }

func Open${i}(region string) *Store${i} {
	db := dynamo.New(session.Must(session.NewSession()), &aws.Config{Region: aws.String(region), MaxRetries: aws.Int(5)})
	return &Store${i}{table: db.Table("Items${i}")}
}

func (s *Store${i}) Get(ctx context.Context, id string) (Item${i}, error) {
	var it Item${i}
	err := s.table.Get("id", id).OneWithContext(ctx, &it)
	return it, err
}

func (s *Store${i}) Put(it Item${i}) error { return s.table.Put(it).Run() }

func (s *Store${i}) List(limit int64) ([]Item${i}, error) {
	var out []Item${i}
	err := s.table.Scan().Limit(limit).All(&out)
	return out, err
}

func (s *Store${i}) Bump(ctx context.Context, id string) error {
	return s.table.Update("id", id).Add("count", 1).RunWithContext(ctx)
}

func (s *Store${i}) Count() (int64, error) {
	n, err := s.table.Scan().Count()
	return n, err
}
`;
}

/** Runs the CLI's migrate on the package under GNU time; exit 0 or 1 (changes found) is a success. */
function timedMigrate(module: string, cache: string): ProcessRun & { changed: string } {
  const r = spawnSync(GNU_TIME, ['-f', 'DHP-TIME %e %U %S %M', process.execPath, join(REPO, 'bin/dynamo-hotpath.js'), 'migrate', join(module, 'stores')], {
    cwd: module,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, DYNAMO_HOTPATH_CACHE: cache, GOPROXY: 'off', GOFLAGS: '-mod=mod' },
  });
  const line = /DHP-TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(r.stderr ?? '');
  if (![0, 1].includes(r.status ?? -1) || !line) throw new Error(`migrate failed (exit ${r.status}): ${(r.stderr ?? '').slice(-800)}`);
  const changed = /^(\d+ of \d+ files? would change.*)$/m.exec(r.stderr)?.[1] ?? '?';
  return { wallS: Number(line[1]), cpuS: Number(line[2]) + Number(line[3]), peakRssBytes: Number(line[4]) * 1024, changed };
}

function main(): void {
  const goVersion = ensureTools();
  if (!existsSync(join(REPO, 'dist/cli.js'))) throw new Error('dist/cli.js is missing: run npm run build first');
  const module = mkdtempSync(join(tmpdir(), 'dhp-perf-gomigrate-'));
  const cache = join(module, '.helper-cache');
  try {
    for (const f of ['go.mod', 'go.sum']) copyFileSync(join(REPO, 'test/fixtures/go-migrate', f), join(module, f));
    mkdirSync(join(module, 'stores'));
    for (let i = 0; i < FILES; i++) writeFileSync(join(module, 'stores', `store${i}.go`), storeFile(i));
    const first = timedMigrate(module, cache);
    const warm: ProcessRun[] = [];
    let changed = first.changed;
    for (let i = 0; i < RUNS; i++) {
      const r = timedMigrate(module, cache);
      warm.push(r);
      changed = r.changed;
    }
    const w = medianRun(warm);
    const row = (name: string, r: ProcessRun) => `| ${name} | ${r.wallS.toFixed(2)} s | ${r.cpuS.toFixed(2)} s | ${(r.peakRssBytes / 1e6).toFixed(0)} MB |`;
    console.log(`migrate on a ${FILES}-file guregu/dynamo v1 package (${changed}); ${goVersion}; whole processes under GNU time`);
    console.log('| run | wall | CPU (user+sys, children) | peak RSS |');
    console.log('|---|---|---|---|');
    console.log(row('first use (Go helper built in the run)', first));
    console.log(row(`warm (helper cached), median of ${RUNS}`, w));
    console.log(`first use / warm: wall ${(first.wallS / w.wallS).toFixed(2)}×, CPU ${(first.cpuS / w.cpuS).toFixed(2)}×`);
  } finally {
    rmSync(module, { recursive: true, force: true });
  }
}

main();
