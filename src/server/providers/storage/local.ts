import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey, keyOfUrl, type ObjectBody, type ObjectFolder, type StoredObject } from './stored-object.ts';

const contentTypes: Record<string, string> = { '.webp': 'image/webp' };

/** The content type a stored file is served with, from its extension (the key's own). */
export const contentTypeOf = (key: string) => contentTypes[path.extname(key)] ?? 'application/octet-stream';

/** Images as files in one folder of the data folder (`<dataDir>/<folder>/<key>`), served at `urlPrefix + key`. */
export function createFolderStorage(dataDir: string, spec: ObjectFolder) {
  const folder = path.resolve(dataDir, spec.folder);
  const fileOf = (key: string) => path.join(folder, checkedKey(spec, key));
  return {
    kind: 'local' as const,
    folder,
    async put(key: string, body: ObjectBody, contentType: string) {
      const file = fileOf(key);
      if (contentTypeOf(key) !== contentType) throw new Error(`Unexpected content type ${contentType}`);
      await mkdir(folder, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(partial, body);
        else await pipeline(body, createWriteStream(partial));
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      await rename(partial, file);
      return `${spec.urlPrefix}${key}`;
    },
    async get(key: string): Promise<StoredObject | null> {
      const handle = await open(fileOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        // The stream closes the file once read (or destroyed by a client going away).
        return { body: handle.createReadStream(), contentType: contentTypeOf(key), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
    keyOf: (url: string) => keyOfUrl(spec, url),
  };
}
