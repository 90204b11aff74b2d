// Baseline for `npm run perf:record`: the same @datadog/pprof time profiler, with the same options
// as the recorder's pprof format (withContexts, collectCpuTime, 1 ms), started by a preload but
// without the recorder's SDK patches, AsyncLocalStorage and async_hooks hook. The profile is
// encoded on exit as the recorder does, so only the recorder's own work differs.
const { writeFileSync } = require('node:fs');
const pprof = require('@datadog/pprof');

pprof.time.start({ intervalMicros: 1000, withContexts: true, collectCpuTime: true, lineNumbers: false });
process.prependListener('exit', () => {
  const out = process.env.DYNAMO_HOTPATH_RECORD_OUT;
  const encoded = pprof.encodeSync(pprof.time.stop(false));
  if (out) writeFileSync(out, encoded);
});
