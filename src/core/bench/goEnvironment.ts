/**
 * The Go side of a benchmark's environment line: the toolchain (`go version`) and the versions of
 * the DynamoDB modules the benchmark was linked with (`go list -m`, replacements shown), read in
 * the sandbox after the build so they are exactly what ran.
 */
import type { GoSandbox } from '../go/goSandbox';
import { execGroup } from '../go/goExec';

/** Module paths worth naming: the SDKs and guregu/dynamo. */
const RELEVANT = /^github\.com\/(aws\/aws-sdk-go(-v2)?(\/.*)?|aws\/smithy-go|guregu\/dynamo(\/v2)?)$/;

/** `go version` → "go1.19.8 linux/amd64". Throws Error with go's output when it fails. */
export async function goVersion(goBinary: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const r = await execGroup(goBinary, ['version'], { cwd, env, timeoutMs: 30_000 });
  const m = /^go version (\S+ \S+)/.exec(r.stdout);
  if (r.code !== 0 || !m) throw new Error(`\`${goBinary} version\` failed: ${(r.stderr || r.stdout).trim()}`);
  return m[1]!;
}

/**
 * "path version" of each SDK/guregu module in the sandbox's build list, with ` => replacement`
 * when replaced. Returns [] when go list fails (the environment line then just omits them).
 */
export async function dynamoModuleVersions(goBinary: string, sandbox: GoSandbox, signal?: AbortSignal): Promise<string[]> {
  const format = '{{.Path}} {{.Version}}{{with .Replace}} => {{.Path}}{{with .Version}} {{.}}{{end}}{{end}}';
  const r = await execGroup(goBinary, ['list', ...sandbox.flags(), '-m', '-f', format, 'all'], { cwd: sandbox.moduleRoot, env: sandbox.env(), timeoutMs: 60_000, signal });
  if (r.code !== 0) return [];
  return r.stdout.split('\n').filter((l) => RELEVANT.test(l.split(' ')[0] ?? ''));
}
