export { catalogModule, type CatalogModuleOptions } from './routes.js';
export {
  enabledCountries,
  enabledListIds,
  REPORT_CHOICE_LISTS,
  type ReportChoiceList,
  enabledSubGroup,
  productsAvailableIn,
  referenceKey,
  UNCLASSIFIED_SUB_GROUP_ID,
  type ReferenceKey,
} from './queries.js';
