// Every unit test gets a fresh in-memory IndexedDB.
import 'fake-indexeddb/auto';

// happy-dom lacks parts of the native <dialog> (showModal focus, Escape -> cancel); files that run
// in the node environment have no DOM to fill.
if (typeof HTMLDialogElement !== 'undefined') await import('./dialog-polyfill');

// findBy*/waitFor wait for the state a test expects; a loaded machine (CI shares two cores with a
// server, a database and browsers) can take more than testing-library's default second to get there.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
