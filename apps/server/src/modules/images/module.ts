import type { RouteRegistration, SharedDeps } from '../../app/context.js';
import { createImages, type Images } from './images.js';
import { imageRoutes } from './routes.js';

/** Uploaded product images, stored in the database and served by their hash. */
export function imagesModule({ db }: SharedDeps): { images: Images; routes: RouteRegistration } {
  const images = createImages();
  return { images, routes: (api) => imageRoutes(api, { db, images }) };
}
