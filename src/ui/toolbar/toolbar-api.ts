/**
 * SHIM, to be removed by the integrator: moved to src/widgets/toolbar/ (it fetches or writes, so
 * it is a widget, not ui). Kept only so files of other branches that still import this path
 * typecheck until they import `@/widgets/toolbar/...` instead.
 */
export { markExportWaiting, postSavedFilter, saveColumnWidth } from '@/widgets/toolbar/toolbar-api';
