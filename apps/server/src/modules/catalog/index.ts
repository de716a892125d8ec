export { catalogModule, type CatalogModuleOptions } from './routes.js';
export {
  enabledCountries,
  REPORT_CHOICE_LISTS,
  type ReportChoiceList,
  enabledSubGroup,
  referenceKey,
  UNCLASSIFIED_SUB_GROUP_ID,
  type ReferenceKey,
} from './queries.js';
