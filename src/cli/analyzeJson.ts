/**
 * The JSON document of `dynamo-hotpath analyze --json` (schema documented in README.md,
 * "JSON output"). Percentages are of the profile total, 0–100, two decimals.
 */
import type { Analysis, CategoryWeights } from '../core/analysis/types';
import { connectionReport, droppedItemsOf } from '../core/analysis/connections';

/** Version of the JSON layout; bumped on any incompatible change. */
export const ANALYSIS_JSON_SCHEMA_VERSION = 1;

function pct(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 10000) / 100 : 0;
}

function categoryPercents(weights: CategoryWeights, total: number): Record<string, number> {
  return Object.fromEntries(Object.entries(weights).map(([c, w]) => [c, pct(w ?? 0, total)]));
}

/** The `connections` object: handshake, error and retry shares, per call site with its counts, per request. */
function connectionsJson(a: Analysis, requests: { readonly requests: number; readonly source: string } | undefined) {
  const t = a.totalWeight;
  const r = connectionReport(a, requests);
  return {
    dynamoHandshakePercent: pct(r.dynamoHandshakeWeight, t),
    otherHandshakePercent: pct(r.otherHandshakeWeight, t),
    inboundHandshakePercent: pct(r.inboundHandshakeWeight, t),
    errorResponsePercent: pct(r.errorWeight, t),
    retryPercent: pct(r.retryWeight, t),
    callSites: r.sites.map((s) => ({
      ...(s.relativePath !== undefined ? { file: s.relativePath } : {}),
      profileFile: s.profileFile,
      line: s.line,
      function: s.functionName,
      operations: s.operations,
      clients: s.clients,
      handshakePercent: pct(s.handshakeWeight, t),
      errorResponsePercent: pct(s.errorWeight, t),
      retryPercent: pct(s.retryWeight, t),
      ...(s.stats ? { stats: s.stats, droppedItems: droppedItemsOf(s.stats) } : {}),
    })),
    ...(r.counted ? { counted: r.counted } : {}),
    ...(r.perRequest ? { perRequest: r.perRequest } : {}),
  };
}

/** Builds the JSON document for an analysis; `top` limits call sites and functions; `requests` adds per-request connection figures. */
export function toAnalysisJson(a: Analysis, options: { root: string; top: number; requests?: { readonly requests: number; readonly source: string } }) {
  const t = a.totalWeight;
  return {
    schemaVersion: ANALYSIS_JSON_SCHEMA_VERSION,
    profile: a.sourcePath,
    root: options.root,
    format: a.format,
    sampleType: a.sampleType,
    durationNs: a.durationNs ?? null,
    totalWeight: t,
    totalSamples: a.totalCount,
    dynamo: {
      percent: pct(a.dynamoWeight, t),
      weight: a.dynamoWeight,
      anyFramePercent: pct(a.anyFrameWeight, t),
      unattributedPercent: pct(a.unattributedWeight, t),
      byCategoryPercent: categoryPercents(a.byCategory, t),
      attribution: {
        measuredPercent: pct(a.attribution.measuredWeight, t),
        labelledPercent: pct(a.attribution.labelledWeight, t),
        estimatedPercent: pct(a.attribution.estimatedWeight, t),
        unattributedPercent: pct(a.attribution.unattributedWeight, t),
        estimateMethod: a.attribution.estimateMethod ?? null,
      },
    },
    gcPercent: pct(a.gcWeight, t),
    connectionSetupPercent: pct(a.connectionSetupWeight, t),
    tlsUnknownHostPercent: pct(a.tlsUnknownHostWeight, t),
    tlsInboundPercent: pct(a.tlsInboundWeight, t),
    connections: connectionsJson(a, options.requests),
    moduleLoadingPercent: pct(a.moduleLoadingWeight, t),
    otherServices: {
      percent: pct(a.otherServices.weight, t),
      estimatedPercent: pct(a.otherServices.estimatedWeight, t),
      byServicePercent: Object.fromEntries(a.otherServices.byService.map((s) => [s.name, pct(s.weight, t)])),
    },
    callSites: a.callSites.slice(0, options.top).map((s) => ({
      file: s.relativePath,
      profileFile: s.profileFile,
      line: s.line,
      ...(s.precision ? { precision: s.precision } : {}),
      function: s.functionName,
      totalPercent: pct(s.totalWeight, t),
      dynamoPercent: pct(s.dynamoWeight, t),
      labelledPercent: pct(s.labelledWeight ?? 0, t),
      estimatedPercent: pct(s.estimatedWeight ?? 0, t),
      reflectionPercent: pct(s.reflectionWeight, t),
      byCategoryPercent: categoryPercents(s.byCategory, t),
      dominant: s.dominant,
      ...(s.repair ? { repair: { repairedPercent: pct(s.repair.repairedWeight, t), sharedPercent: pct(s.repair.sharedWeight, t) } } : {}),
      ...(s.callers ? { callers: s.callers.map((c) => ({ file: c.relativePath, profileFile: c.profileFile, line: c.line, function: c.functionName, dynamoPercent: pct(c.dynamoWeight, t) })), noCallerPercent: pct(s.noCallerWeight ?? 0, t) } : {}),
      ...(s.thinWrapper ? { thinWrapper: true } : {}),
      ...(s.through ? { through: s.through.map((t) => ({ file: t.relativePath, line: t.line, function: t.functionName })) } : {}),
      chain: s.chain.map((f) => ({ function: f.name, file: f.file, line: f.line, role: f.role, flatPercent: pct(f.flat, t), cumPercent: pct(f.cum, t) })),
    })),
    userFunctions: a.userFunctions.slice(0, options.top).map((f) => ({
      function: f.functionName,
      file: f.relativePath,
      line: f.line,
      totalPercent: pct(f.totalWeight, t),
      dynamoPercent: pct(f.dynamoWeight, t),
      callSiteLines: f.callSiteLines,
    })),
    coverage: {
      percent: Math.round(a.coverage.percent * 100) / 100,
      counts: a.coverage.counts,
      unresolved: a.coverage.unresolved.map((u) => ({
        profileFile: u.profileFile,
        percent: pct(u.weight, t),
        weightPercent: pct(u.weight, a.coverage.candidateWeight),
        reason: u.resolution.kind === 'unresolved' ? u.resolution.reason : null,
        ...(u.candidates ? { candidates: u.candidates.map((c) => ({ file: c.relativePath, ...(c.map ? { map: `${c.map.from}=${c.map.to}` } : {}) })) } : {}),
      })),
    },
    ...(a.truncation ? { truncation: truncationJson(a, t) } : {}),
    ...(a.sourceMaps ? { sourceMaps: sourceMapsJson(a, t) } : {}),
    ...(a.functionLevel ? { functionLevel: a.functionLevel } : {}),
    migrations: a.migrations.map((m) => ({ id: m.id, title: m.title, percent: pct(m.weight, t), detail: m.detail, ...(m.connectionWeight ? { connectionPercent: pct(m.connectionWeight, t) } : {}) })),
    topFunctions: a.functions.slice(0, options.top).map((f) => ({ function: f.name, file: f.file, flatPercent: pct(f.flat, t), cumPercent: pct(f.cum, t) })),
    warnings: a.warnings,
  };
}

function truncationJson(a: Analysis, t: number) {
  const r = a.truncation!;
  return {
    depthLimit: r.depthLimit,
    truncatedPercent: pct(r.truncatedWeight, t),
    repairedPercent: pct(r.repairedWeight, t),
    sharedPercent: pct(r.sharedWeight, t),
    stillCutPercent: pct(r.stillCutWeight, t),
    dynamo: { repairedPercent: pct(r.repairedDynamoWeight, t), sharedPercent: pct(r.sharedDynamoWeight, t), stillCutPercent: pct(r.stillCutDynamoWeight, t) },
  };
}

function sourceMapsJson(a: Analysis, t: number) {
  const m = a.sourceMaps!;
  return {
    mappedPercent: pct(m.mappedWeight, t),
    missingPercent: pct(m.missingWeight, t),
    ...(m.staleWeight ? { stalePercent: pct(m.staleWeight, t) } : {}),
    files: m.files.map((f) => ({
      file: f.generatedFile,
      profileFile: f.profileFile,
      status: f.status,
      percent: pct(f.weight, t),
      frames: f.frames,
      unmappedFrames: f.unmappedFrames,
      ...(f.mapFile ? { mapFile: f.mapFile } : {}),
      ...(f.reason ? { reason: f.reason } : {}),
      ...(f.newerThanProfile ? { newerThanProfile: true } : {}),
      ...(f.builtFrom ? { builtFrom: { sources: f.builtFrom.sources, movedFrames: f.builtFrom.movedFrames, staleFrames: f.builtFrom.staleFrames, stalePercent: pct(f.builtFrom.staleWeight, t) } } : {}),
    })),
  };
}
