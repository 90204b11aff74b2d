/**
 * What the record-overhead benchmarks (perf/recordOverhead.ts, perf/recordOverheadRounds.ts) run
 * the sample service under: its command-line options and the Node arguments and environment of
 * each configuration.
 */
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The value of `--name` on this script's command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const PROFILER_ONLY = resolve('perf/profilerOnly.cjs');

/** The recorder bundles measured: `record` (`record`, `record-cpu`) and `old` (`record-old`, `record-cpu-old`). */
export interface RecorderBundles {
  readonly record: string;
  readonly old: string | undefined;
}

/**
 * Node arguments and environment of `config`, writing its profile to `out` + extension (or into
 * `dir` for `--cpu-prof`): `none` no profiler; `pprof` @datadog/pprof alone with the recorder's
 * options (perf/profilerOnly.cjs); `record` the recorder (pprof); `cpu-prof` `node --cpu-prof`
 * (1 ms); `record-cpu` the recorder in cpuprofile format; `-old` the same with `bundles.old`. A
 * trailing `2` (`none2`, `pprof2`) is a second process of the same configuration (an A/A control).
 * @throws Error for an unknown configuration, or an `-old` one without `bundles.old`.
 */
export function configArgsAndEnv(config: string, out: string, dir: string, bundles: RecorderBundles): { args: string[]; env: NodeJS.ProcessEnv } {
  const base = config.replace(/2$/, '');
  const bundle = base.endsWith('-old') ? bundles.old : bundles.record;
  if (bundle === undefined) throw new Error(`${config} needs --old-bundle PATH`);
  switch (base) {
    case 'none':
      return { args: [], env: {} };
    case 'pprof':
      return { args: [], env: { NODE_OPTIONS: `--require ${PROFILER_ONLY}`, DYNAMO_HOTPATH_RECORD_OUT: `${out}.pb.gz` } };
    case 'record':
    case 'record-old':
      return { args: [], env: { NODE_OPTIONS: `--require ${bundle}`, DYNAMO_HOTPATH_RECORD_OUT: `${out}.pb.gz` } };
    case 'cpu-prof':
      return { args: ['--cpu-prof', '--cpu-prof-interval', '1000', '--cpu-prof-dir', dir], env: {} };
    case 'record-cpu':
    case 'record-cpu-old':
      return { args: [], env: { NODE_OPTIONS: `--require ${bundle}`, DYNAMO_HOTPATH_RECORD_OUT: `${out}.cpuprofile` } };
    default:
      throw new Error(`unknown configuration ${config}`);
  }
}
