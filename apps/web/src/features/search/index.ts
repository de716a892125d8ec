// The event search and the product search (event spec §2.5; issue 16).
export { EventSearchPage, ProductSearchPage } from './search-page';
