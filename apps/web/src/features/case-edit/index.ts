// The public face of the edit wizard for the rest of the app. The wizard page itself is
// loaded on demand by app/internal-pages.tsx.
export { createCountryOptions, initialCreateChoice, reportTypeOptions, type CreateEventChoice } from './create-event';
