import ts from 'typescript';
import type { ImportGraph } from './importGraph';
import { symbolReads } from './symbolReads';
import { outermostValue } from './valueContext';
import { placeOf, type SubjectPlan } from './subjectPlan';

/** A plan to block, where, and why (one clause). */
export interface CrossingBlock {
  plan: SubjectPlan;
  node: ts.Node;
  why: string;
}

/** Where a `createSet(…)` value is written: the plans whose call inputs hold it, or the node where the tool loses it. */
interface Landing {
  writers: Set<SubjectPlan>;
  lost?: ts.Node;
}

const v2SetStored = 'v2 writes a native Set as {} (the write fails with a ValidationException) or, with convertEmptyValues, as NULL: the set is lost';
const v3SetRefused = 'v3 cannot write a v2 DynamoDBSet (marshall throws on its class)';

/**
 * Sets cross between SDKs only where they change nothing: a migrated DocumentClient's
 * `createSet(x)` becomes `new Set(x)`, which an aws-sdk v2 DocumentClient or `Converter.marshall`
 * does not write as a set; a v2 `createSet` left in place makes a DynamoDBSet, which v3's marshall
 * refuses. Each `createSet` call is followed to the call inputs that hold it (through object and
 * array literals and `const` variables, see `landing`):
 * - a migrated maker whose set reaches a writer that stays on v2 is blocked, naming both ends; one
 *   whose set the tool loses is blocked while a v2 writer that can meet it remains;
 * - a migrated writer that receives a set of a maker left on v2 is blocked; when that set is lost,
 *   every migrated writer that can meet it is, naming the maker.
 * A set the tool loses may meet the writers of every module connected to the one where it was lost
 * by imports (see `ImportGraph.connected`), none other.
 * `plans` are every plan of the program with their current fates; returns the blocks to apply.
 */
export function setCrossings(plans: readonly SubjectPlan[], checker: ts.TypeChecker, imports: ImportGraph, root: string): CrossingBlock[] {
  const writtenBy = new Map<ts.Node, SubjectPlan>();
  for (const p of plans) for (const w of writes(p)) writtenBy.set(outermostValue(w), p);
  const writers = plans.filter(isWriter);
  const out: CrossingBlock[] = [];
  for (const maker of plans) {
    for (const call of maker.createdSets) {
      const at = placeOf(call, root);
      const land = landing(call, writtenBy, checker, 0);
      // A set the tool loses can only reach writers in modules connected to where it was lost.
      const mayReach = (w: SubjectPlan) => !!land.lost && [...w.subject.origins, ...w.written].some((n) => imports.connected(n.getSourceFile(), land.lost!.getSourceFile()));
      if (maker.subject.migrated) {
        const v2 = [...land.writers].filter((w) => !w.subject.migrated);
        // A DocumentClient left on v2 may write through uses the tool cannot see (`client[method](…)`).
        const left = plans.filter((w) => !w.subject.migrated && (isWriter(w) || w.subject.kind === 'document-client') && mayReach(w));
        if (v2.length) out.push({ plan: maker, node: call, why: `its createSet at ${at} would make a native Set that the ${v2[0]!.label} writes, and that client stays on aws-sdk v2 (${firstReason(v2[0]!)}): ${v2SetStored}` });
        else if (left.length) out.push({ plan: maker, node: call, why: `its createSet at ${at} would make a native Set that the tool cannot follow from ${placeOf(land.lost!, root)} to the client writing it, and the ${left[0]!.label} stays on aws-sdk v2 (${firstReason(left[0]!)}): ${v2SetStored}` });
      } else {
        const reached = [...land.writers, ...writers.filter((w) => w !== maker && mayReach(w))].filter((w, i, all) => w.subject.migrated && all.indexOf(w) === i);
        for (const w of reached) {
          out.push({ plan: w, node: w.subject.origins[0]!, why: `it ${land.lost ? 'may receive' : 'receives'} the DynamoDBSet made by createSet at ${at} of the ${maker.label}, which stays on aws-sdk v2: ${v3SetRefused}` });
        }
      }
    }
  }
  return out;
}

/** The item-holding inputs a plan writes: its calls' inputs and marshalled values, not the lists its createSet calls take. */
function writes(p: SubjectPlan): ts.Expression[] {
  const setLists = new Set<ts.Node>(p.createdSets.flatMap((c) => [...c.arguments]));
  return p.written.filter((w) => !setLists.has(w));
}

/** Clients with data calls and `Converter.marshall`/`input` calls: what writes items. */
function isWriter(p: SubjectPlan): boolean {
  return writes(p).length > 0;
}

function firstReason(p: SubjectPlan): string {
  const why = p.blockers[0]?.why ?? 'blocked';
  return why.length > 90 ? `${why.slice(0, 87)}…` : why;
}

/**
 * Follows a value outwards through the literals holding it (`{ tags: v }`, `[v]`, `{ ...v }`) and
 * through `const` variables (each of their reads) to the call inputs recorded in `writtenBy`.
 * Anything else (an assignment into an object, a return, an argument of another function) is
 * where the tool loses it.
 */
function landing(value: ts.Expression, writtenBy: ReadonlyMap<ts.Node, SubjectPlan>, checker: ts.TypeChecker, depth: number): Landing {
  let x = outermostValue(value);
  for (;;) {
    const p = x.parent;
    if ((ts.isPropertyAssignment(p) && p.initializer === x) || ts.isShorthandPropertyAssignment(p) || ts.isSpreadAssignment(p)) x = outermostValue(p.parent as ts.ObjectLiteralExpression);
    else if (ts.isArrayLiteralExpression(p) || (ts.isSpreadElement(p) && ts.isArrayLiteralExpression(p.parent))) x = outermostValue(ts.isArrayLiteralExpression(p) ? p : p.parent as ts.ArrayLiteralExpression);
    else break;
  }
  const writer = writtenBy.get(x);
  if (writer) return { writers: new Set([writer]) };
  const decl = x.parent;
  if (depth < 4 && ts.isVariableDeclaration(decl) && decl.initializer === x && ts.isIdentifier(decl.name) && ts.getCombinedNodeFlags(decl.parent) & ts.NodeFlags.Const) {
    const symbol = checker.getSymbolAtLocation(decl.name);
    const reads = symbol ? symbolReads(symbol, decl.name, checker) : [];
    const out: Landing = { writers: new Set() };
    for (const r of reads) {
      const inner = landing(r, writtenBy, checker, depth + 1);
      for (const w of inner.writers) out.writers.add(w);
      out.lost ??= inner.lost;
    }
    const exported = ts.isVariableStatement(decl.parent.parent) && decl.parent.parent.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (reads.length === 0 || exported) out.lost = decl;
    return out;
  }
  return { writers: new Set(), lost: x };
}
