// Child process of `npm run perf:record`: a fixed amount of work for every configuration, so
// that runs differ only in the profiler and recorder around it. Builds the sample service's
// handler (fixtures/node-adserver, compiled dist) on aws-sdk v2 or v3, sends --warmup requests,
// then exactly --requests requests from --concurrency async workers, and writes to --out the
// process's own user+system CPU over those requests (process.cpuUsage, µs, every thread: the
// profiler's included). Exits through process.exit so the profilers write their files on exit.
const { writeFileSync } = require('node:fs');
const { arg: required, serviceRequest, timedRequests } = require('./recordOverheadService.cjs');

const arg = (name) => required('recordOverheadLoad', name);

async function main() {
  const send = serviceRequest(arg('variant'), arg('endpoint'));
  for (let i = Number(arg('warmup')); i > 0; i--) await send();
  const windowCpuUs = await timedRequests(send, Number(arg('requests')), Number(arg('concurrency')));
  writeFileSync(arg('out'), JSON.stringify({ windowCpuUs }));
}

main().then(
  () => setImmediate(() => process.exit(0)),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
