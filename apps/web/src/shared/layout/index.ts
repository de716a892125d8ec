export { FullPageLoader } from './full-page-loader';
export { Logo, type LogoProps } from './logo';
export { Page, type PageProps } from './page';
export { PlaceholderPage } from './placeholder-page';
export { LoseChangesModal, type LoseChangesModalProps } from './lose-changes-modal';
export { LoadErrorPanel, type LoadErrorPanelProps } from './load-error-panel';
