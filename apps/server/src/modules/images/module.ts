import type { RouteRegistration, SharedDeps } from '../../kernel/module-context.js';
import { checkImage, createImages } from './images.js';
import { imageRoutes } from './routes.js';

/** Uploaded product images, stored in the database and served by their hash; the catalog checks and stores them. */
export function imagesModule({ db }: SharedDeps) {
  const images = createImages();
  const routes: RouteRegistration = (api) => imageRoutes(api, { db, images });
  return { productImages: { check: checkImage, store: images.store }, routes };
}
