export { referenceDataModule, type ReferenceDataModuleOptions } from './routes.js';
export {
  codiguerasAllSchema,
  countrySchema,
  ramNewSchema,
  searchFiltersSchema,
  subGroupSchema,
  type CodiguerasAll,
  type RamNew,
  type SearchFilters,
  type SubGroupItem,
} from './schemas.js';
