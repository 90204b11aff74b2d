// The differential harness: each pattern under test/fixtures/migrate/differential is a small aws-sdk
// v2 program; our migration produces its v3 form; both run against one dynalite on 127.0.0.1, step
// by step, on a fresh table each. What each step stores (a low-level Scan), returns and throws is
// compared, and every difference must be named by a warning or error finding at its line (see
// steps.ts). Differences no finding names yet are listed in `knownGaps` (asserted exactly, so the
// list shrinks when the engine starts naming them).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { startDynalite, type LocalDynamo } from '../../../helpers/dynalite';
import { describe as describeValue, describeThrown, stackLines, storedJson } from './observe';
import { migrateProgram, type MigratedProgram } from './program';
import { creationLines, stepsOf, type Step } from './steps';

const patterns = join(__dirname, '..', '..', '..', 'fixtures', 'migrate', 'differential');
const table = 'Patterns';

/**
 * `pattern/step/aspect` differences not named yet, each with why (empty: the migration now writes
 * the conversion v2 made to `Limit` itself, so params.js behaves the same on both sides).
 */
const knownGaps = new Set<string>([]);

interface Observed {
  returned?: unknown;
  thrown?: { name: string; message: string };
  lines: number[];
  stored: string;
}

interface Difference {
  key: string;
  named: boolean;
  detail: string;
}

async function runSide(db: LocalDynamo, mod: Record<string, unknown>, step: string, seed: Record<string, AttributeValue>[], fileName: string, mapLine: (l: number) => number): Promise<Observed> {
  await db.createTable(table);
  for (const Item of seed) await db.client.send(new PutItemCommand({ TableName: table, Item }));
  const out: Observed = { lines: [], stored: '' };
  try {
    out.returned = describeValue(await (mod[step] as () => Promise<unknown>)());
  } catch (e) {
    out.thrown = describeThrown(e);
    out.lines = stackLines(e, fileName).map(mapLine);
  }
  out.stored = storedJson(await db.scan(table));
  await db.deleteTable(table);
  return out;
}

function seedOf(mod: Record<string, unknown>): Record<string, AttributeValue>[] {
  const seed = (mod.seed ?? []) as Record<string, AttributeValue>[];
  const binary = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(binary);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'B' ? Buffer.from(x as string, 'base64') : k === 'BS' ? (x as string[]).map((b) => Buffer.from(b, 'base64')) : binary(x)]));
    }
    return v;
  };
  return binary(seed) as Record<string, AttributeValue>[];
}

function differences(p: MigratedProgram, step: Step, a: Observed, b: Observed): Difference[] {
  const behaviour = p.findings.filter((f) => f.severity !== 'information');
  const at = (lines: Iterable<number>, codes?: string[]) => {
    const set = new Set(lines);
    return behaviour.some((f) => set.has(p.lineOf(f.start)) && (!codes || codes.includes(f.code)));
  };
  const creations = creationLines(p.originalText);
  const out: Difference[] = [];
  const key = (aspect: string) => `${p.name}/${step.name}/${aspect}`;
  if (a.stored !== b.stored) {
    out.push({ key: key('stored'), named: at(step.writeLines) || at(creations, ['v3-empty-set-values', 'v3-wrap-numbers-class']), detail: `v2 stored ${a.stored}\n   v3 stored ${b.stored}` });
  }
  if (JSON.stringify(a.thrown) !== JSON.stringify(b.thrown)) {
    const inStep = [...a.lines, ...b.lines].filter((l) => l >= step.from && l <= step.to);
    out.push({ key: key('thrown'), named: at(inStep.length ? inStep : step.callLines), detail: `v2 threw ${JSON.stringify(a.thrown)}\n   v3 threw ${JSON.stringify(b.thrown)}` });
  }
  if (!a.thrown && !b.thrown && JSON.stringify(a.returned) !== JSON.stringify(b.returned)) {
    out.push({ key: key('returned'), named: at(step.returnLines), detail: `v2 returned ${JSON.stringify(a.returned)}\n   v3 returned ${JSON.stringify(b.returned)}` });
  } else if (!!a.thrown !== !!b.thrown) {
    out.push({ key: key('returned'), named: at(step.returnLines) || at(step.callLines), detail: `v2 ${a.thrown ? 'threw' : 'returned'}, v3 ${b.thrown ? 'threw' : 'returned'}` });
  }
  return out;
}

describe('differential harness: v2 pattern programs vs their migrated form, against dynalite', () => {
  let db: LocalDynamo;
  before(async () => {
    db = await startDynalite();
    process.env.DDB_ENDPOINT = db.endpoint;
  });
  after(() => db.close());

  for (const name of readdirSync(patterns).filter((f) => f.endsWith('.js')).sort()) {
    it(`${name}: every difference in what is stored, returned or thrown is named at its line`, async (t) => {
      const p = migrateProgram(join(patterns, name));
      assert.notEqual(p.migratedText, p.originalText, 'the migration changed nothing');
      assert.doesNotMatch(p.migratedText, /require\('aws-sdk'\)[\s\S]*DocumentClient\(/, 'a v2 DocumentClient is left');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const v2 = require(p.originalPath) as Record<string, unknown>;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const v3 = require(p.migratedPath) as Record<string, unknown>;
      const seed = seedOf(v2);
      const found: Difference[] = [];
      const steps = stepsOf(p.originalPath, p.originalText);
      assert.ok(steps.length > 0, 'no steps');
      for (const step of steps) {
        const a = await runSide(db, v2, step.name, seed, p.originalPath, (l) => l);
        const b = await runSide(db, v3, step.name, seed, p.migratedPath, p.originalLine);
        found.push(...differences(p, step, a, b));
      }
      const unnamed = found.filter((d) => !d.named && !knownGaps.has(d.key));
      const gapsHere = [...knownGaps].filter((k) => k.startsWith(`${name}/`));
      t.diagnostic(`${name}: ${steps.length} steps, ${found.length} differences, ${found.filter((d) => d.named).length} named`);
      for (const d of found) t.diagnostic(`${d.named ? 'named' : 'NOT NAMED'} ${d.key}\n   ${d.detail}`);
      assert.deepEqual(unnamed.map((d) => `${d.key}: ${d.detail}`), [], 'differences no finding names at their line');
      assert.deepEqual(found.filter((d) => !d.named).map((d) => d.key).sort(), gapsHere.sort(), 'known gaps changed: update knownGaps');
    });
  }
});
