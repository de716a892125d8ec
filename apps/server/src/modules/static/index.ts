export { registerWebApp } from './web-app.js';
