// A webpack loader for the source-map tests: strips TypeScript types with esbuild and hands
// webpack esbuild's map, so the bundle's map leads back to the .ts sources.
const { transformSync } = require('esbuild');

module.exports = function esbuildLoader(source) {
  const out = transformSync(source, { loader: 'ts', format: 'esm', sourcemap: 'external', sourcefile: this.resourcePath });
  this.callback(null, out.code, JSON.parse(out.map));
};
