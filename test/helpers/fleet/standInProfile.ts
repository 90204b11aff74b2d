/**
 * STAND-IN (tests only): turns a real fixture profile into what a Pyroscope querier returns for
 * a merged query — one value column chosen by the profile type, `default_sample_type` set,
 * labels dropped, duplicate stacks merged — and prunes it to `maxNodes` the way Pyroscope does:
 * a function-name tree is built over all stacks, the `maxNodes`-th largest node total is the
 * threshold (`StacktraceTree.MinValue`), the leaf-side frames below it are replaced by one
 * location whose function is named `other`, and a stack pruned entirely becomes `[other]`
 * (`pkg/phlaredb/symdb/resolver_pprof_tree.go`). Written from the public behaviour, not copied.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Function as PFunction, Line, Location, Profile, Sample, ValueType } from 'pprof-format';

const num = (v: number | bigint): number => Number(v);

/** Reads a `.pb.gz` (or raw) fixture with pprof-format. */
export function readFixture(path: string): Profile {
  const bytes = readFileSync(path);
  return Profile.decode(bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes);
}

/** A merged, single-column, optionally pruned profile, encoded; `pruned` is the weight put into `other`. */
export function mergedProfile(src: Profile, opts: { sampleType: string; sampleUnit: string; maxNodes: number; timeMs: number }): { bytes: Uint8Array; pruned: number; total: number } {
  const strings = src.stringTable.strings;
  const column = src.sampleType.findIndex((t) => strings[num(t.type)] === opts.sampleType && strings[num(t.unit)] === opts.sampleUnit);
  if (column < 0) throw new Error(`stand-in: fixture has no ${opts.sampleType}/${opts.sampleUnit} column`);
  const locations = new Map(src.location.map((l) => [num(l.id), l]));
  const functionsRootFirst = (locIds: readonly (number | bigint)[]): number[] => {
    const out: number[] = [];
    for (let i = locIds.length - 1; i >= 0; i--) {
      const lines = locations.get(num(locIds[i]!))!.line;
      for (let j = lines.length - 1; j >= 0; j--) out.push(num(lines[j]!.functionId));
    }
    return out;
  };

  // Function-name tree: node totals over all samples.
  const nodeIndex = new Map<string, number>();
  const totals: number[] = [];
  const paths: { locs: number[]; nodes: number[]; value: number }[] = [];
  for (const s of src.sample) {
    const value = num(s.value[column]!);
    if (value <= 0) continue;
    const nodes: number[] = [];
    let parent = -1;
    for (const fn of functionsRootFirst(s.locationId)) {
      const key = `${parent}:${fn}`;
      let idx = nodeIndex.get(key);
      if (idx === undefined) {
        idx = totals.length;
        totals.push(0);
        nodeIndex.set(key, idx);
      }
      totals[idx]! += value;
      nodes.push(idx);
      parent = idx;
    }
    paths.push({ locs: s.locationId.map(num), nodes, value });
  }
  const minValue = opts.maxNodes > 0 && opts.maxNodes < totals.length ? [...totals].sort((a, b) => b - a)[opts.maxNodes - 1]! : 0;

  const out = new Profile({ stringTable: src.stringTable });
  const otherName = src.stringTable.dedup('other');
  const otherFn = new PFunction({ id: src.function.length + 1, name: otherName, systemName: otherName });
  const otherLoc = new Location({ id: src.location.length + 1, line: [new Line({ functionId: otherFn.id })] });
  const merged = new Map<string, { locs: number[]; value: number }>();
  let pruned = 0;
  let total = 0;
  for (const p of paths) {
    total += p.value;
    const keptFns = p.nodes.filter((n) => totals[n]! >= minValue).length;
    let locs = p.locs;
    if (keptFns < p.nodes.length) {
      pruned += p.value;
      // Keep whole locations from the root while all their functions are kept.
      const keptLocsRootFirst: number[] = [];
      let used = 0;
      for (let i = p.locs.length - 1; i >= 0; i--) {
        const n = locations.get(p.locs[i]!)!.line.length;
        if (used + n > keptFns) break;
        used += n;
        keptLocsRootFirst.push(p.locs[i]!);
      }
      locs = [num(otherLoc.id), ...keptLocsRootFirst.reverse()];
    }
    const key = locs.join(',');
    const m = merged.get(key);
    if (m) m.value += p.value;
    else merged.set(key, { locs, value: p.value });
  }
  const typeIdx = src.stringTable.dedup(opts.sampleType);
  const unitIdx = src.stringTable.dedup(opts.sampleUnit);
  out.sampleType = [new ValueType({ type: typeIdx, unit: unitIdx })];
  out.defaultSampleType = typeIdx;
  out.periodType = new ValueType({ type: typeIdx, unit: unitIdx });
  out.period = 1_000_000_000;
  out.timeNanos = BigInt(opts.timeMs) * 1_000_000n;
  out.mapping = src.mapping;
  out.function = pruned > 0 ? [...src.function, otherFn] : src.function;
  out.location = pruned > 0 ? [...src.location, otherLoc] : src.location;
  out.sample = [...merged.values()].map((m) => new Sample({ locationId: m.locs, value: [m.value] }));
  return { bytes: out.encode(), pruned, total };
}
