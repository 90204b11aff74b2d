/**
 * STAND-IN Pyroscope server as a process, for the editor tier and manual trials:
 * `node --import tsx test/helpers/fleet/standInMain.ts --profile FILE [--after FILE --deploy ISO]
 *  [--token T] [--services a,b]`; prints `STAND-IN PYROSCOPE <url>` once listening and serves until killed.
 * With `--deploy`, windows ending at or before it get `--profile`, later ones `--after`.
 */
import { parseArgs } from 'node:util';
import { startPyroscopeStandIn } from './pyroscopeStandIn';

const { values } = parseArgs({
  options: { profile: { type: 'string' }, after: { type: 'string' }, deploy: { type: 'string' }, token: { type: 'string' }, services: { type: 'string' } },
});
if (!values.profile) throw new Error('--profile FILE is required');
const deployMs = values.deploy ? Date.parse(values.deploy) : undefined;
void startPyroscopeStandIn({
  profileFor: (q) => (deployMs !== undefined && values.after && q.startMs >= deployMs ? values.after : values.profile),
  ...(values.token ? { auth: { kind: 'bearer' as const, token: values.token } } : {}),
  services: (values.services ?? 'adserver').split(','),
}).then((standIn) => {
  process.stdout.write(`STAND-IN PYROSCOPE ${standIn.url}\n`);
  process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
});
