/**
 * The imports' handler contract (modules/imports/job.ts), in one place for this module.
 * modules/imports has no index.ts on this branch yet (the runner brings it): once it does,
 * import these from '../imports/index.js' and drop this file.
 */
// eslint-disable-next-line import-x/no-restricted-paths -- modules/imports has no index.ts yet (see above)
export { ImportRejected, type ImportHandler, type ImportJobContext, type ImportRowError } from '../imports/job.js';
