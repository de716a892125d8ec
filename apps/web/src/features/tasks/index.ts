export { TasksPage } from './tasks-page';
