// Child process of `npm run perf:record:rounds`: a long-lived service process. Builds the sample
// service's handler (fixtures/node-adserver, compiled dist) on aws-sdk v2 or v3, warms it up, says
// `ready`, then on each `{ requests, concurrency }` message sends exactly that many requests from
// `concurrency` async workers and answers with the process's own user+system CPU over them
// (process.cpuUsage, µs, every thread: the profiler's included). On `exit` it leaves through
// process.exit, so the profilers write their files as they would at the end of a real run.
const { join } = require('node:path');

const DIST = join(__dirname, '..', 'fixtures', 'node-adserver', 'src', 'dist');
const URL_PATH = '/v1/ad?user=u-000042&campaign=cmp-1042';

function arg(name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || process.argv[i + 1] === undefined) throw new Error(`recordOverheadWorker: --${name} is required`);
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
  process.on('message', async (message) => {
    if (message === 'exit') return setImmediate(() => process.exit(0));
    let left = message.requests;
    const cpu0 = process.cpuUsage();
    const worker = async () => {
      while (left-- > 0) await send();
    };
    await Promise.all(Array.from({ length: message.concurrency }, worker));
    const cpu = process.cpuUsage(cpu0);
    process.send({ cpuUs: cpu.user + cpu.system });
  });
  process.send('ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
