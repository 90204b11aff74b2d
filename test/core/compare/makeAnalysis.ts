// Builds small Analysis values for unit tests of the comparison logic (the fixture-based tests
// in compareFixtures.test.ts exercise the real analysis).
import type { Analysis, CallSite, FunctionStat, UserFunctionStat } from '../../../src/core/analysis/types';
import type { DynamoCategory } from '../../../src/core/detect/types';

export function callSite(functionName: string, relativePath: string, line: number, dynamoWeight: number, category: DynamoCategory, sdkEntry?: string): CallSite {
  return {
    profileFile: `/home/dev/adserver/${relativePath}`,
    relativePath,
    absolutePath: `/ws/${relativePath}`,
    line,
    functionName,
    totalWeight: dynamoWeight,
    dynamoWeight,
    byCategory: { [category]: dynamoWeight },
    reflectionWeight: 0,
    dominant: { category, sdk: 'aws-sdk-go-v1', label: 'test', mechanism: 'reflection' },
    chain: [
      { name: functionName, file: `/home/dev/adserver/${relativePath}`, line, role: 'user', flat: 0, cum: dynamoWeight },
      ...(sdkEntry ? [{ name: sdkEntry, file: '/sdk/x.go', line: 1, role: 'sdk' as const, flat: 0, cum: dynamoWeight }] : []),
    ],
    totalCount: Math.round(dynamoWeight / 1e7),
    dynamoCount: Math.round(dynamoWeight / 1e7),
  };
}

export function userFunction(functionName: string, relativePath: string, totalWeight: number, sites: CallSite[]): UserFunctionStat {
  const byCategory: Record<string, number> = {};
  for (const s of sites) for (const [c, w] of Object.entries(s.byCategory)) byCategory[c] = (byCategory[c] ?? 0) + (w ?? 0);
  return {
    functionName,
    profileFile: `/home/dev/adserver/${relativePath}`,
    relativePath,
    absolutePath: `/ws/${relativePath}`,
    line: Math.min(...sites.map((s) => s.line)) - 1,
    totalWeight,
    dynamoWeight: sites.reduce((a, s) => a + s.dynamoWeight, 0),
    byCategory,
    callSiteLines: sites.map((s) => s.line),
  };
}

export function analysis(opts: {
  sourcePath: string;
  totalWeight: number;
  totalCount: number;
  dynamoWeight: number;
  byCategory: Partial<Record<DynamoCategory, number>>;
  callSites?: CallSite[];
  userFunctions?: UserFunctionStat[];
  functions?: FunctionStat[];
  sdkFunctions?: Analysis['sdkFunctions'];
  durationNs?: number;
}): Analysis {
  return {
    sourcePath: opts.sourcePath,
    format: 'pprof',
    sampleType: { type: 'cpu', unit: 'nanoseconds' },
    unit: 'nanoseconds',
    durationNs: opts.durationNs,
    totalWeight: opts.totalWeight,
    totalCount: opts.totalCount,
    dynamoWeight: opts.dynamoWeight,
    dynamoCount: Math.round((opts.dynamoWeight / opts.totalWeight) * opts.totalCount),
    anyFrameWeight: opts.dynamoWeight,
    unattributedWeight: 0,
    attribution: { measuredWeight: opts.dynamoWeight, labelledWeight: 0, estimatedWeight: 0, unattributedWeight: 0 },
    otherServices: { weight: 0, estimatedWeight: 0, byService: [] },
    byCategory: opts.byCategory,
    gcWeight: 0,
    connectionSetupWeight: 0,
    tlsUnknownHostWeight: 0,
    tlsInboundWeight: 0,
    moduleLoadingWeight: 0,
    callSites: opts.callSites ?? [],
    userFunctions: opts.userFunctions ?? [],
    functions: opts.functions ?? [],
    coverage: { candidateWeight: 0, resolvedWeight: 0, percent: 100, unresolved: [], counts: {} },
    migrations: [],
    sdkFunctions: opts.sdkFunctions ?? [],
    warnings: [],
  };
}
