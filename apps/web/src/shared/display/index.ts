export { DateText, type DateTextProps } from './date-text';
export { OrDash } from './or-dash';
export { YesNo } from './yes-no';
