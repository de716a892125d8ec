// The Parameters screen: the reference lists (platform spec §2 'Parameters screen'; issue 17).
export { ParametersPage } from './parameters-page';
