/**
 * The floor plan every app's structure test declares, and the rules that hold it.
 */
export * from './app-structure';
