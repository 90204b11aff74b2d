// d3-flame-graph 4.1.3 ships its colour mappers as ES modules without types; the one the comparison uses.
declare module 'd3-flame-graph/src/colorMapper' {
  /** Colours a node of a differential tree by `delta` (compound, same unit as `value`): red grew, blue shrank, orange new. */
  export function differentialColorMapper(node: unknown, originalColor: string): string;
}
