import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import type { ProgramFinding } from './api';
import { translateOptions } from './configKeys';
import { globalUpdates, isPortable, type GlobalUpdate } from './globalConfig';
import { literalEdit } from '../editPlan';
import { lineSpan } from '../textEdits';
import { FileChanges } from './fileChanges';
import { ImportGraph } from './importGraph';
import type { OptionEntry } from './optionEntries';
import type { ConfigText } from './planContext';
import type { MigrationProject } from './project';
import { placeOf } from './subjectPlan';

/** aws-sdk v2 DynamoDB's `defaultRetryCount` (lib/services/dynamodb.js): 10 retries, 11 attempts. */
const V2_DYNAMODB_ATTEMPTS = 11;

interface Located extends GlobalUpdate {
  file: ts.SourceFile;
}

/**
 * The v3 configuration of each migrated client: what v2 gave it — the global `AWS.config` changes
 * that ran before it was created (earlier in its module, or at the top level of a module it
 * imports), then its own options — translated by `translateOptions`; v2 DynamoDB's default of 10
 * retries kept as `maxAttempts: 11`; what came from the environment only, said. A global change
 * the client may or may not see (a test setup file, a function) is reported at the client.
 */
export class ClientConfigPlanner {
  private readonly updates: Located[];
  private readonly imports: ImportGraph;
  /** For each global update: the creations that carried it, and those it may reach but does not. */
  private readonly reach = new Map<Located, { carried: Set<ts.NewExpression>; missed: Set<ts.NewExpression> }>();

  constructor(private readonly project: MigrationProject, resolverOf: (sf: ts.SourceFile) => V2Resolver) {
    this.updates = project.userFiles.flatMap((file) => globalUpdates(file, resolverOf(file), project.checker).map((u) => ({ ...u, file })));
    this.imports = new ImportGraph(project.checker, project.userFiles);
  }

  /** The v3 config text of `creation` given its own service options. */
  plan(creation: ts.NewExpression, own: readonly OptionEntry[]): ConfigText {
    const sf = creation.getSourceFile();
    const where = (n: ts.Node) => placeOf(n, this.project.displayRoot);
    const merged = new Map<string, OptionEntry>();
    const blockers: string[] = [];
    const notes: ConfigText['notes'] = [];
    const before = this.imports.importedBy(sf);
    const applying = this.updates
      .filter((u) => (u.file === sf ? u.node.getStart() < creation.getStart() && (u.topLevel || sameFunction(u.node, creation)) : u.topLevel && before.has(u.file)))
      .sort((a, b) => (a.file === b.file ? a.node.pos - b.node.pos : a.file === sf ? 1 : b.file === sf ? -1 : 0));
    for (const u of applying) {
      this.track(u).carried.add(creation);
      if (!Array.isArray(u.entries)) {
        blockers.push(`AWS.config at ${where(u.node)} applies to it, but ${u.entries.why}`);
        continue;
      }
      for (const e of u.entries) {
        if (u.file !== sf && !isPortable(e.node)) {
          blockers.push(`AWS.config at ${where(u.node)} sets ${e.key} to ${e.text}, which is not visible where the client is created: pass it to the client first`);
        } else {
          merged.set(e.key, e);
        }
      }
    }
    for (const e of own) merged.set(e.key, e);
    const ownKeys = new Set(own.map((e) => e.key));
    // One warning per client, however many global changes it may miss (scripts often set their own).
    const missed: Array<{ at: string; keys: string[] }> = [];
    for (const u of this.updates) {
      if (applying.includes(u)) continue;
      const keys = Array.isArray(u.entries) ? u.entries.map((e) => e.key).filter((k) => !ownKeys.has(k)) : ['…'];
      if (keys.length === 0) continue;
      this.track(u).missed.add(creation);
      missed.push({ at: where(u.node), keys });
    }
    if (missed.length) {
      const places = missed.map((m) => `${m.at} (${m.keys.join(', ')})`).join(', ');
      const keys = [...new Set(missed.flatMap((m) => m.keys))].join(', ');
      notes.push({ severity: 'warning', message: `AWS.config at ${places} run${missed.length === 1 ? 's' : ''} where this client cannot be sure to see it (another entry point, a test setup, a function): v2 clients created after it used it; this v3 client does not read AWS.config: pass ${keys} to it if that matters` });
    }
    const t = translateOptions([...merged.values()], 'v2 option');
    notes.push(...t.notes);
    blockers.push(...t.blockers);
    if (!t.members.has('maxAttempts')) {
      t.members.set('maxAttempts', String(V2_DYNAMODB_ATTEMPTS));
      notes.push({ severity: 'information', message: 'maxAttempts: 11 keeps v2\'s default for DynamoDB (10 retries; v3 would make 3 attempts)' });
    }
    const fromEnv = environmentNote(t.members);
    if (fromEnv) notes.push({ severity: 'information', message: fromEnv, code: 'v3-config-environment' });
    const text = t.members.size ? `{ ${[...t.members].map(([k, v]) => (k === v ? k : `${k}: ${v}`)).join(', ')} }` : '{}';
    return { text, notes, blockers };
  }

  /**
   * Findings at each global update that a migrated client (`migrated`) carried or may miss:
   * a warning listing the v3 clients that do not read it, else an information naming where it was
   * carried. `removed`: the updates the migration deletes (no aws-sdk v2 client is left), each
   * said so, and where nothing carried it, that nothing read it any more.
   */
  findings(migrated: ReadonlySet<ts.NewExpression>, removed: ReadonlySet<ts.Expression> = new Set()): ProgramFinding[] {
    const out: ProgramFinding[] = [];
    const list = (cs: ts.NewExpression[]) => cs.slice(0, 4).map((c) => placeOf(c, this.project.displayRoot)).join(', ') + (cs.length > 4 ? `, and ${cs.length - 4} more` : '');
    for (const u of this.updates) {
      const r = this.reach.get(u) ?? { carried: new Set<ts.NewExpression>(), missed: new Set<ts.NewExpression>() };
      const carried = [...r.carried].filter((c) => migrated.has(c));
      const missed = [...r.missed].filter((c) => migrated.has(c));
      const at = { fileName: u.file.fileName, start: u.node.getStart(), end: u.node.end, code: 'v3-client-config' };
      const gone = removed.has(u.node);
      if (!carried.length && !missed.length && !gone) continue;
      const into = carried.length ? `its settings are carried into the v3 clients created at ${list(carried)}` : 'no DynamoDB client read it';
      if (missed.length) {
        out.push({ ...at, severity: 'warning', message: `aws-sdk v2 global config${gone ? ', removed with aws-sdk v2 (no v2 client is left)' : ''}: the v3 clients created at ${list(missed)} do not read it${carried.length ? ` (carried into ${list(carried)})` : ''}` });
      } else if (gone) {
        out.push({ ...at, severity: 'information', message: `aws-sdk v2 global config removed: no aws-sdk v2 client is left in the program, and ${into}` });
      } else {
        out.push({ ...at, severity: 'information', message: `aws-sdk v2 global config: carried into the v3 clients created at ${list(carried)}; it still configures any v2 client left` });
      }
    }
    return out;
  }

  /**
   * The deletion of every global `AWS.config` change, for when no aws-sdk v2 client is left: each
   * must be a statement of its own whose values have no side effect (literals, names, property
   * reads: `AWS.config.update({ region: process.env.REGION })`); undefined when one is not
   * (`AWS.config.update(load())`, `loadFromPath`): then none is removed. Empty when there is none.
   */
  removals(): { changes: FileChanges; updates: Set<ts.Expression> } | undefined {
    const changes = new FileChanges();
    for (const u of this.updates) {
      const statement = u.node.parent;
      if (!ts.isExpressionStatement(statement) || !Array.isArray(u.entries) || !u.entries.every((e) => !e.node || sideEffectFree(e.node))) return undefined;
      const span = lineSpan(u.file.text, statement.getStart(u.file), statement.end);
      changes.edit(u.file, literalEdit(span.start, span.end, ''));
    }
    return { changes, updates: new Set(this.updates.map((u) => u.node)) };
  }

  private track(u: Located): { carried: Set<ts.NewExpression>; missed: Set<ts.NewExpression> } {
    let r = this.reach.get(u);
    if (!r) this.reach.set(u, (r = { carried: new Set(), missed: new Set() }));
    return r;
  }
}

function sameFunction(a: ts.Node, b: ts.Node): boolean {
  const fnOf = (n: ts.Node): ts.Node | undefined => {
    for (let p = n.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return p;
    return undefined;
  };
  const fa = fnOf(a);
  return fa !== undefined && fa === fnOf(b);
}

/** What the client will take from the environment because nothing in the code sets it. */
function environmentNote(members: ReadonlyMap<string, string>): string | undefined {
  const parts: string[] = [];
  if (!members.has('region')) parts.push('region (v2 read AWS_REGION or AMAZON_REGION, and ~/.aws/config only with AWS_SDK_LOAD_CONFIG=1; v3 reads AWS_REGION and ~/.aws/config)');
  if (!members.has('endpoint')) parts.push('endpoint (v3 also honours AWS_ENDPOINT_URL_DYNAMODB and AWS_ENDPOINT_URL, v2 did not)');
  if (!members.has('credentials')) parts.push('credentials (the default provider chain: environment, shared files, SSO, container and instance roles)');
  return parts.length ? `from the environment only: ${parts.join('; ')}` : undefined;
}

/** Evaluating it changes nothing: literals, names, property reads, and literals, templates and operators of those. */
function sideEffectFree(e: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) return sideEffectFree(e.expression);
  if (ts.isLiteralExpression(e) || ts.isIdentifier(e) || ts.isNoSubstitutionTemplateLiteral(e)) return true;
  if ([ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword].includes(e.kind)) return true;
  if (ts.isPropertyAccessExpression(e)) return sideEffectFree(e.expression);
  if (ts.isElementAccessExpression(e)) return sideEffectFree(e.expression) && sideEffectFree(e.argumentExpression);
  if (ts.isTemplateExpression(e)) return e.templateSpans.every((s) => sideEffectFree(s.expression));
  if (ts.isBinaryExpression(e)) return e.operatorToken.kind !== ts.SyntaxKind.EqualsToken && sideEffectFree(e.left) && sideEffectFree(e.right);
  if (ts.isConditionalExpression(e)) return sideEffectFree(e.condition) && sideEffectFree(e.whenTrue) && sideEffectFree(e.whenFalse);
  if (ts.isPrefixUnaryExpression(e)) return e.operator !== ts.SyntaxKind.PlusPlusToken && e.operator !== ts.SyntaxKind.MinusMinusToken && sideEffectFree(e.operand);
  if (ts.isObjectLiteralExpression(e)) return e.properties.every((p) => (ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name) && sideEffectFree(p.initializer)) || ts.isShorthandPropertyAssignment(p));
  if (ts.isArrayLiteralExpression(e)) return e.elements.every((x) => !ts.isSpreadElement(x) && sideEffectFree(x));
  return false;
}
