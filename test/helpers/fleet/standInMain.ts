/**
 * STAND-IN Pyroscope server as a process, for the editor tier and manual trials:
 * `node --import tsx test/helpers/fleet/standInMain.ts --profile FILE [--after FILE --deploy ISO]
 *  [--token T] [--services a,b] [--max-query-length 24h]`; prints `STAND-IN PYROSCOPE <url>` once
 * listening and serves until killed. With `--deploy`, windows ending at or before it get
 * `--profile`, later ones `--after`. `--max-query-length` refuses longer ranges as Pyroscope's
 * frontend does by default (no lookback limit: the deploy windows are fixed dates).
 */
import { parseArgs } from 'node:util';
import { parseDuration } from '../../../src/core/fleet/timeSpec';
import { startPyroscopeStandIn } from './pyroscopeStandIn';

const { values } = parseArgs({
  options: { profile: { type: 'string' }, after: { type: 'string' }, deploy: { type: 'string' }, token: { type: 'string' }, services: { type: 'string' }, 'max-query-length': { type: 'string' } },
});
if (!values.profile) throw new Error('--profile FILE is required');
const deployMs = values.deploy ? Date.parse(values.deploy) : undefined;
void startPyroscopeStandIn({
  profileFor: (q) => (deployMs !== undefined && values.after && q.startMs >= deployMs ? values.after : values.profile),
  ...(values.token ? { auth: { kind: 'bearer' as const, token: values.token } } : {}),
  services: (values.services ?? 'adserver').split(','),
  ...(values['max-query-length'] ? { rangeLimits: { maxQueryLengthMs: parseDuration(values['max-query-length']), maxQueryLookbackMs: Number.MAX_SAFE_INTEGER } } : {}),
}).then((standIn) => {
  process.stdout.write(`STAND-IN PYROSCOPE ${standIn.url}\n`);
  process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
});
