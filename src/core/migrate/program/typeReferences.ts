import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import type { PendingEdit, V3Import } from '../editPlan';
import type { ClientFamily } from './clientFamily';
import { documentShape, documentTypeEdits } from './documentClientShape';
import type { MigrationProject } from './project';
import type { SubjectPlan } from './subjectPlan';

const client = '@aws-sdk/client-dynamodb' as const;
const attributeValue: V3Import = { module: client, name: 'AttributeValue' };
/** v2 `DynamoDB.<name>` types that are maps or lists of AttributeValues, in v3 terms. */
const mapTypes = new Set(['AttributeMap', 'Key', 'PutItemInputAttributeMap', 'ExpressionAttributeValueMap']);
/** v2 low-level type names v3's client-dynamodb exports under the same name (operation inputs/outputs and values). */
const sameName = /^(AttributeValue|\w+(Input|Output))$/;

/** Does the family have a creation, holder or use in `sf`? */
function touches(fam: ClientFamily, sf: ts.SourceFile): boolean {
  const inFile = (n: ts.Node) => n.getSourceFile() === sf;
  return fam.creations.some(inFile) || fam.typedHolders.some(inFile) || [...fam.holders].some(inFile) || [...fam.values].some(inFile);
}

/**
 * Type annotations follow the clients: in a file that only migrated families of a kind touch,
 * v2 type references of that kind are rewritten (DocumentClient → DynamoDBDocument,
 * `DocumentClient.QueryInput` → `QueryCommandInput`; `AWS.DynamoDB` → `DynamoDB`,
 * `DynamoDB.AttributeMap` → `Record<string, AttributeValue>`, `DynamoDB.QueryInput` → `QueryInput`)
 * as part of the first such family's plan (`DynamoDB.Types.X` as `DynamoDB.X`). Files no plan
 * touches (types only) change with the first family when every family of the kind migrates. Where a blocked
 * family of that kind is used too, the file keeps its v2 types (they still compile while aws-sdk is installed).
 */
export function addTypeReferenceEdits(
  project: MigrationProject,
  families: ReadonlyMap<SubjectPlan, ClientFamily>,
  resolverOf: (sf: ts.SourceFile) => V2Resolver,
  plans: readonly SubjectPlan[],
): void {
  // Files some plan uses (a Converter call too): their types follow that plan, not the program's.
  const planned = new Set(plans.flatMap((p) => [...p.subject.origins, ...p.spots.map((s) => s.node), ...p.blockers.map((b) => b.node)]).map((n) => n.getSourceFile()));
  for (const kind of ['document-client', 'low-level-client'] as const) {
    const ofKind = [...families.keys()].filter((p) => p.subject.kind === kind);
    // Every client of the kind migrates: v2 types in files no client touches (a base class's
    // `keys(): DynamoDB.Key`) would only meet v3 calls, so they change too, with the first client.
    const programOwner = ofKind.every((p) => p.subject.migrated) ? ofKind[0] : undefined;
    for (const sf of project.userFiles) {
      const here = [...families].filter(([p, f]) => p.subject.kind === kind && touches(f, sf)).map(([p]) => p);
      const owner = here.length ? here.find((p) => p.subject.migrated) : planned.has(sf) ? undefined : programOwner;
      if (!owner || here.some((p) => !p.subject.migrated)) continue;
      const { edits, imports } = kind === 'document-client'
        ? documentTypeEdits(sf, resolverOf(sf), documentShape(owner.subject.origins[0]!.getSourceFile()))
        : lowLevelTypeEdits(sf, resolverOf(sf), owner.subject.origins[0]!.getSourceFile());
      for (const e of edits) owner.changes.edit(sf, e);
      for (const i of imports) owner.changes.use(sf, i);
    }
  }
}

/** `DynamoDB.X` or `DynamoDB.Types.X` (the same types, under v2's `Types` namespace): the `DynamoDB` part. */
function dynamoDbNamespaceOf(name: ts.QualifiedName): ts.EntityName {
  const left = name.left;
  return ts.isQualifiedName(left) && left.right.text === 'Types' ? left.left : left;
}

function lowLevelTypeEdits(sf: ts.SourceFile, resolver: V2Resolver, creationFile: ts.SourceFile): { edits: PendingEdit[]; imports: V3Import[] } {
  const edits: PendingEdit[] = [];
  const imports: V3Import[] = [];
  const cls: V3Import = { module: client, name: /DynamoDBClient/.test(creationFile.text) ? 'DynamoDBClient' : 'DynamoDB' };
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName;
      const whole = resolver.resolveTypeName(name);
      if (whole?.kind === 'DynamoDB') {
        imports.push(cls);
        edits.push({ start: name.getStart(sf), end: name.end, render: (n) => n(cls) });
        return;
      }
      if (ts.isQualifiedName(name) && resolver.resolveTypeName(dynamoDbNamespaceOf(name))?.kind === 'DynamoDB') {
        const member = name.right.text;
        const start = node.getStart(sf);
        if (mapTypes.has(member)) {
          imports.push(attributeValue);
          edits.push({ start, end: node.end, render: (n) => `Record<string, ${n(attributeValue)}>` });
        } else if (member === 'ItemList') {
          imports.push(attributeValue);
          edits.push({ start, end: node.end, render: (n) => `Record<string, ${n(attributeValue)}>[]` });
        } else if (sameName.test(member)) {
          const target: V3Import = { module: client, name: member };
          imports.push(target);
          edits.push({ start: name.getStart(sf), end: name.end, render: (n) => n(target) });
        }
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { edits, imports };
}
