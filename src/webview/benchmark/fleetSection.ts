/// <reference lib="dom" />
/**
 * "What it means for your fleet": the formula on screen with its inputs editable — requests per
 * second, operations per request (items converted, Query calls, PutItem calls; measured from the
 * profile's call sites when one is loaded, else typed in), cores per pod, cost per core-hour and
 * its currency — and, per comparison, the filled-in formula with the interval as a range.
 */
import type { BenchReport } from '../../core/bench/suiteTypes';
import { fleetImpact, formatMoney, HOURS_PER_MONTH, type FleetImpact, type FleetInputs } from '../../core/bench/fleet';
import { el } from './dom';

type Field = { label: string; get: (i: FleetInputs) => number | string; set: (i: FleetInputs, v: string) => FleetInputs | undefined; step?: string; source?: 'item' | 'query' | 'put' };

const number = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined);
const perRequest = (unit: 'item' | 'query' | 'put') => (i: FleetInputs, v: string): FleetInputs | undefined => {
  const n = number(v);
  return n === undefined ? undefined : { ...i, perRequest: { ...i.perRequest, [unit]: n }, perRequestSource: { ...i.perRequestSource, [unit]: 'typed' } };
};

const FIELDS: Field[] = [
  { label: 'Requests per second', get: (i) => i.requestsPerSecond, set: (i, v) => (number(v) === undefined ? undefined : { ...i, requestsPerSecond: number(v)! }), step: '1' },
  { label: 'Items converted per request', get: (i) => i.perRequest.item, set: perRequest('item'), step: '1', source: 'item' },
  { label: 'Query calls per request', get: (i) => i.perRequest.query, set: perRequest('query'), step: '1', source: 'query' },
  { label: 'PutItem calls per request', get: (i) => i.perRequest.put, set: perRequest('put'), step: '1', source: 'put' },
  { label: 'Cores per pod (0: no pods)', get: (i) => i.coresPerPod, set: (i, v) => (number(v) === undefined ? undefined : { ...i, coresPerPod: number(v)! }), step: '0.5' },
  { label: 'Cost per core-hour', get: (i) => i.costPerCoreHour, set: (i, v) => (number(v) === undefined ? undefined : { ...i, costPerCoreHour: number(v)! }), step: '0.001' },
  { label: 'Currency (ISO code)', get: (i) => i.currency, set: (i, v) => (/^[A-Za-z]{3}$/.test(v.trim()) ? { ...i, currency: v.trim().toUpperCase() } : undefined) },
];

function impactLine(label: string, impact: FleetImpact): HTMLElement {
  const real = impact.verdict === 'faster' || impact.verdict === 'slower';
  const saves = impact.cores < 0;
  const cores = (x: number) => Math.abs(x).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const range = impact.coresRange ? ` (95 % CI ${impact.coresRange[0].toFixed(2)} to ${impact.coresRange[1].toFixed(2)} cores)` : '';
  const pods = impact.pods !== undefined ? `, ${cores(impact.pods)} pods` : '';
  const text = real
    ? `${saves ? 'saves' : 'adds'} ${cores(impact.cores)} cores${pods}${range}, ${formatMoney(Math.abs(impact.monthlyCost), impact.currency)} per month ${saves ? 'saved' : 'more'}.`
    : impact.verdict === 'unstable'
      ? 'unstable: the machine was too noisy to tell, so no saving or cost is claimed.'
      : `no significant difference; the point estimate is ${impact.cores.toFixed(2)} cores${range}.`;
  return el('li', { class: real ? (saves ? 'saves' : 'costs') : 'neutral' }, el('strong', {}, `${label}: `), text, el('div', { class: 'formula' }, impact.formula));
}

/**
 * The section for `report`; `onChange` receives inputs the user edited (only valid values; an
 * invalid entry is marked and ignored). Throws nothing: bad inputs never reach the arithmetic.
 */
export function fleetSection(report: BenchReport, inputs: FleetInputs, onChange: (inputs: FleetInputs) => void): HTMLElement {
  const results = el('ul', { class: 'fleet-results' });
  const renderResults = (current: FleetInputs) => {
    results.replaceChildren();
    for (const suite of report.suites) {
      for (const cmp of suite.comparisons) {
        const older = suite.cases.find((c) => c.id === cmp.older);
        const impact = older && fleetImpact(cmp, older, current);
        if (impact) results.append(impactLine(cmp.label, impact));
      }
    }
  };
  let current = inputs;
  const fields = FIELDS.map((f) => {
    const input = el('input', { type: f.step ? 'number' : 'text', value: String(f.get(current)), ...(f.step ? { min: '0', step: f.step } : { maxlength: '3', size: '4' }) });
    const origin = f.source && current.perRequestSource?.[f.source] && current.perRequestSource[f.source] !== 'typed' ? el('span', { class: 'muted source' }, current.perRequestSource[f.source]!) : undefined;
    input.addEventListener('change', () => {
      const next = f.set(current, input.value);
      input.classList.toggle('invalid', next === undefined);
      if (!next) return;
      current = next;
      origin?.remove();
      onChange(current);
      renderResults(current);
    });
    return el('label', {}, f.label, input, origin);
  });
  renderResults(current);
  return el(
    'section',
    { class: 'fleet' },
    el('h2', {}, 'What it means for your fleet'),
    el(
      'p',
      { class: 'muted formula-text' },
      `cores = Δ CPU per operation × operations per request × requests per second; pods = cores ÷ cores per pod; ` +
        `cost per month = cores × cost per core-hour × ${HOURS_PER_MONTH} h. An operation is what the comparison times: one item converted, one Query call or one PutItem call. Negative numbers are savings.`,
    ),
    el('div', { class: 'inputs' }, ...fields),
    results,
  );
}
