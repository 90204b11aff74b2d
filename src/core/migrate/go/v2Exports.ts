/**
 * Export data of the aws-sdk-go-v2 packages the v1 client rewrite reads its target types from
 * (gohelper/v2types.go): the real modules' go/types, so every field, method and enum the rewrite
 * emits is checked against the v2 API the user will build with. Asked for only when the helper
 * says a package moves off the v1 client (`needV2API`), and resolved in the sandbox only, never in
 * the user's files: a module that requires service/dynamodb is read at its own versions (the
 * other v2 packages are listed where the module cache or proxy has them); one that does not gets
 * `go get` of all of them in the sandbox's copy of go.mod, as the `go get` next step printed for
 * the user does — adding modules one by one would mix a new aws-sdk-go-v2 core with an old
 * service/dynamodb, which builds and fails at run time (measured on the sample service with
 * service/dynamodb 1.17.3 and config 1.33: "not found: ComputePayloadHash").
 */
import { execGroup } from '../../go/goExec';
import { parseJsonStream, type ListedPackage } from '../../go/goList';
import type { GoSandbox } from '../../go/goSandbox';

/** The v2 packages the rewrite emits code against. */
export const V2_TYPE_PACKAGES = [
  'github.com/aws/aws-sdk-go-v2/aws',
  'github.com/aws/aws-sdk-go-v2/config',
  'github.com/aws/aws-sdk-go-v2/credentials',
  'github.com/aws/aws-sdk-go-v2/service/dynamodb',
  'github.com/aws/aws-sdk-go-v2/service/dynamodb/types',
  'github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue',
  'github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression',
  'github.com/aws/smithy-go',
];

/** The packages whose types the helper reads (the others only need to build). */
const REQUIRED = ['github.com/aws/aws-sdk-go-v2/service/dynamodb', 'github.com/aws/aws-sdk-go-v2/service/dynamodb/types'];

/**
 * Import path → export data file of {@link V2_TYPE_PACKAGES} and their dependencies, in the
 * sandbox's module (see the module comment). Throws Error with go's output when service/dynamodb
 * cannot be had (no network and not in the module cache, for instance).
 */
export async function v2Exports(goBinary: string, box: GoSandbox, signal?: AbortSignal): Promise<Record<string, string>> {
  const opts = { cwd: box.moduleRoot, env: box.env(), timeoutMs: 600_000, signal };
  const modfile = box.flags().filter((f) => f.startsWith('-modfile='));
  const known = await execGroup(goBinary, ['list', '-m', '-e', '-json=Path,Error', ...modfile, 'github.com/aws/aws-sdk-go-v2/service/dynamodb'], opts);
  if ((parseJsonStream(known.stdout) as Array<{ Error?: unknown }>).some((m) => m.Error)) {
    const get = await execGroup(goBinary, ['get', ...modfile, ...V2_TYPE_PACKAGES], opts);
    if (get.cancelled) throw new Error('go get cancelled');
    if (get.code !== 0) throw new Error(`the aws-sdk-go-v2 modules the rewrite needs could not be added to the sandbox's copy of go.mod (go get ${V2_TYPE_PACKAGES.join(' ')}): ${get.stderr.trim()}`);
  }
  const r = await execGroup(goBinary, ['list', '-e', '-export', '-deps', '-json=ImportPath,Export,Error', ...box.flags(), ...V2_TYPE_PACKAGES], opts);
  if (r.cancelled) throw new Error('go list cancelled');
  const packages = parseJsonStream(r.stdout) as ListedPackage[];
  const missing = REQUIRED.filter((path) => !packages.some((p) => p.ImportPath === path && p.Export));
  if (missing.length) {
    const why = packages.find((p) => missing.includes(p.ImportPath) && p.Error)?.Error?.Err ?? r.stderr.trim();
    throw new Error(`the aws-sdk-go-v2 packages the rewrite reads could not be loaded (${missing.join(', ')}): ${why}`);
  }
  return Object.fromEntries(packages.filter((p) => p.Export).map((p) => [p.ImportPath, p.Export!]));
}
