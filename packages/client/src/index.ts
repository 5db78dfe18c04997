// What the app (apps/web) and the console (apps/admin) share of their plumbing; each keeps a thin
// adapter for its own session, catalog and API paths.
export {
  createApiClientCore,
  type ApiClientCore,
  type ApiClientCoreOptions,
  type Authorization,
  type RequestOptions,
} from './api-client';
export { getPage, pagedQueryOptions, rowsOf } from './paged-query';
export {
  browserStorage,
  createStore,
  storageSlot,
  useStore,
  type SetOptions,
  type StorageSlot,
  type Store,
  type WritableStore,
} from './store';
export { useForm, type ErrorTiming, type FormErrors, type FormOptions, type Problem, type Problems } from './use-form';
