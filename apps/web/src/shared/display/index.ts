export { DateText, type DateTextProps } from './date-text';
export { OrDash } from './or-dash';
export { TextareaWithCount, type TextareaWithCountProps } from './textarea-with-count';
export { YesNo } from './yes-no';
