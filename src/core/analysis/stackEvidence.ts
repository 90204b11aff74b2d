/**
 * What a stack shows beyond its categorised frame: a DynamoDB client on it (evidence that a
 * TLS handshake is DynamoDB's), or Node's module loader between the SDK and the caller (SDK code
 * running because it is being `require`d, not marshalling an item).
 */
import type { Frame } from '../profile/model';

/** Frames of a DynamoDB client (not of any AWS client: aws-sdk v2 and smithy serve them all). */
const DYNAMO_CLIENT_GO = ['github.com/aws/aws-sdk-go-v2/service/dynamodb.', 'github.com/aws/aws-sdk-go/service/dynamodb.', 'github.com/guregu/dynamo', 'github.com/aws/aws-sdk-go-v2/feature/dynamodb/'];
const DYNAMO_CLIENT_JS = ['/@aws-sdk/client-dynamodb/', '/@aws-sdk/lib-dynamodb/', '/@aws-sdk/util-dynamodb/', '/aws-sdk/clients/dynamodb.js', '/aws-sdk/lib/dynamodb/'];

/** True for a frame of a DynamoDB client library (Go package or npm package path). */
export function isDynamoClientFrame(frame: Pick<Frame, 'name' | 'file'>): boolean {
  return isDynamoClientName(frame.name) || isDynamoClientFile(frame.file);
}

/** The name half of {@link isDynamoClientFrame}: a Go function of a DynamoDB client package. */
export function isDynamoClientName(name: string): boolean {
  // A loop, not `.some` with a closure: asked of every function of a profile (218,000 in the 50 MB synthetic).
  if (!name.startsWith('github.com/')) return false;
  for (const prefix of DYNAMO_CLIENT_GO) if (name.startsWith(prefix)) return true;
  return false;
}

/** The file half of {@link isDynamoClientFrame}: a file of a DynamoDB client npm package (any separators). */
export function isDynamoClientFile(file: string): boolean {
  const path = file.replace(/\\/g, '/');
  return DYNAMO_CLIENT_JS.some((p) => path.includes(p));
}

/**
 * True for Node's module loader evaluating a module: CommonJS `Module._compile` (Node ≥ 12:
 * `node:internal/modules/cjs/loader`; older: `internal/modules/cjs/loader.js`) and the ESM
 * loader's module jobs (`node:internal/modules/esm/…`).
 * @param loader the file's {@link moduleLoaderOf}, when the caller has it already.
 */
export function isModuleLoadFrame(frame: Pick<Frame, 'name' | 'file'>, loader = moduleLoaderOf(frame.file)): boolean {
  return loader === 'esm' || (loader === 'cjs' && frame.name === 'Module._compile');
}

/** Which of Node's module loaders file `file` is part of (the file half of {@link isModuleLoadFrame}); undefined for any other file. */
export function moduleLoaderOf(file: string): 'esm' | 'cjs' | undefined {
  if (/(^|\/)internal\/modules\/esm\//.test(file) || file.startsWith('node:internal/modules/esm/')) return 'esm';
  return /internal\/modules\/cjs\/loader/.test(file) ? 'cjs' : undefined;
}
