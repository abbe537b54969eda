/**
 * The live observer as `tail` drives it: one data dir watched, its batches printed. The library
 * owns the observer (live/); the CLI asks for it here rather than importing live/ (LAYERS in
 * eslint.config.mjs).
 */
export { createLiveObserver, type LiveObserver, type LiveObserverOptions } from '../live/live-observer';
