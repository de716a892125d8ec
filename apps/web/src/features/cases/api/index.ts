export * from './queries';
export * from './edit-calls';
export * from './view-calls';
