/** Where profiles fetched from Pyroscope by `analyze_profile` are kept, so later calls (compare_profiles) may read them. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A folder of the system's temporary folder, readable by every tool call besides the client's roots. */
export const DOWNLOADS_DIR = join(tmpdir(), 'dynamo-hotpath-agent');
