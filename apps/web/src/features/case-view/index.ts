// The reportable event view. The page is loaded on demand by app/internal-pages.tsx.
export { CaseViewPage } from './case-view-page';
