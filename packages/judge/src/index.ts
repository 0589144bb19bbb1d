export * from './languages/index.js';
