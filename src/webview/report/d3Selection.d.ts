// The one d3-selection call the report makes (d3-selection ships no types; @types/d3 is not installed).
declare module 'd3-selection' {
  interface Selection {
    datum(value: unknown): Selection;
    call(fn: (selection: Selection) => unknown): Selection;
  }
  export function select(element: Element): Selection;
}
