import type { ProductImageType } from '@wallx/shared';
import type { Asset } from '@wallx/shared';
import type { Db, Executor } from '../../platform/db/database.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { CatalogRepository } from './operator-repository.js';

type ProductImage = { type: ProductImageType; bytes: Buffer };

export type CatalogDeps = {
  db: Db;
  catalog: CatalogRepository;
  miners: CatalogMiners;
  users: UserRepository;
  images: ProductImages;
};

/**
 * What the catalog needs of the images module: app.ts hands it in, as modules import no other module.
 * `check` refuses a file that is not the image it claims to be; `store` keeps it and answers its URL.
 */
export type ProductImages = {
  check(contentType: string | undefined, bytes: Buffer | undefined): ProductImage;
  store(trx: Executor, image: ProductImage): Promise<string>;
};

/** What a grant does to the miners module's stock and orders (app wiring hands its repository in). */
export type CatalogMiners = {
  takeStock(ex: Executor, productId: string, quantity: number): Promise<void>;
  insertOrders(
    ex: Executor,
    order: {
      userId: string;
      productId: string;
      purchaseId: string;
      payAsset: Asset | null;
      price: string | null;
      gift: boolean;
      quantity: number;
    },
  ): Promise<string[]>;
};
