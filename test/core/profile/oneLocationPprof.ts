/**
 * A pprof of one location (main.handle at /srv/handler.go:10) whose samples carry `values` as
 * given, under the sample types `types` (`cpu` in nanoseconds, any other a count): for the tests
 * of odd sample values.
 */
import { Function as PFunction, Line, Location, Profile as Pprof, Sample, StringTable, ValueType } from 'pprof-format';

export function oneLocationPprof(values: (number | bigint)[][], types = ['samples', 'cpu']): Uint8Array {
  const strings = new StringTable();
  const sampleType = types.map((type) => new ValueType({ type: strings.dedup(type), unit: strings.dedup(type === 'cpu' ? 'nanoseconds' : 'count') }));
  const name = strings.dedup('main.handle');
  return new Pprof({
    sampleType,
    sample: values.map((value) => new Sample({ locationId: [1], value })),
    location: [new Location({ id: 1, line: [new Line({ functionId: 1, line: 10 })] })],
    function: [new PFunction({ id: 1, name, systemName: name, filename: strings.dedup('/srv/handler.go') })],
    stringTable: strings,
  }).encode();
}
