export { fieldMessages, schemaResolver, type FieldOf } from './form-resolver';
