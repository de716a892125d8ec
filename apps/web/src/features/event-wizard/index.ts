// The public face of the wizard feature for the rest of the app. The wizard page itself is
// loaded on demand by app/internal-pages.tsx, so nothing heavy is exported here.
export { erNewQuery } from './api';
export { createCountryOptions, initialCreateChoice, reportTypeOptions, type CreateEventChoice } from './create-event';
export { createCase, type CreateErBody, type MetaDataResult } from './wizard-calls';
