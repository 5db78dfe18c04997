import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { imageExtensions, type Images } from './images.js';

type Deps = { db: Db; images: Images };

const fileSchema = z.object({
  file: z
    .string()
    .max(69)
    .regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'must be <sha256>.png, .jpg or .webp'),
});

/** Uploaded images, public: a content-hashed URL never changes meaning, so browsers keep it a year. */
export async function imageRoutes(app: FastifyInstance, { db, images }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/images/:file',
    {
      config: { errors: ['image_not_found'], public: true },
      schema: {
        tags: ['images'],
        summary: 'An uploaded image (catalog pictures)',
        params: fileSchema,
        // Documents the bytes the handler sends: a Buffer is sent as it is, never serialized.
        response: {
          200: {
            description: 'The image as uploaded, of the type its extension names',
            // Binary content is its media type and any bytes (OpenAPI 3.1; format: binary was 3.0's way).
            content: Object.fromEntries(Object.keys(imageExtensions).map((type) => [type, { schema: z.unknown() }])),
          },
        },
      },
    },
    async (request, reply) => {
      const [sha256, extension] = request.params.file.split('.') as [string, string];
      const image = await images.find(db, sha256);
      if (!image || imageExtensions[image.content_type] !== extension)
        throw new AppError('image_not_found', { field: 'file' });
      return reply
        .header('content-type', image.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}
