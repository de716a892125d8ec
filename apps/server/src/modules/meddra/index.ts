export { MAX_LLT_RESULTS, meddraModule, type MeddraModuleOptions } from './routes.js';
export { visibleLlt } from './queries.js';
// The bench (src/faces/bench.ts) times the typeahead's statements without the HTTP layer.
export { currentLltsMatching, searchCurrentLlts } from './queries.js';
export { accentInsensitivePattern, foldAccents } from './search-pattern.js';
