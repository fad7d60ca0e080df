// Every unit test gets a fresh in-memory IndexedDB.
import 'fake-indexeddb/auto';

// happy-dom lacks parts of the native <dialog> (showModal focus, Escape -> cancel); files that run
// in the node environment have no DOM to fill.
if (typeof HTMLDialogElement !== 'undefined') await import('./dialog-polyfill');
