import crypto from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Where a message belongs: bound into its ciphertext, so a row moved to another user or conversation does not open. */
export type MessagePlace = { userId: string; conversationId: string; messageId: string };

const associatedData = (place: MessagePlace) =>
  Buffer.from(`wallx-companion:v1:${place.userId}:${place.conversationId}:${place.messageId}`);

/**
 * AES-256-GCM under COMPANION_DATA_KEY (decision 155): a random 96-bit nonce per message (a key
 * seals far fewer than the 2^32 messages a random nonce is safe for), stored as nonce ‖ ciphertext ‖ tag.
 */
export function createMessageCipher(key: Buffer) {
  if (key.length !== 32) throw new Error('the companion data key must be 32 bytes');
  return {
    seal(text: string, place: MessagePlace): Buffer {
      const nonce = crypto.randomBytes(NONCE_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(associatedData(place));
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, sealed, cipher.getAuthTag()]);
    },
    /** Throws when the body was altered, sealed under another key, or belongs elsewhere. */
    open(body: Uint8Array, place: MessagePlace): string {
      const bytes = Buffer.from(body);
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(associatedData(place));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
export type MessageCipher = ReturnType<typeof createMessageCipher>;
