// Child process of `npm run perf:record:rounds`: a long-lived service process. Builds the sample
// service's handler (fixtures/node-adserver, compiled dist) on aws-sdk v2 or v3, warms it up, says
// `ready`, then on each `{ requests, concurrency }` message sends exactly that many requests from
// `concurrency` async workers and answers with the process's own user+system CPU over them
// (process.cpuUsage, µs, every thread: the profiler's included). On `exit` it leaves through
// process.exit, so the profilers write their files as they would at the end of a real run.
const { arg: required, serviceRequest, timedRequests } = require('./recordOverheadService.cjs');

const arg = (name) => required('recordOverheadWorker', name);

async function main() {
  const send = serviceRequest(arg('variant'), arg('endpoint'));
  for (let i = Number(arg('warmup')); i > 0; i--) await send();
  process.on('message', async (message) => {
    if (message === 'exit') return setImmediate(() => process.exit(0));
    process.send({ cpuUs: await timedRequests(send, message.requests, message.concurrency) });
  });
  process.send('ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
