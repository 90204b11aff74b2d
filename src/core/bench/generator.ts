/**
 * A deterministic item generator so a benchmark runs with no data at all. Five shapes cover the
 * cases that behave differently between SDKs: flat scalars, nesting, very wide maps (v3 unmarshall
 * is reported slow on maps with > 1,000 keys, aws-sdk-js-v3 #4151), long lists, and numbers beyond
 * 2^53 (where v2 and v3 disagree, see notes/migration-semantics.md).
 */
import type { ItemSet, WireAttributeValue, WireItem } from './itemTypes';
import { seededRandom as prng } from '../seededRandom';

/** Generator shapes. */
export const GENERATOR_SHAPES = ['flat', 'nested', 'wide', 'longList', 'largeNumbers'] as const;
export type GeneratorShape = (typeof GENERATOR_SHAPES)[number];

/** What to generate: `count` items of `shape`, reproducible for a given `seed`. */
export interface GeneratorSpec {
  shape: GeneratorShape;
  count: number;
  seed?: number;
}

/** One-line descriptions for pickers and help text. */
export const SHAPE_DESCRIPTIONS: Record<GeneratorShape, string> = {
  flat: '12 scalar attributes (S, N, BOOL, NULL)',
  nested: 'maps and lists nested 3 levels, string sets',
  wide: 'one map of 1,000 numeric keys',
  longList: 'a list of 500 small maps',
  largeNumbers: 'numbers beyond 2^53, 1e40 and 30-digit decimals',
};


const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];

function makeItem(shape: GeneratorShape, i: number, rnd: () => number): WireItem {
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  const int = (max: number) => String(Math.floor(rnd() * max));
  const dec = () => (rnd() * 1000).toFixed(4);
  const key: WireItem = { pk: { S: `ITEM#${String(i).padStart(6, '0')}` }, sk: { S: `V#${int(1e6)}` } };
  switch (shape) {
    case 'flat':
      return {
        ...key,
        name: { S: `${word()} ${word()}` },
        status: { S: word() },
        count: { N: int(1e6) },
        price: { N: dec() },
        ts: { N: String(1700000000000 + i) },
        active: { BOOL: rnd() < 0.5 },
        deleted: { BOOL: false },
        note: { NULL: true },
        region: { S: 'eu-west-1' },
        score: { N: dec() },
      };
    case 'nested': {
      const leaf = (): WireAttributeValue => ({ M: { id: { S: word() }, value: { N: dec() }, ok: { BOOL: rnd() < 0.5 } } });
      return {
        ...key,
        profile: { M: { name: { S: word() }, address: { M: { city: { S: word() }, zip: { S: int(99999) }, geo: leaf() } } } },
        tags: { SS: [word() + '1', word() + '2', word() + '3'] },
        history: { L: [leaf(), leaf(), leaf(), leaf()] },
        matrix: { L: [{ L: [{ N: int(100) }, { N: int(100) }] }, { L: [{ N: int(100) }, { N: int(100) }] }] },
      };
    }
    case 'wide': {
      const weights: WireItem = {};
      for (let k = 0; k < 1000; k++) weights[`f_${k}`] = { N: (rnd() * 2 - 1).toFixed(6) };
      return { ...key, weights: { M: weights } };
    }
    case 'longList': {
      const events: WireAttributeValue[] = [];
      for (let k = 0; k < 500; k++) events.push({ M: { t: { N: String(1700000000000 + k) }, e: { S: word() } } });
      return { ...key, events: { L: events } };
    }
    case 'largeNumbers':
      return {
        ...key,
        id64: { N: `9007199254740${993 + i}` },
        huge: { N: '1.23e+40' },
        precise: { N: '123456789012345678901234.567891' },
        negative: { N: '-9007199254740998.25' },
        small: { N: int(1000) },
        ids: { NS: ['18446744073709551615', '9007199254740993', '42'] },
      };
  }
}

/** Generates `spec.count` (1..100,000) items of `spec.shape`; throws RangeError otherwise. */
export function generateItems(spec: GeneratorSpec): ItemSet {
  if (!Number.isInteger(spec.count) || spec.count < 1 || spec.count > 100_000) {
    throw new RangeError(`item count must be an integer from 1 to 100000, got ${spec.count}`);
  }
  if (!GENERATOR_SHAPES.includes(spec.shape)) throw new RangeError(`unknown item shape '${spec.shape}'`);
  const rnd = prng(spec.seed ?? 42);
  const items: WireItem[] = [];
  for (let i = 0; i < spec.count; i++) items.push(makeItem(spec.shape, i, rnd));
  return { format: 'generated', label: `generated: ${spec.shape} × ${spec.count}`, items };
}
