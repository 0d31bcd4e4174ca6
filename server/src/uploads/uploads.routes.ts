import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { PICTURE_FOLDER_NAMES, pictureFolder } from './picture-upload.js';

/**
 * Serves uploaded pictures read-only (company logos also show on the sign-in page of
 * white-label sites); file names are random, so they are safe to cache.
 */
export function uploadsRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const name of PICTURE_FOLDER_NAMES) {
    const { directory, urlPrefix } = pictureFolder(deps.config.DATA_DIR, name);
    void app.register(fastifyStatic, {
      root: directory,
      prefix: urlPrefix,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '30d',
      immutable: true,
    });
  }
}
