import ts from 'typescript';
import type { V3Import } from '../editPlan';
import { calleeText } from './callTargets';
import type { ClientFamily } from './clientFamily';
import { clientUses } from './clientUses';
import { usesCommands } from './documentClientShape';
import { readCreationOptions } from './optionEntries';
import type { PlanContext } from './planContext';
import { planRequestCall } from './planRequestCall';
import type { CallStyle } from './requestCall';
import { newPlan, placeOf, subjectId, type SubjectPlan } from './subjectPlan';

const client = '@aws-sdk/client-dynamodb' as const;

/**
 * The operations of the DynamoDB API 2012-08-10 as aws-sdk v2 methods (its
 * `apis/dynamodb-2012-08-10.min.json`); v3's aggregated `DynamoDB` has a method of the same name
 * and input for each (test/core/migrate/program/lowLevelOperations.test.ts checks both packages).
 */
export const lowLevelOperations: ReadonlySet<string> = new Set([
  'batchExecuteStatement', 'batchGetItem', 'batchWriteItem', 'createBackup', 'createGlobalTable', 'createTable', 'deleteBackup',
  'deleteItem', 'deleteResourcePolicy', 'deleteTable', 'describeBackup', 'describeContinuousBackups', 'describeContributorInsights',
  'describeEndpoints', 'describeExport', 'describeGlobalTable', 'describeGlobalTableSettings', 'describeImport',
  'describeKinesisStreamingDestination', 'describeLimits', 'describeTable', 'describeTableReplicaAutoScaling', 'describeTimeToLive',
  'disableKinesisStreamingDestination', 'enableKinesisStreamingDestination', 'executeStatement', 'executeTransaction',
  'exportTableToPointInTime', 'getItem', 'getResourcePolicy', 'importTable', 'listBackups', 'listContributorInsights', 'listExports',
  'listGlobalTables', 'listImports', 'listTables', 'listTagsOfResource', 'putItem', 'putResourcePolicy', 'query',
  'restoreTableFromBackup', 'restoreTableToPointInTime', 'scan', 'tagResource', 'transactGetItems', 'transactWriteItems',
  'untagResource', 'updateContinuousBackups', 'updateContributorInsights', 'updateGlobalTable', 'updateGlobalTableSettings',
  'updateItem', 'updateKinesisStreamingDestination', 'updateTable', 'updateTableReplicaAutoScaling', 'updateTimeToLive',
]);

/** Operations with a v3 paginator (`paginateQuery`…), for `eachPage`. */
const paginated = new Set(['query', 'scan', 'listTables', 'listExports', 'listImports', 'listContributorInsights']);
/** Operations whose input has a top-level `TableName` (a bound `params.TableName` applies). */
const tableOperations = new Set(['getItem', 'putItem', 'updateItem', 'deleteItem', 'query', 'scan', 'describeTable', 'updateTable', 'deleteTable', 'describeTimeToLive', 'updateTimeToLive', 'describeContinuousBackups', 'updateContinuousBackups']);

const upper = (m: string) => m[0]!.toUpperCase() + m.slice(1);

/**
 * The plan for one low-level client family (`new AWS.DynamoDB(cfg)`): the creation becomes
 * `new DynamoDB(v3 config)` from @aws-sdk/client-dynamodb (or `DynamoDBClient` with commands in a
 * file that already uses them), every operation call keeps its name and input (`.promise()`
 * dropped, callbacks kept, `eachPage` → paginator). Items come back as v3 AttributeValues, so
 * they type-check where they reach v3 `unmarshall`. Anything else (`waitFor`, `.config`,
 * `.endpoint`, `makeRequest`…) blocks the family.
 */
export function planLowLevelFamily(fam: ClientFamily, ctx: PlanContext): SubjectPlan {
  const origin = fam.creations[0] ?? fam.typedHolders[0]!;
  const commands = usesCommands(origin.getSourceFile());
  const cls: V3Import = { module: client, name: commands ? 'DynamoDBClient' : 'DynamoDB' };
  const label = `DynamoDB client ${fam.creations[0] ? 'created' : 'received'} at ${placeOf(origin, ctx.root)}`;
  const plan = newPlan(
    { id: subjectId('low-level-client', origin), kind: 'low-level-client', origins: fam.creations.length ? fam.creations : fam.typedHolders, migrated: false },
    label,
    `Migrate this DynamoDB client to ${cls.name} (@aws-sdk/client-dynamodb)`,
  );
  if (fam.creations.length === 0) {
    for (const t of fam.typedHolders) plan.blockers.push({ node: t, why: 'receives a v2 DynamoDB client from outside the program (no creation of it found here)' });
  }
  for (const { node, call, consumer } of fam.v3Consumers) {
    plan.blockers.push({ node, why: `passed to ${calleeText(call)} (${consumer.library}), which takes a document client, not a low-level client` });
  }
  const style: CallStyle = {
    commands,
    commandOf: (m) => (lowLevelOperations.has(m) ? { module: client, name: `${upper(m)}Command` } : undefined),
    paginatorOf: (m) => (paginated.has(m) ? { module: client, name: `paginate${upper(m)}` } : undefined),
  };
  for (const creation of fam.creations) {
    const bound = planCreation(creation, cls, plan, ctx);
    if (bound) style.bound = { params: bound, appliesTo: tableOperations };
  }
  for (const { value, access, call } of clientUses(fam)) {
    const name = ts.isPropertyAccessExpression(access) ? access.name.text : undefined;
    if (name && call && lowLevelOperations.has(name) && ts.isPropertyAccessExpression(access)) {
      planRequestCall(call, access, value, 'DynamoDB', style, plan, ctx, false);
    } else {
      const what = name ? `.${name}${call ? '()' : ''}` : access.getText();
      const hint = name === 'waitFor' ? ' (v3 has waitUntilTableExists / waitUntilTableNotExists with a maxWaitTime: port it by hand)' : '';
      plan.blockers.push({ node: access, why: `${what} is aws-sdk v2 only${hint}` });
    }
  }
  return plan;
}

function planCreation(creation: ts.NewExpression, cls: V3Import, plan: SubjectPlan, ctx: PlanContext): ts.ObjectLiteralExpression | undefined {
  const sf = creation.getSourceFile();
  const read = readCreationOptions(creation, ctx.checker, (why) => plan.blockers.push({ node: creation, why }));
  if (!read) return undefined;
  const bound = read.bound;
  const config = ctx.clientConfig(creation, read.entries.filter((e) => e.key !== 'params'));
  for (const why of config.blockers) plan.blockers.push({ node: creation, why });
  for (const n of config.notes) plan.notes.push({ node: creation, code: n.code ?? 'v3-client-config', severity: n.severity, message: n.message });
  plan.changes.use(sf, cls);
  plan.changes.edit(sf, { start: creation.getStart(sf), end: creation.end, render: (n) => `new ${n(cls)}(${config.text})` });
  plan.spots.push({ node: creation, code: 'v2-low-level-client', message: `aws-sdk v2 DynamoDB client: ${cls.name} from @aws-sdk/client-dynamodb takes the same inputs and returns v3 AttributeValues (binary as Uint8Array)` });
  return bound;
}
