// Every unit test gets a fresh in-memory IndexedDB.
import 'fake-indexeddb/auto';
// happy-dom lacks parts of the native <dialog> (showModal focus, Escape -> cancel).
import './dialog-polyfill';
