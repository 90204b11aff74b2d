/**
 * How calls the program does not declare itself carry a value on: methods of arrays and promises
 * on a reached receiver, and `Promise.all`, `Object.values/entries/assign` and lodash collection
 * functions given a reached first argument. Pure rules; `ValueFlow` applies them.
 */
import ts from 'typescript';
import { arrayOf, holder, indexShape, promiseOf, type Shape } from './shapes';

export type Fn = ts.FunctionLikeDeclaration;

/** An arrow or function expression (through parentheses), the callbacks the rules look at. */
export function functionOf(e: ts.Expression | undefined): Fn | undefined {
  while (e && ts.isParenthesizedExpression(e)) e = e.expression;
  return e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) ? e : undefined;
}

/** What a call does with a value of known shape. */
export interface CallEffect {
  /** The shape of the call's own value. */
  result?: Shape;
  /** Callback parameters that receive (a part of) the value. */
  params?: Array<{ fn: Fn; index: number; shape: Shape }>;
  /** A callback whose returns make the call's value, wrapped by `wrap`. */
  returns?: { fn: Fn; wrap: (returned: Shape) => Shape };
}

/** Array methods whose callback's first parameter receives an element. */
const elementCallbacks = new Set(['map', 'forEach', 'filter', 'find', 'findLast', 'findIndex', 'findLastIndex', 'some', 'every', 'flatMap']);
/** Array methods returning an element. */
const elementResults = new Set(['find', 'findLast', 'at', 'pop', 'shift']);
/** Array methods returning an array of the same elements. */
const sameArrayResults = new Set(['filter', 'slice', 'sort', 'reverse', 'concat', 'toSorted', 'toReversed', 'splice']);

const mapped = (name: string) => (r: Shape): Shape => (name.startsWith('flatMap') && r.k === 'array' ? r : arrayOf(r));

/** `receiver.name(…)` where the receiver is a promise, array or record of known shape. */
export function methodEffect(call: ts.CallExpression, name: string, shape: Extract<Shape, { of: Shape }>): CallEffect {
  const fn = functionOf(call.arguments[0]);
  if (shape.k === 'promise') {
    if (name === 'then' && fn) return { params: [{ fn, index: 0, shape: shape.of }], returns: { fn, wrap: promiseOf } };
    return name === 'catch' || name === 'finally' ? { result: shape } : {};
  }
  const element = shape.of;
  const effect: CallEffect = {};
  if (elementCallbacks.has(name) && fn) effect.params = [{ fn, index: 0, shape: element }];
  if ((name === 'reduce' || name === 'reduceRight') && fn) {
    effect.params = [{ fn, index: 1, shape: element }];
    effect.returns = { fn, wrap: () => holder };
  }
  if (elementResults.has(name)) effect.result = element;
  if (sameArrayResults.has(name)) effect.result = shape;
  if ((name === 'map' || name === 'flatMap') && fn) effect.returns = { fn, wrap: mapped(name) };
  if (name === 'values' || name === 'entries') effect.result = holder;
  return effect;
}

const lodashElement = new Set(['find', 'findLast', 'first', 'head', 'last', 'nth', 'sample', 'minBy', 'maxBy']);
const lodashSame = new Set(['filter', 'reject', 'sortBy', 'orderBy', 'uniq', 'uniqBy', 'compact', 'take', 'takeRight', 'drop', 'dropRight', 'without', 'shuffle', 'slice', 'reverse', 'concat', 'flatten', 'clone', 'cloneDeep']);
const lodashCallbacks = new Set(['find', 'findLast', 'filter', 'reject', 'map', 'flatMap', 'forEach', 'each', 'some', 'every', 'sortBy', 'groupBy', 'keyBy', 'sumBy', 'countBy', 'minBy', 'maxBy', 'uniqBy', 'partition']);

function lodashEffect(call: ts.CallExpression, name: string, shape: Shape): CallEffect {
  const element = indexShape(shape) ?? holder;
  const fn = functionOf(call.arguments[1]);
  const effect: CallEffect = {};
  if (lodashCallbacks.has(name) && fn) effect.params = [{ fn, index: 0, shape: element }];
  if (lodashElement.has(name)) effect.result = element;
  else if (lodashSame.has(name)) effect.result = shape.k === 'array' || shape.k === 'item' ? shape : arrayOf(element);
  else if (name === 'groupBy') effect.result = { k: 'record', of: arrayOf(element) };
  else if (name === 'keyBy') effect.result = { k: 'record', of: element };
  else if (name === 'pick' || name === 'omit') effect.result = shape;
  else if (name === 'get') effect.result = shape.k === 'item' || shape.k === 'attr' ? { k: 'attr' } : holder;
  else if (name === 'values') effect.result = shape.k === 'record' ? arrayOf(shape.of) : holder;
  else if (name === 'partition' || name === 'chunk' || name === 'merge' || name === 'assign' || name === 'toPairs') effect.result = holder;
  if ((name === 'map' || name === 'flatMap') && fn) effect.returns = { fn, wrap: mapped(name) };
  return effect;
}

/** `Owner.name(value, …)` for owners the flow knows (`Promise`, `Object`, lodash `_`), value at `index`. */
export function builtinEffect(call: ts.CallExpression, index: number, shape: Shape): CallEffect | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return undefined;
  const owner = callee.expression.text;
  const name = callee.name.text;
  if (owner === 'Promise' && ['all', 'allSettled', 'race', 'any'].includes(name)) {
    const inner = shape.k === 'array' && shape.of.k === 'promise' ? shape.of.of : shape.k === 'array' ? shape.of : holder;
    return { result: promiseOf(name === 'race' || name === 'any' ? inner : arrayOf(inner)) };
  }
  if (owner === 'Object' && (name === 'values' || name === 'entries')) return { result: shape.k === 'record' && name === 'values' ? arrayOf(shape.of) : holder };
  if (owner === 'Object' && name === 'assign') return { result: shape.k === 'item' ? shape : holder };
  if ((owner === '_' || owner === 'lodash') && index === 0) return lodashEffect(call, name, shape);
  return undefined;
}
