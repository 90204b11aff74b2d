/**
 * Function ids of pprof profiles whose writer leaves every `Function.id` unset (0), as Pyroscope's
 * .NET profiler does (`pkg/og/convert/pprof/testdata/dotnet-pprof-73.pb.gz` in grafana/pyroscope):
 * its locations refer to functions 1…n by their position in the table.
 */

/**
 * The id each function of the table answers to: its own id, or — when every id is 0 and there is
 * more than one function — its 1-based position. Returns whether positions were used.
 */
export function functionIds(ids: readonly number[]): { ids: readonly number[]; byPosition: boolean } {
  if (ids.length < 2 || ids.some((id) => id !== 0)) return { ids, byPosition: false };
  return { ids: ids.map((_, i) => i + 1), byPosition: true };
}
