/**
 * What to fetch, picked from what the server holds: the profile type, the service (a
 * `service_name` value, or a label selector typed by hand) and, for Open Profile, a time range.
 * Anything given as a command argument skips its picker.
 */
import * as vscode from 'vscode';
import { listLabelNames, listLabelValues, serviceSelector } from '../../core/fleet/discovery';
import type { Endpoint } from '../../core/fleet/endpoint';
import type { ProfileType } from '../../core/fleet/querierMessages';
import { validateTime } from './validate';

/** Go/eBPF CPU time: the type picked first when the server has it. */
export const CPU_PROFILE_TYPE = 'process_cpu:cpu:nanoseconds:cpu:nanoseconds';

/** The profile type: the preset, the only one, or picked (CPU types first). Undefined when cancelled. */
export async function pickProfileType(types: readonly ProfileType[], preset?: string): Promise<string | undefined> {
  if (preset) return preset;
  if (types.length === 0) return CPU_PROFILE_TYPE;
  if (types.length === 1) return types[0]!.id;
  const sorted = [...types].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
  const picked = await vscode.window.showQuickPick(
    sorted.map((t) => ({ label: t.id, description: `${t.sampleType} (${t.sampleUnit})` })),
    { title: 'Profile type', ignoreFocusOut: true },
  );
  return picked?.label;
}

function rank(t: ProfileType): number {
  return t.id === CPU_PROFILE_TYPE ? 0 : t.sampleType === 'cpu' ? 1 : 2;
}

/** The label selector: the preset, or a service picked from `service_name` values, or typed. Undefined when cancelled. */
export async function pickSelector(endpoint: Endpoint, profileTypeId: string, preset?: string): Promise<string | undefined> {
  if (preset) return preset;
  const now = Date.now();
  const range = { matchers: [`{__profile_type__="${profileTypeId}"}`], startMs: now - 7 * 86400e3, endMs: now };
  const services = await listLabelValues(endpoint, { name: 'service_name', ...range });
  if (services.length === 0) return pickByLabel(endpoint, range);
  const picked = await vscode.window.showQuickPick([...services.map((s) => ({ label: s, description: 'service_name' })), CUSTOM], { title: 'Service', ignoreFocusOut: true });
  if (!picked) return undefined;
  return picked === CUSTOM ? typeSelector() : serviceSelector(picked.label);
}

const CUSTOM = { label: '$(edit) Label selector…', description: 'e.g. {service_name="adserver", namespace="prod"}' };

/** Without `service_name` values: pick a label (LabelNames), then one of its values (LabelValues). */
async function pickByLabel(endpoint: Endpoint, range: { matchers: string[]; startMs: number; endMs: number }): Promise<string | undefined> {
  const names = (await listLabelNames(endpoint, range)).filter((n) => !n.startsWith('__'));
  const label = await vscode.window.showQuickPick([...names.map((n) => ({ label: n })), CUSTOM], { title: 'Label (the server lists no service_name values for the last 7 days)', ignoreFocusOut: true });
  if (!label) return undefined;
  if (label === CUSTOM) return typeSelector();
  const values = await listLabelValues(endpoint, { name: label.label, ...range });
  const value = await vscode.window.showQuickPick(values, { title: `Value of ${label.label}`, ignoreFocusOut: true });
  return value === undefined ? undefined : serviceSelector(value, label.label);
}

function typeSelector(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Label selector',
    value: '{service_name=""}',
    ignoreFocusOut: true,
    validateInput: (t) => (/^\{.*\}$/.test(t.trim()) ? undefined : 'a label selector in braces, e.g. {service_name="adserver"}'),
  });
}

const RANGES: { label: string; from: string }[] = [
  { label: 'Last 15 minutes', from: 'now-15m' },
  { label: 'Last hour', from: 'now-1h' },
  { label: 'Last 6 hours', from: 'now-6h' },
  { label: 'Last 24 hours', from: 'now-24h' },
  { label: 'Last 7 days', from: 'now-7d' },
  { label: 'Last 30 days', from: 'now-30d' },
];

/** A `[from, to]` pair of time texts: preset, a relative range, or typed. Undefined when cancelled. */
export async function pickRange(preset?: { from?: string; to?: string }): Promise<{ from: string; to: string; label: string } | undefined> {
  if (preset?.from) return { from: preset.from, to: preset.to ?? 'now', label: `${preset.from} – ${preset.to ?? 'now'}` };
  const custom = { label: 'Custom range…', from: '' };
  const picked = await vscode.window.showQuickPick([...RANGES, custom], { title: 'Time range', ignoreFocusOut: true });
  if (!picked) return undefined;
  if (picked !== custom) return { from: picked.from, to: 'now', label: picked.label.toLowerCase() };
  const from = await vscode.window.showInputBox({ title: 'From', placeHolder: '2026-03-14T09:50:00Z or now-2h', ignoreFocusOut: true, validateInput: validateTime });
  if (!from) return undefined;
  const to = await vscode.window.showInputBox({ title: 'To', value: 'now', ignoreFocusOut: true, validateInput: validateTime });
  if (!to) return undefined;
  return { from, to, label: `${from} – ${to}` };
}
