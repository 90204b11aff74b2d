/**
 * What a stack shows beyond its categorised frame: which AWS service's client is on it (a
 * DynamoDB client: evidence that a TLS handshake or shared protocol code is DynamoDB's; another
 * service's client: evidence that it is not), or Node's module loader between the SDK and the
 * caller (SDK code running because it is being `require`d, not marshalling an item).
 */
import type { Frame } from '../profile/model';

/**
 * Frames of a DynamoDB client (not of any AWS client: aws-sdk v2 and smithy serve them all).
 * DynamoDB Streams counts as DynamoDB: its records carry the table's items.
 */
const DYNAMO_CLIENT_GO = [
  'github.com/aws/aws-sdk-go-v2/service/dynamodb.',
  'github.com/aws/aws-sdk-go-v2/service/dynamodb/',
  'github.com/aws/aws-sdk-go-v2/service/dynamodbstreams',
  'github.com/aws/aws-sdk-go/service/dynamodb.',
  'github.com/aws/aws-sdk-go/service/dynamodb/',
  'github.com/aws/aws-sdk-go/service/dynamodbstreams',
  'github.com/guregu/dynamo',
  'github.com/aws/aws-sdk-go-v2/feature/dynamodb/',
];
const DYNAMO_CLIENT_JS = [
  '/@aws-sdk/client-dynamodb/',
  '/@aws-sdk/client-dynamodb-streams/',
  '/@aws-sdk/lib-dynamodb/',
  '/@aws-sdk/util-dynamodb/',
  '/@aws-sdk/dynamodb-codec/',
  '/aws-sdk/clients/dynamodb.js',
  '/aws-sdk/clients/dynamodbstreams.js',
  '/aws-sdk/lib/dynamodb/',
  '/aws-sdk/lib/services/dynamodb.js',
];

/**
 * Another AWS service's own code: a Go service package (`…/service/kinesis.`), a v3 client or its
 * service middleware (`@aws-sdk/client-sqs/`, `@aws-sdk/middleware-sdk-sqs/`), aws-sdk v2's
 * per-service code (`lib/services/sqs.js`, `clients/kinesis.js`). Group 1 or 2 is the service.
 * aws-sdk-go-v2's `service/internal/…` packages are shared, v2's `clients/all.js` loads every client.
 */
const OTHER_CLIENT_GO = /^github\.com\/aws\/aws-sdk-go(?:-v2)?\/service\/(?!internal\/|dynamodb)([a-z0-9]+)[./]/;
const OTHER_CLIENT_JS = /\/@aws-sdk\/(?:client|middleware-sdk)-(?!dynamodb)([a-z0-9-]+)\/|\/aws-sdk\/(?:clients|lib\/services)\/(?!dynamodb|all\.js)([a-z0-9]+)\.js$/;

/** The other AWS service (not DynamoDB) whose Go package holds function `name` (`kinesis`), if any. */
export function otherServiceOfName(name: string): string | undefined {
  if (!name.startsWith('github.com/aws/')) return undefined;
  return OTHER_CLIENT_GO.exec(name)?.[1];
}

/** The other AWS service (not DynamoDB) whose npm package or aws-sdk v2 file is `file` (`sqs`), if any. */
export function otherServiceOfFile(file: string): string | undefined {
  const m = OTHER_CLIENT_JS.exec(file.replace(/\\/g, '/'));
  return m ? (m[1] ?? m[2]) : undefined;
}

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
