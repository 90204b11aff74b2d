/**
 * Builds a synthetic but realistic Go CPU profile of a requested raw (uncompressed) size,
 * for the load benchmark of issue 2 ("a 50 MB raw synthetic pprof in under 5 s").
 *
 * Shape (modelled on `fixtures/go-adserver/profiles/before-v1.pb.gz`, written with
 * pprof-format's encoder): sample types `[samples/count, cpu/nanoseconds]`, period 10 ms,
 * stacks root → `main.main.func2` → handler → repository adapter under
 * `/home/dev/adserver/...` → aws-sdk-go v1 (`jsonrpc.Unmarshal`,
 * `jsonutil.unmarshalStruct`/`unmarshalAny` recursion, `dynamodbattribute`) → `reflect`
 * / `encoding/json` → `runtime.mallocgc`, plus GC-worker stacks, and generated user and
 * library functions so that the string, function and location tables are about half of the
 * bytes, as in the real profiles. Stacks are 8–64 frames deep (Go's cap), about 10 % of
 * locations carry an inlined frame, and records are random walks, so nearly all of them are
 * distinct stacks (Go writes one record per distinct stack). A seeded PRNG makes the output
 * identical for the same size.
 *
 * Run directly: `node --import tsx perf/syntheticPprof.ts OUT.pb [MB]`.
 */
import { writeFile } from 'node:fs/promises';
import { Function as PFunction, Line, Location, Profile, Sample, StringTable, ValueType } from 'pprof-format';
import { seededRandom as prng } from '../src/core/seededRandom';

const PERIOD_NS = 10_000_000;


const SDK = '/usr/share/gocode/src/github.com/aws/aws-sdk-go';
const GOROOT = '/usr/lib/go-1.19/src';
const APP = '/home/dev/adserver';

/** [function name, file, first line] of the fixed part of the call graph, root first per chain. */
const ROOT_CHAIN: [string, string, number][] = [
  ['runtime.goexit', `${GOROOT}/runtime/asm_amd64.s`, 1594],
  ['main.main.func2', `${APP}/cmd/adserver/main.go`, 130],
  ['main.main.func1', `${APP}/cmd/adserver/main.go`, 100],
  ['github.com/example/adserver/internal/handler.(*AdHandler).ServeHTTP', `${APP}/internal/handler/handler.go`, 30],
];
const REPOSITORY: [string, string, number][] = [
  ['github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity', `${APP}/internal/repository/ddbv1/adapter.go`, 40],
  ['github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetTargetingModel', `${APP}/internal/repository/ddbv1/adapter.go`, 62],
  ['github.com/example/adserver/internal/repository/ddbv1.(*Adapter).RecordImpression', `${APP}/internal/repository/ddbv1/adapter.go`, 84],
];
const SDK_CHAIN: [string, string, number][] = [
  ['github.com/aws/aws-sdk-go/service/dynamodb.(*DynamoDB).QueryWithContext', `${SDK}/service/dynamodb/api.go`, 4680],
  ['github.com/aws/aws-sdk-go/aws/request.(*Request).Send', `${SDK}/aws/request/request.go`, 540],
  ['github.com/aws/aws-sdk-go/aws/request.(*HandlerList).Run', `${SDK}/aws/request/handlers.go`, 260],
  ['github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Unmarshal', `${SDK}/private/protocol/jsonrpc/jsonrpc.go`, 60],
  ['github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.UnmarshalJSON', `${SDK}/private/protocol/json/jsonutil/unmarshal.go`, 50],
];
const RECURSION: [string, string, number][] = [
  ['github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalAny', `${SDK}/private/protocol/json/jsonutil/unmarshal.go`, 80],
  ['github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalStruct', `${SDK}/private/protocol/json/jsonutil/unmarshal.go`, 120],
  ['github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalList', `${SDK}/private/protocol/json/jsonutil/unmarshal.go`, 190],
  ['github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalMap', `${SDK}/private/protocol/json/jsonutil/unmarshal.go`, 220],
  ['github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.(*Decoder).decode', `${SDK}/service/dynamodb/dynamodbattribute/decode.go`, 140],
  ['github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.(*Decoder).decodeMap', `${SDK}/service/dynamodb/dynamodbattribute/decode.go`, 450],
];
const LEAVES: [string, string, number][] = [
  ['reflect.StructTag.Lookup', `${GOROOT}/reflect/type.go`, 1170],
  ['reflect.Value.FieldByName', `${GOROOT}/reflect/value.go`, 1290],
  ['encoding/json.(*decodeState).object', `${GOROOT}/encoding/json/decode.go`, 600],
  ['encoding/json.(*Decoder).Decode', `${GOROOT}/encoding/json/stream.go`, 49],
  ['runtime.mallocgc', `${GOROOT}/runtime/malloc.go`, 905],
  ['runtime.memmove', `${GOROOT}/runtime/memmove_amd64.s`, 33],
  ['runtime.mapassign_faststr', `${GOROOT}/runtime/map_faststr.go`, 203],
];
const GC_CHAIN: [string, string, number][] = [
  ['runtime.gcBgMarkWorker', `${GOROOT}/runtime/mgc.go`, 1230],
  ['runtime.gcDrain', `${GOROOT}/runtime/mgcmark.go`, 1000],
  ['runtime.scanobject', `${GOROOT}/runtime/mgcmark.go`, 1250],
  ['runtime.greyobject', `${GOROOT}/runtime/mgcmark.go`, 1450],
];

interface Tables {
  profile: Profile;
  strings: StringTable;
  /** location ids per function, by function key */
  locations: Map<string, number[]>;
  generated: string[];
}

function buildTables(random: () => number, generatedFunctions: number): Tables {
  const strings = new StringTable();
  const profile = new Profile({
    sampleType: [
      new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }),
      new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
    ],
    periodType: new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
    period: PERIOD_NS,
    stringTable: strings,
  });
  const locations = new Map<string, number[]>();
  let nextFunctionId = 1;
  let nextLocationId = 1;
  const addFunction = ([name, file, line]: [string, string, number], locationCount: number): void => {
    const id = nextFunctionId++;
    profile.function.push(
      new PFunction({ id, name: strings.dedup(name), systemName: strings.dedup(name), filename: strings.dedup(file), startLine: line }),
    );
    const ids: number[] = [];
    for (let k = 0; k < locationCount; k++) {
      const lines = [new Line({ functionId: id, line: line + 1 + Math.floor(random() * 40) })];
      const inlinedCallee = profile.function.length > 2 && random() < 0.1 ? 1 + Math.floor(random() * (profile.function.length - 1)) : 0;
      if (inlinedCallee) lines.unshift(new Line({ functionId: inlinedCallee, line: 10 + Math.floor(random() * 200) }));
      const locationId = nextLocationId++;
      profile.location.push(new Location({ id: locationId, mappingId: 0, address: 0x400000 + locationId * 16, line: lines }));
      ids.push(locationId);
    }
    locations.set(name, ids);
  };
  for (const chain of [ROOT_CHAIN, REPOSITORY, SDK_CHAIN, RECURSION, LEAVES, GC_CHAIN]) for (const f of chain) addFunction(f, 4);
  const generated: string[] = [];
  for (let i = 0; i < generatedFunctions; i++) {
    const p = Math.floor(i / 60);
    const f = i % 60;
    {
      const user = p % 3 === 0;
      const name = user ? `github.com/example/adserver/internal/gen/pkg${p}.(*Service${f % 7}).Handle${f}` : `github.com/example/lib${p}/v2.process${f}`;
      const file = user ? `${APP}/internal/gen/pkg${p}/file${f % 9}.go` : `/root/go/pkg/mod/github.com/example/lib${p}/v2@v2.${p}.0/process${f % 5}.go`;
      addFunction([name, file, 10 + f * 30], 3);
      generated.push(name);
    }
  }
  return { profile, strings, locations, generated };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** One sample's location ids, leaf first. */
function randomStack(tables: Tables, random: () => number): number[] {
  const loc = (name: string): number => pick(tables.locations.get(name)!, random);
  const rootFirst: number[] = [];
  if (random() < 0.08) {
    for (const [name] of GC_CHAIN) rootFirst.push(loc(name));
  } else {
    for (const [name] of ROOT_CHAIN) rootFirst.push(loc(name));
    for (let k = Math.floor(random() * 4); k > 0; k--) rootFirst.push(loc(pick(tables.generated, random)));
    rootFirst.push(loc(pick(REPOSITORY, random)[0]));
    if (random() < 0.85) {
      for (const [name] of SDK_CHAIN) rootFirst.push(loc(name));
      for (let k = 2 + Math.floor(random() * 30); k > 0 && rootFirst.length < 60; k--) rootFirst.push(loc(pick(RECURSION, random)[0]));
    } else {
      for (let k = 1 + Math.floor(random() * 12); k > 0; k--) rootFirst.push(loc(pick(tables.generated, random)));
    }
    rootFirst.push(loc(pick(LEAVES, random)[0]));
  }
  const stack = rootFirst.reverse();
  return stack.length > 64 ? stack.slice(0, 64) : stack;
}

function varintSize(n: number): number {
  let size = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

/**
 * Builds the synthetic profile's encoded (raw, not gzipped) bytes, at least `rawBytes`
 * long (it stops at the first sample that reaches the size).
 */
export function buildSyntheticPprof(rawBytes: number, seed = 42): { bytes: Uint8Array; samples: number } {
  const random = prng(seed);
  // About half of the bytes are tables, as in the real Go profiles (samples are 42 % of
  // before-v1.pb's bytes and 39 % of large.cpu's); a generated function with its strings
  // and 3 locations encodes to about 120 bytes.
  const tables = buildTables(random, Math.max(120, Math.round((rawBytes * 0.5) / 120)));
  let size = tables.profile.length;
  let samples = 0;
  while (size < rawBytes) {
    const n = random() < 0.9 ? 1 : 2 + Math.floor(random() * 3);
    const sample = new Sample({ locationId: randomStack(tables, random), value: [n, n * PERIOD_NS] });
    tables.profile.sample.push(sample);
    const length = sample.length;
    size += 1 + varintSize(length) + length;
    samples++;
  }
  tables.profile.durationNanos = samples * 2 * PERIOD_NS;
  tables.profile.timeNanos = 1_764_000_000_000_000_000n;
  return { bytes: tables.profile.encode(), samples };
}

/**
 * Writes the synthetic Go CPU profile (raw protobuf, not gzipped) of about `rawBytes` bytes
 * to `path`. Returns the number of sample records and the exact size written.
 */
export async function writeSyntheticPprof(path: string, rawBytes: number): Promise<{ samples: number; rawBytes: number }> {
  const { bytes, samples } = buildSyntheticPprof(rawBytes);
  await writeFile(path, bytes);
  return { samples, rawBytes: bytes.length };
}

if (require.main === module) {
  const [out, mb] = process.argv.slice(2);
  if (!out) {
    console.error('usage: node --import tsx perf/syntheticPprof.ts OUT.pb [MB=50]');
    process.exit(2);
  }
  writeSyntheticPprof(out, Number(mb ?? 50) * 1024 * 1024).then(
    (r) => console.log(`${out}: ${r.samples} samples, ${r.rawBytes} bytes`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
