/**
 * The connection and throttling checks of one JavaScript/TypeScript file (the AWS SDK for
 * JavaScript v2 and v3), from its syntax (the TypeScript compiler's parser): clients built per
 * request, aws-sdk v2 without keep-alive, agents with keep-alive off, timeouts shorter than a
 * handshake plus a request, retries below the SDK's default, throttling recognised by
 * ProvisionedThroughputExceededException alone, batch results whose unprocessed items are never
 * read. Each finding says why and what to do; a quick fix comes where the edit is safe.
 */
import ts from 'typescript';
import { TextPositions } from '../positions';
import type { CheckCode, CheckFinding, CheckQuickFix } from '../types';
import { importsDynamoSdk, madeByExpression, moduleBindings, numberValue, propertyOf, propertyValue, type Made, type ModuleBinding } from './bindings';
import { enclosingFunction, outermostFunction, repeatedContext, valueIndex, valuesOf } from './context';
import { FileEdits, httpsImport } from './fixes';
import { hoistFix } from './hoist';

/** What the checks of a file are told of its project and the thresholds. */
export interface ScriptCheckEnv {
  /** A timeout shorter than this (ms) around a DynamoDB call is flagged. */
  readonly minTimeoutMs: number;
  /** True when the project names AWS_NODEJS_CONNECTION_REUSE_ENABLED somewhere (deployment files, scripts): aws-sdk v2 may keep connections alive through it. */
  readonly connectionReuseEnv: boolean;
}

const V2_RETRIES = 10;
const V3_ATTEMPTS = 3;

const HANDSHAKE_REASON =
  'A new connection costs a full TLS handshake — CPU on both sides and tens of milliseconds, over 100 ms at times — and DynamoDB resumes no TLS session across its hosts (aws/aws-sdk-go#3067).';

/** The findings of one file. `text` is the file's content (an editor buffer or the disk's). */
export function checkScript(file: string, text: string, env: ScriptCheckEnv): CheckFinding[] {
  const kind = /\.tsx$/.test(file) ? ts.ScriptKind.TSX : /\.(ts|mts|cts)$/.test(file) ? ts.ScriptKind.TS : /\.jsx$/.test(file) ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const bindings = moduleBindings(sf);
  if (!importsDynamoSdk(bindings)) return [];
  return new ScriptChecker(file, sf, bindings, env).run();
}

class ScriptChecker {
  private readonly findings: CheckFinding[] = [];
  private readonly positions: TextPositions;
  private readonly edits: FileEdits;
  private readonly values: Map<string, ts.Expression[]>;
  private readonly repeated: ReturnType<typeof repeatedContext>;

  constructor(
    private readonly file: string,
    private readonly sf: ts.SourceFile,
    private readonly bindings: ReadonlyMap<string, ModuleBinding>,
    private readonly env: ScriptCheckEnv,
  ) {
    this.positions = new TextPositions(sf.text);
    this.edits = new FileEdits(file, sf);
    this.values = valueIndex(sf);
    this.repeated = repeatedContext(sf);
  }

  run(): CheckFinding[] {
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
        const made = madeByExpression(node, this.bindings);
        if (made) this.checkMade(node, made.made, made.args);
      }
      if (ts.isCallExpression(node)) {
        this.checkBatchCall(node);
        this.checkSendOptions(node);
      }
      if (ts.isStringLiteralLike(node) && node.text === 'ProvisionedThroughputExceededException') this.checkThrottling(node);
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword && ts.isIdentifier(node.right) && node.right.text === 'ProvisionedThroughputExceededException') this.checkThrottling(node.right);
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
    this.checkGlobalRetries();
    return this.findings.sort((a, b) => a.start - b.start);
  }

  private add(node: ts.Node, code: CheckCode, message: string, reason: string, fix: string, quickFix?: CheckQuickFix): void {
    const start = node.getStart(this.sf);
    const end = node.getEnd();
    const from = this.positions.lineColumn(start);
    const to = this.positions.lineColumn(end);
    this.findings.push({ file: this.file, line: from.line, column: from.column, endLine: to.line, endColumn: to.column, start, end, severity: 'warning', code, message, reason, fix, ...(quickFix ? { quickFix } : {}) });
  }

  /** The object literal an options argument stands for (a literal, or a variable given one), if known. */
  private objectOf(e: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
    if (!e) return undefined;
    const literals = valuesOf(e, this.values).filter(ts.isObjectLiteralExpression);
    return literals.length === 1 ? literals[0] : undefined;
  }

  private checkMade(node: ts.NewExpression | ts.CallExpression, made: Made, args: readonly ts.Expression[]): void {
    switch (made) {
      case 'v2-DynamoDB':
      case 'v2-DocumentClient':
        this.checkPerRequest(node, made);
        this.checkV2Client(node, made, args[0]);
        return;
      case 'v3-DynamoDBClient':
        this.checkPerRequest(node, made);
        this.checkV3Client(args[0]);
        return;
      default:
        return;
    }
  }

  private checkPerRequest(node: ts.NewExpression | ts.CallExpression, made: Made): void {
    const where = this.repeated(node);
    if (!where) return;
    const name = made === 'v2-DynamoDB' ? 'new DynamoDB()' : made === 'v2-DocumentClient' ? 'new DocumentClient()' : 'new DynamoDBClient()';
    const v3 = made === 'v3-DynamoDBClient';
    this.add(
      node,
      'client-per-request',
      `${name} inside ${where}: a new DynamoDB client each time`,
      v3
        ? `Each AWS SDK v3 client has its own request handler and https.Agent, so a client per request starts with an empty connection pool: every request opens a new connection. ${HANDSHAKE_REASON} Building the client also costs CPU each time (configuration, middleware stack).`
        : `Building an aws-sdk v2 client costs CPU each time (configuration, the API model's shapes), and an agent made with it starts an empty connection pool. ${HANDSHAKE_REASON}`,
      'Build the client once, at module scope (outside the handler), and share it: SDK clients are safe for concurrent use, and in AWS Lambda a module-scope client is reused across invocations of the same instance.',
      hoistFix(this.edits, node, 'Move the client to module scope (built once)'),
    );
  }

  /** aws-sdk v2: keep-alive (an agent with keepAlive, or AWS_NODEJS_CONNECTION_REUSE_ENABLED), timeouts, retries. */
  private checkV2Client(node: ts.NewExpression | ts.CallExpression, made: Made, options: ts.Expression | undefined): void {
    const obj = this.objectOf(options);
    if (options && !obj) return; // options made elsewhere: nothing to tell here
    if (obj && made === 'v2-DocumentClient' && propertyOf(obj, 'service')) return; // wraps a DynamoDB client checked on its own
    const httpOptions = obj ? this.objectOf(propertyValue(obj, 'httpOptions')) : undefined;
    const agent = httpOptions ? propertyValue(httpOptions, 'agent') : undefined;
    if (agent) this.checkAgent(agent, 'aws-sdk v2');
    else if (!this.env.connectionReuseEnv && !this.globalAgent() && this.usedRepeatedly(node) && !this.buildsSetsOnly(node)) {
      const imported = httpsImport(this.edits, this.bindings);
      const agentText = `new ${imported.name}.Agent({ keepAlive: true, maxSockets: 50 })`;
      const edit = httpOptions
        ? this.edits.setProperty(httpOptions, 'agent', agentText)
        : obj
          ? this.edits.setProperty(obj, 'httpOptions', `{ agent: ${agentText} }`)
          : ts.isNewExpression(node)
            ? this.edits.addOptionsArgument(node, `{ httpOptions: { agent: ${agentText} } }`)
            : undefined;
      this.add(
        node,
        'no-keep-alive',
        'aws-sdk v2 DynamoDB client without keep-alive: each request opens a new connection',
        `aws-sdk v2 keeps connections alive only with an https.Agent whose keepAlive is on (httpOptions.agent) or with AWS_NODEJS_CONNECTION_REUSE_ENABLED=1 in the environment (named nowhere in this project); its default agent closes each connection after its request. ${HANDSHAKE_REASON} AWS SDK v3 keeps connections alive by default.`,
        'Pass httpOptions: { agent: new https.Agent({ keepAlive: true, maxSockets: 50 }) } (50: the SDK\'s own socket limit), set AWS_NODEJS_CONNECTION_REUSE_ENABLED=1 where the service runs, or move to AWS SDK v3.',
        edit ? { title: 'Keep connections alive (https.Agent with keepAlive)', edits: [edit, ...(imported.edit ? [imported.edit] : [])] } : undefined,
      );
    }
    if (httpOptions) {
      for (const name of ['timeout', 'connectTimeout']) this.checkTimeoutProperty(httpOptions, name, 'aws-sdk v2 httpOptions');
    }
    const retries = obj ? propertyValue(obj, 'maxRetries') : undefined;
    const n = numberValue(retries);
    if (retries && n !== undefined && n >= 0 && n < V2_RETRIES) {
      this.add(retries, 'retries-below-default', `maxRetries: ${n} on a DynamoDB client: fewer retries than aws-sdk v2's DynamoDB default of ${V2_RETRIES}`, RETRY_REASON_V2, `Keep the default (${V2_RETRIES} retries, lib/services/dynamodb.js defaultRetryCount) or more.`, {
        title: `Use the SDK's default: ${V2_RETRIES}`,
        edits: [this.edits.replace(retries, String(V2_RETRIES))],
      });
    }
  }

  /**
   * True when the client made by `node` serves more than one call: it is built or used in a
   * function, a loop or a callback (a handler, a module others call), or exported. A script that
   * makes one call at its top level and exits opens one connection either way.
   */
  private usedRepeatedly(node: ts.Expression): boolean {
    const inCode = (n: ts.Node) => !ts.isSourceFile(enclosingFunction(n)) || this.repeated(n) !== undefined;
    if (inCode(node)) return true;
    const declaration = node.parent;
    if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return true;
    const name = declaration.name.text;
    let repeated = false;
    const visit = (n: ts.Node): void => {
      if (repeated) return;
      if (ts.isIdentifier(n) && n.text === name && n !== declaration.name) {
        const p = n.parent;
        const exported = (ts.isBinaryExpression(p) && p.right === n) || ts.isShorthandPropertyAssignment(p) || ts.isExportSpecifier(p) || (ts.isPropertyAssignment(p) && p.initializer === n);
        if (exported || inCode(n)) repeated = true;
      }
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    return repeated || (ts.canHaveModifiers(declaration.parent.parent) && (ts.getModifiers(declaration.parent.parent) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
  }

  /**
   * True when the client made by `node` is assigned to a name (`docClient`, `internals.docClient`)
   * used in this file for `createSet` alone: a DocumentClient kept to build DynamoDB sets sends no
   * request and opens no connection (dynogels' serializer). A name used otherwise, or handed on, is a client.
   */
  private buildsSetsOnly(node: ts.Expression): boolean {
    const parent = node.parent;
    const target = ts.isVariableDeclaration(parent) && parent.initializer === node ? parent.name : ts.isBinaryExpression(parent) && parent.right === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken ? parent.left : undefined;
    if (!target || !(ts.isIdentifier(target) || ts.isPropertyAccessExpression(target))) return false;
    const name = target.getText(this.sf).replace(/\s+/g, '');
    let uses = 0;
    let setsOnly = true;
    const visit = (n: ts.Node): void => {
      if (!setsOnly) return;
      if ((ts.isIdentifier(n) || ts.isPropertyAccessExpression(n)) && n !== target && n.getText(this.sf).replace(/\s+/g, '') === name) {
        uses++;
        const p = n.parent;
        setsOnly = ts.isPropertyAccessExpression(p) && p.expression === n && p.name.text === 'createSet' && ts.isCallExpression(p.parent) && p.parent.expression === p;
        return;
      }
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    return setsOnly && uses > 0;
  }

  /** `AWS.config.update({ httpOptions: { agent } })` or `AWS.config.httpOptions.agent = …` in the file. */
  private globalAgent(): boolean {
    return /\bconfig\s*\.\s*(update\s*\([^)]*httpOptions[\s\S]*?agent|httpOptions\s*\.\s*agent\s*=|httpOptions\s*=)/.test(this.sf.text);
  }

  /** An https.Agent given to a DynamoDB client: keepAlive must be on (Node's Agent defaults to off). */
  private checkAgent(agent: ts.Expression, sdk: string, objectFormDefaultsOn = false): void {
    for (const value of valuesOf(agent, this.values)) {
      const made = madeByExpression(value, this.bindings);
      const options = made?.made === 'https-Agent' ? this.objectOf(made.args[0]) : ts.isObjectLiteralExpression(value) && objectFormDefaultsOn ? value : undefined;
      if (!options && !(made?.made === 'https-Agent' && made.args.length === 0)) continue;
      const keepAlive = options ? propertyValue(options, 'keepAlive') : undefined;
      const on = keepAlive?.kind === ts.SyntaxKind.TrueKeyword;
      const explicitOff = keepAlive?.kind === ts.SyntaxKind.FalseKeyword;
      if (on || (!explicitOff && ts.isObjectLiteralExpression(value))) continue;
      if (keepAlive && !explicitOff) continue; // a variable: cannot tell
      const where = keepAlive ?? value;
      const fix = options ? this.edits.setProperty(options, 'keepAlive', 'true') : ts.isNewExpression(value) ? this.edits.addOptionsArgument(value, '{ keepAlive: true }') : undefined;
      this.add(
        where,
        'keep-alives-disabled',
        `the ${sdk} DynamoDB client's https.Agent ${explicitOff ? 'turns keepAlive off' : 'leaves keepAlive off (Node\'s Agent default)'}: each request opens a new connection`,
        `An https.Agent without keepAlive closes each socket when its request ends, so every DynamoDB call opens a new connection. ${HANDSHAKE_REASON}`,
        'Set keepAlive: true on the agent.',
        fix ? { title: 'Set keepAlive: true', edits: [fix] } : undefined,
      );
    }
  }

  /** AWS SDK v3: the request handler's agent and timeouts, maxAttempts. */
  private checkV3Client(options: ts.Expression | undefined): void {
    const obj = this.objectOf(options);
    if (!obj) return;
    const handler = propertyValue(obj, 'requestHandler');
    if (handler) {
      for (const value of valuesOf(handler, this.values)) {
        const made = madeByExpression(value, this.bindings);
        const handlerOptions = made?.made === 'NodeHttpHandler' ? this.objectOf(made.args[0]) : ts.isObjectLiteralExpression(value) ? value : undefined;
        if (!handlerOptions) continue;
        const agent = propertyValue(handlerOptions, 'httpsAgent');
        // v3 makes its own keep-alive agent from an options object: only an Agent instance or keepAlive: false there turns it off.
        if (agent) this.checkAgent(agent, 'AWS SDK v3', true);
        for (const name of ['requestTimeout', 'connectionTimeout', 'socketTimeout']) this.checkTimeoutProperty(handlerOptions, name, 'the request handler');
      }
    }
    const attempts = propertyValue(obj, 'maxAttempts');
    const n = numberValue(attempts);
    if (attempts && n !== undefined && n > 0 && n < V3_ATTEMPTS) {
      this.add(attempts, 'retries-below-default', `maxAttempts: ${n} on a DynamoDB client: fewer attempts than AWS SDK v3's default of ${V3_ATTEMPTS}`, RETRY_REASON_V3, `Keep the default (${V3_ATTEMPTS} attempts) or more; retryMode: 'adaptive' also slows the client down under throttling.`, {
        title: `Use the SDK's default: ${V3_ATTEMPTS}`,
        edits: [this.edits.replace(attempts, String(V3_ATTEMPTS))],
      });
    }
    const strategy = propertyValue(obj, 'retryStrategy');
    const made = strategy ? madeByExpression(strategy, this.bindings) : undefined;
    const configured = made?.made === 'ConfiguredRetryStrategy' ? numberValue(made.args[0]) : undefined;
    if (strategy && configured !== undefined && configured > 0 && configured < V3_ATTEMPTS) {
      this.add(made!.args[0]!, 'retries-below-default', `ConfiguredRetryStrategy(${configured}) on a DynamoDB client: fewer attempts than AWS SDK v3's default of ${V3_ATTEMPTS}`, RETRY_REASON_V3, `Allow ${V3_ATTEMPTS} attempts or more.`, {
        title: `Use the SDK's default: ${V3_ATTEMPTS}`,
        edits: [this.edits.replace(made!.args[0]!, String(V3_ATTEMPTS))],
      });
    }
  }

  private checkTimeoutProperty(obj: ts.ObjectLiteralExpression, name: string, where: string): void {
    const value = propertyValue(obj, name);
    const ms = numberValue(value);
    if (!value || ms === undefined || ms <= 0 || ms >= this.env.minTimeoutMs) return;
    this.add(
      value,
      'short-call-timeout',
      `${name}: ${ms} (ms) in ${where}: shorter than a TLS handshake plus a request`,
      `When the timeout fires the SDK destroys the request's socket, so the retry — and the next call — opens a new connection with a full TLS handshake, which DynamoDB does not shorten by resuming sessions across its hosts. Seed 002 measured handshakes over 100 ms: with a 30 ms timeout, slow calls turned into a chain of new connections, each timing out again.`,
      `Allow at least a handshake plus a request (≥ ${this.env.minTimeoutMs} ms; the seed settled on 70 ms and still lost calls whose handshake took 100 ms).`,
    );
  }

  /** `client.send(command, { abortSignal: AbortSignal.timeout(30) })`. */
  private checkSendOptions(call: ts.CallExpression): void {
    if (!ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== 'send' || call.arguments.length < 2) return;
    const options = this.objectOf(call.arguments[1]);
    const signal = options ? propertyValue(options, 'abortSignal') : undefined;
    if (!signal || !ts.isCallExpression(signal) || !/^AbortSignal\.timeout$/.test(signal.expression.getText(this.sf))) return;
    const ms = numberValue(signal.arguments[0]);
    if (ms === undefined || ms >= this.env.minTimeoutMs) return;
    this.add(
      signal,
      'short-call-timeout',
      `AbortSignal.timeout(${ms}) on a DynamoDB call: shorter than a TLS handshake plus a request`,
      'An aborted request destroys its socket, so the next call opens a new connection with a full TLS handshake (handshakes can take over 100 ms: with a 30 ms budget every slow call becomes a new connection).',
      `Allow at least a handshake plus a request (≥ ${this.env.minTimeoutMs} ms).`,
    );
  }

  /** `AWS.config.update({ maxRetries: n })` applies to every aws-sdk v2 client, DynamoDB's too. */
  private checkGlobalRetries(): void {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && /\bconfig\s*\.\s*update$/.test(node.expression.getText(this.sf)) && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
        const retries = propertyValue(node.arguments[0], 'maxRetries');
        const n = numberValue(retries);
        if (retries && n !== undefined && n >= 0 && n < V2_RETRIES && this.usesV2Dynamo()) {
          this.add(retries, 'retries-below-default', `AWS.config maxRetries: ${n} applies to the DynamoDB clients too: fewer retries than aws-sdk v2's DynamoDB default of ${V2_RETRIES}`, RETRY_REASON_V2, `Leave DynamoDB its default (${V2_RETRIES}): set maxRetries on the other clients, or raise it here.`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
  }

  private usesV2Dynamo(): boolean {
    for (const b of this.bindings.values()) if (b.module === 'aws-sdk' || b.module === 'aws-sdk/clients/dynamodb') return true;
    return false;
  }

  /** True when the file uses Kinesis, whose ProvisionedThroughputExceededException is its only throttling error. */
  private usesKinesis(): boolean {
    for (const b of this.bindings.values()) if (/kinesis/i.test(b.module) || (b.module === 'aws-sdk' && /\.Kinesis\b/.test(this.sf.text))) return true;
    return false;
  }

  /** The string or class `ProvisionedThroughputExceededException` where no throttling test is named. */
  private checkThrottling(ref: ts.Expression): void {
    if (this.usesKinesis()) return;
    const scope = outermostFunction(ref);
    if (mentionsThrottling(scope, this.sf)) return;
    const parent = ref.parent;
    const compared = ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(parent.operatorToken.kind);
    const inCase = ts.isCaseClause(parent) && parent.expression === ref;
    const inList = ts.isArrayLiteralExpression(parent);
    const instance = ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword;
    const tested = compared || inCase || inList || instance || (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && parent.expression.name.text === 'includes');
    if (!tested) return;
    let quickFix: CheckQuickFix | undefined;
    const quote = ts.isStringLiteral(ref) && ref.getText(this.sf).startsWith('"') ? '"' : "'";
    if (compared) {
      const b = parent as ts.BinaryExpression;
      const other = b.left === ref ? b.right : b.left;
      if (ts.isIdentifier(other) || ts.isPropertyAccessExpression(other) || ts.isElementAccessExpression(other)) {
        quickFix = { title: 'Also handle ThrottlingException', edits: [this.edits.replace(b, `(${b.getText(this.sf)} || ${other.getText(this.sf)} ${b.operatorToken.getText(this.sf)} ${quote}ThrottlingException${quote})`)] };
      }
    } else if (inCase) {
      const clause = parent as ts.CaseClause;
      const indent = /[ \t]*$/.exec(this.sf.text.slice(0, clause.getStart(this.sf)))![0];
      quickFix = { title: 'Also handle ThrottlingException', edits: [this.edits.edit(clause.getStart(this.sf), clause.getStart(this.sf), `case ${quote}ThrottlingException${quote}:\n${indent}`)] };
    } else if (inList) {
      quickFix = { title: 'Also handle ThrottlingException', edits: [this.edits.edit(ref.getEnd(), ref.getEnd(), `, ${quote}ThrottlingException${quote}`)] };
    }
    this.add(
      ref,
      'throttling-pte-only',
      'throttling recognised by ProvisionedThroughputExceededException alone: on-demand tables throttle with ThrottlingException',
      'A table in on-demand mode refuses writes past its capacity (a new table: ~4,000/s) with ThrottlingException, HTTP 400 — not ProvisionedThroughputExceededException, which only provisioned capacity answers. Code that treats only the latter as throttling handles on-demand throttling as a hard failure.',
      'Treat ThrottlingException the same way (and RequestLimitExceeded where it applies), or use the SDK\'s own test (aws-sdk v2: error.retryable; v3: isThrottlingError from @smithy/service-error-classification).',
      quickFix,
    );
  }

  /** BatchWriteItem / BatchGetItem whose UnprocessedItems / UnprocessedKeys is never read. */
  private checkBatchCall(call: ts.CallExpression): void {
    const batch = this.batchOperation(call);
    if (!batch) return;
    const field = batch === 'write' ? 'UnprocessedItems' : 'UnprocessedKeys';
    const operation = batch === 'write' ? 'BatchWriteItem' : 'BatchGetItem';
    // The call's result as the code sees it: through .promise() and await.
    let result: ts.Expression = call;
    let callback: ts.Expression | undefined;
    if (ts.isPropertyAccessExpression(call.expression) && call.arguments.length === 2 && call.expression.name.text !== 'send') callback = call.arguments[1];
    for (;;) {
      const parent: ts.Node = result.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.name.text === 'promise' && ts.isCallExpression(parent.parent)) result = parent.parent;
      else if (ts.isAwaitExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent)) result = parent;
      else break;
    }
    if (callback) {
      if (ts.isFunctionLike(callback) && callback.parameters.length >= 2 && ts.isIdentifier(callback.parameters[1]!.name) && !readsField(callback, callback.parameters[1]!.name.text, field)) this.unprocessed(call, operation, field);
      return;
    }
    const parent = result.parent;
    if (ts.isExpressionStatement(parent)) return this.unprocessed(call, operation, field);
    if (ts.isVariableDeclaration(parent) && parent.initializer === result) {
      if (ts.isObjectBindingPattern(parent.name)) {
        if (!parent.name.elements.some((el) => (el.propertyName ?? el.name).getText(this.sf) === field || !!el.dotDotDotToken)) this.unprocessed(call, operation, field);
        return;
      }
      if (ts.isIdentifier(parent.name) && !readsOrPasses(enclosingFunction(call), parent.name.text, field, parent.name)) this.unprocessed(call, operation, field);
    }
  }

  /** 'write' / 'get' when `call` is a batch call of a DynamoDB client. */
  private batchOperation(call: ts.CallExpression): 'write' | 'get' | undefined {
    if (!ts.isPropertyAccessExpression(call.expression)) return undefined;
    const method = call.expression.name.text;
    if (method === 'send' && call.arguments[0]) {
      const made = madeByExpression(call.arguments[0], this.bindings);
      return made?.made === 'BatchWriteCommand' ? 'write' : made?.made === 'BatchGetCommand' ? 'get' : undefined;
    }
    const write = method === 'batchWrite' || method === 'batchWriteItem';
    const get = method === 'batchGet' || method === 'batchGetItem';
    if (!write && !get) return undefined;
    // aws-sdk v2 (`.promise()` or a callback) and v3's aggregated clients (a promise) only: other libraries name methods alike.
    const receivers = valuesOf(call.expression.expression, this.values);
    const known = receivers.some((r) => {
      const made = madeByExpression(r, this.bindings);
      return made !== undefined && made.made !== 'BatchWriteCommand' && made.made !== 'BatchGetCommand';
    });
    const promised = ts.isPropertyAccessExpression(call.parent) && call.parent.name.text === 'promise';
    const withCallback = call.arguments.length === 2 && ts.isFunctionLike(call.arguments[1]!);
    if (!known && !((promised || withCallback) && this.usesV2Dynamo())) return undefined;
    return write ? 'write' : 'get';
  }

  private unprocessed(call: ts.CallExpression, operation: string, field: string): void {
    this.add(
      call,
      'unprocessed-not-read',
      `${operation}'s ${field} is never read: items DynamoDB did not process are dropped`,
      `Under throttling ${operation} answers part of a batch with ${field} instead of an error: those items were not written (or read) and are lost unless sent again.`,
      `Send ${field} again, with exponential back-off, until it is empty.`,
    );
  }
}

const RETRY_REASON_V2 =
  'DynamoDB refuses work past capacity with ThrottlingException (on-demand tables, HTTP 400, within seconds of a burst) or ProvisionedThroughputExceededException; aws-sdk v2 retries DynamoDB calls 10 times by default (the SDK-wide default is 3), and each retry it would have made is a call that now fails.';
const RETRY_REASON_V3 =
  'DynamoDB refuses work past capacity with ThrottlingException (on-demand tables, HTTP 400, within seconds of a burst); AWS SDK v3 makes 3 attempts by default, and each attempt it would have made is a call that now fails.';

/**
 * True when `scope`'s code (not its comments) names throttling: an identifier with "throttl"
 * (`isThrottlingError`, `throttled`), or a string naming a throttling error code.
 */
function mentionsThrottling(scope: ts.Node, sf: ts.SourceFile): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if ((ts.isIdentifier(n) && /throttl/i.test(n.text)) || (ts.isStringLiteralLike(n) && /ThrottlingException|^Throttling$|RequestLimitExceeded|TooManyRequests/.test(n.text))) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(scope === sf ? sf : scope);
  return found;
}

/** True when `scope` reads `name.field` (or `name?.field`, `name['field']`). */
function readsField(scope: ts.Node, name: string, field: string): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAccessExpression(n) && n.name.text === field && ts.isIdentifier(n.expression) && n.expression.text === name) found = true;
    if (ts.isElementAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name && ts.isStringLiteralLike(n.argumentExpression) && n.argumentExpression.text === field) found = true;
    // const { UnprocessedItems } = name
    if (ts.isVariableDeclaration(n) && n.initializer && ts.isIdentifier(n.initializer) && n.initializer.text === name && ts.isObjectBindingPattern(n.name)) found = true;
    ts.forEachChild(n, visit);
  };
  visit(scope);
  return found;
}

/** True when `scope` reads `name.field`, or hands `name` on (returns it, passes it to a call, stores it). */
function readsOrPasses(scope: ts.Node, name: string, field: string, declared: ts.Identifier): boolean {
  if (readsField(scope, name, field)) return true;
  let passed = false;
  const visit = (n: ts.Node): void => {
    if (passed) return;
    if (ts.isIdentifier(n) && n.text === name && n !== declared) {
      const p = n.parent;
      const propertyName = (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n);
      const readOnlyUse = (ts.isPropertyAccessExpression(p) && p.expression === n) || (ts.isElementAccessExpression(p) && p.expression === n);
      if (!propertyName && !readOnlyUse) passed = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(scope);
  return passed;
}
