/**
 * `1 file`, `2 files`, `1 process`, `3 processes`: a count with its noun in the right number.
 * @param n the count (printed as given; 1 alone takes the singular)
 * @param singular the noun for one
 * @param pluralForm the noun for any other count; default `singular + 's'`
 */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}
