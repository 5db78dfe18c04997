import crypto from 'node:crypto';
import type { ProductImageType } from '@wallx/shared';
import { productImageTypes } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';

/** The first bytes every file of the type starts with: the declared type must be the real one. */
const signatures: Record<ProductImageType, (bytes: Buffer) => boolean> = {
  'image/png': (b) =>
    b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
};

export const imageExtensions: Record<ProductImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Where an image is served: its content's hash names it, so the URL can be cached for ever. */
export const imagePath = (sha256: string, type: ProductImageType) => `/api/images/${sha256}.${imageExtensions[type]}`;

/** 'image/PNG; charset=x' → 'image/png'; an unknown or missing type → null. */
export function declaredImageType(contentType: string | undefined): ProductImageType | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return (productImageTypes as readonly string[]).includes(type) ? (type as ProductImageType) : null;
}

/** Refuses a file whose bytes are not the declared type (an HTML page named .png, a GIF sent as JPEG). */
export function checkImage(
  contentType: string | undefined,
  bytes: Buffer | undefined,
): { type: ProductImageType; bytes: Buffer } {
  const type = declaredImageType(contentType);
  if (!type) throw new AppError('image_type_unsupported', { field: 'image' });
  if (!bytes || !signatures[type](bytes))
    throw new AppError('image_content_mismatch', {
      field: 'image',
      params: { type: imageExtensions[type].toUpperCase() },
    });
  return { type, bytes };
}

/** Images in the database, so every server instance serves every upload. */
export function createImages() {
  return {
    /** Stores the bytes (once: a second upload of the same file finds them) and answers their path. */
    async store(db: Executor, image: { type: ProductImageType; bytes: Buffer }): Promise<string> {
      const sha256 = crypto.createHash('sha256').update(image.bytes).digest('hex');
      await db
        .insertInto('images')
        .values({ sha256, content_type: image.type, bytes: image.bytes, size: image.bytes.length })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      return imagePath(sha256, image.type);
    },

    async find(db: Executor, sha256: string): Promise<{ content_type: ProductImageType; bytes: Buffer } | undefined> {
      return db.selectFrom('images').select(['content_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
    },
  };
}
export type Images = ReturnType<typeof createImages>;
