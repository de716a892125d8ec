// The public face of the edit wizard for the rest of the app. The wizard page itself is
// loaded on demand by app/internal-pages.tsx.
export { createCountryOptions, initialCreateChoice, reportTypeOptions, type CreateEventChoice } from './create-event';
export { CaseSummarySections, useCaseSummary } from './steps/summary-step';
// The wizard's field components, also used by the assessment tabs (to be replaced by shared/form).
export { TextField } from './form-fields';
export { CheckboxField, DateField, FIELD_COMBOBOX_PROPS, IdSelectField, TextAreaField, YesNoRadioField } from './steps/medication-fields';
