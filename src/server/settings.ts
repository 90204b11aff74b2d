/**
 * The extension's settings as the server reads them, per resource (workspace folder), with
 * the defaults declared in package.json's `contributes.configuration`.
 */
import type { PathMappingRule } from '../core/paths/types';
import { DEFAULT_PROFILE_LIMITS, MAX_PROFILE_MB, type ProfileLimits } from '../core/profile/limits';

/** Section of every setting key. */
export const SETTINGS_SECTION = 'dynamoHotpath';

export interface HotpathSettings {
  /** `dynamoHotpath.pathMappings`: profile path prefix → workspace path. */
  readonly pathMappings: readonly PathMappingRule[];
  /** `dynamoHotpath.codeLens.enabled`. */
  readonly codeLensEnabled: boolean;
  /** `dynamoHotpath.codeLens.minPercent`: lenses below this share of total CPU are hidden (default 1). */
  readonly codeLensMinPercent: number;
  /** `dynamoHotpath.sampleType`: pprof value column to use instead of the default (`cpu`, `samples`…). */
  readonly sampleType: string | undefined;
  /** `dynamoHotpath.limits.maxProfileMB`: largest profile read, MiB once decompressed (default 128, see core/profile/limits.ts). */
  readonly maxProfileMB: number;
}

export const DEFAULT_SETTINGS: HotpathSettings = {
  pathMappings: [],
  codeLensEnabled: true,
  codeLensMinPercent: 1,
  sampleType: undefined,
  maxProfileMB: DEFAULT_PROFILE_LIMITS.maxBytes / 1024 / 1024,
};

/** The profile-read limits the settings ask for. */
export function profileLimits(settings: HotpathSettings): Partial<ProfileLimits> {
  return { maxBytes: settings.maxProfileMB * 1024 * 1024 };
}

/**
 * Turns the raw `dynamoHotpath` section (whatever the user typed) into typed settings;
 * malformed entries fall back to the defaults rather than throwing.
 */
export function parseSettings(raw: unknown): HotpathSettings {
  const section = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const codeLens = (section.codeLens && typeof section.codeLens === 'object' ? section.codeLens : {}) as Record<string, unknown>;
  const mappings = Array.isArray(section.pathMappings) ? section.pathMappings : [];
  const minPercent = codeLens.minPercent;
  const sampleType = section.sampleType;
  const limits = (section.limits && typeof section.limits === 'object' ? section.limits : {}) as Record<string, unknown>;
  const maxProfileMB = limits.maxProfileMB;
  return {
    pathMappings: mappings
      .filter((m): m is { from: string; to: string } => !!m && typeof m.from === 'string' && typeof m.to === 'string' && m.from !== '')
      .map((m) => ({ from: m.from, to: m.to })),
    codeLensEnabled: typeof codeLens.enabled === 'boolean' ? codeLens.enabled : DEFAULT_SETTINGS.codeLensEnabled,
    codeLensMinPercent: typeof minPercent === 'number' && Number.isFinite(minPercent) && minPercent >= 0 ? minPercent : DEFAULT_SETTINGS.codeLensMinPercent,
    sampleType: typeof sampleType === 'string' && sampleType.trim() !== '' ? sampleType.trim() : undefined,
    maxProfileMB: typeof maxProfileMB === 'number' && maxProfileMB >= 1 && maxProfileMB <= MAX_PROFILE_MB ? maxProfileMB : DEFAULT_SETTINGS.maxProfileMB,
  };
}
