/**
 * Function ids of pprof profiles whose writer leaves every `Function.id` unset (0), as Pyroscope's
 * .NET profiler does (`pkg/og/convert/pprof/testdata/dotnet-pprof-73.pb.gz` in grafana/pyroscope):
 * its locations refer to functions 1…n by their position in the table.
 */

/** A table's ids: an array, or a decoder column (read in place, never copied). */
type Ids = ArrayLike<number>;

/**
 * The id each function of the table answers to: its own id, or — when every id is 0 and there is
 * more than one function — its 1-based position. Returns whether positions were used.
 */
export function functionIds<T extends Ids>(ids: T): { ids: T | number[]; byPosition: boolean } {
  if (ids.length < 2 || !allZero(ids)) return { ids, byPosition: false };
  return { ids: Array.from(ids, (_, i) => i + 1), byPosition: true };
}

function allZero(ids: Ids): boolean {
  for (let i = 0; i < ids.length; i++) if (ids[i] !== 0) return false;
  return true;
}
