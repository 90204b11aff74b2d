// The sample service's request, for the record-overhead children (recordOverheadLoad.cjs,
// recordOverheadWorker.cjs): the handler of fixtures/node-adserver (compiled dist) on aws-sdk v2
// or v3 against `endpoint`, and their command-line options.
const { join } = require('node:path');

const DIST = join(__dirname, '..', 'fixtures', 'node-adserver', 'src', 'dist');
const URL_PATH = '/v1/ad?user=u-000042&campaign=cmp-1042';

/** The value of `--name` on the command line; throws naming `script` when it is missing. */
function arg(script, name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || process.argv[i + 1] === undefined) throw new Error(`${script}: --${name} is required`);
  return process.argv[i + 1];
}

/** `send()`: one ad request through the service's handler; rejects when it does not answer 200. */
function serviceRequest(variant, endpoint) {
  const cfg = { endpoint, region: 'us-east-1', maxSockets: 64 };
  const Repository = variant === 'v2' ? require(join(DIST, 'repository', 'v2-adapter.js')).V2Repository : require(join(DIST, 'repository', 'v3-adapter.js')).V3Repository;
  const { AdHandler } = require(join(DIST, 'handler', 'ad-handler.js'));
  const handler = new AdHandler(new Repository(cfg));
  return async () => {
    const r = await handler.handle(URL_PATH);
    if (r.status !== 200) throw new Error(`request failed: ${r.status} ${r.body}`);
  };
}

/** Sends `requests` requests with `send` from `concurrency` async workers; resolves to the process's user+system CPU over them (µs). */
async function timedRequests(send, requests, concurrency) {
  let left = requests;
  const cpu0 = process.cpuUsage();
  const worker = async () => {
    while (left-- > 0) await send();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(cpu0);
  return cpu.user + cpu.system;
}

module.exports = { arg, serviceRequest, timedRequests };
