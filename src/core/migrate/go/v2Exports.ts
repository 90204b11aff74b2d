/**
 * Export data of the aws-sdk-go-v2 packages the v1 client rewrite reads its target types from
 * (gohelper/v2types.go): the real modules' go/types, so every field, method and enum the rewrite
 * emits is checked against the v2 API the user will build with. Resolved in the sandbox only,
 * never in the user's files: a module that requires all of them is read at its own versions; one
 * that lacks any gets `go get` of all of them in the sandbox's copy of go.mod, as the `go get`
 * next step printed for the user does. (Adding only the missing ones would mix a new aws-sdk-go-v2
 * core with an old service/dynamodb: that builds, and fails at run time — measured on the sample
 * service with service/dynamodb 1.17.3 and config 1.33: "not found: ComputePayloadHash".)
 */
import { execGroup } from '../../go/goExec';
import { parseJsonStream, type ListedPackage } from '../../go/goList';
import type { GoSandbox } from '../../go/goSandbox';

/** The v1 package whose presence (as a dependency of the packages to migrate) asks for v2 types. */
export const V1_DYNAMODB = 'github.com/aws/aws-sdk-go/service/dynamodb';

/** The modules of {@link V2_TYPE_PACKAGES}. */
export const V2_MODULES = [
  'github.com/aws/aws-sdk-go-v2',
  'github.com/aws/aws-sdk-go-v2/config',
  'github.com/aws/aws-sdk-go-v2/credentials',
  'github.com/aws/aws-sdk-go-v2/service/dynamodb',
  'github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue',
  'github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression',
  'github.com/aws/smithy-go',
];

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

/**
 * Import path → export data file of {@link V2_TYPE_PACKAGES} and their dependencies, when
 * `listed` (go list -deps of the packages to migrate) holds the v1 DynamoDB client; `{}` when it
 * does not. Throws Error with go's output when the v2 packages cannot be listed (no network and
 * not in the module cache, for instance), naming the packages.
 */
export async function v2Exports(goBinary: string, box: GoSandbox, listed: ListedPackage[], signal?: AbortSignal): Promise<Record<string, string>> {
  if (!listed.some((p) => p.ImportPath === V1_DYNAMODB)) return {};
  const opts = { cwd: box.moduleRoot, env: box.env(), timeoutMs: 600_000, signal };
  const modfile = box.flags().filter((f) => f.startsWith('-modfile='));
  const known = await execGroup(goBinary, ['list', '-m', '-e', '-json=Path,Error', ...modfile, ...V2_MODULES], opts);
  if ((parseJsonStream(known.stdout) as Array<{ Error?: unknown }>).some((m) => m.Error)) {
    const get = await execGroup(goBinary, ['get', ...modfile, ...V2_TYPE_PACKAGES], opts);
    if (get.cancelled) throw new Error('go get cancelled');
    if (get.code !== 0) throw new Error(`the aws-sdk-go-v2 modules the rewrite needs could not be added to the sandbox's copy of go.mod (go get ${V2_TYPE_PACKAGES.join(' ')}): ${get.stderr.trim()}`);
  }
  const r = await execGroup(goBinary, ['list', '-e', '-export', '-deps', '-json=ImportPath,Export,Error', ...box.flags(), ...V2_TYPE_PACKAGES], opts);
  if (r.cancelled) throw new Error('go list cancelled');
  const packages = parseJsonStream(r.stdout) as ListedPackage[];
  const missing = V2_TYPE_PACKAGES.filter((path) => !packages.some((p) => p.ImportPath === path && p.Export));
  if (missing.length) {
    const why = packages.find((p) => missing.includes(p.ImportPath) && p.Error)?.Error?.Err ?? r.stderr.trim();
    throw new Error(`the aws-sdk-go-v2 packages the rewrite needs could not be loaded (${missing.join(', ')}): ${why}`);
  }
  return Object.fromEntries(packages.filter((p) => p.Export).map((p) => [p.ImportPath, p.Export!]));
}
