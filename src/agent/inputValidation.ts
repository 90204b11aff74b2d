/**
 * Checks a tool's input against its JSON Schema (Ajv, draft 2020-12) before the tool runs, and
 * says what is wrong in one line: which input, what it must be, what was given.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { AgentToolError } from './toolErrors';

const ajv = new Ajv2020({ strict: true, allErrors: false });
const compiled = new WeakMap<object, ValidateFunction>();

function given(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function describe(error: ErrorObject, input: unknown): string {
  const path = error.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const name = path.length ? `'${path.join('.')}'` : 'the input';
  if (error.keyword === 'additionalProperties') return `${name} has no field '${(error.params as { additionalProperty: string }).additionalProperty}' (see the tool's input schema)`;
  if (error.keyword === 'required') return `${name} needs '${(error.params as { missingProperty: string }).missingProperty}'`;
  let value: unknown = input;
  for (const p of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[p] : undefined;
  const allowed = error.keyword === 'enum' ? `: one of ${((error.params as { allowedValues: unknown[] }).allowedValues).map((v) => JSON.stringify(v)).join(', ')}` : '';
  return `${name} ${error.message ?? 'is not valid'}${allowed} (got ${given(value)})`;
}

/**
 * Throws AgentToolError (`analyze_profile: 'top' must be <= 100 (got 500)`) when `input` does not
 * match `schema`; returns the input typed as the tool expects.
 */
export function validateInput<T>(schema: Record<string, unknown>, input: unknown): T {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  if (!validate(input ?? {})) throw new AgentToolError(`${describe(validate.errors![0]!, input ?? {})}`);
  return (input ?? {}) as T;
}
