import crypto from 'node:crypto';

/**
 * Pool passwords and API keys at rest: AES-256-GCM under a key derived from REMOTE_JUDGE_KEY (or
 * the one generated into DATA_DIR), stored as `v1:<iv>:<tag>:<ciphertext>` in base64. A database
 * dump alone does not reveal them; a changed key makes them unreadable (the admin re-enters them).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** null when the value was sealed under another key or is damaged. */
  open(sealed: string): string | null;
}

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = crypto.createHash('sha256').update('verdict-remote-judge\0' + keyMaterial).digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ct.toString('base64')].join(':');
    },
    open(sealed) {
      const [v, iv, tag, ct] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
