// Child process of `npm run perf:record`: a fixed amount of work for every configuration, so
// that runs differ only in the profiler and recorder around it. Builds the sample service's
// handler (fixtures/node-adserver, compiled dist) on aws-sdk v2 or v3, sends --warmup requests,
// then exactly --requests requests from --concurrency async workers, and writes to --out the
// process's own user+system CPU over those requests (process.cpuUsage, µs, every thread: the
// profiler's included). Exits through process.exit so the profilers write their files on exit.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const DIST = join(__dirname, '..', 'fixtures', 'node-adserver', 'src', 'dist');
const URL_PATH = '/v1/ad?user=u-000042&campaign=cmp-1042';

function arg(name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || process.argv[i + 1] === undefined) throw new Error(`recordOverheadLoad: --${name} is required`);
  return process.argv[i + 1];
}

async function main() {
  const variant = arg('variant');
  const cfg = { endpoint: arg('endpoint'), region: 'us-east-1', maxSockets: 64 };
  const Repository = variant === 'v2' ? require(join(DIST, 'repository', 'v2-adapter.js')).V2Repository : require(join(DIST, 'repository', 'v3-adapter.js')).V3Repository;
  const { AdHandler } = require(join(DIST, 'handler', 'ad-handler.js'));
  const handler = new AdHandler(new Repository(cfg));
  const send = async () => {
    const r = await handler.handle(URL_PATH);
    if (r.status !== 200) throw new Error(`request failed: ${r.status} ${r.body}`);
  };
  for (let i = Number(arg('warmup')); i > 0; i--) await send();
  let left = Number(arg('requests'));
  const cpu0 = process.cpuUsage();
  const worker = async () => {
    while (left-- > 0) await send();
  };
  await Promise.all(Array.from({ length: Number(arg('concurrency')) }, worker));
  const cpu = process.cpuUsage(cpu0);
  writeFileSync(arg('out'), JSON.stringify({ windowCpuUs: cpu.user + cpu.system }));
}

main().then(
  () => setImmediate(() => process.exit(0)),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
